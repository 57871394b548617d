"""The learned arbiter: field by field, whether the labeller's reading replaces the one the rules chose.

The rule parser was written for the layouts of the references it was developed on; the labeller
(a CRF trained on real gold and on references rendered in hundreds of CSL styles) reads styles the
rules never saw. Where the two differ on a field, a logistic model per field (`data/arbiter.json`,
fitted by scripts/fit_arbiter.py on the validation splits: GROBID, AnyStyle and rendered references
of styles the labeller never trained on, grouped by source document) gives the probability that the
labeller's value scores better than the chosen one; above the field's threshold (chosen by the same
cross-validation) it is taken. `features` is what
it sees: the labeller's marginal for the field, the rules' confidence, PDF damage, how the two
values relate (one holds the other, their lengths, digits, whether either is a journal the
abbreviation table knows) and whether the chosen value already came
from the labeller. Rules still post-process what is taken (journal and volume split, a meeting's
place cut from its name); identifiers always come from the rules. Without the weights file the
arbiter takes nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from citecheck.model import Record
from citecheck.names import name_key
from citecheck.normalize import journal_key, journal_table
from citecheck.reading.logistic import fitted, probability
from citecheck.titles import searchable_title, title_key
from citecheck.years import FIRST_YEAR, LAST_YEAR

__all__ = ["ARBITED", "FEATURES", "Context", "features", "field_value", "in_question", "labeller_better",
           "rest_read_otherwise", "same_value"]

MODEL_NAME = "arbiter.json"
#: the fields the arbiter weighs, and the labeller's label whose marginal it sees (None: not scored)
#: (not the pages: on validation the arbiter gains little there, and a page the labeller misreads where
#: the rules read none turns a right citation into a MINOR one end to end: benchmarks/pdf_refs_e2e.py)
ARBITED: dict[str, str | None] = {"title": "title", "author": "author", "container_title": "container",
                                  "volume": "volume", "issued": None}
FEATURES = ("marginal", "marginal_sure", "rules", "pdf_like", "artefacts", "weighed", "from_labeller",
            "mine_empty", "holds", "held", "len_ratio", "mine_digits", "theirs_digits",
            "mine_known_journal", "theirs_known_journal", "mine_words", "theirs_words",
            "quoted", "theirs_empty", "sure_none", "agree_others", "marginal_if_mine_empty", "tokens",
            "theirs_ends_mine", "theirs_starts_mine", "cut_known", "mine_letters", "mine_year")


_OTHER = {"title": "container_title", "container_title": "title"}


@dataclass(frozen=True)
class Context:
    """What the arbiter knows of the reference besides the two values."""

    marginals: dict[str, float]
    rules_confidence: float
    pdf_like: bool
    artefacts: int
    weighed: bool  # the rules' reading was doubtful enough for `combine` to weigh the labeller's
    quoted: bool  # the text has quotation marks (a style cue: quoted titles)
    tokens: int  # words in the text


def field_value(rec: Record, attr: str) -> str:
    """The field as text: authors by their family names, the date by its year."""
    if attr == "author":
        return " ".join(n.family or n.literal or "" for n in rec.author).strip()
    if attr == "issued":
        return str(rec.year or "")
    return str(getattr(rec, attr) or "")


def _key(attr: str, value: str) -> str:
    if attr == "title":
        return title_key(value)
    if attr == "container_title":
        return journal_key(value)
    if attr == "author":
        return " ".join(name_key(w) for w in value.split())
    return value.strip().lower()


def same_value(attr: str, a: Record, b: Record) -> bool:
    return _key(attr, field_value(a, attr)) == _key(attr, field_value(b, attr))


def _known(value: str) -> float:
    return float(bool(value) and journal_key(value) in journal_table())


def _digits(value: str) -> float:
    return sum(c.isdigit() for c in value) / len(value) if value else 0.0


def _has_year(value: str) -> float:
    digits = "".join(c if c.isdigit() else " " for c in value).split()
    return float(any(len(d) == 4 and FIRST_YEAR <= int(d) <= LAST_YEAR for d in digits))


def _words(value: str) -> float:
    return math.log1p(len(value.split()))


def _agree_others(attr: str, mine: Record, theirs: Record) -> float:
    """The share of the other fields both readings give on which they agree: a layout the two read
    alike elsewhere."""
    both = [f for f in ARBITED if f != attr and field_value(mine, f) and field_value(theirs, f)]
    return sum(same_value(f, mine, theirs) for f in both) / len(both) if both else 0.5


#: the labeller's fields that a title or a journal the rules ran on may have swallowed (not a place:
#: titles end in place names — "… in the Lake Okjeong, Korea" — that the labeller reads as one)
_NEIGHBOURS = {"title": ("container_title", "publisher"), "container_title": ("title", "publisher")}


def _neighbour_keys(attr: str, theirs: Record) -> list[str]:
    return [key for name in _NEIGHBOURS.get(attr, ()) if (key := title_key(str(getattr(theirs, name) or "")))]


def rest_read_otherwise(attr: str, mine: Record, theirs: Record) -> bool:
    """The chosen value runs on past the labeller's into what the labeller read as another field —
    its journal or publisher ("An Introduction to quantum field theory, Addison-Wesley" where
    the labeller read the title and the publisher apart)."""
    a, b = title_key(field_value(mine, attr)), title_key(field_value(theirs, attr))
    if not a or not b or a == b or b not in a:
        return False
    rest = a.replace(b, "", 1)
    return any(k in rest for k in _neighbour_keys(attr, theirs))


def features(attr: str, mine: Record, theirs: Record, from_labeller: bool, ctx: Context) -> dict[str, float]:
    """The arbiter's evidence for one field where the labeller's value (``theirs``; may be none)
    differs from the chosen one (``mine``)."""
    a, b = field_value(mine, attr), field_value(theirs, attr)
    ka, kb = _key(attr, a), _key(attr, b)
    label = ARBITED[attr]
    marginal = ctx.marginals.get(label, 0.0) if label and b else 0.0
    return {
        "marginal": marginal, "marginal_sure": float(marginal >= 0.95), "rules": ctx.rules_confidence,
        "pdf_like": float(ctx.pdf_like), "artefacts": min(ctx.artefacts, 10) / 10,
        "weighed": float(ctx.weighed), "from_labeller": float(from_labeller), "mine_empty": float(not a),
        "holds": float(bool(ka) and bool(kb) and kb in ka), "held": float(bool(ka) and bool(kb) and ka in kb),
        "len_ratio": max(-3.0, min(3.0, math.log((len(b) + 1) / (len(a) + 1)))),
        "mine_digits": _digits(a), "theirs_digits": _digits(b),
        "mine_known_journal": _known(a), "theirs_known_journal": _known(b),
        "mine_words": _words(a), "theirs_words": _words(b), "quoted": float(ctx.quoted),
        "theirs_empty": float(not b), "sure_none": ctx.marginals.get(f"no-{label}", 0.0) if label and not b else 0.0,
        "agree_others": _agree_others(attr, mine, theirs), "marginal_if_mine_empty": marginal if not a else 0.0,
        "tokens": math.log1p(ctx.tokens) / 5,
        # the labeller kept only a part of the chosen value ("Phys." of "Astropart. Phys.")
        "theirs_ends_mine": float(bool(kb) and ka != kb and ka.endswith(kb)),
        "theirs_starts_mine": float(bool(kb) and ka != kb and ka.startswith(kb)),
        "cut_known": float(bool(kb) and ka != kb and kb in ka and bool(_known(a))),
        # a date or a number the rules read as the field ("Mar-1996. Mar-1996" as a journal)
        "mine_letters": sum(c.isalpha() for c in a) / len(a) if a else 0.0, "mine_year": _has_year(a),
    }


def in_question(attr: str, mine: Record, theirs: Record) -> bool:
    """The labeller reads the field otherwise than the chosen reading, or not at all (a title it
    gives must be long enough to look the work up by)."""
    if same_value(attr, mine, theirs) or not (field_value(mine, attr) or field_value(theirs, attr)):
        return False
    other = _OTHER.get(attr)
    if other and field_value(theirs, attr) and _key(attr, field_value(theirs, attr)) == _key(attr, field_value(mine, other)):
        return False  # the reading's other field: a title is never its own journal
    return attr != "title" or not theirs.title or searchable_title(theirs.title)


@lru_cache(maxsize=1)
def _weights() -> dict[str, dict[str, float]]:
    data = fitted(MODEL_NAME)
    if data is None:
        return {}
    return {f: {k: float(v) for k, v in w.items()} for f, w in data["fields"].items()}


def labeller_better(attr: str, mine: Record, theirs: Record, from_labeller: bool, ctx: Context) -> bool:
    """Whether the labeller's value of the field (or its having none) should replace the chosen
    one: the two differ and the fitted model gives the labeller's better odds than not."""
    weights = _weights().get(attr)
    if not weights or not in_question(attr, mine, theirs):  # (and `combine.weighable`, which calls this)
        return False
    return probability(features(attr, mine, theirs, from_labeller, ctx), weights) > weights["threshold"]
