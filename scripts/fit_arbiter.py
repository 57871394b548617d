"""Fit the learned arbiter (src/citecheck/data/arbiter.json; reading/arbiter.py), then the reading
confidence that depends on it (scripts/fit_parse_confidence.py): one command after the labeller model
or the rules change. A few minutes on one core.

Data: the validation splits only — GROBID, AnyStyle and the rendered references of the validation
styles (build/rendered/rendered.jsonl.gz, scripts/render_training.py --seed 0); benchmarks/arbiter.py
reads and scores them. A field's model ships only where grouped cross-validation (folds by source
document or style) says the arbiter reads that field better than the rules' choice on the pooled
validation sets on average and loses on no set more than `arbiter.TOLERANCE` (benchmarks/arbiter.py
`choose`, which also picks the field's threshold); the weights are then fitted on all of it. Deterministic (lbfgs, fixed data order). Needs scikit-learn (the dev extra); the runtime reads
the weights only.

`--model PATH` fits the arbiter for a candidate labeller model instead of the shipped one (with `--out`
elsewhere and `--no-confidence`: benchmarks/labeller_eval.py `--model PATH --arbiter FILE` then scores the
combined reading the candidate would ship with).

Usage: python scripts/fit_arbiter.py [--folds 5] [--C 1.0] [--no-confidence] [--model PATH --out FILE]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

import arbiter as ab  # noqa: E402
import labeller_eval as le  # noqa: E402
import train_labeller as tl  # noqa: E402

from citecheck.reading.arbiter import FEATURES, MODEL_NAME  # noqa: E402

OUT = ROOT / "src" / "citecheck" / "data" / MODEL_NAME


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--rendered", type=Path, default=tl.RENDERED)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", type=float, default=1.0, help="inverse L2 strength")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--no-confidence", action="store_true", help="leave the reading confidence as it is")
    ap.add_argument("--model", type=Path, default=None, help="a candidate labeller model (default: the shipped one)")
    args = ap.parse_args()
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    if args.model:
        if args.out == OUT:
            print("--model fits weights for a candidate: give --out a file outside the package", file=sys.stderr)
            return 2
        le.use_model(args.model)
    sets = ab.validation_sets(args.data, args.rendered)
    exs = ab.examples(sets)
    probs = ab.cv_probabilities(exs, ab.RUNTIME, args.folds, args.C)
    fields = {}
    for attr, (threshold, gains) in ab.choose(exs, list(sets), ab.RUNTIME, probs).items():
        print(f"{attr:16s} " + (f"ships, threshold {threshold}: " if threshold else "left to the rules")
              + ", ".join(f"{k} {v:+.3f}" for k, v in gains.items()))
        if threshold is None:
            continue
        _idx, xs, ys, ws = ab.training_rows(exs, ab.RUNTIME, attr)
        model = ab.fit(xs, ys, ws, args.C)
        fields[attr] = {"threshold": threshold, "intercept": round(float(model.intercept_[0]), 5),
                        **{k: round(float(w), 5) for k, w in zip(FEATURES, model.coef_[0], strict=True)}}
    about = ("Per-field logistic models of P(the labeller's value scores better than the rules' choice), "
             f"fitted by scripts/fit_arbiter.py on {len(exs)} validation references "
             f"({', '.join(f'{k} {len(v)}' for k, v in sets.items())}), C={args.C}; a field ships where "
             f"{args.folds}-fold grouped cross-validation says it reads better.")
    args.out.write_text(json.dumps({"_about": about, "fields": fields}, indent=1) + "\n",
                        encoding="utf-8")
    print(about)
    if not args.no_confidence:  # a fresh process: the readings change with the new weights
        return subprocess.run([sys.executable, str(ROOT / "scripts" / "fit_parse_confidence.py"),
                               "--data", str(args.data)], check=False).returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
