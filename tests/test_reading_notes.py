"""Notes in a reference (language, status, translation, reprint, footnotes, placeholders, second works)
are read as notes, never as a title or venue, while the same words inside a title stay in it; the
checker says why a note is not a reference."""

from __future__ import annotations

import pytest

from citecheck.checker import Checker
from citecheck.model import Citation, Label, Record
from citecheck.reading.cleanup import clean_reference
from citecheck.reading.combine import read_reference
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference
from tests.fakes import read_pdf_record


@pytest.mark.parametrize(("raw", "journal", "volume", "page"), [
    ("Sano, Y., Kataoka, Y. The evaluation of the blood circulation by the acceleration plethysmogram 1985 The Journal "
     "of Science of Labour 61 129--143 in Japanese", "The Journal of Science of Labour", "61", "129-143"),
    ("Tokutaka, H., Ohkita, M. Cluster Analysis using Spherical SOM 2006 Journal of Biomedical Fuzzy Systems "
     "Association 8 29--39 (in Japanese).", "Journal of Biomedical Fuzzy Systems Association", "8", "29-39"),
])
def test_language_note_at_the_end_of_the_entry(raw: str, journal: str, volume: str, page: str) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)
    assert "Japanese" not in (rec.title or "")


@pytest.mark.parametrize(("raw", "title", "journal"), [
    ("P. Scherrer, 'Bestimmung der Grosse und der Inneren Struktur von Kolloidteilchen Mittels Rontgenstrahlen "
     "(in German),' Nachrichten von der Gesellschaft der Wissenschaften zu Gottingen, Mathematisch-Physikalische "
     "Klasse, 2 98-100 (1918).",
     "Bestimmung der Grosse und der Inneren Struktur von Kolloidteilchen Mittels Rontgenstrahlen",
     "Nachrichten von der Gesellschaft der Wissenschaften zu Gottingen, Mathematisch-Physikalische Klasse"),
    ("Masaitis, V. L., On the tracks of a cosmic catastrophe (in Russian). Zemlya i Vselennaya, v. 5, pp. 31-36. 1971.",
     "On the tracks of a cosmic catastrophe", "Zemlya i Vselennaya"),
    ("Stahle, V., Nickel and cobalt in rocks of the Nordlingen Ries [in German], Contributions to Mineralogy and "
     "Petrology, v. 28, pp. 72-88. 1970.",
     "Nickel and cobalt in rocks of the Nordlingen Ries", "Contributions to Mineralogy and Petrology"),
])
def test_language_note_after_a_title_leaves_it(raw: str, title: str, journal: str) -> None:
    rec = read_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


def test_language_note_inside_a_title_stays() -> None:
    text = "Smith J. A developmental study of ostensive marking in French. J Child Lang 26, 1-10."
    assert clean_reference(text) == text


@pytest.mark.parametrize("raw", [
    "Boselli A., Gavazzi G., Pierini D., Scodeggio M., 1999,A&AS ( thisissue )( PaperIV )",
    "Gavazzi G., Franzetti P., Boselli A., Pierini D., 1999a,A&AS ( submitted)( PaperV )",
])
def test_status_and_series_paper_notes_leave_the_journal(raw: str) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert (rec.title, rec.container_title) == (None, "A&AS")


def test_paper_number_inside_a_title_stays() -> None:
    rec = parse_reference("Smith J. 2001, Structure of galaxies. III. Paper I revisited, A&A, 371, 1").record
    assert rec.title == "Structure of galaxies. III. Paper I revisited"


def test_abbreviated_to_be_published_is_a_status_note() -> None:
    assert clean_reference("A. Smith, Title, to be publ. (2019).") == "A. Smith, Title (2019)."
    assert clean_reference("A. Smith, Title, to be published in Phys. Rev. D (2019).") == \
        "A. Smith, Title, Phys. Rev. D (2019)."


def test_these_proceedings_is_a_note() -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference("K. Kebkal et al., these proceedings.").record
    assert (rec.title, [a.family for a in rec.author]) == (None, ["Kebkal"])


def test_supplementary_material_is_no_venue() -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference("L. Agosta and A. Metere , `` Movie---Fddd mesophase trajectory ,'' available in the "
                         "supplementary material . --- Incomplete").record
    assert (rec.title, rec.container_title) == ("Movie---Fddd mesophase trajectory", None)


