"""DataCite REST API (``/dois/{doi}``): arXiv's own DOIs (10.48550/arXiv.*), Zenodo, datasets."""

from __future__ import annotations

import re
from typing import Any

from citecheck.model import Citation, Name, Record
from citecheck.normalize import arxiv_from_doi, normalize_arxiv, normalize_doi
from citecheck.sources._common import (
    clean_text,
    date_parts,
    finish,
    guarded,
    identifier_path,
    page_range,
    split_name,
)
from citecheck.sources.abstracts import datacite_abstract, keep_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.scopes import DATACITE_PREFIXES, SCOPES

DATACITE_PREFIX = re.compile("^(?:" + "|".join(re.escape(p) for p in DATACITE_PREFIXES) + ")/")
TYPES = {"Dataset": "dataset", "Software": "software", "Text": "article", "Preprint": "article",
         "JournalArticle": "article-journal", "ConferencePaper": "paper-conference",
         "Book": "book", "BookChapter": "chapter", "Report": "report",
         "Dissertation": "thesis", "DataPaper": "article-journal", "PeerReview": "review",
         "Standard": "standard", "ConferenceProceeding": "book"}
#: related-item types that are where a work appears, the nearest first (a proceedings volume
#: before the series it belongs to)
_CONTAINER_RANK = {"Journal": 0, "ConferenceProceeding": 0, "Book": 0, "Collection": 1,
                   "BookSeries": 1, "Series": 1}


def _title(item: dict[str, Any], kind: str | None = None) -> str | None:
    """An item's title of a type (None: the main title, else the first)."""
    titles = [t for t in item.get("titles") or [] if isinstance(t, dict) and t.get("title")]
    main = next((t for t in titles if t.get("titleType") == kind), None if kind else titles[0] if titles else None)
    return clean_text(main.get("title")) if main else None


def container_fields(attrs: dict[str, Any]) -> dict[str, Any]:
    """Where a DataCite work appears, as CSL fields: the ``relatedItems`` it ``IsPublishedIn``
    (schema 4.4; the nearest one gives the container, a series above it the collection title),
    else the older ``container`` object; volume, issue, number and pages as Crossref's are
    mapped (``firstPage``–``lastPage`` a range)."""
    related = sorted((r for r in attrs.get("relatedItems") or []
                      if isinstance(r, dict) and r.get("relationType") == "IsPublishedIn"),
                     key=lambda r: _CONTAINER_RANK.get(str(r.get("relatedItemType")), 0))
    given = attrs.get("container")
    old: dict[str, Any] = given if isinstance(given, dict) else {}
    near: dict[str, Any] = related[0] if related else old
    editors = [n for c in near.get("contributors") or [] if isinstance(c, dict)
               and c.get("contributorType") == "Editor" and (n := _creator(c)) is not None]
    series = next((_title(r) for r in related[1:] if _title(r)), None)
    # a proceedings volume titled by its series ("LIPIcs, Volume 22, TQC 2013") names the
    # conference in its subtitle: the name a citation gives
    title, subtitle = _title(near) or clean_text(old.get("title")), _title(near, "Subtitle")
    return {
        "container-title": subtitle or title,
        "container-title-short": title if subtitle else None,
        "collection-title": series if series != title else None,
        "volume": clean_text(near.get("volume")),
        "issue": clean_text(near.get("issue")),
        "number": clean_text(near.get("number")),
        "page": page_range(near.get("firstPage"), near.get("lastPage")),
        "editor": editors,
    }


def _creator(creator: dict[str, Any]) -> Name | None:
    if creator.get("familyName"):
        return Name(family=clean_text(creator["familyName"]), given=clean_text(creator.get("givenName")))
    if creator.get("nameType") == "Organizational":
        return Name(literal=clean_text(creator.get("name")))
    return split_name(creator.get("name"))


def to_record(data: dict[str, Any]) -> Record:
    """One DataCite ``data`` object (JSON:API) as a CSL record."""
    attrs = data.get("attributes") or {}
    authors = [n for c in attrs.get("creators") or [] if isinstance(c, dict)
               and (n := _creator(c)) is not None]
    titles = [t for t in attrs.get("titles") or [] if isinstance(t, dict) and t.get("title")]
    main = next((t for t in titles if not t.get("titleType")), titles[0] if titles else {})
    types = attrs.get("types") or {}
    doi = clean_text(attrs.get("doi") or data.get("id"))
    record = Record(
        type=TYPES.get(str(types.get("resourceTypeGeneral")), "document"),
        title=clean_text(main.get("title")),
        author=authors,
        issued=date_parts(attrs.get("publicationYear")),
        publisher=clean_text(attrs.get("publisher") if not isinstance(attrs.get("publisher"), dict)
                             else attrs["publisher"].get("name")),
        DOI=doi,
        URL=clean_text(attrs.get("url")),
        **container_fields(attrs),
    )
    keep_abstract(record, datacite_abstract(attrs), "datacite")
    return finish(record, source_api="datacite", arxiv=arxiv_from_doi(normalize_doi(doi)))


@guarded
class DataCiteSource(Source):
    name = "datacite"
    supports = frozenset({"doi", "arxiv"})
    scopes = SCOPES["datacite"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.datacite_url.rstrip("/")
        self.http = HttpClient(self.name, config, {"default": LIMITS["datacite"]})

    def covers(self, citation: Citation) -> bool:
        doi = normalize_doi(citation.fields.DOI)
        return bool(normalize_arxiv(citation.fields.arxiv) or (doi and DATACITE_PREFIX.match(doi)))

    async def lookup_doi(self, doi: str) -> Record | None:
        url = f"{self.base}/dois/{identifier_path(doi)}"
        body = await self.http.request("GET", url, not_found=(404,))  # lookup: 404 = no such DOI
        if body is None:
            return None
        require(isinstance(body, dict) and isinstance(body.get("data"), dict), self.name,
                "no data object")
        return to_record(body["data"])

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        norm = normalize_arxiv(arxiv_id)
        if not norm:
            return None
        return await self.lookup_doi(f"10.48550/arxiv.{norm}")

    async def aclose(self) -> None:
        await self.http.aclose()
