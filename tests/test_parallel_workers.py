"""Checking in worker processes (-j): forked workers read their chunks from the inherited batch,
streaming formats get the rendered lines, and exit status, lines and --fix-bib are the same as in
one process."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from tests.fakes import devset_batch


def test_forked_workers_read_their_chunks_from_the_inherited_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this platform: chunks are pickled (tested below)")
    import citecheck.parallel as parallel
    from citecheck.extract.cli import read_inputs
    from citecheck.index.default import default_index_path

    citations, _ = read_inputs([devset_batch(tmp_path, 12)], None, defer=True)
    spec = parallel.WorkerSpec(index=default_index_path(), thresholds=None, sources=None,
                               use_cache=False, concurrency=4)
    forked = sorted((v.citation.id, v.label.value, v.score) for v in
                    parallel.check_in_processes(citations, spec, 2, chunk=5))
    assert parallel._BATCH is None  # the parent lets go of it
    # the spawn path: the chunks themselves cross the pipe
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    spawned = sorted((v.citation.id, v.label.value, v.score) for v in
                     parallel.check_in_processes(citations, spec, 2, chunk=5))
    assert len(forked) == 12 and forked == spawned
    # a forked worker's task is only (start, stop) into the batch it inherited
    from citecheck.checker import Checker

    monkeypatch.setattr(parallel, "_BATCH", parallel._repeats_together(citations))
    monkeypatch.setattr(parallel, "_CHECKER", Checker(index=spec.index, sources=[], offline=True))
    ids = [v.citation.id for v in parallel._check_chunk((2, 5))]
    assert ids == [c.id for c in parallel._BATCH[2:5]]  # type: ignore[index]


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
