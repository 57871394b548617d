"""Reading a reference's authors: name lists in every layout, initials, particles and suffixes,
collaborations, and where the names end. Strings are made up in the layouts found in reference lists unless they quote
the train split's."""

from __future__ import annotations

import pytest

from citecheck.reading.cleanup import strip_label
from citecheck.reading.collaborations import leading_collaboration, only_a_collaboration
from citecheck.reading.combine import read_reference
from citecheck.reading.names import scan_authors
from citecheck.reading.refparse import parse_reference
from tests.fakes import author_strings, read_pdf_record


@pytest.mark.parametrize(("text", "names"), [
    ("D. F. MACMILLEN et D. M. GOLDEN. Annu. Rev. Phys. Chem. 33, 493 (1982).",
     [("MACMILLEN", "D. F."), ("GOLDEN", "D. M.")]),
    ("M. WEISS, L. SHUM et S. W. BENSON. J. Phys. Chem. 85", [("WEISS", "M."), ("SHUM", "L."), ("BENSON", "S. W.")]),
    ("Svoboda K and, Malinow R. Title", [("Svoboda", "K."), ("Malinow", "R.")]),
    ("Dillman, Allissa A et al. (2013).", [("Dillman", "Allissa A")]),
    ("Smith AB. Title here", [("Smith", "A. B.")]),  # two capitals before a period stay initials
    # a hyphenated initial ("J-P") never opens a word: "X-Ray", "K-Shell" start the title (ACS layout)
    ("Chattopadhyay, S.; Deshpande, A. P. X-Ray Spectroscopic Study of CrSe2.",
     [("Chattopadhyay", "S."), ("Deshpande", "A. P.")]),
    ("Smith, J. K-Shell ionization cross sections", [("Smith", "J.")]),
    ("J-P. Uzan and X-R Li, Title", [("Uzan", "J-P."), ("Li", "X.-R.")]),
    # IOP: four bare initials after a particle-led family name
    ("Cosman E C, van der Poel W A J A and Foxon C T 1990 Fine structure of excitons",
     [("Cosman", "E. C."), ("van der Poel", "W. A. J. A."), ("Foxon", "C. T.")]),
])
def test_author_lists(text: str, names: list[tuple[str, str]]) -> None:
    assert [(n.family, n.given) for n in scan_authors(text).names] == names


def test_collaboration_paper_number_is_no_title() -> None:
    rec = parse_reference("Planck Collaboration XIII, 2014, A&A, 561, A97").record
    assert [a.literal for a in rec.author] == ["Planck Collaboration"]
    assert (rec.title, rec.container_title, rec.volume) == (None, "A&A", "561")


def test_authors_after_a_quoted_title_that_opens_the_entry() -> None:
    rec = parse_reference('"Defect centres in diamond: a review", F. Jelezko, and J. Wrachtrup, Phys. Stat. Sol. A '
                          "203, 3207 (2006).").record
    assert [(a.family, a.given) for a in rec.author] == [("Jelezko", "F."), ("Wrachtrup", "J.")]
    assert (rec.title, rec.container_title) == ("Defect centres in diamond: a review", "Phys. Stat. Sol. A")
    # a capitalised pair without initials is no author: "Gene Therapy" is the journal
    rec = parse_reference('"Delivery of an antagonist suppresses tumor growth in mice" Gene Therapy, August 1998; '
                          "5(8): 1105-13").record
    assert rec.author == []


@pytest.mark.parametrize(("raw", "authors", "journal"), [
    # a known journal run into the last name: its first word is no family name
    ("F. Stecker and M. Salamon Space Sci. Rev. 75 (1996) 341.", [("Stecker", "F."), ("Salamon", "M.")],
     "Space Sci. Rev."),
    ("K. Mannheim Astropart. Phys. 3, 295 (1995)", [("Mannheim", "K.")], "Astropart. Phys."),
    ("A. Smith and J. Christian Gerdes Phys. Rev. 12, 1 (1990)", [("Smith", "A."), ("Gerdes", "J. Christian")],
     "Phys. Rev."),
])
def test_name_ends_before_a_known_journal(raw: str, authors: list[tuple[str, str]], journal: str) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert [(a.family, a.given) for a in rec.author] == authors
    assert rec.container_title == journal


def test_vancouver_double_period_after_initials() -> None:
    rec = parse_reference("Trager W, Williams J, Gill GS.. Extracellular development of a parasite. Methods in Cell "
                          "Science 1996; 18:219-227.").record
    assert [a.family for a in rec.author] == ["Trager", "Williams", "Gill"]
    assert rec.title == "Extracellular development of a parasite"
    # after initials with periods the second period ends the names: "J." is the journal's
    rec = parse_reference("Litinskaya, M., Reineker, P., & Agranovich, V. M.. J. Lumin. 119-120, (2006), "
                          "pp 277-282.").record
    assert [a.family for a in rec.author] == ["Litinskaya", "Reineker", "Agranovich"]


