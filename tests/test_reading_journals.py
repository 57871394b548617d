"""Reading a reference's journal: its whole name (abbreviated, written out, with commas, series and
sections), what follows it (place, publisher, language) and what is no journal. Strings are made up
in the layouts found in reference lists unless they quote the train split's."""

from __future__ import annotations

import pytest

from citecheck.reading.combine import read_reference
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference
from tests.fakes import read_pdf_record


def test_biblatex_language_field_is_no_venue() -> None:
    rec = parse_reference('Doe, Jane A et al. (2014). "Status of the gene catalogue". eng. In: Nucleic '
                          "Acids Research 42. 3, pp. 10-20.").record
    assert rec.title == "Status of the gene catalogue"
    assert rec.container_title == "Nucleic Acids Research"
    assert [(a.family, a.given) for a in rec.author] == [("Doe", "Jane A")]
    assert rec.volume == "42"


def test_journal_after_the_title_period_without_numbers() -> None:
    rec = parse_reference("Xu, Ying; Zhang, R. B., Quantum correspondences of affine Lie superalgebras. "
                          "Math. Research Lett., in press; arXiv:1607.01142.").record
    assert (rec.title, rec.container_title) == ("Quantum correspondences of affine Lie superalgebras",
                                                "Math. Research Lett")


def test_known_journal_before_pages_glued_to_the_volume() -> None:
    rec = parse_reference("Blom M R and Doets M 2015 Seismic isolation of the injection bench Phys. Proc. "
                          "61641 - 7").record
    assert (rec.title, rec.container_title) == ("Seismic isolation of the injection bench", "Phys. Proc.")


def test_abbreviated_word_before_a_shorter_known_journal() -> None:
    # "Mater. Chem. Phys." is not "Mater" + the journal "Chem. Phys."
    rec = parse_reference("N. Toyoda, H. Kitani, N. Hagiwara et al, Mater. Chem. Phys., 54:262 (1998)").record
    assert (rec.title, rec.container_title) == (None, "Mater. Chem. Phys.")
    rec = parse_reference("N. Toyoda, Grain growth in thin films, Mater. Chem. Phys., 54:262 (1998)").record
    assert (rec.title, rec.container_title) == ("Grain growth in thin films", "Mater. Chem. Phys.")


def test_city_after_a_journal_is_its_place() -> None:
    rec = parse_reference("Nobili G, 1905. Decapodes nouveaux des cotes d'Arabie. Bulletin du Museum National "
                          "d'Histoire Naturelle, Paris, 11:158-164.").record
    assert (rec.container_title, rec.volume) == ("Bulletin du Museum National d'Histoire Naturelle", "11")


def test_society_after_a_journal_is_its_publisher() -> None:
    rec = parse_reference("Mady, M. (2011), 'Seismic behavior of beam-column joints', J. Compos. Constr., ASCE, "
                          "15(6), 875-886.").record
    assert rec.container_title == "J. Compos. Constr."


def test_journal_with_a_comma_in_its_name() -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference("Z. Lu and H. Zhang, Soliton Like Solutions for the Boiti-Leon-Pempinelli Equation ,Chaos ,"
                         "Solitons and Fractals ,19 ( 2004)527 -531").record
    assert rec.title == "Soliton Like Solutions for the Boiti-Leon-Pempinelli Equation"
    assert rec.container_title == "Chaos, Solitons and Fractals"


@pytest.mark.parametrize(("raw", "journal", "volume"), [
    # a series' number before the volume stays the journal's
    ("Markgraf, F. 1930. Diagnoses de Gnetum nouveaux. Bulletin du Museum National d'Histoire Naturelle Ser. 2, "
     "1: 686-687.", "Bulletin du Museum National d'Histoire Naturelle Ser. 2", "1"),
    # a journal whose name ends in "Ser." keeps its volume
    ("S. N. FONER et R. L. HUDSON. Adv. Chem. Ser. 36, 34 (1962).", "Adv. Chem. Ser.", "36"),
    # the language of the journal is no part of its name
    ("Tamura, M. and Tanaka, R., 1997, 'Optical Measurements of Turbulent Diffusion Flames,' Combust. Science and "
     "Technology (in Japanese), Vol. 4, pp. 261-274.", "Combust. Science and Technology", "4"),
])
def test_series_numbers_and_language_notes(raw: str, journal: str, volume: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.volume) == (journal, volume)


