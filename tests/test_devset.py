"""The development set end to end against the embedded default index: the core pipeline's
acceptance targets (macro-F1 ≥ 0.90 over EXACT/MINOR/MAJOR, faithful citations called MAJOR
< 1 %), on a fresh clone (the dev set and the embedded corpus ship with the repository).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.bench.dataset import BenchItem, read_jsonl
from citecheck.bench.run import run_checker, score_run

DEVSET = Path(__file__).parent / "data" / "bench" / "devset.jsonl"


@pytest.fixture(scope="module")
def metrics() -> dict:
    items: list[BenchItem] = read_jsonl(DEVSET)
    # None: the embedded default index; the dev set is drawn from its records: a closed world
    result = run_checker(items, index=None, covers=("all",))
    assert [r["id"] for r in result.rows] == [i.id for i in items]  # every item answered, in order
    return score_run(result)


def test_devset_covers_every_style_and_label(metrics: dict) -> None:
    assert metrics["n"] == 300
    assert set(metrics["confusion"]) == {"EXACT", "MINOR", "MAJOR"}
    assert len(metrics["by_style"]) >= 10


def test_devset_macro_f1_target(metrics: dict) -> None:
    assert metrics["macro_f1"] >= 0.90, metrics["confusion"]


def test_devset_false_accusations_below_one_percent(metrics: dict) -> None:
    faithful = sum(metrics["confusion"]["EXACT"].values())
    assert metrics["false_accusations"] / faithful < 0.01, metrics["confusion"]["EXACT"]


def test_devset_fabrications_are_caught(metrics: dict) -> None:
    assert metrics["major_recall"] >= 0.97, metrics["confusion"]["MAJOR"]
