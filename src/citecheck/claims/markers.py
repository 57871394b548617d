"""In-text citation markers: where a document's body points at its reference list.

Four styles, each read from text as written (no model, no network):

- numeric: ``[1]``, ``[1, 3–5]``, ``[1]–[3]``, ``[12,14]``, Unicode superscripts (``shown¹⁻³``);
- author–year: parenthetical ``(Smith et al., 2019; Lee 2020a)``, ``(e.g. Smith & Lee 2020, p. 4)``
  and narrative ``Smith et al. (2019)``, ``Smith and Lee (2020a, 2021)``;
- keys: LaTeX ``\\cite`` and its natbib/biblatex variants (``\\citep[see][p.~3]{a,b}``,
  ``\\textcite``, ``\\parencites{a}{b}``) and pandoc ``[@key; @other, p. 3]`` / ``@key``.

A `Marker` names what it points at (`Ref`s) and where it is (line, offset). Linking refs to
entries is `claims.link`'s job; the sentence around a marker is `claims.sentences`'.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from citecheck.names import AND_OTHERS, ET_AL_SHORT, TEXT_PARTICLE, alternation
from citecheck.years import MONTHS, year_pattern

__all__ = ["Marker", "Ref", "drop_overlaps", "find_label_markers", "find_latex_markers", "find_text_markers",
           "numeric_range"]

Style = Literal["numeric", "author-year", "key"]

#: a range wider than this ("[1–2019]") is not a citation range
MAX_RANGE = 200
#: a marker's text is at most this long: a parenthesis running on for a page is not one
MAX_MARKER = 400


@dataclass(frozen=True)
class Ref:
    """One thing a marker points at: a printed label ("12"), a key, or names and a year."""

    label: str | None = None  # numeric label or citation key
    names: tuple[str, ...] = ()  # author–year: the family names as written ("Smith", "Lee")
    et_al: bool = False
    year: str | None = None  # "2019" or "2019a"


@dataclass(frozen=True)
class Marker:
    style: Style
    text: str  # the marker as written
    start: int  # offset in the text it was found in
    end: int
    refs: tuple[Ref, ...] = field(default_factory=tuple)
    line: int = 0  # 1-based line of the marker's start, in its file
    file: str | None = None
    page: int | None = None
    narrative: bool = False  # "Smith et al. (2019) showed": the names are part of the sentence


_DASHES = "-–—‐‑−"
_NUM_RANGE_RE = re.compile(rf"^(\d{{1,4}})\s*[{_DASHES}]\s*(\d{{1,4}})$")


def numeric_range(piece: str) -> list[str] | None:
    """``"3–5"`` → ``["3", "4", "5"]``; ``"7"`` → ``["7"]``; None when not a label or range."""
    piece = piece.strip()
    if piece.isdigit() and len(piece) <= 4:
        return [str(int(piece))]
    m = _NUM_RANGE_RE.match(piece)
    if not m:
        return None
    lo, hi = int(m.group(1)), int(m.group(2))
    if not 0 < hi - lo <= MAX_RANGE:
        return None
    return [str(n) for n in range(lo, hi + 1)]


# [1], [1, 3-5], [1;2], and chains [1]-[3] (a dash between two bracketed labels)
_NUMERIC_RE = re.compile(
    rf"(?<![\w\]])\[(\d{{1,4}}(?:\s*[{_DASHES},;]\s*\d{{1,4}}){{0,30}})\]"
    rf"(?:\s*[{_DASHES}]\s*\[(\d{{1,4}})\])?(?!\()"
)
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPER_RE = re.compile(rf"(?<=[^\s\d{_SUPERSCRIPTS}])([{_SUPERSCRIPTS}]{{1,4}}(?:[⁻,˒‚ ][{_SUPERSCRIPTS}]{{1,4}}){{0,20}})")
_SUPER_MAP = str.maketrans(_SUPERSCRIPTS + "⁻˒‚", "0123456789-,,")

_YEAR = rf"{year_pattern(1500)}[a-z]?"
_NAME = rf"(?:{TEXT_PARTICLE}\s+){{0,3}}[A-Z][\w'’\-]{{0,40}}"
_NAMES = (rf"{_NAME}(?:(?:\s*,\s*|\s+)(?:and|&)\s+{_NAME}|\s*,\s*{_NAME}){{0,4}}"
          rf"(?:\s+{ET_AL_SHORT}|\s+and\s+{alternation(AND_OTHERS)})?")
# one author–year citation inside a parenthesis: "Smith et al., 2019a, 2020", "Smith & Lee 2020"
_AY_ITEM_RE = re.compile(rf"(?P<names>{_NAMES})\s*,?\s+(?P<years>{_YEAR}(?:\s*,\s*{_YEAR}){{0,10}})\b")
# a parenthesis may wrap over a line end, never over a blank line
_PAREN_RE = re.compile(rf"\(((?:[^()\n]|\n(?![ \t]*\n)){{4,{MAX_MARKER}}})\)")
_NARRATIVE_RE = re.compile(
    rf"(?<![\w.])(?P<names>{_NAMES})\s+\((?P<years>{_YEAR}(?:\s*[,;]\s*{_YEAR}){{0,10}})"
    r"(?:\s*,\s*(?:p|pp|ch|sec|fig)\.?\s*[\w–-]{1,12})?\)"
)
_NAME_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+")
_ET_AL_RE = re.compile(rf"\s+(?:{ET_AL_SHORT}|and\s+{alternation(AND_OTHERS)})$")
_NOT_NAMES = {
    "see", "e.g", "eg", "i.e", "cf", "also", "in", "table", "fig", "figure", "eq", "section",
    "chapter", "appendix", *(m.lower() for m in MONTHS), "since", "until", "from", "before",
    "after", "during", "about", "around", "circa", "ca", "the", "by", "spring", "summer",
    "autumn", "fall", "winter", "version", "vol", "volume", "no", "year", "years", "between",
    # words that open a sentence before a parenthesised year: "However (2019)" is no author
    "however", "thus", "this", "these", "that", "those", "there", "here", "on", "at", "for",
    "with", "as", "to", "then", "recently", "previously", "later", "earlier", "note", "phase",
    "step", "stage", "model", "experiment", "study", "paper", "report", "act", "law",
    "published", "released", "updated", "revised", "data", "dataset", "survey", "census",
}

# pandoc: [@key], [see @key, p. 3; @other], and a bare @key in running text
_PANDOC_KEY = r"@\{?([\w][\w:.#$%&\-+?<>~/]{0,80}?)\}?(?=[\s,;\].]|$)"
_PANDOC_BRACKET_RE = re.compile(rf"\[([^\[\]\n]{{0,{MAX_MARKER}}}?@[^\[\]\n]{{1,{MAX_MARKER}}})\]")
_PANDOC_BARE_RE = re.compile(r"(?<![\w@\[.])" + _PANDOC_KEY)
_PANDOC_KEY_RE = re.compile(r"(?<![\w.])-?" + _PANDOC_KEY)

# LaTeX: \cite, \citep, \citet*, \parencite, \textcite, \autocite, \footcite, \nocite (not a
# marker: it cites nothing in the text), and the multi-cite forms \cites{a}{b}, \parencites...
_LATEX_CITE_RE = re.compile(
    r"\\(?P<cmd>[a-zA-Z]*cite[a-zA-Z]*|cite)\*?\s*(?P<args>(?:\[[^\]\n]{0,200}\]\s*){0,2}"
    r"(?:\{[^{}\n]{0,2000}\}\s*(?:\[[^\]\n]{0,200}\]\s*){0,2}){1,20})"
)
_LATEX_GROUP_RE = re.compile(r"\{([^{}]*)\}")


def _years(text: str) -> list[str]:
    return re.findall(_YEAR, text)


def _names(text: str) -> tuple[tuple[str, ...], bool] | None:
    """The family names of an author–year item, and whether it ends in "et al."; None when the
    words are not names (a month, "see", "Table")."""
    text = re.sub(r"^(?:(?:see|e\.g\.|i\.e\.|cf\.|also|see also|and)[,\s]+)+", "", text.strip(), flags=re.I)
    et_al = bool(_ET_AL_RE.search(text))
    text = _ET_AL_RE.sub("", text)
    names = tuple(n.strip() for n in _NAME_SPLIT_RE.split(text) if n.strip())
    if not names or any(n.lower().rstrip(".") in _NOT_NAMES for n in names):
        return None
    if not all(re.match(r"^(?:[a-z]+\s+){0,3}[A-Z]", n) for n in names):
        return None
    return names, et_al


def _author_year_refs(item: re.Match[str]) -> list[Ref]:
    parsed = _names(item.group("names"))
    if parsed is None:
        return []
    names, et_al = parsed
    return [Ref(names=names, et_al=et_al, year=y) for y in _years(item.group("years"))]


def _numeric_markers(text: str) -> Iterator[Marker]:
    for m in _NUMERIC_RE.finditer(text):
        labels: list[str] = []
        for piece in re.split(r"[,;]", m.group(1)):
            got = numeric_range(piece)
            if got is None:
                labels = []
                break
            labels.extend(got)
        if m.group(2):  # [1]–[3]
            chain = numeric_range(f"{labels[-1]}-{m.group(2)}") if labels else None
            labels.extend((chain or [m.group(2)])[1 if chain else 0:])
        if labels:
            yield Marker("numeric", m.group(0), m.start(), m.end(), tuple(Ref(label=x) for x in labels))
    for m in _SUPER_RE.finditer(text):
        plain = m.group(1).translate(_SUPER_MAP)
        labels = []
        for piece in plain.split(","):
            labels.extend(numeric_range(piece) or [])
        if labels:
            yield Marker("numeric", m.group(0), m.start(1), m.end(1), tuple(Ref(label=x) for x in labels))


def _author_year_markers(text: str) -> Iterator[Marker]:
    taken: list[tuple[int, int]] = []
    for m in _NARRATIVE_RE.finditer(text):
        parsed = _names(m.group("names"))
        if parsed is None:
            continue
        names, et_al = parsed
        taken.append((m.start(), m.end()))
        yield Marker("author-year", m.group(0), m.start(), m.end(),
                     tuple(Ref(names=names, et_al=et_al, year=y) for y in _years(m.group("years"))), narrative=True)
    for m in _PAREN_RE.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        refs: list[Ref] = []
        for part in m.group(1).split(";"):
            item = _AY_ITEM_RE.search(part)
            if item:
                refs.extend(_author_year_refs(item))
        if refs:
            yield Marker("author-year", m.group(0), m.start(), m.end(), tuple(refs))


def _pandoc_markers(text: str) -> Iterator[Marker]:
    spans: list[tuple[int, int]] = []
    for m in _PANDOC_BRACKET_RE.finditer(text):
        keys = [k.group(1) for k in _PANDOC_KEY_RE.finditer(m.group(1))]
        if keys:
            spans.append((m.start(), m.end()))
            yield Marker("key", m.group(0), m.start(), m.end(), tuple(Ref(label=k) for k in keys))
    for m in _PANDOC_BARE_RE.finditer(text):
        if any(s <= m.start() < e for s, e in spans):
            continue
        yield Marker("key", m.group(0), m.start(), m.end(), (Ref(label=m.group(1)),), narrative=True)


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def _with_lines(markers: list[Marker], text: str, first_line: int, file: str | None) -> list[Marker]:
    import bisect

    starts = _line_starts(text)
    out = []
    for mk in sorted(markers, key=lambda x: x.start):
        line = first_line + bisect.bisect_right(starts, mk.start) - 1
        out.append(Marker(mk.style, mk.text, mk.start, mk.end, mk.refs, line, file, mk.page, mk.narrative))
    return out


def find_text_markers(text: str, first_line: int = 1, file: str | None = None,
                      styles: tuple[Style, ...] = ("numeric", "author-year", "key"),
                      labels: set[str] | None = None) -> list[Marker]:
    """Every marker of plain text or Markdown, in reading order, each with its line; ``labels``:
    the list's printed non-numeric labels, found in brackets first."""
    found: list[Marker] = find_label_markers(text, labels) if labels else []
    if "numeric" in styles:
        found.extend(_numeric_markers(text))
    if "author-year" in styles:
        found.extend(_author_year_markers(text))
    if "key" in styles and "@" in text:
        found.extend(_pandoc_markers(text))
    return _with_lines(drop_overlaps(found), text, first_line, file)


