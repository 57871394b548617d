"""Semantic Scholar Graph API: ``POST /paper/batch`` (≤ 500 ids) and ``/paper/search/match``.

With a key S2 allows one request per second over all endpoints, so identifiers are always
batched; without a key the shared public pool 429s often and the limiter stays at 1 req/s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from citecheck.identifiers import arxiv_month
from citecheck.model import Citation, Name, Record, Version
from citecheck.sources._common import (
    author_names,
    clean_id,
    clean_text,
    date_parts,
    finish,
    guarded,
    page_range,
)
from citecheck.sources.abstracts import keep_abstract, s2_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.scopes import SCOPES

FIELDS = ("title,authors,year,venue,publicationVenue,journal,externalIds,publicationTypes,"
          "publicationDate,url,abstract")
BATCH = 500
TYPES = {"JournalArticle": "article-journal", "Conference": "paper-conference",
         "Book": "book", "BookSection": "chapter", "Dataset": "dataset", "Review": "article-journal",
         "Editorial": "article-journal", "LettersAndComments": "article-journal"}


def to_record(paper: dict[str, Any]) -> Record:
    """One S2 paper object as a CSL record."""
    ext = paper.get("externalIds") or {}
    journal = paper.get("journal") or {}
    venue_obj = paper.get("publicationVenue") or {}
    venue = clean_text(journal.get("name")) or clean_text(venue_obj.get("name")) or clean_text(
        paper.get("venue"))
    types = paper.get("publicationTypes") or []
    ctype = next((TYPES[t] for t in types if t in TYPES), None)
    if ctype is None:
        ctype = "article" if ext.get("ArXiv") and not ext.get("DOI") else "article-journal"
    authors: list[Name] = author_names(a.get("name") for a in paper.get("authors") or []
                                       if isinstance(a, dict))
    pages = clean_text(journal.get("pages"))
    if pages:
        pages = page_range(*[p.strip() for p in pages.split("-", 1)]) if "-" in pages else pages
    record = Record(
        type=ctype,
        title=clean_text(paper.get("title")),
        author=authors,
        issued=date_parts(paper.get("publicationDate"), paper.get("year")),
        volume=clean_text(journal.get("volume")),
        page=pages,
        DOI=clean_id(ext.get("DOI")),
        URL=clean_text(paper.get("url")),
        **{"container-title": venue},
    )
    if paper.get("paperId"):
        record.custom["s2"] = str(paper["paperId"])
    if isinstance(paper.get("matchScore"), int | float):
        record.custom["score"] = float(paper["matchScore"])
    year = paper.get("year")
    # publicationDate can be the online date; `year` is what S2 shows as the year
    if isinstance(year, int) and record.year != year:
        record.issued = date_parts(year)
    keep_faces(record, paper)
    keep_abstract(record, s2_abstract(paper), "semanticscholar")
    return finish(record, source_api="semanticscholar", arxiv=clean_text(ext.get("ArXiv")))


_ARXIV_NAME = re.compile(r"\s*(?:arxiv|corr)\b", re.I)
_DBLP_YEAR = re.compile(r"^(?:journals|conf)/(?!corr/)[^/]+/[^/]*?(\d{2})[a-z]?$")


def _dblp_year(key: Any, near: int | None) -> int | None:
    """The year a DBLP key ends with ("journals/natmi/BranCSBWS24" → 2024; never CoRR's, the
    preprint's): the century nearest to `near` (S2's own year)."""
    match = _DBLP_YEAR.match(str(key or ""))
    if not match:
        return None
    yy = int(match.group(1))
    return min((1900 + yy, 2000 + yy), key=lambda y: abs(y - (near or 2000)))


def keep_faces(record: Record, paper: dict[str, Any]) -> None:
    """S2's dates by kind, and the journal version of a paper with an arXiv version.

    S2's ``publicationDate`` (and then ``year``) is often the arXiv preprint's: a date in the month
    the arXiv id names is kept as "posted". The published version (``journal``, or the paper DBLP
    lists under a journal or conference) gets the year DBLP's key for it ends with; without one
    its year stays unknown.
    """
    ext = paper.get("externalIds") or {}
    month = arxiv_month(clean_text(ext.get("ArXiv")))
    pub = date_parts(paper.get("publicationDate"))
    pub_parts = [int(p) for p in pub.date_parts[0]] if pub and pub.date_parts else None
    pub_kind = "posted" if pub_parts and month and tuple(pub_parts[:2]) == month else "issued"
    if pub_parts:
        record.set_date(pub_kind, pub_parts)
    year = paper.get("year") if isinstance(paper.get("year"), int) else None
    if year and (not pub_parts or pub_parts[0] != year):
        record.set_date("online" if pub_kind == "issued" and pub_parts else "issued", [year])
    journal = paper.get("journal") or {}
    name = clean_text(journal.get("name"))
    name = name if name and not _ARXIV_NAME.match(name) else None  # S2 names a preprint's journal ArXiv
    dblp = _dblp_year(ext.get("DBLP"), year)
    if dblp or (month and name):
        record.add_version(Version(
            kind="journal", year=dblp, volume=clean_text(journal.get("volume")) if name else None,
            page=record.page if name else None, source="DBLP" if dblp else "journal",
            **{"container-title": name}))


def _no_match(body: Any) -> bool:
    """S2 answers "nothing matched" with a 404 and this body; any other 404 (a proxy's page, an
    endpoint that moved) is a failure, never "no results"."""
    if isinstance(body, dict) and "data" not in body:
        error = str(body.get("error") or "")
        require("not found" in error.lower(), "semanticscholar", f"HTTP 404 ({error[:60]!r})")
        return True
    return False


@guarded
class SemanticScholarSource(Source):
    name = "semanticscholar"
    supports = frozenset({"doi", "arxiv", "search"})
    scopes = SCOPES["semanticscholar"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.s2_url.rstrip("/")
        headers = {}
        if config.s2_api_key is not None and config.s2_api_key.get_secret_value():
            headers["x-api-key"] = config.s2_api_key.get_secret_value()
        self.http = HttpClient(self.name, config, {"default": LIMITS["semanticscholar"]},
                               headers=headers)

    def covers(self, citation: Citation) -> bool:
        return bool(citation.fields.title or citation.fields.DOI or citation.fields.arxiv)

    async def _batch(self, keyed: dict[str, str]) -> dict[str, Record | None]:
        """`keyed`: S2 id ("DOI:…", "ARXIV:…") → caller's key."""
        out: dict[str, Record | None] = dict.fromkeys(keyed.values())
        ids = list(keyed)
        for start in range(0, len(ids), BATCH):
            chunk = ids[start:start + BATCH]
            body = await self.http.request(
                "POST", f"{self.base}/paper/batch", params={"fields": FIELDS},
                json_body={"ids": chunk}, not_found=(),
            )
            require(isinstance(body, list) and len(body) == len(chunk), self.name,
                    "batch answer is not a list parallel to the ids")
            for s2id, paper in zip(chunk, body, strict=True):
                out[keyed[s2id]] = to_record(paper) if isinstance(paper, dict) else None
        return out

    async def lookup_doi(self, doi: str) -> Record | None:
        return (await self.lookup_doi_many([doi])).get(doi)

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return (await self.lookup_arxiv_many([arxiv_id])).get(arxiv_id)

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        return await self._batch({f"DOI:{d}": d for d in dict.fromkeys(dois) if d})

    async def lookup_arxiv_many(self, ids: Iterable[str]) -> dict[str, Record | None]:
        from citecheck.sources.arxiv import bare_id

        return await self._batch({f"ARXIV:{bare_id(i) or i}": i for i in dict.fromkeys(ids) if i})

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        title = clean_text(citation.fields.title)
        if not title:
            return []
        params: dict[str, str] = {"query": title[:300], "fields": FIELDS}
        body = await self.http.request("GET", f"{self.base}/paper/search/match", params=params,
                                       accept=(404,))
        if _no_match(body):  # S2's documented 404 {"error": "Title match not found"}
            return []
        require(isinstance(body, dict) and isinstance(body.get("data", []), list), self.name,
                "no data list")
        return [to_record(p) for p in body.get("data", []) if isinstance(p, dict)][:limit]

    async def aclose(self) -> None:
        await self.http.aclose()
