"""Work the offline command no longer does (second session of 2026-12-06, throughput): workers that
render a streaming format's lines send those instead of the verdicts, and neither the model modules
(without --llm) nor the live sources' adapters and HTTP stack (offline) are imported. Each must leave every answer, line and exit status as it was."""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from tests.fakes import devset_batch


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_workers_report_the_lines_the_verdicts_render_to(tmp_path: Path, method: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.parallel as parallel
    from citecheck.extract.cli import read_inputs
    from citecheck.index.default import default_index_path
    from citecheck.report.jsonout import verdict_line

    spec = parallel.WorkerSpec(index=default_index_path(), thresholds=None, sources=None,
                               use_cache=False, concurrency=4)
    citations, _ = read_inputs([devset_batch(tmp_path, 12)], None, defer=True)
    verdicts = {v.citation.id: v for v in parallel.check_in_processes(citations, spec, 2, chunk=5)}
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} on this platform")
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: [method])  # spawn: chunks pickled
    citations, _ = read_inputs([devset_batch(tmp_path, 12)], None, defer=True)
    reported = list(parallel.report_in_processes(citations, spec, 2, verdict_line, chunk=5))
    assert len(reported) == 12 and all(isinstance(r, parallel.Reported) for r in reported)
    for r in reported:
        verdict = verdicts[json.loads(r.line)["id"]]
        assert r.line == verdict_line(verdict)
        assert (r.label, r.retracted) == (verdict.label, bool(verdict.retracted))


@pytest.mark.parametrize("fail_on", ["minor", "major", "never"])
def test_exit_status_and_lines_are_the_same_in_one_process_and_in_two(tmp_path: Path, fail_on: str) -> None:
    batch = devset_batch(tmp_path, 24)
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}.jsonl"
        result = CliRunner().invoke(app, ["check", "--offline", "--no-cache", "--format", "jsonl", "-j", jobs,
                                          "--fail-on", fail_on, "--output", str(out), str(batch)])
        lines = sorted(out.read_text(encoding="utf-8").splitlines())
        runs[jobs] = (result.exit_code, [json.loads(x)["label"] for x in lines], len(lines))
    assert runs["1"] == runs["2"] and runs["2"][2] == 24
    labels = runs["2"][1]
    expected = {"never": 0, "major": int("MAJOR" in labels or "ERROR" in labels),
                "minor": int(any(x in labels for x in ("MINOR", "MAJOR", "ERROR")))}[fail_on]
    assert runs["2"][0] == expected


def test_fix_bib_still_gets_whole_verdicts_from_two_workers(tmp_path: Path) -> None:
    batch = devset_batch(tmp_path, 24)
    fixed = {}
    for jobs in ("1", "2"):
        path = tmp_path / f"fixed-{jobs}.bib"
        result = CliRunner().invoke(app, ["check", "--offline", "--no-cache", "--format", "jsonl", "-j", jobs,
                                          "--fail-on", "never", "--fix-bib", str(path), str(batch)])
        assert result.exit_code == 0, result.output
        fixed[jobs] = path.read_text(encoding="utf-8")
    assert fixed["1"] == fixed["2"] and fixed["2"].count("@") >= 12


def test_a_plain_check_does_not_import_the_model_modules(tmp_path: Path) -> None:
    batch = devset_batch(tmp_path, 3)
    code = ("import sys\nfrom citecheck.cli import main\nsys.argv = ['citecheck', 'check', '--offline', "
            f"'--no-cache', '--format', 'jsonl', '--fail-on', 'never', {str(batch)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LLM', sorted(m for m in sys.modules if m.startswith('citecheck.llm')), file=sys.stderr)\n"
            "print('HTTP', sorted(m for m in sys.modules if m in ('citecheck.sources.http', 'tenacity',"
            " 'httpx', 'citecheck.sources.crossref', 'citecheck.sources.arxiv')), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.count("\n") == 3
    assert "LLM []" in out.stderr and "HTTP []" in out.stderr  # offline: no adapter, no HTTP stack


def test_offline_stand_ins_hold_the_scopes_their_adapters_declare() -> None:
    from citecheck.sources.config import SourceConfig
    from citecheck.sources.registry import ALL_SOURCES, _factory, build_sources

    stand_ins = build_sources(list(ALL_SOURCES), config=SourceConfig(), offline=True, use_cache=False)
    assert [s.name for s in stand_ins] == list(ALL_SOURCES)
    for source in stand_ins:
        assert source.scopes == tuple(getattr(_factory(source.name), "scopes", ())), source.name
    assert "type:book" in dict((s.name, s.scopes) for s in stand_ins)["openlibrary"]
