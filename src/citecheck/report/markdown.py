"""A Markdown report a person can read and act on (paste into an issue or a review).

Text from inputs, sources and models is written through `safe.markdown_text` (or `markdown_code`):
it stays one line of literal text, never raw HTML, a link, a heading or a table cell of its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from citecheck.model import ClaimCheck, DocumentFinding, Label, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.claims import (
    claim_label,
    claim_where,
    claims_line,
    entry_places,
    finding_where,
)
from citecheck.report.describe import discrepancy_text, record_short, where
from citecheck.report.safe import markdown_code, markdown_text
from citecheck.report.summary import label_counts, paper_lines, source_coverage
from citecheck.retraction import describe

_ORDER = [Label.MAJOR, Label.MINOR, Label.UNVERIFIED, Label.ERROR, Label.EXACT]


def _claim_lines(claim: ClaimCheck) -> list[str]:
    """One citing sentence: its label, place and marker, the sentence, then the abstract's quote."""
    where = " ".join(p for p in (markdown_text(claim_where(claim)), markdown_code(claim.marker)) if p)
    lines = [f"  - **{markdown_text(claim_label(claim))}** {where}: {markdown_text(claim.sentence)}"]
    if claim.quote:
        source = f" ({markdown_text(claim.abstract_source)})" if claim.abstract_source else ""
        lines.append(f"    - abstract{source}: {markdown_text(claim.quote)}")
    why = claim.rationale + (f" ({claim.model})" if claim.model else "")
    if why:
        lines.append(f"    - why: {markdown_text(why)}")
    return lines


def _citing_lines(verdict: Verdict) -> list[str]:
    """--claims: the sentences of the document that cite this entry (none: never cited)."""
    if verdict.claims is None:
        return []
    if not verdict.claims:
        return ["- citing sentences: none (the text never cites this entry)"]
    return ["- citing sentences:"] + [line for c in verdict.claims for line in _claim_lines(c)]


def _findings_lines(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding] | None) -> list[str]:
    """--claims: a count of the citing sentences by label and the documents' findings."""
    if findings is None:
        return []
    lines = [f"{markdown_text(claims_line(verdicts))}", "", f"## Document findings ({len(findings)})", ""]
    if not findings:
        lines.append("None: every marker has an entry, and every entry is cited.")
    entries = entry_places(verdicts)
    for f in findings:
        place = " ".join(p for p in (markdown_text(finding_where(f, entries)),
                                     markdown_code(f.marker) if f.marker else "",
                                     markdown_code(f.citation_id) if f.citation_id else "") if p)
        lines.append(f"- **{markdown_text(f.kind)}** {place}: {markdown_text(f.message)}")
    return [*lines, ""]


def render_markdown(verdicts: Sequence[Verdict], papers: Sequence[dict[str, Any]] = (),
                    findings: Sequence[DocumentFinding] | None = None) -> str:
    counts = label_counts(verdicts)
    lines = ["# citecheck report", ""]
    if papers:
        lines += [f"- paper: {markdown_text(line)}" for line in paper_lines(papers)] + [""]
    lines.append("| label | count |")
    lines.append("|---|---:|")
    lines += [f"| {label} | {n} |" for label, n in counts.items()]
    lines.append("")
    lines += _findings_lines(verdicts, findings)
    for label in _ORDER:
        group = [v for v in verdicts if v.label is label]
        if not group:
            continue
        lines += [f"## {label.value} ({len(group)})", ""]
        for v in group:
            score = "" if v.score is None else f" — score {v.score:.1f}"
            lines.append(f"### {markdown_code(v.citation.id)}{score}")
            lines.append("")
            lines.append(f"> {markdown_text(v.citation.raw.strip()[:500])}")
            lines.append("")
            loc = where(v)
            if loc:
                lines.append(f"- where: {markdown_text(loc)}")
            if v.match is not None:
                found = f"{record_short(v.match)} ({v.match_source}, by {v.matched_by})"
                lines.append(f"- found: {markdown_text(found)}")
            if v.retracted:
                lines.append(f"- **{markdown_text(describe(v.retracted))}**")
            lines += [f"- {markdown_text(discrepancy_text(d))}" for d in v.discrepancies]
            lines.append(f"- why: {markdown_text(v.rationale)}")
            lines += _citing_lines(v)
            lines.append("")
    coverage = source_coverage(verdicts)
    if coverage:
        lines += ["## Sources", "", "| source | asked | answered | failed | skipped |",
                  "|---|---:|---:|---:|---:|"]
        lines += [f"| {markdown_text(n)} | {r['asked']} | {r['answered']} | {r['failed']} | {r['skipped']} |"
                  for n, r in coverage.items()]
    return "\n".join(lines) + "\n"


class MarkdownFormat(ReportFormat):
    name = "markdown"
    media_type = "text/markdown; charset=utf-8"
    suffix = ".md"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_markdown(verdicts, self.papers, self.findings)
