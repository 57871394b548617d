"""Reading the layouts physics journals print: a year or a title glued to its neighbour by PDF
extraction, Nature's "& Family, I. Title", Proceedings of Science, the series letter written on the
volume (Chinese Physics C's "Phys. Lett., 2005, B629: 20"), ISSNs and a DOI glued to an arXiv
bracket; IOP titles, proceedings and chapters before an abbreviated journal, PTEP article numbers,
INSPIRE's volume-year-issue-page, entries that are only a journal reference.

The strings are of the kinds found in PDF-extracted reference lists (GROBID's training corpus);
none is from the held-out test split.
"""

from __future__ import annotations

import pytest

from citecheck.identifiers import normalize_doi
from citecheck.model import Record
from citecheck.reading.cleanup import clean_reference
from citecheck.reading.combine import read_reference
from citecheck.reading.identifiers import extract_identifiers
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference
from citecheck.venues import series_letter_to_journal
from tests.fakes import read_pdf_record


def read(text: str) -> Record:
    return parse_reference(clean_pdf_text(text)).record


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        # IOP: the year glued to the title
        ("Doe J and Roe R 2013Interferometer design of a detector Phys. Rev. D 88 043007",
         "Doe J and Roe R 2013 Interferometer design of a detector Phys. Rev. D 88 043007"),
        # a capitalised word glued to the abbreviation before the journal's next word
        ("A. Doe, Some accelerometer systems Nucl. Instrum. MethodsPhys. Res. A 556 616",
         "A. Doe, Some accelerometer systems Nucl. Instrum. Methods Phys. Res. A 556 616"),
        # the title's full stop or question mark glued to the journal
        ("Doe, J. Aberrations in temporal imaging.IEEE J. Quantum Electron. 37, 20 (2001).",
         "Doe, J. Aberrations in temporal imaging. IEEE J. Quantum Electron. 37, 20 (2001)."),
        ("Doe, J. Breathers or solitons?Phys. Rev. Lett. 116, 103901 (2016).",
         "Doe, J. Breathers or solitons? Phys. Rev. Lett. 116, 103901 (2016)."),
        # Proceedings of Science and a particle glued to an initial
        ("A. Schmidt,P.deForcrand, PoSLattice 2014 (2015 )209",
         "A. Schmidt, P. de Forcrand, PoS Lattice 2014 (2015) 209"),
        ("R. Doe et al., The OPERA experiment, 2009JINST 4 P04018 .",
         "R. Doe et al., The OPERA experiment, 2009 JINST 4 P04018."),
        ("Milgrom, M.: A modification of dynamics .Astrophys .J .270 ,365 ( 1983)",
         "Milgrom, M.: A modification of dynamics. Astrophys. J. 270, 365 (1983)"),
        # an arXiv id broken at its dot
        ("A.Li,PoS LAT2009 (2009 ) 011 [ arXiv:1002 . 4459[hep-lat] ].",
         "A. Li, PoS LAT2009 (2009) 011 [arXiv:1002.4459[hep-lat]]."),
    ],
)
def test_clean_up(raw: str, cleaned: str) -> None:
    assert clean_pdf_text(raw) == cleaned


@pytest.mark.parametrize(
    "text",
    [
        "Ben Taskar and Daphne Koller. 2012. Discriminative Models. arxiv:cs.LG/1301.0604",
        "A. Doe, On things, math.AG/0101001",
        "Smith J 1999Natur.402..276S",  # a bibcode keeps its year glued
    ],
)
def test_clean_up_leaves_identifiers(text: str) -> None:
    assert clean_pdf_text(text) == text


def test_nature_style_last_author_stops_at_initials() -> None:
    rec = read("Sharma, G., Goswami, P. & Tewari, S. Nernst and magnetothermal conductivity in a "
               "lattice model of Weyl fermions. Phys. Rev. B 93, 035116 (2016).")
    assert [(a.family, a.given) for a in rec.author][-1] == ("Tewari", "S.")
    assert rec.title == "Nernst and magnetothermal conductivity in a lattice model of Weyl fermions"
    assert rec.container_title == "Phys. Rev. B"


