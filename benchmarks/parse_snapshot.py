"""Snapshot of what the parser makes of every labelled reference string, to prove a refactoring
changes nothing: run before and after, then `cmp` the two files.

Texts: ../shared/data/parsing/{anystyle-gold,ads-parsed-references,grobid-train/grobid-train}.jsonl
(those present) and the non-BibTeX items of benchmarks/physics/{test,validation}.jsonl and
tests/data/bench/devset.jsonl. One JSON line per text: the record (CSL JSON), confidence, warnings
and the alternative readings extract attaches.

Usage:  .venv/bin/python benchmarks/parse_snapshot.py /tmp/before.jsonl [--data ../shared/data/parsing]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from citecheck.model import Citation, Provenance, Record
from citecheck.reading.refparse import parse_reference
from citecheck.reading.refparse.readings import attach_readings

ROOT = Path(__file__).resolve().parents[1]
PARSING = ("anystyle-gold.jsonl", "ads-parsed-references.jsonl", "grobid-train/grobid-train.jsonl")
BENCH = ("benchmarks/physics/test.jsonl", "benchmarks/physics/validation.jsonl",
         "tests/data/bench/devset.jsonl")


def texts(data: Path) -> list[str]:
    out: list[str] = []
    for name in PARSING:
        path = data / name
        if path.is_file():
            out += [json.loads(line)["text"] for line in path.open(encoding="utf-8")]
    for name in BENCH:
        for line in (ROOT / name).open(encoding="utf-8"):
            item = json.loads(line)
            if item.get("format") != "bibtex":
                out.append(item["text"])
    return out


def _csl(record: Record) -> dict[str, object]:
    return record.model_dump(mode="json", by_alias=True, exclude_none=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    args = ap.parse_args()
    all_texts = texts(args.data)
    with args.out.open("w", encoding="utf-8") as fh:
        for text in all_texts:
            parsed = parse_reference(text)
            [cit] = attach_readings([Citation(id="x", raw=text, fields=parsed.record,
                                              provenance=Provenance(key="x", format="text"))])
            line = {"text": text, "record": _csl(parsed.record), "conf": parsed.confidence,
                    "warn": list(parsed.warnings), "readings": [_csl(r) for r in cit.readings or []]}
            fh.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(all_texts)} texts -> {args.out}")


if __name__ == "__main__":
    main()
