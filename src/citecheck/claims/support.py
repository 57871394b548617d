"""Does the cited work say that? A citing sentence judged against the cited work's abstract.

The judgement is a model's (``--claims --llm``), bounded by evidence:

- no abstract → CANNOT_TELL, never an accusation (the model is not asked);
- every label but CANNOT_TELL must come with a quote that occurs in the abstract (compared
  folded: case, accents, quotes, dashes and spacing aside); a quote that does not is a made-up
  quote, and the answer is void (CANNOT_TELL, saying so);
- the sentence reaches the model as data inside one JSON object (`llm.roles.support`), so a
  sentence that says "ignore your instructions" is just a string value.

Without a model the linkage findings stand and support is "not judged" (label None), abstract
or not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citecheck.folding import fold
from citecheck.llm.base import Model
from citecheck.llm.schemas import SupportLabel

__all__ = ["Abstract", "ClaimJudgement", "judge_claim", "quote_in"]


@dataclass(frozen=True)
class Abstract:
    text: str
    source: str  # the service (or index) the abstract came from


@dataclass(frozen=True)
class ClaimJudgement:
    label: SupportLabel | None  # None: support was not judged (no model)
    quote: str | None = None
    rationale: str = ""
    model: str | None = None
    abstract_source: str | None = None


_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "‐": "-", "−": "-"})


def _flat(text: str) -> str:
    text = fold(text.translate(_QUOTES)).lower()
    return re.sub(r"[^\w%+\-'\"]+", " ", text).strip()


def quote_in(quote: str | None, abstract: str) -> bool:
    """Whether ``quote`` is the abstract's own words (folded; at least three words long)."""
    want = _flat(quote or "").strip(" '\".-")
    return len(want.split()) >= 3 and f" {want} " in f" {_flat(abstract)} "


async def judge_claim(model: Model | None, sentence: str, title: str | None,
                      abstract: Abstract | None) -> ClaimJudgement:
    """The support label of ``sentence`` for the work with ``title`` and ``abstract``."""
    if model is None:
        return ClaimJudgement(None, rationale="support not judged: no model (--llm)",
                              abstract_source=abstract.source if abstract else None)
    if abstract is None or len(abstract.text.split()) < 5:
        return ClaimJudgement("CANNOT_TELL", rationale="no abstract of the cited work to judge the sentence by")
    from citecheck.llm.roles import support

    name = getattr(model, "name", None)
    try:
        answer = await support(model, sentence, title, abstract.text)
    except Exception as exc:  # a failed call judges nothing
        return ClaimJudgement("CANNOT_TELL", rationale=f"the model did not answer ({type(exc).__name__})",
                              model=name, abstract_source=abstract.source)
    if answer.label != "CANNOT_TELL" and not quote_in(answer.quote, abstract.text):
        return ClaimJudgement("CANNOT_TELL", rationale=f"answer void: the model's quote for {answer.label}"
                              " is not in the abstract", model=name, abstract_source=abstract.source)
    quote = answer.quote if quote_in(answer.quote, abstract.text) else None
    return ClaimJudgement(answer.label, quote, answer.rationale, name, abstract.source)
