"""The DOI registry: doi.org's handle API (``/api/handles/{doi}``).

It knows every DOI of every registration agency (Crossref, DataCite, mEDRA, JaLC, …), so its
"not registered" (``responseCode`` 100, HTTP 404) proves that a cited DOI was invented, while its
"registered" (``responseCode`` 1) says only that the DOI exists: the registry holds no
bibliographic metadata. A registered DOI therefore comes back as a bare record marked
``custom["registry_only"]``, which the cascade notes as evidence but never verifies against.

It is asked last (``last_resort``): only for DOIs that the bibliographic sources before it did
not resolve, and never in the run's up-front batch prefetch.
"""

from __future__ import annotations

from citecheck.model import Record
from citecheck.sources._common import clean_text, guarded, identifier_path
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import HttpClient, RateLimit, require
from citecheck.sources.scopes import SCOPES

#: doi.org publishes no limit for the handle API; stay polite
LIMIT = RateLimit(10, 1, 2)
REGISTERED = 1
NOT_REGISTERED = 100


@guarded
class DoiRegistrySource(Source):
    name = "doi"
    supports = frozenset({"doi"})
    scopes = SCOPES["doi"]
    last_resort = True

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.doi_url.rstrip("/")
        self.http = HttpClient(self.name, config, {"default": LIMIT})

    async def lookup_doi(self, doi: str) -> Record | None:
        """None: not registered; a bare record: registered (the registry has no metadata)."""
        url = f"{self.base}/api/handles/{identifier_path(doi)}"
        # the registry answers "not registered" as HTTP 404 with a JSON body saying so
        body = await self.http.request("GET", url, params={"type": "URL"}, accept=(404,),
                                       not_found=())
        require(isinstance(body, dict) and isinstance(body.get("responseCode"), int), self.name,
                "no responseCode")
        code = body["responseCode"]
        if code == NOT_REGISTERED:
            return None
        require(code == REGISTERED, self.name, f"responseCode {code}")
        target = next((clean_text((v.get("data") or {}).get("value"))
                       for v in body.get("values") or []
                       if isinstance(v, dict) and v.get("type") == "URL"), None)
        return Record(id=f"doi:{doi.lower()}", DOI=doi, URL=target,
                      custom={"registry_only": True, "source_api": "doi"})

    async def aclose(self) -> None:
        await self.http.aclose()


__all__ = ["DoiRegistrySource"]
