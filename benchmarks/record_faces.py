"""Faces of real works: how many carry several years, and whether citing each face is EXACT.

Reads the real Crossref, OpenAlex and Semantic Scholar objects in ../shared/data/replay
(crossref-habanero: habanero's recorded Crossref answers; semanticscholar: danielnsilva/semanticscholar's
recorded S2 answers; refchecker-api-cache: refchecker's cached Crossref, OpenAlex and S2 results), one
object per work (first seen wins). The faces are read from each raw object here, independently of the
adapters: Crossref ``issued``, ``published-print``, ``published-online``, ``posted``; OpenAlex
``publication_year``; S2 ``year``, ``publicationDate`` and the year ending its DBLP key (not CoRR's).

For every work with a title and authors, one faithful citation per distinct face year is built from the
adapter's own record (its title, authors, journal, volume, page, DOI) with that year — a citation of
the journal version for print/online/issued/DBLP years, of the preprint (arXiv id, no journal) for an
S2 date in the month its arXiv id names — and compared with the record (`verify.compare.assess` and
`identity_mismatch`, labelled with the default thresholds). A face is "faithful" when that is EXACT.
Each work is also cited (as the journal version) with a year two after its latest face: never a face,
so it must not be EXACT.
Works whose faces are not the version a citation names (an S2 preprint date on a paper without an
arXiv id, which could be either) are counted, not cited.

Usage: python benchmarks/record_faces.py [--replay DIR] [--show N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from citecheck.decide import load_thresholds, score_label
from citecheck.model import Label, Record, set_year
from citecheck.sources import crossref, openalex, semanticscholar
from citecheck.verify.compare import assess, identity_mismatch

ROOT = Path(__file__).resolve().parents[1]
REPLAY = ROOT.parent / "shared" / "data" / "replay"
_DBLP_YEAR = re.compile(r"^(?:journals|conf)/(?!corr/)[^/]+/[^/]*?(\d{2})[a-z]?$")


def _year(value: Any) -> int | None:
    if isinstance(value, dict):
        parts = value.get("date-parts") or [[None]]
        value = parts[0][0] if parts and parts[0] else None
    match = re.match(r"(\d{4})", str(value or ""))
    return int(match.group(1)) if match else None


def _walk(value: Any, key: str) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        if key in value:
            yield value
        for v in value.values():
            yield from _walk(v, key)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v, key)


def crossref_faces(work: dict[str, Any]) -> dict[str, int]:
    keys = (("issued", "issued"), ("print", "published-print"), ("online", "published-online"),
            ("posted", "posted"))
    return {kind: y for kind, key in keys if (y := _year(work.get(key)))}


def s2_faces(paper: dict[str, Any]) -> dict[str, int]:
    ext = paper.get("externalIds") or {}
    faces: dict[str, int] = {}
    if (y := _year(paper.get("year"))):
        faces["year"] = y
    if (d := _year(paper.get("publicationDate"))):
        faces["publicationDate"] = d
    match = _DBLP_YEAR.match(str(ext.get("DBLP") or ""))
    if match and faces:
        yy = int(match.group(1))
        near = next(iter(faces.values()))
        faces["dblp"] = min((1900 + yy, 2000 + yy), key=lambda y: abs(y - near))
    return faces


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def works(replay: Path) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(source, id, raw object) once per work."""
    seen: set[tuple[str, str]] = set()

    def once(source: str, ident: Any) -> bool:
        key = (source, str(ident or "").lower())
        if not key[1] or key in seen:
            return False
        seen.add(key)
        return True

    for row in _lines(replay / "crossref-habanero.jsonl.gz"):
        try:
            body = json.loads(row["body"])
        except (ValueError, TypeError):
            continue
        for work in _walk(body, "DOI"):
            if "title" in work and once("crossref", work.get("DOI")):
                yield "crossref", work["DOI"], work
    for row in _lines(replay / "semanticscholar.jsonl.gz"):
        try:
            body = json.loads(row["body"])
        except (ValueError, TypeError):
            continue
        for paper in _walk(body, "paperId"):
            if "title" in paper and once("semanticscholar", paper.get("paperId")):
                yield "semanticscholar", paper["paperId"], paper
    for row in _lines(replay / "refchecker-api-cache.jsonl.gz"):
        source, body = row["source"], row["body"]
        if source == "crossref":
            for work in _walk(body, "DOI"):
                if "title" in work and once("crossref", work.get("DOI")):
                    yield "crossref", work["DOI"], work
        elif source == "openalex":
            for work in _walk(body, "publication_year"):
                if once("openalex", work.get("id")):
                    yield "openalex", work.get("id"), work
        elif source == "semanticscholar":
            for paper in _walk(body, "paperId"):
                if "title" in paper and once("semanticscholar", paper.get("paperId")):
                    yield "semanticscholar", paper["paperId"], paper


