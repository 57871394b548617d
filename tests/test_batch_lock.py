"""One ``citecheck batch`` run per output folder: a second one says who holds it and exits 2,
before it touches the folder or starts Ray. Runs without Ray (`sys.modules["ray"] = None`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.batch.run import BatchError, folder_lock
from citecheck.cli import app

ROOT = Path(__file__).resolve().parents[1]
LINE = '{"id": "a", "text": "J. Doe, A title long enough to be checked, Phys. Rev. B 12, 345 (2001)."}\n'


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray cannot be imported: a run that gets past the lock stops at `require_ray`, exit 2."""
    monkeypatch.setitem(sys.modules, "ray", None)


def _batch(tmp_path: Path, out: Path) -> tuple[int, str]:
    src = tmp_path / "in.jsonl"
    src.write_text(LINE, encoding="utf-8")
    result = CliRunner().invoke(app, ["batch", str(src), "--output", str(out), "--offline", "-q"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_second_run_into_a_folder_in_use_exits_2_naming_the_holder(tmp_path: Path, no_ray: None) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "part-00000.jsonl.tmp").write_text("the first run is writing this\n")
    with folder_lock(out):
        code, output = _batch(tmp_path, out)
    assert code == 2
    assert f"{out}/ is in use by another citecheck batch run (pid {os.getpid()})" in output
    # it touched nothing: the first run's temporary file is there, no batch.json was written
    assert (out / "part-00000.jsonl.tmp").exists() and not (out / "batch.json").exists()


def test_after_the_holder_releases_the_folder_a_run_proceeds(tmp_path: Path, no_ray: None) -> None:
    out = tmp_path / "out"
    with folder_lock(out):
        pass
    code, output = _batch(tmp_path, out)
    assert code == 2 and "in use" not in output and "needs Ray" in output  # past the lock
    assert (out / "batch.json").exists()  # the folder was started


def test_the_lock_of_a_killed_run_is_released_by_the_system(tmp_path: Path) -> None:
    out = tmp_path / "out"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom pathlib import Path\n"
         "from citecheck.batch.run import folder_lock\n"
         "with folder_lock(Path(sys.argv[1])):\n    print('held', flush=True)\n    time.sleep(60)\n",
         str(out)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(BatchError, match=rf"pid {holder.pid}\)"), folder_lock(out):
            pass
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with folder_lock(out):
        assert (out / "batch.lock").read_text() == f"{os.getpid()}\n"
