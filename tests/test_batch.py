"""``citecheck batch`` on a local Ray cluster: same verdicts as ``check``, resumable after a
SIGKILL of the driver, one shared rate budget. Skipped when Ray (the ``batch`` extra) is missing."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from citecheck.batch.budget import BudgetActor
from citecheck.batch.inputs import plan
from tests.fakes import kill_driver_mid_run

ROOT = Path(__file__).resolve().parents[1]
DEVSET = ROOT / "tests" / "data" / "bench" / "devset.jsonl"
ray = pytest.importorskip("ray", reason="Ray is the optional 'batch' extra (pip install 'citecheck[batch]')")


def _input(tmp: Path, n: int = 120) -> Path:
    lines = DEVSET.read_text(encoding="utf-8").splitlines()[:n]
    lines.insert(7, "{not json")
    lines.insert(30, lines[3])  # the same id again, further on: an error citation id@line
    path = tmp / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _outputs(out: Path) -> list[dict]:
    rows = []
    for part in sorted(out.glob("part-*.jsonl")):
        rows.extend(json.loads(line) for line in part.read_text(encoding="utf-8").splitlines())
    return rows


@pytest.fixture(scope="module")
def cluster():
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=80 * 1024 * 1024, configure_logging=False)
    yield
    ray.shutdown()


def test_batch_gives_the_same_verdicts_as_check(cluster, tmp_path: Path) -> None:
    from citecheck.batch.run import run_batch
    from citecheck.batch.worker import BatchSpec
    from citecheck.checker import Checker
    from citecheck.extract.cli import read_inputs

    src = _input(tmp_path)
    result = run_batch([src], tmp_path / "out", BatchSpec(index=None, offline=True, use_cache=False),
                       workers=2, partition_size=25)
    rows = _outputs(tmp_path / "out")
    citations, errors = read_inputs([src])
    assert not errors
    expected = Checker(offline=True, sources=[]).check_citations(citations)
    assert {r["id"]: r["label"] for r in rows} == {v.citation.id: v.label.value for v in expected}
    assert len(rows) == len(citations) == 122 and result.partitions == 5
    assert any(r["label"] == "ERROR" and "@" in r["id"] for r in rows)  # the repeated id
    again = run_batch([src], tmp_path / "out", BatchSpec(index=None, offline=True, use_cache=False))
    assert again.skipped == again.partitions and again.citations == 0  # nothing left to do


def test_batch_refuses_a_folder_of_other_inputs(cluster, tmp_path: Path) -> None:
    from citecheck.batch.run import BatchError, run_batch
    from citecheck.batch.worker import BatchSpec

    src = _input(tmp_path, 20)
    spec = BatchSpec(index=None, offline=True, use_cache=False)
    run_batch([src], tmp_path / "out", spec, partition_size=10)
    src.write_text(src.read_text(encoding="utf-8") + '{"id": "new", "text": "X. Y. (2001)."}\n')
    with pytest.raises(BatchError, match="other inputs"):
        run_batch([src], tmp_path / "out", spec, partition_size=10)


def test_batch_over_an_index_with_a_damaged_page_fails_naming_it(cluster, tmp_path: Path) -> None:
    from citecheck.batch.run import BatchError, run_batch
    from citecheck.batch.worker import BatchSpec
    from tests.fakes import closed_world_index, damage_middle_page, many_works, works_batch

    works = many_works(300)
    index = closed_world_index(tmp_path, works)
    damage_middle_page(index, "fts_data")
    spec = BatchSpec(index=str(index), offline=True, use_cache=False)
    with pytest.raises(BatchError, match=f"{index}: damaged page found while searching"):
        run_batch([works_batch(tmp_path, works)], tmp_path / "out", spec, partition_size=100)


def test_batch_reads_a_folder_of_documents(cluster, tmp_path: Path) -> None:
    from citecheck.batch.run import run_batch
    from citecheck.batch.worker import BatchSpec

    docs = tmp_path / "docs"
    (docs / "a").mkdir(parents=True)
    bib = ROOT / "tests" / "data" / "documents" / "authoryear.bib"
    (docs / "a" / "refs.bib").write_bytes(bib.read_bytes())
    (docs / "other.bib").write_bytes(bib.read_bytes())  # same keys in two documents
    run_batch([docs], tmp_path / "out", BatchSpec(index=None, offline=True, use_cache=False))
    ids = [r["id"] for r in _outputs(tmp_path / "out")]
    assert len(ids) == len(set(ids)) > 2
    assert {i.split("#", 1)[0] for i in ids} == {"a/refs.bib", "other.bib"}


def test_killed_driver_restarts_with_every_id_exactly_once(tmp_path: Path) -> None:
    src = _input(tmp_path, 300)
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "citecheck", "batch", str(src), "--output", str(out),
           "--offline", "--no-cache", "-j", "2", "--partition-size", "8", "-q"]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0",
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(cmd, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manifest = out / "manifest.jsonl"
    finished_before = kill_driver_mid_run(proc, manifest, after=3, within=120)
    total = len(plan([src], 8, out))
    assert proc.returncode == -signal.SIGKILL and 3 <= finished_before < total, "not killed mid-run"
    rerun = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300,
                           start_new_session=True)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert f"({finished_before} already done)" in rerun.stdout or "already done" in rerun.stdout
    ids = [r["id"] for r in _outputs(out)]
    from citecheck.extract.cli import read_inputs

    expected = [c.id for c in read_inputs([src])[0]]
    assert sorted(ids) == sorted(expected) and len(ids) == len(set(ids)) == 302


def test_budget_actor_spaces_requests_and_honours_retry_after() -> None:
    async def scenario() -> tuple[float, list[float], float]:
        actor = BudgetActor()
        stamps: list[float] = []

        async def one() -> None:
            await actor.acquire("h", 0.05, 2)
            stamps.append(time.monotonic())
            await actor.release("h")

        start = time.monotonic()
        await asyncio.gather(*(one() for _ in range(6)))
        actor.block("h", 0.3)
        blocked_at = time.monotonic()
        await one()
        return start, stamps, stamps[-1] - blocked_at

    start, stamps, waited = asyncio.run(scenario())
    # admission k never comes before its slot, k intervals after the first (a late wake-up
    # may shorten one measured gap, never the schedule)
    assert all(t - start >= k * 0.05 - 1e-3 for k, t in enumerate(sorted(stamps[:6])))
    assert waited >= 0.29


def test_missing_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from citecheck.batch import require_ray

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match=r"citecheck\[batch\]"):
        require_ray()
