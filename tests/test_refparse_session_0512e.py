"""Issue 13 (fifth session of 2026-12-05): physics layouts found by writing real records in the layouts
physics journals print (`benchmarks/layout_fields.py`) and in the train split: bare and "Preprint"
arXiv ids, a "Preprint" note, IOP titles of two words or ending in an acronym before an abbreviated
journal, PTEP article numbers ("083C01"), IOP's "J. Cosmol. Astropart. Phys. JCAP08(2015)001", the year
read again as an issue, "dela" names, Title Case titles the labeller would drop. Strings are made up
in the same layouts, not copied from the corpus."""

from __future__ import annotations

import pytest

from citecheck.extract.cleanup import clean_reference
from citecheck.extract.combine import read_reference
from citecheck.extract.identifiers import extract_identifiers
from citecheck.extract.pdftext import clean_pdf_text
from citecheck.extract.refparse import parse_reference


@pytest.mark.parametrize(("raw", "arxiv"), [
    ("E. Author et al. (2017), 1704.01114", "1704.01114"),
    ("A. Author, Phys. Rev. D 95, 1234 (2017) [1701.01234].", "1701.01234"),
    ("Author A and Writer B 2014 (Preprint 1402.1200)", "1402.1200"),
    ("A. Author, Some title, e-print 0911.1234.", "0911.1234"),
    ("A. Author, Phys. Lett. B 734, 290 (2014), 1209.1687", "1209.1687"),
    # not a month arXiv numbered that way: no id
    ("A. Author, Some title, 1399.12345", None),
    ("A. Author, Some title, 2020.1234", None),
    ("A. Author, Some title, 0612.1234", None),  # four digits after the dot before April 2007
    ("A. Author, Some title, 1501.1234", None),  # four digits after the dot from 2015 on
    # inside a sentence, not standing alone
    ("A. Author, The 1704.01114 puzzle, Phys. Rev. D 1, 2 (2017).", None),
])
def test_bare_and_preprint_arxiv_ids(raw: str, arxiv: str | None) -> None:
    assert extract_identifiers(raw).arxiv == arxiv


def test_spaced_arxiv_id_with_version_is_joined() -> None:
    assert "arXiv:1401.4024v2" in clean_pdf_text("V. Author, The null energy condition, arXiv:1401. 4024v2.")
    rec = parse_reference(clean_pdf_text("V. Author, The null energy condition, arXiv:1401. 4024v2.")).record
    assert rec.title == "The null energy condition" and rec.arxiv == "1401.4024"


@pytest.mark.parametrize("raw", [
    "R. Author, The Yang-Baxter relation and gauge invariance, arXiv:1510.03043, Preprint 2015.",
    "Author R M 2015 The Yang-Baxter relation and gauge invariance Preprint",
])
def test_preprint_note_is_no_title_word(raw: str) -> None:
    assert parse_reference(raw).record.title == "The Yang-Baxter relation and gauge invariance"


def test_preprint_in_a_title_stays() -> None:
    rec = parse_reference("A. Author, Preprint servers and peer review, Phys. Today 70, 12 (2017).").record
    assert rec.title == "Preprint servers and peer review"


