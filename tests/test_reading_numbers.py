"""Reading a reference's numbers: volume, issue, pages, article numbers and the year, in every label and
layout, and numbers that are no field. Strings are made up in the layouts found in reference lists
unless they quote the train split's."""

from __future__ import annotations

import pytest

from citecheck.reading.combine import read_reference
from citecheck.reading.refparse import parse_reference
from tests.fakes import read_pdf_record


def test_issue_without_volume_is_the_issue() -> None:
    rec = parse_reference("Doe JA. Ankle injuries in sport. Clin Orthop Relat Res. 1977;(122):37-45.").record
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Clin Orthop Relat Res", None, "122", "37-45")


def test_biblatex_volume_and_issue_before_removed_pubmed_ids() -> None:
    rec = parse_reference('Roe, Tom et al. (2013). "Genome sequencing in humans". In: Nature 501. 7468. '
                          "PMID:24037378 PMCID:PMC3918453, pp. 506-511.").record
    assert (rec.container_title, rec.volume, rec.page) == ("Nature", "501", "506-511")


def test_abnt_issue_and_place() -> None:
    rec = parse_reference("SANTOS, A. Título do trabalho. Revista de Física, São Paulo, v. 41, n. 2, p. 1-15, "
                          "jun. 2019.").record
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Revista de Física", "41", "2", "1-15")
    # a capital "N." before a number is an initial or a report's "No.", not ABNT's issue label
    rec = parse_reference("Clement, F. “Worker Protests in Egypt”. In Political and Social Protest in Egypt, "
                          "Edited by. Hopkins, N. 100-116. The American University in Cairo Press, 2009.").record
    assert rec.issue is None