def test_full_given_name_before_and_is_kept() -> None:
    rec = read("Smith, J. Robert and Doe, A. Robert. A title here. Nature 4, 5 (2001).")
    assert [a.given for a in rec.author] == ["J. Robert", "A. Robert"]
    assert rec.title == "A title here"


@pytest.mark.parametrize(
    ("text", "volume", "page"),
    [
        ("D. Sexty, PoS LATTICE 2014 (2015) [arXiv:1410.8813 [hep-lat]].", "LATTICE2014", None),
        ("P.deForcrand ,PoS LAT 2009( 2009 ) 010 [arXiv:1005 . 0539[hep-lat] ].", "LAT2009", "010"),
        ("S.Chandrasekharan,PoSLATTICE 2008( 2008) 003 [ arXiv :0810. 2419 [hep-lat]] .", "LATTICE2008", "003"),
    ],
)
def test_proceedings_of_science(text: str, volume: str, page: str | None) -> None:
    rec = read(text)
    assert (rec.container_title, rec.volume, rec.page, rec.title) == ("PoS", volume, page, None)


@pytest.mark.parametrize(
    ("text", "journal", "volume"),
    [
        ("Weldon H A, Doe J. Phys. Rev., 1982, D26: 1394", "Phys. Rev. D", "26"),
        ("LIANG Z T, WANG X N. Phys. Lett., 2005, B629: 20. arXiv:nucl-th/0411101", "Phys. Lett. B", "629"),
        ("Cooray,A .2000 ,Phys .Rev .,D62 ,103506", "Phys. Rev. D", "62"),
        ("A. D. Linde, Chaotic Inflation, Phys.Lett., B129, (1983).", "Phys. Lett. B", "129"),
        ("S. Weinberg, Physica A96, 327 (1979)", "Physica A", "96"),
    ],
)
def test_series_letter_on_the_volume(text: str, journal: str, volume: str) -> None:
    rec = read(text)
    assert (rec.container_title, rec.volume) == (journal, volume)


def test_series_letter_rule() -> None:
    assert series_letter_to_journal("Phys. Rev.", "D62") == ("Phys. Rev. D", "62")
    assert series_letter_to_journal("Phys. Rev. D", "D62") == ("Phys. Rev. D", "62")
    assert series_letter_to_journal("Nature", "B12") == ("Nature", "B12")  # no lettered series
    assert series_letter_to_journal("Phys. Rev.", "62") == ("Phys. Rev.", "62")


def test_issn_is_no_page_and_no_title() -> None:
    rec = read("Nicolis C and Nicolis G 1998 Physical Review E 58 4391-4400 ISSN 1063-651X, 1095-3787 URL "
               "http://link.aps.org/doi/10.1103/PhysRevE.58.4391")
    assert (rec.container_title, rec.volume, rec.page, rec.title) == ("Physical Review E", "58", "4391-4400", None)


def test_doi_glued_to_an_arxiv_bracket() -> None:
    text = ('N. Doe and A. C. Roe, "No simple dual," JHEP 1704, 134 (2017) '
            "doi:10.1007/JHEP04(2017)134[arXiv:1702.01748[hep-th]].")
    ids = extract_identifiers(text)
    assert ids.doi == "10.1007/jhep04(2017)134"
    assert ids.arxiv == "1702.01748"
    rec = read(text)
    assert (rec.container_title, rec.volume, rec.page) == ("JHEP", "1704", "134")
    assert normalize_doi("10.1000/abc(") == "10.1000/abc"


@pytest.mark.parametrize(
    ("text", "journal", "volume", "page"),
    [
        ("Plasma Sources Sci. Technol. 20 (2011) 045002 (11pp)", "Plasma Sources Sci. Technol.", "20", "045002"),
        ("2007 Sci. Technol. Adv. Mater. 8 624", "Sci. Technol. Adv. Mater.", "8", "624"),
    ],
)
def test_journal_only_entry(text: str, journal: str, volume: str, page: str) -> None:
    rec = read(text)
    assert (rec.author, rec.title) == ([], None)
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


