"""End to end on held-out PDF-extracted references: each checked offline against an index that holds
its own record, so every one should come out EXACT (a MAJOR is a false accusation caused by reading).

References: the *test* split of GROBID's corpus (`citecheck.bench.parsing_data.split_of`, by TEI file),
by default its physics-like part (benchmarks/labeller_eval.py's `is_physics`); `--set grobid` takes all.
Records: built from GROBID's gold fields for each reference — title and journal as labelled (with the
PDF spacing repaired by `clean_pdf_text`, since a publisher's record has none, in the mode the whole
reference's text is cleaned in: "…, Abel T., PallaF .,1997" is PDF text, so the gold "…, PallaF ." is
too), authors parsed from the gold author string by `reading.author_blocks.authors_of_block` (the grammar's names and
those after where it stops: "Saul N, Weingart SN, Ross McL, Wilson R, …"; a comma list of CJK names: one
author each), volume, first page, year, DOI (read by the
DOI reader: "doi: 10.5194/npg- 19-227-2012" as labelled is whole in a publisher's record). Caveat: these
stand in for the publishers' records;
a reference whose gold lacks a field gives a record that lacks it too.

Runs `citecheck check --offline --index <built index> refs.jsonl -f jsonl` (the installed code, or
``--pythonpath`` to compare with another checkout) and prints the label counts.

`--set grobid-eval`: the 327 references of GROBID's two withheld CERN physics evaluation files (81 papers;
scripts/fetch_grobid_eval.py writes them to bench-out/), never seen by the rules or the labeller.

Usage: python benchmarks/pdf_refs_e2e.py [--set grobid-physics|grobid|grobid-eval] [--split test|validation|train]
       [--pythonpath DIR] [--show LABEL] [--save FILE.jsonl]

`--set bbl-physics[-hep][-damaged]`: the validation set of physics `.bbl` reference lists labelled from
their `.bib` (scripts/build_bbl_set.py), as typeset or with seeded PDF damage; whole, `--split` ignored.

``--split validation`` (or ``train``) runs the same check on a split the figures are not reported on:
the ground to find reading mistakes on without looking at the test split.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from labeller_eval import _series, sets, validation_sets

from citecheck.reading import names as N
from citecheck.reading.author_blocks import authors_of_block
from citecheck.reading.identifiers import extract_identifiers
from citecheck.reading.pdftext import clean_pdf_text, is_pdf_like

ROOT = Path(__file__).resolve().parents[1]
_CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
# (Korean lists separate names by a middle dot that PDF text gives as "·", "・", "․" or "."; "北鄕繁 & 鈴木輝之")
_CJK_SEPARATORS = "[,、，.·・․&]"
# physics papers' .bbl reference lists, labelled from their .bib (validation: benchmarks/labeller_eval.py)
_BBL = ("bbl-physics", "bbl-physics-damaged", "bbl-physics-hep", "bbl-physics-hep-damaged")
_CJK_NAMES_RE = re.compile(rf"{_CJK}{{2,6}}(?:\s*{_CJK_SEPARATORS}\s*{_CJK}{{2,6}})+")


def record_of(ref_id: str, gold: dict[str, object], text: str = "") -> dict[str, object] | None:
    """A publisher's record stand-in from a reference's gold fields. The fields are cut from the
    reference's PDF text (``text``) and are cleaned as that text is: "Abel T., PallaF .,1997" is PDF
    text, so its gold author string "…, PallaF ." is, although alone it shows too few artefacts."""
    pdf_like = is_pdf_like(text) if text else None
    # a series letter GROBID labels with the volume ("Phys. Rev." + "D8") is the journal's in a record
    series = _series({"container-title": gold.get("container-title"), "volume": gold.get("volume")})
    gold = {**gold, **series}
    title = gold.get("title")
    journal = gold.get("container-title")
    if not (title or (journal and gold.get("volume") and gold.get("page"))):
        return None  # nothing a record could be found by
    rec: dict[str, object] = {"id": ref_id, "type": "article-journal"}
    if title:
        rec["title"] = clean_pdf_text(str(title), pdf_like)
    if journal:
        rec["container-title"] = clean_pdf_text(str(journal), pdf_like)
    authors = str(gold.get("authors") or "")
    if authors and _CJK_NAMES_RE.fullmatch(authors.strip()):
        # "周兵, 周杰": a publisher's record lists each author (the name grammar reads Latin names)
        rec["author"] = [{"family": n.strip()} for n in re.split(_CJK_SEPARATORS, authors) if n.strip()]
    elif authors:
        text = clean_pdf_text(authors, pdf_like)
        scan = N.scan_authors(text)
        names = authors_of_block(text)  # (the grammar's names, and those after where it stops)
        rec["author"] = [n.model_dump(exclude_none=True) for n in names]
        if scan.truncated:  # "Dobin, A. et al.": the corpus's records say their list is cut short
            rec["custom"] = {"authors_truncated": True}
    for key in ("volume", "page"):
        if gold.get(key):
            rec[key] = str(gold[key])
    if gold.get("year"):
        rec["issued"] = {"date-parts": [[int(str(gold["year"])[:4])]]}
    if gold.get("doi"):  # (as labelled: "doi: 10.5194/npg- 19-227-2012"; a publisher's record has it whole)
        rec["DOI"] = extract_identifiers(str(gold["doi"])).doi or str(gold["doi"])
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--set", default="grobid-physics", choices=["grobid-physics", "grobid", "grobid-eval", *_BBL],
                    help="grobid-eval: GROBID's withheld physics evaluation files (scripts/fetch_grobid_eval.py; "
                         "held out: aggregate figures only, no --show); bbl-physics*: a validation set "
                         "(scripts/build_bbl_set.py), whole, --split ignored")
    ap.add_argument("--split", default="test", choices=["test", "validation", "train"],
                    help="the split to check (report on test; develop on validation or train)")
    ap.add_argument("--pythonpath", default=None, help="run the checker from this src/ folder")
    ap.add_argument("--show", default=None, help="print the references that got this label")
    ap.add_argument("--save", type=Path, default=None,
                    help="write each reference's id, text, label, score and rationale here (JSONL)")
    args = ap.parse_args(argv)
    if args.set == "grobid-eval" and args.show:
        print("grobid-eval is held out: no --show", file=sys.stderr)
        return 2
    if args.set in _BBL:
        all_sets = sets(args.data)
        if args.set not in all_sets:
            print(f"{args.set}: not built; run scripts/build_bbl_set.py (see its README)", file=sys.stderr)
            return 2
        refs = all_sets[args.set]
    elif args.split == "test":
        refs = sets(args.data)[args.set]
    else:
        suffix = "-val" if args.split == "validation" else f"-{args.split}"
        refs = validation_sets(args.data, args.split)[args.set + suffix]
    with tempfile.TemporaryDirectory() as tmp:
        records, inputs = [], []
        for n, ref in enumerate(refs):
            rec = record_of(f"held-out-{n}", ref.gold, ref.text)
            if rec is None:
                continue
            records.append(rec)
            inputs.append({"id": f"ref-{n}", "text": ref.text})
        (Path(tmp) / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
        (Path(tmp) / "refs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in inputs))
        env = {**os.environ, "XDG_CACHE_HOME": tmp}
        if args.pythonpath:
            env["PYTHONPATH"] = args.pythonpath
        cc = [sys.executable, "-m", "citecheck"]
        subprocess.run([*cc, "index", "build", f"{tmp}/idx.db", f"{tmp}/records.jsonl"], env=env,
                       check=True, capture_output=True)
        out = subprocess.run([*cc, "check", "--offline", "--index", f"{tmp}/idx.db", f"{tmp}/refs.jsonl",
                              "-f", "jsonl", "-q", "--fail-on", "never", "-j", "1"],
                             env=env, capture_output=True, text=True)
        verdicts = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    labels = Counter(v.get("label") for v in verdicts)
    total = sum(labels.values())
    which = "validation" if args.set in _BBL else "held-out" if args.split == "test" else args.split
    print(f"{args.set}: {len(refs)} {which} references, {total} with a record to find")
    for label in ("EXACT", "MINOR", "MAJOR", "UNVERIFIED", "ERROR"):
        print(f"  {label:<10} {labels.get(label, 0):4d}  {100 * labels.get(label, 0) / max(total, 1):5.1f} %")
    if args.save:
        with args.save.open("w", encoding="utf-8") as fh:
            for v in verdicts:
                row = {"id": v.get("id"), "text": (v.get("citation") or {}).get("raw"), "label": v.get("label"),
                       "score": v.get("score"), "rationale": v.get("rationale")}
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    if args.show:
        for v in verdicts:
            if v.get("label") == args.show:
                cit = v.get("citation") or {}
                print(f"\n  {cit.get('raw', '')[:200]}\n    {str(v.get('rationale', ''))[:300]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
