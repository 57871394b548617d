"""Index build time and lookup / search latency on the shared corpus.

    .venv/bin/python benchmarks/index_build.py [--corpus ../shared/data/corpus] [--queries 1000]

Builds a fresh index from every corpus file (and, separately, the embedded default corpus),
then times each lookup kind on records sampled from the corpus (fixed seed) and reports how
often the sampled record comes back: exact titles, titles with one word dropped and one word
misspelled, author family names + year without a title. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from citecheck.index.build import build_index
from citecheck.index.default import embedded_corpus_path
from citecheck.index.search import LocalIndex

ROOT = Path(__file__).resolve().parents[1]


def _load(files: list[Path]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for path in files:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            records.extend(json.loads(line) for line in fh if line.strip())
    return records


def _perturb(title: str, rng: random.Random) -> str:
    words = title.split()
    if len(words) >= 4:
        del words[rng.randrange(len(words))]
        i = rng.randrange(len(words))
        if len(words[i]) > 3:
            w = words[i]
            j = rng.randrange(1, len(w) - 1)
            words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]  # swap two letters
    return " ".join(words)


def _time(label: str, items: list[Any], fn: Callable[[Any], bool]) -> dict[str, Any]:
    latencies: list[float] = []
    hits = 0
    for item in items:
        t0 = time.perf_counter()
        ok = fn(item)
        latencies.append((time.perf_counter() - t0) * 1000)
        hits += bool(ok)
    latencies.sort()
    return {
        "what": label,
        "n": len(items),
        "found": f"{hits / max(len(items), 1):.1%}",
        "mean_ms": statistics.fmean(latencies) if latencies else 0.0,
        "p95_ms": latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0,
    }


def _authors(rec: dict[str, Any]) -> list[str]:
    return [a.get("family") or a.get("literal") or "" for a in rec.get("author", [])][:3]


def _year(rec: dict[str, Any]) -> int | None:
    try:
        return int(rec["issued"]["date-parts"][0][0])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "corpus")
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    files = sorted(args.corpus.glob("*.jsonl.gz"))
    if not files:
        raise SystemExit(f"no corpus files in {args.corpus}")
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / "corpus.sqlite"
        stats = build_index(full, files)
        embedded = build_index(Path(tmp) / "embedded.sqlite", [embedded_corpus_path()])
        print("| build | items read | records | seconds | records/s | index size |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, st, path in (("whole corpus (8 files)", stats, full),
                               ("embedded default corpus", embedded, Path(tmp) / "embedded.sqlite")):
            print(f"| {name} | {st.read:,} | {st.records:,} | {st.seconds:.1f} | "
                  f"{st.read / st.seconds:,.0f} | {path.stat().st_size / 1e6:.0f} MB |")
        print()

        index = LocalIndex(full)
        rng = random.Random(args.seed)
        records = _load(files)
        sample = rng.sample(records, min(args.queries, len(records)))
        titled = [r for r in sample if r.get("title")]
        with_doi = [r for r in records if r.get("DOI") and not r["DOI"].startswith("10.48550")]
        dois = rng.sample(with_doi, min(args.queries, len(with_doi)))
        arxivs = [r for r in sample if (r.get("custom") or {}).get("arxiv")]
        journals = [r for r in records if r.get("container-title") and r.get("volume") and r.get("page")]
        journals = rng.sample(journals, min(args.queries, len(journals)))
        authored = [r for r in titled if any(a.get("family") for a in r.get("author", [])) and _year(r)]
        perturbed = {r["id"]: _perturb(r["title"], rng) for r in titled}

        def ids(found: list[Any]) -> list[str]:
            return [x.id for x in found]

        rows = [
            _time("by_doi", dois, lambda r: index.by_doi(r["DOI"].upper()) is not None),
            _time("by_arxiv", arxivs, lambda r: index.by_arxiv(r["custom"]["arxiv"]) is not None),
            _time("by_journal", journals,
                  lambda r: r["id"] in ids(index.by_journal(r["container-title"], r["volume"], r["page"]))),
            _time("search: exact title (top 1)", titled,
                  lambda r: (ids(index.search(r["title"], _authors(r), _year(r), 10)) or [""])[0] == r["id"]),
            _time("search: exact title (top 10)", titled,
                  lambda r: r["id"] in ids(index.search(r["title"], limit=10))),
            _time("search: 1 word dropped + 1 misspelt (top 10)", titled,
                  lambda r: r["id"] in ids(index.search(perturbed[r["id"]], limit=10))),
            _time("search: authors + year, no title (top 20)", authored,
                  lambda r: r["id"] in ids(index.search(None, _authors(r), _year(r), 20))),
        ]
        print(f"Queries on the whole-corpus index ({len(index):,} records), seed {args.seed}:")
        print()
        print("| lookup | n | found | mean ms | p95 ms |")
        print("|---|---:|---:|---:|---:|")
        for row in rows:
            print(f"| {row['what']} | {row['n']:,} | {row['found']} | {row['mean_ms']:.3f} | "
                  f"{row['p95_ms']:.3f} |")
        index.close()


if __name__ == "__main__":
    main()
