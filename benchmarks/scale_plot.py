"""The plot of benchmarks/scale.py's table: build rate and lookup p95 against index size."""

from __future__ import annotations

import json
import math
from pathlib import Path


def plot(table: Path, png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = json.loads(table.read_text(encoding="utf-8"))["rows"]
    n = [r["records"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.plot(n, [r["records_per_cpu_s"] for r in rows], "o-", label="records / CPU-second")
    left.plot(n, [r["records_per_s_wall"] for r in rows], "s--", label="records / s (wall, shared machine)")
    left.axhline(20_000, color="grey", lw=0.8, ls=":", label="target 20,000 / s")
    left.set(xscale="log", xlabel="records in the index", ylabel="build rate", title="Index build")
    left.legend(fontsize=8)
    for kind, style in (("doi", "o-"), ("arxiv", "^-"), ("journal", "s-"), ("title", "d-")):
        pts = [(r["records"], r["lookups"][kind]["p95_ms"]) for r in rows if kind in r["lookups"]]
        if pts:
            right.plot(*zip(*pts, strict=True), style, label=f"{kind} p95 (wall)")
    pts = [(r["records"], r["lookups"]["title"]["cpu_p95_ms"]) for r in rows
           if "cpu_p95_ms" in r["lookups"].get("title", {})]
    if pts:
        right.plot(*zip(*pts, strict=True), "d:", color="darkred", label="title p95, CPU time")
    right.axhline(1, color="grey", lw=0.8, ls=":")
    right.axhline(20, color="grey", lw=0.8, ls="--")
    right.set(xscale="log", yscale="log", xlabel="records in the index", ylabel="ms",
              title="Lookup latency (p95, warm; wall includes waiting for a core)")
    right.legend(fontsize=8)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)


def markdown(table: Path) -> str:
    """The measured rows as a Markdown table, then a fit of build CPU time and index size."""
    rows = json.loads(table.read_text(encoding="utf-8"))["rows"]
    out = ["| records | corpus | -j | build wall s | build CPU s | records/CPU-s | records/s wall "
           "| peak RSS MB | index MB | DOI p95 ms | arXiv p95 ms | journal p95 ms "
           "| title p50 / p95 ms (CPU) | title p50 / p95 ms (wall) | title hit |",
           "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lk = r["lookups"]
        title = lk.get("title", {})
        cpu = (f"{title.get('cpu_p50_ms', '–')} / {title.get('cpu_p95_ms', '–')}"
               if "cpu_p50_ms" in title else "–")
        out.append(
            f"| {r['records']:,} | {r['corpus'].split(' (')[0]} | {r.get('jobs', 1)} "
            f"| {r['build_wall_s']} "
            f"| {r['build_cpu_s']} | {r['records_per_cpu_s']:,} | {r['records_per_s_wall']:,} "
            f"| {r['peak_rss_mb']} | {r['index_mb']} | {lk['doi']['p95_ms']} "
            f"| {lk['arxiv']['p95_ms']} | {lk['journal']['p95_ms']} | {cpu} "
            f"| {title.get('p50_ms')} / {title.get('p95_ms')} | {title.get('hit_rate')} |")
    return "\n".join(out)


def fit(table: Path) -> dict[str, float]:
    """Power-law exponents of build CPU time and index size against records (1 = linear),
    from the smallest and largest measured points, and per-record costs at the largest."""
    rows = json.loads(table.read_text(encoding="utf-8"))["rows"]
    a, b = rows[0], rows[-1]
    ratio = math.log(b["records"] / a["records"])
    return {"build_exponent": round(math.log(b["build_cpu_s"] / a["build_cpu_s"]) / ratio, 3),
            "size_exponent": round(math.log(b["index_mb"] / a["index_mb"]) / ratio, 3),
            "cpu_us_per_record": round(1e6 * b["build_cpu_s"] / b["records"], 1),
            "bytes_per_record": round(b["index_mb"] * 2**20 / b["records"])}


if __name__ == "__main__":
    import sys

    print(markdown(Path(sys.argv[1])))
    print(json.dumps(fit(Path(sys.argv[1]))))
