"""``citecheck batch`` on a local Ray cluster vs ``citecheck check --offline``: same labels?
Per-worker throughput, and scaling from 1 to 2 workers.

    python benchmarks/batch_ray.py --index /tmp/corpus.db [--n 20000] [--json out.json]

The input is benchmarks/physics/test.jsonl cycled to N citations (benchmarks/throughput.py's
``make_batch``). ``check`` runs as a subprocess with ``-j 2``; ``batch`` runs with ``-j 1`` and
``-j 2`` into fresh folders. Wall times include Ray's start (about 4 s here).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from throughput import make_batch  # noqa: E402


def _labels_jsonl(lines: list[str]) -> dict[str, str]:
    out = {}
    for line in lines:
        if line.strip():
            row = json.loads(line)
            out[row["id"]] = row["label"]
    return out


def _batch(exe: Path, src: Path, index: Path, out: Path, workers: int) -> tuple[float, dict, dict]:
    t0 = time.perf_counter()
    subprocess.run([str(exe), "batch", str(src), "--output", str(out), "--offline", "--index",
                    str(index), "-j", str(workers), "-q"], check=True, capture_output=True)
    wall = time.perf_counter() - t0
    lines = []
    for part in sorted(out.glob("part-*.jsonl")):
        lines.extend(part.read_text(encoding="utf-8").splitlines())
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return wall, _labels_jsonl(lines), summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--dataset", type=Path, default=ROOT / "physics" / "test.jsonl")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    exe = Path(sys.executable).with_name("citecheck")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "batch.jsonl"
        make_batch(args.dataset, args.n, src)
        t0 = time.perf_counter()
        proc = subprocess.run([str(exe), "check", "--offline", "--format", "jsonl", "--fail-on",
                               "never", "--index", str(args.index), "-j", "2", str(src)],
                              check=True, capture_output=True, text=True)
        check_wall = time.perf_counter() - t0
        check = _labels_jsonl(proc.stdout.splitlines())
        runs = {}
        for workers in (1, 2):
            wall, labels, summary = _batch(exe, src, args.index, Path(tmp) / f"out{workers}", workers)
            per = summary["per_worker"]
            runs[workers] = {
                "wall_s": round(wall, 1), "citations_per_s": round(args.n / wall, 1),
                "per_worker_per_s": sorted(round(v["per_second"], 1) for v in per.values()),
                "same_labels_as_check": labels == check, "ids": len(labels),
                "label_diffs": sum(labels.get(k) != v for k, v in check.items()),
            }
    result = {"n": args.n, "check_offline_j2_wall_s": round(check_wall, 1),
              "check_citations_per_s": round(args.n / check_wall, 1), "batch": runs,
              "scaling_1_to_2": round(runs[1]["wall_s"] / runs[2]["wall_s"] / 2, 3)}
    text = json.dumps(result, indent=1)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