def faces_of(source: str, raw: dict[str, Any]) -> tuple[Record, dict[str, int]]:
    if source == "crossref":
        return crossref.to_record(raw), crossref_faces(raw)
    if source == "openalex":
        return openalex.to_record(raw), {"publication_year": y} if (y := _year(raw.get("publication_year"))) else {}
    return semanticscholar.to_record(raw), s2_faces(raw)


def citation(record: Record, year: int, *, preprint: bool) -> Record:
    """A faithful citation of the record with `year`: of the preprint (title, authors, arXiv id)
    or of the journal version (title, authors, journal, volume, page, DOI)."""
    cited = Record(title=record.title, author=record.author, type=record.type)
    if preprint:
        cited.custom["arxiv"] = record.arxiv
    else:
        cited.container_title, cited.volume, cited.page = record.container_title, record.volume, record.page
        cited.DOI = record.DOI
    set_year(cited, year)
    return cited


def _preprint_face(source: str, kind: str, year: int, raw: dict[str, Any], record: Record) -> bool | None:
    """True: a date of the preprint; False: of the published version; None: cannot tell."""
    if source != "semanticscholar" or kind == "dblp":
        return False
    arxiv = (raw.get("externalIds") or {}).get("ArXiv")
    if not arxiv:
        return False
    date = str(raw.get("publicationDate") or "")
    ident = re.match(r"(\d{2})(\d{2})\.", str(arxiv))
    if ident and date[:7] == f"20{ident.group(1)}-{ident.group(2)}":
        return True  # the month the arXiv id names: the preprint's date
    return None if kind == "year" and year == _year(date) else False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replay", type=Path, default=REPLAY)
    ap.add_argument("--show", type=int, default=0, help="print up to N faithful citations not EXACT")
    args = ap.parse_args()
    thresholds = load_thresholds(None)
    tally: Counter[tuple[str, str]] = Counter()
    shown = 0
    for source, ident, raw in works(args.replay):
        record, faces = faces_of(source, raw)
        tally[source, "works"] += 1
        if len(set(faces.values())) > 1:
            tally[source, "works with faces of different years"] += 1
        if not (record.title and record.author):
            continue
        by_year = {year: kind for kind, year in reversed(list(faces.items()))}  # first kind of each year
        for year, kind in sorted(by_year.items()):
            preprint = _preprint_face(source, kind, year, raw, record)
            if preprint is None:
                tally[source, "faces not cited (version unknown)"] += 1
                continue
            cited = citation(record, year, preprint=preprint)
            found = assess(cited, record)
            label = Label.MINOR if identity_mismatch(cited, record, found) else score_label(found, thresholds)
            tally[source, "faithful citations"] += 1
            tally[source, f"... {label.value}"] += 1
            if len(set(faces.values())) > 1:
                tally[source, "faithful citations of a several-year work"] += 1
                tally[source, f"... of a several-year work, {label.value}"] += 1
            if label is not Label.EXACT and shown < args.show:
                shown += 1
                print(f"{source} {ident} {kind} {year} faces={faces}: {label.value} — {found.rationale}")
        if faces:  # and a year that is no face of the work: drift, never EXACT
            drift = max(faces.values()) + 2
            cited = citation(record, drift, preprint=False)
            found = assess(cited, record)
            label = Label.MINOR if identity_mismatch(cited, record, found) else score_label(found, thresholds)
            tally[source, f"drifted citations (a year 2 after every face), {label.value}"] += 1
    for source in ("crossref", "openalex", "semanticscholar"):
        print(f"\n{source}")
        for (src, what), n in sorted(tally.items(), key=lambda kv: kv[0][1]):
            if src == source:
                print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
