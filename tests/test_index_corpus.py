"""The whole shared corpus in one index: counts, lookups, build time (skipped without the data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex

pytestmark = pytest.mark.corpus


def test_whole_corpus(shared_data: Path, tmp_path: Path) -> None:
    files = sorted((shared_data / "corpus").glob("*.jsonl.gz"))
    stats_json = json.loads((shared_data / "corpus" / "stats.json").read_text(encoding="utf-8"))
    assert len(files) == 8
    stats = build_index(tmp_path / "corpus.sqlite", files)
    assert stats.read == 69_138
    # ids are unique across the corpus; the few skipped items have no title in a script the
    # folding keeps, no identifier and no journal reference (title-only Semantic Scholar rows)
    assert stats.stored + stats.skipped == stats.read and stats.skipped < 20, stats.errors
    assert stats.duplicates == 0
    assert stats.seconds < 60
    index = LocalIndex(tmp_path / "corpus.sqlite")
    assert len(index) == stats.stored
    info = index.info()
    assert info["by_source"]["paperscape/paperscape-data"] == 49_244
    assert isinstance(stats_json, dict)
    rec = index.by_doi("10.1103/PhysRevLett.81.4412")
    assert rec is not None and rec.arxiv == "cond-mat/9805021"
    assert index.by_arxiv("hep-th/9601001") is not None  # a paperscape record
    assert [r.id for r in index.by_journal("Phys. Rev. Lett.", "81", "4412")] == [rec.id]
    hits = index.search("Localization transition of random copolymers at interfaces")
    assert hits[0].id == rec.id
    hits = index.search(None, ["Stepanow", "Sommer"], 1998)
    assert rec.id in [h.id for h in hits]
