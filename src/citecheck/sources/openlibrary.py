"""Open Library (``/search.json``): books, by title and author or by ISBN.

The source that covers books (scope ``type:book``): the bibliographic services for articles
hold few monographs, so a book they do not know is not thereby fabricated. It is asked only for
citations classified as books (`citecheck.coverage.work_type`).

Search documents list every edition's year (``publish_year``); a record takes the cited year
when some edition has it (a 3rd edition of 1997 is not a wrong year for a work first published
in 1968), else the first publication year.
"""

from __future__ import annotations

import re
from typing import Any

from citecheck.coverage import work_type
from citecheck.model import Citation, Record
from citecheck.sources._common import (
    clean_text,
    date_parts,
    finish,
    guarded,
    search_terms,
    split_name,
)
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import HttpClient, RateLimit, require
from citecheck.sources.scopes import SCOPES

#: Open Library asks API users to stay around one request per second
LIMIT = RateLimit(1, 1, 1)
FIELDS = "key,title,subtitle,author_name,first_publish_year,publish_year,publisher,isbn"


def to_record(doc: dict[str, Any], cited_year: int | None = None) -> Record:
    """One search document as a CSL book record."""
    title = clean_text(doc.get("title"))
    years = [y for y in doc.get("publish_year") or [] if isinstance(y, int)]
    year = cited_year if cited_year in years else doc.get("first_publish_year")
    isbns = [str(i) for i in doc.get("isbn") or [] if i]
    record = Record(
        type="book",
        title=title,
        author=[n for a in doc.get("author_name") or [] if (n := split_name(a))],
        issued=date_parts(year),
        publisher=clean_text((doc.get("publisher") or [None])[0]),
        ISBN=isbns[0] if isbns else None,
    )
    if doc.get("key"):
        record.custom["openlibrary"] = str(doc["key"]).rsplit("/", 1)[-1]
        record.URL = f"https://openlibrary.org{doc['key']}"
    if doc.get("subtitle"):
        record.custom["subtitle"] = clean_text(doc["subtitle"])
    return finish(record, source_api="openlibrary")


def _isbn(value: str | None) -> str | None:
    digits = re.sub(r"[^0-9Xx]", "", value or "")
    return digits.upper() if len(digits) in (10, 13) else None


@guarded
class OpenLibrarySource(Source):
    name = "openlibrary"
    supports = frozenset({"search"})
    scopes = SCOPES["openlibrary"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.openlibrary_url.rstrip("/")
        self.http = HttpClient(self.name, config, {"default": LIMIT})

    def covers(self, citation: Citation) -> bool:
        return work_type(citation) == "book"

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        f = citation.fields
        isbn = _isbn(f.ISBN)
        params: dict[str, Any] = {"fields": FIELDS, "limit": min(max(limit, 1), 20)}
        if isbn:
            params["isbn"] = isbn
        elif f.title:
            params["title"] = search_terms(f.title)
            family = next((n.family or n.literal for n in f.author if n.family or n.literal), None)
            if family:
                params["author"] = family
        else:
            return []
        body = await self.http.request("GET", f"{self.base}/search.json", params=params)
        if body is None:
            return []
        require(isinstance(body, dict) and isinstance(body.get("docs"), list), self.name,
                "no docs list")
        return [to_record(d, f.year) for d in body["docs"] if isinstance(d, dict) and d.get("title")]

    async def aclose(self) -> None:
        await self.http.aclose()


__all__ = ["OpenLibrarySource", "to_record"]
