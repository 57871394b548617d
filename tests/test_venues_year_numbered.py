"""Year-numbered journals (JHEP, JCAP, J. Stat. Mech.) in each of their volume conventions, and the
reading slips arXiv's journal references showed (benchmarks/journal_refs.py, validation split)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.extract.cleanup import strip_label
from citecheck.extract.combine import read_reference
from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from citecheck.model import Record
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
from tests.fakes import closed_world_index
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


@pytest.mark.parametrize(("text", "first"), [
    ("E. G. Bessonov, M. V. Gorbunkov, and A. A. Mikhailichenko, Phys. Rev. ST Accel. Beams 11, 011302 (2008)",
     "E. G. Bessonov"),
    ("E.G. Ström, S. Parkvall, Propagation delay estimation, Proc. GLOBECOM 1994", "E.G. Ström"),
    ("See, e.g., A. B. Author, Phys. Rev. B 45, 13244 (1992)", "A. B. Author"),
    ("E.g., A. Smith, Phys. Rev. B 45, 13244 (1992)", "A. Smith"),
])
def test_initials_e_g_are_no_lead_in(text: str, first: str) -> None:
    assert strip_label(text).startswith(first)


def test_a_glued_erratum_after_a_spires_reference_is_a_note() -> None:
    rec = read_reference("E. E. Flanagan and T. Hinderer, Phys.Rev.D75:124007,2007; "
                         "Erratum-ibid.D82:069904,2010; Erratum-ibid.D82:129903,2010").record
    assert (rec.container_title, rec.volume, rec.page, rec.year) == ("Phys. Rev. D", "75", "124007", 2007)
    assert "D82:069904" in rec.custom["note"]


@pytest.mark.parametrize(("text", "volume", "page"), [
    ("A. Gamsa and J. Cardy, J. Stat. Mech. (2005) P12009", None, "P12009"),
    ("G. R. Jafari and P. Pedram, J. Stat. Mech. P04012 (2007)", None, "P04012"),
    ("C. Cartier, E.J. Copeland, R. Madden, The graceful exit in pre-big bang string cosmology, JHEP0001 (2000)",
     "0001", None),  # year and month: the volume
])
def test_a_lone_number_after_a_year_numbered_journal(text: str, volume: str | None, page: str | None) -> None:
    rec = read_reference(text).record
    assert (rec.volume, rec.page) == (volume, page)


def test_contrib_is_an_abbreviated_journal_word() -> None:
    rec = read_reference("B. Holst, N. Nettelmann, and R. Redmer, Contrib. Plasma Phys.Volume 47, 368, 2007").record
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (None, "Contrib. Plasma Phys.", "47", "368")


def test_the_benchmark_reads_its_data_or_says_why(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "journal_refs.py"), "--corpus", str(tmp_path)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.startswith("skipped:") and "arxiv-browse" in out.stdout


# -- a title-less reference whose first reading took the journal for the title -----------------------

LUOTO = {"id": "luoto", "type": "article-journal", "title": "A matroid-friendly basis for the quasisymmetric functions",
         "author": [{"family": "Luoto", "given": "Kurt W."}], "issued": {"date-parts": [[2008]]}}
ONG = {"id": "ong", "type": "paper-conference", "title": "Myopic coding in multiple relay channels",
       "author": [{"family": "Ong", "given": "Lawrence"}, {"family": "Motani", "given": "Mehul"}],
       "issued": {"date-parts": [[2007]]}}
OTHER = {"id": "other", "type": "article-journal", "title": "Quasisymmetric functions and the KP hierarchy",
         "author": [{"family": "Luoto", "given": "Kurt W."}], "issued": {"date-parts": [[2003]]}}


@pytest.fixture(scope="module")
def closed_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index declared complete whose record of the work has no journal, volume or page."""
    return closed_world_index(tmp_path_factory.mktemp("luoto"), (LUOTO, OTHER, ONG))


