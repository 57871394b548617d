"""What an index declared complete proves: a book or journal where the title would be names no work
(no proof of absence), and a namesake of another initial is never called the cited work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes import closed_world_index

GERHARDT = {"id": "gerhardt", "type": "article", "title": "Curvature flows in semi-Riemannian manifolds",
            "author": [{"family": "Gerhardt", "given": "Claus"}], "issued": {"date-parts": [[2008]]}}


MILLER = {"id": "miller", "type": "article", "title": "Lower order terms in the 1-level density",
          "author": [{"family": "Miller", "given": "Steven J."}], "issued": {"date-parts": [[2006]]}}


NAMESAKE = {"id": "xinfei", "type": "article-journal", "title": "Tuning carrier type and density by Ca-doping",
            "author": [{"family": "Wang", "given": "Zhiyong"}, {"family": "Liu", "given": "Xinfei"}],
            "issued": {"date-parts": [[2010]]}, "container-title": "Applied Physics Letters", "volume": "97",
            "page": "042112"}


@pytest.fixture(scope="module")
def closed_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index declared complete whose records lack the journals and books the references give."""
    return closed_world_index(tmp_path_factory.mktemp("books"), (GERHARDT, MILLER, NAMESAKE))


@pytest.mark.parametrize(("text", "label", "match"), [
    # the book's title is no title of the chapter: the author's work of that year, not confirmed
    ("C. Gerhardt, Geometric Flows (Huai-Dong Cao and Shing-Tung Yau, eds.), Surveys in Differential Geometry, "
     "vol. XII, International Press of Boston, Somerville, MA, 2008, pp. 113--165", "UNVERIFIED", "gerhardt"),
    # a journal abbreviated without periods where the title would be: nothing to look the work up by
    ("S. J. Miller, Int Math Res Notices (2008) Vol. 2008, article ID rnm146, 36 pages", "UNVERIFIED", None),
])
def test_what_names_no_work_is_no_proof_of_absence(closed_world: Path, text: str, label: str,
                                                   match: str | None) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(text, fmt="text")
    assert v.label.value == label, v.rationale
    assert (v.match.id if v.match else None) == match


def test_a_namesake_is_not_called_the_cited_work(closed_world: Path) -> None:
    from citecheck.checker import Checker

    [v] = Checker(index=closed_world, sources=[], offline=True).check_text(
        "Q.-X. Liu et al., 2009 Chinese Phys. B 18 506-515", fmt="text")
    # nothing of Q.-X. Liu's is in the index: the absence, not Xinfei Liu's paper, is the evidence
    assert v.match is None or v.match.id != "xinfei"
    assert "Xinfei" not in v.rationale
