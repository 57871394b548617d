"""Journal / volume / first-page keys of a record, for title-less physics references.

A record is findable under every spelling of its venue it carries (``container-title`` and
``container-title-short``) and, when it has neither, under the journal named in its arXiv
``journal_ref`` ("Phys. Rev. Lett. 81, 4412 (1998)", "Phys.Rev.D76:014014,2007"). The reader
(`parse_journal_ref`) only accepts strings that *start* with a journal name followed by a page,
so prose journal-refs ("in Proceedings of ...") are left alone rather than guessed at. It is the
one reader of a journal reference: the index keys, the index's journal check and the journal
version an arXiv record names (`journal_version`) all read it with it.
"""

from __future__ import annotations

import re
from typing import Any

from citecheck.index.schema import page_key, volume_key
from citecheck.model import Version
from citecheck.normalize import canonical_journal
from citecheck.years import year_pattern

_LETTER = r"[^\W\d_]"
_JOURNAL_CHARS = rf"(?:{_LETTER}|[.&'\s\-:/])*"
# the journal: letters, dots, spaces and "&':/-" only ("J. Phys. A: Math. Gen.", "Phys.Rev.D"), a comma
# only before its series or section ("J. Comb. Theory, Series A"); then a comma
_JOURNAL_RE = re.compile(rf"{_LETTER}{_JOURNAL_CHARS}(?:,\s*(?:Series|Ser\.|Section|Sect\.)\s{_JOURNAL_CHARS})?,?\s*")
# a number, an article number or a page range ("4412", "P04012", "1952-1962"), not a count of pages
_NUMBER = r"[A-Z]?\d+(?:\s*[-–]+\s*[A-Z]?\d+)?(?![\dA-Za-z])(?!\s*pages\b)"
_VOLUME_WORD = r"(?:vol(?:ume)?\.?|v\.)\s*"
_ISSUE_WORD = r"(?:no|nos|nr|issues?|num(?:ber)?|n°)\.?\s*"
_PAGES_WORD = r"(?:pp\.?|p\.|pages?\b)\s*"  # not the letter of an article number ("P04012")
_DATE_WORDS = rf"(?:{_LETTER}+\.?,?\s+)?(?:\d{{1,2}},?\s+)?(?:{_LETTER}+\.?,?\s+)?"  # "(May 21, 2016)"
# where the numbers start: a number, a "(year)", a keyword before its number, or a series letter
# written on the volume ("D76", "A23")
_TAIL_START_RE = re.compile(
    rf"\({_DATE_WORDS}\d|\d|(?:{_VOLUME_WORD}|{_ISSUE_WORD}|{_PAGES_WORD})[A-Z]?\d|[A-Z]\d", re.I)
_SEPARATORS_RE = re.compile(r"[\s,:;.]+")
_PART_RE = re.compile(
    rf"(?:(?:{_VOLUME_WORD})(?P<volume>\d+[A-Za-z]?)(?![A-Za-z])|(?:{_ISSUE_WORD})(?P<issue>\d+(?:[-/]\d+)?)"
    rf"|(?:{_PAGES_WORD})(?P<page>{_NUMBER})|\((?P<paren>\d+(?:[-/]\d+)?)\)"
    rf"|\({_DATE_WORDS}(?P<year>{year_pattern(1800)})\)|(?P<number>{_NUMBER}))", re.I)
# a series letter glued to a short volume belongs to the journal ("Phys.Rev.D76"), not "P04012"
_SERIES_VOLUME_RE = re.compile(r"[A-Z][1-9]\d{0,3}(?!\d)")
_ARTICLE_NUMBER_RE = re.compile(r"[A-Za-z]\d+")
_DASHES_RE = re.compile(r"[-–]+")
# arXiv's compact journal ("Phys.Rev.D", "ActaAstron."): a word after a dot, or a capital after a small letter
_WORD_JOIN_RE = re.compile(r"(?<=\.)(?=[^\W\d_])|(?<=[a-z])(?=[A-Z][a-z])")
_YEAR_RE = re.compile(rf"\b({year_pattern(1800)})\b")


def parse_journal_ref(text: str | None) -> dict[str, str] | None:
    """{"journal", "page"[, "volume", "issue", "year"]} from a journal-ref string, or None: the
    journal is the leading words, the numbers after it are read by `_numbers`."""
    if not text:
        return None
    text = text.strip()
    for start in _number_starts(text):
        journal_end = start + 1 if _SERIES_VOLUME_RE.match(text, start) else start
        journal = _spaced(text[:journal_end].strip(" ,:-"))
        fields, end = _numbers(text, journal_end)
        if not _names_a_page(fields) or not canonical_journal(journal):
            continue
        if "year" not in fields:
            year = _YEAR_RE.search(text[end:])
            if year:
                fields["year"] = year.group(1)
        return {"journal": journal, **fields}
    return None


def _spaced(journal: str) -> str:
    """A compact journal written out word by word ("Phys.Rev.D" → "Phys. Rev. D", "ActaAstron." →
    "Acta Astron."), as abbreviations are compared; a journal with spaces stays as written."""
    compact = "." in journal and not any(c.isspace() for c in journal)
    return _WORD_JOIN_RE.sub(" ", journal) if compact else journal