@pytest.mark.parametrize(("text", "names"), [
    # the first author inverted without a comma, the others initials first, then the year
    ("Lamarque J.F., T. C. Bond, V. Eyring, C. Granier, D. P. Van Vuuren (2010). Historical emissions",
     [("Lamarque", "J.F."), ("Bond", "T. C."), ("Eyring", "V."), ("Granier", "C."), ("Van Vuuren", "D. P.")]),
    # Vancouver stays Vancouver
    ("Smith AB, Jones CD, Brown EF (2010). Title", [("Smith", "A. B."), ("Jones", "C. D."), ("Brown", "E. F.")]),
])
def test_inverted_first_author_then_initials_first(text: str, names: list[tuple[str, str]]) -> None:
    assert [(n.family, n.given) for n in scan_authors(text).names] == names


def test_long_author_chain_after_an_inverted_first_author() -> None:
    names = ", ".join(f"{chr(65 + i)}. B. Name{chr(97 + i)}" for i in range(20))
    scan = scan_authors(f"Lamarque J.F., {names} (2010). Historical emissions")
    assert len(scan.names) == 21


def test_bibtex_and_between_every_two_names() -> None:
    scan = scan_authors("Pyoeraelae, K. and Laakso, M. and Uusitupa, M. (1987) Diabetes and atherosclerosis")
    assert [(n.family, n.given) for n in scan.names] == [("Pyoeraelae", "K."), ("Laakso", "M."), ("Uusitupa", "M.")]
    # "and" then no name: the list ends
    scan = scan_authors("Smith, J. and Doe, K. and the rest of it")
    assert [n.family for n in scan.names] == ["Smith", "Doe"]


@pytest.mark.parametrize(("raw", "names"), [
    ("F. Rathmann, A. Saleev, N. N. Nikolaev, andon behalfof the JEDI and srEdm collaborations , Journalof Physics: "
     "Conference Series447 , 012011 (2013 ) .", [("Rathmann", "F."), ("Saleev", "A."), ("Nikolaev", "N. N.")]),
    ("F. Rathmann, A. Saleev, and N. N. Nikolaev on behalf of the JEDI collaboration, Spin tune measurements, J. Phys.: "
     "Conf. Ser. 447, 012011 (2013).", [("Rathmann", "F."), ("Saleev", "A."), ("Nikolaev", "N. N.")]),
    ("A. Smith for the ATLAS Collaboration, Search for things, Phys. Lett. B 716, 1 (2012).", [("Smith", "A.")]),
])
def test_speaker_on_behalf_of_a_collaboration(raw: str, names: list[tuple[str, str]]) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert [(a.family, a.given) for a in rec.author] == names
    assert rec.title in (None, "Spin tune measurements", "Search for things")


def test_for_the_without_a_collaboration_is_no_author_note() -> None:
    rec = parse_reference("M. Peskin for the theory of everything, Phys. Lett. B 716, 1 (2012).").record
    assert rec.author == []


@pytest.mark.parametrize(("raw", "names"), [
    ("de JongR . ,vander Kruit P ..,1994, A&AS, 106, 451", [("de Jong", "R."), ("vander Kruit", "P.")]),
    ("Siebold, F.P. and Zuccarini J. G. 1846. Florae Japonicae familiae naturales. Abh. Math.-Phys. Cl. 4: 123-240.",
     [("Siebold", "F.P."), ("Zuccarini", "J. G.")]),
])
def test_particle_vander_and_a_last_inverted_name_with_dotted_initials(raw: str, names: list[tuple[str, str]]) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert [(a.family, a.given) for a in rec.author] == names


def test_glued_et_al_ends_the_names() -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference("P.Niessen ,C .Spiering etal . Proc .27th ICRC, Hamburg ,V .4( 2001)1496 .").record
    assert [a.family for a in rec.author] == ["Niessen", "Spiering"]
    assert rec.title == "Proc. 27th ICRC"


def test_etc_after_a_name_means_others() -> None:
    rec = parse_reference("Robi S. Datta etc., 'Flexible two dimensional indium tin oxide fabricated using a liquid "
                          "metal printing technique,' Nat. Electron, vol.3, pp.51-58, 2020.").record
    assert [(a.family, a.given) for a in rec.author] == [("Datta", "Robi S.")]
    assert rec.title == "Flexible two dimensional indium tin oxide fabricated using a liquid metal printing technique"


def test_bare_initial_before_the_year_in_parentheses() -> None:
    rec = parse_reference("Ikegami, Y, Nishihiro, J, and Washitani, I (2011). Vegetation of abandoned rice fields, "
                          "Japanese Journal of Conservation Ecology, 16(1), pp. 1-15.").record
    assert [a.family for a in rec.author] == ["Ikegami", "Nishihiro", "Washitani"]
    assert rec.title == "Vegetation of abandoned rice fields"


def test_initials_first_bare_capital_before_the_family_name_stays() -> None:
    names = scan_authors("J. A Smith, K. Jones, Title here").names
    assert [(n.family, n.given) for n in names] == [("Smith", "J. A"), ("Jones", "K.")]


def test_initials_first_chain_with_a_bare_initial_before_a_quoted_title() -> None:
    text = 'A. Gupta, V Harinarayan, D. Quass. "Aggregate-Query Processing in Data Warehousing Environments", Proc.'
    assert [(n.family, n.given) for n in scan_authors(text).names] == [("Gupta", "A."), ("Harinarayan", "V."),
                                                                      ("Quass", "D.")]
    assert [n.family for n in scan_authors('A. Gupta, Data Warehousing, "Aggregate" Proc.').names] == ["Gupta"]


