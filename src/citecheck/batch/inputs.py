"""Planning a batch: inputs → partitions, deterministically (a restart plans the same ones).

JSONL files are cut into line ranges (the driver reads each line only for its id, so the
rules of ``check`` hold across the whole batch: a repeated id in one file is an error
citation ``id@line``, an id repeated in a later input becomes ``id~n``); Parquet files (with
pyarrow) are first written out as JSONL; a folder (or any other file) is read as documents,
a few per partition, their citation ids qualified by the document's path; a file of arXiv ids or
DOIs (and an ``arxiv-listing:``, once `citecheck.batch.papers` made it one) is one paper per
partition, fetched and read on the worker.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from citecheck.batch.papers import paper_citations, paper_lines
from citecheck.model import Citation, Provenance

JSONL_SUFFIXES = (".jsonl", ".ndjson")
DOC_SUFFIXES = (".bib", ".bbl", ".tex", ".md", ".txt", ".pdf", ".docx", ".jsonl")
DOCS_PER_CITATIONS = 50  # a document holds about this many references


@dataclass
class Partition:
    """One unit of work: a line range of a JSONL file, or a list of documents."""

    pid: int
    kind: str  # "lines" | "docs" | "paper" (docs[0] names it: arXiv:ID or doi:DOI)
    path: str = ""
    offset: int = 0  # byte offset of the first line
    length: int = 0
    first_line: int = 1
    first_index: int = 0
    count: int = 0  # citations (lines) in it; for documents, the number of documents
    #: line → ("dup", original id) for an id repeated in the same file, ("rename", new id)
    #: for one repeated from an earlier input
    overrides: dict[int, tuple[str, str]] = field(default_factory=dict)
    docs: list[str] = field(default_factory=list)
    root: str = ""


def _line_id(line: bytes, base: str, lineno: int) -> str | None:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return None  # an error citation with its own id
    if not isinstance(obj, dict):
        return None
    cid = obj.get("id")
    return str(cid) if isinstance(cid, (str, int)) and str(cid).strip() else f"{base}:{lineno}"


def _plan_jsonl(path: Path, size: int, start_pid: int, seen: dict[str, int],
                index: int) -> tuple[list[Partition], int]:
    parts: list[Partition] = []
    local: set[str] = set()
    base = path.name
    cur: Partition | None = None
    offset = 0
    with path.open("rb") as fh:
        for lineno, line in enumerate(fh, start=1):
            if cur is None or cur.count >= size:
                cur = Partition(start_pid + len(parts), "lines", str(path), offset,
                                first_line=lineno, first_index=index)
                parts.append(cur)
            cur.length += len(line)
            offset += len(line)
            if not line.strip():
                continue
            cur.count += 1
            index += 1
            cid = _line_id(line, base, lineno)
            if cid is None:
                continue
            if cid in local:
                cur.overrides[lineno] = ("dup", cid)
                continue
            local.add(cid)
            if cid in seen:
                seen[cid] += 1
                cur.overrides[lineno] = ("rename", f"{cid}~{seen[cid]}")
            else:
                seen[cid] = 0
    return [p for p in parts if p.count], index


def parquet_to_jsonl(path: Path, out_dir: Path) -> Path:
    """A Parquet file of citation rows (id, text | bibtex | csl) as JSONL, once."""
    target = out_dir / "inputs" / (path.stem + ".jsonl")
    if target.exists():
        return target
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError(f"{path}: reading Parquet needs pyarrow (pip install pyarrow)") from exc
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for batch in pq.ParquetFile(path).iter_batches():
            for row in batch.to_pylist():
                clean = {k: v for k, v in row.items() if v is not None}
                if isinstance(clean.get("csl"), str):
                    clean["csl"] = json.loads(clean["csl"])
                fh.write(json.dumps(clean, ensure_ascii=False) + "\n")
    tmp.replace(target)
    return target


def _documents(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in DOC_SUFFIXES)
    return [path]


def plan(inputs: list[Path], size: int, out_dir: Path) -> list[Partition]:
    """Every input's partitions, in input order. Raises FileNotFoundError naming a missing input."""
    parts: list[Partition] = []
    seen: dict[str, int] = {}
    index = 0
    for raw in inputs:
        if not raw.exists():
            raise FileNotFoundError(f"{raw}: no such file or folder")
        path = parquet_to_jsonl(raw, out_dir) if raw.suffix.lower() == ".parquet" else raw
        if path.is_file() and path.suffix.lower() in JSONL_SUFFIXES:
            new, index = _plan_jsonl(path, size, len(parts), seen, index)
            parts.extend(new)
            continue
        papers = paper_lines(path)
        if papers is not None:
            first = len(parts)
            parts.extend(Partition(first + i, "paper", str(path), first_line=line, count=1, docs=[paper])
                         for i, (line, paper) in enumerate(papers))
            continue
        docs = _documents(path)
        per = max(1, size // DOCS_PER_CITATIONS)
        root = str(path if path.is_dir() else path.parent)
        for i in range(0, len(docs), per):
            group = [str(d) for d in docs[i:i + per]]
            parts.append(Partition(len(parts), "docs", count=len(group), docs=group, root=root))
    return parts


def fingerprint(inputs: list[Path], size: int) -> str:
    """Identifies a batch's inputs: a restart must see the same files and partition size."""
    h = hashlib.sha256(f"v1|{size}".encode())
    for path in inputs:
        files = _documents(path) if path.is_dir() else [path]
        for f in files:
            st = f.stat()
            h.update(f"|{f.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()[:32]


def citations_of(part: Partition, text: str | None) -> list[Citation]:
    """The partition's citations, as ``check`` reads them (run on the worker)."""
    from citecheck.extract import InputError, read_path
    from citecheck.extract.jsonl import read_jsonl

    if part.kind == "paper":
        return paper_citations(part.docs[0], part.path, part.first_line)
    if part.kind == "lines":
        assert text is not None
        cits = read_jsonl(text, part.path, first_line=part.first_line)
        for i, cit in enumerate(cits):
            cit.provenance.index = part.first_index + i
            override = part.overrides.get(cit.provenance.line or 0)
            if override and override[0] == "rename" and cit.error is None:
                cit.id = override[1]
            elif override and override[0] == "dup" and not cit.error:
                cit = cits[i] = _duplicate(cit, override[1])
        return cits
    out: list[Citation] = []
    for doc in part.docs:
        rel = str(Path(doc).relative_to(part.root)) if part.root else doc
        try:
            found = read_path(doc)
        except (InputError, OSError) as exc:
            found = [Citation(id=f"{rel}#error", raw="", error=str(exc),
                              provenance=Provenance(file=doc))]
        for cit in found:
            cit.id = cit.id if cit.id.startswith(rel) else f"{rel}#{cit.id}"
        out.extend(found)
    return out


def _duplicate(cit: Citation, cid: str) -> Citation:
    line = cit.provenance.line or 0
    name = cit.provenance.file or ""
    return Citation(id=f"{cid}@{line}", raw=cit.raw, parse_confidence=0.0,
                    provenance=Provenance(file=name, line=line, index=cit.provenance.index,
                                          format="jsonl"),
                    error=f"{name}:{line}: duplicate id {cid!r}")


def partition_to_dict(part: Partition) -> dict[str, Any]:
    return {"pid": part.pid, "kind": part.kind, "path": part.path, "count": part.count,
            "docs": len(part.docs)}
