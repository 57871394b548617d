"""The model in the checker: the judge/reviewer hook and the parse-fallback hook.

`ModelJudge` is given every (candidate, assessment) pair of a citation, asks the model about the
ones its mode selects (the reviewer prompt where an identifier resolves to a work the text does
not describe) and returns the pairs with `combine`d assessments. `ModelParser` is the
`Checker(reparser=...)` hook: the model's reading of an entry, every value grounded in the text.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from citecheck.llm import roles
from citecheck.llm.base import Model, ModelError
from citecheck.llm.schemas import JudgeAnswer, ReviewAnswer
from citecheck.model import Assessment, Candidate, Citation, Record
from citecheck.verify.llm_judge import (
    Evidence,
    JudgeMode,
    Scales,
    combine,
    needs_model,
    select,
)

log = logging.getLogger(__name__)


class ModelJudge:
    """`Checker(judge=...)`: the model's judgement of the candidates, bounded by `combine`."""

    def __init__(self, model: Model, mode: JudgeMode = "hybrid", *, model_exact: float = 9.0,
                 model_minor: float = 5.0, max_judged: int = 3) -> None:
        self.model = model
        self.mode = mode
        self.model_exact = model_exact
        self.model_minor = model_minor
        self.max_judged = max_judged

    def scales(self, exact: float, minor: float) -> Scales:
        return Scales(exact, minor, self.model_exact, self.model_minor)

    async def __call__(
        self, citation: Citation, assessed: Sequence[tuple[Candidate, Assessment]],
        mismatched: Sequence[bool], exact: float, minor: float,
    ) -> list[tuple[Candidate, Assessment]]:
        scales = self.scales(exact, minor)
        reviewer = [bad and cand.matched_by in ("doi", "arxiv")
                    for (cand, _), bad in zip(assessed, mismatched, strict=True)]
        pool = [i for i, bad in enumerate(mismatched) if not bad] or list(range(len(assessed)))
        best = max(pool, key=lambda i: assessed[i][1].score, default=-1)
        asked = [needs_model(a, self.mode, scales, rev, best=i == best)
                 for i, ((_, a), rev) in enumerate(zip(assessed, reviewer, strict=True))]
        chosen = select([a.score for _, a in assessed], asked, self.max_judged)
        answers = await asyncio.gather(*(
            self._one(citation, assessed[i], mismatched[i], reviewer[i], scales) for i in chosen))
        out = list(assessed)
        for i, combined in zip(chosen, answers, strict=True):
            out[i] = (assessed[i][0], combined)
        return out

    async def _one(self, citation: Citation, pair: tuple[Candidate, Assessment], conflict: bool,
                   reviewer: bool, scales: Scales) -> Assessment:
        cand, rule = pair
        answer: JudgeAnswer
        try:
            if reviewer:
                answer = await roles.review(self.model, citation, citation.fields, cand.record)
            else:
                answer = await roles.judge(self.model, citation, citation.fields, cand.record)
        except ModelError as exc:
            log.info("%s: %s", citation.id, exc)
            return combine(rule, None, model=self.model.name, scales=scales, error=str(exc))
        found = {k: " ".join(map(str, v)) if isinstance(v, list) else str(v)
                 for k, v in roles.record_view(cand.record).items()}
        out = combine(rule, answer, model=self.model.name, scales=scales,
                      identity_conflict=conflict, evidence=Evidence(citation.raw, found))
        if isinstance(answer, ReviewAnswer):
            says = "describes" if answer.same_work else "does not describe"
            out.rationale += (f" Second judge ({self.model.name}): the text {says} the work the "
                              "identifier names; an identity conflict stands either way.")
        return out


class ModelParser:
    """`Checker(reparser=...)`: the model re-reads entries the rules read badly or not at all."""

    def __init__(self, model: Model) -> None:
        self.model = model

    async def __call__(self, citation: Citation) -> Record | None:
        try:
            record, dropped = await roles.parse(self.model, citation)
        except ModelError as exc:
            citation.parse_warnings.append(f"model re-read failed ({exc}); kept the rules' reading")
            return None
        if not (record.title or record.DOI or record.arxiv or record.author):
            citation.parse_warnings.append(f"{self.model.name} found nothing usable in the entry")
            return None
        note = f"re-read by {self.model.name}"
        if dropped:
            note += f"; dropped values not in the text: {', '.join(sorted(set(dropped)))}"
        citation.parse_warnings.append(note)
        return record


__all__ = ["ModelJudge", "ModelParser"]