@pytest.mark.parametrize("raw", [
    "R. Author, The Yang-Baxter relation and gauge invariance, arXiv:1510.03043, Preprint 2015.",
    "Author R M 2015 The Yang-Baxter relation and gauge invariance Preprint",
])
def test_preprint_note_is_no_title_word(raw: str) -> None:
    assert parse_reference(raw).record.title == "The Yang-Baxter relation and gauge invariance"


def test_preprint_in_a_title_stays() -> None:
    rec = parse_reference("A. Author, Preprint servers and peer review, Phys. Today 70, 12 (2017).").record
    assert rec.title == "Preprint servers and peer review"


@pytest.mark.parametrize(("text", "title", "journal"), [
    # a status word inside the title stays; after a mark it is the status
    ("A. Author et al., Title of the accepted paper, accepted for publication in Phys. Rev. B (2020).",
     "Title of the accepted paper", "Phys. Rev. B"),
    ("A. Author et al., Title of the submitted paper, submitted to Phys. Rev. B (2020).",
     "Title of the submitted paper", "Phys. Rev. B"),
    ("A. Author et al., Title of the paper, Phys. Rev. B (2020), submitted.", "Title of the paper", "Phys. Rev. B"),
])
def test_status_words_inside_a_title_stay(text: str, title: str, journal: str) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title and (rec.container_title or "").rstrip(".") == journal.rstrip(".")


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
    assert read_pdf_record(text).title


def test_the_checker_says_a_note_is_not_a_reference() -> None:
    text = "In order to obtain the universal entropy, here the boundary conditions should be chosen to be conformal."
    parsed = parse_reference(text)
    cit = Citation(id="n", raw=text, fields=parsed.record, parse_warnings=list(parsed.warnings))
    [v] = Checker(use_index=False, sources=[], offline=True).check_citations([cit])
    assert v.label is Label.ERROR and v.rationale.startswith("a note in the reference list, not a reference")


def test_the_checker_gives_the_reason_a_latex_note_is_not_a_reference() -> None:
    # the LaTeX reader's note warning shares the prefix (extract/errors.NOT_A_REFERENCE): its own reason is said
    cit = Citation(id="l", raw=r"\bibitem{x} See the discussion above.", fields=Record(),
                   parse_warnings=["note, not a reference: no bibliographic fields"])
    [v] = Checker(use_index=False, sources=[], offline=True).check_citations([cit])
    assert v.label is Label.ERROR
    assert v.rationale == "a note in the reference list, not a reference (no bibliographic fields): nothing to check"


@pytest.mark.parametrize("text", [
    # a note's lead-in before the reference it points to (REVTeX reference lists)
    "See, e.g., A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999), and references therein.",
    "For a review see A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999).",
    "For a recent review, see A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999).",
    # an identifier between two works: the first is read whole
    "A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999), arXiv:hep-ph/9901234; Phys. Lett. B 4, 56 (2000).",
])
def test_lead_ins_and_a_second_work(text: str) -> None:
    rec = read_reference(text).record
    assert [a.family for a in rec.author] == ["Author"]
    assert (rec.title, rec.container_title, rec.volume, rec.page) == ("Title of the first work", "Phys. Rev. D", "12", "345")


@pytest.mark.parametrize(("text", "title"), [
    # an article-in-press header copied as a reference (train split): placeholders, no title
    ("Progress in Neurobiology xxx (2011) xxx–xxx", None),
    ("Journal of Alloys and Compounds xxx (2010) xxx-xxx", None),
    ("J. Smith, A. Jones, Thin films of graphene, Carbon xxx (2012) xxx–xxx.", "Thin films of graphene"),
    # "XXX" as a word of a title or an unknown identifier stays
    ("Doe J 2001 XXX scaling in the XXZ chain Phys. Rev. B 12 34", "XXX scaling in the XXZ chain"),
])
def test_in_press_placeholders_are_no_numbers_and_no_title(text: str, title: str | None) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title
    assert rec.volume is None or rec.volume == "12"
    assert "xxx" not in (rec.page or "").lower()


