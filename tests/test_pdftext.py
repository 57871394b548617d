"""The clean-up pass for PDF-extracted reference text (reading/pdftext.py)."""

from __future__ import annotations

import pytest

from citecheck.reading.pdftext import clean_pdf_text, split_glued
from citecheck.reading.refparse import parse_reference


@pytest.mark.parametrize(("raw", "clean"), [
    ("A. B. Author, Phys .Rev .Lett .104 ,251301 ( 2010).",
     "A. B. Author, Phys. Rev. Lett. 104, 251301 (2010)."),
    ("X. Y, JHEP 03 ( 2009)112 ,doi :10.1088/1126-6708/2009/03/112",
     "X. Y, JHEP 03 (2009) 112, doi:10.1088/1126-6708/2009/03/112"),
    ("Rev .Mod .Phys .,81 :109-162,Jan2009", "Rev. Mod. Phys., 81:109-162, Jan 2009"),
    ("doi: 10.1103/RevModPhys.81.109.URLhttps : //link.aps.org/doi/10.1103/RevModPhys.81.109",
     "doi: 10.1103/RevModPhys.81.109 URL https://link.aps.org/doi/10.1103/RevModPhys.81.109"),
    ("S. Chandrasekha- ran,C.G .Strouthos,Phys .Rev .D 69( 2004 ) 091502[hep - lat/0401002].",
     "S. Chandrasekharan, C.G. Strouthos, Phys. Rev. D 69 (2004) 091502[hep-lat/0401002]."),
])
def test_spacing_and_identifiers(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize(("raw", "clean"), [
    ("Phys. Rev. D58 (1998) 096002", "Phys. Rev. D 58 (1998) 096002"),
    ("Phys. Lett. B429 (1998) 263", "Phys. Lett. B 429 (1998) 263"),
    ("Z. Phys. C72 (1996) 637", "Z. Phys. C 72 (1996) 637"),
    ("Phys. Rev. X5 (2), 021017", "Phys. Rev. X 5 (2), 021017"),
    ("Phys.Rev. D23, 347", "Phys. Rev. D 23, 347"),
    ("Physical ReviewE 56, 4647 (1997)", "Physical Review E 56, 4647 (1997)"),
])
def test_series_letters(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


def test_series_letter_reaches_the_parsed_journal() -> None:
    rec = parse_reference(clean_pdf_text("J. Smith, Phys. Rev. D58 (1998) 096002")).record
    assert rec.container_title == "Phys. Rev. D"
    assert rec.volume == "58"
    assert rec.page == "096002"


def test_glued_words_and_hyphens_in_pdf_text() -> None:
    raw = ("J .Hwang,H. Noh, Classicalevolution andquantum generation in gen - eralized gravity "
           "theories , Phys .Rev.D71( 2005)")
    assert clean_pdf_text(raw) == ("J. Hwang, H. Noh, Classical evolution and quantum generation in "
                                   "generalized gravity theories, Phys. Rev. D 71 (2005)")
    assert clean_pdf_text("X. Jour-nalof Chemical Physics ,12 ,3456 ( 2001) .") == \
        "X. Journal of Chemical Physics, 12, 3456 (2001)."
    assert split_glued("Quantumcriticality") == ("Quantum", "criticality")
    assert split_glued("criticality") is None  # a known word stays


@pytest.mark.parametrize("text", [
    # clean references keep their compounds, hyphens, quotes, chemistry and names
    "Basso, D. M. A sensitive and reliable locomotor rating scale. Journal of neurotrauma 12, 1-21 (1995).",
    "Gurney, M. E. et al. Motor neuron degeneration in mice with a Cu,Zn superoxide dismutase. Science 264, 1772 (1994).",
    "Goldstein, H. Classical Mechanics (Addison-Wesley, 1980). non-linear self-consistent well-known",
    "Smith J A, Jones B C and Brown D 2012 Nature 489 282",
    "Miller, G. 1995. WordNet: A lexical database for English. Communications of the ACM 38 39-41",
    "Nünning, Ansgar. “Towards a Cultural Narratology.” Anglistentag 1999 Mainz: Proceedings. Eds. Bernhard Reitz.",
    "Py, J. (1991). Normativité, conformité et clairvoyance : leurs effets. Cousset, Suisse : DelVal.",
    "Tosco, L. (2017). The EMPaCT Classifier. European Urology Focus, art.nr. S2405-4569(17)30002-0.",
])
def test_clean_text_is_left_alone(text: str) -> None:
    assert clean_pdf_text(text) == text


def test_ligatures_and_lookalikes() -> None:
    assert clean_pdf_text("Information deﬁcits, Рhys. Rev. B 12, 3 (2001)") == \
        "Information deficits, Phys. Rev. B 12, 3 (2001)"


def test_glued_and_before_the_last_author() -> None:
    from citecheck.reading.pdftext import clean_pdf_text

    assert clean_pdf_text("V. Mateu, andI .W .Stewart ,Phys .Rev .D83 ,074021 ( 2011)").startswith(
        "V. Mateu, and I.W. Stewart, Phys. Rev. D 83")
    assert "& Steyvers" in clean_pdf_text("Griffiths, T. L., &Steyvers, M. (2004).")
    assert "Anderson" in clean_pdf_text("Anderson P W 1958 Phys. Rev. 109 1492")  # a name starting "And"
    assert "Nucl. Instrum." in clean_pdf_text("C. Thornton,R .walczak ,and S .M .Hooker ,Nucl .Instrum .Methods")


@pytest.mark.parametrize(("raw", "clean"), [
    ("Smith R. J., Glover S. C. O., KlessenR .S .,2012 ,MNRAS ,424 ,457",
     "Smith R. J., Glover S. C. O., Klessen R.S., 2012, MNRAS, 424, 457"),
    ("Tegmark M., Abel T., PallaF .,1997 ,ApJ ,474 ,1", "Tegmark M., Abel T., Palla F., 1997, ApJ, 474, 1"),
    ("Lee I Y and MacchiavelliA O 2004 Phys .Rev .Lett .92 032501",
     "Lee I Y and Macchiavelli A O 2004 Phys. Rev. Lett. 92 032501"),
])
def test_initial_glued_to_its_surname(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize("text", [
    # a journal's own capitals, chemical formulae, units: no initial to split off
    "Katsonis,K .,Maynard ,G .,& Janev ,R .K .1991 ,PhyS ,T37 ,80",
    "Growth of InGaAs and GaN layers ,J .Cryst .Growth 12 ,34 ( 2001).",
])
def test_no_initial_split_out_of_other_capitals(text: str) -> None:
    cleaned = clean_pdf_text(text)
    assert "Phy S" not in cleaned and "InGa As" not in cleaned and "Ga N" not in cleaned


@pytest.mark.parametrize(("raw", "clean"), [
    ("G. Fiorentini and G. Torelli, Il Nuovo Cimento 36 A (1976) 317.",
     "G. Fiorentini and G. Torelli, Il Nuovo Cimento A 36 (1976) 317."),
    ("A. Author, Nuovo Cim. 12B, 34 (1972)", "A. Author, Nuovo Cim. B 12, 34 (1972)"),
])
def test_series_letter_after_the_volume(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize(("word", "split"), [
    ("noninteger", None),  # a prefixed word the list lacks stays one word
    ("nonsingular", None),
    ("inflaton", None),  # not "in flat on"
    ("Quantumcriticality", ("Quantum", "criticality")),
    ("forthe", ("for", "the")),
])
def test_glued_word_splits(word: str, split: tuple[str, ...] | None) -> None:
    assert split_glued(word) == split


@pytest.mark.parametrize(("raw", "clean"), [
    ("Altschul SF, Madden TL, SchÃ¤ffer AA, Zhang J. Gapped BLAST. Nucleic Acids Res 1997; 25:3389-3402.",
     "Altschul SF, Madden TL, Schäffer AA, Zhang J. Gapped BLAST. Nucleic Acids Res 1997; 25:3389-3402."),
    ("TramÃ¨r M, Reynolds DJM. Effect of covert duplicate publication. BMJ (1997) 315:635-40.",
     "Tramèr M, Reynolds DJM. Effect of covert duplicate publication. BMJ (1997) 315:635-40."),
])
def test_text_decoded_with_the_wrong_code_page(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


def test_real_accents_are_left_alone() -> None:
    text = "São Paulo J, Ângela M. Naïve café models. Rev. Bras. Ensino Fís. 12, 34 (2001)."
    assert clean_pdf_text(text) == text


def test_title_closed_by_a_parenthesis_glued_to_the_journal() -> None:
    raw = "Zhang, R. B., Universal L operator of the quantum supergroup Uq ( gl(m/n)).J .Math .Phys .33 ( 1992)"
    assert "(gl(m/n)). J. Math. Phys. 33" in clean_pdf_text(raw)
    assert clean_pdf_text("Title (in Russian).Nauka, Moscow") == "Title (in Russian).Nauka, Moscow"


@pytest.mark.parametrize(("raw", "want"), [
    # TeX's accents as pdftotext leaves them: a spacing accent before its letter, or a combining one
    # after a space (on the vowel beside it)
    ("J. Derezi´nski, V. Jaksi´c", "J. Dereziński, V. Jaksić"),
    ("E. Schr¨odinger, Die gegenwa ̈rtige Situation", "E. Schrödinger, Die gegenwärtige Situation"),
    ("F Guill ́en, Rodr´ıguez, Dˇzeroski", "F Guillén, Rodríguez, Džeroski"),
    ("Editions Fronti`eres, ¨Uber die Theorie", "Editions Frontières, Über die Theorie"),
    ("in Minsky`s book", "in Minsky`s book"),  # a backtick as an apostrophe stays
    # a quotation mark through a wrong code page (arXiv PDFs)
    ("EddingtonâĂŹs theory, Comment on âĂĲGauss-Bonnet inflationâĂİ",
     "Eddington’s theory, Comment on “Gauss-Bonnet inflation”"),
    # a dropped ligature, where the joined word is known and the two parts are not both words
    ("Image classi cation with e ective networks of in uence", "Image classification with effective networks of influence"),
    ("a ow of the field", "a ow of the field"),
])
def test_pdf_characters_repaired(raw: str, want: str) -> None:
    assert clean_pdf_text(raw) == want


@pytest.mark.parametrize(("raw", "want"), [
    # a list number left before the first author
    ("11 E. W. Becker, K. Bier, and W. Henkes, Z. Physik, 146: 333 (1956)", "E. W. Becker, K. Bier,"),
    ("37 Cluxton, R. J., Title", "Cluxton, R. J., Title"),
    ("2011 Nonlinearity 24 1975", "2011 Nonlinearity 24 1975"),  # a year, not a list number
    # "and" glued to a family name it follows
    ("M.C .Gonzalez -Garciaand M .Maltoni ,Phys .Rep .460 ,1( 2008 )", "Gonzalez-Garcia and M. Maltoni"),
    ("Kostrov BV, Das S, Buland R. 1987. Title", "Buland R."),  # a name ending in "and" stays
    ("J. Holland and M. Smith, Title", "J. Holland and M. Smith"),
    # a name no word list holds, after an initial
    ("P. Parthasarathyand R. Sudhesh,Applied MathematicsLetters19 ,1083 ( 2006 ).", "Parthasarathy and R. Sudhesh"),
    ("A. Bertrand R. Smith, Title", "A. Bertrand R. Smith"),
])
def test_list_numbers_and_glued_and(raw: str, want: str) -> None:
    assert want in clean_pdf_text(raw)


def test_journal_word_broken_before_a_glued_series_letter() -> None:
    # "Physical Re -viewD42": the line-end hyphen inside "Review", the series letter glued to the volume
    assert "Physical Review D 42, 1829" in clean_pdf_text('M. Rosing and W. Gai, "Wake-field effects in '
                                                          'dielectric structures ,"Physical Re -viewD42 , 1829- 1834(1990 );')


def test_one_word_journal_glued_to_its_volume() -> None:
    # "Optica1 , 119": a journal the table knows, glued to its volume
    assert "Optica 1, 119" in clean_pdf_text("Wong, T. C. & Trebino, R. Single-shot measurement of "
                                             "supercontinuum. Optica1 , 119- 124(2014 ).")


def test_low_quotation_mark_drawn_for_a_comma() -> None:
    # some PDF fonts draw the comma as "‚" (U+201A): between names it is a comma; a German opening quote stays
    assert clean_pdf_text("Lamarque J.F. ‚ T. C. Bond‚ V. Eyring. Title") == "Lamarque J.F., T. C. Bond, V. Eyring. Title"
    assert "‚Quelle‘" in clean_pdf_text("A. Autor, Die ‚Quelle‘ der Physik, Z. Phys. 1, 2 (1920).")


@pytest.mark.parametrize(("raw", "clean"), [
    ("Sano T. ,InutsukaS . ,TurnerN . J. ,2004, ApJ, 605, 321", "Sano T., Inutsuka S., Turner N. J., 2004, ApJ, 605, 321"),
    ("P Schwendimann, C Ciuti, andA Quattropani ,Phys .Rev .B ,68", "P Schwendimann, C Ciuti, and A Quattropani, Phys. Rev. B, 68"),
    ("Stinson G. S.,Maccì o A. V., Penzo C.", "Stinson G. S., Maccìo A. V., Penzo C."),
    ("Dutton A. A. ,MaccìoA . V. ,2014, MNRAS, 441, 3359", "Dutton A. A., Maccìo A. V., 2014, MNRAS, 441, 3359"),
])
def test_pdf_name_glue(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


def test_given_name_is_not_split_as_a_glued_word() -> None:
    raw = ("Zili Zhou, Giulia Frucci, Francesco Mattioli, Alessandro Gaggero,Roberto Leoni ,Saeedeh Jahanmirinejad ,"
           'andAndrea Fiore , "Ultrasensitive photon autocorrelator ," PhysicalReviewLetters 110 , 133605 (2013) .')
    assert "Francesco Mattioli" in clean_pdf_text(raw)
    rec = parse_reference(clean_pdf_text(raw)).record
    assert rec.title == "Ultrasensitive photon autocorrelator"
    assert rec.container_title == "Physical Review Letters"


@pytest.mark.parametrize(("raw", "clean"), [
    ("Kharif C. Optical roguewavesNature 450 1054 (2007)", "Kharif C. Optical roguewaves Nature 450 1054 (2007)"),
    ("Smith A. The DNA of bacteriophage T4Nature (1970) 227 680", "Smith A. The DNA of bacteriophage T4 Nature (1970) 227 680"),
    ("Perillo NL. Apoptosis of T cells mediated by galectin-1Nature 1995; 378: 736-9.",
     "Perillo NL. Apoptosis of T cells mediated by galectin-1 Nature 1995; 378: 736-9."),
])
def test_known_journal_glued_to_a_word_or_a_number(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize("raw", ["Smith J. Structure of the H2Ofield in ice. X 1 (2000) 1.",
                                 "Jones K. Our Boeing747Service study. Y 2 (2001) 2."])
def test_no_split_before_a_word_that_starts_no_known_journal(raw: str) -> None:
    assert clean_pdf_text(raw) == raw


@pytest.mark.parametrize(("raw", "clean"), [
    ("Nucl .Part .Phys .Proc .273 -275( 2016)1121", "Nucl. Part. Phys. Proc. 273-275 (2016) 1121"),
    ("Pylos( Greece)1993 ;DESY -94-049", "Pylos (Greece) 1993 ;DESY-94-049"),
    ("Sub -10fs pulse", "Sub -10fs pulse"),
])
def test_space_slid_before_a_range_hyphen(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize(("raw", "clean"), [
    ("decay form factors for mc = ∞Phys .Lett .B252 ( 1990)456 .", "decay form factors for mc = ∞ Phys. Lett. B 252 (1990) 456."),
    ("semileptonic decay Λ b → Λ c ¯ νPhys .Rev .D79 ( 2009)014023", "semileptonic decay Λ b → Λ c ¯ ν Phys. Rev. D 79 (2009) 014023"),
    ("at arbitrary qJ. Phys.A 26 ( 1993)", "at arbitrary q J. Phys. A 26 (1993)"),
    ("exact calculations on a chain of spins 1 2Physica 36 ( 1967),377 .",
     "exact calculations on a chain of spins 1 2 Physica 36 (1967), 377."),
    ("with Matrix Product StatesPoS LATTICE2014 ( 2014)302 .", "with Matrix Product States PoS LATTICE2014 (2014) 302."),
    ("between General Relativity and ExperimentLivingRev .Relativity 17 ( 2014)",
     "between General Relativity and Experiment Living Rev. Relativity 17 (2014)"),
    ("Lattice Gauge TheoriesAnnalenPhys .525 ( 2013)777 -796.", "Lattice Gauge Theories Annalen Phys. 525 (2013) 777-796."),
    ("D. J. C. MacKay, J. Phys. A 1, 2 (2000)", "D. J. C. MacKay, J. Phys. A 1, 2 (2000)"),
    ("Eur.Phys.J. C 76 (2016)", "Eur. Phys. J. C 76 (2016)"),
])
def test_journal_glued_to_a_symbol_a_short_word_or_a_title_word(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize(("raw", "clean"), [
    ("Deformable templates for face recognitionJournal of Cognitive Neuroscience,3(1) 59-70",
     "Deformable templates for face recognition Journal of Cognitive Neuroscience, 3(1) 59-70"),
    ("Indexing by latent semantic analysisJournal of the American Society for Information Science , 41 ,391-407.",
     "Indexing by latent semantic analysis Journal of the American Society for Information Science, 41, 391-407."),
    ("Rosenwald A ,Boldrick JC, Sabet H ,Tran T ,Yu X.Distinct types of diffuselarge B-cell lymphoma",
     "Rosenwald A, Boldrick JC, Sabet H, Tran T, Yu X. Distinct types of diffuse large B-cell lymphoma"),
])
def test_glued_journal_of_and_a_vancouver_name_kept_whole(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


@pytest.mark.parametrize(("raw", "clean"), [
    ("[GEANT4 Collaboration], GEANT4: A Simulation toolkit", "[GEANT4 Collaboration], GEANT4: A Simulation toolkit"),
    ("PHYSICS LETTERS7 (1990) 1", "PHYSICS LETTERS 7 (1990) 1"),
    ("PHYSICAL REVIEW LETTERS98 , 1 (2007)", "PHYSICAL REVIEW LETTERS 98, 1 (2007)"),
])
def test_program_version_stays_glued_a_journal_volume_does_not(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


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


def test_acronym_journal_glued_to_a_unit() -> None:
    assert "1.6 GHz A&A 470" in clean_pdf_text("X. Liu et al., VLBI observations at 1 .6 GHzA&A 470,97 (2007).")


def test_the_clean_up_of_a_string_is_remembered() -> None:
    text = "A. Einstein, Phys .Rev .47 ,777 (1935) -- eighth session"
    first = clean_pdf_text(text)
    hits = clean_pdf_text.cache_info().hits
    assert clean_pdf_text(text) == first == "A. Einstein, Phys. Rev. 47, 777 (1935) -- eighth session"
    assert clean_pdf_text.cache_info().hits == hits + 1


def test_many_identifiers_are_left_as_they_are_and_few_are_protected() -> None:
    # past 200 identifiers a string is not a reference: nothing is protected (as before)
    many = " ".join(f"arXiv:{1000 + i}.{10000 + i}" for i in range(220)) + " Phys .Rev .47 ,777"
    assert clean_pdf_text(many).endswith("Phys. Rev. 47, 777")
    few = "A. Author, Phys .Rev .47 ,777 (1935), doi:10.1103/PhysRev.47.777 ,arXiv:1002.4459 [hep-ph]"
    out = clean_pdf_text(few)
    assert "doi:10.1103/PhysRev.47.777" in out and "arXiv:1002.4459 [hep-ph]" in out
    assert out.startswith("A. Author, Phys. Rev. 47, 777 (1935)")


@pytest.mark.parametrize(("raw", "clean"), [
    ("S. Hein-emeyer, S. Liebler, T .Stefa-niak and G. Weig- lein, HL-LHC", "S. Heinemeyer, S. Liebler, T. Stefaniak and G. Weiglein, HL-LHC"),
    ("R. Subrah -manyan, and others.", "R. Subrahmanyan, and others."),
    ("Matthew McQuinn, Matias Zald-arriaga, Lars Hernqu-ist, and", "Matthew McQuinn, Matias Zaldarriaga, Lars Hernquist, and"),
    ("Bradley Greig and Andrei Mesi -nger. Simultaneously", "Bradley Greig and Andrei Mesinger. Simultaneously"),
])
def test_family_name_broken_at_a_line_end_is_joined(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw, True) == clean


@pytest.mark.parametrize("raw", [
    "Smith AB, Jones C. Self-consistent field theory of polymers",  # a compound after an initial
    "A. Ewall-Wice, A. de Oliveira-Costa, M. Johnston-Hollitt",  # a name's second part is capitalised
    "Casimir-Like Force Aris-ing from Quantum Fluctuations",  # "Force" is no given name in a list
    "Maas, A. Twoandthree-point Green's functions",  # glued words before a word: no name's pieces
])
def test_compounds_and_double_names_keep_their_hyphen(raw: str) -> None:
    assert clean_pdf_text(raw, True) == raw.replace("Aris-ing", "Arising")


@pytest.mark.parametrize(("raw", "clean"), [
    ("A. H. Patil, L. V. E. Koopmans, A. G. deBruyn, M. A. Brentjens", "A. H. Patil, L. V. E. Koopmans, A. G. de Bruyn, M. A. Brentjens"),
    ("vanHaasteren, R., & Levin, Y. 2013, MNRAS, 428, 1147", "van Haasteren, R., & Levin, Y. 2013, MNRAS, 428, 1147"),
    ("Willem Elbers and Rien van deWeygaert. Persistent", "Willem Elbers and Rien van de Weygaert. Persistent"),
    ("P.deForcrand, J.van der Meer", "P. de Forcrand, J. van der Meer"),
    ("Searches for diHiggs production at the LHC", "Searches for diHiggs production at the LHC"),
])
def test_particle_glued_to_a_family_name(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw, True) == clean


@pytest.mark.parametrize(("raw", "want"), [
    ("X. Chen and,, J. Miralda-Escudé. The Spin-Kinetic Temperature Coupling. ApJ, 602:1–11, 2004",
     "X. Chen and J. Miralda-Escudé. The Spin-Kinetic Temperature Coupling. ApJ, 602:1–11, 2004"),
    ("J. Fadili, and . N. Aghanim. SZ and CMB reconstruction", "J. Fadili, and N. Aghanim. SZ and CMB reconstruction"),
    ("E. Chachoua, and , A. Moss, Elastic properties", "E. Chachoua, and A. Moss, Elastic properties"),
    ("Rajesh Mondal, Prakash,, Sarkar, and Varun Sahni", "Rajesh Mondal, Prakash, Sarkar, and Varun Sahni"),
    ("Nature,, Astronomy, 7, 611", "Nature, Astronomy, 7, 611"),
])
def test_stray_commas_and_periods_go(raw: str, want: str) -> None:
    assert clean_pdf_text(raw) == want


def test_a_word_that_starts_with_and_is_not_the_joint() -> None:
    assert clean_pdf_text("K. Jones and. Andrew, Title") == "K. Jones and Andrew, Title"
    assert clean_pdf_text("K. Jones, andrew. Title") == "K. Jones, andrew. Title"


def test_a_spacing_accent_after_a_space_inside_a_name_joins_it() -> None:
    from citecheck.reading.pdftext import clean_pdf_text
    assert clean_pdf_text("V. Smol ˇci ´c, K. Jahnke") == "V. Smolčić, K. Jahnke"
    assert clean_pdf_text("J ´er´emy Blaizot, L´eo Michel") == "Jérémy Blaizot, Léo Michel"
    assert clean_pdf_text("Zur ¨Uber die Schr¨odinger") == "Zur Über die Schrödinger"  # a word's capital: its own word
