"""The `citecheck` command line (Typer)."""

# No ``from __future__ import annotations`` here: typer reads the commands' signatures, and string
# annotations it compiles and evaluates again for every parameter (800 times in a `check`). The
# annotations that name what is imported only for type checking are written as strings.

import asyncio
import sys
import time
from collections.abc import Callable, Generator, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from citecheck import __version__
from citecheck.console import stderr_console as err
from citecheck.report.base import ReportFormat, StreamingFormat, format_names, get_format
from citecheck.report.safe import terminal_text

if TYPE_CHECKING:  # imported lazily at run time: `citecheck --help` stays fast
    from citecheck.checker import Checker
    from citecheck.claims.body import Segment
    from citecheck.llm.setup import ModelRun
    from citecheck.model import Citation, DocumentFinding, Verdict
    from citecheck.parallel import Reported, WorkerSpec
    from citecheck.remote.cli import RemoteInputs

#: a bare app on which a command that lives beside its subsystem is registered as the root app would
Mount = Callable[[typer.Typer], object]


def _mount_serve(bare: typer.Typer) -> None:
    """``citecheck serve`` (FastAPI/uvicorn are imported only when it runs)."""
    from citecheck.service.cli import serve_command

    bare.command("serve")(serve_command)


def _mount_extract(bare: typer.Typer) -> None:
    from citecheck.extract.cli import extract_command

    bare.command("extract")(extract_command)


def _mount_calibrate(bare: typer.Typer) -> None:
    from citecheck.bench.cli import calibrate_command

    bare.command("calibrate")(calibrate_command)


def _mount_batch(bare: typer.Typer) -> None:
    """``citecheck batch`` (Ray itself is imported only when it runs)."""
    from citecheck.batch.cli import batch_command

    bare.command("batch")(batch_command)


def _mount_bench(bare: typer.Typer) -> None:
    from citecheck.bench.cli import app as bench_app

    bare.add_typer(bench_app, name="bench")


def _mount_cache(bare: typer.Typer) -> None:
    from citecheck.sources.cli import cache_app

    bare.add_typer(cache_app, name="cache")


#: the commands that live beside their subsystems, in the help's order: commands, then groups
ELSEWHERE_COMMANDS: dict[str, Mount] = {"serve": _mount_serve, "extract": _mount_extract,
                                        "calibrate": _mount_calibrate, "batch": _mount_batch}
ELSEWHERE_GROUPS: dict[str, Mount] = {"bench": _mount_bench, "cache": _mount_cache}


def _root_of_bare() -> None:
    """A bare app's callback: it makes the app a group, so that its one command stays a subcommand."""


def _built(name: str, mount: Mount) -> Any:
    """The click command typer makes of what ``mount`` registers as ``name``."""
    bare = typer.Typer()
    bare.callback()(_root_of_bare)
    mount(bare)
    return typer.main.get_group(bare).commands[name]


class _Commands(MutableMapping[str, Any]):
    """The root group's commands by name, in the help's order (typer's: commands, then groups). The
    commands that live elsewhere are built, their modules imported, when first looked up: `citecheck
    check` imports neither the benchmark, the service, the batch nor the cache commands' modules (a
    tenth of a one-entry check's start-up); `--help` and a misspelt command still see every name."""

    def __init__(self, here: Mapping[str, Any]) -> None:
        self._built = dict(here)
        self._later = {**ELSEWHERE_COMMANDS, **ELSEWHERE_GROUPS}
        groups = [n for n, c in here.items() if isinstance(c, TyperGroup)]
        self._order = [*(n for n in here if n not in groups), *ELSEWHERE_COMMANDS, *groups, *ELSEWHERE_GROUPS]

    def __getitem__(self, name: str) -> Any:
        if name not in self._built and name in self._later:
            self._built[name] = _built(name, self._later[name])
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command
        if name not in self._order:
            self._order.append(name)

    def __delitem__(self, name: str) -> None:
        self._built.pop(name, None)
        self._later.pop(name, None)
        self._order.remove(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)