def test_compound_family_name_after_a_particle() -> None:
    names = scan_authors("M. de Oliveira Santos, T. Stosic, B. D. Stosic, Long-term correlations").names
    assert [(n.family, n.given) for n in names] == [("de Oliveira Santos", "M."), ("Stosic", "T."), ("Stosic", "B. D.")]


def test_ditto_dashes_then_co_authors() -> None:
    rec = parse_reference("--, B. H. Bossak, and X.-F. Niu, 2001: Secular changes to the ENSO-U.S. hurricane "
                          "relationship Geophys. Res. Lett., 28, 4123-4126.").record
    assert (rec.title, rec.container_title) == ("Secular changes to the ENSO-U.S. hurricane relationship",
                                                "Geophys. Res. Lett.")
    assert rec.author == []  # a partial list (the first author is the previous entry's) is no author list


def test_dela_is_a_particle() -> None:
    rec = parse_reference("Williams T J, MacDougall G J and dela Cruz C R 2023 SEEMS: A Single Event Effects "
                          "facility Rev. Sci. Instrum. 94 033908").record
    assert [a.family for a in rec.author] == ["Williams", "MacDougall", "dela Cruz"]
    assert rec.title == "SEEMS: A Single Event Effects facility"


@pytest.mark.parametrize("raw", [
    "Tedmon Jr. C. S., Rose R. M., Wulff J., 1965, J. Appl. Phys., 36, 164",
    "Tedmon Jr C S, Rose R M and Wulff J 1965 J. Appl. Phys. 36 164",
])
def test_suffix_between_family_and_initials(raw: str) -> None:
    rec = parse_reference(raw).record
    assert [(a.family, a.given, a.suffix) for a in rec.author] == [
        ("Tedmon", "C. S.", "Jr"), ("Rose", "R. M.", None), ("Wulff", "J.", None)]


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
    rec = read_pdf_record(text)
    assert [a.family for a in rec.author] == [family]
    assert rec.title == title


@pytest.mark.parametrize("text", [
    # a list of given-first names still runs to "and" and a capitalised name …
    "John F. Kennedy and Robert Smith, Some title of a paper, Phys. Rev. D 5, 1 (1972).",
    # … or to "and co-workers"
    "Harold P. Furth and co-workers, Some title of a paper, Phys. Fluids 6, 459 (1963).",
])
def test_given_first_names_before_and_stay_names(text: str) -> None:
    rec = read_pdf_record(text)
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
    rec = read_pdf_record("United States Marine Corps (USMC). 2012. Range Safety. Washington, DC.")
    assert [a.literal for a in rec.author] == ["United States Marine Corps (USMC)"]
    assert rec.title == "Range Safety"


def test_a_collaboration_after_et_al_before_an_eprint_is_an_author() -> None:
    rec = read_pdf_record("T. Author et al. (CDF Collaboration), arXiv:1111.0485.")
    assert rec.title is None
    assert [a.literal or a.family for a in rec.author] == ["Author", "CDF Collaboration"]


def test_a_title_word_after_a_bare_family_name_is_no_given_name() -> None:
    # "Family, Word lower-case …": a given name the word list knows and no list of names holds, then a
    # lower-case word, is the title's start
    rec = read_reference("Gol'tsman, Time delay of resistive-state formation in superconductingstripes excited by "
                         "single optical photons ,PHYSICAL REVIEWB 67 , 132508( 2003 ).").record
    assert [a.family for a in rec.author] == ["Gol'tsman"] and not rec.author[0].given
    assert rec.title == "Time delay of resistive-state formation in superconducting stripes excited by single optical photons"


@pytest.mark.parametrize(("text", "families"), [
    # written-out names among initials-first ones, and Chicago's inverted first author, still read
    ("W. J. Kossler, Nathan Abraham, C. E. Stronach and Allan J. Greer, Muon spin rotation in cuprates, "
     "Phys. Rev. B 3, 4 (1999).", ["Kossler", "Abraham", "Stronach", "Greer"]),
    ("Marzlin, K.-P., Juergen Appel, and Barry C. Sanders, Coherent control of atoms, Phys. Rev. A 3, 4 (1999).",
     ["Marzlin", "Appel", "Sanders"]),
    ("A. B. Author and C. Writer, Dark Energy and the Accelerating Universe, Phys. Rev. D 12, 345 (1999).",
     ["Author", "Writer"]),
    ("Hemingway, Ernest. For Whom the Bell Tolls. New York: Charles Scribner's Sons, 1940.", ["Hemingway"]),
])
def test_names_around_title_case_titles_still_read(text: str, families: list[str]) -> None:
    assert [a.family for a in read_pdf_record(text).author] == families


