"""A journal's name written out before its acronym, a translation journal's original in parentheses, an
edited book's title where a chapter's would be, abbreviations without periods, and namesakes of another
initial (benchmarks/journal_refs.py --unread, validation split, fourth session of 2026-12-06)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.extract.cleanup import clean_reference
from citecheck.extract.combine import read_reference
from citecheck.model import Name, Record
from citecheck.retrieve import accept_search_hit, rank_signals
from citecheck.venues import acronym_of, dotless_abbreviation, names_a_meeting_or_journal
from tests.fakes import closed_world_index


@pytest.mark.parametrize(("acronym", "name", "spelled"), [
    ("PIER", "Progress in Electromagnetics Research", True),  # the function word taken
    ("MNRAS", "Monthly Notices of the Royal Astronomical Society", True),  # … or left out
    ("JHEP", "Journal of High Energy Physics", True),
    ("PRL", "Physical Review Letters", True),
    ("PRL", "Review Letters", False),
    ("ABC", "Physical Review Letters", False),
    ("PR", "Physical Review Letters", False),  # every word must be spelled
    ("P", "Physics", False),
])
def test_acronym_of(acronym: str, name: str, spelled: bool) -> None:
    assert acronym_of(acronym, name) is spelled


@pytest.mark.parametrize(("text", "abbreviated"), [
    ("Int Math Res Notices", True),
    ("J Phys Conf Ser", True),
    ("Phys Rev Lett", True),
    ("Am J Physiol", True),
    ("Can We Not Forget", False),  # everyday words that are also abbreviations
    ("Math Models Methods", False),
    ("Quantum Field Theory", False),
    ("Int", False),
])
def test_dotless_abbreviation(text: str, abbreviated: bool) -> None:
    assert dotless_abbreviation(text) is abbreviated
    assert names_a_meeting_or_journal(text) is abbreviated


@pytest.mark.parametrize(("text", "journal", "volume", "page"), [
    ("W. Hussain, Progress in Electromagnetics Research, PIER 58, 271-283, 2006",
     "Progress in Electromagnetics Research", "58", "271-283"),
    ("S. Weinberg, Physical Review Letters, PRL 19, 1264 (1967)", "Physical Review Letters", "19", "1264"),
    ("A. Author, Journal of High Energy Physics (JHEP) 05 (2007) 086", "Journal of High Energy Physics", "05",
     "086"),
    # a translation journal and its original's name: the numbers are the translation's
    ("V. A. Novikov et al., Sov. J. Nucl. Phys. (Yad. Fiz.) 41, 1063 (1985)", "Sov. J. Nucl. Phys.", "41", "1063"),
    ("A. B. Migdal, Sov. Phys. JETP (Zh. Eksp. Teor. Fiz.) 5, 527 (1957)", "Sov. Phys. JETP", "5", "527"),
    ("L. D. Faddeev, Theor. Math. Phys. (Teor. Mat. Fiz.) 1, 1 (1969)", "Theor. Math. Phys.", "1", "1"),
    ("G. Meng, Physics of Atomic Nuclei (J. Yadernaya fizika), Vol. 71 (2008), 946-950",
     "Physics of Atomic Nuclei", "71", "946-950"),
    # parentheses that are no other journal stay as they were read
    ("J. Smith, Ann. Phys. (Leipzig) 7, 45 (1998)", "Ann. Phys. (Leipzig)", "7", "45"),
    ("J. Smith, Nucl. Phys. (Proc. Suppl.) B 45, 45 (1996)", "Nucl. Phys. (Proc. Suppl.) B", "45", "45"),
])
def test_the_journal_is_read_whole(text: str, journal: str, volume: str, page: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (None, journal, volume, page)


def test_pis_ma_is_the_original_of_jetp_letters() -> None:
    rec = read_reference("A. A. Starobinsky, JETP Lett. (Pis'ma Zh. Eksp. Teor. Fiz.) 30, 682 (1979)").record
    assert rec.container_title is not None and rec.container_title.startswith("JETP Lett")
    assert (rec.volume, rec.page) == ("30", "682")


def test_an_acronym_in_a_title_stays() -> None:
    text = "M. Author, Search for new physics at the Large Hadron Collider (LHC) 7 TeV run, Phys. Rev. D 85, 012 (2012)"
    assert "(LHC)" in clean_reference(text)
    assert "(N.Y.)" in clean_reference("J. Smith, Ann. Phys. (N.Y.) 123, 45 (1979)")


@pytest.mark.parametrize(("text", "book", "series"), [
    ("C. Gerhardt, Geometric Flows (Huai-Dong Cao and Shing-Tung Yau, eds.), Surveys in Differential Geometry, "
     "vol. XII, International Press of Boston, Somerville, MA, 2008, pp. 113--165",
     "Geometric Flows", "Surveys in Differential Geometry"),
    ("M. L. de Haro, S. B. Yuste, and A. Santos, Theory and Simulation of Hard-Sphere Fluids and Related Systems, "
     "Lectures Notes in Physics, vol. 753, Angel Mulero, ed. (Springer, Berlin, 2008), pp. 183-245",
     "Theory and Simulation of Hard-Sphere Fluids and Related Systems", "Lectures Notes in Physics"),
])
def test_an_edited_book_is_the_container_of_an_untitled_chapter(text: str, book: str, series: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title, rec.collection_title, rec.type) == (None, book, series, "chapter")


@pytest.mark.parametrize("text", [
    "L. D. Landau, Collected Papers (D. ter Haar, ed.), Pergamon, Oxford, 1965",  # the book itself: no pages
    "A. Author, Chapter title here, Book title (E. Editor, ed.), Publisher, 2001, pp. 1-10",  # two titles
    "A. Author, Chapter title here, in Book title (E. Editor, ed.), Publisher, 2001, pp. 1-10",  # "in"
    "S. Author, Some chapter, Lecture Notes in Physics, vol. 753, Springer, Berlin, 2008, pp. 183-245",  # no editor
])
def test_a_title_before_no_editors_stays_the_title(text: str) -> None:
    assert read_reference(text).record.title


def _person(family: str, given: str | None) -> Name:
    return Name(family=family, given=given)


@pytest.mark.parametrize(("given", "found", "accepted"), [
    ("Q.-X.", [("Wang", "Zhiyong"), ("Liu", "Xinfei"), ("Liu", "Kai")], False),  # namesakes of other initials
    ("Q.-X.", [("Liu", "Quan-Xing"), ("Sun", "Gui-Quan")], True),
    ("Q.-X.", [("Liu", None)], True),  # a record without given names says nothing against
    (None, [("Liu", "Xinfei")], True),  # nor does a citation without initials
])
def test_a_namesake_of_another_initial_is_no_title_less_match(
        given: str | None, found: list[tuple[str, str | None]], accepted: bool) -> None:
    cited = Record(author=[_person("Liu", given)], issued={"date-parts": [[2009]]})
    record = Record(author=[_person(f, g) for f, g in found], issued={"date-parts": [[2009]]})
    signals = rank_signals(cited, record)
    assert signals.author_agree is True
    assert accept_search_hit(signals, has_title=False) is accepted


GERHARDT = {"id": "gerhardt", "type": "article", "title": "Curvature flows in semi-Riemannian manifolds",
            "author": [{"family": "Gerhardt", "given": "Claus"}], "issued": {"date-parts": [[2008]]}}
MILLER = {"id": "miller", "type": "article", "title": "Lower order terms in the 1-level density",
          "author": [{"family": "Miller", "given": "Steven J."}], "issued": {"date-parts": [[2006]]}}
NAMESAKE = {"id": "xinfei", "type": "article-journal", "title": "Tuning carrier type and density by Ca-doping",
            "author": [{"family": "Wang", "given": "Zhiyong"}, {"family": "Liu", "given": "Xinfei"}],
            "issued": {"date-parts": [[2010]]}, "container-title": "Applied Physics Letters", "volume": "97",
            "page": "042112"}


@pytest.fixture(scope="module")
def closed_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index declared complete whose records lack the journals and books the references give."""
    return closed_world_index(tmp_path_factory.mktemp("books"), (GERHARDT, MILLER, NAMESAKE))