class _RootGroup(TyperGroup):
    """The `citecheck` group, whose commands from elsewhere load on first use (`_Commands`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Commands(self.commands)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # the names only: listing builds nothing


app = typer.Typer(
    cls=_RootGroup,
    name="citecheck",
    help="Catch hallucinated citations: every reference is looked up and labelled "
    "EXACT, MINOR, MAJOR, UNVERIFIED or ERROR, with the evidence.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
index_app = typer.Typer(help="Build and inspect local offline indexes.", no_args_is_help=True)
app.add_typer(index_app, name="index")


def _print_error(message: object) -> None:
    """An error line on stderr; the message (it may quote an input, a source or a model) is
    printed as plain text, with no markup and no escape sequence (`report.safe.terminal_text`)."""
    from rich.markup import escape

    err().print(f"[bold red]error:[/] {escape(terminal_text(str(message)))}", soft_wrap=True)


#: the report formats, from the registry in citecheck.report.base
OutputFormat = StrEnum("OutputFormat", {name: name for name in format_names()})  # type: ignore[misc]  # a functional Enum built from the report registry


class JudgeChoice(StrEnum):
    rules = "rules"
    llm = "llm"
    hybrid = "hybrid"


class FailOn(StrEnum):
    minor = "minor"
    major = "major"
    retracted = "retracted"  # MAJOR, or a cited work that was retracted / withdrawn
    unsupported = "unsupported"  # MAJOR, or a citing sentence the cited work does not support (--claims)
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


# options of `check` whose help runs long
_CheckUrlsOpt = Annotated[
    bool, typer.Option("--check-urls", help="GET cited URLs of web pages, software, manuals, "
                       "reports (public hosts only, small budget) to see that they exist.")
]
_FailOnOpt = Annotated[
    FailOn, typer.Option("--fail-on", help="Exit 1 when a citation is at least this bad "
                         "(retracted: MAJOR, or the cited work was retracted or withdrawn).")
]
_JobsOpt = Annotated[
    int,
    typer.Option("--jobs", "-j", min=0,
                 help="Worker processes with --offline (0: one per core for large batches)."),
]
_DeadlineOpt = Annotated[
    float, typer.Option("--deadline", min=0,
                        help="Seconds one citation may take online before it is UNVERIFIED (0: no limit).")
]
_ResumeOpt = Annotated[
    bool, typer.Option("--resume", help="With -f jsonl -o FILE: skip ids already in FILE and append.")
]
_LlmOpt = Annotated[
    str | None,
    typer.Option("--llm", help="A model to help the rules, PROVIDER:MODEL (openai:gpt-4.1-mini, "
                 "anthropic:claude-sonnet-4-6, ollama:qwen2.5:7b, openai-compatible:NAME with "
                 "CITECHECK_LLM_URL, local:PATH.gguf). See docs/llm.md."),
]
_JudgeOpt = Annotated[
    JudgeChoice,
    typer.Option("--judge", help="Who judges candidates: rules; llm (every candidate); hybrid "
                 "(the model only in the ambiguous band). The model is always bounded by the evidence."),
]
_LlmParseOpt = Annotated[
    bool, typer.Option("--llm-parse/--no-llm-parse",
                       help="With --llm: the model re-reads entries the rules read badly.")
]
_LlmThresholdsOpt = Annotated[
    Path | None, typer.Option("--llm-thresholds",
                              help="The model's τ_E/τ_M (from `citecheck calibrate --judge llm`).")
]


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Files to check (.bib .bbl .tex .md .txt .jsonl .pdf .docx), - for stdin, "
                      "or a paper: arXiv:ID, doi:10.…, an https:// URL (docs/reliability.md, Remote papers)."),
    ],
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat("table"),
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
    check_urls: _CheckUrlsOpt = False,
    fail_on: _FailOnOpt = FailOn.major,
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
    jobs: _JobsOpt = 0,
    deadline: _DeadlineOpt = 60.0,
    resume: _ResumeOpt = False,
    llm: _LlmOpt = None,
    judge: _JudgeOpt = JudgeChoice.rules,
    llm_parse: _LlmParseOpt = True,
    llm_thresholds: _LlmThresholdsOpt = None,
    claims: Annotated[bool, typer.Option(
        "--claims", help="Link the document's in-text citations to its entries (markers without an entry, "
                         "entries never cited, ambiguous markers) and, with --llm, judge each citing sentence "
                         "against the cited work's abstract.")] = False,
) -> None:
    """Check every citation in PATHS and report a verdict for each.

    Exit status: 0 clean, 1 a citation at or above --fail-on (or one that could not be checked:
    ERROR) was found, 2 usage or input error.
    """
    if resume and claims:  # the linkage needs every entry of a document in one run
        _print_error("--resume cannot be used with --claims: markers are linked to the entries of the "
                     "whole document in one run; run without --resume (or without --claims)")
        raise typer.Exit(2)
    citations, input_errors, remote = _read_citations(paths, pages, offline, resume, format, output)
    papers, local = remote.papers, remote.local
    names = [s.strip() for s in sources.split(",") if s.strip()] if sources else None
    checker, model_run = _make_checker(
        names, offline=offline, no_cache=no_cache, check_urls=check_urls, index=index,
        thresholds=thresholds, concurrency=concurrency, deadline=deadline, llm=llm,
        judge=judge, llm_parse=llm_parse, llm_thresholds=llm_thresholds,
    )
    from citecheck.parallel import WorkerSpec, auto_workers

    workers = auto_workers(jobs, offline, len(citations)) if model_run is None else 1
    spec = None
    if workers > 1:
        from citecheck.index.default import default_index_path

        spec = WorkerSpec(
            index=index or default_index_path(), thresholds=thresholds,
            sources=tuple(names) if names else None, use_cache=not no_cache,
            concurrency=concurrency,
        )
    report = _Report(format, output, quiet, resume, keep=fix_bib is not None or claims, papers=tuple(papers),
                     claims=_ClaimsStep([p for p in local if p != "-"],
                                        [(p.body(), p.citations) for p in remote.papers_read]) if claims else None)
    verdicts, reported = _run_or_exit_2(checker, model_run, spec, workers, citations, report)
    if fix_bib is not None:
        from citecheck.report.fixbib import render_fixed_bibtex

        fix_bib.write_text(render_fixed_bibtex(verdicts), encoding="utf-8")
        err().print(f"corrected BibTeX written to {fix_bib}")
    raise typer.Exit(_exit_code([*verdicts, *reported], bool(input_errors), fail_on))


def _read_citations(
    paths: list[str], pages: str | None, offline: bool, resume: bool,
    format: OutputFormat, output: Path | None,
) -> "tuple[list[Citation], list[str], RemoteInputs]":
    """The citations of PATHS (exit 2 when there are none), input errors printed, and what the
    remote papers among them gave (arXiv ids, DOIs, URLs: `citecheck.remote`; headers, the
    papers themselves, and the local paths left)."""
    from citecheck.extract.cli import number_citations, read_inputs
    from citecheck.remote.cli import read_remote

    remote = read_remote(paths)
    for line in remote.routes:
        err().print(terminal_text(line), markup=False, highlight=False, soft_wrap=True)
    # offline, JSON Lines entries are parsed where they are checked (in the worker processes
    # with -j > 1); online, identifiers are batch-looked-up before checking, so parse now
    citations, input_errors = (read_inputs([Path(p) for p in remote.local], pages, defer=offline)
                               if remote.local else ([], []))
    citations, input_errors = [*remote.citations, *citations], [*remote.errors, *input_errors]
    number_citations(citations)
    for message in input_errors:
        _print_error(message)
    if not citations:
        if not input_errors:
            err().print("[bold red]error:[/] no citations found in the input")
        raise typer.Exit(2)
    if resume:
        citations = _resume(citations, format, output)
    return citations, input_errors, remote


def _make_checker(
    names: list[str] | None, *, offline: bool, no_cache: bool, check_urls: bool,
    index: Path | None, thresholds: Path | None, concurrency: int, deadline: float,
    llm: str | None, judge: JudgeChoice, llm_parse: bool, llm_thresholds: Path | None,
) -> "tuple[Checker, ModelRun | None]":
    """The checker with its live sources and, with --llm, the model run (exit 2 on bad setup)."""
    from citecheck.checker import Checker, CheckOptions
    from citecheck.sources.config import load_config
    from citecheck.sources.registry import build_sources

    try:
        # Offline: only answers already in the response cache (none when there is no cache).
        live = build_sources(names, config=load_config(), offline=offline, use_cache=not no_cache)
        if check_urls and not offline:
            from citecheck.sources.urls import UrlSource

            live.append(UrlSource(load_config()))
        model_run = _model_run(llm, judge, llm_parse, llm_thresholds, use_cache=not no_cache)
        checker = Checker(
            index=index, sources=model_run.wrap(live) if model_run else live, offline=offline,
            thresholds=thresholds,
            options=CheckOptions(concurrency=concurrency, deadline=deadline or None),
            reparser=model_run.reparser if model_run else None,
            judge=model_run.judge if model_run else None,
        )
    except (OSError, ValueError) as exc:
        _print_error(exc)
        raise typer.Exit(2) from exc
    return checker, model_run


def _model_run(llm: str | None, judge: JudgeChoice, llm_parse: bool, llm_thresholds: Path | None,
               use_cache: bool) -> "ModelRun | None":
    """The model's helpers for this run; None without --llm (the model modules are then not even
    imported: a plain run starts faster). ValueError on a bad setup."""
    if llm is None and judge is JudgeChoice.rules and llm_thresholds is None:
        return None
    from citecheck.llm.setup import build_model_run, model_thresholds
    from citecheck.sources.config import load_config

    return build_model_run(llm, judge.value, parse=llm_parse, config=load_config(), use_cache=use_cache,
                           model_thresholds=model_thresholds(llm_thresholds))


@dataclass(frozen=True)
class _Report:
    """Where and how verdicts are written."""

    format: OutputFormat
    output: Path | None
    quiet: bool
    resume: bool
    keep: bool = False  # the verdicts are needed after the run (--fix-bib), not only the report
    papers: tuple[dict[str, object], ...] = ()  # remote papers read: the report's header
    claims: "_ClaimsStep | None" = None  # --claims: verdicts are held until their claims are attached


@dataclass
class _ClaimsStep:
    """--claims: after checking, each document's markers linked to its entries (findings) and
    each citing sentence attached to its verdict, judged when a model is set."""

    paths: list[str]
    documents: "list[tuple[list[Segment], list[Citation]]]" = field(default_factory=list)  # remote papers
    findings: "list[DocumentFinding]" = field(default_factory=list)

    async def attach(self, verdicts: "list[Verdict]", model: object | None) -> None:
        from citecheck.claims.run import attach_claims
        from citecheck.extract import InputError

        try:
            self.findings = await attach_claims(self.paths, verdicts, model,  # type: ignore[arg-type]
                                                self.documents)
        except (InputError, OSError) as exc:
            _print_error(f"--claims: {exc}")


def _execute(
    checker: "Checker", model_run: "ModelRun | None", spec: "WorkerSpec | None", workers: int, citations: "list[Citation]",
    report: _Report,
) -> "tuple[list[Verdict], list[Reported]]":
    """Check every citation (in worker processes when ``workers`` > 1) and write the report;
    on SIGINT/SIGTERM write what was decided and exit 130/143. Returns the verdicts, or — workers
    streaming a format's lines, and nobody needing more (`_Report.keep`) — what they reported."""
    from citecheck.runctl import Interrupted, exit_now, interruptible

    fmt, output = report.format, report.output
    started = time.perf_counter()
    _batch_gc()
    verdicts: list[Verdict] = []  # filled as verdicts are decided: an interrupted run keeps them
    reported: list[Reported] = []
    streamed = get_format(fmt).streaming and not report.keep
    written = False
    try:
        with interruptible() as interruption:
            hold = report.claims is not None  # lines wait for their claims
            if spec is not None and workers > 1:
                _run_parallel(spec, workers, citations, fmt, output, report.quiet, verdicts,
                              reported if streamed else None, report.resume, stream_lines=not hold)
                if report.claims is not None:
                    asyncio.run(report.claims.attach(verdicts, None))
            else:
                run = _run(checker, citations, fmt, output, report.quiet, verdicts, report.resume,
                           stream_lines=not hold, then=report.claims, model=model_run.model if model_run else None)
                asyncio.run(model_run.closing(run) if model_run else run)
            seconds = time.perf_counter() - started
            if model_run is not None:
                err().print(model_run.model.usage.line(model_run.model.name))
            verdicts.sort(key=lambda v: v.citation.provenance.index)
            with interruption.deferred():  # a signal now waits until the report is written whole
                _write_report(verdicts, fmt, output, seconds, report.papers, report.claims)
                written = True
    except Interrupted as stop:
        if not written:
            verdicts.sort(key=lambda v: v.citation.provenance.index)
            _write_report(verdicts, fmt, output, time.perf_counter() - started, report.papers, report.claims)
        done = len(verdicts) + len(reported)
        err().print(f"interrupted ({stop}): {done} of {len(citations)} verdicts written"
                  + (f" to {output}" if output else ""))
        exit_now(stop.exit_code)  # everything is written; skip the interpreter's slow teardown
    return verdicts, reported


