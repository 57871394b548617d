"""Turning inputs into `Citation`s: one module per input format, chosen by file suffix.

Every reader takes the input text (or, for binary formats, bytes) plus the name to report it
under, and returns one `Citation` per entry it found; an entry it cannot read becomes a
`Citation` with ``error`` set, never a silent drop. A whole input that cannot be read at all
(binary, empty, oversized, undecodable) raises `InputError`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from citecheck.extract.errors import InputError
from citecheck.model import Citation

__all__ = ["FORMATS", "InputError", "detect_format", "read_path", "read_text"]

MAX_INPUT_BYTES = 50 * 1024 * 1024

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


def read_text(text: str, name: str = "<stdin>", fmt: str | None = None) -> list[Citation]:
    """Read citations from already-decoded text."""
    fmt = fmt or detect_format(name, text)
    if fmt not in FORMATS:
        raise InputError(name, f"format {fmt!r} needs a file, not text")
    if not text.strip():
        raise InputError(name, "input is empty")
    return _with_readings(_load(FORMATS[fmt])(text, name))


def read_path(path: str | Path, fmt: str | None = None) -> list[Citation]:
    """Read citations from a file; raises `InputError` naming the file when it can't."""
    path = Path(path)
    name = str(path)
    if not path.exists():
        raise InputError(name, "no such file")
    if path.is_dir():
        raise InputError(name, "is a directory")
    size = path.stat().st_size
    if size == 0:
        raise InputError(name, "file is empty")
    if size > MAX_INPUT_BYTES:
        raise InputError(name, f"file is {size / 1e6:.0f} MB, over the {MAX_INPUT_BYTES // 10**6} MB limit")
    fmt = fmt or detect_format(name)
    data = path.read_bytes()
    if fmt in BINARY_FORMATS:
        return _with_readings(_load(BINARY_FORMATS[fmt])(data, name))
    if b"\x00" in data[:8192]:
        raise InputError(name, "looks like a binary file, not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError as exc:
            raise InputError(name, f"cannot decode as UTF-8: {exc}") from exc
    if fmt == "tex":
        # .tex files may name .bib files relative to their own folder.
        return _with_readings(_load(FORMATS["tex"])(text, name))
    return read_text(text, name, fmt)


def _with_readings(citations: list[Citation]) -> list[Citation]:
    """Every reader's citations leave extract with their alternative readings attached."""
    from citecheck.extract.refparse.readings import attach_readings

    return attach_readings(citations)