@pytest.mark.parametrize(("text", "label", "match"), [
    # the book's title is no title of the chapter: the author's work of that year, not confirmed
    ("C. Gerhardt, Geometric Flows (Huai-Dong Cao and Shing-Tung Yau, eds.), Surveys in Differential Geometry, "
     "vol. XII, International Press of Boston, Somerville, MA, 2008, pp. 113--165", "UNVERIFIED", "gerhardt"),
    # a journal abbreviated without periods where the title would be: nothing to look the work up by
    ("S. J. Miller, Int Math Res Notices (2008) Vol. 2008, article ID rnm146, 36 pages", "UNVERIFIED", None),
])
def test_what_names_no_work_is_no_proof_of_absence(closed_world: Path, text: str, label: str,
                                                   match: str | None) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value == label, v.rationale
    assert (v.match.id if v.match else None) == match


def test_a_namesake_is_not_called_the_cited_work(closed_world: Path) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(
        "Q.-X. Liu et al., 2009 Chinese Phys. B 18 506-515", fmt="text")
    # nothing of Q.-X. Liu's is in the index: the absence, not Xinfei Liu's paper, is the evidence
    assert v.match is None or v.match.id != "xinfei"
    assert "Xinfei" not in v.rationale


@pytest.mark.parametrize(("text", "volume", "issue", "page"), [
    ("A. Author, Physical Review B 76, 10 (2007) 100406(R)", "76", "10", "100406"),
    ("J. Mandon, G. Guelachvili, and N. Picqué, Optics Letters 32, 15 (2007) 2206-2208", "32", "15", "2206-2208"),
    ("A. Author, Phys. Rev. D 88 (2013) 10, 105030", "88", "10", "105030"),  # INSPIRE's order
    ("A. Author, Phys. Rev. B 76, 100406 (2007)", "76", None, "100406"),  # the page before the year
])
def test_volume_issue_year_page(text: str, volume: str, issue: str | None, page: str) -> None:
    rec = read_reference(text).record
    assert (rec.volume, rec.issue, rec.page) == (volume, issue, page)