@pytest.mark.parametrize(
    "text",
    ["K. Nakajima, Phys. Rev. A 45, 1149 (1992).", "Gustin J. Ap. J. 12, 44 (1999)"],
)
def test_a_name_first_is_no_journal_only_entry(text: str) -> None:
    assert read(text).author


@pytest.mark.parametrize(
    ("text", "journal"),
    [
        ("D.S. Chuu, C.S. Han, J. Phys. G: Nucl. Phys. 3, 555 (1977).", "J. Phys. G: Nucl. Phys."),
        ("J. F. Babb, Advances in Atomic, Molecular, and Optical Physics 59, 1 ( 2010).",
         "Advances in Atomic, Molecular, and Optical Physics"),
        ("M. J. Lighthill, Proceedings of the Royal Society of London A: Mathematical, Physical and "
         "Engineering Sciences 211, 564 (1952).",
         "Proceedings of the Royal Society of London A: Mathematical, Physical and Engineering Sciences"),
        ("A. Doe, Detection of light, Nuclear Instruments and Methods in Physics Research Section A: "
         "Accelerators, Spectrometers, Detectors and Associated Equipment 829, 194 (2016).",
         "Nuclear Instruments and Methods in Physics Research Section A: Accelerators, Spectrometers, "
         "Detectors and Associated Equipment"),
        ("L. Doe, Vortex-assisted photon counts, PhysicalReview B85 , 014505 (2012 ) .", "Physical Review B"),
        ("T. Doe and A. Roe ,InternationalJournal ofModernPhysics A28 , 1350147 ( 2013 ) .",
         "International Journal of Modern Physics A"),
        ("Lyons, D., Cumbee, R. S., & Stancil, P. C. 2017, ApJS, submitted", "ApJS"),
    ],
)
def test_journal_names(text: str, journal: str) -> None:
    rec = read(text)
    assert rec.container_title == journal
    assert rec.title in (None, "Detection of light", "Vortex-assisted photon counts")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("A. Doe, Electrons, holes and phonons, Phys. Rev. 5, 6 (2001).", "Electrons, holes and phonons"),
        ("A. Doe, Heat, Mass and Momentum, Physics and Chemistry of Solids 5, 6 (2001).", "Heat, Mass and Momentum"),
    ],
)
def test_listed_words_in_a_title_stay_there(text: str, title: str) -> None:
    assert read(text).title == title


@pytest.mark.parametrize(
    ("text", "last", "title"),
    [
        ("J. Dilts and D. Maxwell Yamabe Classification and Prescribed Scalar Curvature (2015) arXiv:1503.04172",
         "Maxwell", "Yamabe Classification and Prescribed Scalar Curvature"),
        ("M.Gasperini Tensor perturbations in high-curvature string backgrounds , Phys. Rev.D56( 1997 )",
         "Gasperini", "Tensor perturbations in high-curvature string backgrounds"),
    ],
)
def test_last_name_glued_to_the_title(text: str, last: str, title: str) -> None:
    rec = read(text)
    assert rec.author[-1].family == last
    assert rec.title == title


def test_camel_case_journal_words_only() -> None:
    assert clean_pdf_text("McDonald and DeSalvo, LaTeX in JavaScript") == "McDonald and DeSalvo, LaTeX in JavaScript"
    assert clean_pdf_text("Journalof ComputationalPhysics 229,8333") == "Journal of Computational Physics 229, 8333"


