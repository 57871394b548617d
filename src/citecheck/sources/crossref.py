"""Crossref REST API: ``/works/{doi}`` lookups and ``query.bibliographic`` search.

With a mailto configured requests go to the polite pool (higher limits); searches run in their
own, slower lane because Crossref budgets queries separately from single-record lookups.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from citecheck.model import Citation, Name, Record
from citecheck.normalize import canonical_journal, normalize_doi
from citecheck.retraction import mark_crossref
from citecheck.sources._common import (
    batchable_doi,
    clean_id,
    clean_text,
    date_parts,
    finish,
    guarded,
    identifier_path,
    search_terms,
)
from citecheck.sources.abstracts import crossref_abstract, keep_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.scopes import SCOPES
from citecheck.venues import same_volume

TYPES = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "book-chapter": "chapter",
    "book-section": "chapter",
    "book-part": "chapter",
    "reference-entry": "entry-encyclopedia",
    "posted-content": "article",
    "dissertation": "thesis",
    "report": "report",
    "report-component": "report",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "book": "book",
    "dataset": "dataset",
    "component": "document",
    "standard": "standard",
    "peer-review": "review",
}

BATCH = 20  # DOIs per filter request
SELECT = ",".join([
    "DOI", "title", "subtitle", "original-title", "short-title", "author", "editor", "issued",
    "published-print", "published-online", "posted", "accepted", "container-title",
    "short-container-title", "volume",
    "issue", "page", "article-number", "publisher", "type", "URL", "ISSN", "ISBN", "score",
    # retractions and the notices that announce them (citecheck.retraction), on search results too
    "updated-by", "update-to",
    "abstract",  # JATS; check --claims judges citing sentences by it
])


def to_record(item: dict[str, Any]) -> Record:
    """One Crossref work (``message`` or an ``items`` element) as a CSL record."""

    def names(key: str) -> list[Name]:
        out = []
        for person in item.get(key) or []:
            if not isinstance(person, dict):
                continue
            if person.get("family"):
                out.append(Name(family=clean_text(person["family"]),
                                given=clean_text(person.get("given")),
                                suffix=clean_text(person.get("suffix"))))
            elif person.get("name"):
                out.append(Name(literal=clean_text(person["name"])))
        return out

    short = clean_text(item.get("short-container-title"))
    container = clean_text(item.get("container-title"))
    record = Record(
        type=TYPES.get(str(item.get("type")), "article-journal" if container else "document"),
        title=clean_text(item.get("title")),
        author=names("author"),
        editor=names("editor"),
        # `created`, `deposited` and `indexed` are Crossref's own dates, never the work's
        issued=date_parts(item.get("issued"), item.get("published"), item.get("published-print"),
                          item.get("published-online")),
        volume=clean_text(item.get("volume")),
        issue=clean_text(item.get("issue")),
        page=clean_text(item.get("page")) or clean_text(item.get("article-number")),
        number=clean_text(item.get("article-number")),
        publisher=clean_text(item.get("publisher")),
        DOI=clean_id(item.get("DOI")),
        URL=clean_text(item.get("URL")),
        ISBN=clean_text(item.get("ISBN")),
        **{"container-title": container,
           "container-title-short": short if short and short != container else None},
    )
    if item.get("ISSN"):
        record.ISSN = clean_text(item.get("ISSN"))  # type: ignore[attr-defined]  # a CSL extra (extra="allow")
    if isinstance(item.get("score"), int | float):
        record.custom["score"] = float(item["score"])
    mark_crossref(record, item)
    keep_faces(record, item)
    keep_abstract(record, crossref_abstract(item), "crossref")
    return finish(record, source_api="crossref")


#: Crossref's publication dates by kind (`Record.dates`)
DATE_FIELDS = (("issued", "issued"), ("print", "published-print"), ("online", "published-online"),
               ("posted", "posted"), ("accepted", "accepted"))


def _texts(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [t for t in (clean_text(v) for v in values if v) if t]


def keep_faces(record: Record, item: dict[str, Any]) -> None:
    """Every date and title of a Crossref work beside the one the record shows: print, online,
    posted and accepted dates; further titles, title with subtitle, original and short titles."""
    for kind, key in DATE_FIELDS:
        parts = date_parts(item.get(key))
        if parts and parts.date_parts:
            record.set_date(kind, [int(p) for p in parts.date_parts[0]])
    titles = _texts(item.get("title"))
    for other in titles[1:]:
        record.add_title("title", other)
    for sub in _texts(item.get("subtitle")):
        if titles and sub.casefold() not in titles[0].casefold():
            record.add_title("subtitle", f"{titles[0]}: {sub}")
    for kind, key in (("original", "original-title"), ("short", "short-title")):
        for other in _texts(item.get(key)):
            record.add_title(kind, other)


@guarded
class CrossrefSource(Source):
    name = "crossref"
    supports = frozenset({"doi", "journal", "search", "text"})
    scopes = SCOPES["crossref"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.crossref_url.rstrip("/")
        pool = "polite" if config.mailto else "public"
        self.http = HttpClient(self.name, config, {
            "default": LIMITS[f"crossref:{pool}"],
            "query": LIMITS[f"crossref:{pool}:query"],
        })

    def covers(self, citation: Citation) -> bool:
        fields = citation.fields
        return bool(fields.title or fields.DOI or (fields.container_title and fields.volume))

    async def lookup_doi(self, doi: str) -> Record | None:
        url = f"{self.base}/works/{identifier_path(doi)}"
        body = await self.http.request("GET", url, not_found=(404,))  # lookup: 404 = no such DOI
        if body is None:
            return None
        require(isinstance(body, dict) and isinstance(body.get("message"), dict), self.name,
                "no message object")
        return to_record(body["message"])

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        """Batched through ``filter=doi:a,doi:b,…`` (one list request instead of many)."""
        wanted = list(dict.fromkeys(d for d in dois if d))
        out: dict[str, Record | None] = dict.fromkeys(wanted)
        simple = [d for d in wanted if batchable_doi(d, also="()")]
        if len(simple) == 1:
            out[simple[0]] = await self.lookup_doi(simple[0])
            simple = []
        for start in range(0, len(simple), BATCH):
            chunk = simple[start:start + BATCH]
            records = await self._works({"filter": ",".join(f"doi:{d}" for d in chunk),
                                         "rows": 2 * len(chunk)})
            by_doi = {r.DOI: r for r in records if r.DOI}
            for d in chunk:
                out[d] = by_doi.get(normalize_doi(d) or "")
        for d in wanted:
            if not batchable_doi(d, also="()"):  # the filter cannot carry it: looked up alone
                out[d] = await self.lookup_doi(d)
        return out

    async def _query(self, text: str, rows: int) -> list[Record]:
        return await self._works({"query.bibliographic": text, "rows": rows})

    async def _works(self, params: dict[str, Any]) -> list[Record]:
        body = await self.http.request(
            "GET", f"{self.base}/works", lane="query", params={**params, "select": SELECT},
        )
        if body is None:
            return []
        message: Any = body.get("message") if isinstance(body, dict) else None
        require(isinstance(message, dict) and isinstance(message.get("items"), list), self.name,
                "no message.items list")
        return [to_record(it) for it in message["items"] if isinstance(it, dict)]

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        f = citation.fields
        parts = [search_terms(f.title)]
        parts += [n.family or n.literal or "" for n in f.author[:3]]
        if f.container_title:
            parts.append(search_terms(f.container_title, 100))
        if f.year:
            parts.append(str(f.year))
        text = " ".join(p for p in parts if p).strip()
        if not f.title and not text:
            return []
        return await self._query(text, min(max(limit, 1), 40))

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        """The whole cleaned reference string as ``query.bibliographic`` (doubtful parses)."""
        text = " ".join(text.split())[:1000]
        return await self._query(text, min(max(limit, 1), 40)) if text else []

    async def lookup_journal(
        self, journal: str, volume: str, page: str, year: int | None = None
    ) -> list[Record]:
        text = " ".join(x for x in (journal, volume, page, str(year) if year else "") if x)
        key = canonical_journal(journal)
        hits = await self._query(text, 10)
        return [
            r for r in hits
            if same_volume(journal, (volume, year), (r.volume, r.year, r.issue)) and r.first_page == page
            and (not key or key in {canonical_journal(r.container_title),
                                    canonical_journal(r.container_title_short)})
        ]

    async def aclose(self) -> None:
        await self.http.aclose()
