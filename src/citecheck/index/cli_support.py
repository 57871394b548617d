"""Human-readable summaries of index builds for the CLI."""

from __future__ import annotations

from citecheck.index.build import BuildStats


def format_build_stats(stats: BuildStats, *, max_reasons: int = 10) -> str:
    """A few lines: the counts, then the first reasons entries were skipped."""
    lines = [
        f"read {stats.read:,}, stored {stats.stored:,}, updated {stats.updated:,}, "
        f"duplicates {stats.duplicates:,}, skipped {stats.skipped:,}; "
        f"{stats.records:,} records in the index ({stats.seconds:.1f} s)"
    ]
    if stats.errors:
        lines.append(f"skipped entries (first {min(max_reasons, len(stats.errors))}):")
        lines.extend(f"  {reason}" for reason in stats.errors[:max_reasons])
        if stats.skipped > max_reasons:
            lines.append(f"  ... and {stats.skipped - max_reasons:,} more")
    return "\n".join(lines)