@pytest.mark.parametrize(
    ("mine", "theirs", "named", "inner"),
    [
        # the labeller's title inside the rules' one, the rest names or a journal: taken
        ("D. J. Gross and J. H. Sloan, The quartic effective action", "The quartic effective action", False, True),
        ("Indecomposable fusion products. Nucl. Phys", "Indecomposable fusion products", False, True),
        # cut inside a parenthesis, after a part number, or one word the rules hold with their names
        ("Finite-dimensional representations of U q (C(n + 1)) at arbitrary q",
         "Finite-dimensional representations of U q (C", False, False),
        ("Ionization Yield of Radiations. II. The Fluctuations of the Number of Ions",
         "Ionization Yield of Radiations. II", False, False),
        ("Thermodynamics, gravitational anomalies and cones", "gravitational anomalies and cones", True, False),
    ],
)
def test_inner_title(mine: str, theirs: str, named: bool, inner: bool) -> None:
    from citecheck.reading.combine import _inner_title

    assert _inner_title(mine, theirs, named) is inner


@pytest.mark.parametrize(
    ("text", "families", "journal"),
    [
        ("K. Mannheim Astropart. Phys. 3 (1995) 295.", ["Mannheim"], "Astropart. Phys."),
        ("F. Stecker Phys. Rev. D72 (2005) 107301.", ["Stecker"], "Phys. Rev. D"),
        ("K. Mannheim, R. Protheroe and J. Rachen Phys. Rev. D63( 2001)023003 .",
         ["Mannheim", "Protheroe", "Rachen"], "Phys. Rev. D"),
        ("D. J. Thomson, J. Fluid Mech., 180, 529-556 (1987).", ["Thomson"], "J. Fluid Mech."),
        ("U. Mohideen and A. Roy, Phys. Rev. Lett. 81, 21 (1998).", ["Mohideen", "Roy"], "Phys. Rev. Lett."),
        ("B. Mohammadi and H. Mehraban, J. High Energy Phys. 07 (2011), 089.", ["Mohammadi", "Mehraban"],
         "J. High Energy Phys."),
    ],
)
def test_journal_words_are_no_family_names(text: str, families: list[str], journal: str) -> None:
    rec = read(text)
    assert [a.family for a in rec.author] == families
    assert (rec.container_title, rec.title) == (journal, None)


def test_proceedings_supplements_keep_their_name() -> None:
    rec = read("V. Aynutdinov et al. Nucl. Phys. (Proc. Suppl.) B143 (2005)335 .")
    assert (rec.container_title, rec.volume, rec.page) == ("Nucl. Phys. (Proc. Suppl.) B", "143", "335")
    from citecheck.normalize import canonical_journal

    assert canonical_journal(rec.container_title) == canonical_journal("Nucl. Phys. B Proc. Suppl.")


def test_issue_written_with_n() -> None:
    rec = read("V .Aynutdinov et al .Acoust .Phys .52 N5 ( 2006)495 .")
    assert (rec.container_title, rec.volume, rec.page, rec.title) == ("Acoust. Phys.", "52", "495", None)


def test_six_digit_article_number_glued_to_the_volume() -> None:
    rec = read("Wanner A, Goßler S andDanzmann K 2012 Seismic attenuation system for the AEI 10 m prototype "
               "Class .Quantum Grav .29245007")
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (
        "Seismic attenuation system for the AEI 10 m prototype", "Class. Quantum Grav.", "29", "245007")
    assert [a.family for a in rec.author] == ["Wanner", "Goßler", "Danzmann"]


def test_iop_initial_glued_to_the_family_name() -> None:
    assert clean_pdf_text("Mul F A, RabelingD S and Schimmel A 2015 Title") == "Mul F A, Rabeling D S and Schimmel A 2015 Title"
    assert clean_pdf_text("the ProteinA. construct") == "the ProteinA. construct"  # clean text keeps it


