"""Issue 13 (sixth session of 2026-12-05): titles lost to the name grammar and the head splitter, found
in the train split — a Vancouver single author whose title's first word reads as a family name
("Obata K. Excitatory and trophic action"), a written-out word after the initials of an inverted name
("Amari, S.-I. Semi-blind and state-space"), a title's words taken for a given-first name
("D. Matessi Balanced Superprojective Varieties"), organisations ending in "Corps"; then IOP proceedings and chapters, Springer's book layout, arXiv forms,
a footnote in the reference list read as a note. Strings are made up in the same layouts unless they
quote the train split's."""

from __future__ import annotations

import pytest

from citecheck.checker import Checker
from citecheck.extract.combine import read_reference
from citecheck.extract.pdftext import clean_pdf_text
from citecheck.extract.refparse import parse_reference
from citecheck.model import Citation, Label, Record


def _read(text: str):  # type: ignore[no-untyped-def]
    return parse_reference(clean_pdf_text(text)).record


@pytest.mark.parametrize(("text", "family", "title"), [
    # "and" then a lower-case word joins the title's words: no given-first "Iyengar B. Melatonin"
    ("Iyengar B. Melatonin and melanocyte functions. Biol Signals Recept 2000; 9:260-266.",
     "Iyengar", "Melatonin and melanocyte functions"),
    ("Novak P. Thermoelectric and magnetic response of doped chains. Phys Rev B 2011; 84:125113.",
     "Novak", "Thermoelectric and magnetic response of doped chains"),
    ("Amari, S.-I. Semi-blind and state-space approaches to source separation, Neural Comput. 10, 1 (1998).",
     "Amari", "Semi-blind and state-space approaches to source separation"),
])
def test_a_title_word_before_and_is_no_family_name(text: str, family: str, title: str) -> None:
    rec = _read(text)
    assert [a.family for a in rec.author] == [family]
    assert rec.title == title


@pytest.mark.parametrize("text", [
    # a list of given-first names still runs to "and" and a capitalised name …
    "John F. Kennedy and Robert Smith, Some title of a paper, Phys. Rev. D 5, 1 (1972).",
    # … or to "and co-workers"
    "Harold P. Furth and co-workers, Some title of a paper, Phys. Fluids 6, 459 (1963).",
])
def test_given_first_names_before_and_stay_names(text: str) -> None:
    rec = _read(text)
    assert rec.author and rec.author[0].family in ("Kennedy", "Furth")
    assert rec.title == "Some title of a paper"


@pytest.mark.parametrize(("text", "families", "title"), [
    ("R. Catenacci, M. Debernardi, P.A. Grassi, D. Matessi Balanced Superprojective Varieties, "
     "J. Geom. Phys., 59, (2009)1363 -1378", ["Catenacci", "Debernardi", "Grassi", "Matessi"],
     "Balanced Superprojective Varieties"),
    ("R. M. Wald, Gravitational Collapse and Cosmic Censorship, arXiv:gr-qc/ 9710068.", ["Wald"],
     "Gravitational Collapse and Cosmic Censorship"),
])
def test_title_words_are_no_given_first_name(text: str, families: list[str], title: str) -> None:
    rec = read_reference(text).record
    assert [a.family for a in rec.author] == families
    assert rec.title == title


def test_an_organisation_ending_in_corps_is_one_author() -> None:
    rec = _read("United States Marine Corps (USMC). 2012. Range Safety. Washington, DC.")
    assert [a.literal for a in rec.author] == ["United States Marine Corps (USMC)"]
    assert rec.title == "Range Safety"


@pytest.mark.parametrize(("text", "arxiv"), [
    # the category after the id is the identifier's, not a title: no clean-up split ("mesh all")
    ("I. Author, E. Writer and O. Other, arXiv:1101.3711v1[cond-mat.mes-hall] (2010)", "1101.3711"),
    ("A. Author, arXiv:1501.01234 [physics.acc-ph].", "1501.01234"),
    # IOP's preprint and a URL broken by the PDF's spacing
    ("Author A, Writer B and Other C 2014 (Preprint 1403 .4822) URL http: // arxiv.org /abs/1403. 4822",
     "1403.4822"),
    ("A. Author and B. Writer. 2019. Some neural title. arxiv:cs.LG/1906.08495", "1906.08495"),
])
def test_arxiv_forms_leave_no_title_behind(text: str, arxiv: str) -> None:
    rec = read_reference(text).record
    assert rec.arxiv == arxiv
    assert rec.title in (None, "Some neural title")


