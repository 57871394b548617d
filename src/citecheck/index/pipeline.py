"""The build's feed: input files → ordered steps for the one writer, prepared in parallel.

Each file becomes a stream of steps: chunks of entries to prepare (`rows.prepare_lines` on a
chunk of raw JSON lines, `rows.prepare_items` on what a dump reader mapped), deletions the dump
marks, a read error, and the file's end. With ``jobs`` > 1 the chunks are prepared by a pool of
worker processes (JSON parsing, validation, keys: most of a build's CPU) while the writer
(`build`'s, one SQLite connection: a `Writer` here) consumes the results **in input order**, so a parallel
build assigns the same rids and resolves duplicates exactly as a serial one. At most a few
chunks per worker are in flight (bounded memory whatever the input's size).
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from citecheck.index.readers import Item, is_json_lines, iter_items, line_chunks
from citecheck.index.rows import Prepared, prepare_items, prepare_lines
from citecheck.index.stats import BuildStats

if TYPE_CHECKING:
    from citecheck.index.dumps.base import Deletion, DumpReader

CHUNK = 2000  # entries per prepared chunk (a worker task)
MAX_JOBS = 32


def resolve_jobs(jobs: int) -> int:
    """``jobs`` preparing processes; 0 means one per core (at most `MAX_JOBS`)."""
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (one per core) or more, not {jobs}")
    return jobs or max(1, min(MAX_JOBS, len(os.sched_getaffinity(0))
                              if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


def make_pool(jobs: int) -> ProcessPoolExecutor | None:
    """The preparing processes (None for ``jobs`` ≤ 1: everything in this process). A worker
    that dies (killed, out of memory) fails the build with `BrokenProcessPool` instead of
    hanging it. Forked workers never touch the writer's SQLite connection."""
    if jobs <= 1:
        return None
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)


@dataclass
class _Step:
    kind: str  # "rows", "delete", "error" or "end"
    name: str = ""
    result: list[Prepared] | Future[list[Prepared]] | None = None
    deletion: Deletion | None = None
    text: str = ""


Submit = Callable[..., Any]


class Writer(Protocol):
    """What the feed hands its steps to (the builder's one writer) and counts into."""

    stats: BuildStats

    def add(self, fields: tuple[Any, ...], location: str | Callable[[], str]) -> None: ...
    def add_all_new(self, rows: Sequence[tuple[Any, ...]]) -> bool: ...
    def delete(self, gone: Deletion) -> None: ...
    def apply_deletions(self) -> None: ...


def _item_steps(path: Path, reader: DumpReader | None, submit: Submit) -> Iterator[_Step]:
    from citecheck.index.dumps.base import Deletion

    entries = reader.entries(path) if reader is not None else iter_items(path)
    batch: list[Item] = []
    try:
        for entry in entries:
            if isinstance(entry, Deletion):  # every entry before it is written first
                if batch:
                    yield _Step("rows", str(path), submit(prepare_items, batch))
                    batch = []
                yield _Step("delete", deletion=entry)
                continue
            batch.append(entry)
            if len(batch) >= CHUNK:
                yield _Step("rows", str(path), submit(prepare_items, batch))
                batch = []
    except (OSError, UnicodeError, EOFError):  # what was read before it still counts
        if batch:
            yield _Step("rows", str(path), submit(prepare_items, batch))
        raise
    if batch:
        yield _Step("rows", str(path), submit(prepare_items, batch))


def _file_steps(path: Path, reader: DumpReader | None, submit: Submit) -> Iterator[_Step]:
    name = str(path)
    try:
        if (reader is None or reader.name == "csl") and is_json_lines(path):
            for first, lines in line_chunks(path, CHUNK):
                yield _Step("rows", name, submit(prepare_lines, name, first, lines))
        else:
            yield from _item_steps(path, reader, submit)
    except (OSError, UnicodeError, EOFError) as exc:  # unreadable / truncated gzip
        yield _Step("error", text=f"{path}: cannot read: {exc}")
    yield _Step("end", name)


@dataclass
class Feed:
    """Runs every file's steps through the writer, in order."""

    writer: Writer
    pool: ProcessPoolExecutor | None
    progress: Callable[[int], None] | None = None
    jobs: int = 1
    abstracts: bool = True  # keep the items' CSL abstracts (--claims reads them)
    _before: tuple[int, int, int, int] = (0, 0, 0, 0)
    _window: deque[_Step] = field(default_factory=deque)

    def _submit(self, fn: Callable[..., list[Prepared]], *args: Any) -> Any:
        if self.pool is None:
            return fn(*args, abstracts=self.abstracts)
        return self.pool.submit(fn, *args, abstracts=self.abstracts)

    def run(self, files: list[Path], reader: DumpReader | None) -> None:
        limit = 2 * self.jobs + 2  # chunks in flight: enough to keep every worker busy
        for path in files:
            for step in _file_steps(path, reader, self._submit):
                self._window.append(step)
                while len(self._window) > limit:
                    self._handle(self._window.popleft())
        while self._window:
            self._handle(self._window.popleft())

    def _handle(self, step: _Step) -> None:
        writer, stats = self.writer, self.writer.stats
        if step.kind == "rows":
            self._rows(step)
        elif step.kind == "delete":
            assert step.deletion is not None
            writer.delete(step.deletion)
        elif step.kind == "error":
            stats.skipped += 1
            stats.note(stats.errors, step.text)
        else:
            self._end(stats, step.name)

    def _rows(self, step: _Step) -> None:
        result = step.result
        prepared: list[Prepared] = result.result() if isinstance(result, Future) else result or []
        writer, stats = self.writer, self.writer.stats
        if writer.add_all_new([fields for _, fields, _ in prepared if fields is not None]):
            stats.read += len(prepared)
            for where, fields, error in prepared:
                if fields is None:
                    stats.skipped += 1
                    location = f"{step.name}:{where}" if isinstance(where, int) else where
                    stats.note(stats.errors, f"{location}: {error}")
            if self.progress is not None:
                self.progress(stats.read)
            return
        for where, fields, error in prepared:
            stats.read += 1
            location = f"{step.name}:{where}" if isinstance(where, int) else where
            if fields is None:
                stats.skipped += 1
                stats.note(stats.errors, f"{location}: {error}")
            else:
                writer.add(fields, location)
        if self.progress is not None:
            self.progress(stats.read)

    def _end(self, stats: BuildStats, name: str) -> None:
        self.writer.apply_deletions()
        stats.files.append(name)
        counts = (stats.read, stats.stored, stats.duplicates, stats.skipped)
        stats.per_file.append(
            {"file": name}
            | {k: now - was for k, now, was in zip(
                ("read", "stored", "duplicates", "skipped"), counts, self._before, strict=True)}
        )
        self._before = counts