@pytest.mark.parametrize(
    ("text", "arxiv"),
    [
        ("O .Suvorova arXiv .org:hep -ph/9911415( 1999).", "hep-ph/9911415"),
        ("J. Ahrens et al. arXiv.org: astro-ph/0509330 (2005).", "astro-ph/0509330"),
        ('Z. Song and C. Fang, "Edge states of rotation symmetry protected states," arXiv preprint :1708 . 02952 , 2017 .',
         "1708.02952"),
    ],
)
def test_arxiv_written_with_its_site_or_as_a_preprint(text: str, arxiv: str) -> None:
    rec = parse_reference(clean_pdf_text(text)).record
    assert rec.custom.get("arxiv") == arxiv
    assert rec.title is None or "arXiv" not in rec.title


def test_conference_acronym_keeps_its_year() -> None:
    assert clean_pdf_text("Fuwa, Y., 2014. Proceedings of LINAC2014, 112.") == "Fuwa, Y., 2014. Proceedings of LINAC2014, 112."
    assert clean_pdf_text("Doe, Title, APPLIEDPHYSICS LETTERS98 , 201116") == "Doe, Title, APPLIEDPHYSICS LETTERS 98, 201116"


def test_name_ends_before_an_abbreviated_journal_the_table_does_not_know() -> None:
    rec = read("K. Doe Izv. Vyssh. Uchebn. Zaved. Fiz. 5, 12 (1990).")
    assert [a.family for a in rec.author] == ["Doe"]
    assert (rec.container_title, rec.volume, rec.title) == ("Izv. Vyssh. Uchebn. Zaved. Fiz.", "5", None)


@pytest.mark.parametrize(
    ("text", "journal"),
    [
        ("C. Joshi and J.M .Kindel ,Nature ( London)311 ,525 ( 1984).", "Nature"),
        ("E. H. Lieb, Two soluble models of an antiferromagnetic chain,Ann .Phys .( N.Y.)16 ( 1961),407 .", "Ann. Phys."),
        ("A. Einstein, Ann. Phys. (Leipzig) 17, 891 (1905).", "Ann. Phys. (Leipzig)"),  # Annalen, not Annals
    ],
)
def test_place_that_names_no_other_journal(text: str, journal: str) -> None:
    assert read(text).container_title == journal


@pytest.mark.parametrize(("text", "journal", "volume", "issue", "page"), [
    # biblatex's standard styles: "In: Journal Volume.Number (Year), pp. First–Last"
    ('A. Einstein. "On the electrodynamics of moving bodies". In: Annalen der Physik 17.10 (1905), pp. 891-921.',
     "Annalen der Physik", "17", "10", "891-921"),
    ('Storey, John D and Robert Tibshirani (2003). "Statistical significance for genome wide studies". '
     "In: Proceedings of the National Academy of Sciences 100. 16, pp. 9440-9445.",
     "Proceedings of the National Academy of Sciences", "100", "16", "9440-9445"),
    # a section's number before the pages is no volume and issue
    ("Azzam, High Speed Cable Modems, Chapter 14, Section 14.2, pp. 512-518 (McGraw Hill 1997)",
     None, None, None, "512-518"),
])
def test_biblatex_volume_dot_number(text: str, journal: str | None, volume: str | None, issue: str | None,
                                    page: str) -> None:
    rec = parse_reference(text).record
    assert (rec.volume, rec.issue, rec.page) == (volume, issue, page)
    if journal:
        assert rec.container_title == journal


@pytest.mark.parametrize(("text", "title"), [
    # IEEE: the comma inside the closing quote ends the title whatever word follows
    ('F. Schindler, A. M. Cook, and T. Neupert, "Higher-order topological insulators," arXiv preprint, 2017.',
     "Higher-order topological insulators"),
    ('F. Schindler and T. Neupert, "Higher-order topological insulators," unpublished, 2017.',
     "Higher-order topological insulators"),
    # a quoted word inside an unquoted title stays part of it
    ('J. Smith, "Like" and language ideology, J. Ling. 3, 1 (2001).', '"Like" and language ideology'),
])
def test_ieee_quoted_title_before_a_lower_case_word(text: str, title: str) -> None:
    assert parse_reference(text).record.title == title


