"""``citecheck batch``: the command line of the Ray batch runner (mounted by citecheck.cli)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from citecheck.console import stderr_console as err


def batch_command(
    inputs: Annotated[list[Path], typer.Argument(
        help="JSONL/Parquet files of citations, folders of documents, files of arXiv ids or DOIs "
             "(one a line), or arxiv-listing:CATEGORY/YYYY-MM[-DD] (one paper per partition).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Output folder (resumed when it holds this batch).")],
    offline: Annotated[bool, typer.Option("--offline", help="Use only the local index and the cache.")] = False,
    index: Annotated[
        Path | None,
        typer.Option("--index", envvar="CITECHECK_INDEX", help="Local index, at this path on every node."),
    ] = None,
    address: Annotated[
        str | None, typer.Option("--address", help="An existing Ray cluster (default: start a local one).")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-j", min=0, help="Local workers (0: one per core).")] = 0,
    partition_size: Annotated[int, typer.Option("--partition-size", min=1, help="Citations per partition.")] = 500,
    sources: Annotated[str | None, typer.Option("--sources", help="Comma-separated live sources.")] = None,
    thresholds: Annotated[Path | None, typer.Option("--thresholds", help="Thresholds JSON.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the response cache.")] = False,
    out_format: Annotated[str, typer.Option("--format", help="Part files: jsonl or parquet (needs pyarrow).")] = "jsonl",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Check many citations on a Ray cluster: partitioned output, resumable after a kill."""
    from citecheck.batch import EXTRA_HINT
    from citecheck.batch.run import BatchError, run_batch
    from citecheck.batch.worker import BatchSpec
    from citecheck.errors import CitecheckError
    from citecheck.index.default import default_index_path

    if out_format not in ("jsonl", "parquet"):
        err().print(f"[bold red]error:[/] --format must be jsonl or parquet, not {out_format!r}")
        raise typer.Exit(2)
    spec = BatchSpec(
        index=str((index or default_index_path()).resolve()), offline=offline,
        sources=tuple(s.strip() for s in sources.split(",") if s.strip()) if sources else None,
        thresholds=str(thresholds.resolve()) if thresholds else None, use_cache=not no_cache,
    )
    n = workers or len(os.sched_getaffinity(0))
    show = not quiet and err().is_terminal
    try:
        if show:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            with Progress("batch", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                          console=err(), transient=True) as bar:
                task = bar.add_task("batch", total=None)
                result = run_batch(inputs, output, spec, workers=n, address=address,
                                   partition_size=partition_size, fmt=out_format,
                                   progress=lambda d, t: bar.update(task, completed=d, total=t))
        else:
            result = run_batch(inputs, output, spec, workers=n, address=address,
                               partition_size=partition_size, fmt=out_format)
    except ImportError as exc:
        err().print(f"[bold red]error:[/] {exc if 'pyarrow' in str(exc) else EXTRA_HINT}")
        raise typer.Exit(2) from exc
    except (BatchError, FileNotFoundError, OSError, ValueError, CitecheckError) as exc:  # a folder in use among them
        from rich.markup import escape

        err().print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from exc
    labels = ", ".join(f"{k} {v:,}" for k, v in sorted(result.labels.items()))
    typer.echo(f"{output}: {result.partitions} partitions ({result.skipped} already done), "
               f"{result.citations:,} citations checked in {result.seconds:.1f} s; {labels}")