def test_the_journal_read_as_a_title_is_no_proof_of_absence(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = "K. W. Luoto, Journal of Combinatorial Theory, Series A 115 (2008) 777-798"
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    # his 2008 work, without the journal, volume and page to compare: neither fabricated nor confirmed
    assert v.label.value == "UNVERIFIED" and v.match is not None and v.match.id == "luoto"
    assert "Only the authors and the year could be compared" in v.rationale


def test_the_untitled_reading_is_the_last_resort(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = ("L. Ong and M. Motani, Proceedings of the 4th Annual IEEE Communications Society Conference on "
            "Sensor, Mesh, and Ad Hoc Communications and Networks (SECON 2007), San Diego, CA, pp. 334-343, "
            "Jun. 18-21 2007.")
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert any("search by the authors and year" in line for line in v.evidence)
    assert v.label.value == "UNVERIFIED" and v.match is not None and v.match.id == "ong"


def test_a_title_the_other_reading_lacks_is_still_compared(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = "K. W. Luoto, Matroids of quantum gravity, Journal of Combinatorial Theory, Series A 115 (2008) 777-798"
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value != "EXACT"


def test_an_en_dash_decoded_as_question_mark_c() -> None:
    rec = read_reference("F. Zhao, H. Yang, and B. Wang, Journal of Theoretical Biology 247 (2007) 645?C649").record
    assert (rec.title, rec.container_title, rec.page) == (None, "Journal of Theoretical Biology", "645-649")


@pytest.mark.parametrize(("text", "label"), [
    # a title-less reference to a paper in a meeting's proceedings: nothing to look the work up by
    ("E. Alata et al., Proc. 6th European Dependable Computing Conference (EDCC-6), Coimbra (Portugal), "
     "18-20 October 2006, 39-44", "UNVERIFIED"),
    ("M. Cribier, XXII International Conference On Neutrino Physics And Astrophysics (Neutrino 2006), "
     "Santa Fe, New Mexico (2006)", "UNVERIFIED"),
    # a title, absent from an index declared complete: evidence
    ("E. Alata et al., Lessons learned from the deployment of a high-interaction honeypot, "
     "Proc. 6th European Dependable Computing Conference (EDCC-6), Coimbra (Portugal), 2006, 39-44", "MAJOR"),
])
def test_a_meeting_read_as_the_title_is_no_title(closed_world: Path, text: str, label: str) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value == label, v.rationale


@pytest.mark.parametrize(("text", "named"), [
    ("Proceedings of the 4th Annual IEEE Communications Society Conference on Sensor Networks", True),
    ("IEEE/IFIP International Conference on Dependable Systems and Networks (DSN-2006)", True),
    ("Physics of Atomic Nuclei", True),
    ("Meeting the challenge of international conference travel", False),
    ("Results from the 2nd international workshop on dark matter", False),
    ("A workshop on quantum gravity", False),
])
def test_names_a_meeting_or_journal(text: str, named: bool) -> None:
    from citecheck.venues import names_a_meeting_or_journal

    assert names_a_meeting_or_journal(text) is named


@pytest.mark.parametrize(("text", "journal", "volume", "page", "note"), [
    ("A. Smith, Phys.Rev.D75:124007,2007; Nucl.Phys.B600:1-20,2001", "Phys. Rev. D", "75", "124007",
     "Nucl. Phys. B 600:1-20, 2001"),
    ("Bosetti PC, et al. Nucl. Phys. B142:1 (1978); B203:362 (1982)", "Nucl. Phys. B", "142", "1", "B203:362 (1982)"),
])
def test_a_second_spires_work_after_a_semicolon_is_a_note(text: str, journal: str, volume: str, page: str,
                                                          note: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume, rec.page, rec.custom.get("note")) == (journal, volume, page, note)


def test_the_journal_head_read_as_a_title_joins_its_series() -> None:
    rec = read_reference("K. W. Luoto, Journal of Combinatorial Theory, Series A 115 (2008) 777-798").record
    assert (rec.title, rec.container_title, rec.volume) == (None, "Journal of Combinatorial Theory, Series A", "115")


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


@pytest.mark.parametrize(("title", "names", "rest"), [
    ("Haykin, Communication Systems", ["Haykin"], "Communication Systems"),
    ("王进玉, 王进聪, 敦煌石窟艺术研究", ["王进玉", "王进聪"], "敦煌石窟艺术研究"),
    ("Smith and Jones, A study of X in Y", ["Smith", "Jones"], "A study of X in Y"),
    ("A study by Smith of things", ["Smith"], None),  # a name inside the title: nothing to cut
    ("Haykin, Ed.", ["Haykin"], None),  # too little left to be a title
])
def test_the_title_after_the_names_the_other_reading_found(title: str, names: list[str], rest: str | None) -> None:
    from citecheck.checker import _after_names

    assert _after_names(title, Record(author=[{"family": n} for n in names])) == rest


def test_the_journal_refs_benchmark_on_its_fixture() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import journal_refs as J
    from parser_accuracy import Tally

    corpus = Path(__file__).parent / "data" / "journal_refs"
    refs = J.references(corpus, "validation")
    assert len(refs) == 8 and {r["form"] for r in refs} == {"titled", "untitled"}
    assert any(r["text"].endswith("JHEP 0705:086,2007") for r in refs)  # the journal reference as typed
    tally = Tally()
    for ref in refs:
        J.score(tally, ref)
    for field in ("container-title", "volume", "pages", "year"):
        assert tally.row(field)[2] == 1.0, (field, tally.errors[field])
    unread = J.references(corpus, "validation", unread=True)
    assert [r["gold"]["journal"] for r in unread] == [[None, None]] * 2
    counts = J.e2e(refs, corpus, None)  # an index of the fixture's records, built, then every reference checked
    assert counts[("titled", "EXACT")] == 4 and counts[("untitled", "EXACT")] == 4


@pytest.mark.parametrize(("compared", "label"), [
    (["author", "issued"], "UNVERIFIED"),  # the comparator had nothing else to compare
    ([], "UNVERIFIED"),
    (["author", "issued", "title"], "EXACT"),
    (None, "EXACT"),  # an assessment that does not say what it compared (built by a caller): as before
])
def test_exact_needs_more_than_what_the_comparator_calls_authors_and_year(compared: list[str] | None,
                                                                           label: str) -> None:
    from citecheck.decide import Assessed, Thresholds, decide
    from citecheck.model import Assessment, Candidate, Signals, SourceStatus
    from citecheck.retrieve import Retrieval

    found = Record.model_validate(LUOTO)
    cand = Candidate(record=found, source="index", matched_by="title", signals=Signals())
    a = Assessment(score=10, confidence=0.9, rationale="Matches on authors, year.", compared=compared)
    d = decide([Assessed(cand, found, a)], Retrieval(statuses=[SourceStatus(source="index", status="answered")]),
               Thresholds(exact=9.5, minor=3.0), cited=found)
    assert d.label.value == label
