"""Which face of a record a citation cites (verify/faces.py), on records as the adapters build them."""

from __future__ import annotations

from citecheck.model import Record, Version
from citecheck.retrieve import rank_signals
from citecheck.verify.compare import assess
from citecheck.verify.faces import cited_face, year_faces


def _preprint_with_journal_version() -> Record:
    """An arXiv record (posted 2006) whose journal_ref names Acta Astron. 56, 1-50 (2007)."""
    rec = Record.from_csl({"id": "arxiv:astro-ph/0601001", "type": "article", "title": "Hot Jupiters",
                           "author": [{"family": "Gould", "given": "A."}],
                           "issued": {"date-parts": [[2006, 1, 2]]},
                           "custom": {"arxiv": "astro-ph/0601001"}})
    rec.set_date("posted", [2006, 1, 2])
    rec.add_version(Version(kind="journal", year=2007, volume="56", page="1-50", source="journal_ref",
                            **{"container-title": "Acta Astron"}))
    return rec


def _cited(**fields: object) -> Record:
    base = {"title": "Hot Jupiters", "author": [{"family": "Gould", "given": "A."}]}
    return Record.from_csl({**base, **fields})


def test_a_journal_citation_owes_the_journal_versions_year() -> None:
    rec = _preprint_with_journal_version()
    journal = _cited(**{"container-title": "Acta Astronomica", "volume": "56", "page": "1",
                        "issued": {"date-parts": [[2006]]}})
    assert year_faces(journal, rec) == [("journal", 2007)]
    year = [d for d in assess(journal, rec).discrepancies if d.field == "issued"]
    assert [d.detail for d in year] == ["year off by 1; record: journal 2007"]


def test_a_citation_of_title_and_authors_may_give_any_year_of_the_work() -> None:
    rec = _preprint_with_journal_version()
    for year in (2006, 2007):
        found = assess(_cited(issued={"date-parts": [[year]]}), rec)
        assert not found.discrepancies, found.rationale


def test_the_journal_cited_is_compared_with_the_journal_version() -> None:
    rec = _preprint_with_journal_version()
    view, notes = cited_face(_cited(**{"container-title": "Acta Astronomica", "volume": "56"}), rec)
    assert (view.container_title, view.volume, view.page, view.year) == ("Acta Astron", "56", "1-50", 2007)
    assert notes == ["journal version from the record's journal_ref"]
    wrong_page = _cited(**{"container-title": "Acta Astronomica", "volume": "56", "page": "7",
                           "issued": {"date-parts": [[2007]]}})
    assert [d.field for d in assess(wrong_page, rec).discrepancies] == ["page"]


def test_a_record_without_faces_is_compared_as_it_reads() -> None:
    rec = Record.from_csl({"title": "Hot Jupiters", "issued": {"date-parts": [[2006]]}})
    assert cited_face(_cited(), rec) == (rec, [])
    found = assess(_cited(issued={"date-parts": [[2008]]}), rec)
    assert [d.detail for d in found.discrepancies] == ["year off by 2"]


def test_no_publication_date_no_year_judged() -> None:
    rec = Record.from_csl({"title": "Hot Jupiters"})
    assert year_faces(_cited(issued={"date-parts": [[2003]]}), rec) == []


def test_search_hits_rank_by_the_closest_of_the_records_titles() -> None:
    rec = Record.from_csl({"title": "The journal's title for it"})
    rec.add_title("preprint", "An original preprint title that the journal changed")
    cited = _cited(title="An original preprint title that the journal changed")
    assert rank_signals(cited, rec).title_similarity == 1.0
    view, notes = cited_face(cited, rec)
    assert view.title == rec.titles[1].title and notes == ["title is the record's preprint title"]