@pytest.mark.parametrize(("raw", "title", "journal"), [
    # two title words before an abbreviated journal (IOP, no mark between)
    ("Kane C and Moore J 2011 Topological insulators Phys. World 24 32", "Topological insulators", "Phys. World"),
    # the title ends in an acronym before an abbreviated journal
    ("Wende F, Marsman M and Steinke T 2019 OpenMP in VASP: Threading and SIMD Int. J. Quantum Chem. 119 e25851",
     "OpenMP in VASP: Threading and SIMD", "Int. J. Quantum Chem."),
    ("Aad G et al 2012 Search for new particles at the LHC Eur. Phys. J. C 72 1234",
     "Search for new particles at the LHC", "Eur. Phys. J. C"),
    # a known journal longer than forty characters, with a comma in it
    ("Ishiyama H et al 2013 In situ diffusion measurements in solids Nucl. Instrum. Methods Phys. Res., Sect. B "
     "317 789", "In situ diffusion measurements in solids", "Nucl. Instrum. Methods Phys. Res., Sect. B"),
    # IOP: the journal's name, then its acronym glued to the volume
    ("Adam J et al 2015 Dark matter in dwarf galaxies J. Cosmol. Astropart. Phys. JCAP08(2015)001",
     "Dark matter in dwarf galaxies", "J. Cosmol. Astropart. Phys."),
    ("Lee K and Park J 2009 Black hole entropy J. High Energy Phys. JHEP03(2009)112",
     "Black hole entropy", "J. High Energy Phys."),
])
def test_iop_titles_before_abbreviated_journals(raw: str, title: str, journal: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


def test_iop_acronym_kept_when_it_is_not_the_names_initials() -> None:
    assert "PRX12(2009)112" in clean_reference("Lee K 2009 Black hole entropy Phys. Rev. Lett. PRX12(2009)112")


def test_year_again_in_parentheses_is_no_issue() -> None:
    rec = parse_reference("Lee K and Park J 2009 Black hole entropy J. High Energy Phys. JHEP03(2009)112").record
    assert (rec.volume, rec.issue, rec.page) == ("03", None, "112")


@pytest.mark.parametrize(("raw", "journal", "volume", "page"), [
    ("P. A. Zyla et al. (Particle Data Group), Prog. Theor. Exp. Phys. 2020, 083C01 (2020).",
     "Prog. Theor. Exp. Phys.", "2020", "083C01"),
    ("P. A. Zyla et al., PTEP 2020, 083C01 (2020).", "PTEP", "2020", "083C01"),
    ("Zyla P A et al 2020 Review of Particle Physics Prog. Theor. Exp. Phys. 2020 083C01",
     "Prog. Theor. Exp. Phys.", "2020", "083C01"),
])
def test_ptep_article_numbers(raw: str, journal: str, volume: str, page: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


def test_dela_is_a_particle() -> None:
    rec = parse_reference("Williams T J, MacDougall G J and dela Cruz C R 2023 SEEMS: A Single Event Effects "
                          "facility Rev. Sci. Instrum. 94 033908").record
    assert [a.family for a in rec.author] == ["Williams", "MacDougall", "dela Cruz"]
    assert rec.title == "SEEMS: A Single Event Effects facility"


@pytest.mark.parametrize(("raw", "title"), [
    ("J . Bardeen, L .N .Cooper , and J.R.Schrieffer ,Theoryof SuperconductivityPhys .Rev .108, 1175 (1957).",
     "Theory of Superconductivity"),
    ("M.M .Boyd et al.,Nuclear Spin Effectsin Optical Lattice ClocksPhys.Rev .A 76 , 022510 (2007).",
     "Nuclear Spin Effects in Optical Lattice Clocks"),
    ("B .I . Ermolaev ,M .Greco , and S .I.Troyan ,Infrared Evolution Equations: Methodand ApplicationsActa Phys "
     ".Polon.B 38 ,2243 (2007)", "Infrared Evolution Equations: Method and Applications"),
])
def test_title_case_titles_survive_the_combination(raw: str, title: str) -> None:
    assert read_reference(raw).record.title == title


def test_journal_reference_without_title_still_has_none() -> None:
    rec = read_reference("J. Bardeen, L .N .Cooper , and J.R.Schrieffer ,Phys .Rev .108, 1175 (1957).").record
    assert rec.title is None and rec.container_title == "Phys. Rev."


@pytest.mark.parametrize(("raw", "part"), [
    # an acronym glued to a journal's first initial
    ("T. Hong et al., Superconducting energy gap of NbTiNJ. Appl. Phys. 114, 243905 (2013).", "NbTiN J. Appl. Phys."),
    ("A. Author, Radicals formed by addition to DNAJ. Phys. Chem. A 108, 9302 (2004).", "DNA J. Phys. Chem. A"),
    # a number glued to an acronym journal
    ("R. Author and A. Writer, Duality transformations on (A)dS4JHEP 2007, 079 (2007).", "(A)dS4 JHEP 2007"),
])
def test_acronyms_and_numbers_glued_to_journals(raw: str, part: str) -> None:
    assert part in clean_pdf_text(raw)


@pytest.mark.parametrize("raw", [
    "A. Smith, Title, ApJ. 500, 12 (2000)",  # "ApJ." is one journal's name
    "A. Smith, Title of the work, MNRAS. 500, 12 (2000)",
])
def test_journal_acronyms_stay_whole(raw: str) -> None:
    assert clean_pdf_text(raw) == raw


@pytest.mark.parametrize("raw", [
    "Tedmon Jr. C. S., Rose R. M., Wulff J., 1965, J. Appl. Phys., 36, 164",
    "Tedmon Jr C S, Rose R M and Wulff J 1965 J. Appl. Phys. 36 164",
])
def test_suffix_between_family_and_initials(raw: str) -> None:
    rec = parse_reference(raw).record
    assert [(a.family, a.given, a.suffix) for a in rec.author] == [
        ("Tedmon", "C. S.", "Jr"), ("Rose", "R. M.", None), ("Wulff", "J.", None)]


@pytest.mark.parametrize("raw", [
    "O.B. Firsov, Sov. Phys. — JETP 36, 1076 (1959).",
    "Firsov O B 1959 Sov. Phys.—JETP 36 1076",
])
def test_dash_inside_a_known_journal(raw: str) -> None:
    assert parse_reference(clean_pdf_text(raw)).record.container_title == "Sov. Phys. JETP"


@pytest.mark.parametrize(("raw", "families", "title"), [
    # ACS: the title's first word after the last initials is no given name
    ("Gu, B.; Su, G. Magnetism and Thermodynamics of Spin-1/2 Heisenberg Chains. Phys. Rev. B 2007, 75, 174437.",
     ["Gu", "Su"], "Magnetism and Thermodynamics of Spin-1/2 Heisenberg Chains"),
    ("Walker, D. C. Muonium. A light isotope of hydrogen. J. Phys. Chem. 1981, 85, 3960-3971.",
     ["Walker"], "Muonium. A light isotope of hydrogen"),
    ("Doe, K. Structural and cognitive problems of version control. In Proceedings of Hypertext, 1992, 3-12.",
     ["Doe"], "Structural and cognitive problems of version control"),
])
def test_title_word_after_inverted_initials(raw: str, families: list[str], title: str) -> None:
    rec = parse_reference(raw).record
    assert ([a.family for a in rec.author], rec.title) == (families, title)


def test_given_name_after_inverted_initials_stays() -> None:
    rec = parse_reference("Smith, J. Robert and Jones, K. 2000. A title here. Journal of Things 12, 3-4.").record
    assert [(a.family, a.given) for a in rec.author] == [("Smith", "J. Robert"), ("Jones", "K.")]


@pytest.mark.parametrize(("raw", "journal"), [
    ("CMS Collaboration, New J. Phys. 15, 103016 (2013).", "New J. Phys."),
    ("LHCb Collaboration, J. Low Temp. Phys. 1, 29 (1969).", "J. Low Temp. Phys."),
])
def test_journal_after_a_collaboration_is_no_name(raw: str, journal: str) -> None:
    rec = parse_reference(raw).record
    assert [a.family for a in rec.author if a.family] == [] and rec.container_title == journal


@pytest.mark.parametrize(("raw", "title", "journal"), [
    # a part number ends the title
    ("Shibata F and Sato I 1987 Theory of low field resonance and relaxation I Physica A 143 468",
     "Theory of low field resonance and relaxation I", "Physica A"),
    # an acronym journal after a unit
    ("Liu X et al 2007 VLBI observations of radio sources at 1.6 GHz A&A 470 97",
     "VLBI observations of radio sources at 1.6 GHz", "A&A"),
    # a Title Case title's last word before an abbreviated journal no table lists
    ("Lee J W et al 2007 Bremsstrahlung Radiation At a Vacuum Bubble Wall J. Korean Phys. Soc. 50 1229",
     "Bremsstrahlung Radiation At a Vacuum Bubble Wall", "J. Korean Phys. Soc."),
    # abbreviated words before a known name's tail belong to the journal
    ("Jungblut B and Meyerheim H L 1989 Ber. Bunsenges. Phys. Chem. 93 1317", None, "Ber. Bunsenges. Phys. Chem."),
    ("B. Jungblut and H. L. Meyerheim, Ber. Bunsenges. Phys. Chem. 93, 1317 (1989).", None,
     "Ber. Bunsenges. Phys. Chem."),
    # a journal's own word is no title's end
    ("C. G. Bollini and J. J. Giambiagi: Il Nuovo Cim. B 12, 20 (1972).", None, "Il Nuovo Cim. B"),
])
def test_more_title_ends_before_journals(raw: str, title: str | None, journal: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


def test_acronym_journal_glued_to_a_unit() -> None:
    assert "1.6 GHz A&A 470" in clean_pdf_text("X. Liu et al., VLBI observations at 1 .6 GHzA&A 470,97 (2007).")


def test_title_with_numbers_that_reads_as_one_survives_the_combination() -> None:
    rec = read_reference("A .Leroy,J .Cannon ,F . Walter , A.Bolatto ,and A .Weiss , The Low CO Contentof the "
                         "Extremely Metal Poor Galaxy I Zw 18Astrophys .J .663 , 990 (2007)").record
    assert rec.title == "The Low CO Content of the Extremely Metal Poor Galaxy I Zw 18"
    assert rec.container_title == "Astrophys. J."


@pytest.mark.parametrize("raw", [
    "E. Witten, Quantum field theory and the Jones polynomial, Comm. Math. Phys. 121 (1989), no. 3, 351–399. MR 990772",
    "E. Witten, Quantum field theory and the Jones polynomial, Comm. Math. Phys. 121 (1989), no. 3, 351–399. "
    "Zbl 0667.57005",
])
def test_math_reviews_numbers_are_no_field(raw: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.volume, rec.issue, rec.page) == ("Comm. Math. Phys.", "121", "3", "351-399")


def test_journal_own_first_word_is_no_title_end() -> None:
    # "Image Vis. Comput.": the capitalised word is the journal's; the rule stays with "J." after a word
    rec = parse_reference("Chen B and Yang F 2025 Knowledge Distillation for Cardiac Image Segmentation Image Vis. "
                          "Comput. 159 105577").record
    assert rec.container_title != "Vis. Comput."


@pytest.mark.parametrize(("ident", "plausible"), [
    ("0704.0001", True), ("1412.9999", True), ("1501.00001", True), ("2104.14294v2", True),
    ("0612.1234", False), ("1501.1234", False), ("1412.12345", False), ("1399.12345", False), ("2020.1234", False),
])
def test_plausible_arxiv_new(ident: str, plausible: bool) -> None:
    from citecheck.identifiers import plausible_arxiv_new

    assert plausible_arxiv_new(ident) is plausible
