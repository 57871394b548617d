"""How sure the reading stage is of a reading: `parse_confidence`, the probability that its title,
authors and venue are right.

The rule parser and the learned labeller read a free-text reference independently. Where they give
the same title, authors and venue the reading is very likely right; where they disagree, the
labeller's per-field marginal probability (CRF marginals, the smallest over the field's first span)
says how sure it is of *its* reading. `features` turns the two readings into numbers (the rules' own
confidence, agreement per field, the labeller's marginals, PDF damage, which fields the labeller
gave); a logistic model (`data/parse-confidence.json`, fitted by scripts/fit_parse_confidence.py on
the GROBID and AnyStyle *validation* splits) maps them to a probability, capped by the rules' own
confidence (which also says whether the text is a reference at all: "see above", "ibid.") and by
`TITLE_HOLDS_YEAR` where the title holds the reference's own year. Below
`reconcile.LOW_PARSE_CONFIDENCE` a configured model re-reads the entry.
`python benchmarks/parse_confidence.py [--test]` prints the calibration by confidence band.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from citecheck.model import Name, Record
from citecheck.names import name_key
from citecheck.reading.logistic import fitted, probability
from citecheck.titles import title_key
from citecheck.venues import journal_key

__all__ = ["FEATURES", "Evidence", "features", "field_agreement", "reading_confidence"]

MODEL_NAME = "parse-confidence.json"
#: the fields a search and a judgement rest on, and the labeller's label for each
FIELDS = {"title": "title", "author": "author", "container_title": "container"}
FEATURES = ("rules", "pdf_like", "labeller_fields", "cut",
            *(f"{kind}_{f}" for f in FIELDS for kind in ("has", "disagree", "sure", "sure_other")),
            "sure_no_title")
#: the share of readings right among those whose title holds the reference's own year ("Jefferts showed
#: in their 1989 piece for"): 6 of 21 on the GROBID and AnyStyle train splits, where the validation
#: splits the model is fitted on hold none — so a cap, measured, rather than a weight
TITLE_HOLDS_YEAR = 0.3


@dataclass(frozen=True)
class Evidence:
    """What the two readers said about one reference."""

    rules_confidence: float
    chosen: Record  # the reading the stage gives
    model: Record | None  # the labeller's reading (None: no model ships)
    marginals: dict[str, float]  # the labeller's per-field confidence (labeller.SCORED / ABSENT)
    pdf_like: bool = False
    labeller_fields: int = 0  # fields of `chosen` taken from the labeller
    cut: bool = False  # the text was cut at the reading limit


def _title_agrees(a: str, b: str) -> bool:
    ka, kb = title_key(a), title_key(b)
    if not ka or not kb:
        return False
    short, long_ = sorted((ka, kb), key=len)
    return short == long_ or (short in long_ and len(short) >= 0.8 * len(long_))


def _authors_agree(a: list[Name], b: list[Name]) -> bool:
    mine = {name_key(n.family or n.literal or "") for n in a[:3]} - {""}
    theirs = {name_key(n.family or n.literal or "") for n in b} - {""}
    return bool(mine) and len(mine & theirs) * 2 >= len(mine)


def _venue_agrees(a: str, b: str) -> bool:
    ka, kb = journal_key(a), journal_key(b)
    # one holds the other: a series letter ("Z. Phys. A"), a publisher's prefix ("The Astrophysical Journal")
    return bool(ka) and bool(kb) and (ka.startswith(kb) or kb.startswith(ka) or ka.endswith(kb) or kb.endswith(ka))


def field_agreement(field: str, mine: Record, theirs: Record) -> bool | None:
    """True / False: the two readings agree / disagree on the field; None: neither has it."""
    a, b = getattr(mine, field), getattr(theirs, field)
    if not a and not b:
        return None
    if not a or not b:
        return False
    if field == "title":
        return _title_agrees(a, b)
    if field == "author":
        return _authors_agree(a, b)
    return _venue_agrees(a, b)


def features(ev: Evidence) -> dict[str, float]:
    out = {"rules": ev.rules_confidence, "pdf_like": float(ev.pdf_like),
           "labeller_fields": float(ev.labeller_fields), "cut": float(ev.cut),
           "sure_no_title": ev.marginals.get("no-title", 0.0)}
    model = ev.model or Record()
    for field, label in FIELDS.items():
        agree = field_agreement(field, ev.chosen, model)
        out[f"has_{field}"] = float(bool(getattr(ev.chosen, field)))
        out[f"disagree_{field}"] = float(agree is False)
        sure = ev.marginals.get(label, 0.0) if getattr(model, field) else 0.0
        out[f"sure_{field}"] = sure
        out[f"sure_other_{field}"] = sure if agree is False else 0.0
    return out


def title_holds_year(rec: Record) -> bool:
    """A title read from the wrong span holds the reference's own year ("… their 1989 piece for")."""
    return bool(rec.year) and str(rec.year) in (rec.title or "").split()


@lru_cache(maxsize=1)
def _weights() -> dict[str, float] | None:
    data = fitted(MODEL_NAME)
    return None if data is None else {k: float(v) for k, v in data["weights"].items()}


def reading_confidence(ev: Evidence) -> float:
    """The probability that the reading's title, authors and venue are right, never above the rules'
    own confidence (which is all there is where no labeller or no fitted model ships)."""
    weights = _weights()
    if ev.model is None or weights is None:
        return ev.rules_confidence
    # the rules' own confidence also says whether the text is a reference at all ("see above",
    # "ibid."), which the fitted model, fitted on references only, cannot: the weaker of the two
    p = min(ev.rules_confidence, probability(features(ev), weights))
    return round(min(p, TITLE_HOLDS_YEAR) if title_holds_year(ev.chosen) else p, 3)
