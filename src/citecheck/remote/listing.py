"""An arXiv listing — a category and a month or a day — as the ids of its papers.

``hep-th/2024-01`` or ``cs.CL/2024-01-15``: the papers first submitted in that period whose
categories include that one, read from arXiv's OAI-PMH interface (``ListRecords`` with
``metadataPrefix=arXiv``; base URL ``CITECHECK_ARXIV_LISTING_URL``), page by page through its
resumption tokens, within arXiv's rate limit (the shared HTTP layer waits out ``Retry-After``,
OAI-PMH's flow control). OAI-PMH selects by last change, so the records are filtered again by
their ``created`` date: a paper revised in the month but submitted before it is not listed.
"""

from __future__ import annotations

import calendar
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import date

from citecheck.sources.config import SourceConfig

LISTING_URL = "https://oaipmh.arxiv.org/oai"
#: arXiv's OAI sets: these groups are sets of their own; every other archive is physics:<archive>
GROUP_SETS = frozenset({"cs", "math", "stat", "q-bio", "q-fin", "eess", "econ"})
OAI = {"oai": "http://www.openarchives.org/OAI/2.0/", "ax": "http://arxiv.org/OAI/arXiv/"}
MAX_PAGES = 1000
_SPEC = re.compile(r"(?P<cat>[a-z][a-z\-]*(?:\.[A-Za-z\-]+)?)/(?P<y>\d{4})-(?P<m>\d{2})(?:-(?P<d>\d{2}))?")


@dataclass(frozen=True)
class Listing:
    category: str
    start: date
    end: date

    @property
    def oai_set(self) -> str:
        archive = self.category.split(".")[0]
        return archive if archive in GROUP_SETS else f"physics:{archive}"

    @property
    def slug(self) -> str:
        """A file name for it (``hep-th_2024-01``)."""
        period = self.start.isoformat()[:7] if self.end != self.start else self.start.isoformat()
        return f"{self.category}_{period}"


def parse_listing(spec: str) -> Listing:
    """``CATEGORY/YYYY-MM`` or ``CATEGORY/YYYY-MM-DD``; ValueError saying the form otherwise."""
    m = _SPEC.fullmatch(spec.strip())
    try:
        if m is None:
            raise ValueError
        year, month = int(m["y"]), int(m["m"])
        if m["d"]:
            day = date(year, month, int(m["d"]))
            return Listing(m["cat"], day, day)
        return Listing(m["cat"], date(year, month, 1),
                       date(year, month, calendar.monthrange(year, month)[1]))
    except ValueError:
        raise ValueError(f"arxiv-listing:{spec}: expected CATEGORY/YYYY-MM or CATEGORY/YYYY-MM-DD"
                         " (e.g. arxiv-listing:hep-th/2024-01)") from None


async def list_ids(listing: Listing, config: SourceConfig) -> list[str]:
    """The arXiv ids of the listing, in the order OAI-PMH gives them, each once."""
    from citecheck.sources.http import LIMITS, HttpClient

    base = os.environ.get("CITECHECK_ARXIV_LISTING_URL", LISTING_URL)
    client = HttpClient("arxiv-oai", config, {"default": LIMITS["arxiv"]})
    params: dict[str, str] = {"verb": "ListRecords", "metadataPrefix": "arXiv", "set": listing.oai_set,
                              "from": listing.start.isoformat(), "until": listing.end.isoformat()}
    ids: dict[str, None] = {}
    try:
        for _page in range(MAX_PAGES):
            root = await client.request("GET", base, params=params, expect="xml")
            ids.update(dict.fromkeys(_ids(root, listing)))
            token = (root.findtext(".//oai:resumptionToken", "", OAI) or "").strip()
            if not token:
                break
            params = {"verb": "ListRecords", "resumptionToken": token}
    finally:
        await client.aclose()
    return list(ids)


def _ids(root: ET.Element, listing: Listing) -> list[str]:
    error = root.find("oai:error", OAI)
    if error is not None:
        if error.get("code") == "noRecordsMatch":
            return []
        from citecheck.sources.errors import MalformedResponseError

        raise MalformedResponseError("arxiv-oai", f"OAI-PMH error {error.get('code')}: {error.text}")
    out = []
    for meta in root.iterfind(".//oai:record/oai:metadata/ax:arXiv", OAI):
        ident = (meta.findtext("ax:id", "", OAI) or "").strip()
        created = (meta.findtext("ax:created", "", OAI) or "").strip()
        cats = (meta.findtext("ax:categories", "", OAI) or "").split()
        try:
            when = date.fromisoformat(created)
        except ValueError:
            continue
        if ident and listing.start <= when <= listing.end and _in_category(cats, listing.category):
            out.append(ident)
    return out


def _in_category(categories: list[str], wanted: str) -> bool:
    if "." in wanted:
        return wanted in categories
    return any(c == wanted or c.startswith(wanted + ".") for c in categories)


__all__ = ["Listing", "list_ids", "parse_listing"]
