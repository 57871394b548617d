"""Two versions of citecheck timed on the same run, alternating: wall and CPU seconds, and per-pair ratios.

Usage:
    git worktree add /tmp/base <commit> --detach
    python benchmarks/ab_pairs.py --base-src /tmp/base/src --index D/full-corpus.db \
        (--batch B.jsonl | --dataset benchmarks/physics/test.jsonl --n 1000) [--pairs 8] [--bytecode-cache]

Each pair runs `python -m citecheck check --offline --index D --format jsonl --fail-on never B` once with
the base's sources first on the path (PYTHONPATH) and once with this checkout's, back to back; CPU is the
children's user + system time (`getrusage`), so the workers count. On a shared machine whose speed drifts
by a third within minutes, a single median compares badly; the median of the pairs' ratios (final/base,
each pair run within seconds) is the figure to quote. One untimed run of each comes first (pattern caches
written). ``--bytecode-cache`` lets Python write and use its bytecode (in a temporary prefix, not in the
checkout), as an installed package would; without it, PYTHONDONTWRITEBYTECODE=1.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-src", type=Path, required=True, help="the base version's src/ folder")
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--batch", type=Path, help="a JSONL batch as it is")
    parser.add_argument("--dataset", type=Path, help="or items cycled to --n, as benchmarks/throughput.py does")
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--bytecode-cache", action="store_true")
    args = parser.parse_args()
    if (args.batch is None) == (args.dataset is None):
        parser.error("give --batch or --dataset")
    with tempfile.TemporaryDirectory() as tmp:
        batch = args.batch
        if batch is None:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from throughput import make_batch

            batch = Path(tmp) / "batch.jsonl"
            make_batch(args.dataset, args.n, batch)
        _compare(args, batch)


def _compare(args: argparse.Namespace, batch: Path) -> None:
    cmd = [sys.executable, "-m", "citecheck", "check", "--offline", "--index", str(args.index),
           "--format", "jsonl", "--fail-on", "never", str(batch)]
    with tempfile.TemporaryDirectory() as prefix:
        env = dict(os.environ)
        if args.bytecode_cache:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = prefix
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        envs = {"base": {**env, "PYTHONPATH": str(args.base_src.resolve())}, "final": env}
        for e in envs.values():
            run(cmd, e)  # untimed: caches written
        runs: dict[str, list[tuple[float, float]]] = {"base": [], "final": []}
        for _ in range(args.pairs):
            for name, e in envs.items():
                runs[name].append(run(cmd, e))
    ratios = [(f[0] / b[0], f[1] / b[1]) for b, f in zip(runs["base"], runs["final"], strict=True)]
    n = sum(1 for line in batch.read_text(encoding="utf-8").splitlines() if line.strip())
    out = {name: {"wall_s": [round(w, 2) for w, _ in v], "cpu_s": [round(c, 2) for _, c in v],
                  "median_wall_s": round(statistics.median(w for w, _ in v), 3),
                  "median_cpu_s": round(statistics.median(c for _, c in v), 3),
                  "citations_per_s_at_median": round(n / statistics.median(w for w, _ in v), 1)}
           for name, v in runs.items()}
    out["pair_ratio_final_over_base"] = {"wall": round(statistics.median(r[0] for r in ratios), 3),
                                         "cpu": round(statistics.median(r[1] for r in ratios), 3)}
    out["bytecode_cache"] = args.bytecode_cache
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