def _names_a_page(fields: dict[str, str]) -> bool:
    """A volume and page, or an article number alone ("J. Stat. Mech. (2007) P06012")."""
    page = fields.get("page")
    return bool(page) and ("volume" in fields or bool(_ARTICLE_NUMBER_RE.fullmatch(page or "")))


def _number_starts(text: str) -> list[int]:
    """Where the journal may end and its numbers begin, first first: at a word's start (or a digit
    glued to letters, "SFINA1:379") while everything before is a journal's letters."""
    journal = _JOURNAL_RE.match(text)
    return [pos for pos in range(1, journal.end() + 1 if journal else 0)
            if (not text[pos - 1].isalnum() or text[pos].isdigit()) and _TAIL_START_RE.match(text, pos)]


def _skip_separators(text: str, pos: int) -> int:
    separators = _SEPARATORS_RE.match(text, pos)
    return separators.end() if separators else pos


def _numbers(text: str, pos: int) -> tuple[dict[str, str], int]:
    """Volume, issue, page and year from ``pos`` on, and where they end. A keyword names its
    number ("Vol. 14", "no. 5", "pp. 57-62"); "(2007)" is a year, "(11)" an issue; of the bare
    numbers a range is the pages, the last year-shaped one the year ("PoS Solvay:002,2006" names
    no page), then the first is the volume, the last the page and one between them the issue."""
    fields: dict[str, str] = {}
    bare: list[str] = []
    while (part := _PART_RE.match(text, _skip_separators(text, pos))) is not None:
        pos = part.end()
        kind, value = str(part.lastgroup), _DASHES_RE.sub("-", "".join(part.group(part.lastgroup or 0).split()))
        if kind == "paren":
            kind = "year" if _YEAR_RE.fullmatch(value) else "issue"
        if kind == "number" and "-" in value and "page" not in fields:
            kind = "page"
        if kind == "number":
            bare.append(value)
        else:
            fields.setdefault(kind, value)
    bare = [n for n in bare if "-" not in n]
    years = [n for n in bare if _YEAR_RE.fullmatch(n)]
    if "year" not in fields and years:
        fields["year"] = years[-1]
        bare.remove(years[-1])
    if "page" not in fields and bare and (len(bare) > 1 or "volume" in fields or bare[-1][0].isalpha()):
        fields["page"] = bare.pop()
    for kind in ("volume", "issue"):
        if kind not in fields and bare:
            fields[kind] = bare.pop(0)
    return fields, pos


def volume_variants(volume: str | None, issue: str | None, year: int | None) -> set[str]:
    """Volume keys a record is findable under.

    JHEP-style journals number by year: INSPIRE writes volume "05" (the issue), Crossref writes
    volume "2017" issue "05", arXiv writes "0705"; each spelling is also indexed under the others
    (a two-digit volume with a leading zero, or YYMM matching the year, is taken as that style).
    """
    key = volume_key(volume)
    if not key:
        return set()
    keys = {key}
    raw = str(volume).strip()
    if year:
        y = str(year)
        if (len(raw) == 2 and raw.startswith("0")) or (len(raw) == 4 and raw.isdecimal() and raw.startswith(y[2:]) and raw != y):
            keys.add(y)
        if key == y and issue:
            keys.add(volume_key(issue))
    return keys


def journal_keys(csl: dict[str, Any], year: int | None) -> set[tuple[str, str, str]]:
    """All (canonical journal, volume, first page) keys of a CSL item."""
    keys: set[tuple[str, str, str]] = set()
    journals = {canonical_journal(csl.get(k)) for k in ("container-title", "container-title-short")}
    journals.discard("")
    page = page_key(csl.get("page"))
    if journals and page:
        for vol in volume_variants(csl.get("volume"), csl.get("issue"), year):
            keys.update((j, vol, page) for j in journals)
    custom = csl.get("custom") or {}
    ref = custom.get("journal_ref") if isinstance(custom, dict) else None
    if isinstance(ref, str) and not (journals and csl.get("volume") and page):
        parsed = parse_journal_ref(ref)
        if parsed:
            jkey = canonical_journal(parsed["journal"])
            ref_year = int(parsed["year"]) if parsed.get("year") else year
            for vol in volume_variants(parsed.get("volume"), parsed.get("issue"), ref_year):
                keys.add((jkey, vol, page_key(parsed["page"])))
    return keys


# abbreviation matching (`journal_matches`) lives in citecheck/venues.py, beside the table


def journal_version(journal_ref: str | None) -> Version | None:
    """The journal version an arXiv ``journal_ref`` names (journal, volume, issue, page, year), as
    `parse_journal_ref` reads it; None when it names no journal with a page."""
    parsed = parse_journal_ref(journal_ref)
    if parsed is None:
        return None
    return Version(kind="journal", year=int(parsed["year"]) if parsed.get("year") else None,
                   volume=parsed.get("volume"), issue=parsed.get("issue"), page=parsed["page"],
                   source="journal_ref", **{"container-title": parsed["journal"]})
