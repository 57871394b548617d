"""Run-level numbers every format shows: counts per label and per-source coverage."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from citecheck.model import Label, Verdict


def label_counts(verdicts: Sequence[Verdict]) -> dict[str, int]:
    counts = Counter(v.label.value for v in verdicts)
    return {label.value: counts.get(label.value, 0) for label in Label}


def source_coverage(verdicts: Sequence[Verdict]) -> dict[str, dict[str, int]]:
    """Per source: citations it was asked about (answered + failed), and those it was not
    asked about because it was left out (offline: not in the cache; no key; ...)."""
    table: dict[str, Counter[str]] = {}
    for verdict in verdicts:
        for status in verdict.sources:
            row = table.setdefault(status.source, Counter())
            row[status.status] += 1
    return {
        name: {"asked": row["answered"] + row["failed"], "answered": row["answered"],
               "failed": row["failed"], "skipped": row["skipped"]}
        for name, row in sorted(table.items())
    }


def summary(verdicts: Sequence[Verdict], seconds: float | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "citations": len(verdicts),
        "labels": label_counts(verdicts),
        "sources": source_coverage(verdicts),
    }
    if seconds is not None:
        data["seconds"] = round(seconds, 3)
    return data


def summary_line(verdicts: Sequence[Verdict]) -> str:
    counts = label_counts(verdicts)
    parts = [f"{n} {label}" for label, n in counts.items() if n]
    return f"{len(verdicts)} citation(s): " + (", ".join(parts) if parts else "none")


def paper_lines(papers: Sequence[dict[str, Any]]) -> list[str]:
    """One line per remote paper the citations came from: id, title, authors, year, route."""
    lines = []
    for paper in papers:
        authors = [str(a) for a in paper.get("authors") or []]
        who = ", ".join(authors[:5]) + (" et al." if len(authors) > 5 else "")
        parts = [str(paper.get("paper", "")), str(paper.get("title") or "(title unknown)")]
        if who:
            parts.append(who + (f" ({paper['year']})" if paper.get("year") else ""))
        lines.append(" — ".join(parts) + f"; {paper.get('route', '')}")
    return lines
