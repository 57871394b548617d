"""arXiv export API (Atom): ``id_list`` batches for identifiers, ``ti:"..."`` title search.

arXiv asks for one request every three seconds over a single connection, so identifier
lookups are batched (up to 100 ids per request) and title search is a last resort.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from citecheck.identifiers import normalize_arxiv, record_arxiv
from citecheck.index.journal_ref import journal_version
from citecheck.model import Citation, Record
from citecheck.sources._common import (
    clean_text,
    date_parts,
    finish,
    guarded,
    search_terms,
    split_name,
)
from citecheck.sources.abstracts import arxiv_abstract, keep_abstract
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import LIMITS, HttpClient, require
from citecheck.sources.physics import is_physics
from citecheck.sources.scopes import SCOPES

NS = {
    "atom": "http://www.w3.org/2005/Atom",
    "arxiv": "http://arxiv.org/schemas/atom",
    "opensearch": "http://a9.com/-/spec/opensearch/1.1/",
}
BATCH = 100
_ARXIV_HINT = re.compile(r"arxiv|corr\b|e-?print", re.I)


def to_record(entry: ET.Element) -> Record | None:
    """One Atom ``<entry>`` as a CSL record; None for arXiv's error entries."""
    ident = (entry.findtext("atom:id", "", NS) or "").strip()
    if "/api/errors" in ident:
        return None
    arxiv = normalize_arxiv(ident)
    if not arxiv:
        return None
    authors = [
        n for a in entry.findall("atom:author", NS)
        if (n := split_name(a.findtext("atom:name", "", NS)))
    ]
    categories = [c.get("term", "") for c in entry.findall("atom:category", NS) if c.get("term")]
    primary = entry.find("arxiv:primary_category", NS)
    if primary is not None and primary.get("term") in categories:
        categories.remove(primary.get("term", ""))
        categories.insert(0, primary.get("term", ""))
    record = Record(
        type="article",
        title=clean_text(entry.findtext("atom:title", "", NS)),
        author=authors,
        issued=date_parts(entry.findtext("atom:published", "", NS)),
        DOI=clean_text(entry.findtext("arxiv:doi", None, NS)),
        URL=f"https://arxiv.org/abs/{arxiv}",
    )
    if record.issued and record.issued.date_parts:
        record.set_date("posted", [int(p) for p in record.issued.date_parts[0]])
    journal_ref = clean_text(entry.findtext("arxiv:journal_ref", None, NS))
    if journal_ref:
        record.custom["journal_ref"] = journal_ref
        version = journal_version(journal_ref)
        if version is not None:
            record.add_version(version)
    if categories:
        record.custom["categories"] = categories
    keep_abstract(record, arxiv_abstract(entry.findtext("atom:summary", None, NS)), "arxiv")
    return finish(record, source_api="arxiv", arxiv=arxiv)


def bare_id(arxiv_id: str) -> str | None:
    """The id as arXiv's API wants it: no version, no subject class ("math.GT/0309136" →
    "math/0309136"; the old scheme's class is not part of the identifier)."""
    norm = normalize_arxiv(arxiv_id)
    return re.sub(r"^([a-z\-]+)\.[A-Za-z\-]+/", r"\1/", norm) if norm else None


def has_error(root: ET.Element) -> bool:
    """arXiv reports a bad id as an entry whose id is ``…/api/errors#…``."""
    return any("/api/errors" in (e.findtext("atom:id", "", NS) or "")
               for e in root.findall("atom:entry", NS))


def parse_feed(root: ET.Element, source: str = "arxiv") -> list[Record]:
    require(root.tag == f"{{{NS['atom']}}}feed", source, "not an Atom feed")
    return [r for e in root.findall("atom:entry", NS) if (r := to_record(e))]


@guarded
class ArxivSource(Source):
    name = "arxiv"
    supports = frozenset({"arxiv", "search"})
    scopes = SCOPES["arxiv"]

    def __init__(self, config: SourceConfig) -> None:
        self.url = config.arxiv_url
        self.http = HttpClient(self.name, config, {"default": LIMITS["arxiv"]})

    def covers(self, citation: Citation) -> bool:
        f = citation.fields
        if record_arxiv(f):
            return True
        if not f.title:
            return False
        cats = f.custom.get("categories") or []
        if any(str(c).split(".")[0] in {"cs", "math", "stat", "eess", "q-bio", "q-fin"} for c in cats):
            return True
        venue = " ".join(x for x in (f.container_title, f.publisher, f.URL) if x)
        return bool(_ARXIV_HINT.search(venue) or _ARXIV_HINT.search(citation.raw or "")) or is_physics(f)

    async def _root(self, params: dict[str, str | int]) -> ET.Element:
        # a 400 is arXiv's answer to a malformed id: an Atom feed with an error entry
        return await self.http.request("GET", self.url, params=params, expect="xml",
                                       not_found=(), accept=(400,))

    async def _feed(self, params: dict[str, str | int]) -> list[Record]:
        return parse_feed(await self._root(params), self.name)

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return (await self.lookup_arxiv_many([arxiv_id])).get(arxiv_id)

    async def lookup_arxiv_many(self, ids: Iterable[str]) -> dict[str, Record | None]:
        wanted = list(dict.fromkeys(i for i in ids if i))
        out: dict[str, Record | None] = dict.fromkeys(wanted)
        valid = [i for i in wanted if bare_id(i)]
        for start in range(0, len(valid), BATCH):
            await self._batch(valid[start:start + BATCH], out)
        return out

    async def _batch(self, chunk: list[str], out: dict[str, Record | None]) -> None:
        root = await self._root({"id_list": ",".join(bare_id(i) or i for i in chunk),
                                 "start": 0, "max_results": len(chunk)})
        if has_error(root) and len(chunk) > 1:
            # one id arXiv rejects makes it reject the whole list: ask one by one
            for ident in chunk:
                await self._batch([ident], out)
            return
        by_id = {bare_id(r.arxiv or ""): r for r in parse_feed(root, self.name)}
        for ident in chunk:
            out[ident] = by_id.get(bare_id(ident))

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        terms = search_terms(citation.fields.title, 200)
        if not terms:
            return []
        query = f'ti:"{terms}"'
        return await self._feed({"search_query": query, "start": 0,
                                 "max_results": min(max(limit, 1), 50)})

    async def aclose(self) -> None:
        await self.http.aclose()