def _run_or_exit_2(
    checker: "Checker", model_run: "ModelRun | None", spec: "WorkerSpec | None", workers: int,
    citations: "list[Citation]", report: _Report,
) -> "tuple[list[Verdict], list[Reported]]":
    """`_execute`, ended with exit 2 and the file named when a search finds the index damaged."""
    from citecheck.index.search import IndexDamagedError

    try:
        return _execute(checker, model_run, spec, workers, citations, report)
    except IndexDamagedError as exc:
        from rich.markup import escape

        from citecheck.index.default import damaged_index_message

        err().print(f"[bold red]error:[/] {escape(damaged_index_message(exc))}", soft_wrap=True)
        raise typer.Exit(2) from exc


def _exit_code(verdicts: "Sequence[Verdict | Reported]", input_errors: bool, fail_on: FailOn) -> int:
    """2 on input errors; 1 when a verdict is at least as bad as --fail-on (ERROR included)."""
    from citecheck.model import Label

    if input_errors:
        return 2
    if fail_on is FailOn.never:
        return 0
    threshold = Label.MINOR.severity if fail_on is FailOn.minor else Label.MAJOR.severity
    # an entry that could not be checked (ERROR) is not a clean one: it fails too
    if any(v.label.severity >= threshold or v.label is Label.ERROR for v in verdicts):
        return 1
    if fail_on is FailOn.retracted and any(v.retracted for v in verdicts):
        return 1
    if fail_on is FailOn.unsupported and any(
            c.label in ("CONTRADICTED", "UNRELATED") for v in verdicts for c in (getattr(v, "claims", None) or [])):
        return 1
    return 0


