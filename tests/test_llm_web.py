"""The *web* role: a model reads SearXNG hits into a candidate; the verifier decides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citecheck.checker import Checker
from citecheck.entries import read_text
from citecheck.index.build import build_index
from citecheck.llm import make_model
from citecheck.llm.websource import read_web_with
from citecheck.model import Label
from citecheck.sources.config import SourceConfig
from citecheck.sources.websearch import WebSearchSource
from tests.servers.base import LoopbackServer, Response
from tests.servers.llm import FakeModelServer

HITS = {"results": [
    {"title": "Some unrelated page", "url": "https://example.org/x", "content": "Nothing here.",
     "engine": "duckduckgo"},
    {"title": "Reproducible builds for scientific software - Technical report",
     "url": "https://example.org/reports/tr-2021-07",
     "content": "Technical report TR-2021-07 by Amara Nwosu and Felix Lindqvist, Example "
                "Institute, 2021. We describe reproducible builds for scientific software.",
     "engine": "bing"},
]}
CITATION = ("A. Nwosu and F. Lindqvist, Reproducible builds for scientific software, "
            "Technical report TR-2021-07, Example Institute (2021).")


def web_answer(payload: dict[str, Any]) -> dict[str, Any]:
    assert len(payload["hits"]) == 2 and payload["citation"].startswith("A. Nwosu")
    return {"hit": 1, "type": "report", "title": "Reproducible builds for scientific software",
            "author": [{"family": "Nwosu", "given": "Amara"},
                       {"family": "Lindqvist", "given": "Felix"}],
            "issued": 2021, "container-title": None, "volume": "12", "issue": None,
            "page": None, "publisher": "Example Institute", "DOI": None, "arxiv": None,
            "URL": "https://example.org/reports/tr-2021-07"}


def test_model_reads_web_hits_into_a_candidate(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "index.sqlite"
    build_index(db, [Path(__file__).parent / "data" / "llm" / "records.jsonl"])
    searx = LoopbackServer(lambda req: Response(200, json.dumps(HITS))).start()
    try:
        with FakeModelServer({"WebAnswer": web_answer}) as server:
            monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
            config = SourceConfig(searxng_url=searx.url, backoff_base=0.01)
            model = make_model("openai-compatible:test", config)
            sources = read_web_with([WebSearchSource(config)], model)
            [verdict] = Checker(db, sources=sources).check_citations(
                read_text(CITATION + "\n", "c.txt", "text"))
            assert server.by_schema("WebAnswer")
    finally:
        searx.stop()
    assert verdict.match is not None and verdict.match.custom.get("read_by") == "openai-compatible:test"
    assert verdict.match.volume is None  # '12' is in no hit: dropped
    assert [a.family for a in verdict.match.author] == ["Nwosu", "Lindqvist"]
    assert verdict.label in (Label.EXACT, Label.MINOR), verdict.rationale


def test_failed_model_leaves_the_raw_hits(monkeypatch: pytest.MonkeyPatch) -> None:
    searx = LoopbackServer(lambda req: Response(200, json.dumps(HITS))).start()
    try:
        with FakeModelServer({"WebAnswer": lambda _: "not json"}) as server:
            monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
            config = SourceConfig(searxng_url=searx.url, backoff_base=0.01)
            [source] = read_web_with([WebSearchSource(config)],
                                     make_model("openai-compatible:test", config))
            [citation] = read_text(CITATION + "\n", "c.txt", "text")
            import asyncio

            records = asyncio.run(source.search(citation))
    finally:
        searx.stop()
    assert [r.title for r in records] == [h["title"] for h in HITS["results"]]


