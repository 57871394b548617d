"""citecheck.identifiers: DOI / arXiv normalisation and the identifiers of a record."""

from __future__ import annotations

import pytest

from citecheck.identifiers import (
    arxiv_from_doi,
    normalize_arxiv,
    normalize_doi,
    record_arxiv,
    record_doi,
)
from citecheck.model import Record


@pytest.mark.parametrize("value", [
    "10.1103/PhysRevLett.81.4412", "doi:10.1103/physrevlett.81.4412.",
    "https://doi.org/10.1103/PhysRevLett.81.4412", "https://dx.doi.org/10.1103/PhysRevLett.81.4412",
])
def test_normalize_doi(value: str) -> None:
    assert normalize_doi(value) == "10.1103/physrevlett.81.4412"


def test_normalize_doi_keeps_balanced_brackets() -> None:
    assert normalize_doi("10.1016/0370-2693(86)90419-0).") == "10.1016/0370-2693(86)90419-0"
    assert normalize_doi("not a doi") is None and normalize_doi(None) is None


@pytest.mark.parametrize(("value", "expected"), [
    ("arXiv:2104.14294v2", "2104.14294"), ("https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001"),
    ("10.48550/arXiv.2104.14294", "2104.14294"), ("math.GT/0309136", "math.GT/0309136"),
    ("nothing", None),
])
def test_normalize_arxiv(value: str, expected: str | None) -> None:
    assert normalize_arxiv(value) == expected


def test_the_identifiers_of_a_record() -> None:
    arxiv_doi = Record(DOI="10.48550/arXiv.2104.14294")
    assert arxiv_from_doi("10.48550/arxiv.2104.14294") == "2104.14294"
    assert record_arxiv(arxiv_doi) == "2104.14294" and record_doi(arxiv_doi) is None
    both = Record(DOI="10.1103/X", custom={"arxiv": "arXiv:0704.0001v1"})
    assert record_doi(both) == "10.1103/x" and record_arxiv(both) == "0704.0001"
    assert record_arxiv(Record()) is None and record_doi(Record()) is None