def _batch_gc() -> None:
    """A batch allocates millions of short-lived objects: collect the youngest generation every
    10,000 allocations rather than 700, and never trace what start-up left (modules, tables)."""
    import gc

    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def _resume(citations: "list[Citation]", format: OutputFormat, output: Path | None) -> "list[Citation]":
    """--resume: the citations whose ids are not yet in the JSONL output."""
    from citecheck.runctl import NotOurOutput, resume_ids

    if not get_format(format).streaming or output is None:
        err().print("[bold red]error:[/] --resume needs --format jsonl and --output FILE")
        raise typer.Exit(2)
    try:
        done = resume_ids(output)
    except (NotOurOutput, OSError) as exc:
        _print_error(exc)
        raise typer.Exit(2) from exc
    rest = [c for c in citations if c.id not in done]
    err().print(f"resuming: {len(citations) - len(rest)} of {len(citations)} already in {output}")
    if not rest:
        raise typer.Exit(0)
    return rest


async def _run(checker: "Checker", citations: "list[Citation]", format: OutputFormat, output: Path | None,
               quiet: bool, verdicts: "list[Verdict]", append: bool = False, stream_lines: bool = True,
               then: "_ClaimsStep | None" = None, model: object | None = None) -> None:
    """Check all citations into `verdicts`; JSONL streams each verdict as soon as it is decided
    (unless ``stream_lines`` is off); ``then``: --claims, attached before the model is closed."""
    await _check_into(checker, citations, format, output, quiet, verdicts, append, stream_lines)
    if then is not None:
        await then.attach(verdicts, model)


