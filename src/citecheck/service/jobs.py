"""Background checks for large batches: ``POST /v1/jobs`` starts one, ``GET`` polls it.

Jobs are indexed in memory (a restart forgets them), at most ``max_jobs`` at once (the oldest
finished ones are dropped first, and any finished one after ``ttl``), at most ``max_unfinished``
queued or running (each holds its citations and verdicts in memory) and ``max_running`` checking
at once. A finished job's reports are rendered once, off the event loop, and kept compressed on
disk (`FinishedReports`), within ``max_stored_bytes`` all together: memory holds only each job's
counts. A poll of a finished job is answered with the stored bytes as they are (gzip). Ids are random and unguessable: knowing the id is what lets a client read the job.

A job submitted with ``claims`` (``claims=true``) gives each verdict its citing sentences as it
is decided, and keeps the documents' findings with its reports, for every format.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import secrets
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from citecheck.model import Citation, DocumentFinding, Verdict
from citecheck.report.jsonout import render_json
from citecheck.report.summary import label_counts
from citecheck.service.inputs import DocumentClaims

Status = Literal["queued", "running", "done", "failed"]
Runner = Callable[[list[Citation]], AsyncIterator[Verdict]]


@dataclass
class Job:
    id: str
    total: int
    status: Status = "queued"
    verdicts: list[Verdict] = field(default_factory=list)  # while it runs; stored when done
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    finished: float | None = None
    started_at: float | None = None
    task: asyncio.Task[None] | None = None
    done: int = 0
    labels: dict[str, int] | None = None  # fixed when finished
    stored_bytes: int = 0
    claims: DocumentClaims | None = None  # claims=true: until stored

    @property
    def seconds(self) -> float | None:
        if self.started_at is None:
            return None
        return (self.finished or time.monotonic()) - self.started_at

    def in_order(self) -> list[Verdict]:
        return sorted(self.verdicts, key=lambda v: v.citation.provenance.index)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "total": self.total,
                "done": self.done if self.finished else len(self.verdicts),
                "labels": self.labels if self.labels is not None else label_counts(self.verdicts),
                "error": self.error, "seconds": None if self.seconds is None else round(self.seconds, 3)}


class FinishedReports:
    """Finished jobs' answers, gzip-compressed, in an SQLite file in a private temporary folder
    (mode 0700) removed at `close`: the poll answer (state and JSON report), the JSON report
    alone, and the verdicts and the documents' findings (NULL: claims not asked; for the other
    report formats). Each is compressed once, when the job finishes, and can be sent as it is
    stored (``Content-Encoding: gzip``)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="citecheck-jobs-"))
        self._db = sqlite3.connect(self.folder / "jobs.sqlite", check_same_thread=False)
        self._db.execute("PRAGMA synchronous = OFF")  # a cache of this process: no fsync
        self._db.execute("PRAGMA journal_mode = MEMORY")
        self._db.execute("CREATE TABLE jobs (id TEXT PRIMARY KEY, status BLOB, document BLOB, "
                         "verdicts BLOB, findings BLOB)")
        self._lock = threading.Lock()

    def put(self, state: dict[str, Any], verdicts: list[Verdict], seconds: float | None,
            findings: list[DocumentFinding] | None = None) -> int:
        """Render and store a finished job's answers (``state``: its final `Job.to_json`;
        ``findings``: the documents', None when claims were not asked); the bytes stored."""
        document = render_json(verdicts, seconds, findings=findings).encode()
        status = b"".join((json.dumps(state).encode()[:-1], b', "result": ', document, b"}"))
        lines = "\n".join(v.model_dump_json() for v in verdicts).encode()
        found = None if findings is None else "\n".join(f.model_dump_json() for f in findings).encode()
        row: list[bytes | None] = [gzip.compress(blob, 6, mtime=0) for blob in (status, document, lines)]
        row.append(None if found is None else gzip.compress(found, 6, mtime=0))
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO jobs VALUES (?, ?, ?, ?, ?)", (state["id"], *row))
            self._db.commit()
        return sum(len(blob) for blob in row if blob is not None)

    def gzipped(self, job_id: str, column: Literal["status", "document", "verdicts", "findings"]) -> bytes | None:
        """A stored answer, still compressed (gzip)."""
        with self._lock:
            row = self._db.execute(f"SELECT {column} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None or row[0] is None else bytes(row[0])

    def verdicts(self, job_id: str) -> list[Verdict] | None:
        blob = self.gzipped(job_id, "verdicts")
        if blob is None:
            return None
        return [Verdict.model_validate_json(line) for line in gzip.decompress(blob).split(b"\n") if line]

    def findings(self, job_id: str) -> list[DocumentFinding] | None:
        """The documents' findings (None: claims were not asked, or no such job)."""
        blob = self.gzipped(job_id, "findings")
        if blob is None:
            return None
        return [DocumentFinding.model_validate_json(line) for line in gzip.decompress(blob).split(b"\n") if line]

    def drop(self, job_id: str) -> None:
        with self._lock, contextlib.suppress(sqlite3.ProgrammingError):  # closed: nothing to drop
            self._db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))
            self._db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()
        shutil.rmtree(self.folder, ignore_errors=True)


