"""citecheck.venues: journal keys under which abbreviated and full names coincide."""

from __future__ import annotations

from citecheck.venues import canonical_journal, journal_key, looks_like_venue


def test_abbreviated_and_full_names_share_a_key() -> None:
    assert canonical_journal("Phys. Rev. Lett.") == canonical_journal("Physical Review Letters")
    assert canonical_journal("Phys. Rev. B") != canonical_journal("Phys. Rev. Lett.")
    assert journal_key("The Journal of Chemical Physics") == journal_key("Journal of Chemical Physics")
    assert canonical_journal(None) == ""


def test_looks_like_venue() -> None:
    assert looks_like_venue("Phys. Rev.") and looks_like_venue("Lect")
    assert not looks_like_venue("Vortex pinning in thin films")
