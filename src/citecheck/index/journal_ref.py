"""Journal / volume / first-page keys of a record, for title-less physics references.

A record is findable under every spelling of its venue it carries (``container-title`` and
``container-title-short``) and, when it has neither, under the journal named in its arXiv
``journal_ref`` ("Phys. Rev. Lett. 81, 4412 (1998)", "Phys.Rev.D76:014014,2007"). The parser
only accepts strings that *start* with a journal name followed by volume and page, so prose
journal-refs ("in Proceedings of ...") are left alone rather than guessed at.
"""

from __future__ import annotations

import re
from typing import Any

from citecheck.index.schema import page_key, volume_key
from citecheck.model import Version
from citecheck.normalize import canonical_journal
from citecheck.years import year_pattern

_JOURNAL = r"(?P<journal>[A-Za-z][A-Za-z.&'\s\-:/]*?[A-Za-z.])"
_PATTERNS = [
    # "Optics Letters 32, 15 (2007) 2206-2208": volume, issue, (year), page
    re.compile(
        _JOURNAL + r"\s*,?\s*(?P<volume>\d+)\s*,\s*(?P<issue>\d+)\s*\((?P<year>\d{4})\)\s*,?\s*"
        r"(?P<page>[A-Za-z]?\d+)"
    ),
    # "Phys. Rev. Lett. 81, 4412 (1998)", "Phys.Rev.D76:014014,2007", "Physica A 379 (2007) 714",
    # "Opt. Lett. 32(11) 1557-1559 (2007)", "J. Nonlinear Math. Phys 14 (4) (2007) 440-461"
    re.compile(
        _JOURNAL + r"\s*,?\s*(?:Vol\.?\s*)?(?P<volume>\d+)\s*(?:\((?P<paren>\d+)\)\s*)?"
        r"(?:\((?P<year>\d{4})\)\s*)?[,:]?\s*(?:pp?\.?\s*)?(?P<page>[A-Za-z]?\d+)"
    ),
]
_YEAR_RE = re.compile(rf"\b({year_pattern(1800)})\b")


def parse_journal_ref(text: str | None) -> dict[str, str] | None:
    """{"journal", "volume", "page"[, "issue", "year"]} from a journal-ref string, or None."""
    if not text:
        return None
    text = text.strip()
    for pattern in _PATTERNS:
        match = pattern.match(text)
        if not match:
            continue
        groups = {k: v for k, v in match.groupdict().items() if v}
        paren = groups.pop("paren", None)
        if paren:  # "(2007)" right after the volume is a year, "(11)" an issue
            groups["year" if _YEAR_RE.fullmatch(paren) else "issue"] = paren
        if "year" not in groups:
            year = _YEAR_RE.search(text[match.end():])
            if year:
                groups["year"] = year.group(1)
        groups["journal"] = groups["journal"].strip(" ,:-")
        if not canonical_journal(groups["journal"]):
            return None
        return groups
    return None


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
            for vol in volume_variants(parsed["volume"], parsed.get("issue"), ref_year):
                keys.add((jkey, vol, page_key(parsed["page"])))
    return keys


# abbreviation matching (`journal_matches`) lives in citecheck/venues.py, beside the table


def journal_version(journal_ref: str | None) -> Version | None:
    """The journal version an arXiv ``journal_ref`` names (journal, volume, issue, page, year), read
    by the reading stage's reference reader; None when it names no journal with a volume or page."""
    if not journal_ref or not journal_ref.strip():
        return None
    from citecheck.reading import read_reference  # the free-text reader: only when asked

    read = read_reference(journal_ref).record
    if not read.container_title or not (read.volume or read.page):
        return None
    return Version(kind="journal", year=read.year, volume=read.volume, issue=read.issue,
                   page=read.page, source="journal_ref", **{"container-title": read.container_title})
