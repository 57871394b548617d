"""A reading set right against the record found (`reading.reconcile.without_misread_title`):
title-less styles leave the parser guessing, and a name, a journal or a fragment of the record's
title it took for the title is no claim of the citation once the record is identified without it.
Verification then compares the repaired reading with the record."""

from __future__ import annotations

import pytest

from citecheck.model import Name, Record, set_year
from citecheck.reading.reconcile import assess_reading, reading_mismatch
from citecheck.verify.compare import assess
from tests.variants import BY_ID


def _physrevlett_citation(title: str | None) -> tuple[Record, Record]:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = Record(title=title, author=[Name(family="Stepanow", given="S."),
                                    Name(family="Sommer", given="J.-U."),
                                    Name(family="Erukhimovich", given="I. Ya.")],
               container_title="Phys. Rev. Lett.", volume="81", page="4412")
    set_year(c, 1998)
    return c, r


@pytest.mark.parametrize("made_up", ["F. B. McLean", "I. Ya. Erukhimovich", "Lect", "Phys. Rev.",
                                     "Juergen Appel, and A. I. Lvovsky", "z"])
def test_title_made_up_by_the_parser_does_not_make_a_journal_reference_major(made_up: str) -> None:
    """Title-less styles: an author name or a journal fragment read as the 'title' is no claim;
    the journal reference identifies the record and the rest agrees."""
    c, r = _physrevlett_citation(made_up)
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert reading_mismatch(c, r) is None


def test_names_read_as_the_title_go_back_to_the_author_list() -> None:
    c, r = _physrevlett_citation("I. Ya. Erukhimovich")
    c.author = c.author[:2]  # the parser took the last author for the title
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale


def test_a_real_looking_other_title_on_a_journal_reference_stays_major() -> None:
    c, r = _physrevlett_citation("Kinks and Particles of Chern-Simons Gravity")
    a = assess_reading(c, r)
    assert any(d.field == "title" and d.severity == "major" for d in a.discrepancies)
    # and a made-up title is still compared when nothing but the title identifies the record
    c, r = _physrevlett_citation("F. B. McLean")
    c.volume, c.page = "80", "1"
    assert any(d.field == "title" for d in assess_reading(c, r).discrepancies)


@pytest.mark.parametrize("journal", ["Physical Review Letters", "physical review letters", "Phys. Rev. Lett."])
def test_the_journal_read_as_the_title_is_the_journal(journal: str) -> None:
    """Title-less style with the journal as the only text segment: it names the venue, not a
    fabricated title."""
    c, r = _physrevlett_citation(journal)
    c.container_title = None
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert reading_mismatch(c, r) is None
    c.page = "4413"
    assert [d.field for d in assess_reading(c, r).discrepancies] == ["page"]


def test_verification_alone_compares_the_reading_as_it_is() -> None:
    """The comparator repairs nothing: the made-up title is compared as cited."""
    c, r = _physrevlett_citation("F. B. McLean")
    assert any(d.field == "title" for d in assess(c, r).discrepancies)
    assert not assess_reading(c, r).discrepancies
