"""How well the reading survives PDF-extraction damage it has not seen (train and validation only).

For every GROBID physics reference of the train and validation splits whose title and journal the
combined reader (reading/combine.py) gets right, make damaged copies the way PDF text extraction
damages references — and score the reading of each copy against the same gold:

- ``nospace``: the space after commas, full stops and colons dropped ("Phys.Rev.Lett.104,251301");
- ``spacebefore``: a space put before punctuation ("Phys .Rev .Lett .104 ,251301");
- ``glue``: two neighbouring words of the title glued ("Quantumcriticality in heavy fermions");
- ``hyphen``: a long title word broken by a line-end hyphen ("criti- cality");
- ``tjglue``: the title's last word glued to the journal's first ("detectorsNucl. Instrum.");
- ``all``: the five together.

A rule that reads only the layouts it was written for loses fields here; the damaged copies are made
with a fixed seed, so two commits compare reference by reference. The test split is never read.

Usage: python benchmarks/perturb_robustness.py [--data ../shared/data/parsing] [--seed 13] [--show KIND]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
from parser_accuracy import Tally, score  # noqa: E402

from citecheck.reading.combine import read_reference  # noqa: E402

FIELDS = ("title", "container-title", "volume", "pages")


def _nospace(text: str, rng: random.Random) -> str:
    return re.sub(r"(?<=[.,:])\s+(?=\S)", lambda m: "" if rng.random() < 0.7 else m.group(0), text)


def _spacebefore(text: str, rng: random.Random) -> str:
    return re.sub(r"(?<=\w)([.,:])(?=\s|\w)", lambda m: " " + m.group(1) if rng.random() < 0.7 else m.group(1),
                  text)


def _in_title(text: str, title: str | None) -> tuple[int, int] | None:
    if not title:
        return None
    i = text.find(title)
    return (i, i + len(title)) if i >= 0 else None


def _glue(text: str, title: str | None, rng: random.Random) -> str:
    span = _in_title(text, title)
    if not span:
        return text
    gaps = [m.start() for m in re.finditer(r"(?<=[a-z]) (?=[a-z])", text[span[0]:span[1]])]
    if not gaps:
        return text
    at = span[0] + rng.choice(gaps)
    return text[:at] + text[at + 1:]


def _hyphen(text: str, title: str | None, rng: random.Random) -> str:
    span = _in_title(text, title)
    if not span:
        return text
    words = [m for m in re.finditer(r"[a-z]{8,}", text[span[0]:span[1]])]
    if not words:
        return text
    w = rng.choice(words)
    cut = span[0] + w.start() + len(w.group(0)) // 2
    return text[:cut] + "- " + text[cut:]


def _tjglue(text: str, title: str | None, journal: str | None) -> str:
    span = _in_title(text, title)
    if not span or not journal:
        return text
    j = text.find(journal, span[1])
    gap = text[span[1]:j] if j >= 0 else "x"
    if not re.fullmatch(r"[\s,.;:]{0,4}", gap):
        return text
    return text[:span[1]] + text[j:]


def damage(text: str, title: str | None, kind: str, rng: random.Random, journal: str | None = None) -> str:
    if kind == "tjglue":
        return _tjglue(text, title, journal)
    if kind == "nospace":
        return _nospace(text, rng)
    if kind == "spacebefore":
        return _spacebefore(text, rng)
    if kind == "glue":
        return _glue(text, title, rng)
    if kind == "hyphen":
        return _hyphen(text, title, rng)
    text = _tjglue(text, title, journal)
    return _spacebefore(_nospace(_hyphen(_glue(text, title, rng), title, rng), rng), rng)


def _right(text: str, gold: dict[str, object]) -> dict[str, bool]:
    tally = Tally()
    rec = read_reference(text).record
    rec = rec.model_copy(update={"title": le._letters(rec.title)})
    rec.page = rec.first_page
    score(rec, gold, tally, text, "anystyle")
    return {f: not tally.errors[f] for f in FIELDS}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--show", default=None, help="print the references a damage kind breaks (stderr)")
    args = ap.parse_args(argv)
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    refs = [r for split, suffix in (("train", "train"), ("validation", "val"))
            for r in le.validation_sets(args.data, split)[f"grobid-physics-{suffix}"]]
    kinds = ("nospace", "spacebefore", "glue", "hyphen", "tjglue", "all")
    kept = Counter[str]()
    base = Counter[str]()
    n = 0
    for ref in refs:
        gold = le.gold_of(ref)
        gold["title"] = le._letters(gold.get("title"))
        first = _right(ref.text, gold)
        if not (first["title"] and first["container-title"]):
            continue
        n += 1
        rng = random.Random(f"{args.seed}:{ref.text}")
        for kind in kinds:
            raw = le.gold_of(ref)
            text = damage(ref.text, raw.get("title"), kind, rng, raw.get("journal") or raw.get("container-title"))
            got = _right(text, gold)
            for f in FIELDS:
                base[f"{kind}:{f}"] += first[f]
                kept[f"{kind}:{f}"] += got[f] and first[f]
            if args.show == kind and not (got["title"] and got["container-title"]):
                print(f"\n  {text}\n    was: {ref.text}", file=sys.stderr)
    print(f"{n} references read right (title and journal) before damage\n")
    print("| damage | " + " | ".join(FIELDS) + " |")
    print("|---|" + "---:|" * len(FIELDS))
    for kind in kinds:
        cells = [f"{kept[f'{kind}:{f}'] / max(base[f'{kind}:{f}'], 1):.3f}" for f in FIELDS]
        print(f"| {kind} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