def test_a_collaboration_after_et_al_before_an_eprint_is_an_author() -> None:
    rec = _read("T. Author et al. (CDF Collaboration), arXiv:1111.0485.")
    assert rec.title is None
    assert [a.literal or a.family for a in rec.author] == ["Author", "CDF Collaboration"]


@pytest.mark.parametrize(("text", "publisher"), [
    ("Misner, C. W., Thorne, K. S., & Wheeler, J. A. 1973,Gravitation ( Freeman)", "Freeman"),
    ("C. W. Misner, K. S. Thorne, and J. A. Wheeler, Gravitation (W. H. Freeman, San Francisco)", "W. H. Freeman"),
    ("A. Author, Introduction to Topology (Dover, New York).", "Dover"),
])
def test_a_named_publisher_in_parentheses_is_no_title_word(text: str, publisher: str) -> None:
    rec = _read(text)
    assert rec.title in ("Gravitation", "Introduction to Topology")
    assert rec.publisher == publisher


def test_a_title_word_after_a_bare_family_name_is_no_given_name() -> None:
    # "Family, Word lower-case …": a given name the word list knows and no list of names holds, then a
    # lower-case word, is the title's start
    rec = read_reference("Gol'tsman, Time delay of resistive-state formation in superconductingstripes excited by "
                         "single optical photons ,PHYSICAL REVIEWB 67 , 132508( 2003 ).").record
    assert [a.family for a in rec.author] == ["Gol'tsman"] and not rec.author[0].given
    assert rec.title == "Time delay of resistive-state formation in superconducting stripes excited by single optical photons"


@pytest.mark.parametrize(("text", "title", "volume", "page", "publisher"), [
    # Springer's and EPJ's book layout: the locator ends the title, the imprint is the last sentence
    ("Weinberg, S.: The Quantum Theory of Fields, vol. 1. Cambridge University Press, Cambridge (1995)",
     "The Quantum Theory of Fields", "1", None, "Cambridge University Press"),
    ("Author, I., Writer, J.: Extra Dimensions in Space and Time, p. 27. Springer,Berlin ( 2009)",
     "Extra Dimensions in Space and Time", None, "27", "Springer"),
    ("A. Author and B. Writer, Theory of Polarization: A ModernApproach ,pp .31 -68.Berlin ,Heidelberg "
     ":Springer Berlin Heidelberg, 2007.", "Theory of Polarization: A Modern Approach", None, "31-68",
     "Springer Berlin Heidelberg"),
])
def test_springer_book_layout(text: str, title: str, volume: str | None, page: str | None, publisher: str) -> None:
    rec = _read(text)
    assert (rec.type, rec.title, rec.container_title) == ("book", title, None)
    assert (rec.volume, rec.page, rec.publisher) == (volume, page, publisher)


def test_a_journal_volume_before_a_last_sentence_stays_a_journal() -> None:
    rec = _read("A. Author, Some title, J. Phys. A, vol. 1. Something else, Berlin (2009)")
    assert (rec.title, rec.container_title, rec.volume) == ("Some title", "J. Phys. A", "1")


@pytest.mark.parametrize(("text", "container", "volume", "page"), [
    # IOP: the proceedings' name right after the title, no mark between
    ("Author A 2010 Title of the paper Proc. 35th Int. Cosmic Ray Conf. (Busan) p 123",
     "Proc. 35th Int. Cosmic Ray Conf. (Busan)", None, "123"),
    ("Author A 2010 Title of the paper Proc. 35th Int. Cosmic Ray Conf. (Busan) vol 2 p 123",
     "Proc. 35th Int. Cosmic Ray Conf. (Busan)", "2", "123"),
    ("Author A 2010 Title of the paper Proc. SPIE 7735 77351A", "Proc. SPIE", "7735", "77351A"),
    ("Author A and Writer B 1998 Title of the paper Proceedings of the International Conference on Something "
     "ed C Editor (Singapore: World Scientific) pp 45–50",
     "Proceedings of the International Conference on Something", None, "45-50"),
])
def test_iop_proceedings_after_the_title(text: str, container: str, volume: str | None, page: str) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title) == ("Title of the paper", container)
    assert (rec.volume, rec.page) == (volume, page)


