"""INSPIRE-HEP literature API: title search, journal-reference lookups for title-less physics
references (``j Phys.Rev.Lett.,99,123456``), ``/arxiv/{id}`` and ``/doi/{doi}``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from citecheck.model import Citation, Name, Record, Version
from citecheck.normalize import canonical_journal, normalize_arxiv, normalize_doi
from citecheck.sources._common import (
    batchable_doi,
    clean_text,
    date_parts,
    finish,
    guarded,
    identifier_path,
    page_range,
    search_terms,
    split_name,
)
from citecheck.sources.abstracts import inspire_abstract, keep_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.physics import is_physics
from citecheck.venues import same_volume, year_volume

FIELDS = ("titles,title_translations,authors.full_name,publication_info,dois,arxiv_eprints,"
          "earliest_date,preprint_date,imprints,document_type,control_number,collaborations,abstracts")
BATCH = 20  # identifiers OR'ed into one literature search
TYPES = {"article": "article-journal", "conference paper": "paper-conference", "book": "book",
         "book chapter": "chapter", "thesis": "thesis", "report": "report", "note": "report",
         "proceedings": "book"}


def to_record(hit: dict[str, Any]) -> Record:
    """One INSPIRE literature hit (``{"metadata": …}`` or the metadata itself) as CSL."""
    meta = hit.get("metadata", hit)
    titles = meta.get("titles") or []
    pubs = [p for p in meta.get("publication_info") or [] if isinstance(p, dict)]
    pub = next((p for p in pubs if p.get("journal_title")), pubs[0] if pubs else {})
    authors: list[Name] = [
        n for a in meta.get("authors") or [] if isinstance(a, dict) and (n := split_name(a.get("full_name")))
    ]
    if not authors:
        authors = [Name(literal=f"{c['value']} Collaboration") for c in meta.get("collaborations") or []
                   if isinstance(c, dict) and c.get("value")]
    dtypes = meta.get("document_type") or []
    ctype = next((TYPES[t] for t in dtypes if t in TYPES), "article-journal")
    eprints = meta.get("arxiv_eprints") or []
    arxiv = eprints[0].get("value") if eprints and isinstance(eprints[0], dict) else None
    if ctype == "article-journal" and not pub.get("journal_title") and arxiv:
        ctype = "article"
    dois = meta.get("dois") or []
    record = Record(
        type=ctype,
        title=clean_text(titles[0].get("title")) if titles and isinstance(titles[0], dict) else None,
        author=authors,
        issued=date_parts(pub.get("year"), meta.get("earliest_date"), meta.get("preprint_date")),
        volume=clean_text(pub.get("journal_volume")),
        issue=clean_text(pub.get("journal_issue")),
        page=page_range(pub.get("page_start"), pub.get("page_end")) or clean_text(pub.get("artid")),
        DOI=clean_text(dois[0].get("value")) if dois and isinstance(dois[0], dict) else None,
        **{"container-title": clean_text(pub.get("journal_title"))},
    )
    more = [normalize_doi(d.get("value")) for d in dois[1:] if isinstance(d, dict)]
    if any(more):
        record.custom["other_dois"] = sorted({d for d in more if d})
    recid = meta.get("control_number") or hit.get("id")
    if recid:
        record.custom["inspire"] = str(recid)
        record.URL = f"https://inspirehep.net/literature/{recid}"
    keep_faces(record, meta, pub)
    keep_abstract(record, inspire_abstract(meta), "inspire")
    return finish(record, source_api="inspire", arxiv=arxiv)


def _parts(value: Any) -> list[int] | None:
    parts = date_parts(value)
    return [int(p) for p in parts.date_parts[0]] if parts and parts.date_parts else None


def keep_faces(record: Record, meta: dict[str, Any], pub: dict[str, Any]) -> None:
    """Every title of the record (``titles[]``: the publisher's and arXiv's, ``title_translations``),
    its publication and preprint dates, and each other ``publication_info`` as a journal version."""
    for item in meta.get("titles") or []:
        if isinstance(item, dict):
            kind = "preprint" if str(item.get("source") or "").lower() == "arxiv" else "title"
            record.add_title(kind, clean_text(item.get("title")))
    for item in meta.get("title_translations") or []:
        if isinstance(item, dict):
            record.add_title("translated", clean_text(item.get("title")))
    imprints = [i for i in meta.get("imprints") or [] if isinstance(i, dict)]
    issued = _parts(pub.get("year")) or _parts(imprints[0].get("date") if imprints else None)
    if issued:
        record.set_date("issued", issued)
    posted = _parts(meta.get("preprint_date"))
    if posted:
        record.set_date("posted", posted)
    for other in meta.get("publication_info") or []:
        if isinstance(other, dict) and other is not pub and other.get("journal_title"):
            record.add_version(Version(
                kind="journal", year=other.get("year") if isinstance(other.get("year"), int) else None,
                volume=clean_text(other.get("journal_volume")), issue=clean_text(other.get("journal_issue")),
                page=page_range(other.get("page_start"), other.get("page_end")) or clean_text(other.get("artid")),
                source="publication_info", **{"container-title": clean_text(other.get("journal_title"))}))


def inspire_journal(name: str) -> str:
    """INSPIRE's journal spelling: "Phys. Rev. Lett." → "Phys.Rev.Lett."."""
    return re.sub(r"\.\s+", ".", name.replace("~", " ").strip())


