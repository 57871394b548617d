"""The *web* role: a model reads SearXNG hits (title, URL, snippet) into a candidate record.

`ModelReadWebSource` wraps the web-search source: its search answers the model's reading first
(every value grounded in the hit it names), then the raw hits. The verifier compares the
candidates field by field as for any source; a model that fails leaves the raw hits.
"""

from __future__ import annotations

import logging

from citecheck.llm import roles
from citecheck.llm.base import Model, ModelError
from citecheck.model import Citation, Record
from citecheck.sources.base import Source

log = logging.getLogger(__name__)


class ModelReadWebSource(Source):
    def __init__(self, inner: Source, model: Model) -> None:
        self.inner = inner
        self.model = model
        self.name = inner.name
        self.supports = inner.supports

    def covers(self, citation: Citation) -> bool:
        return self.inner.covers(citation)

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        hits = await self.inner.search(citation, limit)
        if not hits:
            return hits
        try:
            read = await roles.web(self.model, citation, hits)
        except ModelError as exc:
            log.info("%s: web hits not read: %s", citation.id, exc)
            return hits
        return [read, *hits][:limit] if read is not None else hits

    async def aclose(self) -> None:
        await self.inner.aclose()


def read_web_with(sources: list[Source], model: Model) -> list[Source]:
    """The same sources, the web search wrapped so that the model reads its hits."""
    return [ModelReadWebSource(s, model) if s.name == "websearch" else s for s in sources]


__all__ = ["ModelReadWebSource", "read_web_with"]
