"""citecheck.venues: journal keys under which abbreviated and full names coincide, acronyms spelled
out by a name, abbreviations without periods, and what names a meeting or a journal."""

from __future__ import annotations

import pytest

from citecheck.venues import (
    acronym_of,
    canonical_journal,
    dotless_abbreviation,
    journal_key,
    looks_like_venue,
    names_a_meeting_or_journal,
)


def test_abbreviated_and_full_names_share_a_key() -> None:
    assert canonical_journal("Phys. Rev. Lett.") == canonical_journal("Physical Review Letters")
    assert canonical_journal("Phys. Rev. B") != canonical_journal("Phys. Rev. Lett.")
    assert journal_key("The Journal of Chemical Physics") == journal_key("Journal of Chemical Physics")
    assert canonical_journal(None) == ""


def test_looks_like_venue() -> None:
    assert looks_like_venue("Phys. Rev.") and looks_like_venue("Lect")
    assert not looks_like_venue("Vortex pinning in thin films")


@pytest.mark.parametrize(("acronym", "name", "spelled"), [
    ("PIER", "Progress in Electromagnetics Research", True),  # the function word taken
    ("MNRAS", "Monthly Notices of the Royal Astronomical Society", True),  # … or left out
    ("JHEP", "Journal of High Energy Physics", True),
    ("PRL", "Physical Review Letters", True),
    ("PRL", "Review Letters", False),
    ("ABC", "Physical Review Letters", False),
    ("PR", "Physical Review Letters", False),  # every word must be spelled
    ("P", "Physics", False),
])
def test_acronym_of(acronym: str, name: str, spelled: bool) -> None:
    assert acronym_of(acronym, name) is spelled


@pytest.mark.parametrize(("text", "abbreviated"), [
    ("Int Math Res Notices", True),
    ("J Phys Conf Ser", True),
    ("Phys Rev Lett", True),
    ("Am J Physiol", True),
    ("Can We Not Forget", False),  # everyday words that are also abbreviations
    ("Math Models Methods", False),
    ("Quantum Field Theory", False),
    ("Int", False),
])
def test_dotless_abbreviation(text: str, abbreviated: bool) -> None:
    assert dotless_abbreviation(text) is abbreviated
    assert names_a_meeting_or_journal(text) is abbreviated


@pytest.mark.parametrize(("text", "named"), [
    ("Proceedings of the 4th Annual IEEE Communications Society Conference on Sensor Networks", True),
    ("IEEE/IFIP International Conference on Dependable Systems and Networks (DSN-2006)", True),
    ("Physics of Atomic Nuclei", True),
    ("Meeting the challenge of international conference travel", False),
    ("Results from the 2nd international workshop on dark matter", False),
    ("A workshop on quantum gravity", False),
])
def test_names_a_meeting_or_journal(text: str, named: bool) -> None:
    from citecheck.venues import names_a_meeting_or_journal

    assert names_a_meeting_or_journal(text) is named
