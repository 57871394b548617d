"""Index scale: synthetic corpora drawn from the real one, built and queried at growing sizes.

    python benchmarks/scale.py run --sizes 69138,1000000 --work /tmp/scale --json docs/data/scale.json --jobs 2
    python benchmarks/scale.py plot --json docs/data/scale.json --png docs/img/scale.png

``generate`` writes N CSL records (gzip JSONL) whose fields are drawn from the shared corpus's
own distributions: each record starts from a random real record (its type, its number of
authors, whether it has a DOI / arXiv id / journal reference); about a third of its title words
are replaced by words drawn by frequency from all real titles; author family and given names
are drawn from the real name lists; the venue is the template's (or, half the time, another
real venue) with a volume and page drawn near the template's; the year moves by up to 3.
DOIs keep the template's prefix with a unique suffix; arXiv ids are unique new-style ids.
Every 500th record is also written, with a perturbed title, to a query file.

``run`` builds each size with ``citecheck index build`` in a subprocess (wall and CPU time,
peak RSS from rusage), then times DOI / arXiv / journal+volume+page lookups and title search
(p50 / p95, warm, hit rate of the sampled record) and writes the table as JSON.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpus"
QUERY_EVERY = 500


class Model:
    """The corpus's distributions, sampled by `make`."""

    def __init__(self, corpus: Path, rng: random.Random) -> None:
        self.rng = rng
        self.records: list[dict[str, Any]] = []
        for path in sorted(corpus.glob("*.jsonl.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                self.records.extend(json.loads(line) for line in fh if line.strip())
        words: Counter[str] = Counter()
        families: Counter[str] = Counter()
        givens: Counter[str] = Counter()
        venues: Counter[str] = Counter()
        for r in self.records:
            words.update((r.get("title") or "").split())
            for a in r.get("author") or []:
                if a.get("family"):
                    families[a["family"]] += 1
                if a.get("given"):
                    givens[a["given"]] += 1
            if r.get("container-title"):
                venues[r["container-title"]] += 1
        self.words, self.word_w = zip(*words.items(), strict=True)
        self.families, self.family_w = zip(*families.items(), strict=True)
        self.givens, self.given_w = zip(*givens.items(), strict=True)
        self.venues, self.venue_w = zip(*venues.items(), strict=True)
        self._pool: dict[str, list[str]] = {}

    def draw(self, name: str) -> str:
        """Weighted draws, taken 4096 at a time (random.choices is slow one by one)."""
        pool = self._pool.get(name)
        if not pool:
            pop, weights = {"word": (self.words, self.word_w),
                            "family": (self.families, self.family_w),
                            "given": (self.givens, self.given_w),
                            "venue": (self.venues, self.venue_w)}[name]
            pool = self._pool[name] = self.rng.choices(pop, weights, k=4096)
        return pool.pop()

    def make(self, i: int) -> dict[str, Any]:
        rng = self.rng
        t = self.records[rng.randrange(len(self.records))]
        title = " ".join(self.draw("word") if rng.random() < 0.35 else w
                         for w in (t.get("title") or "").split()) or None
        rec: dict[str, Any] = {"type": t.get("type", "article-journal")}
        if title:
            rec["title"] = title
        authors = []
        for a in t.get("author") or []:
            if "literal" in a:
                authors.append(a)
            else:
                authors.append({"family": self.draw("family"), "given": self.draw("given")})
        if authors:
            rec["author"] = authors
        year = (t.get("issued") or {}).get("date-parts", [[None]])[0][0]
        if isinstance(year, int):
            rec["issued"] = {"date-parts": [[year + rng.randint(-3, 3)]]}
        if t.get("container-title"):
            rec["container-title"] = t["container-title"] if rng.random() < 0.5 else self.draw("venue")
        if t.get("volume"):
            v = t["volume"]
            rec["volume"] = str(int(v) + rng.randint(-20, 20)) if v.isdigit() and int(v) > 20 else v
        if t.get("page"):
            first = t["page"].split("-")[0]
            rec["page"] = str(rng.randint(1, 99999)) if first.isdigit() else first + str(i % 97)
        custom: dict[str, Any] = {"source": "synthetic"}
        if t.get("DOI") and "/" in t["DOI"]:
            rec["DOI"] = f"{t['DOI'].split('/', 1)[0]}/synth.{i}"
        if (t.get("custom") or {}).get("arxiv"):
            month = i // 99_999  # 1501 onwards (five-digit numbers), 99,999 ids a month
            custom["arxiv"] = f"{month // 12 + 15:02d}{month % 12 + 1:02d}.{i % 99_999 + 1:05d}"
        rec["custom"] = custom
        rec["id"] = (f"doi:{rec['DOI']}" if "DOI" in rec else
                     f"arxiv:{custom['arxiv']}" if "arxiv" in custom else f"synth:{i}")
        return rec


def perturb(title: str, rng: random.Random) -> str:
    words = title.split()
    if len(words) >= 4:
        del words[rng.randrange(len(words))]
    return " ".join(words)


def generate(n: int, out: Path, seed: int = 17) -> Path:
    rng = random.Random(seed)
    model = Model(CORPUS, rng)
    queries = out.with_suffix(".queries.jsonl")
    partial = out.with_name(out.name + ".part")  # renamed when complete: a kill leaves no short file
    with gzip.open(partial, "wt", encoding="utf-8", compresslevel=1) as fh, \
            queries.open("w", encoding="utf-8") as qh:
        for i in range(n):
            rec = model.make(i)
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
            if i % QUERY_EVERY == 0:
                q = {"rec": rec, "cited_title": perturb(rec.get("title") or "", rng)}
                qh.write(json.dumps(q, ensure_ascii=False) + "\n")
    partial.replace(out)
    return queries


def corpus_queries(out: Path, seed: int = 17) -> Path:
    """Queries for the real corpus (the 69k point): every 100th record, title perturbed."""
    rng = random.Random(seed)
    with out.open("w", encoding="utf-8") as qh:
        for path in sorted(CORPUS.glob("*.jsonl.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                for i, line in enumerate(fh):
                    if i % 100 == 0:
                        rec = json.loads(line)
                        qh.write(json.dumps({"rec": rec, "cited_title": perturb(
                            rec.get("title") or "", rng)}, ensure_ascii=False) + "\n")
    return out


def build(db: Path, files: list[Path], jobs: int = 1) -> dict[str, Any]:
    """``citecheck index build -j JOBS`` in a child: wall, CPU seconds (the child's and its
    preparing workers') and peak RSS (the largest single process: the writer)."""
    db.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "citecheck", "index", "build", "-q", "-j",
                           str(jobs), str(db), *map(str, files)],
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"build_wall_s": round(wall, 1), "build_cpu_s": round(cpu, 1),
            "peak_rss_mb": round(after.ru_maxrss / 1024), "index_mb": round(db.stat().st_size / 2**20),
            "phases_s": {k: float(v) for k, v in re.findall(r"(load|indexes|fts) ([\d.]+) s",
                                                            proc.stdout)},
            "jobs": jobs, "output": proc.stdout.strip()[-300:]}


def _pct(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50_ms": round(statistics.median(values), 3),
            "p95_ms": round(values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)], 3)}


