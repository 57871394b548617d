"""A title-less reference, or one whose first reading took the journal or a meeting for the title,
against an index declared complete: its absence is no evidence, the untitled reading is the last
resort, and authors and year alone never make it EXACT."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.model import Record
from tests.fakes import closed_world_index

LUOTO = {"id": "luoto", "type": "article-journal", "title": "A matroid-friendly basis for the quasisymmetric functions",
         "author": [{"family": "Luoto", "given": "Kurt W."}], "issued": {"date-parts": [[2008]]}}


ONG = {"id": "ong", "type": "paper-conference", "title": "Myopic coding in multiple relay channels",
       "author": [{"family": "Ong", "given": "Lawrence"}, {"family": "Motani", "given": "Mehul"}],
       "issued": {"date-parts": [[2007]]}}


OTHER = {"id": "other", "type": "article-journal", "title": "Quasisymmetric functions and the KP hierarchy",
         "author": [{"family": "Luoto", "given": "Kurt W."}], "issued": {"date-parts": [[2003]]}}


@pytest.fixture(scope="module")
def closed_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index declared complete whose record of the work has no journal, volume or page."""
    return closed_world_index(tmp_path_factory.mktemp("luoto"), (LUOTO, OTHER, ONG))


def test_the_journal_read_as_a_title_is_no_proof_of_absence(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = "K. W. Luoto, Journal of Combinatorial Theory, Series A 115 (2008) 777-798"
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    # his 2008 work, without the journal, volume and page to compare: neither fabricated nor confirmed
    assert v.label.value == "UNVERIFIED" and v.match is not None and v.match.id == "luoto"
    assert "Only the authors and the year could be compared" in v.rationale


def test_the_untitled_reading_is_the_last_resort(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = ("L. Ong and M. Motani, Proceedings of the 4th Annual IEEE Communications Society Conference on "
            "Sensor, Mesh, and Ad Hoc Communications and Networks (SECON 2007), San Diego, CA, pp. 334-343, "
            "Jun. 18-21 2007.")
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert any("search by the authors and year" in line for line in v.evidence)
    assert v.label.value == "UNVERIFIED" and v.match is not None and v.match.id == "ong"


def test_a_title_the_other_reading_lacks_is_still_compared(closed_world: Path) -> None:
    from citecheck.checker import Checker

    text = "K. W. Luoto, Matroids of quantum gravity, Journal of Combinatorial Theory, Series A 115 (2008) 777-798"
    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value != "EXACT"


@pytest.mark.parametrize(("text", "label"), [
    # a title-less reference to a paper in a meeting's proceedings: nothing to look the work up by
    ("E. Alata et al., Proc. 6th European Dependable Computing Conference (EDCC-6), Coimbra (Portugal), "
     "18-20 October 2006, 39-44", "UNVERIFIED"),
    ("M. Cribier, XXII International Conference On Neutrino Physics And Astrophysics (Neutrino 2006), "
     "Santa Fe, New Mexico (2006)", "UNVERIFIED"),
    # a title, absent from an index declared complete: evidence
    ("E. Alata et al., Lessons learned from the deployment of a high-interaction honeypot, "
     "Proc. 6th European Dependable Computing Conference (EDCC-6), Coimbra (Portugal), 2006, 39-44", "MAJOR"),
])
def test_a_meeting_read_as_the_title_is_no_title(closed_world: Path, text: str, label: str) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value == label, v.rationale


@pytest.mark.parametrize(("compared", "label"), [
    (["author", "issued"], "UNVERIFIED"),  # the comparator had nothing else to compare
    ([], "UNVERIFIED"),
    (["author", "issued", "title"], "EXACT"),
    (None, "EXACT"),  # an assessment that does not say what it compared (built by a caller): as before
])
def test_exact_needs_more_than_what_the_comparator_calls_authors_and_year(compared: list[str] | None,
                                                                           label: str) -> None:
    from citecheck.decide import Assessed, Thresholds, decide
    from citecheck.model import Assessment, Candidate, Signals, SourceStatus
    from citecheck.retrieve import Retrieval

    found = Record.model_validate(LUOTO)
    cand = Candidate(record=found, source="index", matched_by="title", signals=Signals())
    a = Assessment(score=10, confidence=0.9, rationale="Matches on authors, year.", compared=compared)
    d = decide([Assessed(cand, found, a)], Retrieval(statuses=[SourceStatus(source="index", status="answered")]),
               Thresholds(exact=9.5, minor=3.0), cited=found)
    assert d.label.value == label
