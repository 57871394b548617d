"""Cheap checks that an index file is whole, so a broken one fails loudly instead of turning
every citation UNVERIFIED.

`check_index` opens the file (missing, not SQLite, wrong schema: `IndexOpenError`), compares the
file's length with the size SQLite's header promises (a truncated copy), and probes each table
once. It costs milliseconds whatever the index's size. The default index, which citecheck builds
itself, is rebuilt when it fails these checks (`citecheck.index.default`).

A damaged page in the middle of a whole-looking file is found only when a search reads it:
`damage_in` tells such an error (SQLite's "database disk image is malformed", a stored record
that no longer decodes) from a passing failure, and the run then ends with `IndexDamagedError`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pydantic import ValidationError

from citecheck.index.search import IndexDamagedError, IndexOpenError, LocalIndex
from citecheck.model import Record

_HEADER = b"SQLite format 3\x00"
#: SQLite's primary result codes for a damaged file (extended codes such as SQLITE_CORRUPT_VTAB,
#: FTS5's, carry them in the low byte): SQLITE_CORRUPT, SQLITE_NOTADB
_DAMAGE_CODES = frozenset({11, 26})
_PROBES = ("SELECT csl FROM records ORDER BY rowid DESC LIMIT 1",
           "SELECT 1 FROM doi LIMIT 1", "SELECT 1 FROM arxiv LIMIT 1")


def _truncated(path: Path) -> str | None:
    with path.open("rb") as fh:
        header = fh.read(100)
    if len(header) < 100 or not header.startswith(_HEADER):
        return "not an SQLite database"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]  # the in-header size is trustworthy only then
    size = path.stat().st_size
    if valid and pages and size < pages * page_size:
        return f"truncated: {size} bytes of the {pages * page_size} its header promises"
    return None


def damage_in(path: str | Path, exc: BaseException) -> IndexDamagedError | None:
    """The `IndexDamagedError` that ``exc``, raised while searching the index at ``path``, stands
    for; None when it is no sign of damage (a locked or unreadable file fails that source only)."""
    if isinstance(exc, IndexDamagedError):
        return exc
    if isinstance(exc, sqlite3.DatabaseError):
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in _DAMAGE_CODES:
            return IndexDamagedError(path, f"damaged page found while searching ({exc})")
    if isinstance(exc, ValidationError):  # the builder stores valid CSL only: the bytes changed
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return IndexDamagedError(path, f"damaged record found while searching ({first})")
    return None


def check_index(path: str | Path) -> None:
    """Raise `IndexOpenError` naming the problem when `path` is not a whole citecheck index."""
    path = Path(path)
    if not path.exists():
        raise IndexOpenError(f"{path}: no such index file")
    if not path.is_file():
        raise IndexOpenError(f"{path}: not a file")
    try:
        problem = _truncated(path)
    except OSError as exc:
        raise IndexOpenError(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    if problem:
        raise IndexOpenError(f"{path}: {problem}; not a usable citecheck index")
    index = LocalIndex(path)
    try:
        conn = index._conn()
        for probe in _PROBES:
            row = conn.execute(probe).fetchone()
            if probe.startswith("SELECT csl") and row is not None:
                Record.model_validate_json(row[0])
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise IndexOpenError(f"{path}: damaged index ({exc})") from exc
    finally:
        index.close()


__all__ = ["check_index", "damage_in"]
