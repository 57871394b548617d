"""The embedded default index: built on first use into the cache dir, atomically, once."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from citecheck.index import default
from citecheck.index.default import default_index_path, embedded_corpus_path, open_default_index


def test_embedded_corpus_is_shipped_with_licences() -> None:
    path = embedded_corpus_path()
    assert path.is_file() and path.stat().st_size > 1_000_000
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        head = [next(fh) for _ in range(3)]
    assert all(line.startswith("{") for line in head)
    licences = (path.parent / "LICENSES-embedded-corpus.md").read_text(encoding="utf-8")
    assert "Apache License" in licences and "MIT License" in licences
    assert "paperscape" in licences and "not** included" in licences


def test_default_index_builds_once_into_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CITECHECK_INDEX", raising=False)
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path / "cache"))
    path = default_index_path()
    assert path.parent == tmp_path / "cache" and path.is_file()
    assert path.name.startswith("embedded-") and path.suffix == ".sqlite"
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp/WAL leftovers
    mtime = path.stat().st_mtime_ns
    assert default_index_path() == path and path.stat().st_mtime_ns == mtime  # not rebuilt
    index = open_default_index()
    assert len(index) > 19_000
    rec = index.by_doi("10.1103/physrevlett.81.4412")
    assert rec is not None and rec.title == "Localization transition of random copolymers at interfaces"
    assert index.by_arxiv("1706.08310") is not None
    # the ODbL paperscape records are not in the embedded data
    assert "paperscape/paperscape-data" not in index.info()["by_source"]


def test_env_index_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CITECHECK_INDEX", str(tmp_path / "mine.sqlite"))
    assert default_index_path() == tmp_path / "mine.sqlite"


def test_failed_build_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    target = tmp_path / "cache" / "x.sqlite"
    with pytest.raises(RuntimeError, match="stored no records"):
        default._build_atomically(empty, target)
    assert not target.exists() and list(target.parent.iterdir()) == []


def test_concurrent_builds_do_not_corrupt(tmp_path: Path) -> None:
    import threading

    from citecheck.index.search import LocalIndex

    source = Path(__file__).resolve().parent / "data" / "index" / "records.jsonl"
    target = tmp_path / "cache" / "shared.sqlite"
    errors: list[BaseException] = []

    def build() -> None:
        try:
            default._build_atomically(source, target)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=build) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [p.name for p in target.parent.iterdir()] == ["shared.sqlite"]
    assert len(LocalIndex(target)) == 42


def test_format_build_stats(tmp_path: Path) -> None:
    from citecheck.index.build import build_index
    from citecheck.index.cli_support import format_build_stats

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "title": "A title"}\n{oops\n', encoding="utf-8")
    text = format_build_stats(build_index(tmp_path / "x.sqlite", [bad]))
    assert text.startswith("read 2, stored 1, updated 0, duplicates 0, skipped 1; 1 records")
    assert f"{bad}:2: invalid JSON" in text
