"""DataCite REST API (``/dois/{doi}``): arXiv's own DOIs (10.48550/arXiv.*), Zenodo, datasets."""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

from citecheck.model import Citation, Name, Record
from citecheck.normalize import arxiv_from_doi, normalize_arxiv, normalize_doi
from citecheck.sources._common import clean_text, date_parts, finish, guarded, split_name
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.scopes import DATACITE_PREFIXES, SCOPES

DATACITE_PREFIX = re.compile("^(?:" + "|".join(re.escape(p) for p in DATACITE_PREFIXES) + ")/")
TYPES = {"Dataset": "dataset", "Software": "software", "Text": "article", "Preprint": "article",
         "JournalArticle": "article-journal", "ConferencePaper": "paper-conference",
         "Book": "book", "BookChapter": "chapter", "Report": "report",
         "Dissertation": "thesis"}


def to_record(data: dict[str, Any]) -> Record:
    """One DataCite ``data`` object (JSON:API) as a CSL record."""
    attrs = data.get("attributes") or {}
    authors: list[Name] = []
    for creator in attrs.get("creators") or []:
        if not isinstance(creator, dict):
            continue
        if creator.get("familyName"):
            authors.append(Name(family=clean_text(creator["familyName"]),
                                given=clean_text(creator.get("givenName"))))
        elif creator.get("nameType") == "Organizational":
            authors.append(Name(literal=clean_text(creator.get("name"))))
        elif (n := split_name(creator.get("name"))) is not None:
            authors.append(n)
    titles = [t for t in attrs.get("titles") or [] if isinstance(t, dict) and t.get("title")]
    main = next((t for t in titles if not t.get("titleType")), titles[0] if titles else {})
    types = attrs.get("types") or {}
    container = attrs.get("container") or {}
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
        **{"container-title": clean_text(container.get("title"))},
    )
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
        url = f"{self.base}/dois/{urllib.parse.quote(doi, safe='/')}"
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
