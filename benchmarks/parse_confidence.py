"""Does `parse_confidence` mean something? Accuracy of readings by confidence band, on validation.

A reading is right when its title, authors and venue all score right against the gold (the scorer of
benchmarks/labeller_eval.py; a field absent from both counts as right). For each confidence band:
how many readings and how many of them are right; then the share of wrong readings that fall below
the re-read point (`reconcile.LOW_PARSE_CONFIDENCE`: a configured model re-reads those) and the share
of right readings sent there for nothing, and the expected calibration error (ECE, 5 bands).

Sets: GROBID and AnyStyle validation splits (`--test`: their test splits, GROBID's held-out physics
evaluation files and UMass — held out, aggregate figures only).

Usage: python benchmarks/parse_confidence.py [--test]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import labeller_eval as le  # noqa: E402

from citecheck.model import Record  # noqa: E402
from citecheck.reading import read_reference  # noqa: E402
from citecheck.reading.reconcile import LOW_PARSE_CONFIDENCE  # noqa: E402

BANDS = (0.0, 0.3, 0.5, 0.75, 0.9, 1.0)
KEY_FIELDS = ("authors", "title", "container-title")


def reading_right(ref: le.LabelledReference, record: Record) -> bool:
    """The reading's title, authors and venue all score right against the gold (also what
    scripts/fit_parse_confidence.py fits the confidence to)."""
    tally, _ = le._scored([ref], [record])
    return all(tally.fp[f] == 0 and tally.fn[f] == 0 for f in KEY_FIELDS)


def right(ref: le.LabelledReference, text: str) -> tuple[float, bool]:
    reading = read_reference(text)
    return reading.confidence, reading_right(ref, reading.record)


def band_of(conf: float) -> int:
    for i in range(len(BANDS) - 2, -1, -1):
        if conf >= BANDS[i]:
            return i
    return 0


def report(name: str, pairs: list[tuple[float, bool]]) -> None:
    rows = [[0, 0, 0.0] for _ in BANDS[:-1]]
    for conf, ok in pairs:
        row = rows[band_of(conf)]
        row[0] += 1
        row[1] += ok
        row[2] += conf
    ece = sum(abs(r[1] - r[2]) for r in rows if r[0]) / max(len(pairs), 1)
    wrong = [c for c, ok in pairs if not ok]
    good = [c for c, ok in pairs if ok]
    low_wrong = sum(c < LOW_PARSE_CONFIDENCE for c in wrong)
    low_good = sum(c < LOW_PARSE_CONFIDENCE for c in good)
    for (lo, hi), (n, k, _) in zip(itertools.pairwise(BANDS), rows, strict=True):
        acc = f"{k / n:.3f}" if n else "–"
        print(f"| {name} | {lo:.2f}–{hi:.2f} | {n} | {acc} |")
    print(f"| {name} | wrong readings below {LOW_PARSE_CONFIDENCE} | {low_wrong} of {len(wrong)} | "
          f"right readings below: {low_good} of {len(good)}; ECE {ece:.3f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent.parent / "shared" / "data" / "parsing")
    ap.add_argument("--test", action="store_true")
    args = ap.parse_args(argv)
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    chosen = le.sets(args.data) if args.test else le.validation_sets(args.data)
    print("| set | confidence | readings | right (title, authors, venue) |")
    print("|---|---|---:|---:|")
    for name, refs in chosen.items():
        report(name, [right(r, r.text) for r in refs])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
