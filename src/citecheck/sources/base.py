"""The interface every source implements: the local index and each live service.

A source answers four kinds of question. Each method returns records it believes match, an
empty result meaning "I answered and have nothing", and raises `SourceError` when it could not
answer (timeout, 429 after retries, 5xx, malformed body): the distinction is what lets the
decision say UNVERIFIED instead of accusing a citation of being fabricated.

Sources that support batch endpoints override the ``*_many`` methods; the defaults loop.
"""

from __future__ import annotations

from collections.abc import Iterable

from citecheck.errors import CitecheckError
from citecheck.model import Citation, Record


class SourceError(CitecheckError):
    """A source could not answer (network, rate limit, server error, malformed response)."""

    def __init__(self, source: str, reason: str) -> None:
        super().__init__(f"{source}: {reason}")
        self.source = source
        self.reason = reason


class SourceSkipped(SourceError):
    """The source was deliberately not asked (offline and not in the cache): neither an answer
    nor a failure, so it neither supports "nothing exists" nor forces UNVERIFIED."""


class OfflineSource:
    """Stands in for a live source offline: everything not already cached is skipped."""

    def __init__(self, name: str, supports: frozenset[str], base: str = "",
                 scopes: tuple[str, ...] = ()) -> None:
        self.name = name
        self.supports = supports
        self.base = base  # the configured base URL: cache keys include it
        self.scopes = scopes  # a cached "not found" proves as much as a fresh one

    def covers(self, citation: Citation) -> bool:
        return True

    async def _skip(self, *args: object, **kwargs: object) -> None:
        raise SourceSkipped(self.name, "offline: not in the cache")

    lookup_doi = lookup_arxiv = lookup_journal = search = search_text = _skip

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        raise SourceSkipped(self.name, "offline: not in the cache")

    lookup_arxiv_many = lookup_doi_many

    async def aclose(self) -> None:
        return None


class Source:
    """Base class: override what the service can do; the rest answers 'nothing'."""

    name: str = "source"
    #: which lookups this source can do at all; the cascade skips the rest
    supports: frozenset[str] = frozenset()  # subset of {"doi", "arxiv", "journal", "search", "text"}
    #: what this source is authoritative for (see citecheck.coverage): where its "not found"
    #: is evidence that a work does not exist; empty: its absence proves nothing
    scopes: tuple[str, ...] = ()

    def covers(self, citation: Citation) -> bool:
        """Could this source plausibly hold the cited work? Used to decide UNVERIFIED vs MAJOR."""
        return True

    async def lookup_doi(self, doi: str) -> Record | None:
        return None

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return None

    async def lookup_journal(
        self, journal: str, volume: str, page: str, year: int | None = None
    ) -> list[Record]:
        """Find works by (journal, volume, first page): title-less physics references."""
        return []

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        """Free-text / structured search for the cited work (title, authors, year)."""
        return []

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        """Search by a whole (cleaned) reference string, when the parsed fields found nothing."""
        return []

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        return {doi: await self.lookup_doi(doi) for doi in dois}

    async def lookup_arxiv_many(self, ids: Iterable[str]) -> dict[str, Record | None]:
        return {i: await self.lookup_arxiv(i) for i in ids}

    async def aclose(self) -> None:
        """Release connections; idempotent."""
        return None
