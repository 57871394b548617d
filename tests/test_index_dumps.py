"""Dump readers (``index build --format``) on native-format samples in tests/data/dumps/.

The samples are real recorded work objects (see tests/data/dumps/README.md); the "corpus as
Crossref" sample shows that a Crossref-format build answers lookups as the CSL build does.
"""

from __future__ import annotations

import gzip
import json
import shutil
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.index.build import build_index
from citecheck.index.dumps import READERS, make_reader
from citecheck.index.dumps.base import Deletion
from citecheck.index.search import LocalIndex
from citecheck.sources._common import clean_text

DUMPS = Path(__file__).resolve().parent / "data" / "dumps"


def _entries(fmt: str, path: Path) -> tuple[list[dict], list[str], list[Deletion]]:
    good, bad, gone = [], [], []
    for entry in make_reader(fmt).entries(path):
        if isinstance(entry, Deletion):
            gone.append(entry)
        elif entry.csl is not None:
            good.append(entry.csl)
        else:
            bad.append(f"{entry.location}: {entry.error}")
    return good, bad, gone


def test_registry_names_every_format() -> None:
    assert set(READERS) == {"csl", "crossref", "openalex", "s2", "dblp", "arxiv"}
    with pytest.raises(ValueError, match="unknown dump format 'marc'"):
        make_reader("marc")


def test_crossref_tar_folder_and_lines_read_the_same_works() -> None:
    tar, _, _ = _entries("crossref", DUMPS / "crossref" / "crossref-public-data.tar")
    folder, _, _ = _entries("crossref", DUMPS / "crossref")  # 0.json.gz + works.jsonl.gz
    assert len(tar) == 300
    assert sorted(r["id"] for r in tar) == sorted(r["id"] for r in folder)
    assert all(r["id"] == f"doi:{r['DOI']}" and "score" not in r.get("custom", {}) for r in tar)
    assert all(r["custom"]["source_api"] == "crossref" for r in tar)


