"""The local index: building from every input format, each lookup kind, search, the Source."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck.index.build import BuildStats, build_index
from citecheck.index.journal_ref import journal_version, parse_journal_ref, volume_variants
from citecheck.index.schema import (
    SCHEMA_VERSION,
    page_key,
    query_name_tokens,
    title_key,
    volume_key,
)
from citecheck.index.search import IndexOpenError, LocalIndex
from citecheck.model import Citation, Name, Record
from citecheck.sources.base import SourceError
from citecheck.sources.local import LocalIndexSource
from citecheck.venues import journal_matches

DATA = Path(__file__).resolve().parent / "data" / "index"
RECORDS = DATA / "records.jsonl"
SNAPSHOT = DATA / "arxiv-snapshot.json"
BIB = DATA / "sample.bib"
N_RECORDS = sum(1 for line in RECORDS.read_text(encoding="utf-8").splitlines() if line.strip())


@pytest.fixture(scope="module")
def index_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("index") / "fixtures.sqlite"
    stats = build_index(db, [RECORDS])
    assert stats.stored == N_RECORDS and stats.skipped == 0, stats.errors
    return db


@pytest.fixture(scope="module")
def index(index_path: Path) -> LocalIndex:
    return LocalIndex(index_path)


# -- building -----------------------------------------------------------------------------------


def test_build_counts_and_info(index: LocalIndex) -> None:
    assert len(index) == N_RECORDS
    info = index.info()
    assert info["records"] == N_RECORDS
    assert info["schema_version"] == SCHEMA_VERSION == 5
    assert info["by_source"]["arXiv/arxiv-browse"] == 12
    assert info["by_type"]["article-journal"] >= 10
    assert info["built_from"][0]["file"] == str(RECORDS)
    assert info["built_from"][0]["stored"] == N_RECORDS and info["built_from"][0]["at"]
    assert info["identifiers"]["doi"] > 10 and info["identifiers"]["journal"] > 10
    assert info["size_bytes"] > 0


def test_build_is_idempotent(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite"
    first = build_index(db, [RECORDS])
    second = build_index(db, [RECORDS])
    assert first.stored == N_RECORDS and first.duplicates == 0
    assert second.stored == 0 and second.updated == 0
    assert second.duplicates == N_RECORDS and second.records == N_RECORDS
    assert "same id" in second.duplicate_ids[0]
    assert len(LocalIndex(db)) == N_RECORDS
    assert len(LocalIndex(db).info()["built_from"]) == 2


def test_duplicates_within_one_file_are_merged(tmp_path: Path) -> None:
    src = tmp_path / "dup.jsonl"
    base = {"id": "doi:10.1234/abc", "type": "article-journal", "title": "A study of things",
            "DOI": "10.1234/abc", "issued": {"date-parts": [[2020]]}}
    other = {"id": "x:2", "title": "A study of things", "DOI": "https://doi.org/10.1234/ABC",
             "volume": "7", "custom": {"arxiv": "2001.00001"}}
    src.write_text(json.dumps(base) + "\n" + json.dumps(other) + "\n", encoding="utf-8")
    stats = build_index(tmp_path / "d.sqlite", [src])
    assert (stats.read, stats.stored, stats.duplicates) == (2, 1, 1)
    assert "same DOI" in stats.duplicate_ids[0]
    ix = LocalIndex(tmp_path / "d.sqlite")
    rec = ix.by_arxiv("2001.00001")
    assert rec is not None and rec.id == "doi:10.1234/abc" and rec.volume == "7" and rec.year == 2020


def test_readding_a_changed_record_updates_it(tmp_path: Path) -> None:
    db = tmp_path / "u.sqlite"
    src = tmp_path / "a.jsonl"
    src.write_text(json.dumps({"id": "doi:10.1234/u", "title": "Old title words", "DOI": "10.1234/u"}))
    build_index(db, [src])
    src.write_text(json.dumps({"id": "doi:10.1234/u", "title": "New title words", "DOI": "10.1234/u"}))
    stats = build_index(db, [src])
    assert (stats.stored, stats.updated, stats.duplicates, stats.records) == (0, 1, 1, 1)
    ix = LocalIndex(db)
    assert ix.by_doi("10.1234/u").title == "New title words"  # type: ignore[union-attr]
    assert ix.search("New title words")[0].id == "doi:10.1234/u"
    assert ix.search("Old title")[0].title == "New title words"  # "title" still matches


def test_bad_entries_are_reported_not_fatal(tmp_path: Path) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text(
        "\n".join([
            json.dumps({"id": "ok:1", "title": "A fine record"}),
            "{not json",
            json.dumps(["a", "list"]),
            json.dumps({"id": "bad:author", "title": "X", "author": "Smith, J."}),
            json.dumps({"id": "bad:empty", "type": "article"}),
            json.dumps({"title": "No id but a title", "issued": {"date-parts": [[2001]]}}),
        ]),
        encoding="utf-8",
    )
    missing = tmp_path / "missing.jsonl"
    stats = build_index(tmp_path / "b.sqlite", [src, missing])
    assert stats.stored == 2 and stats.read == 6
    assert stats.skipped == 5  # 4 bad entries + the missing file
    text = "\n".join(stats.errors)
    assert f"{src}:2: invalid JSON" in text
    assert f"{src}:3: expected a JSON object" in text
    assert f"{src}:4: invalid CSL item: author" in text
    assert f"{src}:5: nothing to find it by" in text
    assert f"{missing}: cannot read" in text
    found = LocalIndex(tmp_path / "b.sqlite").search("No id but a title")
    assert found and found[0].id.startswith("local:")


def test_progress_is_reported(tmp_path: Path) -> None:
    seen: list[int] = []
    build_index(tmp_path / "p.sqlite", [RECORDS], progress=seen.append)
    assert seen and seen[-1] == N_RECORDS


def test_json_array_and_items_wrapper(tmp_path: Path) -> None:
    items = [json.loads(line) for line in RECORDS.read_text(encoding="utf-8").splitlines()[:3]]
    (tmp_path / "a.json").write_text(json.dumps(items, indent=2), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps({"items": items}), encoding="utf-8")
    stats = build_index(tmp_path / "j.sqlite", [tmp_path / "a.json", tmp_path / "b.json"])
    assert (stats.stored, stats.duplicates, stats.skipped) == (3, 3, 0)


def test_arxiv_snapshot_ingestion(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    stats = build_index(db, [SNAPSHOT])
    assert (stats.read, stats.stored, stats.skipped) == (7, 5, 2)
    assert any(e.startswith(f"{SNAPSHOT}:6: invalid JSON") for e in stats.errors)
    ix = LocalIndex(db)
    rec = ix.by_arxiv("0704.0001v2")
    assert rec is not None and rec.DOI == "10.1103/physrevd.76.013009"
    assert rec.author[0].family == "Balázs" and rec.year == 2007
    assert rec.title == "Calculation of prompt diphoton production cross sections at Tevatron and LHC energies"
    assert rec.custom["categories"] == ["hep-ph"] and rec.type == "article-journal"
    latex = ix.by_arxiv("0704.0107")
    assert latex is not None and "Möbius" in (latex.title or "") and latex.author[0].family == "Schrödinger"
    assert latex.year == 2001  # the journal-ref's year, not the submission year
    assert ix.by_arxiv("0704.0002").type == "article"  # type: ignore[union-attr]
    # journal-ref only (no container-title): still findable by journal / volume / page
    assert [r.id for r in ix.by_journal("Astrophys. J. Suppl.", "182", "310")] == ["arxiv:0704.0044"]
    # the same works from the corpus file merge into the snapshot's records
    again = build_index(db, [RECORDS])
    assert again.duplicates == 4 and again.records == N_RECORDS + 1


def test_bibtex_ingestion(tmp_path: Path) -> None:
    db = tmp_path / "b.sqlite"
    stats = build_index(db, [BIB])
    assert (stats.read, stats.stored, stats.skipped) == (5, 4, 1)
    assert any(e.startswith(f"{BIB}:23: unparseable BibTeX entry") for e in stats.errors)
    ix = LocalIndex(db)
    rec = ix.by_doi("10.1103/PhysRevLett.81.4412")
    assert rec is not None and rec.arxiv == "cond-mat/9805021" and rec.container_title == "Phys. Rev. Lett."
    assert [r.id for r in ix.by_journal("Physical Review Letters", "81", "4412")] == [rec.id]
    atlas = ix.by_doi("10.1007/JHEP01(2011)079")
    assert atlas is not None and atlas.author[0].literal == "ATLAS Collaboration"
    schr = ix.get("gorkov-schr")
    assert schr is not None and schr.author[0].family == "Schrödinger" and schr.authors_truncated
    assert ix.search(None, ["van der Waals"], 1935)[0].id == "gorkov-schr"


# -- identifier lookups -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "doi",
    ["10.1103/physrevlett.81.4412", "10.1103/PhysRevLett.81.4412",
     "https://doi.org/10.1103/PhysRevLett.81.4412", "doi:10.1103/PHYSREVLETT.81.4412."],
)
def test_by_doi_spellings(index: LocalIndex, doi: str) -> None:
    rec = index.by_doi(doi)
    assert rec is not None and rec.id == "doi:10.1103/physrevlett.81.4412"


def test_by_doi_misses_and_junk(index: LocalIndex) -> None:
    assert index.by_doi("10.1103/physrevlett.81.4413") is None
    assert index.by_doi("not a doi") is None
    assert index.by_doi("") is None


def test_arxiv_datacite_doi_is_the_arxiv_id(index: LocalIndex) -> None:
    rec = index.by_doi("10.48550/arXiv.1206.2944")
    assert rec is not None and rec.id == "arxiv:1206.2944"
    # a record that only has the arXiv id is found by its DataCite DOI too
    other = index.by_doi("https://doi.org/10.48550/arxiv.0704.0030")
    assert other is not None and other.id == "arxiv:0704.0030"


@pytest.mark.parametrize(
    ("query", "expected"),
    [("cond-mat/9805021", "doi:10.1103/physrevlett.81.4412"),
     ("arXiv:cond-mat/9805021v3", "doi:10.1103/physrevlett.81.4412"),
     ("https://arxiv.org/abs/0704.0001v1", "doi:10.1103/physrevd.76.013009"),
     ("acc-phys/9411001", "arxiv:acc-phys/9411001")],
)
def test_by_arxiv(index: LocalIndex, query: str, expected: str) -> None:
    rec = index.by_arxiv(query)
    assert rec is not None and rec.id == expected


def test_by_arxiv_miss(index: LocalIndex) -> None:
    assert index.by_arxiv("0704.9999") is None
    assert index.by_arxiv("nonsense") is None


@pytest.mark.parametrize(
    ("journal", "volume", "page", "expected"),
    [
        ("Phys. Rev. Lett.", "81", "4412", "doi:10.1103/physrevlett.81.4412"),
        ("Physical Review Letters", "81", "4412-4415", "doi:10.1103/physrevlett.81.4412"),
        ("Phys. Rev. D", "76", "013009", "doi:10.1103/physrevd.76.013009"),
        ("Phys.Rev.D", "76", "13009", "doi:10.1103/physrevd.76.013009"),
        ("Sov. Phys. JETP", "5", "1174", "bibliotex:1957-Abrikosov-SPJETP-5-1175"),
        ("JHEP", "01", "079", "doi:10.1007/jhep01(2011)079"),
        ("JHEP", "2011", "79", "doi:10.1007/jhep01(2011)079"),  # Crossref's volume = year
        ("EPJ Web Conf.", "93", "07004", "doi:10.1051/epjconf/20159307004"),
        # only a journal-ref string in the record: "J. Low. Temp. Phys. Vol. 140 pp77-89 (2005)"
        ("J. Low Temp. Phys.", "140", "77", "arxiv:0704.0030"),
        ("Eur. Phys. J. B", "22", "129", "arxiv:0704.0107"),
        # names the abbreviation table does not know: matched word by word
        ("Journal of Low Temperature Physics", "140", "77", "arxiv:0704.0030"),
        ("Soviet Physics JETP", "9", "220", "bibliotex:1959-Abrikosov-SPJETP-9-220"),
        ("Ecol. Evol.", "6", "6425", "doi:10.1002/ece3.2314"),
    ],
)
def test_by_journal(index: LocalIndex, journal: str, volume: str, page: str, expected: str) -> None:
    assert [r.id for r in index.by_journal(journal, volume, page)] == [expected]


def test_by_journal_misses(index: LocalIndex) -> None:
    assert index.by_journal("Phys. Rev. Lett.", "82", "4412") == []
    assert index.by_journal("Phys. Rev. B", "81", "4412") == []
    assert index.by_journal("Ecology", "6", "6425") == []  # not "Ecology and Evolution"
    assert index.by_journal("", "81", "4412") == []
    assert index.by_journal("Phys. Rev. Lett.", "", "") == []


@pytest.mark.parametrize(
    ("cited", "name", "expected"),
    [("J. Low Temp. Phys.", "Journal of Low Temperature Physics", True),
     ("PRL", "Physical Review Letters", True),
     ("Proc. Natl. Acad. Sci. USA",
      "Proceedings of the National Academy of Sciences of the United States of America", True),
     ("J. Am. Chem. Soc.", "Journal of the American Chemical Society", True),
     ("Phys. Rev.", "Physical Review B", False),
     ("Physica A", "Physica B", False),
     ("Nature", "Nature Physics", False),
     ("Ann. Math.", "Annals of Physics", False),
     ("", "Physics", False)],
)
def test_journal_matches(cited: str, name: str, expected: bool) -> None:
    assert journal_matches(cited, name) is expected


def test_page_and_volume_keys() -> None:
    assert page_key("L54") == page_key("54") == "54"
    assert page_key("024519") == page_key("24519")
    assert page_key("4412–4415") == "4412"
    assert page_key("e1002") == "1002"
    # the first page as the model reads one: a label, a tilde range, a list of pages
    assert page_key("pp. 12–15") == page_key("p. 12") == page_key("12") == "12"
    assert page_key("243~251") == "243" and page_key("1, 46, 48 passim") == "1"
    assert page_key(None) == page_key("") == page_key("pp.") == ""
    assert volume_key("05") == volume_key("5") == "5"
    assert volume_variants("05", None, 2017) == {"5", "2017"}
    assert volume_variants("2017", "05", 2017) == {"2017", "5"}
    assert volume_variants("0706", None, 2007) == {"706", "2007"}
    assert volume_variants("81", None, 1998) == {"81"}
    assert volume_variants("5", None, 2017) == {"5"}


@pytest.mark.parametrize(
    ("text", "journal", "volume", "page"),
    [
        ("Phys. Rev. Lett. 81, 4412 (1998)", "Phys. Rev. Lett.", "81", "4412"),
        ("Phys.Rev.D76:014014,2007", "Phys. Rev. D", "76", "014014"),
        ("Physica A 379 (2007) 714-726", "Physica A", "379", "714-726"),
        ("Opt. Lett. 32(11) 1557-1559 (2007)", "Opt. Lett.", "32", "1557-1559"),
        ("Optics Letters 32, 15 (2007) 2206-2208", "Optics Letters", "32", "2206-2208"),
        ("JHEP 0706:026,2007", "JHEP", "0706", "026"),
        ("Mod.Phys.Lett.A23:1929-1937,2008", "Mod. Phys. Lett. A", "23", "1929-1937"),
        ("Bull. Lond. Math. Soc. 40 (2008), no. 5, 876--886", "Bull. Lond. Math. Soc.", "40", "876-886"),
        ("Optics Express, Vol. 15, Issue 11, pp. 7000-7005 (2007)", "Optics Express", "15", "7000-7005"),
        ("Bernoulli 2008, Vol. 14, No. 4, 988-1002", "Bernoulli", "14", "988-1002"),
        ("J. Stat. Mech. (2007) P06012", "J. Stat. Mech.", None, "P06012"),
        ("SIGMA 6 (2010), 014, 36 pages", "SIGMA", "6", "014"),
        ("Journal of Combinatorial Theory, Series A 115 (2008) 777-798",
         "Journal of Combinatorial Theory, Series A", "115", "777-798"),
    ],
)
def test_parse_journal_ref(text: str, journal: str, volume: str | None, page: str) -> None:
    parsed = parse_journal_ref(text)
    assert parsed is not None
    assert (parsed["journal"], parsed.get("volume"), parsed["page"]) == (journal, volume, page)


@pytest.mark.parametrize(
    ("text", "year", "issue"),
    [
        ("Phys.Rev.D76:1999,2007", "2007", None),  # a year-shaped page before the year
        ("Chinese Phys. Lett., 2005, 22: 1033-1036", "2005", None),  # the year before the volume
        ("J. Phys. A: Math. Theor. 40 No 41 (12 October 2007) 12315-12333", "2007", "41"),
        ("Optics Letters 32, 15 (2007) 2206-2208", "2007", "15"),
    ],
)
def test_parse_journal_ref_year_and_issue(text: str, year: str, issue: str | None) -> None:
    parsed = parse_journal_ref(text)
    assert parsed is not None and (parsed.get("year"), parsed.get("issue")) == (year, issue)


def test_journal_version_is_the_journal_reference_read() -> None:
    version = journal_version("ActaAstron.56:1-50,2006")
    assert version is not None
    assert (version.container_title, version.volume, version.page, version.year) == ("Acta Astron.", "56", "1-50", 2006)
    assert journal_version("in \"New Trends\", Springer (2009)") is None


@pytest.mark.parametrize(
    "text", ["in \"New Trends\", Springer (2009)", "RIMS Kokyuroku, No.1551, pp.57-62 (2007)", "",
             "PoS CPOD:045,2007",  # a volume and a year, no page
             "Lectures on the physics of correlated electron systems X, p255-264, AIP Conf. Proc. 846 (2006)"]
)
def test_parse_journal_ref_leaves_prose_alone(text: str) -> None:
    assert parse_journal_ref(text) is None


# -- search -------------------------------------------------------------------------------------


def test_search_exact_title(index: LocalIndex) -> None:
    hits = index.search("Localization transition of random copolymers at interfaces")
    assert hits[0].id == "doi:10.1103/physrevlett.81.4412"


def test_search_survives_changed_and_dropped_words(index: LocalIndex) -> None:
    # "random" dropped, "interfaces" → "surfaces", different case and punctuation
    hits = index.search("LOCALIZATION TRANSITION OF COPOLYMERS AT SURFACES!", limit=5)
    assert "doi:10.1103/physrevlett.81.4412" in [h.id for h in hits]


def test_search_ranks_by_authors_and_year(index: LocalIndex) -> None:
    title = "Microscopic Derivation of the Ginzburg-Landau Equations"  # two works share it
    ids = {r.id for r in index.search(title, limit=5)[:2]}
    assert ids == {"bibliotex:1959-Gorkov-SPJEPT-9-1364", "bibliotex:1964-Gorkov-SPJEPT-18-1031"}
    hits = index.search(title + " for anisotropic superconductors", ["Gor'kov"], 1964, limit=5)
    assert hits[0].id == "bibliotex:1964-Gorkov-SPJEPT-18-1031"
    hits = index.search(title + " in the theory of superconductivity", ["Gorkov"], 1959, limit=5)
    assert hits[0].id == "bibliotex:1959-Gorkov-SPJEPT-9-1364"


def test_search_by_authors_and_year_without_title(index: LocalIndex) -> None:
    hits = index.search(None, ["Abrikosov"], 1957)
    assert hits and hits[0].id == "bibliotex:1957-Abrikosov-SPJETP-5-1175"
    # one misspelled co-author: the OR fallback still finds the paper
    hits = index.search("", ["Stepanow", "Somer"], 1998)
    assert "doi:10.1103/physrevlett.81.4412" in [h.id for h in hits]
    assert index.search(None, [], 2000) == []


def test_search_reworded_title_falls_back_to_authors(index: LocalIndex) -> None:
    hits = index.search("Vortex lattices in type II materials", ["Abrikosov"], 1957)
    assert "bibliotex:1957-Abrikosov-SPJETP-5-1175" in [h.id for h in hits]


def test_search_non_latin_title(index: LocalIndex) -> None:
    rec = index.get("s2:0f3c2d41648bc063c625d21e544ecf61d68cd711")
    assert rec is not None and rec.title
    assert index.search(rec.title)[0].id == rec.id


def test_search_scored_is_ordered(index: LocalIndex) -> None:
    scored = index.search_scored("Poisoning Attacks against Support Vector Machines", limit=3)
    assert scored[0][0].id == "arxiv:1206.6389"
    scores = [s for _, s in scored]
    assert scores == sorted(scores, reverse=True) and 0 < scores[0] <= 1


def test_search_nothing_matches(index: LocalIndex) -> None:
    assert index.search("zzyzx qwvvj xqzkk") == []
    assert index.search("the of and") == []
    assert index.search("Poisoning Attacks", limit=0) == []


def test_query_name_tokens() -> None:
    assert query_name_tokens("Sommer") == query_name_tokens("Sommer, J.-U.") == ["sommer"]
    assert query_name_tokens("J. Sommer") == ["sommer"]
    assert query_name_tokens("van der Waals") == ["waals"]
    assert query_name_tokens("The ATLAS Collaboration") == ["atlas"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    title=st.one_of(st.none(), st.text(max_size=120)),
    authors=st.lists(st.text(max_size=30), max_size=4),
    year=st.one_of(st.none(), st.integers(min_value=-10, max_value=3000)),
)
def test_search_never_crashes(index: LocalIndex, title: str | None, authors: list[str], year: int | None) -> None:
    hits = index.search(title, authors, year, limit=5)
    assert len(hits) <= 5 and all(isinstance(h, Record) for h in hits)


@pytest.mark.parametrize(
    "title",
    ['"unbalanced quote', "NEAR(a b) AND OR NOT *", "title_key: x", "^start {col} - minus",
     "Ünïcödé Schrödinger-Gleichung für α-Teilchen", "中文标题 测试", "\x00\x01 control", ""],
)
def test_search_fts_syntax_is_inert(index: LocalIndex, title: str) -> None:
    index.search(title, [title], None)


def test_title_key() -> None:
    assert title_key("Localization Transition!") == "localization transition"
    assert title_key("Подход автоматизации") == "подход автоматизации"
    assert title_key(None) == ""


# -- opening, threads ---------------------------------------------------------------------------


def test_open_errors(tmp_path: Path) -> None:
    with pytest.raises(IndexOpenError, match="no such index"):
        LocalIndex(tmp_path / "nope.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(IndexOpenError, match="not a citecheck index"):
        LocalIndex(junk)
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(IndexOpenError):
        LocalIndex(other)


def test_usable_from_threads(index: LocalIndex) -> None:
    failures: list[str] = []

    def work() -> None:
        for _ in range(20):
            rec = index.by_doi("10.1103/physrevlett.81.4412")
            hits = index.search("Poisoning Attacks against Support Vector Machines")
            if rec is None or not hits:
                failures.append("miss")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_build_stats_as_dict() -> None:
    stats = BuildStats(read=2, stored=1, skipped=1, errors=["f:1: bad"])
    assert stats.as_dict()["errors"] == ["f:1: bad"]


# -- the Source -----------------------------------------------------------------------------------


def _citation(**fields: object) -> Citation:
    return Citation(id="c1", raw="raw", fields=Record(**fields))  # type: ignore[arg-type]


async def test_source_lookups(index_path: Path) -> None:
    source = LocalIndexSource(index_path)
    assert source.name == "index"
    assert source.supports == {"doi", "arxiv", "journal", "search", "text"}
    rec = await source.lookup_doi("10.1103/PhysRevD.76.013009")
    assert rec is not None and rec.arxiv == "0704.0001"
    assert (await source.lookup_arxiv("0704.0001")) == rec
    assert [r.id for r in await source.lookup_journal("Phys. Rev. D", "76", "013009", 2007)] == [rec.id]
    hits = await source.search(_citation(title="Poisoning attack against support vector machine"), limit=3)
    assert hits[0].id == "arxiv:1206.6389"
    no_title = _citation(author=[Name(family="Biggio"), Name(family="Nelson")],
                         issued={"date-parts": [[2012]]})
    assert (await source.search(no_title))[0].id == "arxiv:1206.6389"
    assert await source.search(_citation()) == []
    await source.aclose()


async def test_source_unreadable_index_raises_source_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"garbage" * 1000)
    source = LocalIndexSource(junk)  # constructing never fails
    with pytest.raises(SourceError) as err:
        await source.lookup_doi("10.1/x")
    assert err.value.source == "index" and "junk.sqlite" in err.value.reason
    with pytest.raises(SourceError):
        await source.search(_citation(title="anything"))
    missing = LocalIndexSource(tmp_path / "missing.sqlite")
    with pytest.raises(SourceError):
        await missing.lookup_arxiv("0704.0001")


def test_index_bibtex_mapping_is_the_extractors() -> None:
    from citecheck.index.bibtex_reader import csl_from_entry

    csl = csl_from_entry(
        "misc", "k",
        {"author": "Schr{\\\"o}dinger, E. and {ATLAS Collaboration} and others",
         "title": "A {T}itle", "year": "2019", "eprint": "1706.08310", "archivePrefix": "arXiv",
         "pages": "1--10", "doi": "https://doi.org/10.1234/ABC"},
    )
    assert csl["type"] == "article" and csl["title"] == "A Title"
    assert csl["author"] == [{"family": "Schrödinger", "given": "E."}, {"literal": "ATLAS Collaboration"}]
    assert csl["custom"]["arxiv"] == "1706.08310" and csl["custom"]["authors_truncated"]
    assert csl["page"] == "1-10" and csl["DOI"] == "10.1234/abc"
    assert csl["issued"] == {"date-parts": [[2019]]}


def _index_of(folder: Path, name: str, rows: list[dict[str, object]]) -> LocalIndex:
    """An index of ``rows`` (CSL-JSON records) built in ``folder``."""
    src = folder / f"{name}.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    build_index(folder / f"{name}.sqlite", [src])
    return LocalIndex(folder / f"{name}.sqlite")


def test_author_search_skips_names_too_common_to_search_by(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A family name on more works than AUTHOR_POSTINGS is not searched by (its posting list
    grows with the index); a rarer co-author still finds the work."""
    import citecheck.index.search as search_module

    rows = [
        {"id": f"smith{i}", "type": "article-journal", "title": f"Study number {i} of foams",
         "author": [{"family": "Smith", "given": "J."}], "issued": {"date-parts": [[2001]]}}
        for i in range(4)
    ]
    rows.append({"id": "smithzed", "type": "article-journal", "title": "Granular flows on slopes",
                 "author": [{"family": "Smith", "given": "J."}, {"family": "Zedlewski", "given": "K."}],
                 "issued": {"date-parts": [[2001]]}})
    idx = _index_of(tmp_path, "authors", rows)
    assert len(idx.search(None, ["Smith"], 2001)) == 5  # under the cap: searched
    monkeypatch.setattr(search_module, "AUTHOR_POSTINGS", 3)
    assert idx.search(None, ["Smith"], 2001) == []  # "smith" is on 5 works: too common
    found = idx.search(None, ["Smith", "Zedlewski"], 2001)
    assert [r.id for r in found] == ["smithzed"]