@guarded
class InspireSource(Source):
    name = "inspire"
    supports = frozenset({"doi", "arxiv", "journal", "search"})

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.inspire_url.rstrip("/")
        headers = {"Accept": "application/json"}
        if config.inspire_token is not None and config.inspire_token.get_secret_value():
            headers["Authorization"] = f"Bearer {config.inspire_token.get_secret_value()}"
        self.http = HttpClient(self.name, config, {"default": LIMITS["inspire"]}, headers=headers)

    def covers(self, citation: Citation) -> bool:
        return is_physics(citation.fields)

    async def _one(self, path: str) -> Record | None:
        # an identifier lookup: 404 means "no such record"
        body = await self.http.request("GET", f"{self.base}{path}", params={"fields": FIELDS},
                                       not_found=(404,))
        if body is None:
            return None
        require(isinstance(body, dict) and isinstance(body.get("metadata"), dict), self.name,
                "no metadata object")
        return to_record(body)

    async def _query(self, q: str, size: int) -> list[Record]:
        body = await self.http.request(
            "GET", f"{self.base}/literature", params={"q": q, "size": size, "fields": FIELDS})
        if body is None:
            return []
        hits: Any = (body.get("hits") or {}).get("hits") if isinstance(body, dict) else None
        require(isinstance(hits, list), self.name, "no hits.hits list")
        return [to_record(h) for h in hits if isinstance(h, dict)]

    async def lookup_doi(self, doi: str) -> Record | None:
        return await self._one(f"/doi/{identifier_path(doi)}")

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return await self._one(f"/arxiv/{identifier_path(arxiv_id)}")

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        """Batched as ``doi a or doi b or …`` (INSPIRE allows 3 requests/s)."""
        wanted = list(dict.fromkeys(d for d in dois if d))
        out: dict[str, Record | None] = dict.fromkeys(wanted)
        simple = [d for d in wanted if batchable_doi(d)]
        for start in range(0, len(simple), BATCH):
            chunk = simple[start:start + BATCH]
            hits = await self._query(" or ".join(f"doi {d}" for d in chunk), 2 * len(chunk))
            by_doi: dict[str, Record] = {}
            for rec in hits:
                for d in [rec.DOI, *rec.custom.get("other_dois", [])]:
                    if d:
                        by_doi.setdefault(d, rec)
            for d in chunk:
                out[d] = by_doi.get(normalize_doi(d) or "")
        for d in wanted:
            if not batchable_doi(d):  # the query syntax cannot carry it: looked up alone
                out[d] = await self.lookup_doi(d)
        return out

    async def lookup_arxiv_many(self, ids: Iterable[str]) -> dict[str, Record | None]:
        """Batched as ``eprint a or eprint b or …``."""
        wanted = list(dict.fromkeys(i for i in ids if i))
        out: dict[str, Record | None] = dict.fromkeys(wanted)
        valid = [i for i in wanted if normalize_arxiv(i)]
        for start in range(0, len(valid), BATCH):
            chunk = valid[start:start + BATCH]
            hits = await self._query(
                " or ".join(f"eprint {normalize_arxiv(i)}" for i in chunk), 2 * len(chunk))
            by_id: dict[str | None, Record] = {rec.arxiv: rec for rec in hits if rec.arxiv}
            for i in chunk:
                out[i] = by_id.get(normalize_arxiv(i))
        return out

    async def lookup_journal(
        self, journal: str, volume: str, page: str, year: int | None = None
    ) -> list[Record]:
        if not (journal and volume and page):
            return []
        named = year_volume(journal, volume, year)  # INSPIRE numbers JHEP by issue: "JHEP,05,086" in 2007
        asked = f"{named[1]:02d}" if named and named[1] else volume
        hits = await self._query(f"j {inspire_journal(journal)},{asked},{page}", 10)
        key = canonical_journal(journal)
        return [r for r in hits
                if same_volume(journal, (volume, year), (r.volume, r.year, r.issue)) and r.first_page == page
                and (not r.container_title or canonical_journal(r.container_title) == key or len(hits) == 1)]

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        terms = search_terms(citation.fields.title, 250)
        if not terms:
            return []
        q = f't "{terms}"'
        first = citation.fields.author[0] if citation.fields.author else None
        if first and first.family and not first.literal:
            q += f" and a {search_terms(first.family, 60)}"
        hits = await self._query(q, min(max(limit, 1), 25))
        if not hits and " and a " in q:  # the author may be the corrupted field
            hits = await self._query(f't "{terms}"', min(max(limit, 1), 25))
        return hits

    async def aclose(self) -> None:
        await self.http.aclose()
