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
from collections.abc import Iterator
from typing import cast
from xml.etree import ElementTree as ET

from citecheck.extract.errors import InputError
from citecheck.extract.pdf import _is_end_heading, is_references_heading
from citecheck.model import Citation

__all__ = ["docx_paragraphs", "read_docx"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_STYLE_RE = re.compile(r"(?i)^(?:heading|title|berschrift|titre|kop|titolo|encabezado)")
#: decompressed size of word/document.xml: the input limit (a 555 KB zip can hold 190 MB of XML)
MAX_XML_BYTES = 50 * 1024 * 1024
#: XML elements in word/document.xml (a 300-page thesis has about a million)
MAX_ELEMENTS = 5_000_000
_CHUNK = 1 << 20


def _xml_chunks(data: bytes, name: str) -> Iterator[bytes]:
    """word/document.xml, decompressed chunk by chunk and abandoned past `MAX_XML_BYTES`
    (the size the zip declares may lie, so the bytes are counted as they come)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            try:
                info = zf.getinfo("word/document.xml")
            except KeyError as exc:
                raise InputError(name, "not a Word document (no word/document.xml)") from exc
            if info.file_size > MAX_XML_BYTES:
                raise InputError(name, f"word/document.xml unpacks to {info.file_size >> 20} MiB,"
                                       f" over the {MAX_XML_BYTES >> 20} MiB limit")
            total = 0
            with zf.open(info) as fh:
                while chunk := fh.read(_CHUNK):
                    total += len(chunk)
                    if total > MAX_XML_BYTES:
                        raise InputError(name, f"word/document.xml unpacks to over"
                                               f" {MAX_XML_BYTES >> 20} MiB; not read")
                    yield chunk
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as exc:
        raise InputError(name, f"not a .docx file (bad zip: {exc})") from exc
    except NotImplementedError as exc:  # an unsupported compression method
        raise InputError(name, f"cannot unpack: {exc}") from exc


def _paragraph(para: ET.Element) -> tuple[str, str]:
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
    return style, re.sub(r"\s+", " ", "".join(parts)).strip()


def docx_paragraphs(data: bytes, name: str) -> list[tuple[str, str]]:
    """(style id, text) of every body paragraph, in order.

    The XML is parsed as it is unpacked (finished paragraphs are dropped from the tree), so memory
    stays small whatever the file holds; a DOCTYPE (entity tricks) is refused, and so are files
    past `MAX_XML_BYTES` or `MAX_ELEMENTS`.
    """
    parser: ET.XMLPullParser = ET.XMLPullParser(events=("start", "end"))
    out: list[tuple[str, str]] = []
    elements = depth = 0  # depth: w:p elements open (a paragraph inside a text box nests)
    tail = b""  # the end of the previous chunk: a marker may straddle two chunks
    try:
        for chunk in _xml_chunks(data, name):
            if not elements and re.search(rb"<!(?:DOCTYPE|ENTITY)", tail + chunk):
                # only the prolog (before the first element) may declare one
                raise InputError(name, "word/document.xml declares a DOCTYPE; refused")
            tail = chunk[-16:]
            parser.feed(chunk)
            for event, item in cast(Iterator[tuple[str, ET.Element]], parser.read_events()):
                elem = item
                if event == "start":
                    elements += 1
                    if elements > MAX_ELEMENTS:
                        raise InputError(name, f"word/document.xml has over {MAX_ELEMENTS:,}"
                                               " elements; not read")
                    depth += elem.tag == f"{_W}p"
                elif elem.tag == f"{_W}p":
                    depth -= 1
                    if depth == 0:
                        out.append(_paragraph(elem))
                        elem.clear()
        parser.close()
    except ET.ParseError as exc:
        raise InputError(name, f"word/document.xml is not valid XML: {exc}") from exc
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
