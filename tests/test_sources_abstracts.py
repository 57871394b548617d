"""Abstracts read from each service's wire format (real recordings where tests/data/replay has them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from citecheck.sources.abstracts import (
    MAX_ABSTRACT,
    arxiv_abstract,
    crossref_abstract,
    datacite_abstract,
    inspire_abstract,
    openalex_abstract,
    s2_abstract,
)

REPLAY = Path(__file__).parent / "data" / "replay"


def _bodies(name: str) -> list[str]:
    return [json.loads(line)["body"] for line in (REPLAY / name).read_text(encoding="utf-8").splitlines()]


def test_crossref_jats_abstract_is_plain_text() -> None:
    bodies = [json.loads(b) for b in _bodies("crossref.jsonl") if "jats:p" in b]
    assert bodies
    message = bodies[0]["message"]
    item = message["items"][0] if "items" in message else message
    text = crossref_abstract(item)
    assert text and not re.search(r"</?[a-z]+:?[a-z]*[ >]", text) and "jats" not in text
    assert not text.lower().startswith("abstract")


def test_semantic_scholar_abstract_and_null() -> None:
    papers = [p for b in _bodies("semanticscholar.jsonl") if '"abstract"' in b
              for p in (json.loads(b) if b.startswith("[") else [json.loads(b)]) if isinstance(p, dict)]
    assert any(s2_abstract(p) for p in papers)
    assert s2_abstract({"abstract": None}) is None


def test_arxiv_summary_is_the_abstract() -> None:
    body = next(b for b in _bodies("arxiv.jsonl") if "<summary" in b)
    summary = re.search(r"<summary[^>]*>(.*?)</summary>", body, re.S)
    assert summary and (text := arxiv_abstract(summary.group(1))) and "\n" not in text


def test_openalex_inverted_index_is_rebuilt_in_order() -> None:
    work = {"abstract_inverted_index": {"Spin": [0], "lifetimes": [1], "exceed": [2], "12": [3], "ns.": [4],
                                        "We": [5], "measure": [6], "them.": [7]}}
    assert openalex_abstract(work) == "Spin lifetimes exceed 12 ns. We measure them."
    assert openalex_abstract({"abstract_inverted_index": None}) is None
    hostile = {"abstract_inverted_index": {"x": list(range(10**6))}}
    assert len(openalex_abstract(hostile) or "") <= MAX_ABSTRACT


def test_inspire_prefers_the_arxiv_abstract() -> None:
    meta = {"abstracts": [{"source": "Elsevier", "value": "Journal abstract <i>here</i> words words."},
                          {"source": "arXiv", "value": "We compute $\\alpha_s$ at two loops in QCD."}]}
    assert inspire_abstract(meta) == "We compute αs at two loops in QCD."
    assert inspire_abstract({}) is None


def test_datacite_takes_the_abstract_description() -> None:
    attrs = {"descriptions": [{"description": "Series info", "descriptionType": "SeriesInformation"},
                              {"description": "<p>A dataset of spin lifetimes.</p>", "descriptionType": "Abstract"}]}
    assert datacite_abstract(attrs) == "A dataset of spin lifetimes."
    assert datacite_abstract({"descriptions": None}) is None
