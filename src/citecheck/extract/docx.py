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
import zlib
from typing import IO
from xml.etree import ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from citecheck.extract.errors import InputError
from citecheck.extract.pdf import is_end_heading, is_references_heading
from citecheck.model import Citation

__all__ = ["docx_paragraphs", "read_docx"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_STYLE_RE = re.compile(r"(?i)^(?:heading|title|berschrift|titre|kop|titolo|encabezado)")
#: decompressed size of word/document.xml: the input limit (a 555 KB zip can hold 190 MB of XML)
MAX_XML_BYTES = 50 * 1024 * 1024
#: XML elements in word/document.xml (a 300-page thesis has about a million)
MAX_ELEMENTS = 5_000_000
#: characters of one paragraph (a reference is a few hundred; a whole thesis chapter rarely 100,000)
MAX_PARAGRAPH_CHARS = 1_000_000
#: XML elements of one paragraph (a reference has tens; a run with all its properties about ten)
MAX_PARAGRAPH_ELEMENTS = 500_000
#: elements open at once (Word nests tables in tables, a few levels of ten elements each)
MAX_DEPTH = 1_000
_P, _T, _PPR = f"{_W}p", f"{_W}t", f"{_W}pPr"
#: what an element adds to its paragraph's text besides a w:t's text
_PIECES = {f"{_W}tab": " ", f"{_W}br": " ", f"{_W}cr": " ", f"{_W}noBreakHyphen": "-"}


class _Capped:
    """word/document.xml as the XML parser reads it, abandoned past `MAX_XML_BYTES` unpacked
    (the size the zip declares may lie, so the bytes are counted as they come)."""

    def __init__(self, fh: IO[bytes], name: str) -> None:
        self.fh, self.name, self.total = fh, name, 0

    def read(self, size: int = -1) -> bytes:
        chunk = self.fh.read(min(size, 1 << 20) if size > 0 else 1 << 20)
        self.total += len(chunk)
        if self.total > MAX_XML_BYTES:
            raise InputError(self.name, f"word/document.xml unpacks to over {MAX_XML_BYTES >> 20} MiB; not read")
        return chunk


class _Paragraph:
    """The outermost open ``w:p``: its style and the text taken from its finished runs."""

    def __init__(self, elem: ET.Element, name: str, number: int) -> None:
        self.elem, self.name, self.number = elem, name, number
        self.style, self.outline = "", False
        self.parts: list[str] = []
        self.size = self.elements = 0

    def _refuse(self, what: str) -> InputError:
        return InputError(self.name, f"paragraph {self.number} of word/document.xml has over {what}; not read")

    def opened(self) -> None:
        """One more element inside the paragraph."""
        self.elements += 1
        if self.elements > MAX_PARAGRAPH_ELEMENTS:
            raise self._refuse(f"{MAX_PARAGRAPH_ELEMENTS:,} XML elements")

    def finished(self, elem: ET.Element, parent: ET.Element, grandparent: ET.Element | None) -> None:
        """What a finished element inside the paragraph adds: its text, or the paragraph's style."""
        tag = elem.tag
        piece = (elem.text or "") if tag == _T else _PIECES.get(tag, "")
        if piece:
            self.size += len(piece)
            if self.size > MAX_PARAGRAPH_CHARS:
                raise self._refuse(f"{MAX_PARAGRAPH_CHARS:,} characters")
            self.parts.append(piece)
        elif parent.tag == _PPR and grandparent is self.elem:  # the paragraph's own properties
            if tag == f"{_W}pStyle":
                self.style = elem.get(f"{_W}val", "")
            self.outline |= tag == f"{_W}outlineLvl"

    def result(self) -> tuple[str, str]:
        style = self.style or ("Heading" if self.outline else "")
        return style, re.sub(r"\s+", " ", "".join(self.parts)).strip()


def _walk(source: _Capped, name: str) -> list[tuple[str, str]]:
    """The paragraphs of a streamed document.xml. Every finished element is taken off its parent
    at once (its text kept only in its paragraph's parts), so memory stays small even inside a
    paragraph that never ends; a DTD or entity declaration in any encoding raises."""
    out: list[tuple[str, str]] = []
    stack: list[ET.Element] = []  # the open elements, outermost first
    para: _Paragraph | None = None
    elements = 0
    for event, elem in iterparse(source, events=("start", "end"), forbid_dtd=True):
        if event == "start":
            elements += 1
            if elements > MAX_ELEMENTS:
                raise InputError(name, f"word/document.xml has over {MAX_ELEMENTS:,} elements; not read")
            stack.append(elem)
            if len(stack) > MAX_DEPTH:
                raise InputError(name, f"word/document.xml nests elements over {MAX_DEPTH:,} deep; not read")
            if para is not None:
                para.opened()
            elif elem.tag == _P:
                para = _Paragraph(elem, name, len(out) + 1)  # a w:p inside it (a text box) adds to its text
            continue
        stack.pop()
        if para is not None:
            if elem is para.elem:
                out.append(para.result())
                para = None
            else:
                para.finished(elem, stack[-1], stack[-2] if len(stack) > 1 else None)
        if stack:
            stack[-1].remove(elem)  # the first child: its earlier siblings were removed already
    return out


def docx_paragraphs(data: bytes, name: str) -> list[tuple[str, str]]:
    """(style id, text) of every body paragraph, in order.

    The XML is parsed as it is unpacked, by a parser that refuses a DOCTYPE (entity tricks) in
    any encoding; finished elements are dropped at once, so memory stays small whatever the file
    holds. Files past `MAX_XML_BYTES`, `MAX_ELEMENTS` or `MAX_PARAGRAPH_CHARS` are refused.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            try:
                info = zf.getinfo("word/document.xml")
            except KeyError as exc:
                raise InputError(name, "not a Word document (no word/document.xml)") from exc
            if info.file_size > MAX_XML_BYTES:
                raise InputError(name, f"word/document.xml unpacks to {info.file_size >> 20} MiB,"
                                       f" over the {MAX_XML_BYTES >> 20} MiB limit")
            with zf.open(info) as fh:
                return _walk(_Capped(fh, name), name)
    except InputError:
        raise
    except DefusedXmlException as exc:  # (a ValueError: before the zip's errors)
        raise InputError(name, f"word/document.xml declares a DOCTYPE or an entity ({exc}); refused") from exc
    except ET.ParseError as exc:
        raise InputError(name, f"word/document.xml is not valid XML: {exc}") from exc
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, zlib.error) as exc:
        raise InputError(name, f"not a .docx file (bad zip: {exc})") from exc
    except NotImplementedError as exc:  # an unsupported compression method
        raise InputError(name, f"cannot unpack: {exc}") from exc


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
        if start is not None and chosen and (_HEADING_STYLE_RE.match(style) or is_end_heading(text)):
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