def test_all_words_query_of_common_words_is_narrowed_by_the_cited_authors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past AND_BOUND possible matches, the AND of title words is taken unranked and narrowed by
    the cited authors first; with miscited authors the plain AND still finds the work; past
    UNRANKED_ROWS matches the ranked query runs."""
    import citecheck.index.search as search_module

    rows = [
        {"id": f"w{i}", "type": "article-journal", "title": f"Quantum field theory models part {i}",
         "author": [{"family": f"Author{i}", "given": "A."}], "issued": {"date-parts": [[2000 + i]]}}
        for i in range(6)
    ]
    idx = _index_of(tmp_path, "common", rows)
    monkeypatch.setattr(search_module, "AND_BOUND", 2)
    queries: list[str] = []
    real = LocalIndex._unranked_rows

    def spy(self: LocalIndex, query: str, key: str, fetch: int) -> list:
        queries.append(query)
        return real(self, query, key, fetch)

    monkeypatch.setattr(LocalIndex, "_unranked_rows", spy)
    found = idx.search("Quantum field theory models part 3", ["Author3"], 2003)
    assert found[0].id == "w3"
    assert len(queries) == 1 and "author_keys" in queries[0]  # the narrowed AND sufficed
    queries.clear()
    found = idx.search("Quantum field theory models part 3", ["Nobody"], 2003)
    assert "w3" in [r.id for r in found]  # miscited author: the plain AND ran too
    assert any("author_keys" not in q for q in queries)


def test_an_and_with_too_many_matches_to_take_unranked_is_ranked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import citecheck.index.search as search_module

    rows = [
        {"id": f"m{i}", "type": "article-journal", "title": f"Quantum field theory models {i}",
         "issued": {"date-parts": [[2000]]}}
        for i in range(8)
    ]
    idx = _index_of(tmp_path, "many", rows)
    monkeypatch.setattr(search_module, "AND_BOUND", 2)
    monkeypatch.setattr(search_module, "UNRANKED_ROWS", 3)
    ranked: list[str] = []
    real = LocalIndex._fts_rows

    def spy(self: LocalIndex, query: str, fetch: int, weights: str = "1.0, 0.0") -> list:
        ranked.append(query)
        return real(self, query, fetch, weights)

    monkeypatch.setattr(LocalIndex, "_fts_rows", spy)
    found = idx.search("Quantum field theory models 5", [], 2000)
    assert found and found[0].id == "m5"
    assert ranked  # 8 matches > UNRANKED_ROWS: ranked by bm25
    ranked.clear()
    monkeypatch.setattr(search_module, "UNRANKED_ROWS", 50)
    found = idx.search("Quantum field theory models 5", [], 2000)
    assert found and found[0].id == "m5"
    assert not any("AND" in q and "author_keys" not in q for q in ranked)  # taken unranked


def test_index_build_into_an_index_of_another_schema_is_exit_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    db = tmp_path / "old.sqlite"
    build_index(db, [RECORDS])
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    res = CliRunner().invoke(app, ["index", "build", "-q", str(db), str(RECORDS)])
    assert res.exit_code == 2, res.output
    assert "rebuild it into a new file" in res.output


def test_ranked_rows_come_in_fts5_rank_order_ties_by_rowid(tmp_path: Path) -> None:
    """`_fts_rows` ranks by bm25() in a plain ORDER BY: the rows, and which tied rows the limit
    keeps, are those of FTS5's own ``rank`` ordering (bm25, then rowid)."""
    rows = [
        {"id": f"t{i}", "type": "article-journal", "title": title, "issued": {"date-parts": [[2000 + i]]}}
        for i, title in enumerate(["Spin waves in thin films", "Spin waves in thin films", "Spin glass",
                                   "Waves", "Thin films of spin ice and spin waves", "Spin waves in thin films",
                                   "Phonons in films"])
    ]
    idx = _index_of(tmp_path, "ties", rows)
    rank_sql = ("SELECT r.rid, r.title_key, r.author_keys, r.year, f.rank FROM "
                "(SELECT rowid, rank FROM fts WHERE fts MATCH ? AND rank MATCH 'bm25(1.0, 0.0)' "
                "ORDER BY rank LIMIT ?) f JOIN records r ON r.rid = f.rowid ORDER BY f.rank")
    for query in ['title_key : ("spin" OR "films")', 'title_key : ("waves" AND "thin")', 'title_key : ("spin")']:
        for fetch in (1, 2, 4, 30):
            expected = [tuple(r) for r in idx._conn().execute(rank_sql, (query, fetch)).fetchall()]
            assert idx._fts_query(query, fetch, "1.0, 0.0") == tuple(expected)
    tied = idx._fts_query('title_key : ("spin" OR "films")', 30, "1.0, 0.0")
    assert len({r[4] for r in tied}) < len(tied)  # the fixture has tied rows to order
