"""What every format shows of a ``--claims`` run: counts of the citing sentences by support label,
where a sentence or a finding is, and the findings in document order.

A run without ``--claims`` has ``ReportFormat.findings`` None and every verdict's ``claims`` None;
the formats then write exactly what they wrote before (`ran`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import PurePath
from typing import get_args

from citecheck.model import ClaimCheck, DocumentFinding, SupportLabel, Verdict

__all__ = ["LABELS", "NOT_JUDGED", "UNSUPPORTED", "claim_counts", "claim_label", "claim_where",
           "claims_line", "entry_places", "finding_where", "label_summary", "ran", "unsupported"]

#: the support labels, in the order reports list them, then sentences that were not judged
LABELS: tuple[str, ...] = get_args(SupportLabel)
NOT_JUDGED = "not judged"
#: the labels `--fail-on unsupported` fails on, and SARIF reports
UNSUPPORTED = ("CONTRADICTED", "UNRELATED")


def ran(findings: Sequence[DocumentFinding] | None) -> bool:
    """Whether ``--claims`` ran (the caller set the findings, an empty tuple included)."""
    return findings is not None


def claim_label(claim: ClaimCheck) -> str:
    return claim.label or NOT_JUDGED


def claim_counts(verdicts: Sequence[Verdict]) -> dict[str, int]:
    """Citing sentences per support label (every label, zeros included), then not judged."""
    counts = Counter(claim_label(c) for v in verdicts for c in v.claims or [])
    return {label: counts.get(label, 0) for label in (*LABELS, NOT_JUDGED)}


def claims_line(verdicts: Sequence[Verdict]) -> str:
    """'7 citing sentence(s): 5 SUPPORTED, 1 UNRELATED, 1 not judged'."""
    counts = claim_counts(verdicts)
    parts = [f"{n} {label}" for label, n in counts.items() if n]
    return f"{sum(counts.values())} citing sentence(s): " + (", ".join(parts) if parts else "none")


def label_summary(claims: Sequence[ClaimCheck] | None) -> str:
    """One entry's sentences by label: 'SUPPORTED×2; UNRELATED×1'; 'not cited' for none; ''
    when claims were not asked."""
    if claims is None:
        return ""
    if not claims:
        return "not cited"
    counts = Counter(claim_label(c) for c in claims)
    return "; ".join(f"{label}×{counts[label]}" for label in (*LABELS, NOT_JUDGED) if counts[label])


def _place(file: str | None, line: int | None, page: int | None) -> str:
    loc = PurePath(file).name if file else ""
    if line:
        loc += f":{line}"
    elif page:
        loc += f" p. {page}"
    return loc.strip()


def claim_where(claim: ClaimCheck) -> str:
    """'report.md:3' (or 'paper.pdf p. 4'): where the citing sentence's marker is."""
    return _place(claim.file, claim.line, claim.page)


def entry_places(verdicts: Sequence[Verdict]) -> dict[str, tuple[str | None, int | None]]:
    """Citation id → (file, line) of its entry: where an uncited entry's finding points."""
    return {v.citation.id: (v.citation.provenance.file, v.citation.provenance.line) for v in verdicts}


def finding_where(finding: DocumentFinding,
                  entries: dict[str, tuple[str | None, int | None]] | None = None) -> str:
    """Where a finding is: its marker's place, or (an uncited entry) its entry's."""
    if finding.file is None and finding.citation_id and entries and finding.citation_id in entries:
        file, line = entries[finding.citation_id]
        return _place(file, line, None)
    return _place(finding.file, finding.line, finding.page)


def unsupported(verdicts: Sequence[Verdict]) -> list[tuple[Verdict, ClaimCheck]]:
    """Every citing sentence judged CONTRADICTED or UNRELATED, with its entry's verdict."""
    return [(v, c) for v in verdicts for c in v.claims or [] if c.label in UNSUPPORTED]
