"""How far a model's judgement may move the comparator's: one pure function, `combine`.

A model may add discrepancies and judge the fuzzy fields (titles, names, venues), but

* it never removes an exact-value mismatch the comparator found (year, volume, issue, pages,
  DOI, arXiv id), a major discrepancy (another title, other authors), nor an identity conflict
  (an identifier that resolves to another work, a DOI that is not registered): with any of them
  the combined score is at most the comparator's, so such a citation never becomes EXACT
  through a model. Nor does it outweigh a title or name difference the comparator measured (a
  changed word, a misspelled or dropped author: an always-10 model turned such true MINORs
  EXACT when allowed). What it may outweigh: a venue the comparator could not match (an
  abbreviation it does not know; not a sibling journal) and fields the record lacks;
* it never accuses on its own: when the comparator's score is at or above τ_M, the combined
  score stays at or above τ_M (MAJOR needs the evidence, not a model's opinion);
* it lowers a score only by naming a discrepancy in a fuzzy field whose cited value the
  citation states and whose found value the record holds (exact values are the comparator's
  to check; a claim about them, or one the texts do not bear out, is dropped).

A verdict the model influenced says "judged by <model>" and keeps the model's rationale; a failed
call leaves the comparator's assessment, with a note.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from citecheck.llm.grounding import fold, found_in
from citecheck.llm.schemas import JudgeAnswer, ModelDiscrepancy
from citecheck.model import Assessment, Discrepancy

JudgeMode = Literal["rules", "llm", "hybrid"]

#: values the comparator checks exactly; a model's word never changes what it found there
EXACT_VALUE_FIELDS = frozenset({"issued", "volume", "issue", "page", "DOI", "arxiv"})
#: hybrid mode asks the model about scores this close to τ_M, or this far below τ_E ...
BAND = 1.0
#: ... or when the comparator's confidence is below this
LOW_CONFIDENCE = 0.5
#: `llm` mode asks about this many candidates (best comparator scores first) per citation
MAX_JUDGED = 3


@dataclass(frozen=True)
class Scales:
    """τ_E, τ_M on the comparator's scale and on the model's (calibrated separately)."""

    exact: float
    minor: float
    model_exact: float = 9.0
    model_minor: float = 5.0

    def to_rule_scale(self, score: float) -> float:
        """Piecewise-linear map of a model score: its τ_M/τ_E land on the comparator's."""
        points = [(0.0, 0.0), (self.model_minor, self.minor), (self.model_exact, self.exact),
                  (10.0, 10.0)]
        for (x0, y0), (x1, y1) in pairwise(points):
            if score <= x1:
                return y0 if x1 == x0 else y0 + (score - x0) * (y1 - y0) / (x1 - x0)
        return 10.0


#: the comparator's findings a model may outweigh (minor ones only)
OUTWEIGHABLE_FIELDS = frozenset({"container-title", "publisher", "type"})


def hard_findings(rule: Assessment) -> list[Discrepancy]:
    """The comparator's findings no model may remove or outweigh."""
    return [d for d in rule.discrepancies
            if d.severity == "major" or d.kind == "identifier_conflict"
            or d.detail == "sibling journal"  # Phys. Rev. B for Phys. Rev. A: two known journals
            or not (d.field in OUTWEIGHABLE_FIELDS or d.kind == "missing_in_record")]


@dataclass(frozen=True)
class Evidence:
    """What a model's discrepancy must be found in: the citation text, the record's fields."""

    citation: str
    record: dict[str, str]

    def bears_out(self, d: ModelDiscrepancy) -> bool:
        found_text = self.record.get(d.field) or " ".join(self.record.values())
        if not (d.cited and found_in(d.cited, self.citation)):
            return False
        if d.kind == "missing_in_record":
            return True
        return bool(d.found) and found_in(d.found, found_text) and fold(d.cited) != fold(d.found or "")


def _model_discrepancies(answer: JudgeAnswer, rule: Assessment, model: str,
                         evidence: Evidence | None) -> list[Discrepancy]:
    """The fuzzy-field discrepancies the model adds (none the comparator already lists, each
    borne out by the texts when `evidence` is given)."""
    seen = {d.field for d in rule.discrepancies}
    out = []
    for d in answer.discrepancies:
        if d.field in EXACT_VALUE_FIELDS or d.field in seen or d.field == "other":
            continue
        if evidence is not None and not evidence.bears_out(d):
            continue
        seen.add(d.field)
        kind = d.kind if d.kind != "identifier_conflict" else "other"
        out.append(Discrepancy(field=d.field, cited=d.cited, found=d.found, kind=kind,
                               severity="minor", detail=f"according to {model}"))
    return out


def combine(rule: Assessment, answer: JudgeAnswer | None, *, model: str, scales: Scales,
            identity_conflict: bool = False, error: str | None = None,
            evidence: Evidence | None = None) -> Assessment:
    """The assessment after the model's judgement, bounded by the comparator's evidence."""
    if answer is None:
        note = f" ({model} gave no valid answer: {error or 'failed call'}; the rules' verdict stands.)"
        return rule.model_copy(update={"rationale": rule.rationale + note})
    added = _model_discrepancies(answer, rule, model, evidence)
    score = round(scales.to_rule_scale(answer.score), 3)
    bounds = []
    if identity_conflict or hard_findings(rule):
        if score > rule.score:
            bounds.append("it cannot outweigh the mismatches found")
        score = min(score, rule.score)
    if score < rule.score and not added:
        bounds.append("it named no discrepancy the texts bear out that the comparator had not checked")
        score = rule.score
    if rule.score >= scales.minor > score:
        bounds.append("a model alone never calls a work nonexistent")
        score = scales.minor
    note = (f" Judged by {model} (score {answer.score:g}/10, confidence {answer.confidence:.2f}): "
            f"{' '.join(answer.rationale.split()) or 'no rationale given'}")
    if bounds:
        note += f" [The model's score was bounded by the evidence: {'; '.join(bounds)}.]"
    return Assessment(
        score=score,
        confidence=round((rule.confidence + answer.confidence) / 2, 3),
        discrepancies=[*rule.discrepancies, *added],
        rationale=rule.rationale + note,
        field_scores=dict(rule.field_scores),
        compared=rule.compared,
    )


def needs_model(rule: Assessment, mode: JudgeMode, scales: Scales, reviewer_case: bool,
                best: bool = True) -> bool:
    """Whether `mode` asks the model about this candidate. hybrid: reviewer cases, and the
    best candidate when its score is near τ_M, just short of τ_E, or the comparator is unsure."""
    if mode == "llm":
        return True
    if mode != "hybrid":
        return False
    if reviewer_case:
        return True
    near = (abs(rule.score - scales.minor) <= BAND
            or scales.exact - BAND <= rule.score < scales.exact)
    return best and (near or rule.confidence < LOW_CONFIDENCE)


def select(scores: Sequence[float], asked: Sequence[bool], limit: int = MAX_JUDGED) -> list[int]:
    """Indices to ask about: those `asked`, best comparator scores first, at most `limit`."""
    order = sorted((i for i, a in enumerate(asked) if a), key=lambda i: -scores[i])
    return order[:limit]


__all__ = ["BAND", "EXACT_VALUE_FIELDS", "Evidence", "JudgeMode", "Scales", "combine", "hard_findings",
           "needs_model", "select"]
