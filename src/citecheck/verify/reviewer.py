"""The reviewer pass: an identifier that resolves to a work the text does not describe.

A real DOI or arXiv id dressed in fabricated metadata is the most convincing hallucination:
the link works. The orchestrator spots it with `verify.compare.identity_mismatch`, searches
again by title and authors, and — when no real work matches the text — words the verdict here.
"""

from __future__ import annotations

from citecheck.model import Assessment, Record
from citecheck.verify.compare import IDENTITY_TITLE


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


def needs_review(citation: Record, candidate_matched_by: str, assessment: Assessment) -> bool:
    """An identifier resolved, but the citation's title/authors describe another work.

    Only identifier matches qualify: a candidate found by title search that disagrees is simply
    a poor candidate, whereas a resolved DOI/arXiv id that disagrees means the identifier was
    either mistyped or borrowed — the orchestrator must search again by the text to tell which.
    """
    if candidate_matched_by not in ("doi", "arxiv"):
        return False
    if any(d.severity == "major" and d.field in ("title", "author") for d in assessment.discrepancies):
        return True
    title_sim = assessment.field_scores.get("title_similarity")
    author_match = assessment.field_scores.get("author_match")
    if title_sim is not None and title_sim < IDENTITY_TITLE:
        return True
    return bool(
        title_sim is None and author_match is not None and author_match == 0.0 and citation.author
    )