@pytest.mark.parametrize(("text", "container", "place"), [
    # NLM / Vancouver conference papers: "In: Proceedings; date; place"
    ("Kingma DP, Ba J. Adam: a method for stochastic optimization. In: Proceedings of the 3rd International "
     "Conference on Learning Representations (ICLR); 2015 May 7-9; San Diego, CA.",
     "Proceedings of the 3rd International Conference on Learning Representations (ICLR)", "San Diego, CA"),
    ("Smith J. A study. In: Proceedings of the Annual Meeting of the Society; 2019 Jun; Boston, MA. p. 12-15.",
     "Proceedings of the Annual Meeting of the Society", "Boston, MA"),
])
def test_nlm_conference_dates_and_place_leave_the_container(text: str, container: str, place: str) -> None:
    rec = parse_reference(text).record
    assert rec.container_title == container
    assert place.split(",")[0] in (getattr(rec, "publisher-place", None) or "")


@pytest.mark.parametrize(("raw", "journal", "volume", "page"), [
    # title-less physics entries the rules used to give a title
    ("V. Aynutdinov et al. Physics of Atomic Nuclei , V69, 11( 2006)p1914 .", "Physics of Atomic Nuclei", "69", "1914"),
    ("M. Ambrosioet . al. Astropart. Phys. 19( 2003 )313.", "Astropart. Phys.", "19", "313"),
    ("C. Chiccoli et al., Muon Catal. Fusion 7 (1992) 87.", "Muon Catal. Fusion", "7", "87"),
    ("R. Brun and F. Rademakers, Nucl. Inst. & Meth. in Phys. Res.A ,389 ( 1997)81 .", "Nucl. Inst. & Meth. in Phys. Res. A",
     "389", "81"),
])
def test_journal_only_physics_entries(raw: str, journal: str, volume: str, page: str) -> None:
    from citecheck.reading.combine import read_reference
    rec = parse_reference(clean_pdf_text(raw)).record
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (None, journal, volume, page)
    assert read_reference(raw).record.title is None


@pytest.mark.parametrize(("raw", "names", "title"), [
    ("Aad G et al (ATLAS Collaboration) 2012 Phys. Lett. B 716 1", [("Aad", "G."), ("ATLAS Collaboration", None)], None),
    ("J. P. Perdew, K. Burke, and M. Ernzerhof, ``Generalized gradient approximation made simple,'' Phys. Rev. Lett. 77, "
     "3865–3868 (1996).", [("Perdew", "J. P."), ("Burke", "K."), ("Ernzerhof", "M.")],
     "Generalized gradient approximation made simple"),
    ("G. ’t Hooft, Nucl. Phys. B 72, 461 (1974).", [("’t Hooft", "G.")], None),
])
def test_physics_layouts_group_before_the_year_latex_quotes_curly_particle(
        raw: str, names: list[tuple[str, str | None]], title: str | None) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert [(a.family or a.literal, a.given) for a in rec.author] == names
    assert rec.title == title


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
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title) == ("Title of the paper", container)
    assert (rec.volume, rec.page) == (volume, page)


def test_an_iop_title_of_two_words_before_a_known_journal() -> None:
    rec = read_pdf_record("Author A 2014 Gravitational-wave physics Living Rev. Relativ. 17 4")
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
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title) == (title, book)


@pytest.mark.parametrize(("text", "title", "journal"), [
    # IOP: a journal the table lists without abbreviations right after the title's last word
    ("Pankov S and Dobrosavljevic V 2008 2D-MIT as self-doping of a Wigner-Mott insulator Physica B 403 1440",
     "2D-MIT as self-doping of a Wigner-Mott insulator", "Physica B"),
    ("Pankov S and Dobrosavljevic V 2008 2D-MIT as self-doping of a Wigner-MottinsulatorPhysica B 403 1440",
     "2D-MIT as self-doping of a Wigner-Mottinsulator", "Physica B"),
    # Vancouver: the known tail "Chem Commun" of a longer journal after the title's period is not cut off
    ("Tomko J. A new alkaloid from Mahonia aquifolium (Pursh) Nutt. Collect Czech Chem Commun 1987; 52:242-246.",
     "A new alkaloid from Mahonia aquifolium (Pursh) Nutt", "Collect Czech Chem Commun"),
])
def test_a_journal_without_abbreviations_after_an_iop_title(text: str, title: str, journal: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title) == (title, journal)


