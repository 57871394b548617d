"""The reviewer pass: an identifier that resolves to a work the text does not describe.

A real DOI or arXiv id dressed in fabricated metadata is the most convincing hallucination:
the link works. The orchestrator spots it with `verify.compare.identity_mismatch`, searches
again by title and authors, and — when no real work matches the text — words the verdict here.
"""

from __future__ import annotations

from citecheck.model import Record
from citecheck.report.describe import authors_short


def review_rationale(identifier_kind: str, identifier: str, found: Record) -> str:
    label = "DOI" if identifier_kind == "doi" else "arXiv id"
    shown = f"arXiv:{identifier}" if identifier_kind == "arxiv" else identifier
    who = authors_short(found)
    year = f" {found.year}" if found.year else ""
    by = f" ({who}{year})" if who or year else ""
    return (
        f"{label} {shown} belongs to '{found.title or found.id}'{by}, not to the cited work; "
        "no real work matching the cited title and authors was found."
    )
