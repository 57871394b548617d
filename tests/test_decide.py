"""Thresholds: loading, validation, round trip, and the score → label rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.decide import (
    Thresholds,
    ThresholdsError,
    load_thresholds,
    save_thresholds,
    score_label,
)
from citecheck.model import Assessment, Discrepancy, Label


def test_shipped_thresholds_load_and_are_ordered() -> None:
    t = load_thresholds()
    assert 0 <= t.minor <= t.exact <= 10
    assert t.source


def test_labels_from_score() -> None:
    t = Thresholds(exact=9.5, minor=3.25, source="test")
    assert score_label(Assessment(score=10, confidence=1), t) is Label.EXACT
    assert score_label(Assessment(score=9.5, confidence=1), t) is Label.EXACT
    assert score_label(Assessment(score=9.49, confidence=1), t) is Label.MINOR
    assert score_label(Assessment(score=3.25, confidence=1), t) is Label.MINOR
    assert score_label(Assessment(score=3.0, confidence=1), t) is Label.MAJOR


def test_major_discrepancy_is_never_exact() -> None:
    t = Thresholds(exact=5.0, minor=1.0)
    a = Assessment(score=9.0, confidence=1,
                   discrepancies=[Discrepancy(field="title", severity="major")])
    assert score_label(a, t) is Label.MINOR
    a.discrepancies = [Discrepancy(field="title", severity="minor")]
    assert score_label(a, t) is Label.EXACT


def test_minor_above_exact_is_rejected() -> None:
    with pytest.raises(ValueError, match="minor"):
        Thresholds(exact=4.0, minor=6.0)


def test_round_trip_keeps_extra_fields(tmp_path: Path) -> None:
    t = Thresholds(exact=9.0, minor=4.5, source="calibrated on val", metrics={"f1": 0.9},
                   weights={"year": 2.0})
    path = tmp_path / "t.json"
    save_thresholds(t, path)
    again = load_thresholds(path)
    assert again == t
    data = json.loads(path.read_text())
    data["fitted_on"] = "bench/val.jsonl"
    path.write_text(json.dumps(data))
    assert load_thresholds(path).model_extra == {"fitted_on": "bench/val.jsonl"}


@pytest.mark.parametrize("content", ["{not json", '{"exact": 3, "minor": 5}', '{"exact": "high"}', "[1, 2]"])
def test_invalid_file_names_the_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad-thresholds.json"
    path.write_text(content)
    with pytest.raises(ThresholdsError, match=r"bad-thresholds\.json"):
        load_thresholds(path)


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ThresholdsError, match=r"nope\.json"):
        load_thresholds(tmp_path / "nope.json")
