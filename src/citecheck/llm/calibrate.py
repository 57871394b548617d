"""`citecheck calibrate --judge llm`: the model's own τ_E/τ_M, fitted on a validation split.

Simple by design: the pipeline runs with the rules; for every citation it decided by score, the
model judges the chosen candidate and its raw 0–10 score replaces the comparator's in the rows
that `bench.calibrate.fit_thresholds` fits (reviewer / not-found verdicts keep their labels).
The fitted pair is what `--llm-thresholds` loads; `combine` maps model scores through it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from citecheck.bench.calibrate import fit_thresholds
from citecheck.bench.dataset import BenchItem
from citecheck.checker import Checker
from citecheck.decide import Thresholds
from citecheck.llm import roles
from citecheck.llm.base import Model, ModelError
from citecheck.model import Verdict


async def _row(model: Model, item: BenchItem, verdict: Verdict) -> dict[str, Any]:
    row: dict[str, Any] = {"gold": item.label, "pred": verdict.label.value,
                           "decided_by": verdict.decided_by, "score": None, "_disc": []}
    if verdict.decided_by != "score" or verdict.match is None:
        return row
    try:
        answer = await roles.judge(model, verdict.citation, verdict.citation.fields, verdict.match)
    except ModelError:
        row["decided_by"] = "model_failed"  # keeps the rules' label, out of the fit
        return row
    row["score"] = answer.score
    row["_disc"] = [{"severity": d.severity} for d in verdict.discrepancies]
    return row


async def model_rows(items: Sequence[BenchItem], model: Model,
                     index: str | Path | None) -> list[dict[str, Any]]:
    checker = Checker(index=index, offline=True, sources=[])
    verdicts = await checker.acheck_citations([it.to_citation() for it in items])
    by_id = {v.citation.id: v for v in verdicts}
    return list(await asyncio.gather(*(_row(model, it, by_id[it.id]) for it in items
                                       if it.id in by_id)))


def calibrate_model(items: Sequence[BenchItem], model: Model, index: str | Path | None,
                    source: str) -> tuple[Thresholds, dict[str, Any]]:
    async def run() -> list[dict[str, Any]]:
        try:
            return await model_rows(items, model, index)
        finally:
            await model.aclose()

    rows = asyncio.run(run())
    return fit_thresholds(rows, source=f"{source}; model {model.name}")


__all__ = ["calibrate_model", "model_rows"]
