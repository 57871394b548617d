"""Title comparison: character similarity plus a word-level diff, robust to markup and subtitles.

Character similarity alone cannot tell "one word changed" from "another title" on short titles
(one long word swapped in a five-word title drops it to ~0.7); counting word edits can.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pylatexenc.latex2text import LatexNodes2Text
from rapidfuzz.distance import Levenshtein

from citecheck.normalize import normalize_title

TitleMatch = Literal["same", "close", "related", "different"]

TITLE_SAME = 0.97  # character similarity treated as identical (spacing, hyphenation, typos)
TITLE_CLOSE = 0.85
TITLE_RELATED = 0.60
_SUBTITLE_SEP = re.compile(r"\s*(?::|\s[-–—]+\s|\.\s|\?\s|!\s)\s*")


_LATEX = LatexNodes2Text()


@lru_cache(maxsize=16384)
def delatex(text: str) -> str:
    """LaTeX to Unicode ("$\\alpha$-decay" → "α-decay", "M{\\"u}ller" → "Müller"); text without
    a backslash is returned as is, and unparsable LaTeX falls back to the raw text."""
    if "\\" not in text:
        return text
    try:
        return _LATEX.latex_to_text(text)
    except Exception:  # pylatexenc raises assorted errors on malformed input
        return text


@lru_cache(maxsize=65536)
def title_key(title: str) -> str:
    """Normalised title; lower-cased first so upper-case Greek (Π, Ξ) is spelled out too.

    `normalize_title` keeps ASCII letters only; a title in another script (Cyrillic, CJK) would
    shrink to nothing, so such titles keep their Unicode letters instead.
    """
    title = delatex(title)
    if "&" in title:  # HTML entities from scraped metadata: "&amp;", "D&apos;Hondt"; "&" = "and"
        title = html.unescape(title).replace("&", " and ")
    ascii_key = normalize_title(title.lower())
    text = unicodedata.normalize("NFKD", title.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    uni_key = " ".join(re.split(r"[\W_]+", text)).strip()
    if len(uni_key.replace(" ", "")) > 1.5 * len(ascii_key.replace(" ", "")) + 3:
        return uni_key
    return ascii_key


@lru_cache(maxsize=65536)
def _head(title: str) -> str:
    """The main title without its subtitle ('' when there is no subtitle)."""
    parts = _SUBTITLE_SEP.split(title.strip().rstrip(".?! "), maxsplit=1)
    return title_key(parts[0]) if len(parts) == 2 and len(parts[0]) >= 12 else ""


_SPELLING = [  # British → American endings; applied to both titles, so only variants coincide
    (re.compile(r"isation"), "ization"),
    (re.compile(r"(?<=\w{3})is(e|ed|es|ing|er|ers)$"), r"iz\1"),
    (re.compile(r"(?<=\w{3})our(s|ed|ing|ite|ites|able)?$"), r"or\1"),
    (re.compile(r"(?<=\w{3})ll(ing|ed|er|ers)$"), r"l\1"),
    (re.compile(r"(?<=\w{2})ys(e|es|ed|ing)$"), r"yz\1"),
    (re.compile(r"(?<=\w{3})tre(s)?$"), r"ter\1"),
    (re.compile(r"(?<=\w{3})ogue(s)?$"), r"og\1"),
]


@lru_cache(maxsize=65536)
def _american(word: str) -> str:
    for pattern, repl in _SPELLING:
        word = pattern.sub(repl, word)
    return word


def _spelling_variants(wa: list[str], wb: list[str]) -> bool:
    """Same words up to British/American spelling: modelling/modeling, behaviour/behavior."""
    if len(wa) != len(wb):
        return False
    return all(x == y or _american(x) == _american(y) for x, y in zip(wa, wb, strict=True))


@dataclass(frozen=True, slots=True)
class TitleComparison:
    similarity: float  # 0..1 character similarity of the normalised titles
    word_edits: int  # words changed + dropped + added
    words: int  # words in the longer title
    match: TitleMatch
    subtitle_only: bool = False  # equal once the subtitle is ignored


@lru_cache(maxsize=65536)
def compare_titles(cited: str, found: str) -> TitleComparison:
    a, b = title_key(cited), title_key(found)
    if not a or not b:
        return TitleComparison(0.0, 0, 0, "different")
    wa, wb = a.split(), b.split()
    n = max(len(wa), len(wb))
    if a == b or a.replace(" ", "") == b.replace(" ", ""):
        return TitleComparison(1.0, 0, n, "same")
    sim = Levenshtein.normalized_similarity(a, b)
    edits = Levenshtein.distance(wa, wb)
    if sim >= TITLE_SAME or _spelling_variants(wa, wb):
        return TitleComparison(max(sim, TITLE_SAME), edits, n, "same")
    # A citation may drop the subtitle (or the record may lack it): the main titles agree.
    for x, hx, y in ((a, _head(found), b), (b, _head(cited), a)):
        if hx and len(hx) >= 12 and Levenshtein.normalized_similarity(x, hx) >= TITLE_SAME:
            return TitleComparison(max(sim, 0.9), Levenshtein.distance(x.split(), y.split()), n,
                                   "same", subtitle_only=True)
    if (n >= 4 and edits <= max(1, n // 4) and edits <= 2) or sim >= TITLE_CLOSE:
        match: TitleMatch = "close"
    elif sim >= TITLE_RELATED or (n >= 4 and edits <= n // 2):
        match = "related"
    else:
        match = "different"
    return TitleComparison(sim, edits, n, match)
