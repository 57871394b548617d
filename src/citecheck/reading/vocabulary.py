"""The word list the PDF clean-up splits glued words by: data/vocabulary.txt.gz (built by
scripts/build_vocabulary.py), which words it knows, and the fewest-parts dictionary split of a glued
word ("quantumcriticality" → "quantum criticality")."""

from __future__ import annotations

import gzip
import math
from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib import resources

from citecheck.function_words import CAPITAL_SHORT_WORDS
from citecheck.names import name_words
from citecheck.word_lines import SortedLines

__all__ = ["BOUND_PREFIXES", "best_split", "is_known_word", "is_plain_word", "split_glued"]

_SHORT_OK = frozenset(
    ["a", "an", "as", "at", "be", "by", "in", "is", "it", "of", "on", "or", "to", "up", "we", "and", "are", "for", "the", "via", "non", "its", "two", "new", "low", "one", "all", "can", "not", "how", "why", "use", "our", "out", "has", "from", "with", "into", "over", "than", "that", "this", "under"]
)
# Prefixes that make one word, not two, with what follows: "noninteger", "semiclassical"
BOUND_PREFIXES = frozenset(
    ["non", "anti", "semi", "multi", "quasi", "pseudo", "hyper", "ultra", "micro", "nano", "meso",
     "macro", "super", "sub", "inter", "intra", "trans", "poly", "mono", "post", "pre", "para",
     "photo", "electro", "magneto", "thermo", "hydro", "bio", "geo", "astro", "neuro", "iso", "co",
     "de", "re", "un", "ferro", "opto", "spectro"]
)


class WordCounts(SortedLines):
    """word → its count (kept as text: converted only for the few words a split weighs), held as the
    file's lines ("word<TAB>count", sorted by word) and looked up by bisection: splitting the lines
    further and hashing the 84,000 words into a dict took longer than reading the file, for the few
    dozen words one reference asks about. (A tab sorts before any character of a word, so the lines
    sort as their words do.)"""

    def get(self, word: str, default: str | None = None) -> str | None:  # type: ignore[override]
        line = self.line_from(word + "\t")
        return line[len(word) + 1:] if line is not None else default

    def __iter__(self) -> Iterator[str]:
        return (line.partition("\t")[0] for line in self._lines)


@lru_cache(maxsize=1)
def _vocabulary() -> WordCounts:
    """The word list (scripts/build_vocabulary.py writes its lines sorted by word)."""
    ref = resources.files("citecheck.data").joinpath("vocabulary.txt.gz")
    with ref.open("rb") as raw:
        text = gzip.decompress(raw.read()).decode("utf-8")
    return WordCounts(text.rstrip("\n").split("\n"))


@lru_cache(maxsize=65536)  # (the clean-up asks the same words of every reference: a bisection each)
def is_known_word(word: str) -> bool:
    return word.lower() in _vocabulary()


def is_plain_word(word: str) -> bool:
    """A word the word list knows and no list of personal names holds ("magnetism", "theory"; not
    "robert", "brown"): a title's word, not a name's."""
    return is_known_word(word) and word.lower() not in name_words()


def _part_ok(part: str, vocab: Mapping[str, int] | Mapping[str, str]) -> float | None:
    """log-weight of a part of a split, or None when it cannot be one."""
    value = vocab.get(part)
    if value is None:
        return None
    count = int(value)
    if len(part) <= 3 and part not in _SHORT_OK and count < 100:
        return None
    return math.log(count + 1)


def best_split(low: str, vocab: Mapping[str, int] | Mapping[str, str], max_parts: int = 5) -> tuple[str, ...] | None:
    """Fewest-parts split of ``low`` into known words (ties: the more frequent words), or None."""
    n = len(low)
    # best[i] = (parts, -weight, split) for low[:i]
    best: list[tuple[int, float, tuple[str, ...]] | None] = [None] * (n + 1)
    best[0] = (0, 0.0, ())
    for j in range(1, n + 1):
        for i in range(max(0, j - 30), j):
            prev = best[i]
            if prev is None or prev[0] >= max_parts:
                continue
            w = _part_ok(low[i:j], vocab)
            if w is None:
                continue
            cand = (prev[0] + 1, prev[1] - w, (*prev[2], low[i:j]))
            if best[j] is None or cand < best[j]:  # type: ignore[operator]  # checked for None just before
                best[j] = cand
    end = best[n]
    return end[2] if end is not None and end[0] >= 2 else None


#: the only one- and two-letter words a glued word splits into; word endings it never splits off
_SHORT_WORDS = frozenset({"a", "an", "as", "at", "be", "by", "do", "if", "in", "is", "it", "of", "on", "or", "so",
                          "to", "up", "we", "no", "vs"})
_SUFFIX_PIECES = frozenset({"tion", "tions", "sion", "ing", "ings", "ness", "ment", "ments", "ity", "ism", "ally",
                            "ical", "ized", "ised", "able", "ible"})


@lru_cache(maxsize=8192)
def split_glued(word: str) -> tuple[str, ...] | None:
    """The dictionary split of a glued word ("quantumcriticality" → ("quantum", "criticality"))
    with as few parts as possible; None when the word is known or no split exists."""
    low = word.lower()
    vocab = _vocabulary()
    if low in vocab or len(low) < 6:
        return None
    parts = best_split(low, vocab)
    if parts is None:
        return None
    if parts[0] in BOUND_PREFIXES:  # "noninteger", "deconfinedcriticality" → "deconfined criticality"
        parts = (parts[0] + parts[1], *parts[2:])
        if len(parts) < 2:
            return None
    if len(parts) >= 3 and sum(len(p) <= 2 for p in parts) >= 2:
        return None  # "inflaton" is no "in flat on"
    if any((len(p) <= 2 and p not in _SHORT_WORDS) or p in _SUFFIX_PIECES for p in parts):
        return None  # "thermalization" is no "th erma liza tion"
    if word[:1].isupper() and any(len(p) <= 3 and p not in CAPITAL_SHORT_WORDS for p in parts):
        return None  # "Bowlan" is a name, not "Bowl an"
    out, pos = [], 0
    for p in parts:  # restore the printed case of each part
        out.append(word[pos:pos + len(p)])
        pos += len(p)
    return tuple(out)