@pytest.mark.parametrize(("text", "families", "title"), [
    ("Niyti, G. Sawhney, M.K. Sharma, R.K. Gupta, Phys. Rev. C 91 (2015) 054606.",  # (train split)
     ["Niyti", "Sawhney", "Sharma", "Gupta"], None),
    ("Smith, A. Jones, B.C. Brown, Fusion of heavy ions near the barrier, Phys. Rev. C 91 (2015) 054606.",
     ["Smith", "Jones", "Brown"], "Fusion of heavy ions near the barrier"),
    # every name inverted (APA without commas between them): kept so
    ("Sasayama, D. Hattori, K. Teraishi, T. Title of the work. J. Psych. 3, 4 (2001).",
     ["Sasayama", "Hattori", "Teraishi"], "Title of the work"),
    # the word left over is a plain word: the title's
    ("Sasayama, D. Hattori, K. Teraishi, T. Superconductivity, a review, J. Psych. 3, 4 (2001).",
     ["Sasayama", "Hattori", "Teraishi"], "Superconductivity, a review"),
])
def test_a_family_name_left_over_reads_the_list_given_name_first(
        text: str, families: list[str], title: str | None) -> None:
    rec = read_pdf_record(text)
    assert [a.family for a in rec.author] == families
    assert rec.title == title


@pytest.mark.parametrize(("text", "families", "journal"), [
    # ACS: no title, and the journal's "J." reads like the last author's initial
    ("Smith, J.; Doe, A. J. Am. Chem. Soc. 2010, 132, 1234–1240.", ["Smith", "Doe"], "J. Am. Chem. Soc."),
    ("Smith, J. B.; Doe, A. J. Chem. Phys. 2010, 132, 1234.", ["Smith", "Doe"], "J. Chem. Phys."),
    ("Doe, A. J. J. Am. Chem. Soc. 2010, 132, 1234.", ["Doe"], "J. Am. Chem. Soc."),
    # no journal starts at the "J.": it stays the author's
    ("Smith, J.; Doe, A. J. Phys. Rev. Lett. 2010, 104, 251301.", ["Smith", "Doe"], "Phys. Rev. Lett."),
])
def test_a_journals_first_word_is_no_initial(text: str, families: list[str], journal: str) -> None:
    rec = read_pdf_record(text)
    assert [a.family for a in rec.author] == families
    assert rec.container_title == journal
    assert rec.title is None


def test_the_initial_stays_when_no_journal_starts_there() -> None:
    rec = read_pdf_record("Smith, J.; Doe, A. J. Phys. Rev. Lett. 2010, 104, 251301.")
    assert rec.author[1].given == "A. J."


@pytest.mark.parametrize(("text", "family"), [
    # "and" inside a family name is no separator ("Copel" + "and …"); glued before an initial it is
    ("C .Cartier, J. Hwang, E. J. CopelandEvolution of cosmological perturbations in nonsingular stringcosmologies , "
     "Phys .Rev .D64(2001 ) arXiv:astro -ph/0106197.", "Copeland"),  # (train split)
    ("P. Parthasarathyand R. Sudhesh,Applied MathematicsLetters19 ,1083 ( 2006 ).", "Parthasarathy"),  # (train split)
])
def test_and_inside_a_family_name(text: str, family: str) -> None:
    assert family in [a.family for a in read_reference(text).record.author]


@pytest.mark.parametrize(("text", "family", "journal", "note"), [
    ("Aad, G., et al.: ATLAS Collaboration. Phys. Lett. B 716, 1 (2012)", "Aad", "Phys. Lett. B",
     "ATLAS Collaboration"),
    ("Aad G et al 2012 ATLAS Collaboration Phys. Lett. B 716 1", "Aad", "Phys. Lett. B", "ATLAS Collaboration"),
    ("Chatrchyan S et al 2012 CMS Collab. Phys. Lett. B 716 30", "Chatrchyan", "Phys. Lett. B", "CMS Collab"),
    ("J. Beringer et al.: Particle Data Group. Phys. Rev. D 86, 010001 (2012)", "Beringer", "Phys. Rev. D",
     "Particle Data Group"),
])
def test_a_collaboration_after_the_names_is_no_title(text: str, family: str, journal: str, note: str) -> None:
    for rec in (read_pdf_record(text), read_reference(text).record):
        assert rec.title is None
        assert [a.family for a in rec.author] == [family]  # the record lists people, not the collaboration
        assert rec.container_title == journal
        assert note in rec.custom["note"]


def test_a_title_naming_a_group_stays_a_title() -> None:
    assert read_pdf_record("Smith J 2010 The Renormalization Group Phys. Rep. 12 1").title == "The Renormalization Group"


def test_a_working_group_of_several_words_before_the_names_is_an_author() -> None:
    """"LHC Higgs Cross Section Working Group, D. de Florian et al., Handbook …": a group of four words
    before "Working Group" signs with its editors; read into the title, the work's real authors looked
    like other people."""
    rec = read_reference("LHC Higgs Cross Section Working Group, D. de Florian et al., Handbook of LHC Higgs "
                         "Cross Sections: 4. Deciphering the Nature of the Higgs Sector, arXiv:1610.07922 [INSPIRE].").record
    assert [n.literal or n.family for n in rec.author] == ["LHC Higgs Cross Section Working Group", "de Florian"]
    assert rec.title == "Handbook of LHC Higgs Cross Sections: 4. Deciphering the Nature of the Higgs Sector"


