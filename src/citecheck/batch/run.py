"""The batch driver: plan, schedule on Ray, write partitions atomically, keep the manifest.

Output folder: ``batch.json`` (what the batch is: input fingerprint, partition count),
``manifest.jsonl`` (one line per finished partition, appended and fsynced after its part file
was renamed into place), ``part-NNNNN.jsonl`` (or ``.parquet``), ``summary.json`` at the end.
A restart skips the partitions the manifest lists; a part file written but not yet listed
(killed in between) is simply written again under the same name, so no id is ever doubled.

One run at a time per folder: ``batch.lock`` is held (``flock``, exclusive) for the whole run and
names its pid; the operating system releases it when the run ends, however it ends (a kill
included). A second run into the folder stops before touching it, and before starting Ray.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from citecheck.batch import require_ray
from citecheck.batch.inputs import Partition, fingerprint, plan
from citecheck.batch.papers import paper_summary, resolve_inputs
from citecheck.batch.worker import BatchSpec, check_partition
from citecheck.errors import RunFatalError

OBJECT_STORE_BYTES = 200 * 1024 * 1024


class BatchError(Exception):
    """The batch cannot start (inputs changed since the folder was started, bad input)."""


@dataclass
class BatchResult:
    partitions: int = 0
    skipped: int = 0  # already finished by an earlier run
    citations: int = 0
    labels: Counter[str] = field(default_factory=Counter)
    per_worker: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0
    budget: dict[str, Any] = field(default_factory=dict)


LOCK_NAME = "batch.lock"


@contextlib.contextmanager
def folder_lock(out: Path) -> Iterator[None]:
    """Hold ``out``'s lock for a run; `BatchError` naming the holder's pid when another has it."""
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise BatchError(f"{out}/ is in use by another citecheck batch run (pid {holder})") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock (as the end of the process does)


def _fsync_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    tmp.replace(path)


def _finished(out: Path) -> dict[int, dict[str, Any]]:
    done: dict[int, dict[str, Any]] = {}
    manifest = out / "manifest.jsonl"
    if manifest.exists():
        for line in manifest.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a kill: that partition runs again
            if (out / entry["file"]).exists():
                done[int(entry["pid"])] = entry
    return done


def _start(out: Path, inputs: list[Path], size: int) -> list[Partition]:
    out.mkdir(parents=True, exist_ok=True)
    inputs = resolve_inputs(inputs, out)  # arxiv-listing:… → its file of ids, fetched once
    for stale in out.glob("*.tmp"):
        stale.unlink()
    meta = out / "batch.json"
    if meta.exists():  # resuming: partitions as the first run cut them
        size = int(json.loads(meta.read_text(encoding="utf-8")).get("partition_size", size))
    parts = plan(inputs, size, out)
    stamp = {"fingerprint": fingerprint(inputs, size), "partitions": len(parts),
             "partition_size": size, "inputs": [str(p) for p in inputs]}
    if meta.exists():
        old = json.loads(meta.read_text(encoding="utf-8"))
        if old.get("fingerprint") != stamp["fingerprint"]:
            raise BatchError(f"{out}: holds a batch over other inputs; use a new --output "
                             "folder")
    else:
        _fsync_write(meta, json.dumps(stamp, indent=1).encode())
    return parts


def _text(part: Partition) -> str | None:
    if part.kind != "lines":
        return None
    with open(part.path, "rb") as fh:
        fh.seek(part.offset)
        data = fh.read(part.length)
    if part.offset == 0 and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _write_part(out: Path, result: dict[str, Any], fmt: str) -> str:
    name = f"part-{result['pid']:05d}.{fmt}"
    if fmt == "parquet":
        from citecheck.batch.parquet import verdict_table_bytes

        _fsync_write(out / name, verdict_table_bytes(result["lines"]))
    else:
        _fsync_write(out / name, "".join(line + "\n" for line in result["lines"]).encode())
    entry = {"pid": result["pid"], "file": name, "rows": len(result["lines"]),
             "seconds": round(result["seconds"], 3), "worker": result["worker"],
             "labels": result["labels"], **({"paper": result["paper"]} if "paper" in result else {})}
    with (out / "manifest.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return name


def _ray_up(ray: Any, workers: int, address: str | None) -> bool:
    """Connect to ``address`` or start a local cluster; True when we started it."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if ray.is_initialized():
        return False
    if address:
        ray.init(address=address, log_to_driver=False)
        return False
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
             object_store_memory=OBJECT_STORE_BYTES, configure_logging=False)
    return True


