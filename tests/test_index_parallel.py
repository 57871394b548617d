"""The parallel build (``index build -j N``) writes the same index as the serial one.

Chunks and batches are made tiny here so that chunk boundaries, mid-chunk flushes, duplicates
across chunks and workers, bad entries in a worker's chunk and deletions between chunks all
happen on small fixtures.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import random
import shutil
import sqlite3
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from citecheck.index import build, pipeline
from citecheck.index.build import build_index
from citecheck.index.dumps import make_reader
from citecheck.index.readers import _raw_lines, iter_items, line_chunks
from citecheck.index.search import IndexOpenError, LocalIndex

DATA = Path(__file__).resolve().parent / "data"
RECORDS = DATA / "index" / "records.jsonl"
SNAPSHOT = DATA / "index" / "arxiv-snapshot.json"
BIB = DATA / "index" / "sample.bib"
DUMPS = DATA / "dumps"


@pytest.fixture(autouse=True)
def tiny_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "CHUNK", 7)
    monkeypatch.setattr(build, "BATCH_SIZE", 5)
    monkeypatch.setattr(build, "FRESH_COMMIT_FLUSHES", 2)


def _summary(db: Path) -> dict[str, Any]:
    """Everything a lookup can see: records (rid, id, columns, CSL), key tables, term counts."""
    conn = sqlite3.connect(db)
    try:
        out: dict[str, Any] = {}
        for name, sql in {
            "records": "SELECT rid, id, source, type, year, title_key, author_keys, csl "
                       "FROM records ORDER BY rid",
            "doi": "SELECT doi, rid FROM doi ORDER BY doi",
            "arxiv": "SELECT arxiv, rid FROM arxiv ORDER BY arxiv",
            "journal": "SELECT * FROM journal ORDER BY jkey, volume, page, rid",
            "title_df": "SELECT term, df FROM title_df ORDER BY term",
        }.items():
            rows = [list(r) for r in conn.execute(sql)]
            if name == "records":
                rows = [[*r[:-1], json.loads(r[-1])] for r in rows]
            out[name] = hashlib.sha256(json.dumps(rows).encode()).hexdigest()
            out[f"{name}_n"] = len(rows)
        out["fts"] = conn.execute("SELECT COUNT(*) FROM fts WHERE fts MATCH 'the'").fetchone()[0]
        out["meta"] = sorted(r for r in conn.execute("SELECT key, value FROM meta")
                             if r[0] not in {"updated_at", "built_from"})
    finally:
        conn.close()
    return out


def _stats(stats: build.BuildStats) -> dict[str, Any]:
    return {k: v for k, v in stats.as_dict().items() if k not in {"seconds", "phases"}}


def _messy_input(tmp_path: Path) -> list[Path]:
    """The fixture records, shuffled, with re-added (changed) works, id-less ones, blank lines,
    bad JSON and invalid CSL between them, in a gzip file and a plain one."""
    lines = [line for line in RECORDS.read_text(encoding="utf-8").splitlines() if line.strip()]
    rng = random.Random(3)
    extra = []
    for line in rng.sample(lines, 12):  # the same works again, some with a new field
        rec = json.loads(line)
        if rng.random() < 0.5:
            rec["note"] = "re-added"
        if rng.random() < 0.3 and rec.get("DOI"):
            rec.pop("id", None)  # matched by its DOI instead
        extra.append(json.dumps(rec))
    bad = ['{"title": "broken', '{"title": 5, "id": "x:1"}', "[1, 2]", "", "   ",
           '{"id": "x:2", "type": "book"}']
    mixed = lines + extra + bad
    rng.shuffle(mixed)
    half = len(mixed) // 2
    first = tmp_path / "a.jsonl.gz"
    with gzip.open(first, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(mixed[:half]) + "\n")
    second = tmp_path / "b.jsonl"
    second.write_text("\r\n".join(mixed[half:]), encoding="utf-8")  # CRLF, no final newline
    return [first, second, SNAPSHOT, BIB]


def test_parallel_build_is_the_serial_build(tmp_path: Path) -> None:
    files = _messy_input(tmp_path)
    serial = build_index(tmp_path / "j1.sqlite", files, jobs=1)
    parallel = build_index(tmp_path / "j2.sqlite", files, jobs=2)
    assert serial.duplicates >= 12 and serial.skipped >= 4 and serial.stored > 40
    assert _stats(serial) == _stats(parallel)
    assert _summary(tmp_path / "j1.sqlite") == _summary(tmp_path / "j2.sqlite")


def test_bad_entry_in_a_workers_chunk_is_named_and_the_rest_is_built(tmp_path: Path) -> None:
    lines = [line for line in RECORDS.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines.insert(9, '{"id": "bad:1", "title": "Broken", "author": "not a list"}')
    lines.insert(16, "{not json")
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stats = build_index(tmp_path / "x.sqlite", [path], jobs=2)
    assert stats.skipped == 2 and stats.stored == len(lines) - 2
    assert stats.errors[0].startswith(f"{path}:10: invalid CSL item: author")
    assert stats.errors[1].startswith(f"{path}:17: invalid JSON")
    assert len(LocalIndex(tmp_path / "x.sqlite")) == len(lines) - 2


def test_updates_and_deletions_are_honoured_in_parallel(tmp_path: Path) -> None:
    """Semantic Scholar diffs delete; a later OpenAlex partition updates, merged ids delete."""
    for jobs in (1, 2):
        db = tmp_path / f"s2-{jobs}.sqlite"
        build_index(db, [DUMPS / "s2" / "papers"], reader=make_reader("s2"), jobs=jobs)
        after = build_index(db, [DUMPS / "s2" / "diffs"], reader=make_reader("s2"), jobs=jobs)
        assert after.deleted == 1
    assert _summary(tmp_path / "s2-1.sqlite") == _summary(tmp_path / "s2-2.sqlite")
    for jobs in (1, 2):
        snap = tmp_path / f"openalex-{jobs}"
        shutil.copytree(DUMPS / "openalex", snap)
        works = snap / "data" / "works"
        full = (works / "manifest").read_text(encoding="utf-8")
        first_part = {"entries": json.loads(full)["entries"][:1]}
        (works / "manifest").write_text(json.dumps(first_part), encoding="utf-8")
        merged = snap / "data" / "merged_ids"
        shutil.move(merged, tmp_path / f"merged-{jobs}")
        db = tmp_path / f"oa-{jobs}.sqlite"
        build_index(db, [snap], reader=make_reader("openalex"), jobs=jobs)
        (works / "manifest").write_text(full, encoding="utf-8")
        shutil.move(tmp_path / f"merged-{jobs}", merged)
        second = build_index(db, [snap], reader=make_reader("openalex"), jobs=jobs)
        assert second.updated >= 1 and second.deleted == 1
    assert _summary(tmp_path / "oa-1.sqlite") == _summary(tmp_path / "oa-2.sqlite")


def test_crossref_dump_parallel_is_serial(tmp_path: Path) -> None:
    tar = DUMPS / "crossref" / "crossref-public-data.tar"
    for jobs in (1, 2):
        build_index(tmp_path / f"cr-{jobs}.sqlite", [tar], reader=make_reader("crossref"), jobs=jobs)
    assert _summary(tmp_path / "cr-1.sqlite") == _summary(tmp_path / "cr-2.sqlite")


def test_an_unfinished_build_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite"
    build_index(db, [RECORDS])
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO meta (key, value) VALUES ('build_state', 'building')")
    conn.commit()
    conn.close()
    with pytest.raises(IndexOpenError, match="build has not finished"):
        LocalIndex(db)
    with pytest.raises(ValueError, match="did not finish; delete the file"):
        build_index(db, [RECORDS])


def test_a_finished_build_leaves_no_marker_and_no_journal(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite"
    build_index(db, [RECORDS], jobs=2)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT 1 FROM meta WHERE key = 'build_state'").fetchone() is None
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.sqlite"]


def test_line_chunks_split_lines_as_text_mode_does(tmp_path: Path) -> None:
    rng = random.Random(1)
    pieces = [b"a", b"bc", b"\r", b"\n", b"\r\n", b"{}", b" ", "é".encode()]
    for _ in range(2000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        want = [line.rstrip("\r\n") for line in io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")]
        got = [raw.decode() for lines in _raw_lines(io.BytesIO(data).read, block=rng.randint(1, 5))
               for raw in lines]
        assert got == want, data
    path = tmp_path / "x.jsonl"
    path.write_bytes(b'{"id": "a"}\r\n\n{"id": "b"}\r{"id": "c"}')
    numbered = [(first + i, raw) for first, lines in line_chunks(path, 2) for i, raw in enumerate(lines)]
    assert [n for n, raw in numbered if raw.strip()] == [
        int(item.location.rsplit(":", 1)[1]) for item in iter_items(path)] == [1, 3, 4]


def test_truncated_gzip_keeps_what_was_read(tmp_path: Path) -> None:
    text = "".join(json.dumps({"id": f"t:{i}", "title": f"Title number {i} on things",
                               "author": [{"family": f"Name{i % 97}"}]}) + "\n"
                   for i in range(6000))
    whole = gzip.compress(text.encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(whole[: len(whole) * 2 // 3])
    serial = build_index(tmp_path / "j1.sqlite", [path], jobs=1)
    parallel = build_index(tmp_path / "j2.sqlite", [path], jobs=2)
    assert serial.stored > 0 and any("cannot read" in e for e in serial.errors)
    assert _stats(serial) == _stats(parallel)


def test_jobs_zero_is_one_per_core_and_negative_is_refused() -> None:
    assert pipeline.resolve_jobs(0) >= 1 and pipeline.resolve_jobs(3) == 3
    with pytest.raises(ValueError, match="jobs must be"):
        pipeline.resolve_jobs(-1)


def _variants(rec: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    odd: list[Any] = [None, 5, 2.5, True, [], {}, "x", "\ud800", [["2020"]], [[2020, "05"]]]
    out = [rec]
    for _ in range(4):
        v = json.loads(json.dumps(rec))
        key = rng.choice(["id", "type", "title", "DOI", "volume", "page", "author", "issued",
                          "custom", "container-title", "container_title", "editor", "note"])
        v[key] = rng.choice(odd)
        if v.get("author") and isinstance(v["author"], list) and rng.random() < 0.5:
            v["author"] = [{"family": rng.choice(odd)}, {"dropping_particle": "de"}, "x"][: rng.randint(1, 3)]
        if isinstance(v.get("issued"), dict) and rng.random() < 0.5:
            v["issued"] = {rng.choice(["date-parts", "date_parts", "raw"]): rng.choice(odd)}
        out.append(v)
    return out


def test_the_plain_item_shortcut_agrees_with_validation() -> None:
    """`rows._plain` vouches only for items `Record` accepts, and the values read from them
    are the validated record's."""
    from citecheck.index.rows import _Fields, _plain
    from citecheck.model import Record

    rng = random.Random(5)
    items = [json.loads(line) for line in RECORDS.read_text(encoding="utf-8").splitlines() if line]
    seen = 0
    for rec in items:
        for v in _variants(rec, rng):
            if not _plain(v):
                continue
            seen += 1
            r = Record.model_validate(v)  # never raises on a vouched-for item
            fast = _Fields.of(v)
            assert (fast.DOI, fast.custom, fast.arxiv, fast.year, fast.title, fast.type) == (
                r.DOI, r.custom, r.arxiv, r.year, r.title, r.type), v
    assert seen > len(items)


def _die(*args: Any, **kwargs: Any) -> None:
    os._exit(3)


def test_a_dead_worker_fails_the_build_instead_of_hanging(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "prepare_lines", _die)
    with pytest.raises(BrokenProcessPool):
        build_index(tmp_path / "x.sqlite", [RECORDS], jobs=2)
    with pytest.raises(IndexOpenError, match="build has not finished"):
        LocalIndex(tmp_path / "x.sqlite")
