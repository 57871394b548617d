"""Adapters against real recorded responses (tests/data/replay), served from 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.model import Citation, Record
from citecheck.sources import arxiv, crossref, openalex, semanticscholar
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.base import SourceError
from citecheck.sources.config import load_config
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from tests.servers.replay import ReplayServer, add_refchecker, read_interactions

REPLAY = Path(__file__).parent / "data" / "replay"


def _rows(name: str) -> list[dict]:
    return list(read_interactions(REPLAY / name))


@pytest.fixture
def server() -> Iterator[ReplayServer]:
    rows = _rows("arxiv.jsonl") + _rows("crossref.jsonl") + _rows("semanticscholar.jsonl")
    srv = ReplayServer(rows)
    add_refchecker(srv, _rows("refchecker-api-cache.jsonl"))
    with srv:
        yield srv


@pytest.fixture
def config(server: ReplayServer):
    return load_config(env={}, **server.base_urls(), max_retries=0, openalex_api_key="k",
                       rate_scale=100)


def _complete(record: Record) -> None:
    assert record.title
    assert record.author and all(n.family or n.literal for n in record.author)
    assert record.year
    assert record.DOI or record.arxiv or record.custom.get("s2") or record.custom.get("openalex")


async def test_crossref_doi_lookup(config, server) -> None:
    src = CrossrefSource(config)
    rec = await src.lookup_doi("10.1002/jor.1100150407")
    assert rec is not None
    _complete(rec)
    assert rec.DOI == "10.1002/jor.1100150407"
    assert rec.container_title and rec.volume and rec.page
    assert rec.type == "article-journal"
    assert await src.lookup_doi("10.1371/notarealdoi") is None  # real 404 "Resource not found."
    assert not server.unmatched
    await src.aclose()


async def test_arxiv_id_list_batch_and_quirks(config, server) -> None:
    src = ArxivSource(config)
    found = await src.lookup_arxiv_many(["0808.05394", "1707.08567"])
    rec = found["1707.08567"]
    assert rec is not None and found["0808.05394"] is None
    _complete(rec)
    assert rec.arxiv == "1707.08567" and rec.URL == "https://arxiv.org/abs/1707.08567"
    assert rec.custom["categories"]
    old = await src.lookup_arxiv("astro-ph/0601001")
    assert old is not None and old.arxiv == "astro-ph/0601001"
    assert await src.lookup_arxiv("0000.0000") is None  # totalResults 0
    # a malformed id never reaches arXiv (its 400 would fail the whole batch)
    assert (await src.lookup_arxiv_many(["abc"])) == {"abc": None}
    assert not server.unmatched
    await src.aclose()


def test_arxiv_error_feed_is_not_a_record() -> None:
    row = next(r for r in _rows("arxiv.jsonl") if r["status"] == 400)
    import xml.etree.ElementTree as ET

    assert arxiv.parse_feed(ET.fromstring(row["body"].encode())) == []


async def test_semanticscholar_batch_and_match(config, server) -> None:
    src = SemanticScholarSource(config)
    rows = [r for r in _rows("refchecker-api-cache.jsonl") if r["source"] == "semanticscholar"]
    arxiv_ids = [r["query_hint"]["query"] for r in rows if r["query_hint"]["method"] == "get_by_arxiv"]
    for ident in arxiv_ids:
        rec = await src.lookup_arxiv(ident)
        assert rec is not None, ident
        _complete(rec)
        assert rec.arxiv == ident
    title_row = next(r for r in rows if r["query_hint"]["method"] == "match_title")
    cit = Citation(id="c", raw="", fields=Record(title=title_row["query_hint"]["query"]))
    hits = await src.search(cit)
    assert hits and hits[0].custom["s2"] == title_row["body"]["paperId"]
    assert not server.unmatched
    await src.aclose()


def test_semanticscholar_recorded_batch_maps() -> None:
    row = next(r for r in _rows("semanticscholar.jsonl") if "paper/batch" in r["url"])
    papers = [p for p in json.loads(row["body"]) if p]
    records = [semanticscholar.to_record(p) for p in papers]
    assert records and all(r.title and r.author and r.year for r in records)


async def test_openalex_doi_filter_and_title_search(config, server) -> None:
    src = OpenAlexSource(config)
    rows = [r for r in _rows("refchecker-api-cache.jsonl") if r["source"] == "openalex"]
    for row in rows:
        method, query = row["query_hint"]["method"], row["query_hint"]["query"]
        if method == "get_by_doi":
            rec = await src.lookup_doi(query)
            assert rec is not None and query.lower() == rec.DOI
            _complete(rec)
            assert rec.custom["openalex"].startswith("W")
        else:
            title = query.split("|")[0]
            hits = await src.search(Citation(id="c", raw="", fields=Record(title=title)))
            assert len(hits) == len(row["body"])
            for rec in hits:
                assert rec.title and rec.custom["openalex"]
    assert not server.unmatched
    await src.aclose()


def test_crossref_search_items_map() -> None:
    row = next(r for r in _rows("refchecker-api-cache.jsonl") if r["source"] == "crossref")
    records = [crossref.to_record(item) for item in row["body"]]
    assert records and all(r.title and r.DOI for r in records)


def test_openalex_arxiv_from_locations() -> None:
    work = {"id": "https://openalex.org/W1", "title": "T", "publication_year": 2020,
            "authorships": [{"author": {"display_name": "Ada Lovelace"}}],
            "primary_location": {"landing_page_url": "https://arxiv.org/abs/2001.00001v2",
                                 "source": {"display_name": "arXiv (Cornell University)",
                                            "type": "repository"}},
            "type": "article"}
    rec = openalex.to_record(work)
    assert rec.arxiv == "2001.00001" and rec.type == "article"
    assert rec.author[0].family == "Lovelace" and rec.author[0].given == "Ada"


async def test_unmatched_request_is_a_source_error(config, server) -> None:
    src = CrossrefSource(config)
    with pytest.raises(SourceError):
        await src.search(Citation(id="c", raw="", fields=Record(title="never recorded")))
    await src.aclose()


async def test_crossref_search_by_whole_text(config, server) -> None:
    """A doubtful reference is sent whole as ``query.bibliographic`` (Crossref's documented
    envelope, around the real recorded work of the DOI test above)."""
    import urllib.parse

    work = next(json.loads(r["body"])["message"] for r in _rows("crossref.jsonl")
                if r["url"].endswith("/works/10.1002/jor.1100150407"))
    text = "Phys. Rev. Lett. 104, 251301 (2010) some garbled reference"
    server.add_json("GET", "https://api.crossref.org/works?query.bibliographic="
                    + urllib.parse.quote(text), {"status": "ok", "message": {"items": [work]}})
    src = CrossrefSource(config)
    assert "text" in src.supports
    [rec] = await src.search_text("  Phys. Rev. Lett. 104, 251301 (2010)\n some garbled reference ")
    assert rec.DOI == "10.1002/jor.1100150407"
    assert not server.unmatched
    await src.aclose()