def drop_overlaps(markers: list[Marker]) -> list[Marker]:
    """A span read two ways keeps its first (longest) reading: "[@key]" is not also numeric."""
    kept: list[Marker] = []
    for mk in sorted(markers, key=lambda x: (x.start, -(x.end - x.start))):
        if kept and mk.start < kept[-1].end:
            continue
        kept.append(mk)
    return kept


_BRACKET_RE = re.compile(rf"\[([^\[\]\n]{{1,{MAX_MARKER}}})\]")


def find_label_markers(text: str, labels: set[str]) -> list[Marker]:
    """Bracketed printed labels that are not numbers — alpha styles' "[Knu84]", "[GMS94, Knu84]",
    natbib's "[Khavkine and Christensen(2007)]" — where every piece is a label of the list."""
    found = []
    for m in _BRACKET_RE.finditer(text):
        pieces = [p.strip() for p in re.split(r"[,;]", m.group(1))]
        if m.group(1) in labels:
            pieces = [m.group(1)]
        if pieces and all(p in labels and not p.isdigit() for p in pieces):
            found.append(Marker("key", m.group(0), m.start(), m.end(), tuple(Ref(label=p) for p in pieces)))
    return found


def find_latex_markers(text: str, first_line: int = 1, file: str | None = None) -> list[Marker]:
    """``\\cite`` commands (natbib, biblatex) of LaTeX source; ``\\nocite`` is not a marker."""
    found: list[Marker] = []
    for m in _LATEX_CITE_RE.finditer(text):
        if m.group("cmd").startswith("nocite"):
            continue
        keys = [k.strip() for g in _LATEX_GROUP_RE.findall(m.group("args")) for k in g.split(",")]
        keys = [k for k in keys if k and k != "*"]
        if keys:
            narrative = m.group("cmd") in ("citet", "citeauthor", "textcite", "Textcite", "Citet", "textcites")
            found.append(Marker("key", m.group(0).rstrip(), m.start(), m.start() + len(m.group(0).rstrip()),
                                tuple(Ref(label=k) for k in keys), narrative=narrative))
    return _with_lines(found, text, first_line, file)
