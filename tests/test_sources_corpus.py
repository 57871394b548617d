"""Every relevant recorded response in ../shared/data/replay, through the adapters.

Identifier lookups and title matches go through the replay server (real URLs, real bodies);
list endpoints the adapters do not call with the recorder's exact query are parsed with the
adapter's mapping function. Mapped records are compared with the corpus items that were
converted from the same bodies.
"""

from __future__ import annotations

import gzip
import json
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from citecheck.model import Record
from citecheck.normalize import normalize_doi, normalize_title
from citecheck.sources import arxiv, crossref, openalex, semanticscholar
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.config import load_config
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from tests.servers.replay import ReplayServer, add_refchecker, read_interactions

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def replay_dir() -> Path:
    path = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "replay"
    if not path.is_dir():
        pytest.skip("../shared/data not found: corpus-wide replay tests need ../shared/data/replay")
    return path


@pytest.fixture(scope="module")
def corpus_by_doi(replay_dir: Path) -> dict[str, Record]:
    out: dict[str, Record] = {}
    for name in ("habanero-cassettes", "refchecker-api-cache", "semanticscholar-cassettes"):
        with gzip.open(replay_dir.parent / "corpus" / f"{name}.jsonl.gz", "rt", encoding="utf-8") as fh:
            for line in fh:
                rec = Record.from_csl(json.loads(line))
                if rec.DOI:
                    out.setdefault(rec.DOI, rec)
    return out


def _rows(replay_dir: Path, name: str) -> list[dict]:
    return list(read_interactions(replay_dir / name))


def _agree(records: list[Record], corpus: dict[str, Record]) -> tuple[int, int, int]:
    """(compared, same title, same year) against corpus items with the same DOI."""
    compared = titles = years = 0
    for rec in records:
        ref = corpus.get(normalize_doi(rec.DOI) or "")
        if ref is None:
            continue
        compared += 1
        titles += normalize_title(ref.title) == normalize_title(rec.title)
        years += ref.year == rec.year
    return compared, titles, years


async def test_crossref_recordings(replay_dir: Path, corpus_by_doi: dict[str, Record]) -> None:
    rows = [r for r in _rows(replay_dir, "crossref-habanero.jsonl.gz")
            if r["url"].startswith("https://api.crossref.org/")]
    lookups = [r for r in rows if "/works/" in r["url"] and r["url"].count("/") == 5
               and "?" not in r["url"]]
    mapped: list[Record] = []
    with ReplayServer(lookups) as server:
        src = CrossrefSource(load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=1000))
        for row in lookups:
            doi = urllib.parse.unquote(row["url"].split("/works/", 1)[1])
            rec = await src.lookup_doi(doi)
            if row["status"] == 404:
                assert rec is None
                continue
            assert rec is not None and doi.lower() == rec.DOI
            # a year exactly when the work has a publication date (never the deposit date, `created`)
            work = json.loads(row["body"])["message"]
            dated = any(((work.get(k) or {}).get("date-parts") or [[None]])[0][0]
                        for k in ("issued", "published-print", "published-online"))
            assert rec.title and rec.author and (rec.year is not None) == bool(dated)
            mapped.append(rec)
        await src.aclose()
        assert not server.unmatched
    lists = 0
    for row in rows:
        if row["status"] != 200 or "/transform" in row["url"]:
            continue
        body = json.loads(row["body"])
        message = body.get("message") if isinstance(body, dict) else None
        if body.get("message-type") == "work-list":
            for item in message["items"]:
                rec = crossref.to_record(item)
                assert rec.DOI and item["DOI"].lower() == rec.DOI
                assert (rec.title is not None) == bool(item.get("title"))
                assert len(rec.author) == len([a for a in item.get("author", [])
                                               if a.get("family") or a.get("name")])
                mapped.append(rec)
                lists += 1
    assert len(mapped) > 100 and lists > 80
    compared, titles, years = _agree(mapped, corpus_by_doi)
    assert compared > 50 and titles / compared > 0.95 and years / compared > 0.9


