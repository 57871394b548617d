"""Interrupted runs lose nothing decided: streaming output, signals, --resume, JSONL line ends."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from citecheck.checker import Checker
from citecheck.entries import read_entries
from citecheck.extract.jsonl import read_jsonl as found_jsonl
from citecheck.model import Citation
from citecheck.runctl import Interrupted, atomic_write_text, interruptible, resume_ids


def read_jsonl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_jsonl: its entries, read."""
    return read_entries(found_jsonl(*args, **kwargs), kwargs.get("defer", False))



DEVSET = Path(__file__).parents[1] / "data" / "bench" / "devset.jsonl"
ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """3000 structured citations (the dev set ten times): a run of many seconds offline."""
    path = tmp_path_factory.mktemp("batch") / "batch.jsonl"
    rows = [json.loads(line) for line in DEVSET.read_text(encoding="utf-8").splitlines()]
    with path.open("w", encoding="utf-8") as fh:
        for k in range(10):
            for row in rows:
                fh.write(json.dumps({"id": f"{row['id']}-{k}", "csl": row["cited"]}) + "\n")
    # one warm-up run: on a fresh clone the first start compiles every module, and the tests that
    # interrupt after a fixed wait must find the run checking, not still starting
    warm = path.parent / "warm.jsonl"
    warm.write_text("".join(path.read_text(encoding="utf-8").splitlines(True)[:5]), encoding="utf-8")
    _start(warm, path.parent / "warm.out.jsonl", "-f", "jsonl").communicate(timeout=300)
    return path


def _start(batch: Path, out: Path, *extra: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen(
        [sys.executable, "-m", "citecheck", "check", str(batch), "--offline", "-q",
         "--fail-on", "never", "-o", str(out), *extra],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)


def _wait_for_lines(out: Path, proc: subprocess.Popen[str], at_least: int = 1) -> int:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and (n := out.read_bytes().count(b"\n")) >= at_least:
            return n
        time.sleep(0.1)
    pytest.fail(f"no output streamed (exit {proc.poll()})")


def _wait_for_cpu(proc: subprocess.Popen[str], seconds: float) -> None:
    """Wait until the run has had ``seconds`` of CPU time (past its start-up, checking), read from
    /proc; where there is no /proc, a fixed wait of 6 s."""
    stat = Path(f"/proc/{proc.pid}/stat")
    if not stat.exists():
        time.sleep(6)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:  # utime + stime
            return
        time.sleep(0.1)


def _lines(out: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(("sig", "code", "jobs"), [(signal.SIGTERM, 143, "1"),
                                                   (signal.SIGINT, 130, "2")])
def test_killed_run_keeps_what_was_decided(batch: Path, tmp_path: Path, sig: int, code: int,
                                           jobs: str) -> None:
    out = tmp_path / "out.jsonl"
    proc = _start(batch, out, "-f", "jsonl", "-j", jobs)
    seen = _wait_for_lines(out, proc)
    sent = time.monotonic()
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    assert proc.returncode == code, err
    assert "Traceback" not in err and "interrupted" in err
    rows = _lines(out)  # every line whole
    assert seen <= len(rows) < 3000
    assert len({r["id"] for r in rows}) == len(rows)
    assert took < 5, f"took {took:.1f} s to stop"  # measured ~0.5 s; generous for a busy machine


def test_kill_9_then_resume_completes_without_duplicates(batch: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    proc = _start(batch, out, "-f", "jsonl", "-j", "1")
    _wait_for_lines(out, proc, 50)
    proc.kill()
    proc.wait()
    with out.open("ab") as fh:
        fh.write(b'{"schema_version": 1, "id": "torn')  # as if killed mid-line
    done = resume_ids(out)
    assert 50 <= len(done) < 3000 and out.read_bytes().endswith(b"\n")
    small = tmp_path / "small.jsonl"  # resume over the first 400 only: keep the test short
    small.write_text("".join(batch.read_text(encoding="utf-8").splitlines(True)[:400]))
    proc = _start(small, out, "-f", "jsonl", "--resume")
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    ids = [r["id"] for r in _lines(out)]
    assert len(ids) == len(set(ids))
    wanted = {json.loads(line)["id"] for line in small.read_text().splitlines()}
    assert wanted <= set(ids)


def test_whole_document_formats_are_written_on_interrupt(batch: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_text("old report", encoding="utf-8")
    proc = _start(batch, out, "-f", "json", "-j", "1")
    _wait_for_cpu(proc, 4.0)  # (a fixed wait failed on a loaded machine: interrupted while still starting)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode in (130, 0), err
    doc = json.loads(out.read_text(encoding="utf-8"))  # whole JSON, never half of one
    assert 0 < len(doc["verdicts"]) <= 3000
    assert not list(tmp_path.glob(".out.json.*.tmp"))


def test_a_signal_while_the_report_is_written_waits_for_the_write() -> None:
    # a fast run can be decided in full when Ctrl-C comes: the report must still be written whole
    done: list[str] = []
    with pytest.raises(Interrupted) as stopped, interruptible() as interruption:
        with interruption.deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler has run by now: it held the signal back
            done.append("written")
        done.append("not reached")
    assert done == ["written"] and stopped.value.exit_code == 130


def test_a_signal_outside_the_final_write_stops_at_once() -> None:
    done: list[str] = []
    with pytest.raises(Interrupted), interruptible():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)
        done.append("not reached")
    assert done == []


def test_atomic_write_replaces_whole(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text("old", encoding="utf-8")
    atomic_write_text(path, "new report\n")
    assert path.read_text(encoding="utf-8") == "new report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.md"]


def test_offline_checker_streams_before_the_batch_is_done(batch: Path, tmp_path: Path) -> None:
    citations = read_jsonl("".join(batch.read_text().splitlines(True)[:200]), "b.jsonl")
    checker = Checker(offline=True, sources=[])
    started = 0
    original = checker.acheck_one

    async def counting(citation, memo=None):  # type: ignore[no-untyped-def]
        nonlocal started
        started += 1
        return await original(citation, memo)

    checker.acheck_one = counting  # type: ignore[method-assign]

    async def first() -> int:
        async for _ in checker.astream(citations):
            return started
        return -1

    assert 0 < asyncio.run(first()) < len(citations) // 2


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])  # kept raw by JSON
def test_jsonl_splits_only_on_newline(separator: str) -> None:
    lines = [json.dumps({"id": f"r{i}", "text": f"Doe, J. A title{separator}with a break. 2001."},
                        ensure_ascii=False) for i in range(17)]
    cites = read_jsonl("\n".join(lines) + "\r\n", "batch.jsonl")
    assert [c.id for c in cites] == [f"r{i}" for i in range(17)]
    assert all(c.error is None for c in cites)


VERDICT = '{"schema_version": 1, "id": "smith2001", "label": "EXACT", "score": 97.0}\n'


@pytest.mark.parametrize("content", [
    "@article{smith2001, title={A Title}, year={2001}}\n",  # the input given as -o by mistake
    '{"id": "smith2001", "csl": {"title": "A Title"}}\n',  # JSON Lines, but not verdicts
    VERDICT + "a note someone added\n",  # a foreign line after verdicts
    VERDICT + "no newline at the end",  # a foreign last line: never cut
    "plain text without a newline",
])
def test_resume_refuses_a_file_that_is_not_citecheck_jsonl(tmp_path: Path, content: str) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    source = tmp_path / "refs.jsonl"
    source.write_text('{"id": "doe1999", "text": "Doe, J. (1999). Other title. Science, 7, 8-9."}\n')
    out = tmp_path / "notes.txt"
    out.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(source), "--offline", "-q", "-f", "jsonl", "-o", str(out),
                                      "--resume"])
    assert result.exit_code == 2, result.output
    assert str(out) in result.output and "not a citecheck verdict" in result.output
    assert out.read_text(encoding="utf-8") == content  # nothing cut, nothing appended


