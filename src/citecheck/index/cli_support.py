"""Human-readable summaries of index builds for the CLI."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from citecheck.index.stats import BuildStats


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


def build_with_progress(db: Path, files: list[Path], fmt: str, *, show: bool,
                        covers: Sequence[str] | None = None, jobs: int = 1, abstracts: bool = True) -> BuildStats:
    """``index build`` for one dump format, with a records/s progress line when ``show``."""
    from citecheck.index.build import build_index
    from citecheck.index.dumps import make_reader

    reader = make_reader(fmt)
    if not show:
        return build_index(db, files, reader=reader, covers=covers, jobs=jobs, abstracts=abstracts)
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    started = time.perf_counter()
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"reading {fmt}", total=None)

        def progress(read: int) -> None:
            rate = read / max(time.perf_counter() - started, 1e-9)
            bar.update(task, description=f"{fmt}: {read:,} records, {rate:,.0f} records/s")

        return build_index(db, files, reader=reader, progress=progress, covers=covers,
                           jobs=jobs, abstracts=abstracts)


def suggested_covers_line(db: Path, fmt: str) -> str | None:
    """What the dump just read suggests for ``--covers`` (stored in the index's meta)."""
    import json
    import sqlite3

    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'suggested_covers'").fetchone()
    if not row:
        return None
    scopes = json.loads(row[0]).get(fmt) or []
    if not scopes:
        return None
    shown = ", ".join(scopes[:5]) + (f", … ({len(scopes):,} scopes)" if len(scopes) > 5 else "")
    return f"this dump, if complete, covers: {shown}"
