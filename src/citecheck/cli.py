"""The `citecheck` command line (Typer)."""

from __future__ import annotations

import asyncio
import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from citecheck import __version__

app = typer.Typer(
    name="citecheck",
    help="Catch hallucinated citations: every reference is looked up and labelled "
    "EXACT, MINOR, MAJOR, UNVERIFIED or ERROR, with the evidence.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
index_app = typer.Typer(help="Build and inspect local offline indexes.", no_args_is_help=True)
app.add_typer(index_app, name="index")

err = Console(stderr=True)


class OutputFormat(StrEnum):
    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    markdown = "markdown"


class JudgeChoice(StrEnum):
    rules = "rules"
    llm = "llm"
    hybrid = "hybrid"


class FailOn(StrEnum):
    minor = "minor"
    major = "major"
    never = "never"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"citecheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    pass


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Files to check (.bib .bbl .tex .md .txt .jsonl .pdf .docx), or - for stdin."),
    ],
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.table,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report here instead of stdout.")] = None,
    index: Annotated[
        Path | None,
        typer.Option("--index", envvar="CITECHECK_INDEX", help="Local index (default: the embedded one)."),
    ] = None,
    offline: Annotated[bool, typer.Option("--offline", help="Use only the local index and the cache.")] = False,
    sources: Annotated[
        str | None,
        typer.Option("--sources", help="Comma-separated live sources (e.g. crossref,arxiv,inspire)."),
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the response cache.")] = False,
    fail_on: Annotated[
        FailOn, typer.Option("--fail-on", help="Exit 1 when a citation is at least this bad.")
    ] = FailOn.major,
    thresholds: Annotated[
        Path | None, typer.Option("--thresholds", help="Thresholds JSON (from `citecheck calibrate`).")
    ] = None,
    fix_bib: Annotated[
        Path | None,
        typer.Option("--fix-bib", help="Write corrected BibTeX for EXACT/MINOR citations to this file."),
    ] = None,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Citations checked at once.")] = 16,
    pages: Annotated[
        str | None, typer.Option("--pages", help="PDF pages to read, e.g. 5-7 or 12- (PDF inputs only).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=0,
                     help="Worker processes with --offline (0: one per core for large batches)."),
    ] = 0,
    llm: Annotated[
        str | None,
        typer.Option("--llm", help="A model to help the rules, PROVIDER:MODEL (openai:gpt-4.1-mini, "
                     "anthropic:claude-sonnet-4-6, ollama:qwen2.5:7b, openai-compatible:NAME with "
                     "CITECHECK_LLM_URL, local:PATH.gguf). See docs/llm.md."),
    ] = None,
    judge: Annotated[
        JudgeChoice,
        typer.Option("--judge", help="Who judges candidates: rules; llm (every candidate); hybrid "
                     "(the model only in the ambiguous band). The model is always bounded by the evidence."),
    ] = JudgeChoice.rules,
    llm_parse: Annotated[
        bool, typer.Option("--llm-parse/--no-llm-parse",
                           help="With --llm: the model re-reads entries the rules read badly.")
    ] = True,
    llm_thresholds: Annotated[
        Path | None, typer.Option("--llm-thresholds",
                                  help="The model's τ_E/τ_M (from `citecheck calibrate --judge llm`).")
    ] = None,
) -> None:
    """Check every citation in PATHS and report a verdict for each.

    Exit status: 0 clean, 1 a citation at or above --fail-on was found, 2 usage or input error.
    """
    from citecheck.checker import Checker, CheckOptions
    from citecheck.extract.cli import read_inputs
    from citecheck.model import Label

    citations, input_errors = read_inputs([Path(p) for p in paths], pages)
    for message in input_errors:
        err.print(f"[bold red]error:[/] {message}")
    if not citations:
        if not input_errors:
            err.print("[bold red]error:[/] no citations found in the input")
        raise typer.Exit(2)

    from citecheck.sources.config import load_config
    from citecheck.sources.registry import build_sources

    names = [s.strip() for s in sources.split(",") if s.strip()] if sources else None
    try:
        # Offline: only answers already in the response cache (none when there is no cache).
        live = build_sources(names, config=load_config(), offline=offline, use_cache=not no_cache)
    except ValueError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    try:
        from citecheck.llm.setup import build_model_run, model_thresholds

        model_run = build_model_run(llm, judge.value, parse=llm_parse, config=load_config(),
                                    use_cache=not no_cache,
                                    model_thresholds=model_thresholds(llm_thresholds))
        checker = Checker(
            index=index, sources=model_run.wrap(live) if model_run else live, offline=offline,
            thresholds=thresholds, options=CheckOptions(concurrency=concurrency),
            reparser=model_run.reparser if model_run else None,
            judge=model_run.judge if model_run else None,
        )
    except (OSError, ValueError) as exc:
        err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from exc

    from citecheck.parallel import WorkerSpec, auto_workers

    started = time.perf_counter()
    workers = auto_workers(jobs, offline, len(citations)) if model_run is None else 1
    if workers > 1:
        from citecheck.index.default import default_index_path

        spec = WorkerSpec(
            index=index or default_index_path(), thresholds=thresholds,
            sources=tuple(names) if names else None, use_cache=not no_cache, concurrency=concurrency,
        )
        verdicts = _run_parallel(spec, workers, citations, format, output, quiet)
    else:
        run = _run(checker, citations, format, output, quiet)
        verdicts = asyncio.run(model_run.closing(run) if model_run else run)
    seconds = time.perf_counter() - started
    if model_run is not None:
        err.print(model_run.model.usage.line(model_run.model.name))
    verdicts.sort(key=lambda v: v.citation.provenance.index)
    _write_report(verdicts, format, output, seconds)
    if fix_bib is not None:
        from citecheck.report.fixbib import render_fixed_bibtex

        fix_bib.write_text(render_fixed_bibtex(verdicts), encoding="utf-8")
        err.print(f"corrected BibTeX written to {fix_bib}")

    code = 2 if input_errors else 0
    if fail_on is not FailOn.never:
        threshold = Label.MINOR.severity if fail_on is FailOn.minor else Label.MAJOR.severity
        if code == 0 and any(v.label.severity >= threshold for v in verdicts):
            code = 1
    raise typer.Exit(code)


