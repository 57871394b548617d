"""Title comparison: character similarity plus a word-level diff, robust to markup and subtitles.

Character similarity alone cannot tell "one word changed" from "another title" on short titles
(one long word swapped in a five-word title drops it to ~0.7); counting word edits can.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rapidfuzz.distance import Levenshtein

from citecheck.function_words import STOP_WORDS
from citecheck.regex_cache import compile_re
from citecheck.titles import title_key

TitleMatch = Literal["same", "close", "related", "different"]

TITLE_SAME = 0.97  # character similarity treated as identical (spacing, hyphenation, typos)
TITLE_CLOSE = 0.85
TITLE_RELATED = 0.60
_SUBTITLE_SEP = compile_re(r"\s*(?::|\s[-–—]+\s|\.\s|\?\s|!\s)\s*")


@lru_cache(maxsize=65536)
def _head(title: str) -> str:
    """The main title without its subtitle ('' when there is no subtitle)."""
    parts = _SUBTITLE_SEP.split(title.strip().rstrip(".?! "), maxsplit=1)
    return title_key(parts[0]) if len(parts) == 2 and len(parts[0]) >= 12 else ""


_SPELLING = [  # British → American endings; applied to both titles, so only variants coincide
    (compile_re(r"isation"), "ization"),
    (compile_re(r"(?<=\w{3})is(e|ed|es|ing|er|ers)$"), r"iz\1"),
    (compile_re(r"(?<=\w{3})our(s|ed|ing|ite|ites|able)?$"), r"or\1"),
    (compile_re(r"(?<=\w{3})ll(ing|ed|er|ers)$"), r"l\1"),
    (compile_re(r"(?<=\w{2})ys(e|es|ed|ing)$"), r"yz\1"),
    (compile_re(r"(?<=\w{3})tre(s)?$"), r"ter\1"),
    (compile_re(r"(?<=\w{3})ogue(s)?$"), r"og\1"),
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


#: words that say nothing about which work a title names ("versus" too: "Nature versus Nurture")
_STOP_WORDS = STOP_WORDS | {"versus", "vs"}
#: residue of markup in scraped titles (<i>, <sub>, MathML, TeX font switches)
_MARKUP_WORDS = frozenset(["sub", "sup", "mml", "math", "mi", "mo", "mn", "mrow", "msub", "msup",
                           "msubsup", "mtext", "em", "tt", "rm", "bf"])
_ROMAN = compile_re(r"^(?=[ivxl]+$)l?x{0,3}(?:ix|iv|v?i{0,3})$")
_MARKUP = compile_re(r"<[^>]{1,40}>")


def _word_key(title: str) -> list[str]:
    return title_key(_MARKUP.sub(" ", title)).split()


def _americanised(words: list[str]) -> set[str]:
    return {_american(w) for w in words}


def _near(word: str, other: str) -> bool:
    """A typo, inflection or transliteration of the same word ('state'/'states',
    'schrodinger'/'schroedinger', 'aluminium'/'aluminum')."""
    if abs(len(word) - len(other)) > 2 or (word[:1] != other[:1] and len(word) < 7):
        return False
    limit = 1 if min(len(word), len(other)) < 7 else 2
    return Levenshtein.distance(word, other, score_cutoff=limit) <= limit


@lru_cache(maxsize=65536)
def content_words_missing(title: str, other: str) -> tuple[str, ...]:
    """Content words of `title` that `other` lacks (not even as a spelling variant, a typo, an
    inflection, or split/joined by a hyphen): a word the citation replaced or added.

    Function words, numbers and roman numerals are left out ('II' vs '2' is no claim).
    """
    wa, wb = _word_key(title), _word_key(other)
    if not wa or not wb:
        return ()
    have = set(wb) | _americanised(wb) | {x + y for x, y in itertools.pairwise(wb)}
    missing: list[str] = []
    for i, w in enumerate(wa):
        if len(w) <= 2 or w in _STOP_WORDS or w in _MARKUP_WORDS or w.isdecimal() or _ROMAN.match(w):
            continue
        if w in have or _american(w) in have:
            continue
        if (i + 1 < len(wa) and wa[i] + wa[i + 1] in have) or (i > 0 and wa[i - 1] + w in have):
            continue
        if any(_near(w, x) for x in wb) or (any(ch.isdecimal() for ch in w) and any(
                w.rstrip("0123456789") == x.rstrip("0123456789") for x in wb)):
            continue
        missing.append(w)
    return tuple(missing)


_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50}
_UMLAUT_SPELLED = compile_re(r"(?<=[aou])e")


def _arabic(word: str) -> str:
    """'iii' → '3', 'iv' → '4'; other words unchanged."""
    if not _ROMAN.match(word):
        return word
    values = [_ROMAN_VALUES[ch] for ch in word]
    total = sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
    return str(total)


@lru_cache(maxsize=65536)
def _strict_form(title: str) -> str:
    words = [w for w in _word_key(title) if w not in _MARKUP_WORDS]
    return "".join(_UMLAUT_SPELLED.sub("", _american(_arabic(w))) for w in words)


def _same_words(a: str, b: str) -> bool:
    """Word for word the same title once markup, spacing and hyphenation, British/American
    spelling, spelled-out umlauts and roman numerals are evened out (a typo is not)."""
    fa = _strict_form(a)
    return len(fa) >= 12 and fa == _strict_form(b)


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
        # nearly the same characters, but a content word replaced ("final states" → "final
        # atlas" in a 25-word title) is a changed title, not a typo
        changed = max(len(content_words_missing(cited, found)), len(content_words_missing(found, cited)))
        if changed:
            return TitleComparison(sim, changed, n, "close")
        return TitleComparison(max(sim, TITLE_SAME), edits, n, "same")
    # A citation may drop the subtitle (or the record may lack it): the main titles agree.
    for x, hx, y, (shorter, longer) in ((a, _head(found), b, (cited, found)),
                                        (b, _head(cited), a, (found, cited))):
        if hx and len(hx) >= 12 and Levenshtein.normalized_similarity(x, hx) >= TITLE_SAME:
            changed = len(content_words_missing(shorter, longer))
            if changed:
                return TitleComparison(sim, changed, n, "close")
            return TitleComparison(max(sim, 0.9), Levenshtein.distance(x.split(), y.split()), n,
                                   "same", subtitle_only=True)
    if _same_words(cited, found):  # markup, transliteration, "III" vs "3", "μSR" vs "muSR"
        return TitleComparison(max(sim, TITLE_SAME), edits, n, "same")
    if (n >= 4 and edits <= max(1, n // 4) and edits <= 2) or sim >= TITLE_CLOSE:
        match: TitleMatch = "close"
    elif sim >= TITLE_RELATED or (n >= 4 and edits <= n // 2):
        match = "related"
    else:
        match = "different"
    return TitleComparison(sim, edits, n, match)
