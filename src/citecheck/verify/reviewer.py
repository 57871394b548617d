"""The reviewer pass: an identifier that resolves to a work the text does not describe.

A real DOI or arXiv id dressed in fabricated metadata is the most convincing hallucination:
the link works. Verification spots it (`verify.compare.identity_mismatch`), the decision
applies the rule (`decide.identifier_conflict`), and the verdict is worded here.
"""

from __future__ import annotations

from citecheck.model import Record


def review_rationale(identifier_kind: str, identifier: str, found: Record) -> str:
    """"DOI 10.x/y belongs to 'Other Title' (Smith et al. 2007), not to the cited work; …"."""
    if identifier_kind == "arxiv":
        shown = f"arXiv:{identifier.removeprefix('arXiv:').removeprefix('arxiv:')}"
    else:
        shown = f"DOI {identifier}"
    who = found.authors_short()
    year = f" {found.year}" if found.year else ""
    by = f" ({who}{year})" if who or year else ""
    title = (found.title or "").strip() or found.id or "another record"
    return (
        f"{shown} belongs to '{title}'{by}, not to the cited work; "
        "no real work matching the cited title and authors was found."
    )
