"""The local offline index as a `Source`: the first stop of every lookup, and the only one offline.

Lookups are sub-millisecond SQLite probes, so they run inline on the event loop rather than in
a thread (a thread hop would cost more than the query). A damaged page or record found by a
search ends the run (`IndexDamagedError`, `index.health.damage_in`): every citation whose
works lie on it would otherwise be UNVERIFIED. Any other SQLite failure (a locked or unreadable
file) becomes a `SourceError`, which the cascade reports as "index failed", never "not found".
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import ValidationError

from citecheck.index.health import damage_in
from citecheck.index.search import IndexOpenError, LocalIndex
from citecheck.model import Citation, Record
from citecheck.sources.base import Source, SourceError

T = TypeVar("T")


class LocalIndexSource(Source):
    """Answers DOI, arXiv, journal/volume/page and title/author searches from a local index."""

    name = "index"
    supports = frozenset({"doi", "arxiv", "journal", "search", "text"})

    def __init__(self, index: LocalIndex | str | Path, scopes: Sequence[str] | None = None) -> None:
        self._index: LocalIndex | None = index if isinstance(index, LocalIndex) else None
        self._path = Path(index.path if isinstance(index, LocalIndex) else index)
        #: coverage declared by the caller (a benchmark's closed world); None: the index's own
        self._scopes = None if scopes is None else tuple(scopes)

    @property
    def scopes(self) -> tuple[str, ...]:  # type: ignore[override]  # a property over the protocol's class attribute
        """What the index was built to cover (``index build --covers``); () if it cannot open."""
        if self._scopes is None:
            try:
                self._scopes = tuple(self._call(lambda: self.index.scopes))
            except SourceError:
                return ()
        return self._scopes

    @property
    def note(self) -> str:
        """How a reason names this index: a sample says so, since its absence proves nothing."""
        try:
            size = f"{len(self.index):,}"
        except SourceError:
            return f"the local index {self._path.name} (could not be opened)"
        if self._path.name.startswith("embedded-"):
            return f"the local index, a {size}-record sample"
        covers = ", ".join(self.scopes) or "nothing"
        return f"the local index {self._path.name} ({size} records, declared to cover {covers})"

    @property
    def index(self) -> LocalIndex:
        """The index, opened on first use (so constructing the source never fails)."""
        if self._index is None:
            try:
                self._index = LocalIndex(self._path)
            except IndexOpenError as exc:
                raise SourceError(self.name, str(exc)) from exc
        return self._index

    def _call(self, fn: Callable[[], T]) -> T:
        try:
            return fn()
        except SourceError:
            raise
        except (sqlite3.Error, IndexOpenError, OSError, ValidationError) as exc:
            damaged = damage_in(self._path, exc)
            if damaged is not None:
                raise damaged from exc
            raise SourceError(self.name, f"{self._path}: {exc}") from exc

    async def lookup_doi(self, doi: str) -> Record | None:
        return self._call(lambda: self.index.by_doi(doi))

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return self._call(lambda: self.index.by_arxiv(arxiv_id))

    async def lookup_journal(
        self, journal: str, volume: str, page: str, year: int | None = None
    ) -> list[Record]:
        records = self._call(lambda: self.index.by_journal(journal, volume, page, year))
        if year is not None and len(records) > 1:
            # several works on one page key (supplements, errata): nearest year first
            records.sort(key=lambda r: abs((r.year or year) - year))
        return records

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        fields = citation.fields
        authors = [
            name.family or name.literal or ""
            for name in fields.author
            if name.family or name.literal
        ]
        title = fields.title
        if not title and not authors:
            return []
        return self._call(lambda: self.index.search(title, authors[:10], fields.year, limit))

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        return [rec for rec, _ in self._call(lambda: self.index.search_raw(text, limit))]

    async def aclose(self) -> None:
        if self._index is not None:
            self._index.close()
