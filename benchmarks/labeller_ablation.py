"""What the rendered references add to the labeller: the CRF fitted on real gold only, on rendered
references only, and on both, each scored alone (no rules) and in the combined reading.

Models are trained by scripts/train_labeller.py's `train` with the shipped settings (its `C1`, `C2`,
`ITERATIONS`, `REAL_WEIGHT`: each real reference fitted that many times) into `--models` (reused when
present) — real: GROBID + AnyStyle train splits; rendered: build/rendered/rendered.jsonl.gz
(scripts/render_training.py), train *styles* only; both: the union, which is the shipped model;
both+bst: both and the references rendered through BibTeX styles, build/rendered-bst/rendered.jsonl.gz
(scripts/render_bst.py), train styles only (asked for by name: `--sources real,rendered,both,both+bst`).

Sets: the validation splits (default) or, with `--test`, the test splits, the UMass set
(bench-out/umass-citation.jsonl.gz, scripts/fetch_umass.py; all of it is held out) and the rendered
references of held-out test styles (and, where build/rendered-bst exists, the BibTeX-rendered ones of
held-out styles). Scoring is benchmarks/labeller_eval.py's (`_scored`; a rendered
reference's gold is its own labelled segments). `--ci` adds 95 % bootstrap intervals by document.

Usage: python benchmarks/labeller_ablation.py [--test] [--ci] [--sources real,rendered,both[,both+bst]]
       [--readers labeller,combined] [--models bench-out/labeller-ablation] [--rendered-limit N]
       [--rendered-bst build/rendered-bst/rendered.jsonl.gz]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
import pycrfsuite  # noqa: E402
import train_labeller as tl  # noqa: E402

from citecheck.bench.parsing_data import LabelledReference  # noqa: E402
from citecheck.reading import labeller  # noqa: E402
from citecheck.reading.combine import _read  # noqa: E402

_GOLD_KEYS = {"author": "author", "title": "title", "container": "container-title", "volume": "volume",
              "pages": "pages", "date": "date"}


def rendered_gold(ref: LabelledReference) -> dict[str, Any]:
    """A rendered reference's gold: the text of its labelled segments (authors as one list)."""
    gold: dict[str, Any] = {}
    for label, text in ref.segments:
        key = _GOLD_KEYS.get(label)
        if key == "author":
            gold.setdefault("author", []).append(text)
        elif key and key not in gold:
            gold[key] = text
    if gold.get("author"):
        gold["author"] = [", ".join(gold["author"])]
    return gold


def use_model(path: Path) -> None:
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    labeller._tagger = lambda: tagger  # type: ignore[assignment]  # this model, not the shipped one
    _read.cache_clear()


def model_for(source: str, args: argparse.Namespace) -> Path:
    path = args.models / f"{source}.crfsuite"
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        if source == "both+bst":
            refs = tl.training_refs(args.data, "both", [args.rendered, args.rendered_bst], args.rendered_limit)
        else:
            refs = tl.training_refs(args.data, source, args.rendered, args.rendered_limit)
        t0 = time.process_time()
        tl.train(refs, path, iterations=args.iterations)
        print(f"trained {source} on {len(refs):,} references in {time.process_time() - t0:.0f} CPU-s "
              f"({path.stat().st_size / 1e6:.1f} MB)", file=sys.stderr)
    return path


def chosen_sets(args: argparse.Namespace) -> dict[str, list[LabelledReference]]:
    split = "test" if args.test else "validation"
    out = le.sets(args.data, args.umass) if args.test else le.validation_sets(args.data)
    rendered = tl.load_rendered_split(args.rendered, split)
    out[f"rendered-{split}-styles"] = rendered
    out[f"rendered-{split}-styles-damaged"] = [r for r in rendered if r.gold.get("damaged")]
    if args.rendered_bst.is_file():
        bst = tl.load_rendered_split(args.rendered_bst, split)
        out[f"rendered-bst-{split}-styles"] = bst
        out[f"rendered-bst-{split}-styles-damaged"] = [r for r in bst if r.gold.get("damaged")]
    return out


def _cells(tally: Any, by_doc: list[list[tuple[int, int, int]]], ci: bool) -> list[str]:
    intervals = le.bootstrap_f1(by_doc) if ci else []
    out = []
    for i, field in enumerate(le.FIELDS_SHOWN):
        _p, _r, f, n = tally.row(field)
        span = f" ({intervals[i][0]:.3f}–{intervals[i][1]:.3f})" if intervals and n else ""
        out.append(f"{f:.3f}{span}" if n else "–")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--rendered", type=Path, default=tl.RENDERED)
    ap.add_argument("--rendered-bst", type=Path, default=tl.RENDERED_BST,
                    help="BibTeX-rendered references (scripts/render_bst.py): a training source and a set")
    ap.add_argument("--umass", type=Path, default=le.UMASS)
    ap.add_argument("--models", type=Path, default=ROOT / "bench-out" / "labeller-ablation")
    ap.add_argument("--sources", default="real,rendered,both")
    ap.add_argument("--readers", default="labeller,combined")
    ap.add_argument("--rendered-limit", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=tl.ITERATIONS)
    ap.add_argument("--test", action="store_true", help="the held-out sets (once, at the end)")
    ap.add_argument("--ci", action="store_true", help="95 %% bootstrap intervals by document")
    args = ap.parse_args(argv)
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    sets = chosen_sets(args)
    print("| set | trained on | reader | n | " + " | ".join(le.FIELDS_SHOWN) + " |")
    print("|---|---|---|---:|" + "---:|" * len(le.FIELDS_SHOWN))
    for source in args.sources.split(","):
        use_model(model_for(source, args))
        for name, refs in sets.items():
            for rname in args.readers.split(","):
                read = le.readers()[rname]
                recs = [read(r.text) for r in refs]
                if name.startswith("rendered"):
                    for r in refs:
                        r.gold = {**r.gold, **rendered_gold(r)}
                        r.corpus = "anystyle"  # scored like AnyStyle's gold: the segments' own text
                tally, by_doc = le._scored(refs, recs)
                cells = _cells(tally, by_doc, args.ci)
                print(f"| {name} | {source} | {rname} | {len(refs)} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
