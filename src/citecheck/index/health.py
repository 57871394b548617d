"""Cheap checks that an index file is whole, so a broken one fails loudly instead of turning
every citation UNVERIFIED.

`check_index` opens the file (missing, not SQLite, wrong schema: `IndexOpenError`), compares the
file's length with the size SQLite's header promises (a truncated copy), and probes each table
once. It costs milliseconds whatever the index's size. The default index, which citecheck builds
itself, is rebuilt when it fails these checks (`citecheck.index.default`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from citecheck.index.search import IndexOpenError, LocalIndex

_HEADER = b"SQLite format 3\x00"
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
                LocalIndex._record(row[0])
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise IndexOpenError(f"{path}: damaged index ({exc})") from exc
    finally:
        index.close()


__all__ = ["check_index"]