@pytest.mark.parametrize("journal", ["Sov. Astron. Lett.", "Tech. Phys. Lett.", "Braz. J. Phys.", "Ukr. J. Phys."])
def test_iop_abbreviated_words_before_a_known_journal_tail(journal: str) -> None:
    # the table knows "Astron. Lett." / "Phys. Lett." / "J. Phys.": the abbreviations before are the journal's too
    rec = read_reference(f"Smith J A and Jones B 2012 Nonlinear waves in a magnetized plasma {journal} 12 345").record
    assert (rec.title, rec.container_title) == ("Nonlinear waves in a magnetized plasma", journal)


@pytest.mark.parametrize("text,volume,issue,page", [
    ("R. Narayanan, Phys. Rev. D 88 (2013) 10, 105030 [arXiv:1307.4969 [hep-th]].", "88", "10", "105030"),
    ("A. Author, Phys. Rev. Lett. 116 (2016) 6, 061102", "116", "6", "061102"),
    ("A. Author, Eur. Phys. J. C 76 (2016) 3, 155", "76", "3", "155"),
    ("A. Author, Phys. Rev. D 88 (2013) no.10, 105030", "88", "10", "105030"),  # INSPIRE's older style, as before
    ("A. Author, JHEP 03 (2015) 001", "03", None, "001"),
    ("A. Author, Phys. Lett. B 716 (2012) 1", "716", None, "1"),
])
def test_inspire_volume_year_issue_page(text: str, volume: str, issue: str | None, page: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.volume, rec.issue, rec.page) == (volume, issue, page)


@pytest.mark.parametrize("text", ["Smith J., 2020, arXiv e-prints, p. arXiv:2001.01234",
                                  "Smith J., 2020, arXiv e-prints, arXiv:2001.01234"])
def test_ads_arxiv_eprints_with_its_p_leave_no_title(text: str) -> None:
    """ADS writes an arXiv paper as "arXiv e-prints, p. arXiv:2001.01234": the "p." is no title."""
    rec = read_reference(text).record
    assert rec.title is None and rec.custom.get("arxiv") == "2001.01234"
    assert read_reference("Smith J. et al., 2021, arXiv e-prints, p. 12, arXiv:2101.00001").record.page == "12"


@pytest.mark.parametrize(("text", "title", "venue"), [
    ("J. Burns, G. Hallinan, and D. Rapetti. FARSIDE: A Low Radio Frequency Interferometric Array on the Lunar "
     "Farside. arXiv e-prints, July 2019.",
     "FARSIDE: A Low Radio Frequency Interferometric Array on the Lunar Farside", "arXiv e-prints"),
    ("Julian B. Muñoz. A Standard Ruler at Cosmic Dawn .arXiv . e-prints, page arXiv:1904.07868 ,Apr 2019.",
     "A Standard Ruler at Cosmic Dawn", None),
])
def test_arxiv_eprints_after_the_title_is_the_venue(text: str, title: str, venue: str | None) -> None:
    """Without the id the ADS venue "arXiv e-prints" stays the venue, not the title's last sentence."""
    rec = read_reference(text).record
    assert (rec.title, rec.container_title) == (title, venue)


