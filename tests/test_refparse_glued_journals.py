"""A title running into a journal with no mark between,
where the journal is not written as the abbreviation table lists it — the layouts the damage
benchmark (benchmarks/perturb_robustness.py, "tjglue") read wrong."""

from __future__ import annotations

import pytest

from citecheck.reading.combine import read_reference
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference
from citecheck.venues import abbreviates_known_journal


@pytest.mark.parametrize(("text", "want"), [
    ("Annals Phys.", True),  # Annals of Physics
    ("Commun. Math. Physics", True),
    ("Living Rev. Relativity", True),
    ("Classical Quantum Gravity", True),
    ("Astrophys. J.", True),
    ("Quantum Gravity", False),  # no name of the table
    ("Soft Drop", False),
    ("Theories Annals Phys.", False),  # a title's word before it
    ("N. J.", False),  # initials abbreviate too much
    ("phys. rev.", False),  # a name starts with a capital
])
def test_abbreviation_of_a_known_full_name(text: str, want: bool) -> None:
    assert abbreviates_known_journal(text) is want


@pytest.mark.parametrize(("raw", "title", "journal", "volume"), [
    # a Title Case title, then an abbreviation the table does not list
    ("E. Zohar, M. Burrello, T. Wahl, Fermionic Projected Entangled Pair States and Local U(1) Gauge "
     "Theories Annals Phys. 363 (2015) 385-439.",
     "Fermionic Projected Entangled Pair States and Local U(1) Gauge Theories", "Annals Phys", "363"),
    # a comma layout with an arXiv id and a volume only: the last comma piece ends in a journal
    ("M. Banados, P. G. Ferreira, Eddington's theory of gravity and its progeny Phys. Rev. Lett. 105 "
     "(2010), arXiv:1006.1769.", "Eddington's theory of gravity and its progeny", "Phys. Rev. Lett.", "105"),
    ("N. Yunes, X. Siemens, Gravitational Wave Tests of General Relativity with Ground-Based Detectors and "
     "Pulsar Timing Arrays Living Rev. Relativity 16 (2013), arXiv:1304.3473.",
     "Gravitational Wave Tests of General Relativity with Ground-Based Detectors and Pulsar Timing Arrays",
     "Living Rev. Relativity", "16"),
    # a Title Case title before a one-word known journal, no mark between (a name of the table's words
    # before it would be the journal's own start: "International Journal of Cosmetic Science")
    ("Venter JC, Adams MD, Myers EW, Holt RA. The Sequence of the Human Genome Science 2001; 291:1304-1351.",
     "The Sequence of the Human Genome", "Science", "291"),
    # a two-word title before a known acronym journal (IOP / INSPIRE)
    ("A.J. Larkoski, S. Marzani, G. Soyez and J. Thaler, Soft Drop JHEP 05 (2014) 146 [arXiv:1402.2657].",
     "Soft Drop", "JHEP", "05"),
    # a comma piece that abbreviates a known name, a lone volume and an arXiv id after it
    ("Clifford M. Will, The Confrontation between General Relativity and Experiment, Living Rev. Relativity "
     "17 (2014), arXiv:1403.7377.", "The Confrontation between General Relativity and Experiment",
     "Living Rev. Relativity", "17"),
    # an abbreviated name whose last word is written out, after a lower-case word
    ("Baraud, Y. (2000). Model selection for regression on a fixed design Probab. Theory Related Fields "
     "117 467-493.", "Model selection for regression on a fixed design", "Probab. Theory Related Fields", "117"),
])
def test_title_running_into_a_journal(raw: str, title: str, journal: str, volume: str) -> None:
    rec = parse_reference(raw).record
    assert (rec.title, rec.container_title, rec.volume) == (title, journal, volume)


@pytest.mark.parametrize(("raw", "want"), [
    ("Quantum relativistic Toda chainsJournal of Math. Sciences 80", "Toda chains Journal of Math."),
    ("A model of the self-explanation effectJournal of the Learning Sciences, 2 (1), 1-59.",
     "effect Journal of the"),
    ("Mooney R. Learning plan schemata (with discussion)Statistical Science 7, 457-511.",
     "(with discussion) Statistical Science"),
])
def test_lower_case_word_glued_to_a_journal_is_split(raw: str, want: str) -> None:
    assert want in clean_pdf_text(raw)


def test_camel_case_in_clean_text_is_kept() -> None:
    # no journal's word on the right, and the text shows no other PDF damage: a name, not glue
    assert "getElementById" in clean_pdf_text("J. Smith, Using getElementById in web pages, Web J. 3, 1 (2010).")
    assert "iPhone" in clean_pdf_text("A. Lee, Apps for the iPhone, Mobile Comput. 5, 2 (2011).")


def test_glued_abbreviation_of_a_known_name_reads_whole() -> None:
    rec = read_reference("E. Zohar, M. Burrello, T. Wahl, J. I. Cirac, Fermionic Projected Entangled Pair States "
                         "and Local U(1) Gauge TheoriesAnnals Phys .363 ( 2015)385 -439.arXiv :1507.08837").record
    assert rec.title == "Fermionic Projected Entangled Pair States and Local U(1) Gauge Theories"
    assert rec.container_title == "Annals Phys"


@pytest.mark.parametrize(("raw", "title", "journal"), [
    # Vancouver, the full stop after the title lost and its last word glued to the journal
    ("Barry GF. The use of the Monsanto draft rice genome sequence in researchPlant Physiol 2001; 125: 1164-5.",
     "The use of the Monsanto draft rice genome sequence in research", "Plant Physiol"),
    ("Khoshoo V, LaGarde DC. Injection of botulinum toxin for treating achalasia in childrenJ Pediatr "
     "Gastroenterol Nutr 1997; 24:439-441.",
     "Injection of botulinum toxin for treating achalasia in children", "J Pediatr Gastroenterol Nutr"),
    ("Stefansson E, Wang YH. Intraocular oxygen tension in normal and diabetic dogsAm J Physiol 1989; "
     "256:H1127-H1133.", "Intraocular oxygen tension in normal and diabetic dogs", "Am J Physiol"),
    ("Pfeiffer R, Verrey F. Functional amino acid transporters involved in disulfide bondFEBS Lett 1998; "
     "439:157-162.", "Functional amino acid transporters involved in disulfide bond", "FEBS Lett"),
])
def test_vancouver_title_glued_to_its_journal(raw: str, title: str, journal: str) -> None:
    rec = read_reference(raw).record
    assert (rec.title, rec.container_title) == (title, journal)


def test_a_broken_word_is_mended_before_glued_words_are_split() -> None:
    # "Cam-bridgeUniversity": the line-break hyphen first ("Cambridge"), then the glue
    assert "(Cambridge University Press, 2013)" in clean_pdf_text(
        "A. Author, Condensed matter physics (Cam-bridgeUniversity Press ,2013 )")
