"""The learned arbiter between the rules' reading and the labeller's, field by field: where the rules
were not written for a layout the labeller's fields are taken, where the labeller keeps only a part of
a journal the rules read whole they are not (reading/arbiter.py, data/arbiter.json)."""

from __future__ import annotations

import pytest

from citecheck.model import Name, Record
from citecheck.reading import arbiter
from citecheck.reading.arbiter import (
    ARBITED,
    FEATURES,
    Context,
    features,
    in_question,
    labeller_better,
)
from citecheck.reading.boundaries import without_title_in_venue, without_venue_in_title
from citecheck.reading.combine import read_reference, weighable

_CTX = Context({"container": 0.98, "title": 0.99}, 0.9, False, 0, True, False, 8)


def test_the_labeller_wins_on_a_layout_the_rules_were_not_written_for() -> None:
    # an em dash between title and journal: the rules run the journal into the title
    reading = read_reference("Smith J. & Doe J. 2010. Quantum dots in optical cavities. — "
                             "Journal of Applied Physics, 12: 45–67.")
    assert reading.record.title == "Quantum dots in optical cavities"
    assert reading.record.container_title == "Journal of Applied Physics"
    assert reading.sources == {"title": "labeller", "container_title": "labeller"}


@pytest.mark.parametrize(("text", "journal"), [
    ("Astropart.Phys .22 ( 2005)339 .", "Astropart. Phys."),  # the labeller reads "Phys ."
    ("J. J. H. Brouwers, J. Engrg. Math., 44, 277-295 (2002).", "J. Engrg. Math."),  # and "Math."
])
def test_the_rules_win_where_the_labeller_keeps_only_the_end_of_a_journal(text: str, journal: str) -> None:
    reading = read_reference(text)
    assert reading.record.container_title == journal and "container_title" not in reading.sources


def test_the_features_see_a_journal_cut_to_its_end() -> None:
    mine, theirs = Record(container_title="Astropart. Phys."), Record(container_title="Phys.")
    x = features("container_title", mine, theirs, False, _CTX)
    assert set(x) == set(FEATURES)
    assert x["theirs_ends_mine"] == x["cut_known"] == x["holds"] == 1.0 and x["mine_known_journal"] == 1.0
    assert x["marginal"] == 0.98 and x["theirs_empty"] == 0.0


def test_only_differing_fields_are_in_question() -> None:
    a = Record(title="Quantum dots in optical cavities", author=[Name(family="Smith")])
    same = Record(title="Quantum Dots in Optical Cavities.", author=[Name(family="SMITH")])
    assert not any(in_question(attr, a, same) for attr in ARBITED)
    assert in_question("title", a, Record(title="Quantum dots"))
    assert in_question("title", a, Record())  # the labeller reads no title: that is a reading too
    assert not in_question("title", a, Record(title="Qd"))  # too short to look the work up by


def test_without_weights_the_arbiter_takes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arbiter, "_weights", lambda: {})
    mine, theirs = Record(title="A rules title that is long"), Record(title="The labeller's own title")
    assert not labeller_better("title", mine, theirs, False, _CTX)


def test_a_part_of_what_the_rules_read_whole_is_not_weighed() -> None:
    rules = Record(title="Nonlinear waves in a magnetized plasma", container_title="Sov. Astron. Lett.")
    assert not weighable("container_title", rules, Record(container_title="Astron. Lett."))
    assert not weighable("title", rules, Record(title="Nonlinear waves in a magnetized plasma Sov"))
    assert not weighable("title", rules, Record(title="p 2711) on the magnetic susceptibility"))
    glued = Record(title="Quantum dots in optical cavities. — Journal of Applied Physics")
    cut = Record(title="Quantum dots in optical cavities", container_title="Journal of Applied Physics")
    assert weighable("title", glued, cut)  # cut where the labeller's journal begins
    assert not weighable("title", Record(title="The use of the rice genome sequence in research"),
                         Record(title="The use of the rice genome sequence", container_title="researchPlant Physiol"))


