"""A whole reference string as a search of the local index, the way Crossref's ``query.bibliographic``
takes one (for references whose parse is doubtful or found nothing): the probes it gives, and how
much of a record it holds. `LocalIndex.search_raw` runs the probes.

Three probes, all cheap: every piece of the string between punctuation is tried as an exact
(normalised) title; every pair of adjacent numbers of the string is tried as (volume, first page)
on the journal table (an indexed lookup each), and the string's rarer words are OR-ed into one FTS5
query over titles and author names. Each hit is then scored by how much of it the string holds:
its title words, author family names, year, volume, first page and journal words.
`raw_match` says whether a hit is found *positively* — the record's title spelled out in the
string, or its volume, first page and year all there with an author or journal word — which is
what a caller needs before trusting a hit it could not find through the parsed fields.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citecheck.index.schema import page_key, title_key, volume_key
from citecheck.model import Record
from citecheck.normalize import fold, journal_key, name_key
from citecheck.years import YEAR

__all__ = ["RawProbes", "rarest_terms", "raw_match", "raw_probes", "raw_score"]

_NUM_RE = re.compile(r"(?<![\w.])[A-Z]{0,6}\d{1,6}[A-Za-z]?(?![\w])")
_WORD_RE = re.compile(r"[^\W\d_]{3,}")
_YEAR_RE = re.compile(rf"(?<!\d)({YEAR})(?!\d)")
_PIECE_RE = re.compile(r"[,.;:!?'\"“”‘’«»()\[\]，。；：、]+")
MAX_PIECES = 16
RAW_FTS_FETCH = 10  # the best full-text hits kept ...
RAW_RECORDS = 25  # ... and records decoded and scored in all
MAX_PAIRS = 12
MAX_TERMS = 8
ROW_BUDGET = 600  # title rows the OR-ed words may match in all (bm25 costs per matching row)


def _letters(text: str) -> str:
    return re.sub(r"[\W_]+", "", fold(text))


@lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in title_key(text).split() if len(w) >= 3)


@dataclass(frozen=True)
class _Raw:
    """What the checks below need of a raw string, computed once per string."""

    letters: str
    words: frozenset[str]
    volumes: frozenset[str]
    pages: frozenset[str]
    years: frozenset[int]
    journal_keys: frozenset[str]
    journal_text: str


@lru_cache(maxsize=256)
def _raw(raw: str) -> _Raw:
    nums = [m.group(0) for m in _NUM_RE.finditer(raw)]
    return _Raw(_letters(raw), _words(raw), frozenset(volume_key(n) for n in nums),
                frozenset(page_key(n) for n in nums), frozenset(int(y) for y in _YEAR_RE.findall(raw)),
                frozenset(journal_key(w) for w in raw.split()), journal_key(raw))


def _families(record: Record) -> list[str]:
    out = []
    for name in record.author[:6]:
        fam = name.family or name.literal or ""
        key = name_key(fam)
        if key:
            out.append(key.replace(" ", ""))
    return out


def raw_score(raw: str, record: Record) -> float:
    """0..1: how much of the record the raw string holds (title words, authors, numbers, year)."""
    r = _raw(raw)
    title_words = _words(record.title or "")
    score = 0.0
    weight = 0.0
    if title_words:
        score += 0.5 * len(title_words & r.words) / len(title_words)
        weight += 0.5
    fams = _families(record)
    if fams:
        score += 0.2 * sum(f in r.letters for f in fams) / len(fams)
        weight += 0.2
    for value, w, key in ((record.volume, 0.1, volume_key), (record.first_page, 0.1, page_key)):
        if value:
            score += w * (key(value) in (r.volumes | r.pages))
            weight += w
    if record.year:
        score += 0.1 * any(abs(record.year - y) <= 1 for y in r.years)
        weight += 0.1
    return round(score / weight, 4) if weight else 0.0


def raw_match(raw: str, record: Record) -> bool:
    """Positive evidence that the string cites this record (see the module docstring)."""
    r = _raw(raw)
    title = _letters(record.title or "")
    year_ok = record.year is None or any(abs(record.year - y) <= 1 for y in r.years)
    author_ok = any(f in r.letters for f in _families(record))
    if len(title) >= 20 and title in r.letters:
        return year_ok or author_ok
    vol_ok = bool(record.volume) and volume_key(record.volume) in r.volumes
    page_ok = bool(record.first_page) and page_key(record.first_page) in r.pages
    if not (vol_ok and page_ok and r.years and year_ok):
        return False
    journal = record.container_title_short or record.container_title or ""
    jwords = _words(journal) | {journal_key(journal)}
    journal_ok = bool(jwords & (r.words | r.journal_keys)) or (
        bool(journal) and journal_key(journal) in r.journal_text)
    return author_ok or journal_ok


def _number_pairs(raw: str) -> list[tuple[str, str]]:
    nums = [m.group(0) for m in _NUM_RE.finditer(raw) if not _YEAR_RE.fullmatch(m.group(0))]
    pairs: list[tuple[str, str]] = []
    for a, b in itertools.pairwise(nums):
        pair = (volume_key(a), page_key(b))
        if all(pair) and pair not in pairs:
            pairs.append(pair)
    return pairs[:MAX_PAIRS]


@dataclass(frozen=True)
class RawProbes:
    """What the index is asked for a raw string (`LocalIndex.search_raw` runs the queries)."""

    title_keys: list[str]  # every piece between punctuation, as a title cited exactly (any script)
    volume_pages: list[tuple[str, str]]  # adjacent numbers as (volume, first page)
    words: str  # the string's title words, for the full-text probe


def raw_probes(raw: str) -> RawProbes:
    """The three probes of a raw string (see the module docstring)."""
    keys = [key for piece in _PIECE_RE.split(raw)[:MAX_PIECES] if len(key := title_key(piece)) >= 4]
    return RawProbes(keys, _number_pairs(raw), " ".join(_words(raw)))


def rarest_terms(terms: Sequence[tuple[str, int]]) -> list[str]:
    """The words to OR together, from ``terms`` (word, titles holding it) rarest first: at most
    `MAX_TERMS`, within `ROW_BUDGET` matching rows once two are taken."""
    chosen: list[str] = []
    total = 0
    for term, df in terms:
        if len(chosen) >= MAX_TERMS or (len(chosen) >= 2 and total + df > ROW_BUDGET):
            break
        chosen.append(term)
        total += df
    return chosen