def lookups(db: Path, queries: Path, limit: int = 2000) -> dict[str, Any]:
    from citecheck.index.search import LocalIndex

    index = LocalIndex(db)
    items = [json.loads(line) for line in queries.read_text(encoding="utf-8").splitlines()][:limit]
    kinds: dict[str, list[tuple[Any, str]]] = {"doi": [], "arxiv": [], "journal": [], "title": []}
    for q in items:
        r = q["rec"]
        if r.get("DOI"):
            kinds["doi"].append(((r["DOI"],), r["id"]))
        if (r.get("custom") or {}).get("arxiv"):
            kinds["arxiv"].append(((r["custom"]["arxiv"],), r["id"]))
        if r.get("container-title") and r.get("volume") and r.get("page"):
            kinds["journal"].append(((r["container-title"], r["volume"], r["page"]), r["id"]))
        if r.get("title") and q["cited_title"]:
            fams = [a.get("family") or a.get("literal") or "" for a in r.get("author") or []][:3]
            year = (r.get("issued") or {}).get("date-parts", [[None]])[0][0]
            kinds["title"].append(((q["cited_title"], fams, year), r["id"]))
    calls = {"doi": lambda a: [index.by_doi(*a)], "arxiv": lambda a: [index.by_arxiv(*a)],
             "journal": lambda a: index.by_journal(*a),
             "title": lambda a: index.search(a[0], a[1], a[2], limit=10)}
    out: dict[str, Any] = {}
    for kind, todo in kinds.items():
        for args, _ in todo[:100]:  # warm the page cache the way a long-running checker is
            calls[kind](args)
        times, cpu, hits = [], [], 0
        for args, rid in todo:
            t0, c0 = time.perf_counter(), time.thread_time()
            found = calls[kind](args)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            hits += any(f is not None and f.id == rid for f in found)
        if times:
            # wall time includes waiting for a core on a shared machine; CPU time does not
            cpu_pct = {f"cpu_{k}": v for k, v in _pct(cpu).items()}
            out[kind] = {**_pct(times), **cpu_pct, "n": len(times),
                         "hit_rate": round(hits / len(times), 3)}
    return out