def test_review_journal_run_into_the_title() -> None:
    rec = parse_reference("Parthasarathy, S. and Steinberg, D. and Witztum, J.L. (1992) The role of oxidized "
                          "lipoproteins in atherosclerosis Annual Reviews of Medicine, 43, pp. 219 - 225.").record
    assert (rec.title, rec.container_title) == ("The role of oxidized lipoproteins in atherosclerosis",
                                                "Annual Reviews of Medicine")


@pytest.mark.parametrize(("raw", "journal", "publisher"), [
    ("Zrnic, D.S., and Ryzhkov, A.V. (1999). 'Polarimetry for weather surveillance radars.' Bulletin of the American "
     "Meteorological Society, AMS, Vol. 80, No. 3, pp. 389-406.", "Bulletin of the American Meteorological Society", "AMS"),
    ("Plumier, A. (1997), 'The dogbone: back to the future', Engineering Journal-American Institute of Steel "
     "Construction, American Institute Of Steel Construction, Inc., 34, 61-67.",
     "Engineering Journal-American Institute of Steel Construction", "American Institute Of Steel Construction, Inc"),
    ("Onitsuka, K. (2001), 'Strength of lime stabilized Ariake clay', Rep. Fac. Sci. Eng., Saga University, 30(1), "
     "49-63.", "Rep. Fac. Sci. Eng.", "Saga University"),
])
def test_publisher_after_the_journal(raw: str, journal: str, publisher: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.container_title, rec.publisher) == (journal, publisher)


def test_lettered_journal_written_with_a_comma_is_one_name() -> None:
    rec = parse_reference("R.K. Gupta, W. Greiner, Cluster radioactivity, J. Phys. G, Nucl. Part. Phys. 37 (2010) "
                          "115103.").record
    assert rec.container_title == "J. Phys. G, Nucl. Part. Phys."


def test_philosophical_magazine_full_name_with_commas() -> None:
    rec = parse_reference("Pearson, K. 1901. On lines and planes of closest fit to systems of points in space, The "
                          "London, Edinburgh, and Dublin Philosophical Magazine and Journal of Science, 2(11), "
                          "559--572.").record
    assert rec.title == "On lines and planes of closest fit to systems of points in space"
    assert rec.container_title == "The London, Edinburgh, and Dublin Philosophical Magazine and Journal of Science"


@pytest.mark.parametrize(("raw", "title", "journal"), [
    ("Utermohl, H., 1958, Zur Vervollkommnung der quantitativen phytoplankton -Methodik.- Mitt. Internat. Verein. "
     "Limnol., 9, 1-38.", "Zur Vervollkommnung der quantitativen phytoplankton-Methodik", "Mitt. Internat. Verein. Limnol."),
    ("Chen C.T. and Millero F.J. Limnol.Oceanogr. 31, 1986, P.657 –682.", None, "Limnol. Oceanogr."),
])
def test_german_and_limnology_abbreviations(raw: str, title: str | None, journal: str) -> None:
    from citecheck.reading.combine import read_reference
    rec = read_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


@pytest.mark.parametrize(("raw", "journal"), [
    ("Kozawa, T., Onda, A., et al., 2010 : Thermal decomposition of chrysotile-containing wastes in a water vapor "
     "atmosphere, J. Ceram. Soc. Jpn., 118(1384), pp. 1199-1201.", "J. Ceram. Soc. Jpn."),
    ("Kozawa, T., 2010: Thermal decomposition of chrysotile-containing wastes in a water vapor atmosphere, J. Am. Ceram. "
     "Soc. 118, 1199-1201.", "J. Am. Ceram. Soc."),
])
def test_abbreviated_journal_after_the_title_comma_in_author_year(raw: str, journal: str) -> None:
    rec = parse_reference(raw).record
    assert rec.title == "Thermal decomposition of chrysotile-containing wastes in a water vapor atmosphere"
    assert rec.container_title == journal


