"""Which labelled references a parser change won or lost, field by field (train and validation only).

`dump` writes, for every GROBID and AnyStyle reference of the train and validation splits (never the
test split), the fields the rules and the combination get wrong (the scorer of labeller_eval.py);
`diff` compares two dumps and prints each reference whose field went from wrong to right (WON, with
-v) or from right to wrong (LOST), with the gold and the new reading, then the counts.

Usage:
    python benchmarks/reading_diff.py dump /tmp/before.json      # on the base commit (PYTHONPATH=…/src)
    python benchmarks/reading_diff.py dump /tmp/after.json
    python benchmarks/reading_diff.py diff /tmp/before.json /tmp/after.json [--reader combined]
        [--fields title,container-title] [-v]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
from parser_accuracy import Tally, score  # noqa: E402


def dump(data: Path, out: Path) -> None:
    readings: dict[str, dict[str, object]] = {}
    for split in ("train", "validation"):
        for name, refs in le.validation_sets(data, split).items():
            if "physics" in name:
                continue  # a subset of the grobid set: flagged per reference instead
            for rname in ("rules", "combined"):
                read = le.readers()[rname]
                for i, ref in enumerate(refs):
                    rec, gold = read(ref.text), le.gold_of(ref)
                    rec = rec.model_copy(update={"title": le._letters(rec.title)})
                    gold["title"] = le._letters(gold.get("title"))
                    if ref.corpus == "grobid":
                        rec.page = rec.first_page
                    tally = Tally()
                    score(rec, gold, tally, ref.text, "anystyle")
                    errors = {f: [str(g), str(p)] for f, lst in tally.errors.items() for (_t, g, p) in lst}
                    readings[f"{name}|{i}|{rname}"] = {"text": ref.text, "physics": le.is_physics(ref),
                                                       "errors": errors}
    out.write_text(json.dumps(readings), encoding="utf-8")


def diff(before: Path, after: Path, reader: str, fields: list[str] | None, verbose: bool) -> None:
    a = json.loads(before.read_text(encoding="utf-8"))
    b = json.loads(after.read_text(encoding="utf-8"))
    won: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for key, old in a.items():
        if not key.endswith("|" + reader) or key not in b:
            continue
        ea, eb = old["errors"], b[key]["errors"]
        for field in sorted(set(ea) | set(eb)):
            if (fields and field not in fields) or (field in ea) == (field in eb):
                continue
            (won if field in ea else lost)[field] += 1
            if field in eb or verbose:
                tag = "WON " if field in ea else "LOST"
                print(f"{tag} {field} {key}{' (physics)' if old['physics'] else ''}\n    {old['text'][:300]}\n"
                      f"    before: {ea.get(field)}\n    after:  {eb.get(field)}")
    print("won", dict(won), "lost", dict(lost))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    c = sub.add_parser("diff")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--reader", default="rules", choices=["rules", "combined"])
    c.add_argument("--fields", default=None, help="comma-separated fields (default: all)")
    c.add_argument("-v", action="store_true", help="print the references won too")
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        if not (args.data / "grobid-train").is_dir():
            print(f"data folder not found: {args.data}", file=sys.stderr)
            return 2
        dump(args.data, args.out)
    else:
        diff(args.before, args.after, args.reader, args.fields.split(",") if args.fields else None, args.v)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
