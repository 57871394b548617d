"""Output formats: one class per format (see `citecheck.report.base`), all rendering the same
list of `Verdict`s, chosen by name from the registry."""

from __future__ import annotations

from citecheck.report.base import FORMATS, ReportFormat, StreamingFormat, format_names, get_format

__all__ = ["FORMATS", "ReportFormat", "StreamingFormat", "format_names", "get_format"]