def test_long_abbreviated_word_starts_a_known_journal() -> None:
    rec = parse_reference("A. Smith, Hurricane relationship Geophys. Res. Lett. 28, 4123 (2001).").record
    assert (rec.title, rec.container_title) == ("Hurricane relationship", "Geophys. Res. Lett.")


@pytest.mark.parametrize(("raw", "title", "journal"), [
    ("Lewis JF, Tabor B. Lung function and surfactant distribution in saline-lavaged sheep given instilled vs. nebulized "
     "surfactant J Appl Physiol 1993; 74:1256-1264.", "Lung function and surfactant distribution in saline-lavaged sheep "
     "given instilled vs. nebulized surfactant", "J Appl Physiol"),
    ("Ghosh P, Amaya M. The structure of an intermediate in class II MHC maturation: CLIP bound to HLA-DR3 Nature 1995; "
     "378:457-462.", "The structure of an intermediate in class II MHC maturation: CLIP bound to HLA-DR3", "Nature"),
    ("Shuman JD, Vinson CR. Evidence of changes in protease sensitivity on DNA binding by CVEBP Science 1990; 249, pages "
     "771-774.", "Evidence of changes in protease sensitivity on DNA binding by CVEBP", "Science"),
    ("Blattner FR, Shao Y. The complete genome sequence of Escherichia coli K-12 Science 1997; 277:1453-62.",
     "The complete genome sequence of Escherichia coli K-12", "Science"),
])
def test_unpunctuated_journal_after_an_abbreviation_or_a_code(raw: str, title: str, journal: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


def test_quote_closing_the_title_is_no_part_of_the_journal() -> None:
    rec = parse_reference("Bude, Heinz (1997), 'Die 'Wir-Schicht' der Generation,' in Berliner Journal fur Soziologie, "
                          "Vol. 7, pp. 197-204.").record
    assert (rec.container_title, rec.volume) == ("Berliner Journal fur Soziologie", "7")


def test_abbreviated_journal_first_layout_keeps_its_journal() -> None:
    rec = parse_reference("Sloane, C. S., Wolff, G. T., 1985. Atmos. Environ., Prediction of ambient light scattering "
                          "using a physical model: Validation with measurements from Detroit, 19, 669.").record
    assert rec.container_title == "Atmos. Environ."


@pytest.mark.parametrize("raw", [
    "O.B. Firsov, Sov. Phys. — JETP 36, 1076 (1959).",
    "Firsov O B 1959 Sov. Phys.—JETP 36 1076",
])
def test_dash_inside_a_known_journal(raw: str) -> None:
    assert parse_reference(clean_pdf_text(raw)).record.container_title == "Sov. Phys. JETP"


def test_a_journal_volume_before_a_last_sentence_stays_a_journal() -> None:
    rec = read_pdf_record("A. Author, Some title, J. Phys. A, vol. 1. Something else, Berlin (2009)")
    assert (rec.title, rec.container_title, rec.volume) == ("Some title", "J. Phys. A", "1")


@pytest.mark.parametrize(("text", "title", "venue"), [
    # a periodical's name and a day's date: its issue (a book has no day)
    ("Science News Letter , Nov. 10, 1934.", None, "Science News Letter"),
    ("The New York Times, 12 March 2004.", None, "The New York Times"),
    ("Quantum Mechanics, 1934.", "Quantum Mechanics", None),
])
def test_a_name_and_a_day_is_a_periodical_issue(text: str, title: str | None, venue: str | None) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title) == (title, venue)


@pytest.mark.parametrize(("text", "journal", "volume", "page"), [
    ("FEBS Letters, Vol. 372, p. 83 (1995)", "FEBS Letters", "372", "83"),  # (train split)
    ("Physical Review Letters, vol. 72, p. 83 (1995)", "Physical Review Letters", "72", "83"),
    ("Artificial Organs, Band 20, Nr. 9 (1996), Seiten 986-990", "Artificial Organs", "20", "986-990"),  # (train split)
])
def test_a_journal_opening_the_reference_has_no_author(text: str, journal: str, volume: str, page: str) -> None:
    rec = read_reference(text).record
    assert rec.author == []
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


