"""The plot of benchmarks/scale.py's table: build rate and lookup p95 against index size."""

from __future__ import annotations

import json
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
            right.plot(*zip(*pts, strict=True), style, label=f"{kind} p95")
    right.axhline(1, color="grey", lw=0.8, ls=":")
    right.axhline(20, color="grey", lw=0.8, ls="--")
    right.set(xscale="log", yscale="log", xlabel="records in the index", ylabel="ms",
              title="Lookup latency (p95, warm)")
    right.legend(fontsize=8)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)
