"""Linkage of in-text citation markers to entries: precision and recall against gold documents.

    python benchmarks/claims.py            # tests/data/claims/gold-*.jsonl

Gold: ``gold-latex.jsonl`` (the LaTeX fixtures and the PDFs compiled from them; made by
scripts/make_claims_gold.py from the sources' \\cite commands and .bbl order) and
``gold-hand.jsonl`` (Markdown, pandoc and Word documents, written and checked by hand, with their
expected orphan, uncited and ambiguous findings). A link is (document, entry) counted as a
multiset in reading order: a marker citing one entry twice counts twice.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from citecheck.claims.link import link_document  # noqa: E402

DATA = ROOT / "tests" / "data"


def _style(doc: str) -> str:
    suffix = Path(doc).suffix
    return {".tex": "latex", ".pdf": "pdf", ".docx": "word", ".md": "markdown"}.get(suffix, suffix)


def _entry(citation_id: str) -> str:
    """An entry's id without the folder its file was named with ("x/y/doc.pdf#3" → "doc.pdf#3")."""
    return Path(citation_id).name if "#" in citation_id else citation_id


def evaluate(gold_files: list[Path]) -> dict[str, object]:
    rows, tp, n_pred, n_gold = [], 0, 0, 0
    finding_hits, finding_gold = 0, 0
    for path in gold_files:
        for line in path.read_text(encoding="utf-8").splitlines():
            gold = json.loads(line)
            t0 = time.perf_counter()
            linkage = link_document(str(DATA / gold["document"]))
            seconds = time.perf_counter() - t0
            got = Counter(_entry(link.citation_id) for link in linkage.links)
            want = Counter(_entry(x) for x in gold["links"])
            hit = sum((got & want).values())
            tp, n_pred, n_gold = tp + hit, n_pred + sum(got.values()), n_gold + sum(want.values())
            for kind, key in (("orphan-marker", "orphans"), ("uncited-entry", "uncited"),
                              ("ambiguous-marker", "ambiguous")):
                if key not in gold:
                    continue
                found = {f.marker.text if f.marker else _entry(f.citation_id or "")
                         for f in linkage.findings if f.kind == kind}
                finding_gold += len(gold[key])
                finding_hits += len(found & {_entry(x) for x in gold[key]})
            rows.append({"document": gold["document"], "style": _style(gold["document"]),
                         "gold": sum(want.values()), "predicted": sum(got.values()), "correct": hit,
                         "seconds": round(seconds, 3)})
    return {"documents": rows, "precision": tp / n_pred if n_pred else 1.0,
            "recall": tp / n_gold if n_gold else 1.0, "links": n_gold,
            "findings_found": finding_hits, "findings_gold": finding_gold}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gold", nargs="*", type=Path, default=sorted((DATA / "claims").glob("gold-*.jsonl")))
    args = ap.parse_args()
    result = evaluate(args.gold)
    for row in result["documents"]:  # type: ignore[attr-defined]
        print(f"{row['document']:<40} {row['style']:<9} gold {row['gold']:>3}  predicted {row['predicted']:>3}"
              f"  correct {row['correct']:>3}  {row['seconds']:.2f}s")
    print(f"precision {result['precision']:.3f}  recall {result['recall']:.3f}  over {result['links']} gold links;"
          f" findings {result['findings_found']}/{result['findings_gold']}")
    print(dense_text(96_000))


def dense_text(markers: int) -> str:
    """Linking time of one run-on text dense with numeric markers (a hostile upload's shape)."""
    from citecheck.claims.body import Segment
    from citecheck.claims.link import link_markers
    from citecheck.model import Citation, Provenance

    entries = [Citation(id=f"d#{k}", raw="x", provenance=Provenance(key=str(k))) for k in range(1, 37)]
    body = " ".join(f"[{i % 36 + 1}]" for i in range(markers))
    started = time.perf_counter()
    linkage = link_markers([Segment(body, "dense.md")], entries)
    seconds = time.perf_counter() - started
    longest = max(len(link.sentence) for link in linkage.links)
    return (f"dense: {len(linkage.links):,} markers in one run-on text of {len(body) // 1000} KB linked in"
            f" {seconds:.2f} s; longest sentence shown {longest:,} characters")


if __name__ == "__main__":
    main()