@pytest.mark.parametrize(("text", "title", "journal"), [
    # a journal's acronym right after the title, a volume and no page, then an arXiv id
    ("C. Cartier, E.J. Copeland, R. Madden, The graceful exit in pre-big bang string cosmology JHEP 0001 (2000) "
     "arXiv:hep-th/9910169.", "The graceful exit in pre-big bang string cosmology", "JHEP"),
    # no journal's acronym: the number stays the title's
    ("A. Author, HI velocity dispersion in NGC 1058, arXiv:1901.01234 (2019).",
     "HI velocity dispersion in NGC 1058", None),
])
def test_a_known_acronym_before_a_lone_volume_is_the_journal(text: str, title: str, journal: str | None) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title) == (title, journal)


@pytest.mark.parametrize(("text", "title", "journal"), [
    # no volume (in press): an abbreviated journal right after the title, no mark between them
    ("D. H. Ping and S. Hirosawa, Mechanism of grain size refinement by Cu addition J. Appl. Phys. (1999), in press.",
     "Mechanism of grain size refinement by Cu addition", "J. Appl. Phys."),
    ("S. Garoufalidis and R. Kashaev, From state integrals to q-series Math. Res. Lett. (2017).",
     "From state integrals to q-series", "Math. Res. Lett."),
    # a book whose title ends in words of a journal's name keeps its title
    ("C. Kittel, Introduction to Solid State Physics, Wiley, New York, 1996.",
     "Introduction to Solid State Physics", None),
])
def test_an_abbreviated_journal_after_the_title_without_numbers(text: str, title: str, journal: str | None) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title
    assert (rec.container_title or "").rstrip(".") == (journal or "").rstrip(".")


@pytest.mark.parametrize(("text", "journal"), [
    # the head before the numbers opens with an abbreviation and holds only a journal's words: no title
    ("Gavazzi G., Boselli A., 1996, Ap.Lett.& Comm, 35, 1", "Ap. Lett.& Comm"),  # (train split)
    ("N. Toyoda, I. Yamada, Surf. Coat. Tech., 201: 8620 (2007)", "Surf. Coat. Tech."),  # (train split)
    ("Auerbach, et al., 1985, J. Microvasc. Res. 29: 401-411", "J. Microvasc. Res."),  # (train split)
])
def test_an_abbreviated_head_is_the_journal(text: str, journal: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title) == (None, journal)


def test_a_journal_with_a_colon_is_kept_when_volume_and_page_ran_together() -> None:
    rec = read_pdf_record("Gilbert G, Smith T and Doe R 2001 Magnetic properties of layered cuprates "
                "J. Phys.: Condens. Matter 139445 -54")
    assert rec.title == "Magnetic properties of layered cuprates"
    assert rec.container_title == "J. Phys.: Condens. Matter"
    assert rec.publisher is None  # not read as "Place: Publisher"
    assert "139445" in (rec.custom.get("note") or "")


def test_the_korean_cumulative_number_label_is_no_part_of_the_journal() -> None:
    rec = read_pdf_record("김흥규, 'Q방법론의 유용성,' 주관성연구, 통권제1호, pp.15-33, 1996.")
    assert (rec.container_title, rec.page, rec.year) == ("주관성연구", "15-33", 1996)


def test_the_year_repeated_before_a_vancouver_volume_is_no_part_of_the_journal() -> None:
    rec = read_pdf_record("Paik HY, Kim CI, Moon HK. 2008 Dietary Goals and Dietary Guidelines for Korean Adults. "
                "Korean J Nutr 2008;41:887-99.")
    assert (rec.container_title, rec.volume, rec.page, rec.year) == ("Korean J Nutr", "41", "887-899", 2008)


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


@pytest.mark.parametrize(("text", "journal", "volume"), [
    ("R. J. Shalloo et al., Nucl. Instrum. Methods Phys. Res., Sect. A829, 383 (2016).",
     "Nucl. Instrum. Methods Phys. Res., Sect. A", "829"),
    ("R. J. Shalloo et al., Nucl. Instrum. Methods Phys. Res., Sect. B 267, 383 (2009).",
     "Nucl. Instrum. Methods Phys. Res., Sect. B", "267"),
])
def test_a_section_letter_glued_to_the_volume(text: str, journal: str, volume: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume) == (journal, volume)


