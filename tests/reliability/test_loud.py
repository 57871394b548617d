"""Failures are loud: a broken index, a damaged cache and unreadable entries never pass as clean."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.entries import read_text
from citecheck.index import default as default_index
from citecheck.index.build import build_index
from citecheck.index.health import check_index
from citecheck.index.search import IndexDamagedError, IndexOpenError
from citecheck.llm.base import Message, Usage
from citecheck.llm.cached import CachedModel
from citecheck.llm.schemas import JudgeAnswer
from citecheck.model import Record
from citecheck.sources.cache import CachedSource, ResponseCache, cache_clear, cache_info
from citecheck.sources.local import LocalIndexSource
from tests.fakes import (
    MemorySource,
    closed_world_index,
    damage_middle_page,
    many_works,
    works_batch,
)

BIB = "@article{a, title={A Title Long Enough To Be Checked}, author={Doe, Jane}, year={2001}}\n"


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["check", *args, "--offline", "-q"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def bib(tmp_path: Path) -> Path:
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    return path


@pytest.fixture
def index(tmp_path: Path) -> Path:
    rec = {"id": "x:1", "type": "article-journal", "title": "Sea shells",
           "author": [{"family": "Shell"}], "issued": {"date-parts": [[1990]]}}
    (tmp_path / "r.jsonl").write_text(json.dumps(rec) + "\n" + json.dumps(
        {**rec, "id": "x:2", "title": "Another work " * 400}) + "\n", encoding="utf-8")
    build_index(tmp_path / "idx.sqlite", [tmp_path / "r.jsonl"])
    return tmp_path / "idx.sqlite"


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database at all " * 100)


@pytest.mark.parametrize("damage", [None, _truncate, _garbage])
def test_missing_or_damaged_index_is_exit_2_with_a_message(bib: Path, index: Path, damage) -> None:  # type: ignore[no-untyped-def]
    if damage is None:
        index.unlink()
    else:
        damage(index)
    code, output = _check(str(bib), "--index", str(index))
    assert code == 2
    assert "error:" in output and str(index.name) in output


def test_healthy_index_passes_the_check(index: Path) -> None:
    check_index(index)
    with pytest.raises(IndexOpenError, match="no such index"):
        check_index(index.with_name("nope.sqlite"))


def test_damaged_default_index_is_rebuilt_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path))
    path = default_index.default_index_path()
    _truncate(path)
    with caplog.at_level(logging.WARNING, logger="citecheck.index.default"):
        again = default_index.default_index_path()
    assert again == path
    assert "damaged" in caplog.text and "rebuilding" in caplog.text
    check_index(path)


def _damage_rows(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE responses SET value = '{not json' WHERE kind = 'search'")
    db.execute("""UPDATE responses SET value = '{"author": 5}' WHERE kind = 'doi'""")
    db.commit()
    db.close()


def test_corrupt_cache_rows_are_misses_and_are_replaced(tmp_path: Path) -> None:
    record = Record(id="doi:10.1234/a", title="A Title Long Enough To Be Checked", DOI="10.1234/a")
    path = tmp_path / "cache.sqlite"
    citation = read_text(BIB, "refs.bib")[0]

    def run() -> CachedSource:
        cached = CachedSource(MemorySource([record]), ResponseCache(path))
        asyncio.run(cached.search(citation))
        asyncio.run(cached.lookup_doi("10.1234/a"))
        return cached

    run()
    _damage_rows(path)
    assert "2 damaged rows" in (cache_info(path)["corrupt"] or "")
    second = run()  # no exception: damaged rows are misses, and the answers replace them
    assert (second.hits, second.misses) == (0, 2)
    assert second.cache.corrupt_rows == 2
    assert cache_info(path)["corrupt"] is None
    third = run()
    assert third.hits == 2


def test_cache_info_and_clear_on_a_garbage_cache_file(tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    _garbage(path)
    info = cache_info(path)
    assert info["entries"] == 0 and "unreadable cache file" in info["corrupt"]
    assert cache_clear(path) == 0 and not path.exists()


def test_damaged_cache_never_turns_a_run_into_errors(tmp_path: Path, bib: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    _garbage(cache / "sources.sqlite")
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(cache))
    out = tmp_path / "out.jsonl"
    code, output = _check(str(bib), "-f", "jsonl", "-o", str(out), "--fail-on", "never")
    assert code == 0, output
    assert [json.loads(line)["label"] for line in out.read_text().splitlines()] != ["ERROR"]


@pytest.mark.parametrize("fail_on", ["minor", "major"])
def test_all_error_input_fails_fail_on(tmp_path: Path, fail_on: str) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text('{"id": "a", "nothing": 1}\n{"id": "b", "csl": {"title": 5}}\n',
                    encoding="utf-8")
    code, _ = _check(str(path), "--fail-on", fail_on, "-f", "json")
    assert code == 1
    code, _ = _check(str(path), "--fail-on", "never", "-f", "json")
    assert code == 0


@pytest.mark.parametrize(("table", "jobs"), [("records", "1"), ("fts_data", "1"), ("records", "2")])
def test_damaged_page_found_mid_run_is_exit_2_naming_the_index(
    tmp_path: Path, table: str, jobs: str
) -> None:
    works = many_works(300)
    index = closed_world_index(tmp_path, works)
    damage_middle_page(index, table)
    check_index(index)  # the start-up check passes: only a search finds the page
    out = tmp_path / "out.jsonl"
    code, output = _check(str(works_batch(tmp_path, works)), "--index", str(index), "-j", jobs,
                          "-f", "jsonl", "-o", str(out), "--fail-on", "never")
    assert code == 2, output
    assert f"error: {index}: damaged page found while searching" in output
    assert "rebuild it with `citecheck index build`" in output


def test_an_undamaged_copy_of_the_same_batch_passes(tmp_path: Path) -> None:
    works = many_works(300)
    index = closed_world_index(tmp_path, works)
    out = tmp_path / "out.jsonl"
    code, output = _check(str(works_batch(tmp_path, works)), "--index", str(index), "-j", "1",
                          "-f", "jsonl", "-o", str(out), "--fail-on", "never")
    assert code == 0, output
    labels = [json.loads(line)["label"] for line in out.read_text().splitlines()]
    assert len(labels) == 300 and "UNVERIFIED" not in labels and "ERROR" not in labels


def test_a_stored_record_that_no_longer_decodes_ends_the_run(tmp_path: Path) -> None:
    works = many_works(20)
    index = closed_world_index(tmp_path, works)
    db = sqlite3.connect(index)
    db.execute("UPDATE records SET csl = substr(csl, 1, 30) WHERE id = 'x:7'")
    db.commit()
    db.close()
    citation = read_text(f"{works[7]['title']}. Journal of Things 7, 107 (1997).", "refs.txt")[0]
    with pytest.raises(IndexDamagedError, match="damaged record found while searching") as caught:
        asyncio.run(LocalIndexSource(index).search(citation))
    assert caught.value.path == index


def test_default_index_damaged_mid_run_is_removed_so_the_next_run_rebuilds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("CITECHECK_INDEX", raising=False)
    path = default_index.default_index_path()
    message = default_index.damaged_index_message(IndexDamagedError(path, "damaged page found"))
    assert message.startswith(f"{path}: damaged page found") and "next run rebuilds it" in message
    assert not path.exists()
    assert default_index.default_index_path() == path and path.is_file()
    mine = tmp_path / "mine.sqlite"  # a user's own index is never removed
    mine.write_bytes(path.read_bytes())
    assert "rebuild it with" in default_index.damaged_index_message(IndexDamagedError(mine, "x"))
    assert mine.is_file()


def _set_rows(path: Path, kind: str, value: object) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE responses SET value = ? WHERE kind = ?", (json.dumps(value), kind))
    db.commit()
    db.close()


@pytest.mark.parametrize(("kind", "value"), [
    ("doi", [{"title": "A list where one record was stored"}]),
    ("doi", {}),  # an object naming no work: no id, title, DOI or URL
    ("doi", {"note": "the fields the adapters read are missing"}),
    ("doi", "a string"),
    ("doi", {"holds": "records", "value": []}),  # an envelope of another kind's content
    ("search", {"title": "an object where a list was stored"}),
    ("search", ["a string in the list"]),
    ("search", [{}]),
    ("search", {"holds": "record", "value": None}),
])
def test_cache_rows_of_the_wrong_shape_are_misses_and_are_replaced(
    tmp_path: Path, kind: str, value: object
) -> None:
    record = Record(id="doi:10.1234/a", title="A Title Long Enough To Be Checked", DOI="10.1234/a")
    path = tmp_path / "cache.sqlite"
    citation = read_text(BIB, "refs.bib")[0]

    def run() -> tuple[CachedSource, Record | None, list[Record]]:
        cached = CachedSource(MemorySource([record]), ResponseCache(path))
        found = asyncio.run(cached.search(citation))
        return cached, asyncio.run(cached.lookup_doi("10.1234/a")), found

    run()
    _set_rows(path, kind, value)
    assert cache_info(path)["corrupt"] == "1 damaged rows (read as misses and replaced)"
    second, by_doi, found = run()
    assert (second.hits, second.misses, second.cache.corrupt_rows) == (1, 1, 1)
    assert by_doi == record and found == [record]  # the fresh answers, not the damaged rows
    assert cache_info(path)["corrupt"] is None
    assert run()[0].hits == 2


class _Answering:
    """A model that answers every prompt with the same judgement, counting its calls."""

    name = "fake"

    def __init__(self) -> None:
        self.usage = Usage()

    async def complete(self, messages: list[Message], schema: type[JudgeAnswer]) -> JudgeAnswer:
        self.usage.calls += 1
        return schema(score=9, confidence=0.8, rationale="same work")

    async def aclose(self) -> None:
        return None


def test_cache_info_knows_model_answers(tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    model = _Answering()
    cached = CachedModel(model, ResponseCache(path))  # type: ignore[arg-type]
    for prompt in ("one", "two"):
        asyncio.run(cached.complete([Message("user", prompt)], JudgeAnswer))
    cached.cache.close()
    assert cache_info(path)["entries"] == 2 and cache_info(path)["corrupt"] is None
    _set_rows(path, "JudgeAnswer", ["an answer is an object"])
    assert cache_info(path)["corrupt"] == "2 damaged rows (read as misses and replaced)"
    again = CachedModel(model, ResponseCache(path))  # type: ignore[arg-type]
    asyncio.run(again.complete([Message("user", "one")], JudgeAnswer))
    assert model.usage.calls == 3 and again.cache.corrupt_rows == 1
