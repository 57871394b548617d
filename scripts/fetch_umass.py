"""Fetch the UMass Citation Field Extraction set and convert it for benchmarks/labeller_eval.py.

The set (Anzaroot & McCallum 2013, "A New Dataset for Fine-Grained Citation Field Extraction",
ICML 2013 PEER workshop) is 2,481 reference strings cut from arXiv PDFs (physics, mathematics,
computer science, quantitative biology) with nested inline labels, in three files: training.docs,
dev.docs, testing.docs. It is published without a licence ("please cite this paper"), so this
repository stores none of it: this script brings it to the machine and writes
``bench-out/umass-citation.jsonl.gz`` (git-ignored), one `citecheck.bench.parsing_data.umass_row`
per line. See benchmarks/data/umass/README.md.

Sources, in order: ``--from DIR`` (a folder with the three files, or with umass-citation.tar.gz);
else the publisher's tarball; else the copy of the three files in the GitHub repository
mmcmahon13/umass-citation at the commit below. The files' SHA-256 are checked against the copy
the benchmark figures were measured on (a mismatch is reported, the conversion goes on).

Usage: python scripts/fetch_umass.py [--from DIR] [--out bench-out/umass-citation.jsonl.gz]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

from citecheck.bench.parsing_data import umass_row

ROOT = Path(__file__).resolve().parents[1]
FILES = ("training", "dev", "testing")
TARBALL_URL = "http://www.iesl.cs.umass.edu/data/umass-citation.tar.gz"
GITHUB_COMMIT = "ecbbd739a8ea9aa6aa76b67e83fe50d5229abade"
GITHUB_URL = f"https://raw.githubusercontent.com/mmcmahon13/umass-citation/{GITHUB_COMMIT}/{{name}}.docs"
SHA256 = {
    "training": "6b90765624fbc8d68d0b21a4d8a51508be71baafd8f621fb5c1a6a7d0cbef8d7",
    "dev": "359def2eba2947b49c138fa6c9c2fb747e9ccb8ff9d5cb559eaf4dbaf8d4df9e",
    "testing": "c1a19f5a9fd95c79ec5bcf7db9d408c057336f72c8b8552c1ff767167c509ff9",
}


def _from_tarball(data: bytes) -> dict[str, bytes]:
    out = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            stem = Path(member.name).name.removesuffix(".docs")
            if member.isfile() and member.name.endswith(".docs") and stem in FILES:
                extracted = tar.extractfile(member)
                if extracted is not None:
                    out[stem] = extracted.read()
    return out


def _download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return bytes(response.read())


def sources(folder: Path | None) -> dict[str, bytes]:
    """The three files' bytes, from `folder`, the publisher or GitHub."""
    if folder is not None:
        tarball = folder / "umass-citation.tar.gz"
        if tarball.exists():
            return _from_tarball(tarball.read_bytes())
        return {name: (folder / f"{name}.docs").read_bytes() for name in FILES}
    try:
        found = _from_tarball(_download(TARBALL_URL))
        if set(found) == set(FILES):
            return found
    except (OSError, tarfile.TarError) as exc:
        print(f"publisher's tarball not read ({exc}); trying the GitHub copy", file=sys.stderr)
    return {name: _download(GITHUB_URL.format(name=name)) for name in FILES}


def convert(files: dict[str, bytes], out: Path) -> int:
    rows = 0
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        for name in FILES:
            digest = hashlib.sha256(files[name]).hexdigest()
            if digest != SHA256[name]:
                print(f"{name}.docs: SHA-256 {digest} is not the measured copy's", file=sys.stderr)
            for number, line in enumerate(files[name].decode("utf-8").splitlines()):
                row = umass_row(line, name, number)
                if row is not None:
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
                    rows += 1
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--from", dest="folder", type=Path, default=None,
                    help="a folder with training.docs, dev.docs, testing.docs (or umass-citation.tar.gz)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench-out" / "umass-citation.jsonl.gz")
    args = ap.parse_args(argv)
    rows = convert(sources(args.folder), args.out)
    print(f"{rows} references written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
