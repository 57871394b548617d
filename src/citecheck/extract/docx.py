"""Word ``.docx`` input: the paragraphs after a References/Bibliography heading.

A .docx is a zip of XML; ``word/document.xml`` holds the body as ``w:p`` paragraphs of ``w:t``
runs. Each paragraph of a Word bibliography (typed, or written by Zotero/Mendeley/EndNote) is
one reference, so paragraphs become lines for the plain-text reference-list reader. Field codes
(``w:instrText``) and deleted revisions (``w:delText``) are skipped. Provenance ``line`` is the
paragraph's 1-based number in the document body.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree as ET

from citecheck.extract.errors import InputError
from citecheck.extract.pdf import _is_end_heading, is_references_heading
from citecheck.model import Citation

__all__ = ["docx_paragraphs", "read_docx"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_STYLE_RE = re.compile(r"(?i)^(?:heading|title|berschrift|titre|kop|titolo|encabezado)")
MAX_XML_BYTES = 200 * 1024 * 1024


def docx_paragraphs(data: bytes, name: str) -> list[tuple[str, str]]:
    """(style id, text) of every body paragraph, in order."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            try:
                info = zf.getinfo("word/document.xml")
            except KeyError as exc:
                raise InputError(name, "not a Word document (no word/document.xml)") from exc
            if info.file_size > MAX_XML_BYTES:
                raise InputError(name, "word/document.xml is too large")
            xml = zf.read(info)
    except zipfile.BadZipFile as exc:
        raise InputError(name, f"not a .docx file (bad zip: {exc})") from exc
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise InputError(name, f"word/document.xml is not valid XML: {exc}") from exc
    out: list[tuple[str, str]] = []
    for para in root.iter(f"{_W}p"):
        style = ""
        ppr = para.find(f"{_W}pPr")
        if ppr is not None:
            pstyle = ppr.find(f"{_W}pStyle")
            if pstyle is not None:
                style = pstyle.get(f"{_W}val", "")
            if not style and ppr.find(f"{_W}outlineLvl") is not None:
                style = "Heading"
        parts: list[str] = []
        for node in para.iter():
            tag = node.tag
            if tag == f"{_W}t" and node.text:
                parts.append(node.text)
            elif tag in (f"{_W}tab", f"{_W}br", f"{_W}cr"):
                parts.append(" ")
            elif tag == f"{_W}noBreakHyphen":
                parts.append("-")
        text = re.sub(r"\s+", " ", "".join(parts)).strip()
        out.append((style, text))
    return out


def read_docx(data: bytes, name: str) -> list[Citation]:
    """Citations from the references section of a .docx (the whole text when it has no heading)."""
    from citecheck.extract.text import read_reference_list

    paragraphs = docx_paragraphs(data, name)
    numbered = [(i + 1, style, text) for i, (style, text) in enumerate(paragraphs) if text]
    if not numbered:
        raise InputError(name, "the document has no text")
    start = None
    for pos, (_, _style, text) in enumerate(numbered):
        if is_references_heading(text):
            start = pos + 1
    section = numbered[start:] if start is not None else numbered
    chosen: list[tuple[int, str]] = []
    for number, style, text in section:
        if start is not None and chosen and (_HEADING_STYLE_RE.match(style) or _is_end_heading(text)):
            break  # the next section (appendix, acknowledgements) begins
        chosen.append((number, text))
    if not chosen:
        raise InputError(name, "the References section is empty")
    citations = read_reference_list("\n".join(text for _, text in chosen), name)
    for cit in citations:
        line = cit.provenance.line
        if line is not None and 1 <= line <= len(chosen):
            cit.provenance.line = chosen[line - 1][0]  # paragraph number in the document
        cit.provenance.format = "docx"
        if cit.error:
            cit.error = cit.error.replace(f"{name}:{line}:", f"{name}: paragraph {cit.provenance.line}:")
    return citations
