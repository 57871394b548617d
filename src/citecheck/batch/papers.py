"""Papers as batch inputs: ``arxiv-listing:CATEGORY/PERIOD`` and files of arXiv ids or DOIs.

The driver turns a listing into a file of ids once (``inputs/arxiv-listing_<slug>.papers`` in the
output folder), so a restart plans the very same partitions without asking arXiv again; a file
whose every line (``#`` comments and blank lines aside) is an arXiv id, an arxiv.org URL or a DOI
is such a list too. Each paper is one partition: fetched and read on a worker
(`citecheck.remote.paper`), its citations' ids qualified by the paper (``arXiv:2401.00001#key``).
The summary lists every paper with its counts, those with MAJOR findings first.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from citecheck.model import Citation, Provenance

LISTING_PREFIX = "arxiv-listing:"
PAPER_LIST_SUFFIXES = ("", ".txt", ".ids", ".papers", ".lst")
_SNIFF_BYTES = 1 << 20
#: labels from worst to best: the order papers are listed in
SEVERITY = ("MAJOR", "ERROR", "MINOR", "UNVERIFIED", "EXACT")


def resolve_inputs(inputs: list[Path], out: Path) -> list[Path]:
    """Inputs with every ``arxiv-listing:`` replaced by its file of ids (fetched the first time)."""
    return [_listing_file(str(p)[len(LISTING_PREFIX):], out) if str(p).startswith(LISTING_PREFIX)
            else p for p in inputs]


def _listing_file(spec: str, out: Path) -> Path:
    import asyncio

    from citecheck.remote.listing import list_ids, parse_listing
    from citecheck.sources.config import load_config

    listing = parse_listing(spec)
    target = out / "inputs" / f"arxiv-listing_{listing.slug.replace('/', '_')}.papers"
    if target.exists():
        return target
    ids = asyncio.run(list_ids(listing, load_config()))
    if not ids:
        raise FileNotFoundError(f"{LISTING_PREFIX}{spec}: arXiv lists no papers for it")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text("".join(f"arXiv:{i}\n" for i in ids), encoding="utf-8")
    tmp.replace(target)
    return target


def paper_lines(path: Path) -> list[tuple[int, str]] | None:
    """(line number, paper) of a file of arXiv ids / DOIs; None when it is not such a file."""
    from citecheck.remote.targets import parse_target

    if not path.is_file() or path.suffix.lower() not in PAPER_LIST_SUFFIXES:
        return None
    if path.stat().st_size > _SNIFF_BYTES:
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    papers = []
    for n, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        target = parse_target(entry)
        if target is None or target.kind == "url":
            return None
        papers.append((n, target.label))
    return papers or None


def paper_citations(paper: str, source: str, line: int) -> list[Citation]:
    """The citations of one paper, ids qualified by it; a paper that cannot be had is one ERROR
    citation saying why (so it is listed, once, like every other)."""
    from citecheck.extract.errors import InputError
    from citecheck.remote import FetchError
    from citecheck.remote.paper import fetch_paper
    from citecheck.remote.targets import parse_target

    target = parse_target(paper)
    try:
        if target is None:
            raise FetchError(paper, "not an arXiv id, DOI or URL")
        found = fetch_paper(target).citations
    except (FetchError, InputError) as exc:
        return [Citation(id=f"{paper}#error", raw=paper, error=f"{source}:{line}: {exc}",
                         provenance=Provenance(file=source, line=line))]
    for cit in found:
        cit.id = cit.id if cit.id.startswith((f"{paper}/", f"{paper}#")) else f"{paper}#{cit.id}"
    return found


def paper_summary(out: Path) -> dict[str, Any]:
    """``{"papers": [...]}`` from the manifest: per paper its citations by label, the papers
    with MAJOR findings first (then by ERROR, MINOR, ... counts); empty without paper inputs."""
    manifest = out / "manifest.jsonl"
    rows: dict[str, dict[str, Any]] = {}
    if manifest.exists():
        for line in manifest.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            if entry.get("paper"):
                labels = Counter({k: int(v) for k, v in (entry.get("labels") or {}).items()})
                rows[entry["paper"]] = {"paper": entry["paper"], "citations": sum(labels.values()),
                                        "labels": dict(labels), "file": entry.get("file")}
    if not rows:
        return {}
    ranked = sorted(rows.values(), key=lambda r: (*(-r["labels"].get(k, 0) for k in SEVERITY), r["paper"]))
    return {"papers_with_major": sum(1 for r in ranked if r["labels"].get("MAJOR")), "papers": ranked}


__all__ = ["LISTING_PREFIX", "paper_citations", "paper_lines", "paper_summary", "resolve_inputs"]