async def test_arxiv_recordings(replay_dir: Path) -> None:
    rows = _rows(replay_dir, "arxiv.jsonl")
    idl = [r for r in rows if "id_list=&" not in r["url"] and "id_list=" in r["url"]]
    with ReplayServer(idl) as server:
        src = ArxivSource(load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=1000))
        for row in idl:
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(row["url"]).query))
            ids = query["id_list"].split(",")
            found = await src.lookup_arxiv_many(ids)
            entries = ET.fromstring(row["body"].encode()).findall("atom:entry", arxiv.NS)
            real = [e for e in entries if "/api/errors" not in (e.findtext("atom:id", "", arxiv.NS))]
            assert sum(v is not None for v in found.values()) == len(real), row["url"]
            for rec in found.values():
                if rec is not None:
                    assert rec.title and rec.author and rec.year and rec.arxiv
        await src.aclose()
    entries = raw = 0
    for row in rows:
        if row["status"] == 200:
            root = ET.fromstring(row["body"].encode())
            raw += len(root.findall("atom:entry", arxiv.NS))
            for rec in arxiv.parse_feed(root):
                assert rec.title and rec.author and rec.year and rec.arxiv and rec.URL
                entries += 1
    assert entries == raw and entries > 200


def _s2_papers(body: object) -> list[dict]:
    if isinstance(body, list):
        return [p for p in body if isinstance(p, dict) and "paperId" in p]
    if isinstance(body, dict):
        if "paperId" in body:
            return [body]
        data = body.get("data")
        if isinstance(data, list):
            out = []
            for item in data:
                if isinstance(item, dict):
                    inner = item.get("citingPaper") or item.get("citedPaper") or item
                    if "paperId" in inner:
                        out.append(inner)
            return out
    return []


async def test_semanticscholar_recordings(replay_dir: Path) -> None:
    rows = [r for r in _rows(replay_dir, "semanticscholar.jsonl.gz")
            if "/graph/v1/paper" in r["url"] and r["status"] == 200]
    papers = 0
    for row in rows:
        for paper in _s2_papers(json.loads(row["body"])):
            rec = semanticscholar.to_record(paper)
            if paper.get("title"):
                assert rec.title
            if paper.get("authors"):
                assert len(rec.author) == len([a for a in paper["authors"] if a.get("name")])
            if isinstance(paper.get("year"), int):
                assert rec.year == paper["year"]
            ext = paper.get("externalIds") or {}
            if ext.get("DOI"):
                assert ext["DOI"].lower() == rec.DOI
            if ext.get("ArXiv"):
                assert rec.arxiv == ext["ArXiv"]
            papers += 1
    assert papers > 300


async def test_refchecker_bodies_through_the_adapters(
    replay_dir: Path, corpus_by_doi: dict[str, Record]
) -> None:
    rows = _rows(replay_dir, "refchecker-api-cache.jsonl.gz")
    server = ReplayServer()
    used = add_refchecker(server, rows)
    assert len(used) > 500
    mapped: list[Record] = []
    with server:
        cfg = load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=1000,
                          openalex_api_key="k")
        oa, s2 = OpenAlexSource(cfg), SemanticScholarSource(cfg)
        from citecheck.model import Citation

        for row in used:
            method, query = row["query_hint"]["method"], row["query_hint"]["query"]
            if row["source"] == "openalex" and method == "get_by_doi":
                rec = await oa.lookup_doi(query)
                assert rec is not None and rec.title and rec.author and rec.year
                mapped.append(rec)
            elif row["source"] == "openalex":
                title = query.split("|")[0]
                hits = await oa.search(Citation(id="c", raw="", fields=Record(title=title)), 50)
                assert len(hits) == len(row["body"] or [])
                for hit, work in zip(hits, row["body"] or [], strict=True):
                    assert hit.custom["openalex"] == work["id"].rsplit("/", 1)[-1]
                    assert bool(hit.title) == bool(work.get("title") or work.get("display_name"))
                mapped += hits
            elif method == "match_title":
                hits = await s2.search(Citation(id="c", raw="", fields=Record(title=query)))
                assert hits and hits[0].custom["s2"] == row["body"]["paperId"]
                mapped += hits
            else:
                rec = await (s2.lookup_arxiv(query) if method == "get_by_arxiv" else s2.lookup_doi(query))
                assert rec is not None and rec.title
                mapped.append(rec)
        await oa.aclose()
        await s2.aclose()
        assert not server.unmatched, server.unmatched[:3]
    for row in rows:
        if row["source"] == "crossref" and row["body"]:
            items = row["body"] if isinstance(row["body"], list) else [row["body"]]
            for item in items:
                rec = crossref.to_record(item)
                assert rec.DOI
                mapped.append(rec)
    with_all = [r for r in mapped if r.title and r.author and r.year]
    assert len(with_all) / len(mapped) > 0.9
    compared, titles, years = _agree(mapped, corpus_by_doi)
    assert compared > 300 and titles / compared > 0.9 and years / compared > 0.85
    assert openalex and all(r.custom.get("source_api") for r in mapped)