def test_crossref_bad_entries_are_named_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"DOI": "10.1234/a", "title": ["A title"]}\n{oops\n[1]\n', encoding="utf-8")
    good, bad, _ = _entries("crossref", path)
    assert [r["DOI"] for r in good] == ["10.1234/a"]
    assert bad[0].startswith(f"{path}:2: invalid JSON") and bad[1].startswith(f"{path}:3:")


def test_crossref_build_gives_the_same_lookups_as_the_csl_build(tmp_path: Path) -> None:
    csl_db, cr_db = tmp_path / "csl.sqlite", tmp_path / "crossref.sqlite"
    build_index(csl_db, [DUMPS / "corpus" / "corpus-csl.jsonl.gz"])
    stats = build_index(cr_db, [DUMPS / "corpus" / "corpus-crossref.json.gz"],
                        reader=make_reader("crossref"))
    assert stats.stored == 400 and stats.skipped == 0, stats.errors
    a, b = LocalIndex(csl_db), LocalIndex(cr_db)
    with gzip.open(DUMPS / "corpus" / "corpus-csl.jsonl.gz", "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh]
    fields = ("id", "year", "DOI", "volume", "page", "container_title")
    marked_up = 0
    for rec in records:
        x, y = a.by_doi(rec["DOI"]), b.by_doi(rec["DOI"])
        assert x is not None and y is not None
        assert [getattr(x, f) for f in fields] == [getattr(y, f) for f in fields], rec["id"]
        # Crossref titles are JATS markup, which the mapping strips (a few corpus titles kept it)
        assert clean_text(x.title) == y.title
        assert [n.family or n.literal for n in x.author] == [n.family or n.literal for n in y.author]
        if rec.get("container-title") and rec.get("volume") and rec.get("page"):
            args = (rec["container-title"], rec["volume"], rec["page"])
            assert {r.id for r in a.by_journal(*args)} == {r.id for r in b.by_journal(*args)}
        if x.title != y.title:
            marked_up += 1
        elif rec.get("title"):
            title = rec["title"]
            top_a = [r.id for r in a.search(title, limit=3)]
            top_b = [r.id for r in b.search(title, limit=3)]
            assert top_a == top_b, rec["id"]
    assert marked_up <= len(records) // 50  # titles the corpus kept with markup: searched apart


def test_openalex_incremental_update_reads_only_new_partitions_and_honours_merges(
    tmp_path: Path,
) -> None:
    snap = tmp_path / "openalex"
    shutil.copytree(DUMPS / "openalex", snap)
    works = snap / "data" / "works"
    manifest = json.loads((works / "manifest").read_text(encoding="utf-8"))
    full = dict(manifest)
    (works / "manifest").write_text(json.dumps({"entries": manifest["entries"][:1]}), encoding="utf-8")
    merged = snap / "data" / "merged_ids"
    shutil.move(merged, tmp_path / "merged")
    db = tmp_path / "oa.sqlite"
    first = build_index(db, [snap], reader=make_reader("openalex"))
    assert first.read == 200 and first.deleted == 0
    # the next snapshot: one more partition (an updated work) and a merge
    (works / "manifest").write_text(json.dumps(full), encoding="utf-8")
    shutil.move(tmp_path / "merged", merged)
    second = build_index(db, [snap], reader=make_reader("openalex"))
    assert second.read == 101, "only the partition after the stored updated_date is read"
    assert second.updated >= 1 and second.deleted == 1
    index = LocalIndex(db)
    assert any("(corrected)" in (r.title or "") for r in index.search("corrected", limit=50))
    with gzip.open(merged / "works" / "2024-02-01.csv.gz", "rt") as fh:
        gone = fh.read().splitlines()[1].split(",")[1]
    conn = index._conn()
    assert conn.execute("SELECT COUNT(*) FROM records WHERE json_extract(csl, "
                        "'$.custom.openalex') = ?", (gone,)).fetchone()[0] == 0
    assert json.loads(conn.execute("SELECT value FROM meta WHERE key = "
                                   "'dump_state:openalex'").fetchone()[0]) == {"updated_date": "2024-02-01"}
    third = build_index(db, [snap], reader=make_reader("openalex"))
    assert third.read == 0, "nothing newer: nothing read"


def test_s2_papers_and_delete_files(tmp_path: Path) -> None:
    good, bad, gone = _entries("s2", DUMPS / "s2")
    assert len(good) == 465 and not bad and len(gone) == 1
    assert all(r["custom"]["s2_corpus"] for r in good)
    db = tmp_path / "s2.sqlite"
    only_papers = build_index(db, [DUMPS / "s2" / "papers"], reader=make_reader("s2"))
    after = build_index(db, [DUMPS / "s2" / "diffs"], reader=make_reader("s2"))
    assert after.deleted == 1 and after.records == only_papers.records - 1


def test_dblp_xml_entities_homonyms_and_person_pages() -> None:
    good, bad, _ = _entries("dblp", DUMPS / "dblp" / "dblp.xml.gz")
    assert len(good) == 540 and not bad  # the one <www> person page is skipped
    by_key = {r["custom"]["dblp"]: r for r in good}
    tapas = by_key["conf/acl/HerzigNMPE20"]
    assert "Müller" in [a.get("family") for a in tapas["author"]]  # &uuml; resolved, "0009" dropped
    assert tapas["type"] == "paper-conference" and tapas["container-title"] == "ACL"
    corr = [r for r in good if r.get("container-title") == "CoRR"]
    assert corr and all(r["type"] == "article" and r["custom"].get("arxiv") for r in corr)


def test_dblp_streams_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "dblp.xml"
    with path.open("w", encoding="latin-1") as fh:
        fh.write('<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n')
        for i in range(30000):
            fh.write(f'<article key="journals/x/A{i}"><author>J. M&uuml;ller</author>'
                     f"<title>Work number {i}.</title><journal>J</journal><volume>{i}</volume>"
                     f"<pages>{i}</pages><year>2001</year></article>\n")
        fh.write("</dblp>\n")
    tracemalloc.start()
    count = sum(1 for _ in make_reader("dblp").entries(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 30000
    assert peak < 8_000_000, f"peak {peak:,} bytes: the tree is not being cleared"


def test_arxiv_reader_matches_the_csl_build_of_the_snapshot(tmp_path: Path) -> None:
    snap = DUMPS / "arxiv" / "arxiv-metadata-oai-snapshot.json"
    good, bad, _ = _entries("arxiv", snap)
    assert len(good) == 120 and not bad
    db = tmp_path / "a.sqlite"
    build_index(db, [snap], reader=make_reader("arxiv"))
    meta = dict(LocalIndex(db)._conn().execute("SELECT key, value FROM meta").fetchall())
    assert json.loads(meta["suggested_covers"]) == {"arxiv": ["arxiv"]}
    csl_db = tmp_path / "c.sqlite"
    build_index(csl_db, [snap])
    assert LocalIndex(csl_db).by_arxiv(good[0]["custom"]["arxiv"]) == LocalIndex(db).by_arxiv(
        good[0]["custom"]["arxiv"])


def test_cli_index_build_format(tmp_path: Path) -> None:
    db = tmp_path / "i.sqlite"
    runner = CliRunner()
    result = runner.invoke(app, ["index", "build", "--format", "crossref", str(db),
                                 str(DUMPS / "crossref" / "crossref-public-data.tar")])
    assert result.exit_code == 0, result.output
    assert "stored 300" in result.output and "records/s" in result.output
    assert "doi-prefix:10." in result.output  # the suggested coverage, for --covers
    bad = runner.invoke(app, ["index", "build", "--format", "marc", str(db), str(db)])
    assert bad.exit_code == 2 and "unknown --format 'marc'" in bad.output
