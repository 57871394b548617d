"""Fresh physics references: arXiv authors' own journal references, never used to build the reader.

Every arXiv paper's metadata may carry a ``Journal-ref`` line its authors typed themselves, in any
layout ("Phys.Rev.D76:075006,2007", "J. Low. Temp. Phys. Vol. 140 pp77-89 (2005)", "Astron.J.134:741-748,
2007", "J. Stat. Mech. (2007) P06012"). ../shared/data/corpus/arxiv-browse.jsonl.gz keeps it verbatim
(``custom.journal_ref``) beside the journal, volume, page and year the corpus builder read from it with its
own twelve unambiguous patterns (520 of 607; see that corpus's README) — independent gold, never looked at
while the rules, the clean-up or the labeller were written or tuned (they were developed on GROBID's,
AnyStyle's and ADS's strings and on the physics benchmark's rendered citations).

Each such record becomes two references as physics papers write them (APS/IOP practice: initials first,
three authors at most before "et al."), with the journal reference exactly as its authors typed it:
- ``titled``:   "N. Konno, Approximation for extinction probability …, RIMS Kokyuroku, No.1551, pp.57-62 (2007)"
- ``untitled``: "N. Konno, RIMS Kokyuroku, No.1551, pp.57-62 (2007)"

Measured (the reader the checker uses first: `read_reference`): field precision / recall / F1 for the
first author, title (titled only), journal (key or canonical name equal to the record's full or short
name), volume, first page and year, scored as benchmarks/parser_accuracy.py scores them. ``--e2e`` also
checks every reference offline against an index of the whole corpus (69,138 records, which holds each
one's record): each should come out EXACT; a MAJOR is a false accusation caused by reading.

Split in halves by a hash of the record's id (`split_of`): develop on ``--split validation``, report on test.

Caveats: the layout around the journal reference is composed (only the journal reference is as its authors
wrote it); the gold is the corpus builder's reading, so journal references it could not read are not scored
(``--unread`` checks those end to end: their records have no journal, volume or page, so a title-less form
can only be matched on authors and year). Results: docs/benchmarks.md, "Physics journal references as arXiv authors
type them".

Usage: python benchmarks/journal_refs.py [--split test|validation] [--unread] [--e2e [--index DB]] [--show FIELD]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parser_accuracy import Tally, _journal_eq, _pages, _vol

from citecheck.names import name_key
from citecheck.reading.combine import read_reference
from citecheck.titles import title_key
from citecheck.venues import same_year_volume

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpus"
FIELDS = ("authors", "title", "container-title", "volume", "pages", "year")


def split_of(arxiv_id: str) -> str:
    h = int(hashlib.sha1(f"arxiv-journal-ref:{arxiv_id}".encode()).hexdigest()[:8], 16) % 2
    return "test" if h == 0 else "validation"


def _initials(given: str) -> str:
    """"Hans-Walter" → "H.-W.", "Frank C." → "F. C."; a particle stays a word ("van den")."""
    out = []
    for part in given.replace(".", ". ").split():
        if part[:1].islower():
            out.append(part)
        else:
            out.append("-".join(f"{p[0]}." for p in part.split("-") if p))
    return " ".join(out)


def _name(author: dict[str, str]) -> str:
    if author.get("literal"):
        return author["literal"]
    given, family = author.get("given", ""), author.get("family", "")
    if given[:1].islower():  # ("for the CBELSA/TAPS" + "collaboration": as the record's source wrote it)
        return f"{given} {family}"
    return f"{_initials(given)} {family}".strip()


def authors_text(authors: list[dict[str, str]]) -> str:
    names = [_name(a) for a in authors]
    if len(names) > 3:
        return f"{names[0]} et al."
    if len(names) == 3:
        return f"{names[0]}, {names[1]}, and {names[2]}"
    return " and ".join(names)


def references(corpus: Path, split: str, unread: bool = False) -> list[dict[str, Any]]:
    """The two references of every record of the split whose journal reference the corpus builder read
    (``unread``: could not read — prose, several works, unusual layouts: no gold fields, and a record
    without journal, volume or page, so only the title, authors and year can find it)."""
    out = []
    with gzip.open(corpus / "arxiv-browse.jsonl.gz", "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh]
    for rec in records:
        jr = (rec.get("custom") or {}).get("journal_ref")
        if not (jr and bool(rec.get("container-title")) != unread and rec.get("author")
                and split_of(rec["id"]) == split):
            continue
        who = authors_text(rec["author"])
        first = rec["author"][0]
        gold = {
            "authors": first.get("literal") or first.get("family"),
            "journal": [rec.get("container-title"), rec.get("container-title-short")],
            "volume": rec.get("volume"), "page": rec.get("page"),
            "year": str(rec["issued"]["date-parts"][0][0]),
        }
        for form in ("titled", "untitled"):
            text = f"{who}, {rec['title']}, {jr}" if form == "titled" else f"{who}, {jr}"
            out.append({"id": f"{rec['id']}#{form}", "form": form, "text": " ".join(text.split()),
                        "gold": {**gold, "title": rec["title"] if form == "titled" else None}})
    return out


def score(tally: Tally, ref: dict[str, Any]) -> None:
    rec = read_reference(ref["text"]).record
    gold, text = ref["gold"], ref["text"]
    first = rec.author[0] if rec.author else None
    pred = name_key(first.family or first.literal or "") if first else None
    tally.add("authors", name_key(gold["authors"]), pred, pred == name_key(gold["authors"]), text)
    tally.add("title", gold["title"], rec.title,
              bool(gold["title"] and rec.title and title_key(gold["title"]) == title_key(rec.title)), text)
    names = [j for j in gold["journal"] if j]
    tally.add("container-title", names[0], rec.container_title,
              bool(rec.container_title and any(_journal_eq(j, rec.container_title) for j in names)), text)
    g, p = _vol(gold["volume"]), _vol(rec.volume)
    # a year-numbered journal's volume in another convention ("JHEP 0705:037" is Crossref's volume 2007)
    same = same_year_volume(names[0], (rec.volume, rec.year), (gold["volume"], int(gold["year"]), None))
    tally.add("volume", g, p, g is not None and (g == p or same), text)
    g, p = _first(gold["page"]), _first(rec.page)
    tally.add("pages", g, p, g is not None and g == p, text)
    p = str(rec.year) if rec.year else None
    tally.add("year", gold["year"], p, p == gold["year"], text)


def _first(pages: str | None) -> str | None:
    value = _pages(pages)
    return value.split("-")[0] if value else None


def e2e(refs: list[dict[str, Any]], corpus: Path, index: Path | None) -> Counter[tuple[str, str]]:
    """(form, label) counts of `citecheck check --offline` against the whole corpus's index."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_CACHE_HOME": tmp}
        cc = [sys.executable, "-m", "citecheck"]
        if index is None:
            index = Path(tmp) / "corpus.db"
            subprocess.run([*cc, "index", "build", "--covers", "all", str(index),
                            *map(str, sorted(corpus.glob("*.jsonl.gz")))], env=env, check=True, capture_output=True)
        (Path(tmp) / "refs.jsonl").write_text("".join(json.dumps({"id": r["id"], "text": r["text"]}) + "\n"
                                                      for r in refs))
        out = subprocess.run([*cc, "check", "--offline", "--index", str(index), f"{tmp}/refs.jsonl", "-f", "jsonl",
                              "-q", "--fail-on", "never"], env=env, capture_output=True, text=True)
    verdicts = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    counts: Counter[tuple[str, str]] = Counter()
    for v in verdicts:
        counts[(v["id"].split("#")[1], v["label"])] += 1
        if v["label"] != "EXACT":
            counts[("show", json.dumps([v["label"], v["citation"]["raw"], v.get("rationale", "")[:240]]))] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--split", default="test", choices=["test", "validation"])
    ap.add_argument("--show", default=None, help="print the misread references of this field (or 'e2e')")
    ap.add_argument("--e2e", action="store_true", help="also check each reference offline, end to end")
    ap.add_argument("--index", type=Path, default=None, help="an index of the whole corpus (else built)")
    ap.add_argument("--unread", action="store_true",
                    help="the journal references the corpus builder could not read (end to end only)")
    args = ap.parse_args(argv)
    if not (args.corpus / "arxiv-browse.jsonl.gz").is_file():
        print(f"skipped: {args.corpus}/arxiv-browse.jsonl.gz not found (the shared data set)")
        return 0
    refs = references(args.corpus, args.split, args.unread)
    which = "unread by the corpus builder, " if args.unread else ""
    print(f"arXiv journal references, {which}{args.split} split: {len(refs) // 2} records, {len(refs)} references")
    for form in () if args.unread else ("titled", "untitled", "all"):
        tally = Tally()
        for ref in refs:
            if form in ("all", ref["form"]):
                score(tally, ref)
        print(f"\n{form:<9} {'field':<16} {'P':>6} {'R':>6} {'F1':>6} {'n':>5}")
        for field in FIELDS:
            p, r, f, n = tally.row(field)
            if n:
                print(f"{'':<9} {field:<16} {p:6.3f} {r:6.3f} {f:6.3f} {n:5d}")
        if args.show and form == "all" and args.show in FIELDS:
            for text, g, p in tally.errors[args.show]:
                print(f"  {text[:160]}\n      gold {g!r}  read {p!r}")
    if args.e2e:
        counts = e2e(refs, args.corpus, args.index)
        for form in ("titled", "untitled"):
            total = sum(n for (f, _), n in counts.items() if f == form)
            row = "  ".join(f"{lab} {counts[(form, lab)]} ({100 * counts[(form, lab)] / max(total, 1):.1f} %)"
                            for lab in ("EXACT", "MINOR", "MAJOR", "UNVERIFIED"))
            print(f"\nend to end, {form} ({total}): {row}")
        if args.show == "e2e":
            for (f, line), _ in counts.items():
                if f == "show":
                    print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
