"""The stand-in publisher records of benchmarks/pdf_refs_e2e.py, built from a reference's gold fields."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def e2e():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("pdf_refs_e2e_bench", BENCHMARKS / "pdf_refs_e2e.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(BENCHMARKS))


TEXT = "Tegmark M., Silk J., Rees M. J., Blanchard A., Abel T., PallaF .,1997 ,ApJ ,474 ,1"
GOLD = {"authors": "Tegmark M., Silk J., Rees M. J., Blanchard A., Abel T., PallaF .",
        "container-title": "ApJ", "volume": "474", "page": "1", "year": "1997"}


def families(record: dict[str, object]) -> list[str]:
    return [a["family"] for a in record["author"]]  # type: ignore[union-attr,index]


def test_gold_fields_of_pdf_text_are_cleaned_as_that_text_is(e2e):
    # the author string alone shows too few artefacts to be PDF text; the reference it was cut from does
    rec = e2e.record_of("r1", GOLD, TEXT)
    assert families(rec) == ["Tegmark", "Silk", "Rees", "Blanchard", "Abel", "Palla"]
    assert rec["container-title"] == "ApJ" and rec["issued"] == {"date-parts": [[1997]]}


def test_without_the_text_the_gold_is_cleaned_on_its_own(e2e):
    assert "Palla" not in families(e2e.record_of("r1", GOLD))


def test_a_reference_with_nothing_to_find_it_by_has_no_record(e2e):
    assert e2e.record_of("r2", {"authors": "A. Author", "year": "2001"}, "A. Author, 2001") is None
