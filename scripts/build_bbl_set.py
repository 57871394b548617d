"""Build the bbl-physics validation set: real physics reference lists, labelled by aligning each paper's
.bbl (what its BibTeX style printed) with the .bib it was made from.

The papers are listed in benchmarks/data/bbl-physics/sources.json (repository, commit, the .bbl and the
.bib files, style, licence); their text is never stored in this repository. Fetch them into a folder,
one sub-folder per repository named ``owner+name`` (a clone, or a bare git directory: the files are read
at the listed commit with ``git show``; a plain copy of the files at that commit also works)::

    .venv/bin/python scripts/build_bbl_set.py --clone-commands   # prints the git commands
    .venv/bin/python scripts/build_bbl_set.py --sources bench-out/bbl-sources

Writes (git-ignored): ``bench-out/bbl-physics.jsonl.gz``, the rows of every aligned reference
(`citecheck.bench.bbl_align.row_of`), ``bench-out/bbl-physics-damaged.jsonl.gz``, the same
references with PDF-extraction damage (`citecheck.bench.pdf_damage.damage`, every reference damaged,
seeded), and ``bench-out/bbl-physics.manifest.json``: rows and dropped entries (by reason) per paper.
Score with ``benchmarks/labeller_eval.py --set bbl-physics --ci`` (also ``bbl-physics-hep``, and
``-damaged`` of both). A validation set: nothing is fitted or tuned on it.

Usage: python scripts/build_bbl_set.py [--sources DIR] [--out FILE] [--seed N] [--clone-commands]
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from citecheck.bench import pdf_damage
from citecheck.bench.bbl_align import CORPUS, paper_rows
from citecheck.bench.parsing_data import LabelledReference

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "benchmarks" / "data" / "bbl-physics" / "sources.json"
FETCHED = ROOT / "bench-out" / "bbl-sources"
OUT = ROOT / "bench-out" / "bbl-physics.jsonl.gz"


def reader(folder: Path, repo: str, commit: str) -> Any:
    """A function reading one path of ``repo`` at ``commit`` from the fetched folder."""
    base = folder / repo.replace("/", "+")
    for git_dir in (base / "repo" / ".git", base / "repo", base / ".git", base):
        if (git_dir / "HEAD").is_file() and (git_dir / "objects").is_dir():
            def show(path: str, git_dir: Path = git_dir) -> str:
                done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                                      capture_output=True, check=True)
                return done.stdout.decode("utf-8", errors="replace")
            return show
    plain = base / "repo" if (base / "repo").is_dir() else base
    return lambda path: (plain / path).read_text(encoding="utf-8", errors="replace")


def damaged_row(row: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    ref = LabelledReference(row["id"], row["document"], CORPUS, [(lb, t) for lb, t in row["segments"]],
                            dict(row["gold"]), spaced=list(row["spaced"]))
    hurt = pdf_damage.damage(ref, rng)
    return {**row, "segments": [list(s) for s in hurt.segments], "spaced": hurt.spaced,
            "damage": hurt.gold.get("damage", [])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sources", type=Path, default=FETCHED, help="the folder of fetched repositories")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--seed", type=int, default=0, help="seeds the damaged copy")
    ap.add_argument("--clone-commands", action="store_true",
                    help="print the git commands that fetch the sources into --sources")
    args = ap.parse_args(argv)
    logging.getLogger("bibtexparser").setLevel(logging.ERROR)  # a broken .bib entry is skipped, and counted
    papers = json.loads(SOURCES.read_text(encoding="utf-8"))
    if args.clone_commands:
        for repo in dict.fromkeys(p["repo"] for p in papers):
            print(f"git clone --quiet https://github.com/{repo}.git {args.sources / repo.replace('/', '+')}")
        return 0
    rows: list[dict[str, Any]] = []
    manifest: dict[str, Any] = {"papers": [], "dropped": Counter()}
    for paper in papers:
        try:
            read = reader(args.sources, paper["repo"], paper["commit"])
            bbl = read(paper["bbl"])
            bibs = [read(b) for b in paper["bib"]]
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"{paper['document']}: not readable ({exc.__class__.__name__}); fetch it first",
                  file=sys.stderr)
            manifest["papers"].append({"document": paper["document"], "missing": True})
            continue
        got, dropped = paper_rows(bbl, bibs, paper["document"], paper["style"])
        for row in got:
            row["field"] = paper["field"]
        rows.extend(got)
        manifest["dropped"].update(dropped)
        manifest["papers"].append({"document": paper["document"], "style": paper["style"],
                                   "rows": len(got), "dropped": dict(dropped)})
        print(f"{paper['document']}: {len(got)} rows, dropped {dict(dropped) or 0}", file=sys.stderr)
    if not rows:
        print(f"no paper readable under {args.sources}: see --clone-commands", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    damaged_out = args.out.with_name(args.out.name.replace(".jsonl", "-damaged.jsonl"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for path, out_rows in ((args.out, rows), (damaged_out, [damaged_row(r, rng) for r in rows])):
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            for row in out_rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    manifest |= {"rows": len(rows), "documents": len({r["document"] for r in rows}),
                 "by_field": Counter(r["field"] for r in rows), "by_style": Counter(r["style"] for r in rows),
                 "gold_fields": Counter(k for r in rows for k in r["gold"]),
                 "dropped_total": sum(manifest["dropped"].values())}
    args.out.with_name(args.out.name.replace(".jsonl.gz", ".manifest.json")).write_text(
        json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows from {manifest['documents']} papers; dropped {manifest['dropped_total']} "
          f"({dict(manifest['dropped'])}) → {args.out}, {damaged_out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
