"""JSON (one document) and JSONL (one verdict per line, streamed) output."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from citecheck import __version__
from citecheck.model import OUTPUT_SCHEMA_VERSION, Verdict
from citecheck.report.base import ReportFormat, StreamingFormat
from citecheck.report.summary import summary


def verdict_line(verdict: Verdict) -> str:
    return json.dumps({"schema_version": OUTPUT_SCHEMA_VERSION, **verdict.to_json()}, ensure_ascii=False)


def render_json(verdicts: Sequence[Verdict], seconds: float | None = None,
                papers: Sequence[dict[str, Any]] = ()) -> str:
    doc: dict[str, Any] = {
        "schema_version": OUTPUT_SCHEMA_VERSION,
        "tool": {"name": "citecheck", "version": __version__},
        **({"papers": list(papers)} if papers else {}),
        "summary": summary(verdicts, seconds),
        "verdicts": [v.to_json() for v in verdicts],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def render_jsonl(verdicts: Sequence[Verdict]) -> str:
    return "".join(verdict_line(v) + "\n" for v in verdicts)


class JsonFormat(ReportFormat):
    """One versioned JSON document (docs/output-format.md)."""

    name = "json"
    media_type = "application/json"
    suffix = ".json"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_json(verdicts, seconds, self.papers)


class JsonLinesFormat(StreamingFormat):
    """One JSON object per verdict and line, streamed as verdicts are decided."""

    name = "jsonl"
    media_type = "application/x-ndjson"
    suffix = ".jsonl"

    def line(self, verdict: Verdict) -> str:
        return verdict_line(verdict)
