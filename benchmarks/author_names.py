"""Author lists as OpenAlex and Semantic Scholar send them, against the printed list.

Reads refchecker's cached answers in ../shared/data/replay/refchecker-api-cache.jsonl.gz. For every
DOI that Crossref (whose ``author`` list is what the publisher deposited: the printed names) and
OpenAlex or S2 both answered, the Crossref author list is taken as a faithful citation's and compared
(`verify.authors.compare_authors`) with the other service's list as the adapter maps it, and as it
was mapped before the names work (the profile's ``display_name`` first, every authorship a name,
the written name split as it is). A list "agrees" when nothing is extra, missing, swapped,
misspelled or with other initials or given names. Lists over 50 names are left out.

Usage: python benchmarks/author_names.py [--replay DIR] [--show]
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from citecheck.model import Name, Record
from citecheck.names import parse_person
from citecheck.normalize import normalize_doi
from citecheck.sources import crossref, openalex, semanticscholar
from citecheck.sources._common import clean_text
from citecheck.verify.authors import AuthorComparison, compare_authors

REPLAY = Path(__file__).resolve().parents[2] / "shared" / "data" / "replay"


def _objects(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            body = row.get("body")
            for obj in body if isinstance(body, list) else [body]:
                if isinstance(obj, dict):
                    yield str(row.get("source")), obj


def _before(written: str | None) -> Name | None:
    name = parse_person(clean_text(written) or "")
    return name if name.family or name.given or name.literal else None


def openalex_before(work: dict[str, Any]) -> Record:
    record = openalex.to_record(work)
    record.author = [n for a in work.get("authorships") or [] if (n := _before(
        (a.get("author") or {}).get("display_name") or a.get("raw_author_name")))]
    return record


def s2_before(paper: dict[str, Any]) -> Record:
    record = semanticscholar.to_record(paper)
    record.author = [n for a in paper.get("authors") or [] if (n := _before(a.get("name")))]
    return record


def agrees(result: AuthorComparison | None) -> bool:
    return result is None or not (result.extra or result.missing or result.swapped or result.misspelled
                                  or result.wrong_initials or result.wrong_given)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--replay", type=Path, default=REPLAY)
    ap.add_argument("--show", action="store_true", help="print the lists that still disagree")
    args = ap.parse_args()
    printed: dict[str, Record] = {}
    answers: dict[str, dict[str, dict[str, Any]]] = {"openalex": {}, "semanticscholar": {}}
    for source, obj in _objects(args.replay / "refchecker-api-cache.jsonl.gz"):
        if source == "crossref" and obj.get("DOI") and obj.get("author"):
            printed[normalize_doi(obj["DOI"]) or ""] = crossref.to_record(obj)
        elif source == "openalex" and obj.get("doi"):
            answers["openalex"][normalize_doi(obj["doi"]) or ""] = obj
        elif source == "semanticscholar" and (obj.get("externalIds") or {}).get("DOI"):
            answers["semanticscholar"][normalize_doi(obj["externalIds"]["DOI"]) or ""] = obj
    mappers: dict[str, tuple[Callable[[dict[str, Any]], Record], Callable[[dict[str, Any]], Record]]] = {
        "openalex": (openalex.to_record, openalex_before),
        "semanticscholar": (semanticscholar.to_record, s2_before)}
    for name, (now, before) in mappers.items():
        dois = [d for d in answers[name] if d in printed and len(printed[d].author) <= 50]
        ok_now = [d for d in dois if agrees(compare_authors(printed[d], now(answers[name][d])))]
        ok_before = [d for d in dois if agrees(compare_authors(printed[d], before(answers[name][d])))]
        print(f"{name}: {len(dois)} DOIs Crossref also answered; author lists agreeing with Crossref's: "
              f"{len(ok_now)} (before: {len(ok_before)})")
        if args.show:
            for d in sorted(set(dois) - set(ok_now)):
                print("   ", d, [n.family or n.literal for n in now(answers[name][d]).author][:8])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
