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
from citecheck.normalize import canonical_journal

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
_YEAR_RE = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


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


# -- abbreviation matching, for journals the abbreviation table does not list ----------------

_JOURNAL_STOP = frozenset(
    {"of", "the", "and", "for", "in", "on", "de", "der", "des", "la", "le", "du", "und", "a", "an"}
)


def _journal_words(name: str) -> list[str]:
    from citecheck.normalize import fold

    words = re.split(r"[^0-9a-z]+", fold(name.replace("\\&", " ")))
    # "a" is kept only as a series letter at the end ("Physica A"), otherwise it is an article
    kept = [w for i, w in enumerate(words) if w and (w not in _JOURNAL_STOP or (w == "a" and i == len(words) - 1))]
    return kept


def _abbreviates(short: str, word: str) -> bool:
    """ "phys" ~ "physics" (prefix), "natl" ~ "national" (same first letter, letters in order)."""
    if short == word or word.startswith(short):
        return True
    if len(short) < 2 or short[0] != word[0] or len(short) >= len(word):
        return False
    it = iter(word)
    return all(ch in it for ch in short)


def journal_matches(cited: str | None, name: str | None) -> bool:
    """Could ``cited`` be an abbreviation of (or the same as) journal ``name``?

    Word by word, in order: each cited word abbreviates one word of the name ("J. Low Temp.
    Phys." ~ "Journal of Low Temperature Physics") or is the initials of a run of words ("USA",
    "JHEP"); at most one long word of the name may go unmatched, never a series letter
    ("Phys. Rev." is not "Physical Review B").
    """
    if not cited or not name:
        return False
    short, full = _journal_words(cited), _journal_words(name)
    if not short or not full:
        return False
    if short == full:
        return True

    def walk(i: int, j: int, skips: int) -> bool:
        if i == len(short):  # the name's last words must be matched: "Nature" is not "Nature Physics"
            return j == len(full)
        if j == len(full):
            return False
        word = short[i]
        if _abbreviates(word, full[j]) and walk(i + 1, j + 1, skips):
            return True
        for k in range(2, min(len(word), len(full) - j) + 1):
            if word == "".join(w[0] for w in full[j : j + k]) and walk(i + 1, j + k, skips):
                return True
        return skips == 0 and len(full[j]) >= 4 and walk(i, j + 1, 1)

    return walk(0, 0, 0)
