"""Turn a request (JSON text or BibTeX, or uploaded files) into citations, safely.

Only what the request holds is read: no path, URL or file named inside an input is followed.
A ``.tex`` upload is read for its own ``thebibliography`` (the ``.bib`` files it names are on
the client's disk, not the server's: upload them instead).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from citecheck.extract import InputError, read_text
from citecheck.extract.cli import number_citations
from citecheck.model import Citation

#: upload suffix → reader format
UPLOAD_FORMATS = {
    ".bib": "bibtex", ".bibtex": "bibtex", ".bbl": "bbl", ".tex": "tex", ".md": "markdown",
    ".markdown": "markdown", ".txt": "text", ".pdf": "pdf", ".docx": "docx", ".jsonl": "jsonl",
}
#: formats a JSON body may name for its "text"
TEXT_FORMATS = ("bibtex", "text", "markdown", "bbl", "jsonl")


class RequestInputError(ValueError):
    """The request cannot be read; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def safe_name(filename: str | None) -> str:
    """The uploaded file's base name, for provenance only (never opened)."""
    name = PurePath((filename or "upload").replace("\\", "/")).name
    return "".join(ch for ch in name if ch.isprintable())[:120] or "upload"


def decode(data: bytes, name: str) -> str:
    if b"\x00" in data[:8192]:
        raise InputError(name, "looks like a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def citations_from_upload(filename: str | None, data: bytes) -> list[Citation]:
    name = safe_name(filename)
    fmt = UPLOAD_FORMATS.get(PurePath(name).suffix.lower())
    if fmt is None:
        raise RequestInputError(
            f"{name}: unsupported file type (use {' '.join(sorted(set(UPLOAD_FORMATS)))})", 415)
    if not data:
        raise InputError(name, "file is empty")
    if fmt == "pdf":
        from citecheck.extract.pdf import read_pdf

        return read_pdf(data, name)
    if fmt == "docx":
        from citecheck.extract.docx import read_docx

        return read_docx(data, name)
    text = decode(data, name)
    if fmt == "tex":
        from citecheck.extract.latex import read_bbl

        if "\\bibitem" not in text:
            raise InputError(name, "no thebibliography in this .tex; upload the .bib or .bbl it uses")
        return read_bbl(text, name)
    return read_text(text, name, fmt)


def citations_from_json(body: Any) -> list[Citation]:
    """``{"text": ..., "format"?: ...}`` or ``{"bibtex": ...}``."""
    if not isinstance(body, dict):
        raise RequestInputError('the JSON body must be an object: {"text": ...} or {"bibtex": ...}')
    if isinstance(body.get("bibtex"), str):
        return read_text(body["bibtex"], "<bibtex>", "bibtex")
    if isinstance(body.get("text"), str):
        fmt = body.get("format")
        if fmt is not None and fmt not in TEXT_FORMATS:
            raise RequestInputError(f"format must be one of {', '.join(TEXT_FORMATS)}")
        return read_text(body["text"], "<text>", fmt)
    raise RequestInputError('give "text" or "bibtex" as a string')


def numbered(groups: list[list[Citation]]) -> list[Citation]:
    citations = [c for group in groups for c in group]
    number_citations(citations)
    return citations
