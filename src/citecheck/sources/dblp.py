"""DBLP's publication search API (``/search/publ/api?q=…&format=json``): computer science.

A hit's ``info`` carries the title (ending in a period), the authors (DBLP's disambiguation
number after a name, "Wei Chen 0034", is not part of it), the venue acronym, volume, pages,
year, DOI and the DBLP key; arXiv copies are listed as venue "CoRR", volume "abs/<id>".
DBLP lists its venues completely (`scopes.DBLP_VENUES`), so a title it does not find among the
papers of NeurIPS or ICML is evidence; the local dump reader (`index.dumps.dblp`) is the offline
counterpart.
"""

from __future__ import annotations

import re
from typing import Any

from citecheck.model import Citation, Record
from citecheck.sources._common import (
    author_names,
    clean_id,
    clean_text,
    date_parts,
    finish,
    guarded,
    search_terms,
)
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import HttpClient, RateLimit, require
from citecheck.sources.scopes import SCOPES

#: DBLP asks for moderation and answers floods with 429 + Retry-After: one request a second
LIMIT = RateLimit(1, 1, 1)
TYPES = {"Journal Articles": "article-journal", "Conference and Workshop Papers": "paper-conference",
         "Informal and Other Publications": "article", "Informal Publications": "article",
         "Books and Theses": "book", "Editorship": "book", "Parts in Books or Collections": "chapter",
         "Reference Works": "entry-encyclopedia", "Data and Artifacts": "dataset"}
_HOMONYM = re.compile(r"\s+\d{4}$")
_CORR = re.compile(r"^abs/(.+)$")
_WORD = re.compile(r"[^\W_]+")
_CS_HINT = re.compile(r"\b(?:proc(?:eedings)?|conference|symposium|workshop|acm|ieee|lncs|"
                      r"computer|computing|comput\.|informatics|corr)\b", re.I)


def _texts(value: Any) -> list[str]:
    """DBLP sends one item as an object and several as a list; an author as text or {text}."""
    items = value if isinstance(value, list) else [value] if value is not None else []
    return [str(i.get("text") if isinstance(i, dict) else i) for i in items
            if (i.get("text") if isinstance(i, dict) else i)]


def to_record(info: dict[str, Any]) -> Record:
    """One hit's ``info`` as a CSL record."""
    authors = author_names(_HOMONYM.sub("", a) for a in _texts((info.get("authors") or {}).get("author")))
    venue = ", ".join(_texts(info.get("venue"))) or None
    volume = clean_text(info.get("volume"))
    corr = _CORR.match(volume or "") if venue == "CoRR" else None
    title = clean_text(info.get("title"))
    record = Record(
        type=TYPES.get(str(info.get("type") or ""), "document"),
        title=title[:-1] if title and title.endswith(".") else title,
        author=authors,
        issued=date_parts(info.get("year")),
        volume=None if corr else volume,
        issue=clean_text(info.get("number")),
        page=clean_text(info.get("pages")),
        DOI=clean_id(info.get("doi")),
        URL=clean_id(info.get("ee")) or clean_id(info.get("url")),
        **{"container-title": venue},
    )
    if info.get("key"):
        record.custom["dblp"] = str(info["key"])
    return finish(record, source_api="dblp", arxiv=corr.group(1) if corr else None)


@guarded
class DblpSource(Source):
    name = "dblp"
    supports = frozenset({"search"})
    scopes = SCOPES["dblp"]

    def __init__(self, config: SourceConfig) -> None:
        self.base = config.dblp_url.rstrip("/")
        self.http = HttpClient(self.name, config, {"default": LIMIT})

    def covers(self, citation: Citation) -> bool:
        """Titled works of computer science: a venue DBLP lists, a CS arXiv category, or a
        container that reads like proceedings or a computing journal."""
        f = citation.fields
        if not f.title:
            return False
        cats = f.custom.get("categories") or []
        if any(str(c).startswith("cs.") for c in cats):
            return True
        venue = " ".join(x for x in (f.container_title, f.container_title_short) if x)
        words = " " + " ".join(_WORD.findall(venue.lower())) + " "
        return any(f" {s[6:]} " in words for s in self.scopes) or bool(_CS_HINT.search(venue))

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        terms = search_terms(citation.fields.title, 250)
        if not terms:
            return []
        body = await self.http.request("GET", f"{self.base}/search/publ/api",
                                       params={"q": terms, "format": "json", "h": min(max(limit, 1), 30),
                                               "c": 0})
        require(isinstance(body, dict) and isinstance(body.get("result"), dict), self.name, "no result")
        hits = (body["result"].get("hits") or {}).get("hit") or []
        hits = hits if isinstance(hits, list) else [hits]
        return [to_record(h["info"]) for h in hits if isinstance(h, dict) and isinstance(h.get("info"), dict)]

    async def aclose(self) -> None:
        await self.http.aclose()


__all__ = ["DblpSource", "to_record"]