def test_a_book_page_after_a_comma_stays_a_book() -> None:
    rec = _read("Stephen H. Kellert, In the Wake of Chaos: Unpredictable Order in Dynamical Systems, "
                "University of Chicago Press, 1993, p 32, ISBN 0-226-42976-8.")
    assert (rec.container_title, rec.publisher) == (None, "University of Chicago Press")


def test_a_numbered_part_continues_the_title() -> None:
    rec = _read("Smith, J., 2007: Cluster analysis of typhoon tracks. Part I: General properties. J. Climate, 20, 3635-3653.")
    assert rec.title == "Cluster analysis of typhoon tracks. Part I: General properties"
    assert rec.container_title == "J. Climate"


def test_a_dotted_acronym_before_a_source_name_is_no_page_label() -> None:
    # German "S. 12" is a page; the "S." ending "H.E.S.S." before "J1745-290" is not
    rec = _read("Author, A. & Writer, B. Observation of the H.E.S.S. J1745-290 source at TeV energies. "
                "Astron. Astrophys. 425, L13 (2004).")
    assert rec.title == "Observation of the H.E.S.S. J1745-290 source at TeV energies"
    assert (rec.container_title, rec.volume, rec.page) == ("Astron. Astrophys.", "425", "L13")
    assert _read("Müller, H.: Eine Arbeit. Z. Phys. 12, S. 34-56 (1923)").page == "34-56"


@pytest.mark.parametrize("text", [
    "Author, É. (2014, Avril). Quand l'éolien devient citoyen. Alternatives économiques(334), pp. 40-41.",
    "Author, M. C. (2012, Novembre-Décembre). Quand l'éolien devient citoyen. Revue de l'Énergie(610), pp. 418-424.",
])
def test_a_capitalised_french_month_is_no_title(text: str) -> None:
    assert _read(text).title == "Quand l'éolien devient citoyen"


def test_mars_the_planet_is_no_month() -> None:
    assert _read("A. Author, Water on Mars 2020 observed, Icarus 12, 1 (2021).").title == "Water on Mars 2020 observed"


def test_an_iop_title_of_two_words_before_a_known_journal() -> None:
    rec = _read("Author A 2014 Gravitational-wave physics Living Rev. Relativ. 17 4")
    assert (rec.title, rec.container_title) == ("Gravitational-wave physics", "Living Rev. Relativ.")


@pytest.mark.parametrize(("text", "title", "book"), [
    # IOP's chapter in a book: the editors leave the title; the book follows "in" or is the Title Case run
    ("Author A 1990 Title of the chapter in Handbook of Something ed B Editor (Amsterdam: Elsevier) pp 1–10",
     "Title of the chapter", "Handbook of Something"),
    ("Author A 1990 Quantum field theory in curved spacetime Quantum Gravity eds B C Editor and D Other "
     "(Oxford: Clarendon) p 45", "Quantum field theory in curved spacetime", "Quantum Gravity"),
    # one capitalised word is the title's own
    ("Author A 1990 Physics of the early Universe ed B Editor (Oxford: Clarendon)", "Physics of the early Universe", None),
])
def test_iop_chapter_in_a_book(text: str, title: str, book: str | None) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title) == (title, book)


@pytest.mark.parametrize(("text", "title"), [
    # a minus sign before a space ends a particle's symbol; it is no line-end hyphen to join across
    ("LHCb collaboration, R. Aaij et al., Test of lepton universality using B+ → K+ℓ+ℓ− decays, "
     "Phys. Rev. Lett. 113 (2014) 151601.", "Test of lepton universality using B+ → K+ℓ+ℓ- decays"),
    ("A. Author, B. Writer, Next-to-leading order QCD corrections to W+W− production, Nucl. Phys. B 410 (1993) 280.",
     "Next-to-leading order QCD corrections to W+W- production"),
    # a hyphen at a line end still joins the word it broke
    ("A. Author, B. Writer, Super- conducting things, Nucl. Phys. B 410 (1993) 280.", "Superconducting things"),
])
def test_a_minus_sign_is_no_line_end_hyphen(text: str, title: str) -> None:
    assert _read(text).title == title


