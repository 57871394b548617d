"""A remote paper's citations: the route from an arXiv id, a DOI or a URL to its bibliography.

- arXiv: the e-print (``CITECHECK_ARXIV_EPRINT_URL``, default https://arxiv.org/e-print); a LaTeX
  source is read for its ``.bbl``/``.bib``/``thebibliography`` (`latexsrc`), a PDF-only e-print
  with the PDF reader. The paper's title and authors come from the arXiv API (the ``arxiv``
  source, ``CITECHECK_ARXIV_URL``).
- DOI: an arXiv DOI (10.48550/arXiv.…), or a DOI whose record in OpenAlex, Semantic Scholar or
  Crossref names an arXiv id, goes the arXiv way; otherwise the open-access PDF locations OpenAlex
  lists, then Unpaywall's (with ``CITECHECK_MAILTO``). No open copy: `FetchError`.
- URL: a PDF is read; an HTML page is read for its ``citation_pdf_url`` (the Highwire tag
  publishers and repositories put on landing pages for indexers), which is then fetched.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from citecheck.claims.body import Segment
from citecheck.identifiers import ARXIV_DOI_RE
from citecheck.model import Citation, Record
from citecheck.remote import FetchError
from citecheck.remote.download import Download, Fetcher
from citecheck.remote.targets import Target, parse_target
from citecheck.sources.base import Source, SourceError
from citecheck.sources.config import SourceConfig

EPRINT_URL = "https://arxiv.org/e-print"
UNPAYWALL_URL = "https://api.unpaywall.org/v2"
_META_PDF = re.compile(r"""<meta\s[^>]*?name\s*=\s*["']citation_pdf_url["'][^>]*>""", re.I)
_CONTENT = re.compile(r"""content\s*=\s*["']([^"']+)["']""", re.I)


@dataclass
class Paper:
    """What was fetched: the citations, the route taken, and the paper's own metadata."""

    label: str
    route: str
    citations: list[Citation]
    meta: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    tex_body: list[Segment] = field(default_factory=list)  # a LaTeX source's text that cites
    pdf: bytes | None = field(default=None, repr=False)  # a PDF read: its body is read on demand

    def body(self) -> list[Segment]:
        """The text that cites (check --claims): the LaTeX source's, or the PDF's pages."""
        if self.tex_body or self.pdf is None:
            return self.tex_body
        from citecheck.claims.body import pdf_segments

        name = (self.citations[0].provenance.file if self.citations else None) or self.label
        return pdf_segments(self.pdf, name)

    def header(self) -> dict[str, Any]:
        """The paper as a report header names it (id, title, authors, route, where from)."""
        return {"paper": self.label, "route": self.route, **self.meta}


class PaperFetcher:
    """Fetches papers for one run (one download client, one set of metadata sources)."""

    def __init__(self, config: SourceConfig, *, sources: list[Source] | None = None) -> None:
        self.config = config
        self.fetcher = Fetcher(config)
        self._sources = sources

    async def aclose(self) -> None:
        await self.fetcher.aclose()
        for source in self._sources or []:
            await source.aclose()

    async def fetch(self, target: Target) -> Paper:
        if target.kind == "arxiv":
            return await self.arxiv(target.value)
        if target.kind == "doi":
            return await self.doi(target.value)
        return await self.url(target.value)

    # -- arXiv ---------------------------------------------------------------------------------
    async def arxiv(self, ident: str, via: str | None = None) -> Paper:
        from citecheck.remote.archive import unpack

        label = f"arXiv:{ident}"
        base = os.environ.get("CITECHECK_ARXIV_EPRINT_URL", EPRINT_URL).rstrip("/")
        got = await self.fetcher.get(f"{base}/{ident}", label)
        unpacked = unpack(got.body, label)
        meta = await self._arxiv_meta(ident)
        if via:
            meta["doi"] = via
        if unpacked.kind == "pdf":
            cites = _read_pdf(unpacked.pdf, f"{label}/e-print.pdf")
            return Paper(label, "arXiv e-print: PDF only (no LaTeX source); read the PDF", cites,
                         meta, unpacked.notes, pdf=unpacked.pdf)
        from citecheck.remote.latexsrc import read_source

        bib = read_source(unpacked.files, label)
        what = {"bbl": "the compiled .bbl", "bib": "the .bib files \\bibliography names",
                "thebibliography": "thebibliography in the .tex"}[bib.route]
        route = f"arXiv e-print: LaTeX source; read {what} ({', '.join(bib.files)})"
        return Paper(label, route, _read_entries(bib.citations), meta, unpacked.notes, tex_body=bib.body)

    async def _arxiv_meta(self, ident: str) -> dict[str, Any]:
        from citecheck.sources.arxiv import ArxivSource

        source = ArxivSource(self.config)
        try:
            record = await source.lookup_arxiv(ident)
        except SourceError as exc:
            return {"arxiv": ident, "metadata_error": exc.reason}
        finally:
            await source.aclose()
        return _meta(record, arxiv=ident)

    # -- DOI -----------------------------------------------------------------------------------
    async def doi(self, doi: str) -> Paper:
        label = f"doi:{doi}"
        if m := ARXIV_DOI_RE.match(doi):
            return await self.arxiv(m.group(1), via=doi)
        records = await self._records(doi)
        for record in records:
            if record.arxiv:
                return await self.arxiv(record.arxiv, via=doi)
        tried: list[str] = []
        for url in [*await self._openalex_pdfs(doi), *await self._unpaywall_pdfs(doi)]:
            try:
                got = await self.fetcher.get(url, label)
            except FetchError as exc:
                tried.append(f"{url}: {exc.reason}")
                continue
            if _is_pdf(got.body):
                meta = _meta(records[0], doi=doi) if records else {"doi": doi}
                meta["url"] = got.url
                return Paper(label, f"open-access PDF ({got.url}); read the PDF",
                             _read_pdf(got.body, label), meta, pdf=got.body)
            tried.append(f"{url}: not a PDF")
        why = "; ".join(tried) if tried else "OpenAlex and Unpaywall list no open-access PDF"
        raise FetchError(label, f"no open copy found: not on arXiv, and {why}"
                                + ("" if self._mailto() else " (Unpaywall needs CITECHECK_MAILTO)"))

    async def _records(self, doi: str) -> list[Record]:
        if self._sources is None:
            from citecheck.sources.registry import build_sources

            self._sources = build_sources(["openalex", "semanticscholar", "crossref"],
                                          config=self.config, offline=False, use_cache=True)
        found = []
        for source in self._sources:
            try:
                record = await source.lookup_doi(doi)
            except SourceError:
                continue
            if record is not None:
                found.append(record)
        return found

    async def _openalex_pdfs(self, doi: str) -> list[str]:
        from citecheck.sources.openalex import OpenAlexSource

        source = OpenAlexSource(self.config)
        try:
            body = await source.http.request("GET", f"{source.base}/works",
                                             params={"filter": f"doi:{doi}", **source.params})
        except SourceError:
            return []
        finally:
            await source.aclose()
        works = body.get("results") if isinstance(body, dict) else None
        urls: list[str] = []
        for work in works or []:
            locations = [work.get("best_oa_location"), *(work.get("locations") or [])]
            urls += [str(loc["pdf_url"]) for loc in locations
                     if isinstance(loc, dict) and loc.get("is_oa") and loc.get("pdf_url")]
        return list(dict.fromkeys(urls))

    def _mailto(self) -> str:
        return self.config.mailto.get_secret_value() if self.config.mailto is not None else ""

    async def _unpaywall_pdfs(self, doi: str) -> list[str]:
        from citecheck.sources._common import identifier_path
        from citecheck.sources.http import HttpClient, RateLimit

        if not self._mailto():
            return []
        base = os.environ.get("CITECHECK_UNPAYWALL_URL", UNPAYWALL_URL).rstrip("/")
        client = HttpClient("unpaywall", self.config, {"default": RateLimit(5, 1, 1)})
        try:
            body = await client.request("GET", f"{base}/{identifier_path(doi)}",
                                        params={"email": self._mailto()}, not_found=(404,))
        except SourceError:
            return []
        finally:
            await client.aclose()
        if not isinstance(body, dict):
            return []
        locations = [body.get("best_oa_location"), *(body.get("oa_locations") or [])]
        return list(dict.fromkeys(str(loc["url_for_pdf"]) for loc in locations
                                  if isinstance(loc, dict) and loc.get("url_for_pdf")))

    # -- URL -----------------------------------------------------------------------------------
    async def url(self, url: str) -> Paper:
        got = await self.fetcher.get(url, url)
        if _is_pdf(got.body):
            return Paper(url, "URL: a PDF; read the PDF", _read_pdf(got.body, url), {"url": got.url},
                         pdf=got.body)
        pdf_url = citation_pdf_url(got)
        if pdf_url is None:
            raise FetchError(url, "neither a PDF nor a page naming its PDF (citation_pdf_url);"
                                  " nothing to read")
        target = parse_target(pdf_url)
        if target is not None and target.kind == "arxiv":
            return await self.arxiv(target.value)
        pdf = await self.fetcher.get(pdf_url, url)
        if not _is_pdf(pdf.body):
            raise FetchError(url, f"the page's citation_pdf_url ({pdf_url}) is not a PDF (a login"
                                  " page?); not read")
        return Paper(url, f"URL: a landing page; read its PDF ({pdf.url})",
                     _read_pdf(pdf.body, url), {"url": got.url, "pdf": pdf.url}, pdf=pdf.body)


def citation_pdf_url(page: Download) -> str | None:
    """The absolute URL of a landing page's ``citation_pdf_url`` meta tag, if it has one."""
    text = page.body[:2 << 20].decode("utf-8", "replace")
    for tag in _META_PDF.findall(text):
        if m := _CONTENT.search(tag):
            return urllib.parse.urljoin(page.url, html.unescape(m.group(1)).strip())
    return None


def _is_pdf(body: bytes) -> bool:
    return body.startswith(b"%PDF") or b"%PDF" in body[:1024]


def _read_pdf(data: bytes, name: str) -> list[Citation]:
    from citecheck.extract.pdf import read_pdf

    return _read_entries(read_pdf(data, name))


def _read_entries(citations: list[Citation]) -> list[Citation]:
    """The paper's entries, read (the checker and in-text claims take them by their fields)."""
    from citecheck.entries import read_entries as read

    return read(citations)


def _meta(record: Record | None, **ids: str) -> dict[str, Any]:
    meta: dict[str, Any] = {k: v for k, v in ids.items() if v}
    if record is None:
        return meta
    if record.title:
        meta["title"] = record.title
    authors = [a.literal or " ".join(x for x in (a.given, a.family) if x) for a in record.author]
    if authors:
        meta["authors"] = authors
    if record.year:
        meta["year"] = record.year
    if record.DOI and "doi" not in meta:
        meta["doi"] = record.DOI
    return meta


def fetch_paper(target: Target, config: SourceConfig | None = None) -> Paper:
    """`PaperFetcher.fetch` for callers without an event loop."""
    from citecheck.sources.config import load_config

    async def run() -> Paper:
        fetcher = PaperFetcher(config or load_config())
        try:
            return await fetcher.fetch(target)
        finally:
            await fetcher.aclose()

    return asyncio.run(run())


__all__ = ["Paper", "PaperFetcher", "citation_pdf_url", "fetch_paper"]