@pytest.mark.parametrize("torn", ['{"schema_version": 1, "id": "to', '{"sch', "{"])
def test_resume_cuts_only_a_torn_verdict_line(tmp_path: Path, torn: str) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(VERDICT + "\n" + VERDICT.replace("smith2001", "doe1999") + torn, encoding="utf-8")
    assert resume_ids(out) == {"smith2001", "doe1999"}
    assert out.read_text(encoding="utf-8") == VERDICT + "\n" + VERDICT.replace("smith2001", "doe1999")


@pytest.mark.parametrize(("umask", "existing", "mode"), [
    (0o022, None, 0o644), (0o027, None, 0o640), (0o002, None, 0o664),
    (0o077, 0o644, 0o644),  # replacing a file keeps its mode, whatever the umask
    (0o022, 0o600, 0o600),
])
def test_atomic_write_gives_the_mode_a_plain_write_would(tmp_path: Path, umask: int, existing: int | None,
                                                        mode: int) -> None:
    path = tmp_path / "report.md"
    if existing is not None:
        path.write_text("old", encoding="utf-8")
        path.chmod(existing)
    old = os.umask(umask)
    try:
        atomic_write_text(path, "new report\n")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == mode
    assert path.read_text(encoding="utf-8") == "new report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]


def test_report_file_from_the_cli_keeps_the_umask_mode(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    source = tmp_path / "refs.jsonl"
    source.write_text('{"id": "doe1999", "text": "Doe, J. (1999). Other title. Science, 7, 8-9."}\n')
    out = tmp_path / "report.json"
    old = os.umask(0o022)
    try:
        result = CliRunner().invoke(app, ["check", str(source), "--offline", "-q", "-f", "json", "-o", str(out),
                                          "--fail-on", "never"])
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert out.stat().st_mode & 0o777 == 0o644 and json.loads(out.read_text())["verdicts"]
