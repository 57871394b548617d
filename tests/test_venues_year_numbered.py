"""Year-numbered journals (JHEP, JCAP, J. Stat. Mech.) in each of their volume conventions: read,
compared, asked of the local index, Crossref and INSPIRE."""

from __future__ import annotations

import json

import pytest

from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from citecheck.model import Record
from citecheck.reading.combine import read_reference
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from citecheck.venues import (
    same_volume,
    same_year_volume,
    year_volume,
    year_volume_form,
    year_volume_forms,
)
from citecheck.verify.compare import assess
from tests.servers.base import LoopbackServer, Request, Response

# Crossref gives JHEP's May 2007 issue as volume 2007, issue 05 (the publisher's numbering)
SALAM = {
    "id": "salam", "type": "article-journal", "title": "A practical seedless infrared-safe cone jet algorithm",
    "author": [{"family": "Salam", "given": "Gavin P"}, {"family": "Soyez", "given": "Grégory"}],
    "issued": {"date-parts": [[2007]]}, "container-title": "Journal of High Energy Physics",
    "volume": "2007", "issue": "05", "page": "086", "DOI": "10.1088/1126-6708/2007/05/086",
}


# INSPIRE-style bibliographies (ATLAS's) give the issue as the volume
ATLAS = {
    "id": "atlas", "type": "article-journal", "title": "Measurement of inclusive jet and dijet cross sections",
    "author": [{"literal": "ATLAS Collaboration"}], "issued": {"date-parts": [[2011]]},
    "container-title": "Journal of High Energy Physics", "container-title-short": "JHEP", "volume": "01",
    "page": "079",
}


@pytest.mark.parametrize(("journal", "volume", "year", "issue", "named"), [
    ("JHEP", "0705", None, None, (2007, 5)),
    ("J. High Energy Phys.", "05", 2007, None, (2007, 5)),
    ("Journal of High Energy Physics", "2007", 2007, "05", (2007, 5)),
    ("JCAP", "9912", None, None, (1999, 12)),
    ("J. Stat. Mech.", "2005", None, None, (2005, None)),
    ("JHEP", "05", None, None, None),  # a month with no year names nothing
    ("JHEP", "086", 2007, None, None),  # an article number
    ("Phys. Rev. D", "0705", 2007, None, None),  # other journals number volumes their own way
])
def test_year_volume(journal: str, volume: str, year: int | None, issue: str | None,
                     named: tuple[int, int | None] | None) -> None:
    assert year_volume(journal, volume, year, issue) == named


def test_same_year_volume_needs_the_same_year_and_issue() -> None:
    found = ("2007", 2007, "05")
    assert same_year_volume("JHEP", ("0705", None), found)
    assert same_year_volume("JHEP", ("05", 2007), found)
    assert same_year_volume("JHEP", ("05", 2007), ("2007", 2007, None))  # the record tells no issue
    assert not same_year_volume("JHEP", ("06", 2007), found)
    assert not same_year_volume("JHEP", ("05", 2008), found)
    assert not same_year_volume("Phys. Rev. D", ("05", 2007), found)
    assert same_volume("Phys. Rev. D", ("75", 2007), ("75", 2007, None))
    assert not same_volume("Phys. Rev. D", ("75", 2007), ("76", 2007, None))


def test_volume_forms() -> None:
    assert year_volume_forms("JHEP", "05", 2007) == ["05", "2007", "0705"]
    assert year_volume_forms("JHEP", "0705") == ["0705", "2007", "05"]
    assert year_volume_forms("JHEP", "2007", 2007) == ["2007"]  # no month: the issue cannot be told
    assert year_volume_forms("Phys. Rev. D", "05", 2007) == ["05"]
    assert [year_volume_form(v) for v in ("2007", "0705", "05", "086", "P06012")] == [True, True, True, False, False]


@pytest.mark.parametrize("volume", ["0705", "05", "2007"])
def test_the_comparator_takes_any_convention(volume: str) -> None:
    cited = Record(container_title="JHEP", volume=volume, page="086", issued={"date-parts": [[2007]]},
                   title=SALAM["title"], author=[{"family": "Salam", "given": "G. P."}])
    found = Record.model_validate(SALAM)
    assert not [d for d in assess(cited, found).discrepancies if d.field == "volume"]