def test_an_unknown_identifier_placeholder_is_kept() -> None:
    assert "XXX" in clean_pdf_text("L. Chen and W. Li, arXiv:XXX (2017).")


@pytest.mark.parametrize("text,year,note", [
    ("A. S. Monin and A. M. Yaglom, Statistical Fluid Mechanics [in Russian], Vol. 1, Nauka, Moscow (1965); "
     "English transl., Dover, Mineola, N.Y. (2007).", 1965, "English transl."),
    ("E. Noether, Invariante Variationsprobleme, Nachr. Ges. Wiss. Göttingen 2, 235 (1918) "
     "(English translation in Transport Theory Stat. Phys. 1, 186 (1971))", 1918, "English translation in"),
    ("L. D. Landau, Zh. Eksp. Teor. Fiz. 30, 1058 (1956) [Engl. transl.: Sov. Phys. JETP 3, 920 (1957)]",
     1956, "Engl. transl."),
])
def test_the_translation_after_the_work_is_a_note(text: str, year: int, note: str) -> None:
    for rec in (read_pdf_record(text), read_reference(text).record):
        assert rec.year == year
        assert note in (rec.custom.get("note") or "")


def test_translation_words_inside_a_title_stay_in_it() -> None:
    rec = read_pdf_record("J. Smith, A study of English translation of physics texts, J. Transl. Stud. 5, 12 (2001)")
    assert rec.title == "A study of English translation of physics texts"
    assert (rec.volume, rec.page, rec.year) == ("5", "12", 2001)


@pytest.mark.parametrize("text,title,year,note", [
    ("V. L. Ginzburg, Theoretical Physics and Astrophysics (Nauka, Moscow, 1975; Pergamon, Oxford, 1979)",
     "Theoretical Physics and Astrophysics", 1979, "Nauka, Moscow, 1975"),
    ("N. N. Bogoliubov and D. V. Shirkov, Introduction to the Theory of Quantized Fields (Nauka, Moscow, 1976; "
     "Wiley, New York, 1980), p. 123", "Introduction to the Theory of Quantized Fields", 1980, "Nauka, Moscow, 1976"),
])
def test_two_imprints_read_as_the_translation_with_the_original_noted(
    text: str, title: str, year: int, note: str
) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.year) == (title, year)
    assert note in (rec.custom.get("note") or "")


@pytest.mark.parametrize("text,title,year,note", [
    ("J. M. Foley, The Theory of Oral Composition, Bloomington 1988 (Rpt. 1992).",
     "The Theory of Oral Composition", 1988, "Rpt. 1992"),
    ("C. H. Whitman, Homer and the Heroic Tradition, Cambridge Mass. 1958 (rpt. New York 1965).",
     "Homer and the Heroic Tradition", 1958, "rpt. New York 1965"),
    ("H. Goldstein, Classical Mechanics (Addison-Wesley, Reading, 1950). Reprinted 1959.",
     "Classical Mechanics", 1950, "Reprinted 1959"),
    ("P. A. M. Dirac, The Principles of Quantum Mechanics (Oxford University Press, 1930) (4th ed. 1958)",
     "The Principles of Quantum Mechanics", 1930, "4th ed. 1958"),
])
def test_a_reprint_or_later_edition_after_the_work_is_a_note(text: str, title: str, year: int, note: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.year) == (title, year)
    assert note in (rec.custom.get("note") or "")


def test_reprint_words_inside_a_title_stay_in_it() -> None:
    rec = read_pdf_record("A. Smith, Reprint of a classic paper, Phys. Rev. 12, 34 (1990)")
    assert (rec.title, rec.year, rec.volume) == ("Reprint of a classic paper", 1990, "12")


@pytest.mark.parametrize("text,year,note", [
    ("Fleck, Ludwik. Genesis and Development of a Scientific Fact. University Of Chicago Press, 1981[1935].",
     1981, "1935"),
    ("Prip-Møller, Johannes. Chinese Buddhist Monasteries. Hong Kong: Hong Kong University Press, 1967 "
     "[Copenhagen: G.E.C., 1937].", 1967, "Copenhagen: G.E.C., 1937"),
    ("Marshall Sahlins, Âge de Pierre, âge d’abondance, Paris, 1976 (édition originale : Stone Age Economics, 1972).",
     1976, "édition originale"),
    ("M. Planck, The Theory of Heat Radiation, Dover, New York, 1959 (originally published 1914).",
     1959, "originally published 1914"),
])
def test_the_originals_year_after_the_editions_is_a_note(text: str, year: int, note: str) -> None:
    rec = read_pdf_record(text)
    assert rec.year == year
    assert note in (rec.custom.get("note") or "")