def test_what_counts_as_only_a_collaboration() -> None:
    assert only_a_collaboration("SLAC-E122 Collaboration.")
    assert only_a_collaboration("the CMS Collab.")
    assert only_a_collaboration("Particle Data Group")
    assert not only_a_collaboration("The Renormalization Group")
    assert not only_a_collaboration("Collaboration networks in physics")


def test_a_collaboration_opening_the_text_is_split_off() -> None:
    assert leading_collaboration("CMS Collaboration Physica 55 83") == ("CMS Collaboration", "Physica 55 83")
    assert leading_collaboration("the LIGO Scientific Collab. Phys. Rev. D 93 1") == (
        "the LIGO Scientific Collab", "Phys. Rev. D 93 1")
    assert leading_collaboration("Collaboration networks in physics Phys. Rep. 1 2") is None  # no name before it
    assert leading_collaboration("ATLAS Collaboration") is None  # nothing after it


@pytest.mark.parametrize(("text", "journal"), [
    ("Essmann U et al 1971 CMS Collaboration Physica 55 83", "Physica"),
    ("Eeg J O et al 2007 ALICE Collaboration Acta Phys. Polon. B 38 2869", "Acta Phys. Polon. B"),
])
def test_a_collaboration_before_a_journal_reference_is_not_the_journals(text: str, journal: str) -> None:
    rec = read_pdf_record(text)
    assert rec.title is None and rec.container_title == journal
    assert "Collaboration" in rec.custom["note"]


@pytest.mark.parametrize("text,authors,title", [
    ("Smith J 2010 Collaboration networks in high energy physics J. Phys. Conf. Ser. 219 042001",
     ["Smith, J."], "Collaboration networks in high energy physics"),
    ("Doe J and Roe R 2015 Open Collaboration in particle physics Eur. Phys. J. C 75 123",
     ["Doe, J.", "Roe, R."], "Open Collaboration in particle physics"),
    ("Doe J, Roe R. Open Collaboration in particle physics. Eur Phys J C. 2015;75:123.",
     ["Doe, J.", "Roe, R."], "Open Collaboration in particle physics"),
])
def test_a_title_opening_with_collaboration_is_no_author(text: str, authors: list[str], title: str) -> None:
    for rec in (read_pdf_record(text), read_reference(text).record):
        assert author_strings(rec) == authors
        assert rec.title == title


@pytest.mark.parametrize("text,authors", [
    ("ATLAS Collaboration 2012 Phys. Lett. B 716 1", ["ATLAS Collaboration"]),
    ("CMS Collaboration et al 2012 Observation of a new boson Phys. Lett. B 716 30", ["CMS Collaboration"]),
    ("ATLAS and CMS Collaborations 2015 Combined measurement of the Higgs boson mass Phys. Rev. Lett. 114 191803",
     ["ATLAS Collaboration", "CMS Collaboration"]),
    ("Planck Collaboration XIII 2016 Cosmological parameters Astron. Astrophys. 594 A13", ["Planck Collaboration"]),
    ("CMS Collaboration in: Proc. of the Conf. on High Energy Physics 2012", ["CMS Collaboration"]),
    ("LIGO Scientific Collaboration and Virgo Collaboration 2016 Observation of gravitational waves "
     "Phys. Rev. Lett. 116 061102", ["LIGO Scientific Collaboration", "Virgo Collaboration"]),
])
def test_collaborations_still_sign(text: str, authors: list[str]) -> None:
    assert author_strings(read_pdf_record(text)) == authors


@pytest.mark.parametrize("text,count,last", [
    ("Provost, F. and Fawcett, T", 2, ("Fawcett", "T.")),  # an author span without its closing period
    ("Smith, J, Doe, R", 2, ("Doe", "R.")),
    ("Kolkwitz, R. & Krieger, W", 2, ("Krieger", "W.")),
])
def test_a_bare_initial_closes_an_author_span(text: str, count: int, last: tuple[str, str]) -> None:
    from citecheck.reading import names as N

    names = N.scan_authors(text).names
    assert len(names) == count
    assert (names[-1].family, names[-1].given) == last


def test_a_bare_capital_inside_a_reference_still_needs_a_mark_after_it() -> None:
    # "Oliver, R.L. A Cognitive Model": the "A" after the initials is the title's, as before
    rec = read_pdf_record("Oliver, R.L. A Cognitive Model of the Antecedents of Satisfaction Decisions. J. Mark. Res. 17, 460 (1980)")
    assert author_strings(rec) == ["Oliver, R.L."]
    assert rec.title == "A Cognitive Model of the Antecedents of Satisfaction Decisions"


def test_dictionary_words_after_a_family_name_are_no_given_names() -> None:
    rec = read_pdf_record("Tanenbaum, Computer Networks, 2nd Ed. (Prentice Hall 1989)")
    assert not any(a.given == "Computer Networks" for a in rec.author)
    assert "Computer Networks" in (rec.title or "")
    rec = read_pdf_record("Smith, Rose Mary, A study of roses, J. Hort. Sci. 12, 34 (1990)")  # names that are words too
    assert [(a.family, a.given) for a in rec.author] == [("Smith", "Rose Mary")]


