"""What runs on a Ray worker: check one partition with a `Checker` built once per process."""

from __future__ import annotations

import os
import socket
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from citecheck.batch.inputs import Partition, citations_of


@dataclass(frozen=True)
class BatchSpec:
    """What a worker needs to build the checker ``check`` would (paths valid on every node)."""

    index: str | None
    offline: bool
    sources: tuple[str, ...] | None = None
    thresholds: str | None = None
    use_cache: bool = True
    concurrency: int = 16


_CHECKERS: dict[BatchSpec, Any] = {}


def _checker(spec: BatchSpec, budget: Any) -> Any:
    checker = _CHECKERS.get(spec)
    if checker is not None:
        return checker
    from citecheck.checker import Checker, CheckOptions
    from citecheck.sources.config import load_config
    from citecheck.sources.registry import build_sources

    if budget is not None:
        from citecheck.batch.budget import install

        install(budget)
    live = build_sources(list(spec.sources) if spec.sources else None, config=load_config(),
                         offline=spec.offline, use_cache=spec.use_cache)
    checker = Checker(index=spec.index, sources=live, offline=spec.offline,
                      thresholds=spec.thresholds, options=CheckOptions(concurrency=spec.concurrency))
    _CHECKERS[spec] = checker
    return checker


def check_partition(spec: BatchSpec, part: Partition, text: str | None, budget: Any) -> dict[str, Any]:
    """Verdict lines (``check --format jsonl``'s) for one partition, in input order."""
    from citecheck.report.jsonout import verdict_line

    started = time.perf_counter()
    checker = _checker(spec, budget)  # first: it installs the shared rate budget a paper's download uses
    citations = citations_of(part, text)
    verdicts = checker.check_citations(citations)
    return {
        "pid": part.pid,
        "lines": [verdict_line(v) for v in verdicts],
        "labels": dict(Counter(v.label.value for v in verdicts)),
        **({"paper": part.docs[0]} if part.kind == "paper" else {}),
        "seconds": time.perf_counter() - started,
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }
