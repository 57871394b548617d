"""``citecheck batch`` in live mode: 4 Ray workers against the loopback simulator, real limits.

    python benchmarks/batch_live.py [--n 600] [--workers 4] [--scale 10] [--json out.json]

The workload is benchmarks/sources_sim.py's (half with a DOI or arXiv id, half title-only, 5 %
invented), written as ``{"id", "csl"}`` lines; the index holds one unrelated record, so every
citation goes to the live sources. The simulator enforces each service's published limit
(429 + Retry-After beyond it) and counts requests that arrive during a Retry-After
(violations). Passing: 0 violations and, per lane, throughput ≥ 90 % of the ceiling (the
fastest any client could send that many requests).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from sources_sim import FILES, SHARED, ceiling, workload  # noqa: E402
from tests.servers.simulator import REAL_LIMITS, SimulatorProcess, load_corpus  # noqa: E402

from citecheck.sources.config import ENV_VARS  # noqa: E402

SOURCES = ("crossref", "semanticscholar", "openalex", "arxiv")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=600)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--scale", type=float, default=10.0)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from citecheck.batch.run import run_batch
    from citecheck.batch.worker import BatchSpec
    from citecheck.index.build import build_index

    files = [SHARED / f for f in FILES if (SHARED / f).exists()]
    citations = workload(load_corpus(files), args.n, seed=1)
    sim = SimulatorProcess(files, scale=args.scale)
    field_env = {v: k for k, v in ENV_VARS.items()}
    os.environ.update({field_env[k]: v for k, v in sim.base_urls().items()})
    os.environ.update({"CITECHECK_RATE_SCALE": str(args.scale), "OPENALEX_API_KEY": "bench",
                       "CITECHECK_TIMEOUT": "10", "CITECHECK_MAX_RETRIES": "6",
                       "RAY_USAGE_STATS_ENABLED": "0"})
    try:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "in.jsonl"
            src.write_text("".join(json.dumps({"id": c.id, "csl": c.fields.to_csl()}) + "\n"
                                   for c in citations), encoding="utf-8")
            one = Path(tmp) / "one.jsonl"
            one.write_text(json.dumps({"id": "x", "title": "An unrelated placeholder work",
                                       "DOI": "10.9999/none"}) + "\n", encoding="utf-8")
            build_index(Path(tmp) / "one.sqlite", [one])
            spec = BatchSpec(index=str(Path(tmp) / "one.sqlite"), offline=False,
                             sources=SOURCES, use_cache=False)
            result = run_batch([src], Path(tmp) / "out", spec, workers=args.workers,
                               partition_size=max(1, args.n // (2 * args.workers)))
        stats = sim.stats()
    finally:
        sim.stop()
    lanes = {}
    for lane, st in sorted(stats.items()):
        n = st["requests"]
        span = ((st["last"] or 0) - (st["first"] or 0)) * args.scale
        best = ceiling(n, lane)
        lim = REAL_LIMITS[lane]
        lanes[lane] = {"requests": n, "429": st["rate_limited"], "violations": st["violations"],
                       "limit": f"{lim.rate:g}/{lim.per:g}s, {lim.concurrency} concurrent",
                       "span_real_s": round(span, 1), "ceiling_real_s": round(best, 1),
                       "throughput_vs_ceiling": round(best / span, 3) if span > 0 and best > 0 else None}
    out = {"citations": result.citations, "workers": args.workers, "scale": args.scale,
           "wall_s": round(result.seconds, 1), "labels": dict(result.labels),
           "violations": sum(v["violations"] for v in lanes.values()),
           "per_worker": {k: v["citations"] for k, v in result.per_worker.items()},
           "budget": result.budget, "lanes": lanes}
    text = json.dumps(out, indent=1)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