def test_a_japanese_author_of_five_characters_before_a_comma() -> None:
    rec = read_pdf_record("木村雄四郞, 石戶谷勉氏の逝去を悼む, 植物硏究雜誌, vol,33, no,10(植物硏究雜誌社, 1958).")
    assert [a.family for a in rec.author] == ["木村雄四郞"]
    assert (rec.title, rec.container_title, rec.volume, rec.year) == ("石戶谷勉氏の逝去を悼む", "植物硏究雜誌", "33", 1958)
    # a five-character title after a Chinese name stays the title's
    rec = read_pdf_record("刘春, 舞蹈新媒体, 北京舞蹈学院学报, 2005.")
    assert [a.family for a in rec.author] == ["刘春"]


def test_an_ampersand_and_a_tilde_range_survive_the_latex_clean_up() -> None:
    # a tilde sent the whole string through pylatexenc, which dropped "&" (a column mark) and made the
    # range's tilde a space: two authors read as one person, the page range lost
    rec = read_pdf_record("北鄕繁 & 鈴木輝之 (1973),鈴木輝之砂と粘土の混合土の土質工學的性 質に關する實驗的硏究,"
                "北海道大學工學部硏究報告 Vol. 68,No. 2,pp. 243~251 (In Japanese).")
    assert [a.family for a in rec.author] == ["北鄕繁", "鈴木輝之"]
    assert rec.page == "243-251"
    from citecheck.reading.cleanup import latex_to_text

    assert latex_to_text("Smith \\& Jones & Brown, Schr{\\\"o}dinger, pp. 12~15") == \
        "Smith & Jones & Brown, Schrödinger, pp. 12-15"


def test_a_research_group_is_still_an_author() -> None:
    rec = read_reference("C. Amsler et al., Particle Data Group, Phys. Lett. B 667, 1 (2008)").record
    assert [n.literal for n in rec.author if n.literal] == ["Particle Data Group"]


@pytest.mark.parametrize(("text", "first"), [
    ("E. G. Bessonov, M. V. Gorbunkov, and A. A. Mikhailichenko, Phys. Rev. ST Accel. Beams 11, 011302 (2008)",
     "E. G. Bessonov"),
    ("E.G. Ström, S. Parkvall, Propagation delay estimation, Proc. GLOBECOM 1994", "E.G. Ström"),
    ("See, e.g., A. B. Author, Phys. Rev. B 45, 13244 (1992)", "A. B. Author"),
    ("E.g., A. Smith, Phys. Rev. B 45, 13244 (1992)", "A. Smith"),
])
def test_initials_e_g_are_no_lead_in(text: str, first: str) -> None:
    assert strip_label(text).startswith(first)


def test_each_author_scan_is_the_callers_own() -> None:
    """Scans are remembered by text; a caller that changes its scan or names changes no other's."""
    text = "A. Smith, B. Jones and C. Brown, Phys. Rev. D 12, 345 (1999)"
    first = scan_authors(text)
    first.names[0].family = "Changed"
    first.names.append(first.names[0])
    first.end = 0
    again = scan_authors(text)
    assert [n.family for n in again.names] == ["Smith", "Jones", "Brown"]
    assert again.end > 0


@pytest.mark.parametrize(("text", "first"), [
    ("Virgo, LIGO Scientific collaboration, B.P. Abbott et al., Observation of Gravitational Waves from a Binary "
     "Black Hole Merger, Phys. Rev. Lett. 116 (2016) 061102 [arXiv:1602.03837].",
     ["Virgo Collaboration", "LIGO Scientific Collaboration", "Abbott"]),
    ("LIGO Scientific, Virgo collaboration, B. P. Abbott et al., GW170817: Observation of gravitational waves "
     "from a binary neutron star inspiral, Phys. Rev. Lett. 119 (2017) 161101.",
     ["LIGO Scientific Collaboration", "Virgo Collaboration", "Abbott"]),
    ("R. Diener, LCTPC Collaboration, Phys. Procedia 37 (2012) 456.", ["Diener", "LCTPC Collaboration"]),
])
def test_collaborations_listed_with_commas_before_the_names_are_authors(text: str, first: list[str]) -> None:
    """INSPIRE's "Virgo, LIGO Scientific collaboration, B.P. Abbott et al.": two collaborations and the
    names, not an inverted name "LIGO Scientific Virgo" with the rest run into the title."""
    rec = read_reference(text).record
    assert [n.literal or n.family for n in rec.author] == first
    assert rec.title is None or "Abbott" not in rec.title


def test_a_collaboration_in_brackets_is_no_title() -> None:
    rec = read_reference("K. Abe et al. (Super-Kamiokande Collaboration), Phys. Rev. D 97, 072001 (2018).").record
    assert rec.title is None and [n.literal or n.family for n in rec.author] == ["Abe", "Super-Kamiokande Collaboration"]


def test_a_title_the_rules_took_for_an_organisation_author_is_still_weighed() -> None:
    rec = read_reference("[2] ATPHTTPD Buffer Overflow Exploit Code. http://www.securiteam.com/exploits/6B00K003GY.html, "
                         "2001.").record
    assert rec.title == "ATPHTTPD Buffer Overflow Exploit Code"


