"""The body of a document — the text that cites — in every input format that has one.

A `Segment` is a piece of body text with where it came from (file, first line or paragraph,
page) and how its markers are written (``latex`` commands, or ``text`` for everything read as
prose). The references section itself is not body. BibTeX, JSONL and ``.bbl`` files are
reference lists only: they have no body (an empty list).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from citecheck.extract import detect_format
from citecheck.extract.decode import decode, read_limited
from citecheck.extract.errors import InputError

__all__ = ["Segment", "body_segments", "latex_source_segments", "list_start", "pdf_segments",
           "upload_segments"]

_BIBLIOGRAPHY_RE = re.compile(r"\\begin\s*\{thebibliography\}.*?(?:\\end\s*\{thebibliography\}|\Z)", re.S)


@dataclass(frozen=True)
class Segment:
    text: str
    file: str
    first_line: int = 1  # line (paragraph for Word) of the segment's first line
    page: int | None = None
    syntax: Literal["text", "latex"] = "text"


_LIST_LABEL_RE = re.compile(r"^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.)\s+\S")


def list_start(lines: list[str]) -> int | None:
    """Where a numbered reference list with no heading begins: a line labelled "[1]" or "1."
    followed by at least two more numbered lines (the labels themselves are not markers)."""
    numbered = [(i, m.group(1) or m.group(2)) for i, ln in enumerate(lines) if (m := _LIST_LABEL_RE.match(ln))]
    for pos, (i, label) in enumerate(numbered):
        if label == "1" and len(numbered) - pos >= 3 and numbered[pos + 1][1] == "2":
            return i
    return None


def _text_body(text: str, name: str) -> list[Segment]:
    from citecheck.extract.text import references_section

    lines = text.splitlines()
    start, end = references_section(lines)
    if start == 0 and end == len(lines):  # no references heading: the text up to a numbered list
        cut = list_start(lines)
        return [Segment(text if cut is None else "\n".join(lines[:cut]), name)]
    head = "\n".join(lines[: max(start - 1, 0)])
    out = [Segment(head, name)]
    if end < len(lines):
        out.append(Segment("\n".join(lines[end:]), name, first_line=end + 1))
    return out


def _latex_body(text: str, name: str) -> list[Segment]:
    from citecheck.extract.latex import strip_comments
    from citecheck.extract.texfiles import TexProject

    project = TexProject(name, len(text.encode("utf-8")))
    files = project.collect(strip_comments(text), strip_comments)

    def blank(m: re.Match[str]) -> str:  # keep line numbers: the bibliography's lines stay, empty
        return "\n" * m.group(0).count("\n")

    return [Segment(_BIBLIOGRAPHY_RE.sub(blank, body), fname, syntax="latex") for fname, body in files]


def _docx_body(data: bytes, name: str) -> list[Segment]:
    from citecheck.extract.docx import docx_paragraphs
    from citecheck.extract.pdf import is_references_heading

    paragraphs = [text for _, text in docx_paragraphs(data, name)]
    end = len(paragraphs)
    for i, text in enumerate(paragraphs):
        if is_references_heading(text):
            end = i
    # one paragraph a line, so a marker's "line" is its paragraph number
    return [Segment("\n".join(p.replace("\n", " ") for p in paragraphs[:end]), name)]


def _pdf_body(data: bytes, name: str) -> list[Segment]:
    from citecheck.extract.pdf import is_references_heading, join_lines, page_texts

    out: list[Segment] = []
    for number, page in enumerate(page_texts(data, name, layout=False), start=1):
        lines = page.splitlines()
        cut = next((i for i, ln in enumerate(lines) if is_references_heading(ln.strip())), None)
        cut = list_start(lines) if cut is None else cut
        # a page's lines joined (hyphenated words re-joined, accents set): its markers say the page
        out.append(Segment(join_lines(lines[:cut]), name, page=number))
        if cut is not None:
            break  # the references begin: the rest is the list (appendices are not read)
    return out


_INPUT_RE = re.compile(r"\\(?:input|include|subfile)\s*\{([^{}]+)\}")


def latex_source_segments(texts: dict[str, str], main: str, label: str) -> list[Segment]:
    """The body of a LaTeX source held in memory (an arXiv e-print: archive path → text): the
    main file and the files it ``\\input``s, at most 8 deep, each named ``label/path``."""
    from citecheck.extract.latex import strip_comments

    def blank(m: re.Match[str]) -> str:
        return "\n" * m.group(0).count("\n")

    out: list[Segment] = []
    todo, seen = [(main, 0)], {main}
    while todo:
        name, depth = todo.pop(0)
        body = strip_comments(texts[name])
        out.append(Segment(_BIBLIOGRAPHY_RE.sub(blank, body), f"{label}/{name}" if label else name,
                           syntax="latex"))
        for m in _INPUT_RE.finditer(body):
            ref = m.group(1).strip()
            for cand in (ref, f"{ref}.tex"):
                if cand in texts and cand not in seen and depth < 8:
                    seen.add(cand)
                    todo.append((cand, depth + 1))
                    break
    return out


def pdf_segments(data: bytes, name: str) -> list[Segment]:
    """The body of a PDF held in memory, page by page."""
    return _pdf_body(data, name)


def _segments(name: str, data: bytes, read_latex: Callable[[str, str], list[Segment]],
              strict: bool) -> list[Segment]:
    """The body of ``data`` by its format; ``read_latex(text, name)`` reads a ``.tex``. Reference
    lists (BibTeX, JSONL, ``.bbl``) have none; another format is an `InputError` when ``strict``."""
    suffix = Path(name).suffix.lower()
    if suffix == ".pdf":
        return _pdf_body(data, name)
    if suffix == ".docx":
        return _docx_body(data, name)
    text = decode(data, name).text
    fmt = detect_format(name, text)
    if fmt == "tex":
        return read_latex(text, name)
    if fmt in ("text", "markdown"):
        return _text_body(text, name)
    if fmt in ("bibtex", "jsonl", "bbl") or not strict:
        return []
    raise InputError(name, f"no body text to read in a {fmt} file")


def body_segments(path: str | Path, data: bytes | None = None) -> list[Segment]:
    """The body of the document at ``path`` (``data`` when already read), as segments."""
    name = str(path)
    return _segments(name, data if data is not None else read_limited(Path(name)), _latex_body, strict=True)


def _latex_alone(text: str, name: str) -> list[Segment]:
    return latex_source_segments({name: text}, name, "")[:1]


def upload_segments(name: str, data: bytes) -> list[Segment]:
    """The body of a document sent as bytes (a service upload): like `body_segments`, but a
    ``.tex`` is read alone, in memory — nothing it ``\\input``s is looked for on any disk."""
    return _segments(name, data, _latex_alone, strict=False)