async def _check_into(checker: "Checker", citations: "list[Citation]", format: OutputFormat, output: Path | None,
                      quiet: bool, verdicts: "list[Verdict]", append: bool, stream_lines: bool) -> None:
    fmt = get_format(format)
    stream = None
    if fmt.streaming and stream_lines:
        stream = output.open("a" if append else "w", encoding="utf-8") if output else sys.stdout
    show_progress = not quiet and len(citations) >= 10 and err().is_terminal
    try:
        if show_progress:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err(), transient=True) as progress:
                task = progress.add_task("checking", total=len(citations))
                async for verdict in checker.astream(citations):
                    verdicts.append(verdict)
                    progress.advance(task)
                    if stream is not None:
                        stream.write(_line(fmt, verdict) + "\n")
                        stream.flush()
        else:
            async for verdict in checker.astream(citations):
                verdicts.append(verdict)
                if stream is not None:
                    stream.write(_line(fmt, verdict) + "\n")
                    stream.flush()
    finally:
        if stream is not None and output:
            stream.close()


def _run_parallel(spec: "WorkerSpec", workers: int, citations: "list[Citation]", format: OutputFormat,
                  output: Path | None, quiet: bool, verdicts: "list[Verdict]",
                  reported: "list[Reported] | None" = None, append: bool = False, stream_lines: bool = True) -> None:
    """Offline on several cores; JSONL streams each chunk's verdicts as a worker finishes it.
    Given ``reported`` (only with a streaming format whose verdicts are not needed after the run),
    the workers render the lines and send only those (`parallel.Reported`), collected there."""
    from citecheck.parallel import Reported, check_in_processes, report_in_processes
    fmt = get_format(format)
    stream = None
    if fmt.streaming and stream_lines:
        stream = output.open("a" if append else "w", encoding="utf-8") if output else sys.stdout
    try:
        if not quiet and len(citations) >= 10 and err().is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            progress = Progress("[progress.description]{task.description}", BarColumn(),
                                MofNCompleteColumn(), TimeRemainingColumn(), console=err(), transient=True)
        else:
            progress = None
        task = progress.add_task(f"checking ({workers} processes)", total=len(citations)) if progress else None
        if progress:
            progress.start()
        results: Generator[Verdict, None, None] | Generator[Reported, None, None] = (
            check_in_processes(citations, spec, workers) if reported is None
            else report_in_processes(citations, spec, workers, partial(_line, fmt)))
        try:
            for item in results:
                if isinstance(item, Reported):
                    assert reported is not None  # (only asked for when given a list)
                    reported.append(item)
                    line = item.line
                else:
                    verdicts.append(item)
                    line = _line(fmt, item) if stream is not None else ""
                if progress is not None and task is not None:
                    progress.advance(task)
                if stream is not None:
                    stream.write(line + "\n")
                    stream.flush()
        finally:
            results.close()  # on an interruption too: ends the pool, so no worker outlives us
            if progress:
                progress.stop()
    finally:
        if stream is not None and output:
            stream.close()