@pytest.mark.parametrize(("text", "families"), [
    ("H. Müller und K. Schmidt, Zur Theorie der Supraleitung, Z. Phys. 120 (1943) 45.", ["Müller", "Schmidt"]),
    ("J. García y M. López, Estudio de la turbulencia, Rev. Mex. Fis. 12 (1963) 100.", ["García", "López"]),
    ("А. А. Абрикосов и Л. П. Горьков, ЖЭТФ 39, 1781 (1960).", ["Абрикосов", "Горьков"]),
    ("J. de Boer en K. Bakker, Over de theorie, Physica 12 (1946) 10.", ["de Boer", "Bakker"]),
])
def test_and_between_the_last_two_names_in_other_languages(text: str, families: list[str]) -> None:
    rec = read_reference(text).record
    assert [" ".join(filter(None, (a.non_dropping_particle, a.family))) or a.family for a in rec.author] == families


@pytest.mark.parametrize("text", [
    "J. Sebastiao e Silva : Math. Ann. 136, 38 (1958).",  # "e" joins the parts of one Portuguese family name
    "Flaches Land und mobiles Subjekt. Zur nach-modernen Landschaft. In: Italienisch 66 (2011), S. 32-50.",
    "Ludolf Kuchenbuch, Bäuerliche Gesellschaft und Klosterherrschaft im 9. Jahrhundert. Wiesbaden 1978.",
])
def test_a_conjunction_before_no_initial_joins_no_names(text: str) -> None:
    rec = read_reference(text).record
    assert not any(a.family in ("Silva", "Land", "Gesellschaft") for a in rec.author)


@pytest.mark.parametrize(("text", "families"), [
    ("Raghunath Ghara, T. Roy Choudhury, and Kanan K. Datta. 21 cm signal from cosmic dawn. MNRAS 447 (2015) 1806.",
     ["Ghara", "Choudhury", "Datta"]),
    ("Harish Vedantham, N. Udaya Shankar, and Ravi Subrahmanyan. Imaging the Epoch of Reionization. ApJ 745 (2012) 176.",
     ["Vedantham", "Shankar", "Subrahmanyan"]),
])
def test_a_given_name_first_list_is_not_read_as_a_two_word_family_name(text: str, families: list[str]) -> None:
    """Not "Ghara, Raghunath, T." with "Roy Choudhury" left over: the first name is given name first."""
    assert [a.family for a in scan_authors(text).names] == families


def test_an_inverted_two_word_family_name_stays_inverted() -> None:
    assert [(a.given, a.family) for a in scan_authors("Van Eck, C. L., Haverkorn, M. 2018, A&A 613, A58").names] == [
        ("C. L.", "Van Eck"), ("M.", "Haverkorn")]


def test_a_collaboration_named_with_a_number_or_six_words() -> None:
    for text, collab in (("Muon g-2 Collaboration, Final Report of the Muon E821 Anomalous Magnetic Moment "
                          "Measurement at BNL, Phys. Rev. D 73 (2006) 072003.", "Muon g-2 Collaboration"),
                         ("LHC Higgs Cross Section Working Group Collaboration, Handbook of LHC Higgs Cross "
                          "Sections: 3. Higgs Properties, 1307.1347.",
                          "LHC Higgs Cross Section Working Group Collaboration")):
        assert [a.literal for a in read_reference(text).record.author] == [collab]


def test_a_title_case_title_ending_in_collaboration_is_no_collaboration() -> None:
    rec = read_reference("Gaver W. The Affordances Of Media Spaces For Collaboration. In Proceedings Of ACM "
                         "Conference On Computer Supported Collaborative Work 1992. pages 17-22.").record
    assert rec.title == "The Affordances Of Media Spaces For Collaboration"


def test_a_short_family_name_that_is_a_title_word_in_a_list() -> None:
    names = scan_authors("Jingying Wang, Haiguang Xu, Tao An, Junhua Gu, and Xiang-Ping Wu. Exploring the Cosmic "
                         "Reionization Epoch").names
    assert [a.family for a in names] == ["Wang", "Xu", "An", "Gu", "Wu"]


@pytest.mark.parametrize(("text", "families"), [
    ("Adrian Liu, MaxTegmark, and Matias Zaldarriaga. Will point sources spoil 21-cm tomography? MNRAS 394, 1575",
     ["Liu", "Tegmark", "Zaldarriaga"]),
    ("Anastasia Fialkov, RennanBarkana, and MatanLotem. Charting the parameter space. MNRAS 472",
     ["Fialkov", "Barkana", "Lotem"]),
    ("A. Smith, B. McDonald, and C. Jones. Title here. Phys. Rev. 1, 2", ["Smith", "McDonald", "Jones"]),
])
def test_a_given_and_family_name_glued_by_the_pdf_in_a_list(text: str, families: list[str]) -> None:
    assert [a.family for a in scan_authors(text).names] == families