class JobStore:
    def __init__(self, runner: Runner, max_jobs: int, max_running: int, ttl: float,
                 timeout: float, max_unfinished: int = 16,
                 max_stored_bytes: int = 512 * 1024 * 1024) -> None:
        self.runner = runner
        self.max_jobs = max_jobs
        self.max_unfinished = max_unfinished
        self.max_stored_bytes = max_stored_bytes
        self.ttl = ttl
        self.timeout = timeout
        self._jobs: dict[str, Job] = {}
        self._slots = asyncio.Semaphore(max_running)
        self._reports: FinishedReports | None = None

    @property
    def reports(self) -> FinishedReports:
        if self._reports is None:
            self._reports = FinishedReports()
        return self._reports

    @property
    def stored_bytes(self) -> int:
        return sum(j.stored_bytes for j in self._jobs.values())

    def get(self, job_id: str) -> Job | None:
        self._expire()
        return self._jobs.get(job_id)

    def submit(self, citations: list[Citation], claims: DocumentClaims | None = None) -> Job | None:
        """A new job (``claims``: what linking the documents found, attached to the verdicts), or
        None when too many are unfinished."""
        self._expire()
        unfinished = [j for j in self._jobs.values() if j.finished is None]
        if len(unfinished) >= min(self.max_unfinished, self.max_jobs):
            return None
        if len(self._jobs) >= self.max_jobs:
            self._drop_oldest_finished()
        job = Job(id=secrets.token_urlsafe(16), total=len(citations), claims=claims)
        self._jobs[job.id] = job
        job.task = asyncio.create_task(self._run(job, citations))
        return job

    async def _run(self, job: Job, citations: list[Citation]) -> None:
        async with self._slots:
            job.status = "running"
            job.started_at = time.monotonic()
            try:
                async with asyncio.timeout(self.timeout):
                    async for verdict in self.runner(citations):
                        job.verdicts.append(verdict if job.claims is None else await job.claims.attach(verdict))
                del citations[:]  # the verdicts hold what is still needed
                await self._store(job)
            except TimeoutError:
                job.status, job.error = "failed", f"timed out after {self.timeout:.0f} s"
            except Exception as exc:  # a failed job reports why; the service goes on
                job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"
            finally:
                if job.finished is None:
                    job.done, job.labels = len(job.verdicts), label_counts(job.verdicts)
                    job.finished = time.monotonic()
                job.verdicts, job.claims = [], None
        while self.stored_bytes > self.max_stored_bytes and self._drop_oldest_finished(keep=job.id):
            pass

    async def _store(self, job: Job) -> None:
        """Render, compress and store the finished job (in a thread), then mark it done: a poll
        never sees "done" without its report."""
        verdicts = job.in_order()
        done = Job(id=job.id, total=job.total, status="done", started_at=job.started_at,
                   finished=time.monotonic(), done=len(verdicts), labels=label_counts(verdicts))
        findings = None if job.claims is None else job.claims.findings
        job.stored_bytes = await asyncio.to_thread(self.reports.put, done.to_json(), verdicts, done.seconds,
                                                   findings)
        job.done, job.labels, job.finished, job.status = done.done, done.labels, done.finished, "done"

    def gzipped(self, job: Job, what: Literal["status", "document"]) -> bytes | None:
        """A done job's poll answer (``status``) or JSON report (``document``), gzip-compressed
        as stored: send it with ``Content-Encoding: gzip``, or decompress it (in a thread)."""
        return self.reports.gzipped(job.id, what) if job.status == "done" else None

    def verdicts(self, job: Job) -> list[Verdict]:
        """A finished job's verdicts, in input order (read back from disk: call it in a thread)."""
        return self.reports.verdicts(job.id) or []

    def finished_report(self, job: Job) -> tuple[list[Verdict], list[DocumentFinding] | None]:
        """A finished job's verdicts and its documents' findings (None: claims not asked), what
        any report format is rendered from (read back from disk: call it in a thread)."""
        return self.verdicts(job), self.reports.findings(job.id)

    def _drop_oldest_finished(self, keep: str | None = None) -> bool:
        finished = sorted((j for j in self._jobs.values() if j.finished is not None and j.id != keep),
                          key=lambda j: j.finished or 0.0)
        if not finished:
            return False
        self._forget(finished[0])
        return True

    def _forget(self, job: Job) -> None:
        del self._jobs[job.id]
        if job.stored_bytes and self._reports is not None:  # off the event loop
            asyncio.get_running_loop().run_in_executor(None, self._reports.drop, job.id)

    def _expire(self) -> None:
        now = time.monotonic()
        for job in [j for j in self._jobs.values()
                    if j.finished is not None and now - j.finished > self.ttl]:
            self._forget(job)

    async def aclose(self) -> None:
        for job in self._jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
        if self._reports is not None:
            self._reports.close()
            self._reports = None
