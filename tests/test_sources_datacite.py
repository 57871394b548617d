"""DataCite: where a work appears — the ``relatedItems`` it ``IsPublishedIn`` and the older
``container`` — with volume, issue, number and pages, mapped as Crossref's are; checked against
real DataCite REST answers replayed from 127.0.0.1 (tests/data/replay/datacite.jsonl,
front-matter/commonmeta-py cassettes, MIT)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from citecheck.checker import Checker
from citecheck.model import Label, Verdict
from citecheck.sources.config import SourceConfig, load_config
from citecheck.sources.datacite import DataCiteSource, to_record
from tests.servers.replay import ReplayServer, read_interactions

REPLAY = Path(__file__).parent / "data" / "replay" / "datacite.jsonl"
LIPICS = "10.4230/lipics.tqc.2013.93"
GEO = "10.2312/geowissenschaften.1989.7.181"


def _data() -> dict[str, dict[str, Any]]:
    rows = [json.loads(r["body"])["data"] for r in read_interactions(REPLAY)]
    return {d["attributes"]["doi"].lower(): d for d in rows}


def test_proceedings_paper_keeps_its_volume_series_number_pages_and_editors() -> None:
    rec = to_record(_data()[LIPICS])
    assert rec.type == "paper-conference"
    assert rec.container_title == ("8th Conference on the Theory of Quantum Computation, Communication and "
                                   "Cryptography (TQC 2013)")  # the subtitle of a volume named by its series
    assert rec.container_title_short == "LIPIcs, Volume 22, TQC 2013"
    assert rec.collection_title == "Leibniz International Proceedings in Informatics (LIPIcs)"
    assert (rec.volume, rec.number, rec.page) == ("22", "6", "93-105")
    assert [e.family for e in rec.editor] == ["Severini", "Brandao"]


def test_journal_article_keeps_volume_issue_and_pages() -> None:
    rec = to_record(_data()[GEO])
    assert rec.type == "article-journal"
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Die Geowissenschaften", "7", "7", "181-186")


def test_the_older_container_object_alone_gives_the_same_fields() -> None:
    data = _data()[GEO]
    data["attributes"] = {k: v for k, v in data["attributes"].items() if k != "relatedItems"}
    rec = to_record(data)
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Die Geowissenschaften", "7", "7", "181-186")


def test_a_record_without_a_container_has_none() -> None:
    rec = to_record({"id": "10.5281/zenodo.1", "attributes": {"titles": [{"title": "Data"}], "container": {},
                                                              "relatedItems": []}})
    assert (rec.container_title, rec.volume, rec.issue, rec.page, rec.editor) == (None, None, None, None, [])


# -- faithful citations EXACT, a page or volume off MINOR -------------------------------------


@pytest.fixture
def server() -> Iterator[ReplayServer]:
    with ReplayServer(read_interactions(REPLAY)) as srv:
        yield srv


@pytest.fixture
def config(server: ReplayServer) -> SourceConfig:
    return load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=100)


def _check(config: SourceConfig, bibtex: str) -> dict[str, Verdict]:
    checker = Checker(use_index=False, sources=[DataCiteSource(config)], offline=True)
    return {v.citation.id: v for v in checker.check_text(bibtex, fmt="bibtex")}


def _entry(kind: str, key: str, **fields: str) -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
    return f"@{kind}{{{key},\n{body}\n}}\n"


GEO_FIELDS = dict(author="Mossman, David J.", title="An Overview of the Geology of Canadian Gold Occurrences",
                  journal="Die Geowissenschaften", volume="7", number="7", year="1989", doi=GEO)
TQC = dict(author="Johnston, Nathaniel", title="The Minimum Size of Qubit Unextendible Product Bases",
           booktitle="8th Conference on the Theory of Quantum Computation, Communication and Cryptography "
                     "(TQC 2013)", series="LIPIcs", volume="22", year="2013", doi=LIPICS)


def test_faithful_citations_are_exact_and_a_wrong_page_is_minor(config: SourceConfig, server: ReplayServer) -> None:
    got = _check(config, _entry("article", "geo", pages="181--186", **GEO_FIELDS)
                 + _entry("article", "geo_page", pages="191--196", **GEO_FIELDS)
                 + _entry("inproceedings", "tqc", pages="93--105", **TQC)
                 + _entry("inproceedings", "tqc_page", pages="39--51", **TQC)
                 + _entry("inproceedings", "tqc_series", pages="93--105",
                          **{**TQC, "booktitle": "LIPIcs, Volume 22, TQC 2013"}))
    assert got["geo"].label is Label.EXACT, got["geo"].rationale
    assert got["tqc"].label is Label.EXACT, got["tqc"].rationale
    assert got["tqc_series"].label is Label.EXACT, got["tqc_series"].rationale
    for key in ("geo_page", "tqc_page"):
        assert got[key].label is Label.MINOR, got[key].rationale
        assert [d.field for d in got[key].discrepancies] == ["page"], got[key].discrepancies
    assert not server.unmatched


def test_a_wrong_volume_is_minor(config: SourceConfig) -> None:
    got = _check(config, _entry("article", "geo_vol", pages="181--186", **{**GEO_FIELDS, "volume": "9"}))
    assert got["geo_vol"].label is Label.MINOR, got["geo_vol"].rationale
    assert any(d.field == "volume" for d in got["geo_vol"].discrepancies)