@pytest.mark.parametrize(("text", "journal", "title"), [
    # "Groups" is no research group: the journal keeps its first word
    ("J. Blanc, Groups Geom. Dyn. 3 (2009), no. 2, 215-266", "Groups Geom. Dyn.", None),
    # a run of abbreviations before an abbreviated journal is its head, not a title
    ("B. J. Malesevic, Univ. Beograd. Publ. Elektrotehn. Fak. Ser. Mat. 9 (1998), 29--33",
     "Univ. Beograd. Publ. Elektrotehn. Fak. Ser. Mat.", None),
    ("A. Author, Dr. Strangelove. Phys. Rev. 5, 1 (2007)", "Phys. Rev.", "Dr. Strangelove"),
])
def test_journal_heads(text: str, journal: str, title: str | None) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.title) == (journal, title)
    assert all(n.literal is None for n in rec.author)


def test_a_research_group_is_still_an_author() -> None:
    rec = read_reference("C. Amsler et al., Particle Data Group, Phys. Lett. B 667, 1 (2008)").record
    assert [n.literal for n in rec.author if n.literal] == ["Particle Data Group"]


@pytest.mark.parametrize(("text", "journal", "volume"), [
    ("R. J. Shalloo et al., Nucl. Instrum. Methods Phys. Res., Sect. A829, 383 (2016).",
     "Nucl. Instrum. Methods Phys. Res., Sect. A", "829"),
    ("R. J. Shalloo et al., Nucl. Instrum. Methods Phys. Res., Sect. B 267, 383 (2009).",
     "Nucl. Instrum. Methods Phys. Res., Sect. B", "267"),
])
def test_a_section_letter_glued_to_the_volume(text: str, journal: str, volume: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume) == (journal, volume)