async def _run(checker, citations, format, output, quiet):  # type: ignore[no-untyped-def]
    """Check all citations; JSONL streams each verdict as soon as it is decided."""
    from citecheck.report.jsonout import verdict_line

    stream = None
    if format is OutputFormat.jsonl:
        stream = output.open("w", encoding="utf-8") if output else sys.stdout
    show_progress = not quiet and err.is_terminal and len(citations) >= 10
    verdicts = []
    try:
        if show_progress:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err, transient=True) as progress:
                task = progress.add_task("checking", total=len(citations))
                async for verdict in checker.astream(citations):
                    verdicts.append(verdict)
                    progress.advance(task)
                    if stream is not None:
                        stream.write(verdict_line(verdict) + "\n")
                        stream.flush()
        else:
            async for verdict in checker.astream(citations):
                verdicts.append(verdict)
                if stream is not None:
                    stream.write(verdict_line(verdict) + "\n")
                    stream.flush()
    finally:
        if stream is not None and output:
            stream.close()
    return verdicts


def _run_parallel(spec, workers, citations, format, output, quiet):  # type: ignore[no-untyped-def]
    """Offline on several cores; JSONL streams each chunk's verdicts as a worker finishes it."""
    from citecheck.parallel import check_in_processes
    from citecheck.report.jsonout import verdict_line

    stream = None
    if format is OutputFormat.jsonl:
        stream = output.open("w", encoding="utf-8") if output else sys.stdout
    verdicts = []
    try:
        if not quiet and err.is_terminal and len(citations) >= 10:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            progress = Progress("[progress.description]{task.description}", BarColumn(),
                                MofNCompleteColumn(), TimeRemainingColumn(), console=err, transient=True)
        else:
            progress = None
        task = progress.add_task(f"checking ({workers} processes)", total=len(citations)) if progress else None
        if progress:
            progress.start()
        try:
            for verdict in check_in_processes(citations, spec, workers):
                verdicts.append(verdict)
                if progress is not None and task is not None:
                    progress.advance(task)
                if stream is not None:
                    stream.write(verdict_line(verdict) + "\n")
            if stream is not None:
                stream.flush()
        finally:
            if progress:
                progress.stop()
    finally:
        if stream is not None and output:
            stream.close()
    return verdicts


def _write_report(verdicts, format: OutputFormat, output: Path | None, seconds: float) -> None:  # type: ignore[no-untyped-def]
    if format is OutputFormat.jsonl:
        return  # already streamed
    if format is OutputFormat.table:
        from citecheck.report.table import render_table

        if output:
            with output.open("w", encoding="utf-8") as fh:
                render_table(verdicts, Console(file=fh, width=160, force_terminal=False))
        else:
            render_table(verdicts, Console())
        return
    if format is OutputFormat.json:
        from citecheck.report.jsonout import render_json

        text = render_json(verdicts, seconds)
    elif format is OutputFormat.csv:
        from citecheck.report.csvout import render_csv

        text = render_csv(verdicts)
    else:
        from citecheck.report.markdown import render_markdown

        text = render_markdown(verdicts)
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


@index_app.command("build")
def index_build(
    db: Annotated[Path, typer.Argument(help="Index file to create or update.")],
    files: Annotated[
        list[Path],
        typer.Argument(help="CSL-JSON (.jsonl/.jsonl.gz/.json), BibTeX (.bib) or arXiv snapshot files."),
    ],
) -> None:
    """Build (or update) a local index from record files."""
    from citecheck.index.build import build_index

    missing = [str(f) for f in files if not f.exists()]
    if missing:
        err.print(f"[bold red]error:[/] no such file: {', '.join(missing)}")
        raise typer.Exit(2)
    stats = build_index(db, files)
    typer.echo(
        f"{db}: read {stats.read}, stored {stats.stored}, updated {stats.updated}, "
        f"duplicates {stats.duplicates}, skipped {getattr(stats, 'skipped', 0)} "
        f"in {stats.seconds:.1f} s"
    )


@index_app.command("info")
def index_info(db: Annotated[Path, typer.Argument(help="Index file.")]) -> None:
    """Show what an index holds."""
    import json

    from citecheck.index.search import LocalIndex

    if not db.exists():
        err.print(f"[bold red]error:[/] no such index: {db}")
        raise typer.Exit(2)
    typer.echo(json.dumps(LocalIndex(db).info(), indent=2, ensure_ascii=False, default=str))


def _mount_optional() -> None:
    """Commands that live beside their subsystems (extract, bench, calibrate, cache)."""
    try:
        from citecheck.extract.cli import extract_command

        app.command("extract")(extract_command)
    except ImportError:
        pass
    try:
        from citecheck.bench.cli import app as bench_app
        from citecheck.bench.cli import calibrate_command

        app.add_typer(bench_app, name="bench")
        app.command("calibrate")(calibrate_command)
    except ImportError:
        pass
    try:
        from citecheck.sources.cli import cache_app

        app.add_typer(cache_app, name="cache")
    except ImportError:
        pass


_mount_optional()


def main() -> None:
    app()