@pytest.mark.parametrize(("raw", "journal", "volume", "issue", "page"), [
    ("Muller F, Schimmel M. Oral health for an ageing population. Int Dent J 2017;67 Suppl 2:7-13.",
     "Int Dent J", "67", "Suppl 2", "7-13"),
    ("Smith J. A title of the work here. Circulation 2011;124 Suppl:A123.", "Circulation", "124", "Suppl", "A123"),
])
def test_nlm_supplement_without_parentheses(raw: str, journal: str, volume: str, issue: str, page: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == (journal, volume, issue, page)


def test_a_protein_name_is_no_page_label() -> None:
    rec = parse_reference("Taylor D, Westra WH. Immunohistochemical detection of p53 protein accumulation in head and "
                          "neck cancer. Hum Pathol 1999; 30:1221-1225.").record
    assert (rec.container_title, rec.page) == ("Hum Pathol", "1221-1225")


def test_volume_range_of_a_proceedings_journal() -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference("ATLAS collaboration, P. Berta, ATLAS jet and missing-ET reconstruction, calibration and "
                         "performance,Nucl .Part .Phys .Proc .273 -275( 2016)1121 [ INSPIRE].").record
    assert (rec.container_title, rec.volume, rec.page) == ("Nucl. Part. Phys. Proc.", "273-275", "1121")


@pytest.mark.parametrize(("raw", "volume", "issue"), [
    ("W. Zeuch, Neue Verfahren zur Messung des Einspritzgesetzes, MZT, Jahr. 22 Heft 9, 1961.", "22", "9"),
    ("A. Müller, Über die Messung der Dinge, Z. Angew. Phys., Bd. 12, H. 3, S. 101-110, 1960.", "12", "3"),
])
def test_german_volume_and_issue_labels(raw: str, volume: str, issue: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.volume, rec.issue) == (volume, issue)


def test_year_again_in_parentheses_is_no_issue() -> None:
    rec = parse_reference("Lee K and Park J 2009 Black hole entropy J. High Energy Phys. JHEP03(2009)112").record
    assert (rec.volume, rec.issue, rec.page) == ("03", None, "112")


@pytest.mark.parametrize("raw", [
    "E. Witten, Quantum field theory and the Jones polynomial, Comm. Math. Phys. 121 (1989), no. 3, 351–399. MR 990772",
    "E. Witten, Quantum field theory and the Jones polynomial, Comm. Math. Phys. 121 (1989), no. 3, 351–399. "
    "Zbl 0667.57005",
])
def test_math_reviews_numbers_are_no_field(raw: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Comm. Math. Phys.", "121", "3", "351-399")


def test_a_dotted_acronym_before_a_source_name_is_no_page_label() -> None:
    # German "S. 12" is a page; the "S." ending "H.E.S.S." before "J1745-290" is not
    rec = read_pdf_record("Author, A. & Writer, B. Observation of the H.E.S.S. J1745-290 source at TeV energies. "
                "Astron. Astrophys. 425, L13 (2004).")
    assert rec.title == "Observation of the H.E.S.S. J1745-290 source at TeV energies"
    assert (rec.container_title, rec.volume, rec.page) == ("Astron. Astrophys.", "425", "L13")
    assert read_pdf_record("Müller, H.: Eine Arbeit. Z. Phys. 12, S. 34-56 (1923)").page == "34-56"


@pytest.mark.parametrize("text", [
    "Author, A. et al. Quantum spin liquids. Science 367, eaay0668 (2020).",
    "Author A 2020 Quantum spin liquids Science 367 eaay0668",
])
def test_science_article_numbers_are_pages(text: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title, rec.volume, rec.page) == ("Quantum spin liquids", "Science", "367", "eaay0668")


def test_german_seite_gives_the_page() -> None:
    rec = read_pdf_record("H. Day, D. M. Wiles: J. Appl. Polym. Sci 16, 1972, Seite 203")  # (train split)
    assert rec.page == "203"


@pytest.mark.parametrize(("text", "title", "journal", "digits"), [
    ("Doe J and Roe R 1999 Solitons in magnetic thin films Phys. Rev. B 604521 -9",
     "Solitons in magnetic thin films", "Phys. Rev. B", "604521-9"),
    ("Smith A 2004 Quantum groups at roots of unity Commun. Math. Phys. 245123 -45",
     "Quantum groups at roots of unity", "Commun. Math. Phys.", "245123-45"),
    ("Kim S 2005 Lattice QCD at finite density Nucl. Phys. B 7201234 -56.",
     "Lattice QCD at finite density", "Nucl. Phys. B", "7201234-56"),
    ("Brown K 2010 Boundary states in minimal models J. Math. Phys. 5112345",
     "Boundary states in minimal models", "J. Math. Phys.", "5112345"),
    # (train split)
    ("Matichard F and Evans M 2015 Review: tilt-free low-noise seismometry Bull. Seismol. Soc. Am. 105497 -510",
     "Review: tilt-free low-noise seismometry", "Bull. Seismol. Soc. Am.", "105497-510"),
])
def test_volume_and_page_run_together_end_the_title_and_are_not_guessed(
    text: str, title: str, journal: str, digits: str
) -> None:
    for rec in (read_pdf_record(text), read_reference(text).record):
        assert rec.title == title
        assert rec.container_title == journal
        assert rec.volume is None and rec.page is None  # which digits are the volume is not known
        assert rec.custom["note"] == f"volume and page run together: {digits}"


@pytest.mark.parametrize(("text", "volume", "page"), [
    ("Doe J 2003 Neutron star cooling Phys. Rev. D 58 096002", "58", "096002"),
    ("Doe J 2003 Neutron star cooling Phys. Rev. Lett. 104 251301", "104", "251301"),
    # six-digit article numbers after a seven-digit run: that rule (pdftext) still splits them
    ("Garcia M, Lopez R 2011 Spin textures in chiral magnets Phys. Rev. B 84104421", "84", "104421"),
])
def test_numbers_that_can_be_told_apart_are_read_as_before(text: str, volume: str, page: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.volume, rec.page) == (volume, page)
    assert "note" not in rec.custom


@pytest.mark.parametrize("text", [
    "Brown K 2010 Boundary states in minimal models, US Patent 6123456",
    "Doe J 2003 A catalogue of quasars, ESO programme 0123456",
])
def test_a_long_number_after_no_journal_is_left_alone(text: str) -> None:
    rec = read_pdf_record(text)
    assert rec.container_title is None
    assert "run together" not in rec.custom.get("note", "")


@pytest.mark.parametrize(("text", "title", "journal"), [
    # five digits and a range's end; a series letter after a word; an acronym; a name the table knows;
    # a page with a letter
    ("Ivanov P 2007 Optical spectra of post-AGB stars Astrophys. Bull. 62162 -92",
     "Optical spectra of post-AGB stars", "Astrophys. Bull."),
    ("Novak P et al 2008 Transport properties of single crystals Physica B 4033553 -8",
     "Transport properties of single crystals", "Physica B"),
    ("Smith A A et al 2009 Gyrokinetics of magnetized plasmas ApJS 182310",
     "Gyrokinetics of magnetized plasmas", "ApJS"),
    # (the journal itself is lost here — an open case: the title is cut right)
    ("Calleja M and Dove M T 2001 Ionic transport in quartz J. Phys.: Condens. Matter 139445 -54",
     "Ionic transport in quartz", None),
    ("Mihara M et al 2010 Relaxation of light impurities in platinum Nucl. Phys. A 834777c",
     "Relaxation of light impurities in platinum", "Nucl. Phys. A"),
])
def test_more_run_together_numbers_after_a_journal(text: str, title: str, journal: str | None) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title
    assert journal is None or rec.container_title == journal
    assert rec.volume is None and rec.page is None


def test_a_volume_of_five_digits_before_a_range_end_is_no_volume() -> None:
    rec = read_pdf_record("Dbaibo, et al., J. Biol. Chem. 1993, 17782-66")  # (train split)
    assert rec.container_title == "J. Biol. Chem." and rec.volume is None and rec.page is None


def test_a_page_range_after_a_run_of_seven_digits_is_no_article_number() -> None:
    # Phys. Rev. B of 1995: volume 51, pages 15197–15202 (six-digit article numbers came in 2016)
    rec = read_pdf_record("Gilbert G, Smith T and Doe R 1995 Magnetic properties of layered cuprates Phys. Rev. B 5115197 -202")
    assert rec.container_title == "Phys. Rev. B"
    assert rec.volume is None and rec.page is None  # not volume 5, article 115197: never guessed
    assert "5115197" in (rec.custom.get("note") or "")
    # without a range the six-digit article number is read as before
    rec = read_pdf_record("Gilbert G and Doe R 2012 Gravitational waves from binaries Class. Quantum Grav. 29245007")
    assert (rec.container_title, rec.volume, rec.page) == ("Class. Quantum Grav.", "29", "245007")


@pytest.mark.parametrize("text,journal,volume,page", [
    ("Bharadwaj, A. S. 2000. 'A Resource-Based Perspective on Information Technology Capability and Firm "
     "Performance,' MIS Quarterly (24:1), pp. 169-196.", "MIS Quarterly", "24", "169-196"),
    ("Bharadwaj, A. S. 2000. A Resource-Based Perspective on Information Technology Capability and Firm "
     "Performance. MIS Quarterly (24:1), 169-196.", "MIS Quarterly", "24", "169-196"),
    ("박상찬, 차현진 2017. '지식창출과 활용의 괴리: 녹색기술인증의 제도론적 분석,' 지식경영연구 (18:1), pp. 117-138.",
     "지식경영연구", "18", "117-138"),
])
def test_volume_and_issue_in_parentheses_after_the_journal(text: str, journal: str, volume: str, page: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


def test_a_bracketed_year_after_a_page_is_still_the_year() -> None:
    assert read_pdf_record("A. Smith, Nature 411, 123 [2001]").year == 2001


@pytest.mark.parametrize(("text", "volume", "issue", "page"), [
    ("A. Author, Physical Review B 76, 10 (2007) 100406(R)", "76", "10", "100406"),
    ("J. Mandon, G. Guelachvili, and N. Picqué, Optics Letters 32, 15 (2007) 2206-2208", "32", "15", "2206-2208"),
    ("A. Author, Phys. Rev. D 88 (2013) 10, 105030", "88", "10", "105030"),  # INSPIRE's order
    ("A. Author, Phys. Rev. B 76, 100406 (2007)", "76", None, "100406"),  # the page before the year
])
def test_volume_issue_year_page(text: str, volume: str, issue: str | None, page: str) -> None:
    rec = read_reference(text).record
    assert (rec.volume, rec.issue, rec.page) == (volume, issue, page)


def test_an_en_dash_decoded_as_question_mark_c() -> None:
    rec = read_reference("F. Zhao, H. Yang, and B. Wang, Journal of Theoretical Biology 247 (2007) 645?C649").record
    assert (rec.title, rec.container_title, rec.page) == (None, "Journal of Theoretical Biology", "645-649")


@pytest.mark.parametrize(("text", "volume", "page"), [
    ("D. Jimenez-Rey, B. Zurro, and A. Baciero, Rev. Sci. Instrum. 79, 10E516 (2008).", "79", "10E516"),
    ("A. Smith, J. Appl. Phys. 105, 07A316 (2009).", "105", "07A316"),
    ("Smith, A. The response of a scintillator. Rev. Sci. Instrum. 2016, 87, 11D438.", "87", "11D438"),
])
def test_aip_conference_issue_article_numbers(text: str, volume: str, page: str) -> None:
    rec = parse_reference(text).record
    assert (rec.volume, rec.page) == (volume, page)
