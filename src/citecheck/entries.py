"""An input's entries, read: extract finds them, the reading stage reads them.

For whoever needs an entry's fields before it is checked — `citecheck extract` writes them, in-text
claims are linked to entries by them, the paper route and the benchmark datasets hand them on. The
checker reads what it is given itself (`Checker.astream`), so that whoever only checks may take
extract's entries as they are. ``defer`` leaves JSON Lines lines for the worker process that checks
them, as `extract.read_text` does.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from citecheck import extract
from citecheck.model import Citation
from citecheck.reading import read_entries as _read

__all__ = ["read_bytes", "read_entries", "read_path", "read_text"]


def read_entries(citations: Iterable[Citation], defer: bool = False) -> list[Citation]:
    """Entries a reader of extract found, read (`reading.read_entries`)."""
    return _read(citations, defer)


def read_text(text: str, name: str = "<stdin>", fmt: str | None = None, defer: bool = False) -> list[Citation]:
    """`extract.read_text`'s entries, read."""
    return read_entries(extract.read_text(text, name, fmt, defer), defer)


def read_path(path: str | Path, fmt: str | None = None, defer: bool = False) -> list[Citation]:
    """`extract.read_path`'s entries, read."""
    return read_entries(extract.read_path(path, fmt, defer), defer)


def read_bytes(data: bytes, name: str, fmt: str | None = None, defer: bool = False) -> list[Citation]:
    """`extract.read_bytes`'s entries, read."""
    return read_entries(extract.read_bytes(data, name, fmt, defer), defer)
