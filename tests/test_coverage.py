"""Coverage: "not found" is MAJOR only where a source covering the work answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.coverage import ScopeError, parse_scope, parse_scopes, work_type
from citecheck.model import Citation, Label, Record
from tests.fakes import FABRICATED, OTHER, REAL, MemorySource, cite


def checker(*sources: MemorySource) -> Checker:
    return Checker(use_index=False, sources=list(sources), offline=True)


def test_scopes_parse_and_reject_unknown_ones() -> None:
    assert parse_scopes(["ALL", "doi-prefix:10.5281", "journal:Phys. Rev. B", "all"]) == (
        "all", "doi-prefix:10.5281", "journal:Phys. Rev. B")
    assert parse_scope("type:Book") == "type:book"
    with pytest.raises(ScopeError, match="unknown coverage scope 'everything'"):
        parse_scope("everything")
    with pytest.raises(ScopeError, match="unknown work type"):
        parse_scope("type:poem")


@pytest.mark.parametrize(("raw", "fields", "kind"), [
    ("Phys. Rev. 47, 777 (1935)", {"container-title": "Phys. Rev.", "volume": "47", "page": "777"},
     "article"),
    ("NeurIPS 2017", {"type": "paper-conference", "container-title": "NeurIPS", "page": "5998"},
     "proceedings"),
    ("arXiv:1706.03762", {"type": "article", "arxiv": "1706.03762"}, "preprint"),
    ("J. Smith, PhD thesis, MIT (2001)", {"type": "article-journal"}, "thesis"),
    ("ISO 9001:2015 Quality management systems", {"type": "article-journal"}, "standard"),
    ("Knuth, The Art of Computer Programming, Addison-Wesley", {"type": "book"}, "book"),
    ("Some title. ISBN 978-0-201-89683-1", {"type": "article-journal", "ISBN": "9780201896831"},
     "book"),
    ("numpy, version 1.26, https://github.com/numpy/numpy", {"type": "article-journal"}, "software"),
    ("Python docs. Retrieved 2024 from https://docs.python.org/", {"URL": "https://docs.python.org/"},
     "webpage"),
    # an access date with an abbreviated month before the URL
    ("A. Author, Cleaning agents, (accessed Oct. 18, 2016). http://example.org/agents.pdf",
     {"title": "Cleaning agents", "URL": "http://example.org/agents.pdf"}, "webpage"),
    # words in a journal paper's title do not make it a data set
    ("A large-scale dataset for X. Nature 5, 1 (2020)",
     {"title": "A large-scale dataset for X", "container-title": "Nature", "volume": "5", "page": "1"},
     "article"),
])
def test_work_type(raw: str, fields: dict, kind: str) -> None:
    assert work_type(Citation(id="c", raw=raw, fields=Record.from_csl(fields))) == kind


def test_absence_from_a_partial_source_is_unverified_with_a_reason() -> None:
    partial = MemorySource([REAL, OTHER], name="index", scopes=())
    [v] = checker(partial).check_citations([cite(**FABRICATED)])
    assert v.label is Label.UNVERIFIED, v.rationale
    assert "not in index, which does not cover this journal article" in v.rationale
    assert "complete index" in v.rationale


def test_absence_from_a_closed_world_is_major_and_names_it() -> None:
    [v] = checker(MemorySource([REAL, OTHER], name="index")).check_citations([cite(**FABRICATED)])
    assert v.label is Label.MAJOR and v.decided_by == "not_found"
    assert "index is declared complete (--covers all)" in v.rationale


def test_positive_evidence_stays_major_whatever_the_coverage() -> None:
    c = cite(title="Giant anomalous Hall effect in epitaxial niobium films",
             author=[{"family": "Castellano", "given": "R."}], DOI="10.1063/1.1140646")
    [v] = checker(MemorySource([REAL, OTHER], scopes=())).check_citations([c])
    assert v.label is Label.MAJOR and v.decided_by == "reviewer"


def _scholarly(*names: str) -> list[MemorySource]:
    return [MemorySource([REAL, OTHER], name=n, scopes=("scholarly",)) for n in names]


def test_scholarly_union_needs_all_three_services() -> None:
    [v] = checker(*_scholarly("crossref", "semanticscholar")).check_citations([cite(**FABRICATED)])
    assert v.label is Label.UNVERIFIED
    assert "not answered: openalex" in v.rationale
    [v] = checker(*_scholarly("crossref", "semanticscholar", "openalex")).check_citations(
        [cite(**FABRICATED)])
    assert v.label is Label.MAJOR, v.rationale
    assert "crossref, semanticscholar, openalex all answered" in v.rationale


def test_a_book_is_not_covered_by_the_article_services() -> None:
    book = Citation(id="b", raw="A. Author, Imaginary Book of Things, Springer (1999)",
                    fields=Record.from_csl({"type": "book", "title": "Imaginary Book of Things",
                                            "publisher": "Springer", "author": [{"family": "Author"}]}))
    [v] = checker(*_scholarly("crossref", "semanticscholar", "openalex")).check_citations([book])
    assert v.label is Label.UNVERIFIED
    assert "Open Library" in v.rationale
    library = MemorySource([], name="openlibrary", scopes=("type:book",))
    [v] = checker(*_scholarly("crossref", "semanticscholar", "openalex"), library).check_citations([book])
    assert v.label is Label.MAJOR and "openlibrary covers every book" in v.rationale


def test_an_unknown_arxiv_id_is_major_where_arxiv_answered() -> None:
    c = Citation(id="a", raw="X. Y., Made up, arXiv:2401.99999",
                 fields=Record.from_csl({"type": "article", "title": "Made up preprint about nothing",
                                         "custom": {"arxiv": "2401.99999"}}))
    [v] = checker(MemorySource([REAL], name="index", scopes=()),
                  MemorySource([], name="arxiv", scopes=("arxiv",))).check_citations([c])
    assert v.label is Label.MAJOR and "arxiv has no arXiv:2401.99999" in v.rationale


def test_journal_scope() -> None:
    src = MemorySource([REAL], name="aps", scopes=("journal:Physical Review B",))
    [v] = checker(src).check_citations([cite(**FABRICATED)])  # cites Phys. Rev. B
    assert v.label is Label.MAJOR and "aps holds every work of Physical Review B" in v.rationale
    other = cite(**{**FABRICATED, "container-title": "Nature", "container-title-short": None})
    [v] = checker(src).check_citations([other])
    assert v.label is Label.UNVERIFIED


def test_source_down_is_unverified_never_major() -> None:
    down = MemorySource([], name="doi", scopes=("doi",), fail="HTTP 503")
    [v] = checker(MemorySource([REAL], name="index"), down).check_citations(
        [cite(**{**FABRICATED, "DOI": "10.1234/made.up"})])
    assert v.label is Label.UNVERIFIED and "doi" in v.rationale


# -- the index declares its coverage ------------------------------------------------------------


def test_index_build_covers_and_info(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app
    from citecheck.index.search import LocalIndex

    data = tmp_path / "r.jsonl"
    data.write_text(REAL.model_dump_json(by_alias=True, exclude_none=True) + "\n")
    runner = CliRunner()
    res = runner.invoke(app, ["index", "build", "--covers", "all", "--covers", "doi-prefix:10.1103",
                              str(tmp_path / "a.db"), str(data)])
    assert res.exit_code == 0, res.output
    assert LocalIndex(tmp_path / "a.db").scopes == ["all", "doi-prefix:10.1103"]
    res = runner.invoke(app, ["index", "info", str(tmp_path / "a.db")])
    assert '"covers": [' in res.output and '"all"' in res.output
    res = runner.invoke(app, ["index", "build", str(tmp_path / "b.db"), str(data)])
    assert LocalIndex(tmp_path / "b.db").scopes == []
    res = runner.invoke(app, ["index", "build", "--covers", "everything", str(tmp_path / "c.db"), str(data)])
    assert res.exit_code == 2 and "unknown coverage scope" in res.output

    fabricated = cite(**FABRICATED)
    [v] = Checker(tmp_path / "a.db", offline=True, sources=[]).check_citations([fabricated])
    assert v.label is Label.MAJOR and "index is declared complete" in v.rationale
    [v] = Checker(tmp_path / "b.db", offline=True, sources=[]).check_citations([fabricated])
    assert v.label is Label.UNVERIFIED
    assert "the local index b.db (1 records, declared to cover nothing)" in v.rationale


FAMOUS = """\
[1] A. Einstein, B. Podolsky, and N. Rosen, "Can quantum-mechanical description of physical reality be considered complete?", Phys. Rev. 47, 777 (1935).
[2] A. Vaswani, N. Shazeer, N. Parmar, J. Uszkoreit, L. Jones, A. N. Gomez, L. Kaiser, and I. Polosukhin, "Attention is all you need," in Advances in Neural Information Processing Systems 30 (NeurIPS 2017), pp. 5998-6008, 2017.
[3] K. S. Novoselov, A. K. Geim, S. V. Morozov, D. Jiang, Y. Zhang, S. V. Dubonos, I. V. Grigorieva, and A. A. Firsov, "Electric field effect in atomically thin carbon films," Science 306, 666 (2004).
"""


def test_famous_works_offline_with_the_embedded_sample_are_not_major() -> None:
    verdicts = Checker(offline=True, sources=[]).check_text(FAMOUS, fmt="text")
    assert len(verdicts) == 3
    for v in verdicts:
        assert v.label is Label.UNVERIFIED, v.rationale
        assert "record sample" in v.rationale and "check online" in v.rationale


LOOKALIKE = Record.from_csl({
    "id": "x:lookalike", "type": "article-journal",
    "title": "11B NMR study of the MgB2 superconductor film",
    "author": [{"family": "Papavassiliou", "given": "G."}], "issued": {"date-parts": [[2011]]},
    "container-title": "Journal of Physics", "volume": "3", "page": "12"})


def test_a_loose_lookalike_is_no_positive_evidence() -> None:
    """Only a similar title with other authors, year and venue: the cited work may simply be
    missing from a partial source; in a closed world the look-alike's disagreement stands."""
    c = cite(DOI=None, author=[{"family": "Mali", "given": "M."}], page="100518")
    [v] = checker(MemorySource([LOOKALIKE], scopes=())).check_citations([c])
    assert v.label is Label.UNVERIFIED, v.rationale
    assert v.rationale.startswith("The closest record found is another work")
    assert v.match is not None and v.match.id == "x:lookalike"  # still shown
    [v] = checker(MemorySource([LOOKALIKE])).check_citations([c])
    assert v.label is Label.MAJOR, v.rationale
