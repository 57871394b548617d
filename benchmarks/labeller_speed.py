"""CPU milliseconds per string (time.process_time) of the learned labeller and of `read_reference`.

Texts: the 792 items of benchmarks/physics/test.jsonl (or --dataset). The labeller is timed on every
text (features, then CRF tagging, best of --repeat runs; feature caches warm after the first run, as
in a long-running check); then the texts whose labeller reading the hand-written choices
weigh (`combine.wants_labeller`; the labeller reads every text) and its whole reading of those (with marginals, where the version has them), and `read_reference` itself (uncached).
Runs against any version of the package (PYTHONPATH=/tmp/base/src) for before/after.

Usage: python benchmarks/labeller_speed.py [--dataset benchmarks/physics/test.jsonl] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from citecheck.reading import combine, labeller
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dataset", type=Path, default=ROOT / "benchmarks" / "physics" / "test.jsonl")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    texts = [" ".join(json.loads(line)["text"].split()) for line in args.dataset.open(encoding="utf-8")]
    tagger = labeller._tagger()
    assert tagger is not None, "no model shipped"
    feats_s, tag_s = [], []
    for _ in range(args.repeat):
        t0 = time.process_time()
        xs = [labeller.features(labeller.tokenize(t)) for t in texts]
        t1 = time.process_time()
        for x in xs:
            tagger.tag(x)  # type: ignore[attr-defined]
        t2 = time.process_time()
        feats_s.append(t1 - t0)
        tag_s.append(t2 - t1)
    n = len(texts)
    f, t = min(feats_s) * 1000 / n, min(tag_s) * 1000 / n
    print(f"labeller on {n} texts: features {f:.3f} ms + tagging {t:.3f} ms = {f + t:.3f} ms per string")
    asked = [text for text in texts if combine.wants_labeller(text, parse_reference(clean_pdf_text(text)))]
    print(f"read_reference reads all {n} texts with the labeller; the hand-written choices weigh "
          f"its reading on {len(asked)}")
    # the labeller's whole reading (features, tagging, marginals where this version has them, fields)
    read = getattr(labeller, "read_labelled_scored", labeller.read_labelled)
    best = min(_timed(lambda: [read(t) for t in asked]) for _ in range(args.repeat))
    print(f"labeller reading on those {len(asked)}: {best * 1000 / max(len(asked), 1):.3f} ms per string, "
          f"{best * 1000:.0f} ms in all")
    uncached = combine._read.__wrapped__
    best = min(_timed(lambda: [uncached(t) for t in texts]) for _ in range(args.repeat))
    print(f"read_reference (clean-up + rules + labeller + combination) on {n} texts: "
          f"{best * 1000 / n:.3f} ms per string, {n / best:,.0f} strings/s")
    return 0


def _timed(work: object) -> float:
    t0 = time.process_time()
    work()  # type: ignore[operator]
    return time.process_time() - t0


if __name__ == "__main__":
    raise SystemExit(main())
