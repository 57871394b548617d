"""Fetch GROBID's two physics citation evaluation files and convert them for benchmarks/labeller_eval.py.

kermitt2/grobid (Apache-2.0) keeps among its citation training files (and, in an older annotation,
in its evaluation folder) two files of CERN's labelled physics references: `evaluation-citation-arXive.org.tei.xml` (166 references of 42 arXiv papers) and
`evaluation-citation-inspire-hep-journals.tei.xml` (161 of 39 INSPIRE-HEP journal articles), each
paper's references after a ``<!-- source: URL -->`` comment. They are among the six corpus files
withheld from ../shared/data/parsing/grobid-train for held-out evaluation, so nothing in citecheck
was fitted or tuned on them; to keep them held out this repository does not store them either: this
script writes ``bench-out/grobid-eval.jsonl.gz`` (git-ignored), one
`citecheck.bench.parsing_data.grobid_eval_rows` row per reference. See
benchmarks/data/grobid-eval/README.md.

Usage: python scripts/fetch_grobid_eval.py [--from GROBID_CHECKOUT_OR_FOLDER] [--out FILE]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import tempfile
import urllib.request
from pathlib import Path

from citecheck.bench.parsing_data import grobid_eval_rows

ROOT = Path(__file__).resolve().parents[1]
COMMIT = "b8d6bec302189e29a6c358ea513f8be834004a86"
SUBDIR = "grobid-trainer/resources/dataset/citation/corpus"
URL = f"https://raw.githubusercontent.com/kermitt2/grobid/{COMMIT}/{SUBDIR}/{{name}}"
SHA256 = {
    "evaluation-citation-arXive.org.tei.xml":
        "0e8b6bb063cf15e8bc11c9328ffd83c9007e682aea852f8ec5fa160b1c43d833",
    "evaluation-citation-inspire-hep-journals.tei.xml":
        "a19fd69bb7a6dce8eaada84266e1187bba34493891ca6c31a4d152b20604d221",
}


def _bytes(name: str, folder: Path | None) -> bytes:
    if folder is None:
        with urllib.request.urlopen(URL.format(name=name), timeout=60) as response:
            return bytes(response.read())
    for candidate in (folder / name, folder / SUBDIR / name):
        if candidate.exists():
            return candidate.read_bytes()
    raise FileNotFoundError(f"{name} not under {folder}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--from", dest="folder", type=Path, default=None,
                    help="a GROBID checkout, or a folder holding the two files")
    ap.add_argument("--out", type=Path, default=ROOT / "bench-out" / "grobid-eval.jsonl.gz")
    args = ap.parse_args(argv)
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, digest in SHA256.items():
            data = _bytes(name, args.folder)
            if hashlib.sha256(data).hexdigest() != digest:
                print(f"{name}: SHA-256 {hashlib.sha256(data).hexdigest()} is not the measured copy's",
                      file=sys.stderr)
            path = Path(tmp) / name
            path.write_bytes(data)
            rows += grobid_eval_rows(path)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(args.out, "wt", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} references of {len({r['document'] for r in rows})} papers written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