@pytest.mark.parametrize(("text", "title", "journal"), [
    # a status word inside the title stays; after a mark it is the status
    ("A. Author et al., Title of the accepted paper, accepted for publication in Phys. Rev. B (2020).",
     "Title of the accepted paper", "Phys. Rev. B"),
    ("A. Author et al., Title of the submitted paper, submitted to Phys. Rev. B (2020).",
     "Title of the submitted paper", "Phys. Rev. B"),
    ("A. Author et al., Title of the paper, Phys. Rev. B (2020), submitted.", "Title of the paper", "Phys. Rev. B"),
])
def test_status_words_inside_a_title_stay(text: str, title: str, journal: str) -> None:
    rec = _read(text)
    assert rec.title == title and (rec.container_title or "").rstrip(".") == journal.rstrip(".")


@pytest.mark.parametrize("text", [
    "Author, A. et al. Quantum spin liquids. Science 367, eaay0668 (2020).",
    "Author A 2020 Quantum spin liquids Science 367 eaay0668",
])
def test_science_article_numbers_are_pages(text: str) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title, rec.volume, rec.page) == ("Quantum spin liquids", "Science", "367", "eaay0668")


@pytest.mark.parametrize("text", [
    # REVTeX puts a paper's footnotes in its reference list: a sentence, not a work
    "In order to obtain the universal AL entropy, here the boundary conditionsshould be chosen to be conformal "
    "boundary conditions .",
    "A caveat of the calculation is that the lattice reflection operator may not play exactly the same role as "
    "the CFT 25 , thus the computed ratio may deviate from the CFT prediction .",
    "In the literature, the symmetric boundary condition is often referred to as the new boundary condition. "
    "We call it symmetric since this boundary condition favours the Z3 symmetry.",
])
def test_a_footnote_in_the_reference_list_is_a_note_not_a_title(text: str) -> None:
    parsed = parse_reference(clean_pdf_text(text))
    rec = parsed.record
    assert (rec.title, rec.container_title, rec.volume) == (None, None, None)
    assert rec.custom["note"] and "note, not a reference: a sentence with no name, date or venue" in parsed.warnings
    assert read_reference(text).record.title is None


@pytest.mark.parametrize("text", [
    # titles alone, or with names, a year or a venue, stay titles
    "Why the universe is accelerating and what we learn from supernova data about it",
    "A. Author, Why the universe is accelerating and what we can learn from the data of the supernovae, (2010).",
    "Autotransformer --- Wikipedia, the free encyclopedia",
])
def test_a_title_that_reads_like_a_sentence_stays_a_title(text: str) -> None:
    assert _read(text).title


def test_the_checker_says_a_note_is_not_a_reference() -> None:
    text = "In order to obtain the universal entropy, here the boundary conditions should be chosen to be conformal."
    parsed = parse_reference(text)
    cit = Citation(id="n", raw=text, fields=parsed.record, parse_warnings=list(parsed.warnings))
    [v] = Checker(use_index=False, sources=[], offline=True).check_citations([cit])
    assert v.label is Label.ERROR and v.rationale.startswith("a note in the reference list, not a reference")


@pytest.mark.parametrize(("text", "title", "venue"), [
    # a periodical's name and a day's date: its issue (a book has no day)
    ("Science News Letter , Nov. 10, 1934.", None, "Science News Letter"),
    ("The New York Times, 12 March 2004.", None, "The New York Times"),
    ("Quantum Mechanics, 1934.", "Quantum Mechanics", None),
])
def test_a_name_and_a_day_is_a_periodical_issue(text: str, title: str | None, venue: str | None) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title) == (title, venue)


def test_the_checker_gives_the_reason_a_latex_note_is_not_a_reference() -> None:
    # the LaTeX reader's note warning shares the prefix (extract/errors.NOT_A_REFERENCE): its own reason is said
    cit = Citation(id="l", raw=r"\bibitem{x} See the discussion above.", fields=Record(),
                   parse_warnings=["note, not a reference: no bibliographic fields"])
    [v] = Checker(use_index=False, sources=[], offline=True).check_citations([cit])
    assert v.label is Label.ERROR
    assert v.rationale == "a note in the reference list, not a reference (no bibliographic fields): nothing to check"
