"""Build src/citecheck/data/names.txt.gz: person-name words for the reference labeller's features.

One line per lower-case word: ``kind<TAB>word`` with kind ``f`` (a family-name word) or ``g`` (a given-name
word of three letters or more). Sources (licences in src/citecheck/data/LICENSES-labeller.md):
- the authors of every record in the embedded corpus (src/citecheck/data/embedded-corpus.jsonl.gz);
- the author spans of the labelled *training-split* references of ../shared/data/parsing (GROBID,
  AnyStyle), words starting with a capital letter, seen at least twice there.
A word is listed once, as ``f`` when it is a family-name word anywhere. Deterministic (sorted output).

Usage: python scripts/build_names.py [--data ../shared/data/parsing]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from pathlib import Path

from citecheck.bench.parsing_data import load_anystyle, load_grobid

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "citecheck" / "data"
_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_NOT_NAMES = frozenset(["and", "et", "al", "eds", "ed", "collaboration", "group", "team", "consortium",
                        "collab", "project", "survey", "experiment"])


def _words(text: str, min_len: int = 2) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text) if len(w) >= min_len]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--out", type=Path, default=DATA / "names.txt.gz")
    args = ap.parse_args()
    family: set[str] = set()
    given: set[str] = set()
    with gzip.open(DATA / "embedded-corpus.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            for person in json.loads(line).get("author") or []:
                family.update(_words(person.get("family") or ""))
                given.update(_words(person.get("given") or "", 3))
    seen: Counter[str] = Counter()
    refs = [*load_grobid(args.data / "grobid-train"), *load_anystyle(args.data / "anystyle-gold.jsonl")]
    for ref in refs:
        if ref.split != "train":
            continue
        for label, start, end in ref.spans():
            if label in ("author", "editor"):
                seen.update(w.lower() for w in re.findall(r"[^\W\d_]{2,}", ref.text[start:end])
                            if w[0].isupper() and w.lower() not in _NOT_NAMES)
    family.update(w for w, c in seen.items() if c >= 2)
    lines = [f"f\t{w}" for w in sorted(family)] + [f"g\t{w}" for w in sorted(given - family)]
    args.out.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), mtime=0))
    print(f"{args.out}: {len(family)} family-name words, {len(given - family)} given-name words, "
          f"{args.out.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
