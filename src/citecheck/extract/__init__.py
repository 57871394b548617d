"""Turning inputs into `Citation`s: one module per input format, chosen by file suffix.

Every reader takes the input text (or, for binary formats, bytes) plus the name to report it
under, and returns one `Citation` per entry it found; an entry it cannot read becomes a
`Citation` with ``error`` set, never a silent drop. A whole input that cannot be read at all
(binary, empty, oversized, undecodable) raises `InputError`.

Extract finds entries and reads none: a structured entry (BibTeX, CSL, REVTeX's ``\bibinfo``,
biblatex) arrives with its fields, a free-text one unread (`extract.unread`), for the reading stage
(`reading.read_entries`) to read.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from pathlib import Path

from citecheck.extract.decode import MAX_INPUT_BYTES, check_size, decode, read_limited
from citecheck.extract.errors import InputError
from citecheck.model import STRUCTURED_FORMATS, Citation, free_text  # (re-exported: the one rule)

__all__ = ["FORMATS", "MAX_INPUT_BYTES", "STRUCTURED_FORMATS", "InputError", "detect_format",
           "free_text", "read_bytes", "read_path", "read_text"]

log = logging.getLogger(__name__)

#: format name → "module:function"; each function is (text: str, name: str) -> list[Citation]
FORMATS: dict[str, str] = {
    "bibtex": "citecheck.extract.bibtex:read_bibtex",
    "text": "citecheck.extract.text:read_reference_list",
    "markdown": "citecheck.extract.text:read_reference_list",
    "jsonl": "citecheck.extract.jsonl:read_jsonl",
    "bbl": "citecheck.extract.latex:read_bbl",
    "tex": "citecheck.extract.latex:read_tex",
}
#: binary formats: (data: bytes, name: str) -> list[Citation]
BINARY_FORMATS: dict[str, str] = {
    "pdf": "citecheck.extract.pdf:read_pdf",
    "docx": "citecheck.extract.docx:read_docx",
}

SUFFIXES: dict[str, str] = {
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".txt": "text",
    ".text": "text",
    ".ref": "text",
    ".refs": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".rst": "text",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".bbl": "bbl",
    ".tex": "tex",
    ".ltx": "tex",
    ".pdf": "pdf",
    ".docx": "docx",
}


def _load(spec: str) -> Callable[..., list[Citation]]:
    module, func = spec.split(":")
    return getattr(importlib.import_module(module), func)


def detect_format(name: str, text: str | None = None) -> str:
    """Format from the suffix, else sniffed from the content (stdin, unknown suffixes)."""
    suffix = Path(name).suffix.lower()
    if suffix in SUFFIXES:
        return SUFFIXES[suffix]
    if text is not None:
        head = text.lstrip()[:2000]
        if head.startswith("{") and '"' in head:
            return "jsonl"
        if head.startswith("@") or "\n@" in head:
            return "bibtex"
        if "\\bibitem" in head or "\\begin{thebibliography}" in head:
            return "bbl"
    return "text"


def read_text(text: str, name: str = "<stdin>", fmt: str | None = None,
              defer: bool = False) -> list[Citation]:
    """Read citations from already-decoded text.

    ``defer``: JSON Lines lines are left as they are (`Citation.pending`) for whoever checks them
    to look into (offline batches: the worker processes); other formats are looked into now."""
    fmt = fmt or detect_format(name, text)
    if fmt not in FORMATS:
        raise InputError(name, f"format {fmt!r} needs a file, not text")
    if not text.strip():
        raise InputError(name, "input is empty")
    if defer and fmt == "jsonl":
        from citecheck.extract.jsonl import read_jsonl

        return read_jsonl(text, name, defer=True)
    return _load(FORMATS[fmt])(text, name)


def read_path(path: str | Path, fmt: str | None = None, defer: bool = False) -> list[Citation]:
    """Read citations from a file; raises `InputError` naming the file when it can't."""
    path = Path(path)
    name = str(path)
    data = read_limited(path, name)
    if not data:
        raise InputError(name, "file is empty")
    if not FORMATS.get(fmt or detect_format(name), "").startswith("citecheck.extract.text:"):
        return read_bytes(data, name, fmt, defer)  # NEAR_FILES concerns the text reader only
    from citecheck.extract.text import NEAR_FILES

    token = NEAR_FILES.set(True)  # a file the user named: a .bib its front matter names may be read
    try:
        return read_bytes(data, name, fmt, defer)
    finally:
        NEAR_FILES.reset(token)


def read_bytes(data: bytes, name: str, fmt: str | None = None, defer: bool = False) -> list[Citation]:
    """Read citations from an input's bytes (a file's or stdin's), decoding text inputs with
    `citecheck.extract.decode` (BOMs, UTF-16/32, a stated fallback for non-UTF-8)."""
    check_size(name, len(data))
    if (fmt or detect_format(name)) in BINARY_FORMATS:
        return _load(BINARY_FORMATS[fmt or detect_format(name)])(data, name)
    decoded = decode(data, name)
    fmt = fmt or detect_format(name, decoded.text)
    if decoded.note:
        log.warning("%s: %s", name, decoded.note)
    if fmt == "tex":
        # .tex files may name .bib files relative to their own folder.
        citations = _load(FORMATS["tex"])(decoded.text, name)
    else:
        citations = read_text(decoded.text, name, fmt, defer)
    if decoded.note:
        for citation in citations:
            citation.parse_warnings.append(f"{name}: {decoded.note}")
    return citations
