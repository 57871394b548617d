"""OpenAlex: DOI batches through an OR-filter (``filter=doi:a|b|…``), a DOI the filter cannot
carry through ``/works/doi:{doi}``, and ``title.search``.

Since February 2026 OpenAlex wants an API key (sent as ``api_key``); search calls are budgeted,
so they are only made for citations without a resolvable identifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from citecheck.model import Citation, Record, Version
from citecheck.normalize import normalize_doi
from citecheck.retraction import mark_openalex
from citecheck.sources._common import (
    author_names,
    batchable_doi,
    clean_id,
    clean_text,
    date_parts,
    finish,
    guarded,
    identifier_path,
    page_range,
    search_terms,
)
from citecheck.sources.abstracts import keep_abstract, openalex_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import TYPES as CROSSREF_TYPES
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.scopes import SCOPES

BATCH = 50  # OpenAlex allows up to 100 OR'ed values; 50 keeps URLs short
#: OpenAlex work types (https://developers.openalex.org/api-reference/work-types, and the older
#: values still found in snapshots) → CSL types. Editorials, errata, letters and retraction notices
#: are journal items; a peer review or a book review reviews a work.
TYPES = {"article": "article-journal", "book": "book", "book-chapter": "chapter",
         "book-review": "review", "conference-paper": "paper-conference",
         "proceedings-article": "paper-conference", "dataset": "dataset",
         "dissertation": "thesis", "editorial": "article-journal", "erratum": "article-journal",
         "letter": "article-journal", "libguides": "webpage", "other": "document",
         "paratext": "document", "peer-review": "review", "preprint": "article",
         "posted-content": "article", "reference-entry": "entry-encyclopedia",
         "report": "report", "retraction": "article-journal", "review": "article-journal",
         "standard": "standard", "supplementary-materials": "dataset", "grant": "document",
         "software": "software"}
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+)", re.I)


def work_type(work: dict[str, Any]) -> str:
    """The CSL type of a work: its OpenAlex ``type``; Crossref's (``type_crossref``, through the
    Crossref adapter's table) where OpenAlex's is generic ("other", "paratext") or unknown."""
    ctype = TYPES.get(str(work.get("type") or ""), "document")
    crossref = CROSSREF_TYPES.get(str(work.get("type_crossref") or ""))
    return crossref if ctype == "document" and crossref else ctype


def _written_name(authorship: dict[str, Any]) -> str | None:
    """The name as the work prints it (``raw_author_name``); the author profile's
    ``display_name`` only without one. The profile's name is OpenAlex's choice for every work it
    attributes to the person — another spelling ("Andy Fenton" for "A. Fenton"), the family name
    first ("Zhu Ke" for "Zhu, Ke"), another script, or another person when the attribution is
    wrong ("Bowen Wu" for "Wu, Bochao"). A raw name listing several people ("A; B; C") is not one."""
    raw = authorship.get("raw_author_name")
    if isinstance(raw, str) and raw.strip() and ";" not in raw:
        return raw
    display = (authorship.get("author") or {}).get("display_name")
    return display if isinstance(display, str) else None


def to_record(work: dict[str, Any]) -> Record:
    """One OpenAlex work object as a CSL record."""
    location = work.get("primary_location") or {}
    src = location.get("source") or {}
    biblio = work.get("biblio") or {}
    authors = author_names(_written_name(a) for a in work.get("authorships") or []
                           if isinstance(a, dict))
    ctype = work_type(work)
    if src.get("type") == "conference" and ctype == "article-journal":
        ctype = "paper-conference"
    if src.get("type") == "repository" and ctype == "article-journal":
        ctype = "article"
    arxiv = None
    for loc in [location, *(work.get("locations") or [])]:
        for key in ("landing_page_url", "pdf_url"):
            m = _ARXIV_URL.search(str((loc or {}).get(key) or ""))
            if m:
                arxiv = m.group(1)
                break
        if arxiv:
            break
    record = Record(
        type=ctype,
        title=clean_text(work.get("title") or work.get("display_name")),
        author=authors,
        issued=date_parts(work.get("publication_date"), work.get("publication_year")),
        volume=clean_text(biblio.get("volume")),
        issue=clean_text(biblio.get("issue")),
        page=page_range(biblio.get("first_page"), biblio.get("last_page")),
        publisher=clean_text(src.get("host_organization_name")),
        DOI=clean_id(work.get("doi")),
        URL=clean_text(location.get("landing_page_url")) or clean_text(work.get("id")),
        **{"container-title": clean_text(src.get("display_name"))},
    )
    if work.get("id"):
        record.custom["openalex"] = str(work["id"]).rsplit("/", 1)[-1]
    if isinstance(work.get("relevance_score"), int | float):
        record.custom["score"] = float(work["relevance_score"])
    mark_openalex(record, work)
    keep_faces(record, work)
    keep_abstract(record, openalex_abstract(work), "openalex")
    return finish(record, source_api="openalex", arxiv=arxiv)


def keep_faces(record: Record, work: dict[str, Any]) -> None:
    """OpenAlex's publication date, and the journal or conference a work whose primary location is
    a repository (arXiv, a preprint server) appeared in: a published version, its year unknown."""
    issued = date_parts(work.get("publication_date"), work.get("publication_year"))
    if issued and issued.date_parts:
        record.set_date("issued", [int(p) for p in issued.date_parts[0]])
    primary = (work.get("primary_location") or {}).get("source") or {}
    if primary.get("type") != "repository":
        return
    for loc in [x for x in work.get("locations") or [] if isinstance(x, dict)]:
        src = loc.get("source") or {}
        if src.get("type") in ("journal", "conference") and loc.get("version") != "submittedVersion":
            name = clean_text(src.get("display_name"))
            if name:
                record.add_version(Version(kind="journal", source="locations", **{"container-title": name}))


@guarded
class OpenAlexSource(Source):
    name = "openalex"
    supports = frozenset({"doi", "search"})
    scopes = SCOPES["openalex"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.openalex_url.rstrip("/")
        self.params: dict[str, str] = {}
        if config.openalex_api_key is not None and config.openalex_api_key.get_secret_value():
            self.params["api_key"] = config.openalex_api_key.get_secret_value()
        if config.mailto is not None and config.mailto.get_secret_value():
            self.params["mailto"] = config.mailto.get_secret_value()
        self.http = HttpClient(self.name, config, {"default": LIMITS["openalex"]})

    def covers(self, citation: Citation) -> bool:
        return bool(citation.fields.title or citation.fields.DOI)

    async def _works(self, params: dict[str, Any]) -> list[Record]:
        body = await self.http.request("GET", f"{self.base}/works", params={**params, **self.params})
        if body is None:
            return []
        require(isinstance(body, dict) and isinstance(body.get("results"), list), self.name,
                "no results list")
        return [to_record(w) for w in body["results"] if isinstance(w, dict)]

    async def lookup_doi(self, doi: str) -> Record | None:
        return (await self.lookup_doi_many([doi])).get(doi)

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        wanted = list(dict.fromkeys(d for d in dois if d))
        out: dict[str, Record | None] = dict.fromkeys(wanted)
        simple = [d for d in wanted if batchable_doi(d, also="()")]
        for start in range(0, len(simple), BATCH):
            chunk = simple[start:start + BATCH]
            records = await self._works({"filter": "doi:" + "|".join(chunk),
                                         "per_page": min(200, 2 * len(chunk))})
            by_doi: dict[str | None, Record] = {r.DOI: r for r in records if r.DOI}
            for d in chunk:
                out[d] = by_doi.get(normalize_doi(d))
        for d in wanted:
            if not batchable_doi(d, also="()"):  # the OR-filter cannot carry it ("|", ",", SICI)
                out[d] = await self._work(f"doi:{identifier_path(d)}")
        return out

    async def _work(self, key: str) -> Record | None:
        """One work by its key (``doi:…``); a 404 is "no such work"."""
        body = await self.http.request("GET", f"{self.base}/works/{key}", params=self.params,
                                       not_found=(404,))
        if body is None:
            return None
        require(isinstance(body, dict), self.name, "no work object")
        return to_record(body)

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        terms = search_terms(citation.fields.title, 250)
        if not terms:
            return []
        return await self._works({"filter": f"title.search:{terms}",
                                  "per_page": min(max(limit, 1), 50)})

    async def aclose(self) -> None:
        await self.http.aclose()
