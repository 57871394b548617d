"""The terminal table (Rich): a colour per label, a short reading of each citation (first author,
year, title or journal/volume/page; not its raw source), the matched record and what differs.
Every text that comes from an input, a source or a model goes through `safe.terminal_text`."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from citecheck.model import DocumentFinding, Label, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.claims import (
    claim_where,
    claims_line,
    entry_places,
    finding_where,
    unsupported,
)
from citecheck.report.describe import citation_short, discrepancy_text, record_short
from citecheck.report.safe import terminal_text
from citecheck.report.summary import label_counts, paper_lines, source_coverage
from citecheck.retraction import describe

STYLES = {
    Label.EXACT: "bold green",
    Label.MINOR: "bold yellow",
    Label.MAJOR: "bold red",
    Label.UNVERIFIED: "bold blue",
    Label.ERROR: "bold magenta",
}


def _short_where(verdict: Verdict) -> str:
    """'references.bib:12 smith2020': the file's name and line, then the key or id."""
    prov = verdict.citation.provenance
    loc = PurePath(prov.file).name if prov.file else ""
    if loc and prov.line:
        loc += f":{prov.line}"
    return terminal_text(f"{loc} {prov.key or verdict.citation.id}".strip())


def build_table(verdicts: Sequence[Verdict]) -> Table:
    table = Table(show_lines=True, expand=True)
    # label and score must never be cut: fixed minimum widths, the text columns share the rest
    table.add_column("#", justify="right", no_wrap=True, min_width=2)
    table.add_column("label", no_wrap=True, min_width=10)
    table.add_column("score", justify="right", no_wrap=True, min_width=5)
    table.add_column("citation", ratio=12)
    table.add_column("found / why", ratio=14)
    for v in verdicts:
        cited = Text(terminal_text(citation_short(v.citation)))
        cited.append(f"\n{_short_where(v)}", style="dim")
        why = Text()
        if v.match is not None:
            why.append(terminal_text(record_short(v.match)), style="cyan")
            why.append(terminal_text(f"  [{v.match_source}, by {v.matched_by}]\n"), style="dim")
        if v.retracted:
            why.append(terminal_text(describe(v.retracted)) + "\n", style="bold red")
        for d in v.discrepancies:
            why.append("• " + terminal_text(discrepancy_text(d)) + "\n",
                       style="yellow" if d.severity == "minor" else "red")
        why.append(terminal_text(v.rationale), style="italic")
        score = "" if v.score is None else f"{v.score:.1f}"
        table.add_row(str(v.citation.provenance.index + 1), Text(v.label.value, style=STYLES[v.label]),
                      score, cited, why)
    return table


def render_claims(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding], console: Console) -> None:
    """--claims, below the table: each finding, each sentence the cited work does not support, and
    the citing sentences counted by label."""
    entries = entry_places(verdicts)
    for f in findings:
        line = Text(f"{f.kind} ", style="bold yellow" if f.kind != "uncited-entry" else "bold blue")
        line.append(terminal_text(f"{finding_where(f, entries)} {f.marker or f.citation_id or ''}".strip()), style="dim")
        line.append(" " + terminal_text(f.message))
        console.print(line)
    for verdict, claim in unsupported(verdicts):
        line = Text(f"{claim.label} ", style="bold red")
        line.append(terminal_text(f"{claim_where(claim)} {claim.marker} → {verdict.citation.id}"), style="dim")
        line.append(" " + terminal_text(claim.sentence))
        if claim.quote:
            line.append(terminal_text(f'  abstract: "{claim.quote}"'), style="italic")
        console.print(line)
    console.print(Text(f"{len(findings)} document finding(s); " + terminal_text(claims_line(verdicts))))


def render_table(verdicts: Sequence[Verdict], console: Console,
                 papers: Sequence[dict[str, Any]] = (),
                 findings: Sequence[DocumentFinding] | None = None) -> None:
    for paper in paper_lines(papers):
        console.print(Text(terminal_text(f"paper: {paper}")))
    console.print(build_table(verdicts))
    counts = label_counts(verdicts)
    line = Text(f"{len(verdicts)} citation(s): ")
    first = True
    for label in Label:
        if counts[label.value]:
            if not first:
                line.append(", ")
            line.append(f"{counts[label.value]} {label.value}", style=STYLES[label])
            first = False
    console.print(line)
    coverage = source_coverage(verdicts)
    if coverage:
        console.print(
            terminal_text("sources: " + "; ".join(
                f"{name} skipped {row['skipped']}" if not row["asked"] else
                f"{name} asked {row['asked']}, answered {row['answered']}, failed {row['failed']}"
                + (f", skipped {row['skipped']}" if row["skipped"] else "")
                for name, row in coverage.items()
            )),
            style="dim", markup=False,
        )
    if findings is not None:
        render_claims(verdicts, findings, console)


class TableFormat(ReportFormat):
    """The Rich table: sized to the terminal on standard output, 160 columns in a file."""

    name = "table"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        buf = io.StringIO()
        render_table(verdicts, Console(file=buf, width=160, force_terminal=False), self.papers, self.findings)
        return buf.getvalue()

    def write(self, verdicts: Sequence[Verdict], out: TextIO | None = None,
              seconds: float | None = None) -> None:
        if out is None:
            render_table(verdicts, Console(), self.papers, self.findings)
        else:
            render_table(verdicts, Console(file=out, width=160, force_terminal=False), self.papers, self.findings)
