"""BibTeX files as CSL-JSON items for the index.

Field mapping is the extractor's (``citecheck.extract.bibtex.record_from_bibtex_fields``): one
BibTeX mapping and one name splitter for the checker and the index. Entries bibtexparser cannot
parse, or the mapping rejects, come back as errors naming their line, never dropped silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from citecheck.extract.bibtex import record_from_bibtex_fields


def csl_from_entry(entry_type: str, key: str, fields: dict[str, str]) -> dict[str, Any]:
    """The CSL item for one BibTeX entry (its key kept as ``custom.source_key``)."""
    record = record_from_bibtex_fields(entry_type, fields)
    csl: dict[str, Any] = record.to_csl()
    csl["id"] = csl.get("id") or key
    custom = csl.setdefault("custom", {})
    custom.setdefault("source_key", key)
    return csl


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
            yield line, csl_from_entry(block.entry_type, block.key, fields), None
        except Exception as exc:  # one odd entry must not sink the file
            yield line, None, f"entry {block.key!r}: {exc}"
