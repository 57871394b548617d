"""Readers for the bibliographic dumps an index is built from (``index build --format``).

``READERS`` maps a format name to its reader class; ``make_reader(name)`` returns a fresh one.
Each reader streams its dump as `Item`s (CSL items, or why an entry was skipped) and
`Deletion`s, maps the native format in one function (the live adapters' mapping where the
dump has the API's schema), and suggests what a complete dump covers (``suggested_covers``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from citecheck.index.dumps.arxiv import ArxivReader
from citecheck.index.dumps.base import Deletion, DumpReader, Item
from citecheck.index.dumps.crossref import CrossrefReader
from citecheck.index.dumps.dblp import DblpReader
from citecheck.index.dumps.openalex import OpenAlexReader
from citecheck.index.dumps.s2 import S2Reader
from citecheck.index.readers import iter_items


class CslReader(DumpReader):
    """CSL-JSON (lines, array or ``{"items"}``), BibTeX and the arXiv snapshot, by extension."""

    name = "csl"
    description = "CSL-JSON / BibTeX / arXiv snapshot files (the default)"

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        yield from iter_items(path)


READERS: dict[str, type[DumpReader]] = {
    r.name: r for r in (CslReader, CrossrefReader, OpenAlexReader, S2Reader, DblpReader, ArxivReader)
}


def make_reader(name: str) -> DumpReader:
    try:
        return READERS[name]()
    except KeyError:
        raise ValueError(f"unknown dump format {name!r}; one of: {', '.join(READERS)}") from None


__all__ = ["READERS", "Deletion", "DumpReader", "Item", "make_reader"]