def test_another_issue_is_still_flagged_and_named() -> None:
    cited = Record(container_title="JHEP", volume="06", page="086", issued={"date-parts": [[2007]]})
    found = assess(cited, Record.model_validate(SALAM))
    assert [d.field for d in found.discrepancies] == ["volume"]
    assert "volume 06 cited, record says 2007 (issue 05)" in found.rationale


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    tmp = tmp_path_factory.mktemp("yv")
    (tmp / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in (SALAM, ATLAS)))
    build_index(tmp / "ix.db", [tmp / "r.jsonl"])
    return LocalIndex(tmp / "ix.db")


@pytest.mark.parametrize(("journal", "volume", "page", "year", "expected"), [
    ("JHEP", "05", "086", 2007, "salam"),
    ("J. High Energy Phys.", "0705", "086", None, "salam"),
    ("JHEP", "1101", "079", None, "atlas"),
    ("JHEP", "01", "079", 2011, "atlas"),
])
def test_the_index_is_asked_every_convention(index: LocalIndex, journal: str, volume: str, page: str,
                                             year: int | None, expected: str) -> None:
    assert [r.id for r in index.by_journal(journal, volume, page, year)] == [expected]


def test_the_index_does_not_take_another_issue(index: LocalIndex) -> None:
    assert index.by_journal("JHEP", "06", "086", 2007) == []


async def test_crossref_journal_lookup_keeps_the_publishers_numbering() -> None:
    item = {"DOI": SALAM["DOI"], "title": [SALAM["title"]], "container-title": [SALAM["container-title"]],
            "volume": "2007", "issue": "05", "page": "086", "type": "journal-article",
            "author": [{"family": "Salam", "given": "Gavin P"}], "issued": {"date-parts": [[2007, 5, 31]]}}

    def handler(req: Request) -> Response:
        assert req.path.endswith("/works")
        return Response(200, json.dumps({"status": "ok", "message": {"items": [item]}}))

    with LoopbackServer(handler) as srv:
        src = CrossrefSource(SourceConfig(crossref_url=srv.url, rate_scale=100, max_retries=1))
        try:
            assert [r.DOI for r in await src.lookup_journal("JHEP", "05", "086", 2007)] == [SALAM["DOI"].lower()]
            assert await src.lookup_journal("JHEP", "06", "086", 2007) == []
        finally:
            await src.aclose()


@pytest.mark.parametrize(("text", "volume", "page"), [
    ("A. Gamsa and J. Cardy, J. Stat. Mech. (2005) P12009", None, "P12009"),
    ("G. R. Jafari and P. Pedram, J. Stat. Mech. P04012 (2007)", None, "P04012"),
    ("C. Cartier, E.J. Copeland, R. Madden, The graceful exit in pre-big bang string cosmology, JHEP0001 (2000)",
     "0001", None),  # year and month: the volume
])
def test_a_lone_number_after_a_year_numbered_journal(text: str, volume: str | None, page: str | None) -> None:
    rec = read_reference(text).record
    assert (rec.volume, rec.page) == (volume, page)


async def test_inspire_is_asked_jhep_by_issue() -> None:
    from citecheck.sources.inspire import InspireSource

    hit = {"id": "1", "metadata": {
        "control_number": 1, "titles": [{"title": SALAM["title"]}],
        "authors": [{"full_name": "Salam, Gavin P."}],
        "publication_info": [{"journal_title": "JHEP", "journal_volume": "05", "page_start": "086", "year": 2007}],
        "document_type": ["article"]}}
    asked: list[str] = []

    def handler(req: Request) -> Response:
        q = req.param("q") or ""
        asked.append(q)
        return Response(200, json.dumps({"hits": {"hits": [hit] if "JHEP,05,086" in q else [], "total": 1}}))

    with LoopbackServer(handler) as srv:
        src = InspireSource(SourceConfig(inspire_url=srv.url, rate_scale=100, max_retries=1))
        try:
            assert [r.title for r in await src.lookup_journal("JHEP", "0705", "086")] == [SALAM["title"]]
            assert [r.title for r in await src.lookup_journal("J. High Energy Phys.", "2007", "086", 2007)] == []
        finally:
            await src.aclose()
    assert asked[0] == "j JHEP,05,086"