def run_batch(
    inputs: list[Path],
    out: Path,
    spec: BatchSpec,
    *,
    workers: int = 2,
    address: str | None = None,
    partition_size: int = 500,
    fmt: str = "jsonl",
    progress: Callable[[int, int], None] | None = None,
) -> BatchResult:
    """Check every citation of ``inputs`` into ``out``; resumes what an earlier run started.
    `BatchError` when another run holds the folder (`folder_lock`)."""
    with folder_lock(out):
        return _run_locked(inputs, out, spec, workers=workers, address=address,
                           partition_size=partition_size, fmt=fmt, progress=progress)


def _run_locked(
    inputs: list[Path], out: Path, spec: BatchSpec, *, workers: int, address: str | None,
    partition_size: int, fmt: str, progress: Callable[[int, int], None] | None,
) -> BatchResult:
    started = time.perf_counter()
    parts = _start(out, inputs, partition_size)
    done = _finished(out)
    todo = [p for p in parts if p.pid not in done]
    result = BatchResult(partitions=len(parts), skipped=len(parts) - len(todo))
    total = sum(p.count for p in parts)
    finished = sum(p.count for p in parts if p.pid in done)
    if progress:
        progress(finished, total)
    ray = require_ray()
    ours = _ray_up(ray, workers, address) if todo else False
    try:
        budget = None
        if todo and not spec.offline:
            from citecheck.batch.budget import BudgetActor

            budget = ray.remote(BudgetActor).options(max_concurrency=1000).remote()
        task = ray.remote(num_cpus=1, max_retries=2)(check_partition)
        spec_ref = ray.put(spec) if todo else None
        pending: dict[Any, Partition] = {}
        queue = list(todo)
        window = max(2, 2 * int(ray.cluster_resources().get("CPU", workers))) if todo else 0
        while queue or pending:
            while queue and len(pending) < window:
                part = queue.pop(0)
                pending[task.remote(spec_ref, part, _text(part), budget)] = part
            ready, _ = ray.wait(list(pending), num_returns=1)
            part = pending.pop(ready[0])
            res = _result(ray, ready[0])
            _write_part(out, res, fmt)
            _account(result, res)
            finished += part.count
            if progress:
                progress(finished, total)
        if budget is not None:
            result.budget = ray.get(budget.stats.remote())
    finally:
        if ours:
            ray.shutdown()
    result.seconds = time.perf_counter() - started
    _summary(out, result)
    return result


def _result(ray: Any, ref: Any) -> dict[str, Any]:
    """A partition's result; a failure that ends the run (a damaged index) ends it as a
    `BatchError` with its own message (exit 2), not as the worker's traceback."""
    try:
        result: dict[str, Any] = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, RunFatalError):
            raise BatchError(str(exc.cause)) from exc.cause
        raise
    return result


def _account(result: BatchResult, res: dict[str, Any]) -> None:
    n = len(res["lines"])
    result.citations += n
    result.labels.update(res["labels"])
    w = result.per_worker.setdefault(res["worker"], {"citations": 0, "seconds": 0.0})
    w["citations"] += n
    w["seconds"] += res["seconds"]


def _summary(out: Path, result: BatchResult) -> None:
    per_worker = {k: {**v, "per_second": round(v["citations"] / max(v["seconds"], 1e-9), 1)}
                  for k, v in result.per_worker.items()}
    doc = {"partitions": result.partitions, "resumed_skipping": result.skipped,
           "citations_this_run": result.citations, "labels_this_run": dict(result.labels),
           "seconds": round(result.seconds, 2), "per_worker": per_worker,
           "budget": result.budget, **paper_summary(out)}
    _fsync_write(out / "summary.json", json.dumps(doc, indent=1).encode())
