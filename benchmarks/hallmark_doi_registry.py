"""Issue 12: HALLMARK with and without the DOI registry.

A loopback registry speaking doi.org's handle API (tests/servers/doi_registry.py) registers
every DOI of the corpus and nothing else; the checker runs offline against `--index` plus that
registry as the `doi` source, then once more without it.

    PYTHONPATH=src:. python benchmarks/hallmark_doi_registry.py --index bench-out/full-corpus.db \
        --thresholds bench-out/thresholds.json ../shared/data/hallmark/dev_public.jsonl
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

from tests.servers.doi_registry import DoiRegistry

from citecheck.bench.hallmark import evaluate_hallmark
from citecheck.normalize import normalize_doi
from citecheck.sources.config import load_config
from citecheck.sources.doi import DoiRegistrySource

ROOT = Path(__file__).resolve().parents[1]


def corpus_dois(folder: Path) -> set[str]:
    dois = set()
    for path in sorted(folder.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                doi = normalize_doi(json.loads(line).get("DOI"))
                if doi:
                    dois.add(doi)
    return dois


def _summary(name: str, metrics: dict) -> str:
    a = metrics["any_label"]
    doi = metrics["per_type"].get("fabricated_doi", {})
    return (f"{name}: detection {a['detection_rate']:.3f} FPR {a['fpr']:.3f} precision "
            f"{a['precision']:.3f} F1 {a['f1']:.3f} MCC {a['mcc']:.3f}; fabricated_doi "
            f"{json.dumps(doi)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--index", required=True)
    ap.add_argument("--thresholds", default=None)
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/data/corpus"))
    ap.add_argument("--out", default=None, help="folder for predictions with/without")
    args = ap.parse_args()
    dois = corpus_dois(Path(args.corpus))
    print(f"registry: {len(dois)} corpus DOIs registered")
    runs = {}
    with DoiRegistry(dois) as registry:
        config = load_config(env={}, doi_url=registry.url, max_retries=0, rate_scale=1000)
        runs["with registry"] = evaluate_hallmark(args.file, index=args.index, thresholds=args.thresholds,
                                                  sources=[DoiRegistrySource(config)])
        print(f"registry asked {len(registry.asked)} times")
    runs["without registry"] = evaluate_hallmark(args.file, index=args.index, thresholds=args.thresholds)
    for name, result in runs.items():
        print(_summary(name, result["metrics"]))
        if args.out:
            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name.replace(' ', '-')}.jsonl").write_text(
                "".join(json.dumps(r) + "\n" for r in result["rows"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
