"""Write small samples of each dump's native format into tests/data/dumps/ (see its README).

    python scripts/make_dump_samples.py [--shared ../shared/data] [--out tests/data/dumps]

Work objects come from real recorded responses in ../shared/data/replay (Crossref, OpenAlex and
Semantic Scholar answer with the dumps' own work schema; DBLP's search hits carry the fields of
its XML records); the "corpus as Crossref" file and the arXiv snapshot sample are corpus records
written in those formats by `crossref_work` / `arxiv_line` below. ``--corpus-crossref PATH``
writes the whole corpus's DOI records as one Crossref-format file (for benchmarks/scale.py).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import html.entities
import io
import json
import random
import tarfile
from datetime import UTC
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[1]
INV_TYPES = {"article-journal": "journal-article", "paper-conference": "proceedings-article",
             "chapter": "book-chapter", "entry-encyclopedia": "reference-entry",
             "article": "posted-content", "thesis": "dissertation", "report": "report",
             "book": "book", "dataset": "dataset", "document": "component",
             "standard": "standard", "review": "peer-review"}
_ENTITY = {chr(c): f"&{n};" for n, c in html.entities.name2codepoint.items() if c > 127}


def _jsonl_gz(path: Path, rows: list[Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def _read_gz(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def crossref_work(csl: dict[str, Any]) -> dict[str, Any]:
    """A corpus CSL item written as a Crossref work object (the inverse of the adapter's map)."""
    work: dict[str, Any] = {"DOI": csl["DOI"], "type": INV_TYPES.get(csl.get("type", ""), "component"),
                            "URL": f"https://doi.org/{csl['DOI']}"}
    if csl.get("title"):
        work["title"] = [csl["title"]]
    for role in ("author", "editor"):
        people = [{"name": n["literal"]} if "literal" in n else
                  {k: v for k, v in n.items() if k in ("given", "family", "suffix")}
                  for n in csl.get(role) or []]
        if people:
            work[role] = [dict(p, sequence="first" if i == 0 else "additional", affiliation=[])
                          for i, p in enumerate(people)]
    for src, dst in (("container-title", "container-title"),
                     ("container-title-short", "short-container-title")):
        if csl.get(src):
            work[dst] = [csl[src]]
    for key in ("volume", "issue", "page", "publisher"):
        if csl.get(key):
            work[key] = csl[key]
    if csl.get("issued"):
        work["issued"] = csl["issued"]
        work["published"] = csl["issued"]
    for key in ("ISSN", "ISBN"):
        if csl.get(key):
            work[key] = [csl[key]]
    return work


def arxiv_line(csl: dict[str, Any]) -> dict[str, Any]:
    """A corpus arXiv record written as a line of the arXiv metadata snapshot."""
    custom = csl.get("custom", {})
    names = [[n.get("family") or n.get("literal", ""), n.get("given", ""), n.get("suffix", "")]
             for n in csl.get("author", [])]
    return {"id": custom["arxiv"], "submitter": None,
            "authors": ", ".join(" ".join(p for p in (g, f) if p) for f, g, _ in names),
            "title": csl.get("title", ""), "comments": None,
            "journal-ref": custom.get("journal_ref"), "doi": csl.get("DOI"),
            "report-no": custom.get("report_no"), "categories": " ".join(custom.get("categories", [])),
            "license": None, "abstract": "",
            "versions": [{"version": "v1", "created": _rfc2822(custom.get("arxiv_submitted"))}],
            "update_date": custom.get("arxiv_submitted", "1998-05-04"), "authors_parsed": names}


def _rfc2822(day: str | None) -> str:
    from datetime import datetime
    from email.utils import format_datetime

    stamp = datetime.fromisoformat(day or "1998-05-04").replace(tzinfo=UTC)
    return format_datetime(stamp, usegmt=True)


def corpus_doi_records(corpus: Path, *, share_alike: bool = True) -> list[dict[str, Any]]:
    """Corpus records whose id is their DOI (arXiv DataCite DOIs aside). ``share_alike=False``
    leaves out the ODbL paperscape file (test samples stay MIT/Apache-2.0)."""
    out = []
    for path in sorted(corpus.glob("*.jsonl.gz")):
        if not share_alike and path.name.startswith("paperscape"):
            continue
        out.extend(r for r in _read_gz(path)
                   if r.get("DOI") and not r["DOI"].startswith("10.48550/") and r["id"] == f"doi:{r['DOI']}")
    return out


def _replay(shared: Path, name: str) -> list[dict[str, Any]]:
    return _read_gz(shared / "replay" / name)


def crossref_samples(shared: Path, out: Path, rng: random.Random) -> None:
    works: dict[str, dict[str, Any]] = {}
    for row in _replay(shared, "crossref-habanero.jsonl.gz"):
        try:
            body = json.loads(row["body"])
        except (TypeError, json.JSONDecodeError):
            continue
        msg = body.get("message") if isinstance(body, dict) else None
        if body.get("message-type") == "work":
            works.setdefault(msg["DOI"].lower(), msg)
        elif body.get("message-type") == "work-list":
            for w in msg.get("items", []):
                works.setdefault(w["DOI"].lower(), w)
    for row in _replay(shared, "refchecker-api-cache.jsonl.gz"):
        if row["source"] == "crossref":
            for w in row["body"] if isinstance(row["body"], list) else [row["body"]]:
                if isinstance(w, dict) and w.get("DOI"):
                    works.setdefault(w["DOI"].lower(), w)
    items = [works[k] for k in sorted(works)]
    rng.shuffle(items)
    items = items[:300]  # a sample: the tests need the shapes, not the volume
    d = out / "crossref"
    d.mkdir(parents=True, exist_ok=True)
    half = len(items) // 2
    with gzip.open(d / "0.json.gz", "wt", encoding="utf-8") as fh:
        json.dump({"items": items[:half]}, fh, ensure_ascii=False)
    _jsonl_gz(d / "works.jsonl.gz", items[half:])
    with tarfile.open(d / "crossref-public-data.tar", "w") as tar:
        for i, chunk in enumerate((items[:half], items[half:])):
            data = gzip.compress(json.dumps({"items": chunk}, ensure_ascii=False).encode())
            info = tarfile.TarInfo(f"April 2025 Public Data File/{i}.json.gz")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    print(f"crossref: {len(items)} works")


def corpus_crossref_sample(shared: Path, out: Path, rng: random.Random, n: int = 400) -> None:
    records = corpus_doi_records(shared / "corpus", share_alike=False)
    sample = sorted(rng.sample(records, min(n, len(records))), key=lambda r: r["id"])
    _jsonl_gz(out / "corpus" / "corpus-csl.jsonl.gz", sample)
    with gzip.open(out / "corpus" / "corpus-crossref.json.gz", "wt", encoding="utf-8") as fh:
        json.dump({"items": [crossref_work(r) for r in sample]}, fh, ensure_ascii=False)
    arx = [r for r in _read_gz(shared / "corpus" / "arxiv-browse.jsonl.gz")
           if r.get("custom", {}).get("arxiv")]
    lines = [arxiv_line(r) for r in sorted(rng.sample(arx, 120), key=lambda r: r["id"])]
    (out / "arxiv").mkdir(parents=True, exist_ok=True)
    with (out / "arxiv" / "arxiv-metadata-oai-snapshot.json").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    print(f"corpus-as-crossref: {len(sample)}; arxiv snapshot: {len(lines)}")


def openalex_samples(shared: Path, out: Path, rng: random.Random) -> None:
    works: dict[str, dict[str, Any]] = {}
    for row in _replay(shared, "refchecker-api-cache.jsonl.gz"):
        if row["source"] == "openalex":
            for w in row["body"] if isinstance(row["body"], list) else [row["body"]]:
                if isinstance(w, dict) and w.get("id"):
                    works.setdefault(w["id"], w)
    items = [works[k] for k in sorted(works)][:300]
    first, second = items[:200], items[200:]
    changed = dict(first[0], title=first[0]["title"] + " (corrected)", updated_date="2024-02-01")
    root = out / "openalex" / "data" / "works"
    parts = {"2024-01-01": first, "2024-02-01": [changed, *second]}
    entries = []
    for date, rows in parts.items():
        _jsonl_gz(root / f"updated_date={date}" / "part_000.gz", rows)
        entries.append({"url": f"s3://openalex/data/works/updated_date={date}/part_000.gz",
                        "meta": {"content_length": 0, "record_count": len(rows)}})
    (root / "manifest").write_text(json.dumps({"entries": entries, "meta": {
        "record_count": sum(len(r) for r in parts.values())}}, indent=1), encoding="utf-8")
    merged = out / "openalex" / "data" / "merged_ids" / "works" / "2024-02-01.csv.gz"
    merged.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(merged, "wt", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["merge_date", "id", "merge_into_id"])
        writer.writerow(["2024-02-01", first[1]["id"].rsplit("/", 1)[-1],
                         first[2]["id"].rsplit("/", 1)[-1]])
    print(f"openalex: {len(first)} + {len(second) + 1} works, 1 merge")


def s2_samples(shared: Path, out: Path) -> None:
    papers: dict[str, dict[str, Any]] = {}
    for row in _replay(shared, "refchecker-api-cache.jsonl.gz"):
        if row["source"] == "semanticscholar":
            for p in row["body"] if isinstance(row["body"], list) else [row["body"]]:
                if isinstance(p, dict) and (p.get("externalIds") or {}).get("CorpusId"):
                    papers.setdefault(str(p["externalIds"]["CorpusId"]), p)
    rows = []
    for cid in sorted(papers):
        p = papers[cid]
        rows.append({"corpusid": int(cid), "externalids": p.get("externalIds"), "url": p.get("url"),
                     "title": p.get("title"), "authors": p.get("authors") or [],
                     "venue": p.get("venue") or "", "publicationvenueid": None, "year": p.get("year"),
                     "referencecount": p.get("referenceCount"), "citationcount": p.get("citationCount"),
                     "isopenaccess": p.get("isOpenAccess"), "s2fieldsofstudy": None,
                     "publicationtypes": p.get("publicationTypes"),
                     "publicationdate": p.get("publicationDate"), "journal": p.get("journal")})
    _jsonl_gz(out / "s2" / "papers" / "papers-part0.jsonl.gz", rows)
    _jsonl_gz(out / "s2" / "diffs" / "delete-part0.jsonl.gz", [{"corpusid": rows[0]["corpusid"]}])
    print(f"s2: {len(rows)} papers, 1 deletion")


def _x(text: str) -> str:
    return "".join(_ENTITY.get(ch, ch) for ch in escape(text))


def dblp_samples(shared: Path, out: Path) -> None:
    hits: dict[str, dict[str, Any]] = {}
    for row in _replay(shared, "refchecker-api-cache.jsonl.gz"):
        if row["source"] == "dblp" and isinstance(row["body"], list):
            for h in row["body"]:
                info = h.get("info", {})
                if info.get("key"):
                    hits.setdefault(info["key"], info)
    tags = {"Journal Articles": "article", "Conference and Workshop Papers": "inproceedings",
            "Informal and Other Publications": "article", "Parts in Books or Collections": "incollection",
            "Books and Theses": "book", "Editorship": "proceedings"}
    lines = ['<?xml version="1.0" encoding="ISO-8859-1"?>', '<!DOCTYPE dblp SYSTEM "dblp.dtd">', "<dblp>"]
    for key in sorted(hits):
        info = hits[key]
        tag = tags.get(info.get("type", ""), "article")
        authors = info.get("authors", {}).get("author", [])
        authors = [authors] if isinstance(authors, dict) else authors
        body = [f"<author>{_x(a['text'])}</author>" for a in authors]
        body.append(f"<title>{_x(info.get('title', ''))}</title>")
        venue_tag = "journal" if tag == "article" else "booktitle"
        for field, tag_name in (("pages", "pages"), ("year", "year"), ("volume", "volume"),
                                ("number", "number"), ("venue", venue_tag)):
            value = info.get(field)
            if isinstance(value, list):
                value = value[0]
            if value:
                body.append(f"<{tag_name}>{_x(str(value))}</{tag_name}>")
        if info.get("ee"):
            ee = info["ee"] if isinstance(info["ee"], list) else [info["ee"]]
            body.extend(f"<ee>{_x(e)}</ee>" for e in ee)
        body.append(f"<url>db/{_x(key)}.html</url>")
        lines.append(f'<{tag} mdate="2024-01-01" key="{_x(key)}">' + "".join(body) + f"</{tag}>")
    lines.append('<www mdate="2024-01-01" key="homepages/00/0000"><author>Nobody</author>'
                 "<title>Home Page</title></www>")
    lines.append("</dblp>")
    path = out / "dblp" / "dblp.xml.gz"
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wb") as fh:
        fh.write("\n".join(lines).encode("latin-1", errors="xmlcharrefreplace"))
    print(f"dblp: {len(hits)} records")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "dumps")
    ap.add_argument("--corpus-crossref", type=Path, help="write the whole corpus's DOI records here")
    args = ap.parse_args()
    if args.corpus_crossref:
        records = corpus_doi_records(args.shared / "corpus")
        with gzip.open(args.corpus_crossref, "wt", encoding="utf-8") as fh:
            json.dump({"items": [crossref_work(r) for r in records]}, fh, ensure_ascii=False)
        print(f"{args.corpus_crossref}: {len(records)} works")
        return
    rng = random.Random(17)
    crossref_samples(args.shared, args.out, rng)
    corpus_crossref_sample(args.shared, args.out, rng)
    openalex_samples(args.shared, args.out, rng)
    s2_samples(args.shared, args.out)
    dblp_samples(args.shared, args.out)


if __name__ == "__main__":
    main()
