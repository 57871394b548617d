"""Issue 12: how often are real references absent from an index called MAJOR?

Builds nothing itself; give it an index built WITHOUT --covers from part of the corpus, e.g.

    citecheck index build /tmp/partial.db ../shared/data/corpus/{bibliotex,hyydiffxs-atlas-cms,\
refchecker-api-cache,semanticscholar-cassettes,habanero-cassettes}.jsonl.gz
    python benchmarks/coverage_absence.py --index /tmp/partial.db \
        --absent arxiv-browse.jsonl.gz,paperscape-1991-1996.jsonl.gz

and it checks, offline: the faithful (EXACT) citations of the physics benchmark (validation +
test), split by whether their record's file is in the index, and HALLMARK dev's VALID entries
(real ML references; hallmark-valid.jsonl.gz left out of the index makes them absent too).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

from citecheck.bench.dataset import read_dataset
from citecheck.bench.hallmark import evaluate_hallmark
from citecheck.bench.run import run_checker

ROOT = Path(__file__).resolve().parents[1]


def _line(name: str, labels: collections.Counter[str]) -> str:
    n = sum(labels.values())
    major = labels.get("MAJOR", 0)
    return (f"{name}: n={n} MAJOR={major} ({100 * major / max(n, 1):.2f} %) "
            + " ".join(f"{k}={v}" for k, v in sorted(labels.items())))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--index", required=True)
    ap.add_argument("--absent", default="", help="corpus files NOT in the index (comma-separated)")
    ap.add_argument("--hallmark", default=str(ROOT.parent / "shared/data/hallmark/dev_public.jsonl"))
    ap.add_argument("--out", default=None, help="write per-item rows (JSONL) here")
    args = ap.parse_args()
    absent = {a.strip() for a in args.absent.split(",") if a.strip()}
    items = [i for split in ("validation", "test")
             for i in read_dataset(ROOT / "benchmarks/physics", split) if i.label == "EXACT"]
    result = run_checker(items, index=args.index)
    by_group: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    rows = []
    for item, row in zip(items, result.rows, strict=True):
        group = "absent" if (item.source_file or "") in absent else "present"
        by_group[group][row["pred"]] += 1
        rows.append({"set": "physics", "group": group, **{k: row[k] for k in ("id", "pred")}})
    for group in ("absent", "present"):
        print(_line(f"physics EXACT, record file {group} from the index", by_group[group]))
    hall = evaluate_hallmark(args.hallmark, index=args.index)
    valid = collections.Counter(r["pred"] for r in hall["rows"] if r["gold"] == "VALID")
    print(_line("HALLMARK dev VALID", valid))
    rows += [{"set": "hallmark", "id": r["id"], "pred": r["pred"]} for r in hall["rows"]
             if r["gold"] == "VALID"]
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
