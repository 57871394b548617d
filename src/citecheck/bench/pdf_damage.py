"""The damage PDF text extraction does to reference strings, applied to labelled segments.

A rendered reference is clean; the same reference pulled out of a PDF is not: spaces go missing
after punctuation ("Phys.Rev."), appear before it ("Phys .Rev") or inside words ("nonsta -tionary",
"Z ¨urich"), line ends leave hyphens ("pro- cess", "su-perstring"), tokens glue together
("StatisticalMechanics", "( 2015)011024"), ligatures survive ("ﬁ"), punctuation strays and OCR
confuses l/1, O/0, rn/m. :func:`damage` applies these to the segments of a
:class:`~citecheck.bench.parsing_data.LabelledReference`, so every label stays on its text: edits
inside a segment change only that segment's text, edits at a boundary change only the ``spaced``
flag between two segments.

The rates are measured on real PDF-extracted references, GROBID's citation training corpus
(7,849 references from 222 documents), by :func:`measure`::

    .venv/bin/python scripts/render_training.py --measure-damage

Per kind: ``present`` is the fraction of the references with damage that show the kind at all,
``rate`` the fraction of its opportunities hit in those references (see ``_KINDS`` for what an
opportunity is); ``damaged`` is the fraction of references with any kind. The numbers in
:data:`MEASURED` were printed by that command (GROBID training corpus)::

    damaged 0.239 of 7,849 references
    missing_space        present 0.279  rate 0.300
    space_before_punct   present 0.666  rate 0.286
    hyphen_break         present 0.115  rate 0.174
    glued_words          present 0.346  rate 0.411
    ligature             present 0.006  rate 0.929
    stray_punct          present 0.263  rate 0.103
    ocr                  present 0.001  rate 0.035
    accent_split         present 0.017  rate 0.746

The training script's manifest (``damage_measured_on_output``) measures the same kinds on the
rows it writes, damaged and clean apart, to check that the model reproduces these rates.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from citecheck.bench.parsing_data import LabelledReference

__all__ = ["MEASURED", "DamageRates", "KindRate", "damage", "measure"]


@dataclass(frozen=True)
class KindRate:
    present: float  # P(kind shows | the reference is damaged)
    rate: float  # fraction of the kind's opportunities hit when it shows


@dataclass(frozen=True)
class DamageRates:
    damaged: float
    kinds: dict[str, KindRate]


_URLISH_RE = re.compile(r"https?://|www\.|doi|\.com|\.org|arxiv", re.I)  # in a word: the word goes
_SPACES_RE = re.compile(r"\s+")
_LIGATURES = {"ffi": "ﬃ", "ffl": "ﬄ", "ff": "ﬀ", "fi": "ﬁ", "fl": "ﬂ"}
_LIGATURE_RE = re.compile("ffi|ffl|ff|fi|fl")
_SPACING_ACCENTS = {"\u0308": "¨", "\u0301": "´", "\u0300": "`", "\u0302": "ˆ", "\u0303": "˜",
                    "\u030c": "ˇ", "\u0327": "¸"}
_OCR = (("l", "1"), ("1", "l"), ("O", "0"), ("0", "O"), ("rn", "m"), ("m", "rn"), ("I", "l"))

#: kind → (opportunity pattern, damaged pattern), both counted on the reference text without URLs
_KINDS: dict[str, tuple[str, str]] = {
    # "Phys.Rev": a full stop, comma or semicolon after a word and before a letter, no space
    "missing_space": (r"[A-Za-z]{2}[.,;]\s?[A-Za-z]", r"[A-Za-z]{2}[.,;][A-Za-z]"),
    # "Phys .Rev", "Bunde ,H": a space before punctuation that is followed by text
    "space_before_punct": (r"[A-Za-z0-9]\s?[.,;:]", r"[A-Za-z0-9] [.,;:](?=\S)"),
    # "regres- sion", "nonsta -tionary": a line-end hyphen left with a space beside it (a hyphen
    # kept inside the word, "su-perstring", can't be told from a compound without a dictionary:
    # it is applied as one of the four forms of this kind)
    "hyphen_break": (r"[a-z]{7,}", r"[a-z]- [a-z]|[a-z] -[a-z]"),
    # "StatisticalMechanics", "( 2015)011024": two tokens with the space between them lost
    "glued_words": (r"[a-z]{2} [A-Z][a-z]{2}|\) ?[0-9A-Za-z]", r"[a-z]{3}[A-Z][a-z]{2}|\)[0-9A-Za-z]"),
    # "ﬁ", "ﬂ": ligature characters
    "ligature": (r"ffi|ffl|ff|fi|fl|[\ufb00-\ufb04]", r"[\ufb00-\ufb04]"),
    # " , ", ",,", ". ;": punctuation standing alone or doubled
    "stray_punct": (r"[.,;:]", r"\s[,;:]\s|[,;:]\s?[,;:]|\s\.\s"),
    # "p1ant", "2O15": a digit inside a lower-case word, a letter inside a number
    "ocr": (r"[a-z]{3,}|\d{3,}", r"[a-z][01][a-z]|\d[lIO]\d"),
    # "Z ¨urich": an accent printed as a separate spacing character
    "accent_split": (r"[^\x00-\x7f]|[¨´ˆ˜ˇ¸]", r"[¨´ˆ˜ˇ¸]"),
}


def measure(refs: Iterable[LabelledReference]) -> tuple[DamageRates, int]:
    """The rates of each kind of damage in real PDF-extracted references, and their count."""
    opps = {k: 0 for k in _KINDS}
    hits = {k: 0 for k in _KINDS}
    present = {k: 0 for k in _KINDS}
    n = damaged = 0
    for ref in refs:
        text = " ".join(w for w in ref.text.split() if not _URLISH_RE.search(w))
        n += 1
        counts = {k: (len(re.findall(o, text)), len(re.findall(d, text)))
                  for k, (o, d) in _KINDS.items()}
        if not any(h for _, h in counts.values()):
            continue
        damaged += 1
        for k, (o, h) in counts.items():
            if h:
                present[k] += 1
                opps[k] += max(o, h)
                hits[k] += h
    kinds = {k: KindRate(round(present[k] / max(damaged, 1), 4), round(hits[k] / max(opps[k], 1), 4))
             for k in _KINDS}
    return DamageRates(round(damaged / max(n, 1), 4), kinds), n


#: measured on GROBID's training references (module docstring)
MEASURED = DamageRates(0.239, {
    "missing_space": KindRate(0.279, 0.300),
    "space_before_punct": KindRate(0.666, 0.286),
    "hyphen_break": KindRate(0.115, 0.174),
    "glued_words": KindRate(0.346, 0.411),
    "ligature": KindRate(0.006, 0.929),
    "stray_punct": KindRate(0.263, 0.103),
    "ocr": KindRate(0.001, 0.035),
    "accent_split": KindRate(0.017, 0.746),
})


Segments = list[tuple[str, str]]


def _edit_words(text: str, rng: random.Random, rate: float, pattern: str,
                edit: Callable[[str, random.Random], str]) -> str:
    return re.sub(pattern, lambda m: edit(m.group(), rng) if rng.random() < rate else m.group(), text)


def _hyphen_break(word: str, rng: random.Random) -> str:
    cut = rng.randint(3, len(word) - 3)
    return word[:cut] + rng.choice(["- ", "- ", " -", "-"]) + word[cut:]


def _split_accents(word: str, rng: random.Random) -> str:
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", word):
        accent = _SPACING_ACCENTS.get(ch)
        if accent and out:
            base = out.pop()
            out.append(f" {accent}{base}" if rng.random() < 0.5 else f"{accent}{base}")
        else:
            out.append(ch)
    return unicodedata.normalize("NFC", "".join(out)).strip() or word


def _ocr(word: str, rng: random.Random) -> str:
    options = [(a, b) for a, b in _OCR if a in word]
    if not options:
        return word
    a, b = rng.choice(options)
    i = rng.choice([m.start() for m in re.finditer(re.escape(a), word)])
    return word[:i] + b + word[i + len(a):]


def _text_edits(kind: str, text: str, rng: random.Random, rate: float) -> str:
    if kind == "missing_space":
        return re.sub(r"(?<=[A-Za-z]{2}[.,;]) (?=[A-Za-z])",
                      lambda m: "" if rng.random() < rate else " ", text)
    if kind == "space_before_punct":
        return re.sub(r"(?<=[A-Za-z0-9])([.,;:]) (?=\S)",
                      lambda m: f" {m.group(1)}" if rng.random() < rate else m.group(), text)
    if kind == "hyphen_break":
        return _edit_words(text, rng, rate, r"[a-z]{7,}", _hyphen_break)
    if kind == "glued_words":
        return re.sub(r"(?<=[a-z]{2}) (?=[A-Z][a-z]{2})|(?<=\)) (?=[0-9A-Za-z])",
                      lambda m: "" if rng.random() < rate else " ", text)
    if kind == "ligature":
        return _LIGATURE_RE.sub(lambda m: _LIGATURES[m.group()] if rng.random() < rate else m.group(),
                                text)
    if kind == "stray_punct":
        return re.sub(r"(?<=\w) (?=\w)", lambda m: rng.choice([" , ", " . ", ",, "])
                      if rng.random() < rate / 4 else " ", text)
    if kind == "ocr":
        return _edit_words(text, rng, rate, r"[A-Za-z]{3,}|\d{3,}", _ocr)
    if kind == "accent_split":
        return _edit_words(text, rng, rate, r"\w*[^\x00-\x7f]\w*", _split_accents)
    return text


def _boundary_edits(kind: str, segs: Segments, spaced: list[bool], rng: random.Random,
                    rate: float) -> list[bool]:
    """Spaces lost or moved between two segments: "Lett.81", "81 4412" → "814412", "Title ,J"."""
    out = list(spaced)
    for i in range(1, len(segs)):
        left, right = segs[i - 1][1], segs[i][1]
        if rng.random() >= rate:
            continue
        glue_after = ".,;:" if kind == "missing_space" else ")" if kind == "glued_words" else ""
        if glue_after and out[i] and right[0].isalnum() and (
                left[-1] in glue_after or (kind == "glued_words" and left[-1].isalnum())):
            out[i] = False
        elif kind == "space_before_punct" and not out[i] and right[0] in ".,;:":
            out[i] = True  # the space moves in front of the mark: "Title ,Journal"
            if i + 1 < len(segs) and out[i + 1] and not right.strip(".,;:"):
                out[i + 1] = False
    return out


def damage(ref: LabelledReference, rng: random.Random, rates: DamageRates = MEASURED
           ) -> LabelledReference:
    """A copy of ``ref`` with PDF-extraction damage: every kind shows with its measured
    probability, then hits each of its opportunities at its measured rate (the caller decides
    which references are damaged at all, ``rates.damaged`` of them to match real text)."""
    segs = list(ref.segments)
    spaced = list(ref.spaced)
    kinds = [k for k, r in rates.kinds.items() if rng.random() < r.present]
    if not kinds:  # a damaged reference shows at least one kind
        names = list(rates.kinds)
        kinds = rng.choices(names, [rates.kinds[k].present for k in names])
    for kind in kinds:
        rate = rates.kinds[kind].rate
        segs = [(label, _SPACES_RE.sub(" ", _text_edits(kind, text, rng, rate)).strip() or text)
                for label, text in segs]
        spaced = _boundary_edits(kind, segs, spaced, rng, rate)
    gold = dict(ref.gold) | {"damage": kinds}
    return replace(ref, segments=segs, spaced=spaced, gold=gold)
