"""The reviewer never calls a resolved identifier "borrowed" when the citation's text has nothing
that disagrees with its record: a word of the record's title read as the
title (an ADS string naming the collaboration), or the identical title under an odd author field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.index.build import build_index
from citecheck.model import Label, Record
from citecheck.reading.reconcile import assess_reading, reading_mismatch
from citecheck.reading.refparse import parse_reference
from citecheck.verify.compare import identity_mismatch

GEANT4 = {
    "id": "geant4", "type": "article-journal", "title": "Geant4—a simulation toolkit",
    "DOI": "10.1016/S0168-9002(03)01368-8",
    "author": [{"family": "Agostinelli", "given": "S."}, {"family": "Allison", "given": "J."},
               {"family": "Amako", "given": "K."}, {"family": "Apostolakis", "given": "J."}],
    "container-title": "Nuclear Instruments and Methods in Physics Research Section A: Accelerators, "
                       "Spectrometers, Detectors and Associated Equipment",
    "container-title-short": "Nucl. Instrum. Meth. A", "volume": "506", "issue": "3", "page": "250-303",
    "issued": {"date-parts": [[2003, 7]]},
}
ADS = ("Agostinelli S et al and GEANT4, 2003. Nucl. Instrum. Meth., 506, 250. "
       "doi:10.1016/S0168-9002(03)01368-8")
MGB2 = {
    "id": "mgb2", "type": "article-journal", "title": "25Mg NMR study of the MgB2 superconductor",
    "DOI": "10.1103/PhysRevB.65.100518",
    "author": [{"family": "Mali", "given": "M."}, {"family": "Roos", "given": "J."},
               {"family": "Shengelaya", "given": "A."}, {"family": "Keller", "given": "H."},
               {"family": "Conder", "given": "K."}],
    "container-title": "Physical Review B", "volume": "65", "page": "100518",
    "issued": {"date-parts": [[2002]]},
}
#: a comma-laden author field: affiliations where the names should be
ODD_AUTHORS = ("@article{mali, title={25Mg NMR study of the MgB2 superconductor}, author={Physik-Institut,"
               " Universit{\\\"a}t Z{\\\"u}rich and Paul Scherrer Institut, Villigen PSI}, journal={Phys."
               " Rev. B}, volume={65}, pages={100518}, year={2002}, doi={10.1103/PhysRevB.65.100518}}\n")


@pytest.fixture
def index(tmp_path: Path) -> Path:
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in (GEANT4, MGB2)), encoding="utf-8")
    build_index(tmp_path / "i.db", [data])
    return tmp_path / "i.db"


def test_a_word_of_the_records_title_read_as_the_title_is_no_disagreement() -> None:
    cited, found = parse_reference(ADS).record, Record.from_csl(GEANT4)
    assert reading_mismatch(cited, found) is None
    a = assess_reading(cited, found)
    assert a.score == 10.0 and not a.discrepancies and "title not compared" in a.rationale


def test_ads_string_with_the_collaboration_is_exact_not_a_borrowed_doi(index: Path) -> None:
    [v] = Checker(index, sources=[]).check_text(ADS, fmt="text")
    assert v.label is Label.EXACT, (v.label, v.rationale)
    assert v.match is not None and v.match.title == GEANT4["title"]
    assert "belongs to" not in v.rationale


def test_identical_title_is_never_another_work_for_an_odd_author_field(index: Path) -> None:
    [v] = Checker(index, sources=[]).check_text(ODD_AUTHORS, fmt="bibtex")
    assert len(v.citation.fields.author) >= 2  # the affiliations read as two "persons"
    assert v.label is not Label.MAJOR and v.decided_by != "reviewer", (v.label, v.rationale)
    assert "belongs to" not in v.rationale
    assert identity_mismatch(v.citation.fields, Record.from_csl(MGB2)) is None


def test_a_borrowed_doi_under_another_title_is_still_major(index: Path) -> None:
    text = ("@article{x, title={Quantum gravity effects in superconducting magnesium films}, author={"
            "Smith, John and Doe, Jane}, journal={Phys. Rev. B}, volume={65}, pages={100518}, year={2002},"
            " doi={10.1103/PhysRevB.65.100518}}\n")
    [v] = Checker(index, sources=[]).check_text(text, fmt="bibtex")
    assert v.label is Label.MAJOR and "belongs to" in v.rationale


def test_misread_names_are_told_from_people() -> None:
    from citecheck.model import Name
    from citecheck.names import is_misread_name

    assert is_misread_name(Name(family="Physik-Institut", given="Universität Zürich"))
    assert is_misread_name(Name(family="Smith", given="John, Doe, Jane"))
    assert is_misread_name(Name(family="John Smith", given="Jane Doe"))
    assert not is_misread_name(Name(family="Mali", given="M."))
    assert not is_misread_name(Name(family="van der Berg", given="J. P."))
    assert not is_misread_name(Name(literal="ATLAS Collaboration"))