def _line(fmt: ReportFormat, verdict: "Verdict") -> str:
    """One verdict as a line of a streaming format (callers check `fmt.streaming` first)."""
    assert isinstance(fmt, StreamingFormat), fmt.name
    return fmt.line(verdict)


def _write_report(verdicts: "list[Verdict]", format: OutputFormat, output: Path | None, seconds: float,
                  papers: Sequence[dict[str, object]] = (), claims: "_ClaimsStep | None" = None) -> None:
    fmt = get_format(format)
    fmt.papers = tuple(papers)
    if claims is not None:
        fmt.findings = tuple(claims.findings)
    if fmt.streaming and claims is None:
        return  # already streamed
    if output:
        import io

        from citecheck.runctl import atomic_write_text

        buffer = io.StringIO()
        fmt.write(verdicts, buffer, seconds)
        atomic_write_text(output, buffer.getvalue())  # a whole document: all of it or the old file
    else:
        fmt.write(verdicts, None, seconds)


@index_app.command("build")
def index_build(
    db: Annotated[Path, typer.Argument(help="Index file to create or update.")],
    files: Annotated[
        list[Path],
        typer.Argument(help="CSL-JSON (.jsonl/.jsonl.gz/.json), BibTeX (.bib) or arXiv snapshot files."),
    ],
    covers: Annotated[
        list[str] | None,
        typer.Option("--covers", help="What the index holds completely, so that absence from it is "
                     "evidence (repeatable): all, arxiv, doi, scholarly, doi-prefix:P, journal:NAME, "
                     "type:KIND. Default: nothing (a sample). See docs/coverage.md."),
    ] = None,
    dump_format: Annotated[
        str, typer.Option("--format", help="Input format: csl, crossref, openalex, s2, dblp, arxiv.")
    ] = "csl",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress line.")] = False,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=0,
        help="Processes parsing and preparing records while one writes (0: one per core; "
             "1: all in one process). The index is the same whatever the number.")] = 0,
    abstracts: Annotated[bool, typer.Option(
        "--abstracts/--no-abstracts",
        help="Keep the records' abstracts (check --claims judges citing sentences by them); "
             "--no-abstracts leaves them out for a smaller index.")] = True,
) -> None:
    """Build (or update) a local index from record files or a bibliographic dump."""
    from citecheck.coverage import ScopeError, parse_scopes
    from citecheck.index.cli_support import build_with_progress, suggested_covers_line
    from citecheck.index.dumps import READERS

    try:
        scopes = parse_scopes(covers) if covers else None
    except ScopeError as exc:
        err().print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    missing = [str(f) for f in files if not f.exists()]
    if missing or dump_format not in READERS:
        what = f"no such file: {', '.join(missing)}" if missing else (
            f"unknown --format {dump_format!r}; one of: {', '.join(READERS)}")
        err().print(f"[bold red]error:[/] {what}")
        raise typer.Exit(2)
    try:
        stats = build_with_progress(db, files, dump_format, show=not quiet and err().is_terminal,
                                    covers=scopes, jobs=jobs, abstracts=abstracts)
    except ValueError as exc:  # an index of another schema, an unfinished build: the whole file
        err().print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    typer.echo(
        f"{db}: read {stats.read}, stored {stats.stored}, updated {stats.updated}, "
        f"duplicates {stats.duplicates}, skipped {getattr(stats, 'skipped', 0)}, "
        f"deleted {stats.deleted} in {stats.seconds:.1f} s "
        f"({stats.read / max(stats.seconds, 1e-9):,.0f} records/s; "
        + ", ".join(f"{k} {v:.1f} s" for k, v in stats.phases.items()) + ")"
    )
    hint = suggested_covers_line(db, dump_format)
    if hint and not covers:
        err().print(hint)


@index_app.command("info")
def index_info(db: Annotated[Path, typer.Argument(help="Index file.")]) -> None:
    """Show what an index holds."""
    import json

    from citecheck.index.search import LocalIndex

    if not db.exists():
        err().print(f"[bold red]error:[/] no such index: {db}")
        raise typer.Exit(2)
    typer.echo(json.dumps(LocalIndex(db).info(), indent=2, ensure_ascii=False, default=str))


def main() -> None:
    app()