@pytest.mark.parametrize(("text", "families"), [
    ("XiaominWang, MaxTegmark, Mário G. Santos, and LloydKnox. 21 cm Tomography with Foregrounds. ApJ, 650, 529",
     ["Wang", "Tegmark", "Santos", "Knox"]),
    ("AviadCohen, Anastasia Fialkov, RennanBarkana, and MatanLotem. Charting the parameter space. MNRAS 472",
     ["Cohen", "Fialkov", "Barkana", "Lotem"]),
    ("JavaScript, The Good Parts. O'Reilly 2008.", []),  # a glued first word, then no name: a title
    ("MaxTegmark and Matias Zaldarriaga. Fast Fourier transform telescope. Phys. Rev. D, 79, 083530",
     ["Tegmark", "Zaldarriaga"]),  # two authors: "and" after the glued first one
    ("TonyPan and RennanBarkana. Measuring the History of Cosmic Reionization. arXiv:1209.5751",
     ["Pan", "Barkana"]),
    ("JavaScript and The Good Parts. O'Reilly 2008.", []),
])
def test_a_glued_first_name_opens_a_given_name_first_list(text: str, families: list[str]) -> None:
    assert [a.family for a in scan_authors(text).names] == families


def test_a_middle_initial_glued_to_the_family_name_in_a_given_name_first_list() -> None:
    names = scan_authors("Takamitsu L. Tanaka, Ryan M.O'Leary, and Rosalba Perna. The imprint of the cosmic").names
    assert [(a.given, a.family) for a in names] == [("Takamitsu L.", "Tanaka"), ("Ryan M.", "O'Leary"),
                                                    ("Rosalba", "Perna")]


def test_and_et_al_ends_the_list_and_is_no_title() -> None:
    raw = ("R. Laureijs, J. Amiaux, S. Arduini, J. Brinchmann, R. Cole, and et al. Euclid Definition Study Report. "
           "ArXiv e-prints, October 2011.")
    rec = read_reference(raw).record
    assert rec.title == "Euclid Definition Study Report"
    assert [a.family for a in rec.author] == ["Laureijs", "Amiaux", "Arduini", "Brinchmann", "Cole"]


@pytest.mark.parametrize(("text", "names"), [
    ("A. Prusak, R, Hubert Roth, and R. Schwarte", [("Prusak", "A."), ("Roth", "Hubert"), ("Schwarte", "R.")]),
    ("N. B. Ellison, C. Steinfield, and C, Lampe", [("Ellison", "N. B."), ("Steinfield", "C."), ("Lampe", None)]),
    ("K. v. Klitzing, G. Dorda, and M. Pepper", [("Klitzing", "K. v."), ("Dorda", "G."), ("Pepper", "M.")]),
    ("Smith, J., Jones, K.", [("Smith", "J."), ("Jones", "K.")]),
    ("Smith J, Jones K, Brown A", [("Smith", "J."), ("Jones", "K."), ("Brown", "A.")]),
])
def test_loose_author_blocks_split_given_first_lists_at_their_commas(text: str,
                                                                     names: list[tuple[str, str | None]]) -> None:
    from citecheck.reading.author_blocks import split_loose_authors
    assert [(n.family, n.given) for n in split_loose_authors(text)] == names


def test_names_the_rules_left_in_their_title_join_the_authors_where_the_labeller_title_is_taken() -> None:
    raw = ("Vikram Khaire, Raghunathan Srianand, Tirthankar Roy Choudhury, and Prakash Gaikwad. The redshift "
           "evolution of escape fraction of hydrogen ionizing photons from galaxies. MNRAS, 457(4):4051–4062, 2016.")
    rec = read_reference(raw).record
    assert rec.title == "The redshift evolution of escape fraction of hydrogen ionizing photons from galaxies"
    assert [a.family for a in rec.author][-2:] == ["Choudhury", "Gaikwad"]


@pytest.mark.parametrize(("block", "families"), [
    ("Bentolila S, Bach JM, Kessler JL, Bordelais C, Weissenbach J, Panthier J",
     ["Bordelais", "Weissenbach", "Panthier"]),
    ("Witten, I. H., Neal R. M., and Cleary J. G.", ["Witten", "Neal", "Cleary"]),
    ("Lind M., Johnson, M. and Sandblad, B.", ["Lind", "Johnson", "Sandblad"]),
    ("Ciardi, B., Ferrara A., Marri S., Raimondo G.", ["Ciardi", "Ferrara", "Marri", "Raimondo"]),
])
def test_an_author_block_the_grammar_stops_in_keeps_the_names_after(block: str, families: list[str]) -> None:
    from citecheck.reading.author_blocks import authors_of_block
    assert [n.family for n in authors_of_block(block)][-len(families):] == families


@pytest.mark.parametrize(("raw", "families"), [
    ("R. J. Shalloo, L. Corner, C. Arran, J. Cowley, G. Cheung, C. Thornton,R .walczak ,and S .M .Hooker ,Nucl "
     ".Instrum .Methods Phys. Res. ,Sect. A829 , 383( 2016 ).", 8),
    ("W. R. FAWOETT et A. LASIA. Can. J. Chem. 59, 3256 (1981);", 2),
    ("Morton, Michael S. Scott. \"Interactive Visual Display Systems and Management Problem Solving.\" Industrial "
     "Management Review 9 (1967): 69-81.", 1),
])
def test_the_labellers_longer_list_is_taken_where_it_goes_on_from_the_rules(raw: str, families: int) -> None:
    assert len(read_reference(raw).record.author) == families
