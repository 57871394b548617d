"""JSON (one document) and JSONL (one verdict per line, streamed) output.

With ``--claims`` each verdict carries its ``claims`` (`Verdict.to_json`); the JSON document adds
``summary.claims`` (citing sentences per support label) and a top-level ``findings`` list, and
JSONL writes each finding as a line of its own, ``{"schema_version": …, "finding": {…}}``, after
the verdicts. Without it the output is what it always was."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from citecheck import __version__
from citecheck.model import OUTPUT_SCHEMA_VERSION, DocumentFinding, Verdict
from citecheck.report.base import ReportFormat, StreamingFormat
from citecheck.report.claims import claim_counts
from citecheck.report.summary import summary


def verdict_line(verdict: Verdict) -> str:
    return json.dumps({"schema_version": OUTPUT_SCHEMA_VERSION, **verdict.to_json()}, ensure_ascii=False)


def finding_json(finding: DocumentFinding) -> dict[str, Any]:
    """A document finding as written in JSON and JSONL (docs/output-format.md)."""
    return finding.model_dump(exclude_none=True)


def finding_line(finding: DocumentFinding) -> str:
    return json.dumps({"schema_version": OUTPUT_SCHEMA_VERSION, "finding": finding_json(finding)},
                      ensure_ascii=False)


def render_json(verdicts: Sequence[Verdict], seconds: float | None = None,
                papers: Sequence[dict[str, Any]] = (),
                findings: Sequence[DocumentFinding] | None = None) -> str:
    """The JSON document; ``findings`` (None: --claims not asked) adds the claims' parts."""
    report = summary(verdicts, seconds)
    if findings is not None:
        report["claims"] = {label.replace(" ", "_"): n for label, n in claim_counts(verdicts).items()}
    doc: dict[str, Any] = {
        "schema_version": OUTPUT_SCHEMA_VERSION,
        "tool": {"name": "citecheck", "version": __version__},
        **({"papers": list(papers)} if papers else {}),
        "summary": report,
        **({"findings": [finding_json(f) for f in findings]} if findings is not None else {}),
        "verdicts": [v.to_json() for v in verdicts],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def render_jsonl(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding] = ()) -> str:
    """A verdict a line, then a finding a line."""
    return "".join(verdict_line(v) + "\n" for v in verdicts) + "".join(finding_line(f) + "\n" for f in findings)


class JsonFormat(ReportFormat):
    """One versioned JSON document (docs/output-format.md)."""

    name = "json"
    media_type = "application/json"
    suffix = ".json"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_json(verdicts, seconds, self.papers, self.findings)


class JsonLinesFormat(StreamingFormat):
    """One JSON object per verdict and line, streamed as verdicts are decided."""

    name = "jsonl"
    media_type = "application/x-ndjson"
    suffix = ".jsonl"

    def line(self, verdict: Verdict) -> str:
        return verdict_line(verdict)

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_jsonl(verdicts, self.findings or ())
