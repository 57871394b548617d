"""Web-search fallback through a SearXNG instance's JSON API (``/search?format=json``).

Asked last. Hits carry only a title, a URL and a snippet: they are candidates for the verifier
to compare field by field, never evidence on their own.
"""

from __future__ import annotations

from typing import Any

from citecheck.model import Citation, Record
from citecheck.normalize import DOI_RE, normalize_arxiv
from citecheck.sources._common import clean_text, date_parts, finish, guarded, search_terms
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require


def to_record(hit: dict[str, Any]) -> Record:
    """One SearXNG result as a (thin) CSL record."""
    url = clean_text(hit.get("url")) or ""
    doi = DOI_RE.search(url)
    arxiv = normalize_arxiv(url) if "arxiv.org" in url else None
    record = Record(
        type="webpage",
        title=clean_text(hit.get("title")),
        issued=date_parts(hit.get("publishedDate")),
        DOI=doi.group(0) if doi else None,
        URL=url or None,
    )
    if hit.get("content"):
        record.custom["snippet"] = clean_text(hit.get("content"))
    if hit.get("engine"):
        record.custom["engine"] = str(hit["engine"])
    return finish(record, source_api="websearch", arxiv=arxiv)


@guarded
class WebSearchSource(Source):
    name = "websearch"
    supports = frozenset({"search"})

    def __init__(self, config: SourceConfig) -> None:
        if not config.searxng_url:
            raise ValueError("websearch needs a SearXNG URL (CITECHECK_SEARXNG_URL or searxng_url)")
        self.url = config.searxng_url.rstrip("/")
        if not self.url.endswith("/search"):
            self.url += "/search"
        self.http = HttpClient(self.name, config, {"default": LIMITS["websearch"]})

    def covers(self, citation: Citation) -> bool:
        return bool(citation.fields.title)

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        terms = search_terms(citation.fields.title, 250)
        if not terms:
            return []
        first = citation.fields.author[0] if citation.fields.author else None
        query = f'"{terms}"' + (f" {first.family}" if first and first.family else "")
        body = await self.http.request("GET", self.url, params={"q": query, "format": "json"})
        if body is None:
            return []
        require(isinstance(body, dict) and isinstance(body.get("results"), list), self.name,
                "no results list")
        return [to_record(h) for h in body["results"] if isinstance(h, dict)][:limit]

    async def aclose(self) -> None:
        await self.http.aclose()