def test_contrib_is_an_abbreviated_journal_word() -> None:
    rec = read_reference("B. Holst, N. Nettelmann, and R. Redmer, Contrib. Plasma Phys.Volume 47, 368, 2007").record
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (None, "Contrib. Plasma Phys.", "47", "368")


def test_the_journal_head_read_as_a_title_joins_its_series() -> None:
    rec = read_reference("K. W. Luoto, Journal of Combinatorial Theory, Series A 115 (2008) 777-798").record
    assert (rec.title, rec.container_title, rec.volume) == (None, "Journal of Combinatorial Theory, Series A", "115")


def test_an_abbreviated_journal_the_rules_cut_in_two_is_read_whole() -> None:
    rec = read_reference("Matsumoto, M., & Nishimura, T. 1998, ACM Trans. Model. Comput. Simul., 8, 3").record
    assert (rec.title, rec.container_title, rec.volume, rec.page) == (
        None, "ACM Trans. Model. Comput. Simul.", "8", "3")


def test_a_title_of_capitalised_words_before_a_venue_stays_a_title() -> None:
    rec = read_reference("Greisen, E. 2012, AIPS FITS File Format, AIPS Memo 117").record
    assert rec.title == "AIPS FITS File Format"


@pytest.mark.parametrize(("raw", "journal"), [
    ('J. Doe and K. Roe, "Wake fields in planar dielectric structures ,"inAdvanced Accelerator Concepts : Tenth'
     "Workshop . AIPConf. Proc ., Vol.647 ,edited byC . E .Clayton ( AIP, New York,2002 ) pp. 527- 541.",
     "Advanced Accelerator Concepts: Tenth Workshop. AIP Conf. Proc."),
    ("Doe, J. & Roe, K. Measuring the dynamics of waves with time -lenses .InSPIE LASE , 100890J- 100890J"
     "(International Societyfor Opticsand Photonics , 2017 ).", "SPIE LASE"),
    ("J. Doe, Structure of InGaAs wells, InP Journal 5, 10 (2001)", "InP Journal"),
])
def test_an_in_glued_to_the_venue_is_no_part_of_it(raw: str, journal: str) -> None:
    assert read_reference(raw).record.container_title == journal


def test_a_volume_glued_to_the_journal_is_cut_from_it() -> None:
    rec = read_reference("Doe, A., Roe, R. A. & Poe, S. Hydrodynamic theory of transport in Weyl semimetals "
                         ".Proc .Natl Acad .Sci .USA113 , 9463- 9468(2016 ).").record
    assert (rec.container_title, rec.volume) == ("Proc. Natl Acad. Sci.USA", "113")
    from citecheck.venues import journal_reference
    assert journal_reference("PoS LATTICE2015", "2015") == ("PoS LATTICE2015", "2015")
    assert journal_reference("Conference on Lasers, CMK6", "K6") == ("Conference on Lasers, CMK6", "K6")


@pytest.mark.parametrize(("raw", "journal", "record"), [
    ("Doe, D., Roe, L., Poe, R., et al. 2008, Selected Topics in Signal Processing, IEEE Journal of, 2, 707",
     "Selected Topics in Signal Processing, IEEE Journal of", "IEEE Journal of Selected Topics in Signal Processing"),
    ("Doe, G., Roe, A., Poe, M., et al. 2014, Antennas and Wireless Propagation Letters, IEEE, 13, 169",
     "Antennas and Wireless Propagation Letters, IEEE", "IEEE Antennas and Wireless Propagation Letters"),
])
def test_an_inverted_ieee_journal_name_is_read_whole_and_matches_its_record(raw: str, journal: str,
                                                                            record: str) -> None:
    from citecheck.verify.venue import compare_venues
    rec = read_reference(raw).record
    assert (rec.title, rec.container_title) == (None, journal)
    assert compare_venues(journal, record) == "same"
    assert compare_venues(journal, "IEEE Transactions on Antennas and Propagation") == "different"
    # a paper's title before "IEEE" stays the title
    rec = read_reference("Doe, J. 2010, A fast algorithm for sorting, IEEE, 13, 169").record
    assert rec.title == "A fast algorithm for sorting"
