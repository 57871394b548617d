"""``index build --format crossref`` vs the CSL build, on every corpus record with a DOI.

    python benchmarks/dump_equivalence.py [--corpus ../shared/data/corpus]

Writes the corpus's DOI records (those whose id is their DOI) as one Crossref public-data-file
(``{"items": [...]}``, gzipped) with scripts/make_dump_samples.py's writer, builds an index
from the CSL lines and one from the Crossref file, and compares every lookup: DOI (same
record: id, year, volume, page, container, authors, title after the markup Crossref strips),
journal+volume+page (same set of ids) and title search (same top-3 ids). Prints counts.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from make_dump_samples import corpus_doi_records, crossref_work  # noqa: E402

from citecheck.index.build import build_index  # noqa: E402
from citecheck.index.dumps import make_reader  # noqa: E402
from citecheck.index.search import LocalIndex  # noqa: E402
from citecheck.sources._common import clean_text  # noqa: E402


def compare(records: list[dict], a: LocalIndex, b: LocalIndex) -> dict[str, int]:
    out = {"doi_same": 0, "doi_diff": 0, "journal_same": 0, "journal_diff": 0,
           "search_same": 0, "search_diff": 0, "marked_up_titles": 0}
    fields = ("id", "year", "DOI", "volume", "page", "container_title")
    for rec in records:
        x, y = a.by_doi(rec["DOI"]), b.by_doi(rec["DOI"])
        same = (x is not None and y is not None
                and [getattr(x, f) for f in fields] == [getattr(y, f) for f in fields]
                and clean_text(x.title) == y.title
                and [n.family or n.literal for n in x.author] == [n.family or n.literal for n in y.author])
        out["doi_same" if same else "doi_diff"] += 1
        if rec.get("container-title") and rec.get("volume") and rec.get("page"):
            args = (rec["container-title"], rec["volume"], rec["page"])
            ok = {r.id for r in a.by_journal(*args)} == {r.id for r in b.by_journal(*args)}
            out["journal_same" if ok else "journal_diff"] += 1
        if x is not None and y is not None and x.title != y.title:
            out["marked_up_titles"] += 1
        elif rec.get("title"):
            ok = [r.id for r in a.search(rec["title"], limit=3)] == [
                r.id for r in b.search(rec["title"], limit=3)]
            out["search_same" if ok else "search_diff"] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "corpus")
    args = ap.parse_args()
    records = corpus_doi_records(args.corpus)
    with tempfile.TemporaryDirectory() as tmp:
        csl, crossref = Path(tmp) / "csl.jsonl.gz", Path(tmp) / "crossref.json.gz"
        with gzip.open(csl, "wt", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        with gzip.open(crossref, "wt", encoding="utf-8") as fh:
            json.dump({"items": [crossref_work(r) for r in records]}, fh, ensure_ascii=False)
        t0 = time.perf_counter()
        s1 = build_index(Path(tmp) / "csl.sqlite", [csl])
        t1 = time.perf_counter()
        s2 = build_index(Path(tmp) / "cr.sqlite", [crossref], reader=make_reader("crossref"))
        t2 = time.perf_counter()
        result = compare(records, LocalIndex(Path(tmp) / "csl.sqlite"), LocalIndex(Path(tmp) / "cr.sqlite"))
    print(json.dumps({"records": len(records), "csl_stored": s1.stored, "crossref_stored": s2.stored,
                      "csl_build_s": round(t1 - t0, 1), "crossref_build_s": round(t2 - t1, 1),
                      **result}, indent=1))


if __name__ == "__main__":
    main()