def test_a_title_run_into_the_publisher_is_weighed_where_the_labeller_read_them_apart() -> None:
    """"An Introduction to quantum field theory, Addison-Wesley, Reading U.S.A. (1995)": the rules ran the
    title into the publisher; the labeller's shorter title is weighed because the rest is its publisher —
    not where the rest is only something the labeller read as a place or a piece of its own journal."""
    glued = Record(title="An Introduction to quantum field theory, Addison-Wesley")
    cut = Record(title="An Introduction to quantum field theory", publisher="Addison-Wesley")
    assert weighable("title", glued, cut)
    korea = Record(title="Its influence on ichthyofauna in the Lake Okjeong, Korea")
    assert not weighable("title", korea, Record(title="Its influence on ichthyofauna in the Lake Okjeong",
                                                container_title="Korea. Korean Journal of Ichthyology"))
    assert not weighable("title", korea, Record(title="Its influence on ichthyofauna in the Lake Okjeong"))


def test_a_book_title_followed_by_its_publisher_is_read_without_it() -> None:
    read = read_reference("M. E. Peskin and D. V. Schroeder, An Introduction to quantum field theory, "
                          "Addison-Wesley, Reading U.S.A. (1995) [INSPIRE].").record
    assert read.title == "An Introduction to quantum field theory"


def test_a_venue_that_runs_from_the_title_to_the_journal_loses_the_title() -> None:
    """NLM names the rules misread ("St TP John") pushed the title into their venue; with the title taken
    from the labeller the venue is the journal alone — but not where a title was cut mid-phrase."""
    rec = read_reference("Davis RW, Thomas M, Cameron J, St TP John, Scherer S, Padgett RA. Rapid DNA isolations "
                         "for enzymatic and hybridization analysis. Methods Enzymol (1980) 65:404-411.").record
    assert (rec.title, rec.container_title) == (
        "Rapid DNA isolations for enzymatic and hybridization analysis", "Methods Enzymol")
    cut = Record(title="II. ESCO-Kongreß in", container_title="II. ESCO-Kongreß in Dubrovnik Andrologia")
    assert without_title_in_venue(cut) is cut


def test_words_both_the_title_and_the_venue_hold_are_the_venues() -> None:
    """The rules' title ran into an abbreviated journal the labeller read whole: its first words are
    cut from the title; where a known journal follows them in the venue, they are the title's."""
    rec = read_reference("Z. Liu, A. Davidson, BAFF inhibition: A new class of drugs for the treatment of "
                         "autoimmunity, Exp. Cell. Res. (2011),").record
    assert (rec.title, rec.container_title) == (
        "BAFF inhibition: A new class of drugs for the treatment of autoimmunity", "Exp. Cell. Res.")
    ran = Record(title="HIV-EP2, a member of the family. Comparison with HIV-EP1/MBP-1",
                 container_title="Comparison with HIV-EP1/MBP-1. J Biol Chem")
    assert (without_venue_in_title(ran).title, without_venue_in_title(ran).container_title) == (
        ran.title, "J Biol Chem")
    apart = Record(title="Neural coding, Neuro", container_title="Neuron")  # part of the venue's word
    assert without_venue_in_title(apart) is apart


def test_a_venue_the_labeller_reads_as_the_title_is_the_title() -> None:
    """"Title, vol. 2, Publisher (Year)": the rules took the title for a journal with a volume and read
    no title; the labeller read it as the title — no known journal, so it is the title."""
    rec = read_reference("S. Weinberg, The Quantum Theory of Fields, vol. 2, Cambridge University Press (1996).").record
    assert (rec.title, rec.container_title, rec.volume) == ("The Quantum Theory of Fields", None, "2")
    journal = read_reference("A. Author, Physical Review Letters, vol. 2, 1996.").record
    assert journal.title is None
