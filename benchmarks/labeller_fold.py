"""The combination judged on references the labeller never saw, without touching validation or test.

Trains a labeller (same features and settings as the shipped model, `scripts/train_labeller.py`) on one
half of the train split's GROBID documents (a hash of the document) plus AnyStyle's train split, and
scores the rules, that labeller and their combination on the other half — a development set six times
the size of the physics validation split for the combination rules (reading/combine.py), which the
shipped labeller, trained on the whole train split, cannot be judged on.

Usage: python benchmarks/labeller_fold.py [--data ../shared/data/parsing] [--model /tmp/fold0.crfsuite]
       [--show FIELD [--reader rules|labeller|combined]]
(training takes about 20 s on one core; an existing --model file is reused)
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
import pycrfsuite  # noqa: E402
import train_labeller as tl  # noqa: E402
from parser_accuracy import Tally, score  # noqa: E402

from citecheck.bench.parsing_data import LabelledReference  # noqa: E402
from citecheck.reading import labeller  # noqa: E402


def fold(ref: LabelledReference) -> int:
    return int(hashlib.sha1(f"fold:{ref.document}".encode()).hexdigest()[:8], 16) % 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--model", type=Path, default=Path("/tmp/citecheck-fold0.crfsuite"))
    ap.add_argument("--show", default=None,
                    help="print the combination's errors of this field on the physics half (stderr)")
    ap.add_argument("--reader", default="combined", help="whose errors --show prints (rules, labeller, combined)")
    args = ap.parse_args(argv)
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    refs = tl.load(args.data)
    if not args.model.is_file():
        half = [r for r in refs if r.split == "train" and (r.corpus != "grobid" or fold(r) == 0)]
        tl.train(half, args.model, 0.05, 0.3, 150)
    tagger = pycrfsuite.Tagger()
    tagger.open(str(args.model))
    labeller._tagger = lambda: tagger  # type: ignore[assignment]  # the fold's model, not the shipped one
    other = [r for r in refs if r.corpus == "grobid" and r.split == "train" and fold(r) == 1]
    print("| set | reader | n | " + " | ".join(le.FIELDS_SHOWN) + " |")
    print("|---|---|---:|" + "---:|" * len(le.FIELDS_SHOWN))
    for name, chosen in (("train half 1", other), ("train half 1, physics", [r for r in other if le.is_physics(r)])):
        for rname, read in le.readers().items():
            tally = Tally()
            for ref in chosen:
                rec, gold = read(ref.text), le.gold_of(ref)
                rec = rec.model_copy(update={"title": le._letters(rec.title)})
                gold["title"] = le._letters(gold.get("title"))
                rec.page = rec.first_page
                score(rec, gold, tally, ref.text, "anystyle")
            cells = [f"{tally.row(f)[2]:.3f}" for f in le.FIELDS_SHOWN]
            print(f"| {name} | {rname} | {len(chosen)} | " + " | ".join(cells) + " |")
            if args.show and rname == args.reader and name.endswith("physics"):
                for text, g, p in tally.errors[args.show]:
                    print(f"\n  {text}\n    gold: {g}\n    pred: {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
