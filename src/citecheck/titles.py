"""Titles: the one title key and title similarity, shared by the index, retrieval and verification.

`title_key` folds markup, accents and case into words; it keeps Unicode letters for titles in
other scripts (Cyrillic, Greek, CJK), so that two identical non-Latin titles have the same key.
`title_similarity` (character similarity, subtitle-tolerant) ranks retrieval candidates; the
word-level comparison used by verification builds on `title_key` in `verify/titles.py`.
`implausible_title` tells a parsed "title" that is really a name list or a journal.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from citecheck.folding import drop_combining, fold
from citecheck.latex_text import latex_to_text
from citecheck.names import looks_like_name_list
from citecheck.regex_cache import compile_re
from citecheck.venues import looks_like_venue

_LATEX_CMD_RE = compile_re(r"\\[a-zA-Z]+\*?\s*")
_NON_ALNUM_RE = compile_re(r"[^0-9a-z]+")


@lru_cache(maxsize=65536)
def normalize_title(title: str | None) -> str:
    """ASCII-folded title words (LaTeX commands and markup dropped); "" for a title in a script
    that folds away (Cyrillic, CJK). Prefer `title_key`, which keeps such titles."""
    if not title:
        return ""
    text = title.replace("$", " ").replace("{", "").replace("}", "")
    text = _LATEX_CMD_RE.sub(" ", text)
    text = fold(text)
    return _NON_ALNUM_RE.sub(" ", text).strip()


_WORD_RE = compile_re(r"\w+")


def index_title_key(title: str | None) -> str:
    """The key the local index stores titles under and searches them by (its FTS column).

    ``normalize_title`` when it leaves anything; titles in scripts it folds away entirely
    (Cyrillic, CJK, Thai) keep their case-folded Unicode words. Part of the index format: a
    change needs ``index.schema.SCHEMA_VERSION`` raised, so that indexes are rebuilt.
    """
    key = normalize_title(title)
    if key or not title:
        return key
    return " ".join(_WORD_RE.findall(unicodedata.normalize("NFKC", title).casefold()))


def title_words(title: str | None) -> list[str]:
    return normalize_title(title).split()


@lru_cache(maxsize=65536)
def title_key(title: str) -> str:
    """Normalised title; lower-cased first so upper-case Greek (Π, Ξ) is spelled out too.

    `normalize_title` keeps ASCII letters only; a title in another script (Cyrillic, CJK) would
    shrink to nothing, so such titles keep their Unicode letters instead. Remembered: retrieval
    compares each cited title with every candidate's, and a batch cites the same works often.
    """
    title = latex_to_text(title, only_if_backslash=True)
    if "&" in title:  # HTML entities from scraped metadata: "&amp;", "D&apos;Hondt"; "&" = "and"
        title = html.unescape(title).replace("&", " and ")
    ascii_key = normalize_title(title.lower())
    text = unicodedata.normalize("NFKD", title.casefold())
    text = drop_combining(text)
    uni_key = " ".join(re.split(r"[\W_]+", text)).strip()
    if len(uni_key.replace(" ", "")) > 1.5 * len(ascii_key.replace(" ", "")) + 3:
        return uni_key
    return ascii_key


@lru_cache(maxsize=1)
def _wide_re() -> re.Pattern[str]:
    # compiled on first use: a class of CJK ranges takes `re` milliseconds to compile
    return re.compile(r"[\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def title_length(title: str | None) -> int:
    """Length of a title in Latin-letter terms: a Han, kana or Hangul character, which holds a
    word or a syllable, counts as two ("채식주의자", a whole title, is 10)."""
    if not title:
        return 0
    title = title.strip()
    if title.isascii():
        return len(title)
    return len(title) + len(_wide_re().findall(title))


#: a title shorter than this (`title_length`) is no handle to look a work up by
MIN_SEARCHABLE = 8


def searchable_title(title: str | None) -> bool:
    """Long enough to look a work up by — the one test retrieval, the checker (is there anything to
    check by?) and the reading combination (is the labeller's title worth taking?) share: eight
    Latin letters, or four Han/kana/Hangul characters ("新媒体研究")."""
    return title_length(title) >= MIN_SEARCHABLE


def title_similarity(a: str | None, b: str | None) -> float:
    """Normalised Levenshtein similarity of two titles in 0..1 (0 when either is missing).

    A citation that drops a subtitle ("Title" vs "Title: a study of X") still scores high:
    the prefix comparison is weighted a little below a full match.
    """
    na, nb = title_key(a or ""), title_key(b or "")
    if not na or not nb:
        return 0.0
    full = Levenshtein.normalized_similarity(na, nb)
    short, long_ = (na, nb) if len(na) <= len(nb) else (nb, na)
    if len(short) >= 20 and len(short) >= 0.5 * len(long_):
        prefix = Levenshtein.normalized_similarity(short, long_[: len(short)])
        full = max(full, 0.92 * prefix)
    return full


def implausible_title(title: str | None) -> bool:
    """A 'title' that is not one: a name list, a journal abbreviation, a stray letter or two."""
    if not title or not title.strip():
        return False
    key = title_key(title)
    if len(key.replace(" ", "")) < 6:
        return True
    return looks_like_name_list(title) or looks_like_venue(title)
