"""Throughput of `citecheck check --offline --format jsonl` on N citations: per wall second and per CPU second.

Usage:
    python benchmarks/throughput.py --dataset benchmarks/physics/test.jsonl \
        --index /tmp/corpus.db [--n 1000] [--repeat 3] [--jobs 0]

Items of the dataset become a JSONL batch (`{"id","text"}` or `{"id","bibtex"}` lines, cycled to
N); the CLI is run as a subprocess, so start-up and index opening are included in the time.
CPU seconds are the user + system time of that process and its workers (the children's `getrusage`),
so citations per CPU second is the figure that stays put when the machine's load or the number of
cores changes; wall seconds tell what a user waits.

Start-up (imports, then compiling the parser's patterns before the workers fork) is part of every
run: the `regex` patterns are kept compiled in the cache directory (`citecheck.regex_cache`), the
model modules and the live sources' adapters are not imported offline, and the workers send the
report's lines instead of the verdicts. The first run after installing (or after a change to the
patterns) compiles them and writes the file; ``--warmup`` runs (default 1, untimed) leave that out of
the figures, as a user's second run would. Python's bytecode cache also counts (a pip-installed
package has one; a checkout run with PYTHONDONTWRITEBYTECODE=1 compiles every module on every run, about
0.1–0.2 s): the output says which ("bytecode_cache"). On a shared 2-core machine one run differs from
the next by ±15 % (and the machine's speed drifts by a third within minutes), so compare medians of
several repeats, alternating the commits compared.
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


def make_batch(dataset: Path, n: int, out: Path) -> int:
    items = [json.loads(line) for line in dataset.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not items:
        raise SystemExit(f"{dataset}: no items")
    with out.open("w", encoding="utf-8") as fh:
        for i in range(n):
            item = items[i % len(items)]
            row = {"id": f"{item.get('id', i)}~{i}"}
            if item.get("bibtex"):
                row["bibtex"] = item["bibtex"]
            else:
                row["text"] = item["text"]
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", type=Path, required=True)
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0, help="citecheck check -j (0: its default)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs first (pattern caches written)")
    args = parser.parse_args()
    exe = Path(sys.executable).with_name("citecheck")
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "batch.jsonl"
        make_batch(args.dataset, args.n, batch)
        times, cpus = [], []
        for i in range(args.warmup + args.repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            proc = subprocess.run(
                [str(exe), "check", "--offline", "--format", "jsonl", "--fail-on", "never",
                 "--index", str(args.index), "-j", str(args.jobs), str(batch)],
                capture_output=True, text=True, check=False,
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if i >= args.warmup:
                times.append(wall)
                cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if proc.returncode != 0:
                raise SystemExit(f"citecheck exited {proc.returncode}: {proc.stderr[-2000:]}")
            lines = proc.stdout.count("\n")
            if lines != args.n:
                raise SystemExit(f"expected {args.n} verdicts, got {lines}")
    best, median = min(times), statistics.median(times)
    print(json.dumps({
        "citations": args.n,
        "jobs": args.jobs,
        "runs_s": [round(t, 3) for t in times],
        "best_citations_per_s": round(args.n / best, 1),
        "median_citations_per_s": round(args.n / median, 1),
        "cpu_runs_s": [round(c, 3) for c in cpus],
        "median_cpu_s": round(statistics.median(cpus), 3),
        "median_citations_per_cpu_s": round(args.n / statistics.median(cpus), 1),
        "best_citations_per_cpu_s": round(args.n / min(cpus), 1),
        "load_average": round(os.getloadavg()[0], 1),
        "bytecode_cache": not os.environ.get("PYTHONDONTWRITEBYTECODE"),
    }, indent=2))


if __name__ == "__main__":
    main()
