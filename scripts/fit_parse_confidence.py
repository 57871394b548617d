"""Fit the reading confidence (src/citecheck/data/parse-confidence.json): a logistic model of "the
reading's title, authors and venue are right" from what the rule parser and the labeller said
(`citecheck.reading.confidence.features`).

Data: the *validation* splits of GROBID's corpus and AnyStyle's gold (../shared/data/parsing; the
labeller was fitted on the train splits, so its marginals there would be over-sure; the test splits and
the held-out sets are never read). Right or wrong is benchmarks/labeller_eval.py's scorer.
Deterministic (lbfgs, fixed data order). Needs scikit-learn (the dev extra); the runtime reads the
weights only.

Usage: python scripts/fit_parse_confidence.py [--data ../shared/data/parsing] [--C 1.0]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
from parse_confidence import reading_right  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from citecheck.reading import read_reference  # noqa: E402
from citecheck.reading.confidence import FEATURES, MODEL_NAME, features  # noqa: E402


def examples(refs: list[le.LabelledReference]) -> tuple[list[list[float]], list[int]]:
    xs, ys = [], []
    for ref in refs:
        reading = read_reference(ref.text)
        if reading.evidence is None:
            continue
        x = features(reading.evidence)
        xs.append([x[k] for k in FEATURES])
        ys.append(int(reading_right(ref, reading.record)))
    return xs, ys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--C", type=float, default=1.0, help="inverse L2 strength")
    ap.add_argument("--out", type=Path, default=ROOT / "src" / "citecheck" / "data" / MODEL_NAME)
    args = ap.parse_args()
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    sets = le.validation_sets(args.data)
    refs = [*sets["grobid-val"], *sets["anystyle-val"]]
    xs, ys = examples(refs)
    fit = LogisticRegression(C=args.C, max_iter=1000).fit(xs, ys)
    weights = {"intercept": round(float(fit.intercept_[0]), 5),
               **{k: round(float(w), 5) for k, w in zip(FEATURES, fit.coef_[0], strict=True)}}
    about = ("Logistic model of P(reading's title, authors and venue right), fitted by "
             "scripts/fit_parse_confidence.py on the GROBID and AnyStyle validation splits "
             f"({len(ys)} readings, {len(ys) - sum(ys)} wrong), C={args.C}.")
    args.out.write_text(json.dumps({"_about": about, "weights": weights}, indent=1) + "\n", encoding="utf-8")
    print(about)
    for k, w in sorted(weights.items(), key=lambda kv: -abs(kv[1])):
        print(f"  {k:28s} {w:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
