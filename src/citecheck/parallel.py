"""Offline checking on several cores: chunks of citations over worker processes.

Offline only. Live sources' rate limits and connection pools live in one process, so N
workers would send N times the published rate; offline, every lookup is a local SQLite probe
and the work is CPU-bound parsing, searching and comparing, which one Python process runs on
one core. Each worker builds its own `Checker` (SQLite handles must not cross a fork).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from citecheck.model import Citation, Label, Verdict

__all__ = ["Reported", "WorkerSpec", "auto_workers", "check_in_processes", "report_in_processes"]

_T = TypeVar("_T")

# Below this many citations per worker, starting workers costs more than it saves.
MIN_PER_WORKER = 100
CHUNK = 20


@dataclass(frozen=True)
class WorkerSpec:
    """What a worker needs to build the same checker as the parent would."""

    index: Path | None
    thresholds: Path | None
    sources: tuple[str, ...] | None
    use_cache: bool
    concurrency: int


def auto_workers(requested: int, offline: bool, citations: int) -> int:
    """Worker processes to use: `requested` if > 0, else one per available core as long as
    each gets MIN_PER_WORKER citations; always 1 when online."""
    if not offline:
        return 1
    if requested > 0:
        return requested
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, citations // MIN_PER_WORKER))


_CHECKER = None
#: the batch, set by the parent before the workers fork: a worker reads its chunk from the memory it
#: inherited, so only (start, stop) pairs cross the pipe (pickling 1,000 citations cost the parent
#: ~50 ms and each worker as much again to unpickle); None under "spawn", where chunks are sent
_BATCH: Sequence[Citation] | None = None


def _init(spec: WorkerSpec) -> None:
    from citecheck.checker import Checker, CheckOptions
    from citecheck.runctl import quiet_worker_signals
    from citecheck.sources.config import load_config
    from citecheck.sources.registry import build_sources

    quiet_worker_signals()  # the parent handles Ctrl-C / SIGTERM and ends the pool
    global _CHECKER
    live = build_sources(
        list(spec.sources) if spec.sources else None,
        config=load_config(), offline=True, use_cache=spec.use_cache,
    )
    _CHECKER = Checker(
        index=spec.index, sources=live, offline=True, thresholds=spec.thresholds,
        options=CheckOptions(concurrency=spec.concurrency),
    )


def _check_chunk(chunk: list[Citation] | tuple[int, int]) -> list[Verdict]:
    assert _CHECKER is not None, "worker not initialised"
    if isinstance(chunk, tuple):  # a slice of the batch this worker inherited
        assert _BATCH is not None, "no inherited batch"
        chunk = list(_BATCH[chunk[0] : chunk[1]])
    return _CHECKER.check_citations(chunk)


#: read by the parent before the workers fork, so that every worker inherits the loaded word
#: list, labeller model, journal tables and compiled patterns instead of loading its own
_WARM_TEXTS = (
    "Smith J A, Jones B C and Brown D 2012 Nature 489 282",
    "A. Einstein, B. Podolsky, N. Rosen, Phys .Rev .47 ,777 (1935) ,doi :10.1103/PhysRev.47.777",
    "Doe, J. (2019). A study of quantum criticality in heavy-fermion metals. Journal of Things, 3(2), 1-10.",
)


def warm_up(citations: Sequence[Citation] = ()) -> None:
    """Load what parsing loads on first use (in the parent, before forking workers) — unless
    ``citations`` are all structured entries (BibTeX, CSL), which never load the free-text reader."""
    from citecheck.extract import free_text

    if citations and not any(c.pending is not None or free_text(c) for c in citations):
        return
    from citecheck.reading import read_reference

    for text in _WARM_TEXTS:
        read_reference(text)


def _repeats_together(citations: Sequence[Citation]) -> list[Citation]:
    """The citations in input order, except that an entry repeated later in the batch (the same
    text) follows its first occurrence: repeats then go to the same worker, whose caches (the
    parse of the text, its index lookups) answer them again."""
    first: dict[str, int] = {}
    for i, cit in enumerate(citations):
        first.setdefault(cit.raw, i)
    return sorted(citations, key=lambda c: first[c.raw])  # stable: input order within a group


@dataclass(frozen=True, slots=True)
class Reported:
    """A verdict as a worker reports it to a parent that streams a format: the report's line, rendered
    in the worker, and what the exit status needs. The verdict itself does not cross the pipe: its
    unpickling was most of the parent's work while the workers check (0.2 s of CPU per 1,000, taken
    from the workers' two cores), and a parent that kept every verdict grew with the batch."""

    line: str
    label: Label
    retracted: bool


def _report_chunk(line: Callable[[Verdict], str], chunk: list[Citation] | tuple[int, int]) -> list[Reported]:
    return [Reported(line(v), v.label, bool(v.retracted)) for v in _check_chunk(chunk)]


def check_in_processes(
    citations: Sequence[Citation], spec: WorkerSpec, workers: int, chunk: int = CHUNK
) -> Generator[Verdict, None, None]:
    """Verdicts for all citations, a chunk at a time as workers finish (completion order)."""
    yield from _pooled(citations, spec, workers, chunk, _check_chunk)


def report_in_processes(
    citations: Sequence[Citation], spec: WorkerSpec, workers: int, line: Callable[[Verdict], str],
    chunk: int = CHUNK,
) -> Generator[Reported, None, None]:
    """Each citation's line of a streaming format (``line`` renders one verdict: a module-level
    function or a format's bound method, which pickle), as workers finish chunks."""
    yield from _pooled(citations, spec, workers, chunk, partial(_report_chunk, line))


def _pooled(citations: Sequence[Citation], spec: WorkerSpec, workers: int, chunk: int,
            task: Callable[[list[Citation] | tuple[int, int]], list[_T]]) -> Generator[_T, None, None]:
    """``task``'s results for every chunk of the batch, from a pool of ``workers`` processes."""
    global _BATCH
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    from citecheck.reading import read_entries

    ordered = _repeats_together(read_entries(citations, defer=True))  # a list is read whole, in order
    bounds = [(i, min(i + chunk, len(ordered))) for i in range(0, len(ordered), chunk)]
    chunks: list[list[Citation] | tuple[int, int]]
    if method == "fork":
        warm_up(ordered)
        _BATCH, chunks = ordered, list(bounds)
        gc.freeze()  # what the workers inherit is never traced again: no copy-on-write by the GC
    else:
        chunks = [ordered[a:b] for a, b in bounds]
    try:
        with ctx.Pool(workers, initializer=_init, initargs=(spec,)) as pool:
            for results in pool.imap_unordered(task, chunks):
                yield from results
    finally:
        _BATCH = None
