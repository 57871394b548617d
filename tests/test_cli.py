"""End-to-end: the `citecheck` CLI on the bundled examples against the embedded index."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


@pytest.fixture(scope="module")
def report_json() -> dict:  # type: ignore[type-arg]
    result = run("check", "--offline", "--format", "json", str(EXAMPLES / "report.md"),
                 str(EXAMPLES / "references.bib"))
    assert result.exit_code == 1, result.output  # the examples contain MAJOR citations
    return json.loads(result.stdout)


def test_examples_cover_every_label(report_json: dict) -> None:  # type: ignore[type-arg]
    labels = {v["id"]: v["label"] for v in report_json["verdicts"]}
    assert len(labels) == 12
    assert labels["report.md#1"] == "EXACT"
    assert labels["report.md#2"] == "EXACT"  # title-less APS reference
    assert labels["report.md#3"] == "MINOR"  # year 2015 for 2014
    assert labels["report.md#4"] == "MINOR"  # misspelled author
    assert labels["report.md#5"] == "EXACT"
    # fabricated, but absent only from the embedded sample index: not evidence offline
    assert labels["report.md#6"] == "UNVERIFIED"
    assert labels["report.md#7"] == "MAJOR"  # real DOI, fabricated metadata
    assert labels["keys1963"] == "EXACT"
    assert labels["schober1987"] == "MINOR"  # title word dropped
    assert labels["kunz2023"] == "MINOR"  # author dropped
    assert labels["hallström2019"] == "UNVERIFIED"  # fabricated; not in the sample
    assert labels["osada2002"] == "MAJOR"


def test_json_document_shape(report_json: dict) -> None:  # type: ignore[type-arg]
    assert report_json["schema_version"] == "1.0"
    assert report_json["summary"]["citations"] == 12
    assert report_json["summary"]["sources"]["index"]["failed"] == 0
    v = next(v for v in report_json["verdicts"] if v["id"] == "report.md#7")
    assert v["decided_by"] == "reviewer"
    assert "10.1143/jpsj.20.2102" in v["rationale"].lower()
    minor = next(v for v in report_json["verdicts"] if v["id"] == "report.md#3")
    assert any(d["field"] == "issued" for d in minor["discrepancies"])
    assert minor["match"]["DOI"] == "10.1063/1.4866013"


def test_jsonl_streams_one_line_per_citation() -> None:
    result = run("check", "--offline", "-f", "jsonl", "--fail-on", "never", str(EXAMPLES / "references.bib"))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted(line["id"] for line in lines) == sorted(
        ["keys1963", "schober1987", "kunz2023", "hallström2019", "osada2002"])


def test_csv_and_markdown_and_table() -> None:
    bib = str(EXAMPLES / "references.bib")
    out = run("check", "--offline", "-f", "csv", "--fail-on", "never", bib)
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert len(rows) == 5 and {r["label"] for r in rows} >= {"EXACT", "MAJOR"}
    md = run("check", "--offline", "-f", "markdown", "--fail-on", "never", bib)
    assert "## MAJOR" in md.stdout and "keys1963" in md.stdout
    table = run("check", "--offline", "--fail-on", "never", bib)
    assert "EXACT" in table.stdout and "5 citation(s)" in table.stdout


def test_fail_on_levels() -> None:
    bib = str(EXAMPLES / "references.bib")
    assert run("check", "--offline", "-f", "json", bib).exit_code == 1
    assert run("check", "--offline", "-f", "json", "--fail-on", "never", bib).exit_code == 0


def test_stdin_reference_list() -> None:
    text = "1. P. T. Keyser and S. R. Jefferts, Rev. Sci. Instrum. 60, 2711 (1989).\n"
    result = run("check", "--offline", "-f", "jsonl", "-", input=text)
    assert result.exit_code == 0, result.output
    [line] = [json.loads(x) for x in result.stdout.splitlines()]
    assert line["label"] == "EXACT"


def test_bad_inputs_exit_2_naming_the_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.bib"
    empty.write_text("")
    binary = tmp_path / "blob.txt"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    for path in (empty, binary, tmp_path / "missing.bib"):
        result = run("check", "--offline", str(path))
        assert result.exit_code == 2
        assert path.name in result.output


def test_malformed_bib_entry_does_not_sink_the_file(tmp_path: Path) -> None:
    bib = tmp_path / "mixed.bib"
    good = (EXAMPLES / "references.bib").read_text()
    bib.write_text("@article{broken,\n  title = {Unclosed\n\n" + good)
    result = run("check", "--offline", "-f", "json", "--fail-on", "never", str(bib))
    assert result.exit_code == 0, result.output
    verdicts = json.loads(result.stdout)["verdicts"]
    assert "keys1963" in {v["id"] for v in verdicts}
    assert any(v["label"] == "ERROR" for v in verdicts)


def test_fix_bib_writes_corrections(tmp_path: Path) -> None:
    out = tmp_path / "fixed.bib"
    result = run("check", "--offline", "--fail-on", "never", "-f", "json", "--fix-bib", str(out),
                 str(EXAMPLES / "references.bib"))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "Gyromagnetic Factor of Conduction Electrons in Noble and Transition Metals" in text
    assert "% citecheck MAJOR" in text


def test_index_build_and_info(tmp_path: Path) -> None:
    src = tmp_path / "recs.jsonl"
    src.write_text(json.dumps({"id": "doi:10.1/x", "type": "article-journal", "title": "A test work",
                               "DOI": "10.1/x", "issued": {"date-parts": [[2020]]}}) + "\n")
    db = tmp_path / "x.db"
    result = run("index", "build", str(db), str(src))
    assert result.exit_code == 0, result.output
    assert "stored 1" in result.stdout
    info = run("index", "info", str(db))
    assert info.exit_code == 0 and "1" in info.stdout


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and "citecheck" in result.stdout


def test_worker_processes_give_the_same_verdicts(tmp_path: Path) -> None:
    devset = ROOT / "tests" / "data" / "bench" / "devset.jsonl"
    batch = tmp_path / "batch.jsonl"
    with batch.open("w", encoding="utf-8") as fh:
        for line in devset.read_text(encoding="utf-8").splitlines()[:90]:
            item = json.loads(line)
            row = {"id": item["id"], **({"bibtex": item["bibtex"]} if item.get("bibtex") else {"text": item["text"]})}
            fh.write(json.dumps(row) + "\n")
    outs = {}
    for jobs in ("1", "3"):
        result = run("check", "--offline", "--format", "json", "--fail-on", "never", "-j", jobs, str(batch))
        assert result.exit_code == 0, result.output
        outs[jobs] = [(v["id"], v["label"], v["score"]) for v in json.loads(result.stdout)["verdicts"]]
    assert len(outs["1"]) == 90
    assert outs["1"] == outs["3"]  # same verdicts, same (input) order


def test_jobs_are_ignored_online() -> None:
    from citecheck.parallel import auto_workers

    assert auto_workers(4, offline=False, citations=10_000) == 1  # rate limits are per process
    assert auto_workers(3, offline=True, citations=5) == 3
    assert auto_workers(0, offline=True, citations=50) == 1  # too few to pay for a worker


def test_summary_separates_skipped_sources_from_asked_ones(report_json: dict) -> None:  # type: ignore[type-arg]
    sources = report_json["summary"]["sources"]
    assert sources["index"] == {"asked": 12, "answered": 12, "failed": 0, "skipped": 0}
    live = [row for name, row in sources.items() if name != "index"]
    assert all(row["asked"] == 0 and row["skipped"] > 0 for row in live)  # --offline: never asked
