"""Build src/citecheck/data/vocabulary.txt.gz: the word list the PDF clean-up pass uses to decide
whether a hyphen or a glued word is a line-break artefact ("Commu-nications", "Quantumcriticality").

One line per lower-case word: ``word<TAB>count``. Sources (licences in
src/citecheck/data/LICENSES-vocabulary.md):
- SCOWL's American English list as shipped by Debian's ``wamerican`` (/usr/share/dict/american-english),
  count 1 each;
- the words of every title in the embedded corpus (src/citecheck/data/embedded-corpus.jsonl.gz) and
  of the full journal names in journal-abbreviations.json, counted;
- the words of the labelled *training-split* references of ../shared/data/parsing (GROBID, AnyStyle),
  counted, only those seen at least 3 times there and that do not split into two words already
  known (PDF text glues words: "journalof", "inthe").

Usage: python scripts/build_vocabulary.py [--dict /usr/share/dict/american-english] [--data ../shared/data/parsing]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from pathlib import Path

from citecheck.bench.parsing_data import load_anystyle, load_grobid
from citecheck.reading.vocabulary import best_split

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "citecheck" / "data"
_WORD_RE = re.compile(r"[^\W\d_]{2,}")


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dict", type=Path, default=Path("/usr/share/dict/american-english"))
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    args = ap.parse_args()
    counts: Counter[str] = Counter()
    for line in args.dict.open(encoding="utf-8"):
        w = line.strip()
        if w.endswith("'s") or not w.isalpha():
            continue
        counts[w.lower()] += 1
    with gzip.open(DATA / "embedded-corpus.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            counts.update(words(json.loads(line).get("title") or ""))
    table = json.loads((DATA / "journal-abbreviations.json").read_text(encoding="utf-8"))["table"]
    for full in table.values():
        counts.update(words(full))
    corpus: Counter[str] = Counter()
    refs = [*load_grobid(args.data / "grobid-train"), *load_anystyle(args.data / "anystyle-gold.jsonl")]
    for ref in refs:
        if ref.split == "train":
            corpus.update(words(ref.text))
    base = dict(counts)
    # a word of the PDF text that splits into two known words is a glued pair ("journalof"), not a word
    counts.update({w: c for w, c in corpus.items()
                   if c >= 3 and (w in base or best_split(w, base) is None)})
    out = DATA / "vocabulary.txt.gz"
    with gzip.GzipFile(out, "wb", mtime=0) as raw:
        body = "".join(f"{w}\t{c}\n" for w, c in sorted(counts.items()))
        raw.write(body.encode("utf-8"))
    print(f"{out}: {len(counts)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