@pytest.mark.parametrize(("text", "title", "number"), [
    ("L. Linssen, A. Miyamoto, M. Stanitzki, and H. Weerts, Physics and Detectors at CLIC: CLIC Conceptual Design "
     "Report, CERN-2012-003 (2012), arXiv:1202.5940.",
     "Physics and Detectors at CLIC: CLIC Conceptual Design Report", "CERN-2012-003"),
    ("H. Abramowicz et al., Higgs Physics at the CLIC Electron-Positron Linear Collider, CLICDP-PUB-2016-001 (2016), "
     "arXiv:1608.07538.", "Higgs Physics at the CLIC Electron-Positron Linear Collider", "CLICDP-PUB-2016-001"),
    ("CMS Collaboration, Pileup Jet Identification, CMS Physics Analysis Summary CMS-PAS-JME-13-005 (2013).",
     "Pileup Jet Identification", "CMS-PAS-JME-13-005"),
])
def test_a_laboratorys_report_number_is_no_title_nor_volume(text: str, title: str, number: str) -> None:
    """Any laboratory's number (words, a year, a number), and the note series before it, leave the title."""
    rec = parse_reference(text).record
    assert (rec.title, rec.number, rec.volume) == (title, number, None)


def test_natbib_writes_an_arxiv_paper_as_its_page() -> None:
    """AAS/natbib styles: "Title. arXiv e-prints, page arXiv:1812.10333, Dec 2018": "page" is no title's."""
    rec = read_reference("Zhaoting Chen, Yidong Xu, Yougang Wang, and Xuelei Chen. Stages of Reionization as revealed "
                         "by the Minkowski Functionals. arXiv e-prints, page arXiv:1812.10333, Dec 2018.").record
    assert (rec.title, rec.custom.get("arxiv")) == ("Stages of Reionization as revealed by the Minkowski Functionals",
                                                   "1812.10333")


def test_an_arxiv_preprint_without_its_number_is_a_status_not_a_title_word() -> None:
    rec = read_reference("L. Kayal, V. Sanjay, N. Yewale, A. Kumar, and R. Dasgupta, Focusing of concentric "
                         "free-surface waves, arXiv preprint (2024).").record
    assert (rec.title, rec.year) == ("Focusing of concentric free-surface waves", 2024)


def test_iop_title_then_a_journal_the_table_does_not_know() -> None:
    """IOP puts nothing between title and journal: after a lower-case title word an unknown journal
    opens at its first abbreviated word; after a capitalised one it may open with that word, so no cut
    is made ("… Perspective Landscape Res. 48" stays whole for the record to settle)."""
    rec = read_reference("Abov Y et al 1988 Excitation transfer in a disordered system and trace β-active nuclide "
                         "depolarization Bull. USSR Acad. Sci., Phys. Ser. 52 40").record
    assert (rec.title, rec.container_title) == (
        "Excitation transfer in a disordered system and trace β-active nuclide depolarization",
        "Bull. USSR Acad. Sci., Phys. Ser.")
    rec = read_reference("Pavlis E and Terkenli T 2023 Towards Landscape Conscience: a Geographical Perspective "
                         "Landscape Res. 48 1004").record
    assert rec.container_title is None


def test_a_journal_word_before_the_abbreviation_keeps_the_journal_whole() -> None:
    rec = read_reference("Devic et al., Plant Physiol and Biochem., 35(4) : 331-33, 1997").record
    assert rec.container_title == "Plant Physiol and Biochem" and rec.title is None


@pytest.mark.parametrize(("raw", "journal", "volume", "page"), [
    ("W. Adam, R. Fruhwirth, A. Strandlie and T. Todorov, Reconstruction of electrons with the Gaussian sum filter "
     "in the CMS tracker at LHC, eConf C0303241 (2003) TULT009 [physics/0306087].", "eConf", "C0303241", "TULT009"),
    ("R. Poeschl, “Software Tools for ILC Detector Studies,” eConf C0705302 (2007) PLE104.",
     "eConf", "C0705302", "PLE104"),
    ("A. Salam, Weak and Electromagnetic Interactions, Conf. Proc. C 680519 (1968) 367.",
     "Conf. Proc. C", "680519", "367"),
])
def test_slac_econf_and_conf_proc_c_as_inspire_records_them(raw: str, journal: str, volume: str, page: str) -> None:
    rec = read_reference(raw).record
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)
    assert "eConf" not in (rec.title or "")