def from_build_log(log: str, records: int, db: Path) -> dict[str, Any]:
    """A table row from the log of ``/usr/bin/time -v citecheck index build -j N DB FILE``."""
    def grab(pattern: str) -> str:
        match = re.search(pattern, log)
        if not match:
            raise SystemExit(f"build log: no {pattern!r}")
        return match.group(1)

    h, m, sec = ([0] + [float(x) for x in grab(r"Elapsed \(wall clock\) time.*?: ([\d:.]+)").split(":")])[-3:]
    wall = h * 3600 + m * 60 + sec
    cpu = float(grab(r"User time \(seconds\): ([\d.]+)")) + float(grab(r"System time \(seconds\): ([\d.]+)"))
    return {"records": records, "corpus": "synthetic", "build_wall_s": round(wall, 1),
            "build_cpu_s": round(cpu, 1), "records_per_s_wall": round(records / wall),
            "records_per_cpu_s": round(records / cpu), "jobs": int(grab(r"-j (\d+)")),
            "peak_rss_mb": round(int(grab(r"Maximum resident set size \(kbytes\): (\d+)")) / 1024),
            "index_mb": round(db.stat().st_size / 2**20),
            "phases_s": {k: float(v) for k, v in re.findall(r"(load|indexes|fts) ([\d.]+) s", log)},
            "loadavg_before": float(grab(r"load average: ([\d.]+)")),
            "output": grab(r"(\S+: read \d+.*)")[-300:]}


def run(args: argparse.Namespace) -> None:
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    results: list[dict[str, Any]] = []
    if args.json and Path(args.json).exists():
        results = json.loads(Path(args.json).read_text(encoding="utf-8"))["rows"]
    for size in [int(s) for s in args.sizes.split(",")]:
        real = size == 69138
        if real:
            files, queries = sorted(CORPUS.glob("*.jsonl.gz")), corpus_queries(work / "corpus.queries.jsonl")
        else:
            data = work / f"synth-{size}.jsonl.gz"
            queries = data.with_suffix(".queries.jsonl")
            if not data.exists() or not queries.exists():
                t0 = time.perf_counter()
                generate(size, data)
                print(f"generated {size:,} in {time.perf_counter() - t0:.0f} s", flush=True)
            files = [data]
        db = work / f"index-{size}.sqlite"
        row: dict[str, Any] = {"records": size, "corpus": "real" if real else "synthetic",
                               "loadavg_before": os.getloadavg()[0]}
        row.update(build(db, files, args.jobs))
        row["records_per_s_wall"] = round(size / row["build_wall_s"])
        row["records_per_cpu_s"] = round(size / row["build_cpu_s"])
        row["lookups"] = lookups(db, queries)
        row["loadavg_after"] = os.getloadavg()[0]
        print(json.dumps(row), flush=True)
        results = [r for r in results if r["records"] != size] + [row]
        if not args.keep:
            db.unlink()
        if args.json:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps({"rows": sorted(results, key=lambda r: r["records"])},
                                                  indent=1) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--n", type=int, required=True)
    g.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("run")
    r.add_argument("--sizes", default="69138,1000000")
    r.add_argument("--work", default="/tmp/scale")
    r.add_argument("--json")
    r.add_argument("--keep", action="store_true", help="keep the built indexes")
    r.add_argument("--jobs", type=int, default=1, help="index build -j (preparing processes)")
    lk = sub.add_parser("lookups", help="re-time lookups on a kept index; updates its row")
    lk.add_argument("--db", type=Path, required=True)
    lk.add_argument("--queries", type=Path, required=True)
    lk.add_argument("--records", type=int, required=True)
    lk.add_argument("--json", required=True)
    lk.add_argument("--build-log", type=Path,
                    help="`/usr/bin/time -v citecheck index build -j N ...` output, for a new row")
    p = sub.add_parser("plot")
    p.add_argument("--json", required=True)
    p.add_argument("--png", required=True)
    args = ap.parse_args()
    if args.cmd == "generate":
        generate(args.n, args.out)
    elif args.cmd == "run":
        run(args)
    elif args.cmd == "lookups":
        path = Path(args.json)
        table = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"rows": []}
        rows = [r for r in table["rows"] if r["records"] == args.records]
        if not rows:  # an index built outside `run`: its build numbers from the log
            if not args.build_log:
                raise SystemExit(f"no row for {args.records} records in {path}; give --build-log")
            rows = [from_build_log(args.build_log.read_text(encoding="utf-8"), args.records, args.db)]
            table["rows"] = sorted(table["rows"] + rows, key=lambda r: r["records"])
        for row in rows:
            row["loadavg_before_lookups"] = os.getloadavg()[0]
            row["lookups"] = lookups(args.db, args.queries)
            row["lookups_note"] = "re-timed after the build, with the final search code"
            print(json.dumps(row["lookups"]))
        path.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    else:
        from scale_plot import plot

        plot(Path(args.json), Path(args.png))


if __name__ == "__main__":
    main()
