"""The one interface every report format implements, and the registry that picks one by name.

Two kinds of format (like pip-audit's ``_format/``):

* a *document* format (`ReportFormat`) needs every verdict before it can write anything
  (a table sized to its rows, a JSON document with a summary, an HTML page);
* a *streaming* format (`StreamingFormat`) writes one self-contained line per verdict as soon as
  it is decided (JSON Lines), so a caller can flush each line and a killed run keeps what it had.

Callers ask `get_format(name)` and branch only on ``.streaming``; adding a format is one class
plus one line in `FORMATS`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

if TYPE_CHECKING:
    from citecheck.model import DocumentFinding, Verdict

__all__ = ["FORMATS", "ReportFormat", "StreamingFormat", "format_names", "get_format"]


class ReportFormat:
    """A whole-document format: `render` turns the finished list of verdicts into text."""

    name: ClassVar[str] = ""
    streaming: ClassVar[bool] = False
    media_type: ClassVar[str] = "text/plain; charset=utf-8"
    suffix: ClassVar[str] = ".txt"
    #: the remote papers the citations were read from (`citecheck.remote.paper.Paper.header`:
    #: id, route, title, authors), set by the caller before writing; formats with a header show them
    papers: tuple[dict[str, Any], ...] = ()
    #: --claims: the documents' findings (`model.DocumentFinding`: markers without an entry,
    #: entries never cited, ambiguous markers), set by the caller (an empty tuple: none found);
    #: None: --claims was not asked, and every format writes what it wrote without it
    findings: tuple[DocumentFinding, ...] | None = None

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        raise NotImplementedError

    def write(self, verdicts: Sequence[Verdict], out: TextIO | None = None,
              seconds: float | None = None) -> None:
        """Write the report to ``out`` (None: standard output)."""
        (out or sys.stdout).write(self.render(verdicts, seconds))


class StreamingFormat(ReportFormat):
    """One line per verdict, written as each verdict is decided; `render` is their concatenation."""

    streaming: ClassVar[bool] = True

    def line(self, verdict: Verdict) -> str:
        """One verdict as a single line, without the newline."""
        raise NotImplementedError

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return "".join(self.line(v) + "\n" for v in verdicts)


#: format name → "module:Class"; modules are imported only when their format is asked for
FORMATS: dict[str, str] = {
    "table": "citecheck.report.table:TableFormat",
    "json": "citecheck.report.jsonout:JsonFormat",
    "jsonl": "citecheck.report.jsonout:JsonLinesFormat",
    "csv": "citecheck.report.csvout:CsvFormat",
    "markdown": "citecheck.report.markdown:MarkdownFormat",
    "html": "citecheck.report.html:HtmlFormat",
    "sarif": "citecheck.report.sarif:SarifFormat",
}


def format_names() -> list[str]:
    return list(FORMATS)


def get_format(name: str) -> ReportFormat:
    """The format called ``name``; `ValueError` naming the known ones otherwise."""
    spec = FORMATS.get(str(name))
    if spec is None:
        raise ValueError(f"unknown report format {name!r} (known: {', '.join(FORMATS)})")
    module, cls = spec.split(":")
    instance: ReportFormat = getattr(importlib.import_module(module), cls)()
    return instance
