"""BibTeX files as CSL-JSON items for the index.

Field mapping is the extractor's job (``citecheck.extract.bibtex.record_from_bibtex_fields``);
this module uses it when present and otherwise falls back to a small built-in mapping, so the
index can ingest .bib files whichever lands first. Entries bibtexparser cannot parse come back
as errors naming their line, never dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from citecheck.normalize import normalize_arxiv, normalize_doi

_SPACES_RE = re.compile(r"\s+")

_TYPES = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "incollection": "chapter",
    "inbook": "chapter",
    "book": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "unpublished": "manuscript",
    "misc": "document",
    "online": "webpage",
    "booklet": "pamphlet",
    "proceedings": "book",
}


def _delatex(text: str) -> str:
    text = _SPACES_RE.sub(" ", text).strip()
    if "\\" not in text and "{" not in text and "~" not in text:
        return text
    from pylatexenc.latex2text import LatexNodes2Text

    try:
        decoded = LatexNodes2Text(math_mode="text").latex_to_text(text)
    except Exception:  # malformed LaTeX: keep the raw text rather than lose the field
        decoded = text.replace("{", "").replace("}", "")
    return _SPACES_RE.sub(" ", decoded).strip()


def _names(value: str) -> tuple[list[dict[str, str]], bool]:
    from bibtexparser.middlewares.names import (
        parse_single_name_into_parts,
        split_multiple_persons_names,
    )

    names: list[dict[str, str]] = []
    truncated = False
    for raw in split_multiple_persons_names(value):
        raw = raw.strip()
        if raw.lower() in {"others", "et al.", "et al"}:
            truncated = True
            continue
        if raw.startswith("{") and raw.endswith("}") and raw.count("{") == 1:
            names.append({"literal": _delatex(raw[1:-1])})
            continue
        try:
            parts = parse_single_name_into_parts(raw, strict=False)
        except Exception:
            names.append({"literal": _delatex(raw)})
            continue
        family = _delatex(" ".join(parts.von + parts.last))
        given = _delatex(" ".join(parts.first))
        name: dict[str, str] = {"family": family} if family else {"literal": _delatex(raw)}
        if given and family:
            name["given"] = given
        if parts.jr:
            name["suffix"] = _delatex(" ".join(parts.jr))
        names.append(name)
    return names, truncated


def fallback_csl_from_bibtex(entry_type: str, key: str, fields: dict[str, str]) -> dict[str, Any]:
    """A minimal BibTeX → CSL mapping (used until the extractor's mapping is available)."""
    f = {k.lower(): str(v) for k, v in fields.items()}
    etype = entry_type.lower()
    csl: dict[str, Any] = {"id": key, "type": _TYPES.get(etype, "document")}
    custom: dict[str, Any] = {"source_key": key}
    if f.get("title"):
        csl["title"] = _delatex(f["title"])
    for role in ("author", "editor"):
        if f.get(role):
            names, truncated = _names(f[role])
            if names:
                csl[role] = names
            if truncated and role == "author":
                custom["authors_truncated"] = True
    year = re.search(r"\d{4}", f.get("year") or f.get("date") or "")
    if year:
        csl["issued"] = {"date-parts": [[int(year.group(0))]]}
    container = f.get("journal") or f.get("journaltitle") or f.get("booktitle")
    if container:
        csl["container-title"] = _delatex(container)
    for src, dst in (("volume", "volume"), ("number", "issue"), ("publisher", "publisher"),
                     ("isbn", "ISBN"), ("url", "URL")):
        if f.get(src):
            csl[dst] = _delatex(f[src]) if dst != "URL" else f[src].strip()
    if f.get("pages"):
        csl["page"] = re.sub(r"\s*-+\s*|–", "-", f["pages"].strip())
    doi = normalize_doi(f.get("doi"))
    if doi:
        csl["DOI"] = doi
    eprint = f.get("eprint") or ""
    prefix = (f.get("archiveprefix") or f.get("eprinttype") or "").lower()
    arxiv = normalize_arxiv(eprint) if (eprint and (prefix in {"", "arxiv"})) else None
    if not arxiv and f.get("journal", "").lower().startswith("arxiv"):
        arxiv = normalize_arxiv(f["journal"])
    if arxiv:
        custom["arxiv"] = arxiv
        if etype in {"misc", "online", "unpublished"} or (etype == "article" and not container):
            csl["type"] = "article"
    if f.get("primaryclass"):
        custom["categories"] = [f["primaryclass"].strip()]
    csl["custom"] = custom
    return csl


def _extractor_mapping() -> Callable[..., Any] | None:
    try:
        from citecheck.extract.bibtex import record_from_bibtex_fields
    except ImportError:
        return None
    return record_from_bibtex_fields


def _csl_from_entry(entry_type: str, key: str, fields: dict[str, str]) -> dict[str, Any]:
    mapping = _extractor_mapping()
    if mapping is not None:
        try:
            record = mapping(entry_type, fields)
        except Exception:  # the extractor's mapping choked on this entry: use the minimal one
            record = None
        if record is not None:
            csl: dict[str, Any] = record.to_csl()
            csl["id"] = csl.get("id") or key
            custom = csl.setdefault("custom", {})
            custom.setdefault("source_key", key)
            return csl
    return fallback_csl_from_bibtex(entry_type, key, fields)


def iter_bibtex(text: str, name: str) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """(1-based line, CSL item or None, error or None) for every entry in a BibTeX text."""
    import bibtexparser

    library = bibtexparser.parse_string(text)
    blocks: list[Any] = sorted(  # entries and failed blocks
        [*library.entries, *library.failed_blocks], key=lambda b: b.start_line or 0
    )
    failed = {id(b) for b in library.failed_blocks}
    for block in blocks:
        line = (block.start_line or 0) + 1
        if id(block) in failed:
            error = getattr(block, "error", None)
            head = str(getattr(block, "raw", "") or "").strip().splitlines()[:1]
            detail = str(error) or type(error).__name__ if error else "syntax error"
            yield line, None, f"unparseable BibTeX entry {head[0][:60] if head else ''!r}: {detail}"
            continue
        fields = {k: str(v.value) for k, v in block.fields_dict.items()}
        try:
            yield line, _csl_from_entry(block.entry_type, block.key, fields), None
        except Exception as exc:  # one odd entry must not sink the file
            yield line, None, f"entry {block.key!r}: {exc}"
