"""Live-source throughput under real rate limits, against the loopback simulator.

1,000 citations (half with a DOI or arXiv id, half title-only, 5 % of those invented) go to
Crossref, Semantic Scholar, OpenAlex, arXiv and INSPIRE the way the orchestrator sends them:
identifier lookups batched up front (S2 batch, OpenAlex OR-filter, arXiv id_list, Crossref
``filter=doi:``, INSPIRE ``doi a or doi b``), then one search per title-only citation the
source covers. The
simulator enforces each service's published limit (429 + Retry-After beyond it) and logs any
request that arrives while a Retry-After is running.

Time is scaled (``--scale``, default 10): limits run 10× faster and Retry-After lasts 1/10,
for the client too (``rate_scale``), so the ~25 real minutes this workload needs at arXiv's
one-request-per-3-s take about a minute. (From 20× on, the CPU latency of client and server
on a busy machine starts to matter against 50 ms slots.) Rates are reported in real time.

    .venv/bin/python benchmarks/sources_sim.py [--scale 10] [--n 1000] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers.simulator import REAL_LIMITS, SimulatorProcess, load_corpus  # noqa: E402

from citecheck.model import Citation, Record  # noqa: E402
from citecheck.sources.config import load_config  # noqa: E402
from citecheck.sources.registry import build_sources  # noqa: E402

SHARED = ROOT.parent / "shared" / "data" / "corpus"
FILES = ["arxiv-browse.jsonl.gz", "habanero-cassettes.jsonl.gz", "refchecker-api-cache.jsonl.gz"]
NAMES = ["crossref", "semanticscholar", "openalex", "arxiv", "inspire"]


def workload(records: list[Record], n: int, seed: int) -> list[Citation]:
    rng = random.Random(seed)
    with_id = [r for r in records if (r.DOI or r.arxiv) and r.title]
    title_only = [r for r in records if r.title and r.author]
    rng.shuffle(with_id)
    rng.shuffle(title_only)
    half = n // 2
    out = []
    for i, r in enumerate(with_id[:half]):
        fields = Record(title=r.title, author=r.author, issued=r.issued,
                        DOI=r.DOI if i % 2 == 0 or not r.arxiv else None,
                        custom={"arxiv": r.arxiv} if r.arxiv and (i % 2 or not r.DOI) else {})
        out.append(Citation(id=f"id{i}", raw=r.title or "", fields=fields))
    fakes = max(1, (n - half) // 20)
    for i, r in enumerate(title_only[half:half + (n - half - fakes)]):
        fields = Record(title=r.title, author=r.author, issued=r.issued,
                        **{"container-title": r.container_title})
        fields.custom["categories"] = r.custom.get("categories") or []
        out.append(Citation(id=f"t{i}", raw=f"{r.title} arXiv" if r.arxiv else r.title or "",
                            fields=fields))
    for i in range(fakes):
        out.append(Citation(id=f"fake{i}", raw="", fields=Record(
            title=f"A fabricated study of recursive teapots number {i}",
            author=title_only[i].author)))
    return out


async def drive(source, citations: list[Citation]) -> dict[str, int]:
    counts = {"found_ids": 0, "searches": 0, "errors": 0}
    dois = sorted({c.fields.DOI for c in citations if c.fields.DOI})
    arxivs = sorted({c.fields.arxiv for c in citations if c.fields.arxiv})
    try:
        if "doi" in source.supports and dois:
            found = await source.lookup_doi_many(dois)
            counts["found_ids"] += sum(v is not None for v in found.values())
        if "arxiv" in source.supports and arxivs:
            found = await source.lookup_arxiv_many(arxivs)
            counts["found_ids"] += sum(v is not None for v in found.values())
    except Exception:
        counts["errors"] += 1
    todo = [c for c in citations if not c.fields.DOI and not c.fields.arxiv and source.covers(c)]

    async def one(c: Citation) -> None:
        try:
            await source.search(c, limit=5)
            counts["searches"] += 1
        except Exception:
            counts["errors"] += 1

    await asyncio.gather(*(one(c) for c in todo))
    return counts


def ceiling(n: int, lane: str) -> float:
    """Fastest any client could send `n` requests under `lane`'s limit (real seconds):
    the first `rate` ride the full bucket, the rest one per refill interval."""
    lim = REAL_LIMITS[lane]
    return max(0, n - lim.rate) * lim.per / lim.rate


async def main(args: argparse.Namespace) -> dict:
    files = [SHARED / f for f in FILES if (SHARED / f).exists()]
    if not files:
        files = [ROOT / "tests" / "data" / "replay" / "corpus-sample.jsonl"]
    records = load_corpus(files)
    citations = workload(records, args.n, args.seed)
    sim = SimulatorProcess(files, scale=args.scale)
    cfg = load_config(env={}, **sim.base_urls(), rate_scale=args.scale, openalex_api_key="bench",
                      timeout=10, max_retries=6)
    sources = build_sources(args.sources.split(","), config=cfg, offline=False, use_cache=False)
    started = time.monotonic()
    per_source: dict[str, dict] = {}

    async def run(source) -> None:
        t0 = time.monotonic()
        counts = await drive(source, citations)
        counts["wall_real_s"] = round((time.monotonic() - t0) * args.scale, 1)
        per_source[source.name] = counts

    await asyncio.gather(*(run(s) for s in sources))
    wall = time.monotonic() - started
    for s in sources:
        await s.aclose()
    stats = sim.stats()
    sim.stop()
    lanes = {}
    for lane, st in sorted(stats.items()):
        n = st["requests"]
        span = ((st["last"] or 0) - (st["first"] or 0)) * args.scale
        lim = REAL_LIMITS[lane]
        best = ceiling(n, lane)
        lanes[lane] = {
            "requests": n, "answered": st["answered"], "429": st["rate_limited"],
            "violations": st["violations"],
            "limit": f"{lim.rate:g}/{lim.per:g}s, {lim.concurrency} concurrent",
            "span_real_s": round(span, 1), "ceiling_real_s": round(best, 1),
            "throughput_vs_ceiling": round(best / span, 3) if span > 0 and best > 0 else None,
        }
    bound = max((v["ceiling_real_s"] for v in lanes.values()), default=0.0)
    return {"citations": len(citations), "with_identifier": sum(
        bool(c.fields.DOI or c.fields.arxiv) for c in citations), "scale": args.scale,
        "wall_s": round(wall, 1), "wall_real_s": round(wall * args.scale, 1),
        # the run can finish no sooner than its slowest lane's ceiling
        "ceiling_real_s": round(bound, 1),
        "throughput_vs_ceiling": round(bound / (wall * args.scale), 3) if wall > 0 else None,
        "violations": sum(v["violations"] for v in lanes.values()),
        "sources": per_source, "lanes": lanes}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--scale", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--sources", default=",".join(NAMES), help="comma-separated subset")
    ns = parser.parse_args()
    result = asyncio.run(main(ns))
    text = json.dumps(result, indent=2)
    if ns.json:
        ns.json.write_text(text + "\n", encoding="utf-8")
    print(text)
