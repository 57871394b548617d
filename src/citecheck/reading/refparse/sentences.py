"""Where sentences end in a reference: periods that are not initials or abbreviations
('Phys. Rev. Lett.', 'J. geophys. Res.'), part numbers ('Title. 1. Anatomy'), '?'/'!'."""

from __future__ import annotations

import re

from citecheck.reading.refparse.lexicon import NON_TERMINAL
from citecheck.reading.refparse.scripts import SENTENCE_START
from citecheck.regex_cache import compile_re
from citecheck.venues import JOURNAL_ABBREVIATIONS

# A new sentence starts with a capital of any cased script (Latin, Greek, Cyrillic) or a letter
# of a script without case (Han, Hangul, Arabic, …), or a digit.
_SENT_END_RE = compile_re(rf"([.?!])\s+(?=[\"“‘'(\[]?{SENTENCE_START})")


# Endings of abbreviated compound words: "Europhys.", "Geochem.", "Neurobiol.", "Bioinform."
_ABBREV_ENDINGS = (
    "phys",
    "chem",
    "biol",
    "geol",
    "astron",
    "math",
    "sci",
    "techn",
    "mech",
    "electr",
    "comput",
    "inform",
    "physiol",
    "pharmacol",
    "lett",
    "proc",
)


# Lower-case abbreviations in ISO-4 style names ("J. geophys. Res.", "Earth planet. Sci. Lett.")
_LOWER_ABBREV = frozenset(
    [
        "geophys",
        "astrophys",
        "planet",
        "phys",
        "chem",
        "sci",
        "res",
        "lett",
        "biol",
        "math",
        "mech",
        "appl",
        "astron",
        "geol",
        "geochem",
        "volc",
        "geotherm",
        "seismol",
        "soc",
    ]
)


# Cyrillic abbreviations that a capitalised word follows ("проф. Милетич", "им. Ленина")
_CYRILLIC_ABBREV = frozenset(
    ["проф", "акад", "доц", "им", "гл", "ред", "изд", "сб", "вып", "кн", "пер", "ун-т", "ин-т",
     "отд", "чл-корр", "св", "ст", "тов"]
)


def boundary_kind(text: str, pos: int) -> int:
    """0: not a boundary, 1: a '.' boundary, 2: a '?'/'!' boundary (weaker)."""
    mark = text[pos]
    if mark != ".":
        return 2
    word = re.search(r"([\w.'’-]+)$", text[:pos])
    token = word.group(1) if word else ""
    bare = token.rstrip(".").lower()
    if len(token) == 1 and token.isupper():
        return 0  # an initial "A."
    if bare in _CYRILLIC_ABBREV:
        return 0  # "проф. Любомир Милетич", "акад. наук": a Cyrillic abbreviation
    if re.fullmatch(r"(?:[A-Z]\.)+[A-Z]", token) or bare in NON_TERMINAL:
        return 0
    if _DEGREE_RE.fullmatch(token) and _THESIS_NEXT_RE.match(text, pos + 1):
        return 0  # "Reforming Compilation of Logic Programs, Ph.D. Thesis, Uppsala University"
    mixed_case = token[:1].isupper() and (len(bare) == 1 or token[1:].rstrip(".").islower())
    if mixed_case and (
        bare in JOURNAL_ABBREVIATIONS or bare.endswith(_ABBREV_ENDINGS)
    ):
        return 0  # part of an abbreviated journal name
    if token.islower() and bare in _LOWER_ABBREV:
        return 0  # part of an abbreviated journal name
    if (
        token.isalpha()
        and token.islower()
        and len(token) <= 9
        and (
            (before := _ABBREV_BEFORE_RE.search(text, 0, pos - len(token)))
            and boundary_kind(text, before.start(1)) == 0
        )
    ):
        # "Phys. kondens. Materie", "Z. angew. Math. Phys.": a lower-case abbreviation inside a
        # journal name, right after an abbreviated word of it
        return 0
    return 1


_DEGREE_RE = compile_re(r"Ph\.\s?D|M\.\s?Sc?|B\.\s?Sc|D\.\s?Sc")
_THESIS_NEXT_RE = compile_re(r"\s*(?:[Tt]hesis|[Dd]issertation)\b")


# A capitalised word and a period right before: "Phys. ", "Z. "
_ABBREV_BEFORE_RE = compile_re(r"(?<![\w.])(?:[A-Z]|[A-Z][a-z]{1,11})(\.)\s+$")


# (or Roman, of two letters or more: "V." and "X." are initials as often)
_PART_NO_RE = compile_re(r"(?:\d{1,2}|(?=[IVX]{2,4}\.)(?:X{0,3}(?:IX|IV|V?I{0,3})))\.\s+[A-Z][a-z]")


# (not "Guide No. 12. Journal": the number of a labelled item ends a sentence)
_PART_NO_BEFORE_RE = compile_re(r"[A-Za-z](?<!\b[Nn]o)\.\s+(?:\d{1,2}|[IVX]{2,4})$")


def _leading_part_number(text: str, end: int) -> bool:
    """"II. ESCO-Kongreß in Dubrovnik" / "2. Mitteilung": the text before ``end`` is a part number
    (of one or two digits, or up to seven Roman ones)."""
    head = text[:end].lstrip().removesuffix("\n")
    return (0 < len(head) <= 2 and head.isdecimal()) or (0 < len(head) <= 7 and not head.strip("IVXLC"))


def sentence_boundaries(text: str, every: bool = False) -> list[int]:
    """Indices just after sentence-ending punctuation that is not an abbreviation; '.' first
    (``every``: the '.' and the '?'/'!' ends together, in order)."""
    dots: list[int] = []
    marks: list[int] = []
    for m in _SENT_END_RE.finditer(text):
        if _PART_NO_RE.match(text, m.end()) or _PART_NO_BEFORE_RE.search(text, 0, m.start(1)):
            continue  # "Title: neurobiology. 1. Anatomy": a numbered part of the title
        if _leading_part_number(text, m.start(1)) and re.match(
            r"\S+\s+\S", text[m.end() :]
        ):
            continue  # "II. ESCO-Kongreß in Dubrovnik": the title opens with a part number
        kind = boundary_kind(text, m.start(1))
        if kind == 1:
            dots.append(m.end(1))
        elif kind == 2:
            marks.append(m.end(1))
    return sorted(dots + marks) if every else dots or marks
