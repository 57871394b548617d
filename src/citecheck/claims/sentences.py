"""The sentence (and clause) a citation marker supports.

A sentence ends at ``.``, ``!`` or ``?`` followed by space and a capital, digit, quote or
bracket — but not after an abbreviation a scientific text uses mid-sentence ("et al.", "e.g.",
"Fig.", "Eq.", "Ref.", "vs.", "cf.", an initial "J."), and always at a blank line or a Markdown
heading. The clause is the part between semicolons (or a colon) that holds the marker.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

__all__ = ["Context", "Sentences", "context_of", "strip_markers"]

#: the longest sentence kept: a run-on "sentence" of a page is cut around the marker
MAX_SENTENCE = 1200

_ABBREVIATIONS = {
    "al", "e.g", "i.e", "cf", "fig", "figs", "eq", "eqs", "ref", "refs", "vs", "etc", "approx",
    "resp", "sec", "secs", "ch", "chap", "no", "nos", "vol", "vols", "pp", "p", "dr", "mr", "mrs",
    "ms", "prof", "st", "jr", "sr", "viz", "ca", "tab", "app", "thm", "lem", "def", "prop", "cor",
    "phys", "rev", "lett", "j", "proc", "conf", "int", "inst", "univ", "dept", "ed", "eds", "ibid",
}
_END_RE = re.compile(r"[.!?](?:[\"'’”)\]]*)(?=\s+[\"'‘“(\[]?[A-Z0-9\\])|\n\s*\n|\n#{1,6}\s")
# LaTeX: a sectioning or environment command, or a forced break, ends a sentence too
_LATEX_END_RE = re.compile(
    r"\\(?:begin|end|(?:sub)*section|chapter|paragraph|item|maketitle|caption|label|title|author|date"
    r"|bibliography\w*|documentclass|usepackage)\b\*?(?:\[[^\]\n]*\])?(?:\{[^{}\n]*\})?|\\\\"
    r"|[.!?](?:[\"'’”)\]]*)(?=\s+[\"'‘“(\[]?[A-Z0-9\\])|\n\s*\n"
)
_LATEX_CITE_RE = re.compile(r"\\[a-zA-Z]*cite[a-zA-Z]*\*?\s*(?:\[[^\]\n]*\]\s*){0,2}((?:\{[^{}\n]*\}\s*)+)")
_WORD_BEFORE_RE = re.compile(r"([\w.]+)\.$")


@dataclass(frozen=True)
class Context:
    sentence: str  # whitespace collapsed, markers kept as written
    clause: str
    start: int  # offsets of the sentence in the text
    end: int


def _is_boundary(text: str, m: re.Match[str]) -> bool:
    if m.group(0)[0] != ".":
        return True
    before = _WORD_BEFORE_RE.search(text, max(0, m.start() - 20), m.start() + 1)
    if not before:
        return True
    word = before.group(1).lower()
    if word in _ABBREVIATIONS or re.fullmatch(r"[a-z]", word) or re.fullmatch(r"(?:[a-z]\.)+[a-z]", word):
        return False
    return not (before.group(1)[:1].isupper() and len(word) == 1)


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _plain_latex(text: str) -> str:
    """A LaTeX sentence as a reader sees it: each ``\\cite`` as ``[key, key]``, markup gone."""
    from citecheck.extract.latex import detex

    keys = [", ".join(k.strip() for g in re.findall(r"\{([^{}]*)\}", m.group(1)) for k in g.split(","))
            for m in _LATEX_CITE_RE.finditer(text)]
    counter = iter(range(len(keys)))
    plain = detex(_LATEX_CITE_RE.sub(lambda m: f" CITECHECKMARK{next(counter)}X ", text))
    for i, key in enumerate(keys):
        plain = plain.replace(f"CITECHECKMARK{i}X", f"[{key}]")
    return _collapse(plain)


def _top_level_semicolons(sentence: str) -> list[int]:
    """Offsets of the ``;`` and ``:`` that separate clauses: outside brackets, before a space."""
    depth, out = 0, []
    for i, ch in enumerate(sentence):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch in ";:" and depth == 0 and sentence[i + 1: i + 2].isspace():
            out.append(i)
    return out


class Sentences:
    """The sentences of one text, found once: each marker's context is then a lookup, so a
    text's markers cost time in proportion to the text, however densely it cites."""

    def __init__(self, text: str, latex: bool = False) -> None:
        self.text, self.latex = text, latex
        ends = _LATEX_END_RE if latex else _END_RE
        found = [m for m in ends.finditer(text) if _is_boundary(text, m)]
        self._ends = [m.end() for m in found]  # where the next sentence may start
        self._stops = [m.start() + (1 if m.group(0)[0] in ".!?" else 0) for m in found]
        self._starts = [m.start() for m in found]
        self._cache: dict[tuple[int, int], tuple[str, list[int]]] = {}

    def _bounds(self, start: int, end: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._ends, start) - 1
        left = self._ends[i] if i >= 0 else 0
        j = bisect.bisect_left(self._starts, end)
        right = self._stops[j] if j < len(self._starts) else len(self.text)
        if right - left <= MAX_SENTENCE:
            return left, right
        # a run-on "sentence": the window of MAX_SENTENCE characters on a fixed grid of half
        # windows that holds the marker (markers of one half share it; a marker is shorter)
        half = MAX_SENTENCE // 2
        lo = left + max(0, (start - left) // half - 1) * half
        return lo, min(right, lo + MAX_SENTENCE + half)

    def context(self, start: int, end: int) -> Context:
        """The sentence and clause around ``text[start:end]`` (a marker)."""
        left, right = self._bounds(start, end)
        sentence = self.text[left:right]
        shown = self._cache.get((left, right))
        show = _plain_latex if self.latex else _collapse
        if shown is None:
            shown = (show(sentence), _top_level_semicolons(sentence))
            self._cache[(left, right)] = shown
        whole, cuts = shown
        rel_s, rel_e = start - left, end - left
        c_lo = max((c + 1 for c in cuts if c < rel_s), default=0)
        c_hi = min((c for c in cuts if c >= rel_e), default=len(sentence))
        clause = whole if (c_lo, c_hi) == (0, len(sentence)) else show(sentence[c_lo:c_hi])
        lead = len(sentence) - len(sentence.lstrip())
        return Context(whole, clause, left + lead, right)


def context_of(text: str, start: int, end: int, latex: bool = False) -> Context:
    """The sentence and clause around ``text[start:end]`` (a marker); ``latex``: the text is
    LaTeX source (the sentence is given as plain text, each citation as ``[key]``). For many
    markers of one text, build `Sentences` once."""
    return Sentences(text, latex).context(start, end)


def strip_markers(sentence: str, markers: list[str]) -> str:
    """The sentence with its citation markers taken out (what a claim says, for a judge)."""
    for marker in sorted(set(markers), key=len, reverse=True):
        sentence = sentence.replace(marker, " ")
    sentence = re.sub(r"\(\s*\)|\[\s*\]", "", sentence)
    return _collapse(re.sub(r"\s+([,.;:!?)])", r"\1", sentence))
