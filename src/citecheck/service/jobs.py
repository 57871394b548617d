"""Background checks for large batches: ``POST /v1/jobs`` starts one, ``GET`` polls it.

Jobs live in memory (a restart forgets them), at most ``max_jobs`` at once (the oldest finished
ones are dropped first, and any finished one after ``ttl``), at most ``max_running`` checking at
once. Ids are random and unguessable: knowing the id is what lets a client read the job.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from citecheck.model import Citation, Verdict
from citecheck.report.summary import label_counts

Status = Literal["queued", "running", "done", "failed"]
Runner = Callable[[list[Citation]], AsyncIterator[Verdict]]


@dataclass
class Job:
    id: str
    total: int
    status: Status = "queued"
    verdicts: list[Verdict] = field(default_factory=list)
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    finished: float | None = None
    started_at: float | None = None
    task: asyncio.Task[None] | None = None

    @property
    def seconds(self) -> float | None:
        if self.started_at is None:
            return None
        return (self.finished or time.monotonic()) - self.started_at

    def in_order(self) -> list[Verdict]:
        return sorted(self.verdicts, key=lambda v: v.citation.provenance.index)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "total": self.total, "done": len(self.verdicts),
                "labels": label_counts(self.verdicts), "error": self.error,
                "seconds": None if self.seconds is None else round(self.seconds, 3)}


class JobStore:
    def __init__(self, runner: Runner, max_jobs: int, max_running: int, ttl: float,
                 timeout: float) -> None:
        self.runner = runner
        self.max_jobs = max_jobs
        self.ttl = ttl
        self.timeout = timeout
        self._jobs: dict[str, Job] = {}
        self._slots = asyncio.Semaphore(max_running)

    def get(self, job_id: str) -> Job | None:
        self._expire()
        return self._jobs.get(job_id)

    def submit(self, citations: list[Citation]) -> Job | None:
        """A new job, or None when the store is full of unfinished jobs."""
        self._expire()
        if len(self._jobs) >= self.max_jobs:
            finished = sorted((j for j in self._jobs.values() if j.finished is not None),
                              key=lambda j: j.finished or 0.0)
            if not finished:
                return None
            del self._jobs[finished[0].id]
        job = Job(id=secrets.token_urlsafe(16), total=len(citations))
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
                        job.verdicts.append(verdict)
                job.status = "done"
            except TimeoutError:
                job.status, job.error = "failed", f"timed out after {self.timeout:.0f} s"
            except Exception as exc:  # a failed job reports why; the service goes on
                job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"
            finally:
                job.finished = time.monotonic()

    def _expire(self) -> None:
        now = time.monotonic()
        for job_id in [j.id for j in self._jobs.values()
                       if j.finished is not None and now - j.finished > self.ttl]:
            del self._jobs[job_id]

    async def aclose(self) -> None:
        for job in self._jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
