"""Fit τ_M ≤ τ_E on the benchmark's validation split (never on test).

The checker runs once; every (τ_M, τ_E) pair on a 0.1 grid over 0..10 re-labels the
score-decided verdicts (reviewer, not-found and abstention verdicts are fixed). The pair with
the highest macro-F1 wins; ties go to fewer false accusations (faithful → MAJOR), then to the
pair farthest from the nearest validation score (τ_M first, then τ_E), so the choice sits in
the middle of a gap rather than on an edge the test split may cross.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citecheck.bench.metrics import classification
from citecheck.decide import Thresholds


@dataclass(frozen=True)
class _Row:
    gold: str
    pred: str  # fixed prediction (used when not score-decided)
    score: float | None
    has_major: bool  # a major discrepancy: never EXACT
    demoted: bool  # the checker turned EXACT into MINOR after deciding


def _rows(rows: Sequence[dict[str, Any]]) -> list[_Row]:
    out = []
    for r in rows:
        scored = r.get("decided_by") == "score" and r.get("score") is not None
        out.append(_Row(
            gold=r["gold"], pred=r["pred"], score=float(r["score"]) if scored else None,
            has_major=any(d.get("severity") == "major" for d in r.get("_disc", [])),
            demoted=bool(r.get("demoted")),
        ))
    return out


def _label(row: _Row, tm: float, te: float) -> str:
    """Same rule as `citecheck.decide.decide` plus the checker's post-decision demotion."""
    if row.score is None:
        return row.pred
    if row.score >= te:
        return "MINOR" if row.has_major or row.demoted else "EXACT"
    return "MINOR" if row.score >= tm else "MAJOR"


def _margin(scores: Sequence[float], tau: float) -> float:
    return min((abs(s - tau) for s in scores), default=0.0)


def fit_thresholds(rows: Sequence[dict[str, Any]], *, step: float = 0.1,
                   source: str = "citecheck calibrate") -> tuple[Thresholds, dict[str, Any]]:
    """Best thresholds for these prediction rows (from `run.run_checker`) and their metrics."""
    data = _rows(rows)
    if not data:
        raise ValueError("no validation rows to calibrate on")
    gold = [r.gold for r in data]
    scores = sorted({r.score for r in data if r.score is not None})
    steps = round(10 / step)
    grid = [round(i * step, 6) for i in range(steps + 1)]
    best: tuple[Any, ...] | None = None
    best_pair = (0.0, 0.0)
    best_metrics: dict[str, Any] = {}
    for i, tm in enumerate(grid):
        for te in grid[i:]:
            pred = [_label(r, tm, te) for r in data]
            m = classification(gold, pred)
            key = (round(m["macro_f1"], 12), -m["false_accusations"],
                   round(_margin(scores, tm), 9), round(_margin(scores, te), 9))
            if best is None or key > best:
                best, best_pair, best_metrics = key, (tm, te), m
    tm, te = best_pair
    metrics = {
        "n": best_metrics["n"],
        "accuracy": round(best_metrics["accuracy"], 4),
        "macro_f1": round(best_metrics["macro_f1"], 4),
        "false_accusation_rate": round(best_metrics["false_accusation_rate"], 4),
        "major_recall": round(best_metrics["major_recall"], 4),
        "unverified": best_metrics["unverified"],
    }
    return Thresholds(exact=te, minor=tm, source=source, metrics=metrics), best_metrics
