"""The ACL Anthology's published metadata: each paper's BibTeX at ``<base>/<anthology id>.bib``.

A paper is asked for by its Anthology id: from a DOI the Anthology registered
(``10.18653/v1/2022.acl-long.268``) or from an aclanthology.org URL or id in the citation
(``https://aclanthology.org/J89-2002/``). The Anthology offers no search, so a citation without
either is not its to answer. It holds every DOI under 10.18653 (scope
``doi-prefix:10.18653``): one it answers 404 for does not exist.
"""

from __future__ import annotations

import re

from citecheck.model import Citation, Record
from citecheck.normalize import normalize_doi
from citecheck.sources._common import finish, guarded
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import HttpClient, RateLimit, require
from citecheck.sources.scopes import ACL_DOI_PREFIX, SCOPES

LIMIT = RateLimit(2, 1, 1)
#: Anthology ids: new style 2022.acl-long.268, old style P19-1001 / J89-2002
_ID = r"(?:\d{4}\.[a-z][a-z0-9]*-[a-z0-9]+\.\d+|[A-Z]\d{2}-\d{4})"
_ID_IN_URL = re.compile(rf"aclanthology\.org/({_ID})(?:\.pdf|/)?", re.I)
_ID_IN_DOI = re.compile(rf"^{re.escape(ACL_DOI_PREFIX)}/v1/({_ID})$", re.I)


def anthology_id(citation: Citation) -> str | None:
    """The Anthology id a citation gives (DOI, URL, or a URL in its text), if any."""
    doi = normalize_doi(citation.fields.DOI)
    if doi and (m := _ID_IN_DOI.match(doi)):
        return _case(m.group(1))
    for text in (citation.fields.URL or "", citation.raw or ""):
        if m := _ID_IN_URL.search(text):
            return _case(m.group(1))
    return None


def _case(ident: str) -> str:
    """Old-style ids are upper-case letters (P19-1001), new-style ones lower-case."""
    return ident.upper() if re.fullmatch(r"[A-Za-z]\d{2}-\d{4}", ident) else ident.lower()


def to_record(bibtex: str, ident: str) -> Record | None:
    """The record of one paper's published BibTeX entry."""
    from citecheck.extract.bibtex import read_bibtex

    entries = [c for c in read_bibtex(bibtex, f"{ident}.bib") if c.error is None]
    if not entries:
        return None
    record = entries[0].fields.model_copy(deep=True)
    record.custom = {k: v for k, v in record.custom.items() if k not in ("key", "bibtex_type")}
    record.custom["acl"] = ident
    return finish(record, source_api="acl")


@guarded
class AclAnthologySource(Source):
    name = "acl"
    supports = frozenset({"doi", "search"})
    scopes = SCOPES["acl"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.acl_url.rstrip("/")
        self.http = HttpClient(self.name, config, {"default": LIMIT})

    def covers(self, citation: Citation) -> bool:
        return anthology_id(citation) is not None

    async def _paper(self, ident: str) -> Record | None:
        body = await self.http.request("GET", f"{self.base}/{ident}.bib", expect="text", not_found=(404,))
        if body is None:
            return None
        require(isinstance(body, str) and "@" in body, self.name, "not a BibTeX entry")
        return to_record(body, ident)

    async def lookup_doi(self, doi: str) -> Record | None:
        m = _ID_IN_DOI.match(normalize_doi(doi) or "")
        return await self._paper(_case(m.group(1))) if m else None

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        ident = anthology_id(citation)
        record = await self._paper(ident) if ident else None
        return [record] if record is not None else []

    async def aclose(self) -> None:
        await self.http.aclose()


__all__ = ["AclAnthologySource", "anthology_id", "to_record"]
