"""CSV: one row per citation, for spreadsheets.

Every text cell goes through `safe.csv_cell` (a leading ``'`` before ``= + - @``, TAB or CR, so a
spreadsheet never runs a cell as a formula); the numbers citecheck writes itself (score,
confidence, line) and the label are written as they are.

With ``--claims`` (only then) a last column, ``claims``, counts each entry's citing sentences by
support label (``SUPPORTED×2; UNRELATED×1``; ``not cited``). The documents' findings are not rows
of their own: a row is a citation, and a marker without an entry has none (JSON lists them)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from citecheck.model import DocumentFinding, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.claims import label_summary
from citecheck.report.safe import csv_cell
from citecheck.retraction import describe

COLUMNS = [
    "id", "label", "score", "confidence", "file", "line", "key", "citation",
    "match_title", "match_doi", "match_arxiv", "match_source", "matched_by",
    "discrepancies", "rationale", "retracted",
]


def _discrepancies(verdict: Verdict) -> str:
    return "; ".join(
        f"{d.field}: cited {d.cited!r}, found {d.found!r}" if d.cited or d.found else d.field
        for d in verdict.discrepancies
    )


def render_csv(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding] | None = None) -> str:
    """One row per citation; ``findings`` (None: --claims not asked) adds the ``claims`` column."""
    claims = findings is not None
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([*COLUMNS, "claims"] if claims else COLUMNS)
    for v in verdicts:
        prov = v.citation.provenance
        m = v.match
        text = [csv_cell(cell) for cell in (
            prov.file or "", prov.key or "", v.citation.raw,
            (m.title or "") if m else "", (m.DOI or "") if m else "", (m.arxiv or "") if m else "",
            v.match_source or "", v.matched_by or "", _discrepancies(v), v.rationale,
            describe(v.retracted) if v.retracted else "",
        )]
        writer.writerow([
            csv_cell(v.citation.id), v.label.value,
            "" if v.score is None else f"{v.score:.2f}", f"{v.confidence:.2f}",
            text[0], prov.line or "", *text[1:],
            *([csv_cell(label_summary(v.claims))] if claims else []),
        ])
    return buf.getvalue()


class CsvFormat(ReportFormat):
    name = "csv"
    media_type = "text/csv; charset=utf-8"
    suffix = ".csv"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_csv(verdicts, self.findings)
