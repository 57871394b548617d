"""Output formats: one module per format, all rendering the same list of `Verdict`s."""

from __future__ import annotations

FORMATS = ("table", "json", "jsonl", "csv", "markdown")