# -- several works in one entry ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "first", "note"), [
    # PDF spacing: the erratum after the glued locator
    ("T. Feldmann and M. W. Y. Yip, Form factors for Λ b → Λ transitions in SCET, Phys. Rev.D85 ( 2012)"
     "014035 ,Erratum ibid .D86 ( 2012)079901 ,arXiv :1111.1844.",
     ("Phys. Rev. D", "85", "014035", 2012), "Erratum ibid. D86 (2012) 079901"),
    ("M. Shalchi, M. Yamashita, Phys. Rev. D85 (2012) 014035, Erratum",
     ("Phys. Rev. D", "85", "014035", 2012), "Erratum"),
    ("LIANG Z T, WANG X N. Phys. Rev. Lett., 2005, 94:102301 .arXiv :nucl-th/0410079;Erratum ,2006 ,96 "
     ":039901 (E)", ("Phys. Rev. Lett.", "94", "102301", 2005), "Erratum, 2006, 96:039901 (E)"),
    # chained works, each with its own author list
    ("A. Smith, Phys. Rev. D 85, 014035 (2012); B. Jones and C. Brown, Phys. Rev. D 86, 079901 (2012).",
     ("Phys. Rev. D", "85", "014035", 2012), "B. Jones and C. Brown, Phys. Rev. D 86, 079901 (2012)"),
    ("A. Smith and B. Jones, Nucl. Phys. B 600, 1 (2004); C. Doe, ibid. 605, 211 (2005).",
     ("Nucl. Phys. B", "600", "1", 2004), "C. Doe, ibid. 605, 211 (2005)"),
])
def test_several_works_keep_the_first(text: str, first: tuple[str, str, str, int], note: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume, rec.first_page, rec.year) == first
    assert rec.custom.get("note") == note


def test_a_semicolon_before_a_title_is_not_another_work() -> None:
    # the text after the semicolon names people but holds no volume and page of its own
    rec = parse_reference("A. Smith, Phys. Rev. D 85, 014035 (2012); B. Jones, private communication.").record
    assert (rec.volume, rec.first_page) == ("85", "014035")
    assert "B. Jones" not in (rec.custom.get("note") or "")


def test_a_glued_erratum_after_a_spires_reference_is_a_note() -> None:
    rec = read_reference("E. E. Flanagan and T. Hinderer, Phys.Rev.D75:124007,2007; "
                         "Erratum-ibid.D82:069904,2010; Erratum-ibid.D82:129903,2010").record
    assert (rec.container_title, rec.volume, rec.page, rec.year) == ("Phys. Rev. D", "75", "124007", 2007)
    assert "D82:069904" in rec.custom["note"]


@pytest.mark.parametrize(("text", "journal", "volume", "page", "note"), [
    ("A. Smith, Phys.Rev.D75:124007,2007; Nucl.Phys.B600:1-20,2001", "Phys. Rev. D", "75", "124007",
     "Nucl. Phys. B 600:1-20, 2001"),
    ("Bosetti PC, et al. Nucl. Phys. B142:1 (1978); B203:362 (1982)", "Nucl. Phys. B", "142", "1", "B203:362 (1982)"),
])
def test_a_second_spires_work_after_a_semicolon_is_a_note(text: str, journal: str, volume: str, page: str,
                                                          note: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume, rec.page, rec.custom.get("note")) == (journal, volume, page, note)


def test_arxiv_preprint_glued_by_the_pdf_is_no_venue() -> None:
    raw = ('F. Schindler, A. M.Cook, M. G. Vergniory, Z. Wang, S. S. P. Parkin, B. A. Bernevig, andT. Neupert, '
           '"Higher -order topologicalinsulators ," arXivpreprint , 2017.')
    rec = read_reference(raw).record
    assert rec.container_title is None and rec.year == 2017
