"""Every face of a real work, as real services answer: print, online and preprint years, every
title, the journal version — one source at a time, replayed from 127.0.0.1 (tests/data/replay,
faces.jsonl and arxiv.jsonl; their origins are in that folder's README)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.index.build import build_index
from citecheck.index.dumps import make_reader
from citecheck.model import Label, Verdict
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig, load_config
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.inspire import InspireSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from tests.servers.replay import ReplayServer, read_interactions

REPLAY = Path(__file__).parent / "data" / "replay"


@pytest.fixture
def server() -> Iterator[ReplayServer]:
    rows = list(read_interactions(REPLAY / "faces.jsonl")) + list(read_interactions(REPLAY / "arxiv.jsonl"))
    with ReplayServer(rows) as srv:
        yield srv


@pytest.fixture
def config(server: ReplayServer) -> SourceConfig:
    return load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=100, openalex_api_key="k")


def _check(source: Source, bibtex: str) -> dict[str, Verdict]:
    checker = Checker(use_index=False, sources=[source], offline=True)
    return {v.citation.id: v for v in checker.check_text(bibtex, fmt="bibtex")}


def _entry(key: str, **fields: str) -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
    return f"@article{{{key},\n{body}\n}}\n"


# -- the adapters keep every face --------------------------------------------------------------


async def test_crossref_keeps_print_and_online_dates(config: SourceConfig, server: ReplayServer) -> None:
    src = CrossrefSource(config)
    rec = await src.lookup_doi("10.1111/jai.12009")
    assert rec is not None and rec.year == 2012  # `issued`: the online date
    assert rec.dates == {"issued": [2012, 8, 29], "print": [2013, 2], "online": [2012, 8, 29]}
    old = await src.lookup_doi("10.1046/j.1399543x.2000.010407.x")  # printed 2000, online 2008
    assert old is not None and old.dates["print"] == [2000, 12] and old.dates["online"][0] == 2008
    assert [t.kind for t in old.titles] == ["title", "subtitle"]
    assert old.titles[1].title.endswith(": Cerebral edema in DKA")
    assert not server.unmatched
    await src.aclose()


async def test_crossref_deposit_date_is_no_publication_date(config: SourceConfig) -> None:
    src = CrossrefSource(config)
    rec = await src.lookup_doi("10.1109/icdcsw.2003.1203662")  # issued [[null]], created 2004
    assert rec is not None and rec.title
    assert rec.year is None and rec.dates == {}
    await src.aclose()


async def test_semanticscholar_date_of_the_preprint_is_posted(config: SourceConfig) -> None:
    src = SemanticScholarSource(config)
    rec = await src.lookup_doi("10.1038/s42256-024-00832-8")
    assert rec is not None and rec.year == 2023 and rec.arxiv == "2304.05376"
    # publicationDate 2023-04-11 is the month the arXiv id names: the preprint's
    assert rec.dates == {"posted": [2023, 4, 11]}
    [journal] = rec.versions
    assert (journal.container_title, journal.volume, journal.year) == ("Nature Machine Intelligence", "6", 2024)
    await src.aclose()


async def test_arxiv_journal_ref_becomes_the_journal_version(config: SourceConfig) -> None:
    src = ArxivSource(config)
    rec = await src.lookup_arxiv("astro-ph/0601001")
    assert rec is not None and rec.custom["journal_ref"] == "ActaAstron.56:1-50,2006"
    assert rec.dates == {"posted": [2006, 1, 2]}
    [journal] = rec.versions
    assert (journal.volume, journal.page, journal.year) == ("56", "1-50", 2006)
    await src.aclose()


async def test_inspire_keeps_every_title_and_the_preprint_date(config: SourceConfig) -> None:
    src = InspireSource(config)
    rec = await src.lookup_arxiv("2401.99999")
    assert rec is not None
    assert [t.kind for t in rec.titles] == ["title", "title", "preprint"]
    assert rec.dates == {"issued": [2025], "posted": [2024, 1, 31]}
    real = await src.lookup_arxiv("1205.1659")
    assert real is not None and len(real.titles) == 1  # the arXiv title repeats the journal's
    assert real.dates == {"issued": [2012], "posted": [2012, 5]}
    await src.aclose()


# -- faithful citations of any face are EXACT, a year that is no face is MINOR ------------------

JAI = dict(author="Aydin, İ. and Akyol, O.", journal="Journal of Applied Ichthyology", volume="29",
           pages="245--246", doi="10.1111/jai.12009",
           title="New record of the antenna codlet, Bregmaceros atlanticus Goode and Bean, 1886 "
                 "(Gadiformes: Bregmacerotidae), from the northern Aegean Sea (Izmir Bay, Turkey)")


def test_online_first_article_cited_with_its_print_year_is_exact(config: SourceConfig) -> None:
    got = _check(CrossrefSource(config), _entry("print", year="2013", **JAI)
                 + _entry("online", year="2012", **JAI) + _entry("drift", year="2015", **JAI))
    assert got["print"].label is Label.EXACT, got["print"].rationale
    assert got["online"].label is Label.EXACT, got["online"].rationale
    assert got["drift"].label is Label.MINOR
    [year] = [d for d in got["drift"].discrepancies if d.field == "issued"]
    assert year.detail == "year off by 2; record: print 2013, online 2012, issued 2012"


def test_record_without_a_publication_date_has_no_year_to_judge(config: SourceConfig) -> None:
    paper = dict(author="Arya, V. and Turletti, T.", doi="10.1109/icdcsw.2003.1203662",
                 title="Accurate and explicit differentiation of wireless and congestion losses",
                 journal="23rd International Conference on Distributed Computing Systems Workshops",
                 pages="877--882")
    got = _check(CrossrefSource(config), _entry("conf", year="2003", **paper))
    assert got["conf"].label is Label.EXACT, got["conf"].rationale
    assert not any(d.field == "issued" for d in got["conf"].discrepancies)


CHEMCROW = dict(author="Bran, Andrés M and Cox, Sam and Schilter, Oliver and Baldassari, Carlo and "
                       "White, Andrew D. and Schwaller, P.",
                title="Augmenting large language models with chemistry tools")


def test_journal_citation_with_the_journal_year_is_exact_where_s2_gives_the_preprint_year(
        config: SourceConfig) -> None:
    journal = dict(CHEMCROW, journal="Nature Machine Intelligence", volume="6", pages="525--535",
                   doi="10.1038/s42256-024-00832-8")
    got = _check(SemanticScholarSource(config),
                 _entry("journal", year="2024", **journal) + _entry("drift", year="2021", **journal))
    assert got["journal"].label is Label.EXACT, got["journal"].rationale
    assert got["drift"].label is Label.MINOR
    [year] = [d for d in got["drift"].discrepancies if d.field == "issued"]
    assert "record: journal 2024" in (year.detail or "")


def test_preprint_citation_with_the_preprint_year_is_exact(config: SourceConfig) -> None:
    preprint = dict(CHEMCROW, journal="arXiv preprint", eprint="2304.05376", archiveprefix="arXiv")
    got = _check(SemanticScholarSource(config), _entry("preprint", year="2023", **preprint))
    assert got["preprint"].label is Label.EXACT, got["preprint"].rationale


OGLE = dict(author="Gould, A. and Dorsher, S. and Gaudi, B. S. and Udalski, A.",
            title="Frequency of Hot Jupiters and Very Hot Jupiters from the OGLE-III Transit Surveys "
                  "Toward the Galactic Bulge and Carina", eprint="astro-ph/0601001",
            archiveprefix="arXiv", journal="Acta Astronomica", volume="56")


def test_arxiv_journal_reference_is_compared_like_any_journal_reference(config: SourceConfig) -> None:
    got = _check(ArxivSource(config), _entry("faithful", year="2006", pages="1--50", **OGLE)
                 + _entry("year", year="2008", pages="1--50", **OGLE)
                 + _entry("page", year="2006", pages="7--50", **OGLE))
    assert got["faithful"].label is Label.EXACT, got["faithful"].rationale
    assert got["year"].label is Label.MINOR  # two years after the preprint, but not the journal's
    assert {d.field for d in got["year"].discrepancies} == {"issued"}
    assert got["page"].label is Label.MINOR
    assert {d.field for d in got["page"].discrepancies} == {"page"}


def test_preprint_cited_by_its_original_title_through_inspire_is_exact(config: SourceConfig) -> None:
    paper = dict(author="Example, Ada and Sample, Bob", eprint="2401.99999", archiveprefix="arXiv")
    got = _check(InspireSource(config),
                 _entry("original", year="2024", title="An original preprint title that the journal changed", **paper)
                 + _entry("journal", year="2025", title="Faces of a record: a journal title for a citation checker test",
                          journal="Phys. Rev. D", volume="111", pages="012345", **paper))
    assert got["original"].label is Label.EXACT, got["original"].rationale
    assert "preprint title" in got["original"].rationale
    assert got["journal"].label is Label.EXACT, got["journal"].rationale


def test_inspire_journal_and_preprint_years_of_a_real_record(config: SourceConfig) -> None:
    paper = dict(author="Horsley, R. and Hotzel, G. and Ilgenfritz, E. M. and Millo, R. and Perlt, H. "
                        "and Rakow, P. E. L. and Nakamura, Y. and Schierholz, G. and Schiller, A.",
                 title="Wilson loops to 20th order numerical stochastic perturbation theory",
                 eprint="1205.1659", archiveprefix="arXiv")
    got = _check(InspireSource(config), _entry("faithful", year="2012", journal="Phys. Rev. D",
                                               volume="86", pages="054502", **paper)
                 + _entry("drift", year="2014", journal="Phys. Rev. D", volume="86", pages="054502", **paper))
    assert got["faithful"].label is Label.EXACT, got["faithful"].rationale
    assert got["drift"].label is Label.MINOR


# -- a local mirror built from a Crossref dump gains the same faces -----------------------------


def test_index_built_from_a_crossref_dump_keeps_every_date(tmp_path: Path) -> None:
    works = [json.loads(row["body"])["message"] for row in read_interactions(REPLAY / "faces.jsonl")
             if row["source"] == "crossref"]
    dump = tmp_path / "works.jsonl"
    dump.write_text("".join(json.dumps(w) + "\n" for w in works), encoding="utf-8")
    db = tmp_path / "mirror.db"
    build_index(db, [dump], reader=make_reader("crossref"), covers=["all"])
    checker = Checker(db, sources=[], offline=True)
    got = {v.citation.id: v for v in checker.check_text(
        _entry("print", year="2013", **JAI) + _entry("drift", year="2015", **JAI), fmt="bibtex")}
    assert got["print"].label is Label.EXACT, got["print"].rationale
    assert got["print"].match is not None and got["print"].match.dates["print"] == [2013, 2]
    assert got["drift"].label is Label.MINOR


def test_fix_bib_keeps_a_faithful_print_year_and_the_cache_keeps_the_faces(config: SourceConfig) -> None:
    from citecheck.model import Record
    from citecheck.report.fixbib import render_fixed_bibtex

    got = _check(CrossrefSource(config), _entry("print", year="2013", **JAI)
                 + _entry("page", year="2013", **{**JAI, "pages": "248--249"}))
    assert got["page"].label is Label.MINOR
    fixed = render_fixed_bibtex([got["print"], got["page"]])
    assert [y.split("{")[1] for y in fixed.split("\n") if y.strip().startswith("year")] == ["2013},", "2013},"]
    match = got["print"].match
    assert match is not None and Record.from_csl(match.to_csl()).dates == match.dates  # as cached


async def test_openalex_keeps_the_conference_of_a_repository_work(config: SourceConfig) -> None:
    src = OpenAlexSource(config)
    rec = await src.lookup_doi("10.48550/arxiv.2108.10531")  # primary location: arXiv
    assert rec is not None and rec.dates == {"issued": [2021]}
    assert [v.container_title for v in rec.versions] == ["International Conference on Computer Vision"]
    await src.aclose()


def test_conference_citation_of_an_openalex_repository_work_is_exact(config: SourceConfig) -> None:
    cited = dict(author="Wong, Alex and Soatto, Stefano", year="2021", doi="10.48550/arXiv.2108.10531",
                 title="Unsupervised Depth Completion with Calibrated Backprojection Layers",
                 booktitle="International Conference on Computer Vision")
    got = _check(OpenAlexSource(config), _entry("iccv", **cited))
    assert got["iccv"].label is Label.EXACT, got["iccv"].rationale
