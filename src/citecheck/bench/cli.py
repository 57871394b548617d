"""`citecheck bench build|run|hallmark` and `citecheck calibrate` (mounted by citecheck.cli)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from citecheck.console import stderr_console as err

app = typer.Typer(help="Build the physics citation benchmark and evaluate citecheck on it.",
                  no_args_is_help=True)

IndexOpt = Annotated[
    Path | None,
    typer.Option("--index", envvar="CITECHECK_INDEX",
                 help="Local index to check against (default: the embedded one)."),
]
ThresholdsOpt = Annotated[
    Path | None, typer.Option("--thresholds", help="Thresholds JSON (default: the shipped ones).")
]
CoversOpt = Annotated[
    list[str] | None,
    typer.Option("--covers", help="Coverage scopes of the index instead of those it was built with "
                 "(e.g. all: a data set drawn from the index's own records is a closed world)."),
]


def _command() -> str:
    return "citecheck " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def _fail(message: str) -> typer.Exit:
    err().print(f"[bold red]error:[/] {message}")
    return typer.Exit(2)


def _check_index(index: Path | None) -> None:
    """A missing, foreign or outdated index is a clear error (exit 2) before any item runs."""
    if index is not None and not index.is_file():
        raise _fail(f"no such index: {index} (build one with `citecheck index build`)")
    if index is not None:
        from citecheck.index.search import IndexOpenError, LocalIndex

        try:
            LocalIndex(index).close()
        except IndexOpenError as exc:
            raise _fail(str(exc)) from exc


def _write_rows(rows: list[dict[str, Any]], path: Path) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps({k: v for k, v in row.items() if not k.startswith("_")},
                                ensure_ascii=False) + "\n")


@app.command("build")
def build(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="OUT then CORPUS files (.jsonl.gz), or only CORPUS files with --out."),
    ] = None,
    out_opt: Annotated[Path | None, typer.Option("--out", help="Dataset directory to write.")] = None,
    corpus_opt: Annotated[
        list[Path] | None,
        typer.Option("--corpus", help="A CSL-JSON corpus file; a shell glob after it works too."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Random seed (same seed + files → same bytes).")] = 0,
    size: Annotated[int, typer.Option(help="Number of citations.")] = 982,
    val_size: Annotated[int, typer.Option("--val-size", help="How many go to the validation split.")] = 190,
    avoid: Annotated[
        list[Path] | None,
        typer.Option("--avoid", help="More corpus files fabrications must not collide with."),
    ] = None,
    id_prefix: Annotated[str, typer.Option("--id-prefix", help="Prefix of item ids.")] = "phys",
) -> None:
    """Generate a labelled benchmark (validation.jsonl, test.jsonl, manifest.json).

    Both `bench build OUT CORPUS...` and `bench build --corpus CORPUS... --out OUT` work.
    """
    from citecheck.bench.generate import BenchmarkError, generate_to

    given = list(paths or [])
    out = out_opt if out_opt is not None else (given.pop(0) if given else None)
    corpus = [*(corpus_opt or []), *given]
    if out is None or not corpus:
        raise _fail("give the output directory (OUT or --out) and at least one corpus file")
    missing = [str(p) for p in [*corpus, *(avoid or [])] if not p.is_file()]
    if missing:
        raise _fail(f"no such corpus file: {', '.join(missing)}")
    try:
        items = generate_to(out, corpus, seed=seed, size=size, val_size=val_size,
                            collision_files=avoid, id_prefix=id_prefix)
    except (BenchmarkError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"{out}: {len(items)} items "
               f"({sum(i.split == 'validation' for i in items)} validation)")


@app.command("run")
def run(
    dataset: Annotated[Path, typer.Argument(help="Dataset directory or JSONL file.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for predictions, metrics, report.")],
    index: IndexOpt = None,
    split: Annotated[str, typer.Option("--split", help="Split to evaluate.")] = "test",
    ablation: Annotated[
        list[str] | None,
        typer.Option("--ablation", help="Also run an ablation: no-reviewer, no-journal-lookup, "
                     "identifiers-only, title-search-only, or all."),
    ] = None,
    baseline: Annotated[
        list[str] | None,
        typer.Option("--baseline", help="Also run a baseline: title-exists, identifier-resolves, or all."),
    ] = None,
    thresholds: ThresholdsOpt = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Citations checked at once.")] = 16,
    covers: CoversOpt = None,
) -> None:
    """Evaluate the checker (and ablations/baselines) on one split; write a report."""
    from citecheck.bench.dataset import DatasetError, read_dataset
    from citecheck.bench.plot import confusion_png
    from citecheck.bench.report import render_report
    from citecheck.bench.run import ABLATIONS, BASELINES, run_baseline, run_checker, score_run
    from citecheck.decide import ThresholdsError, load_thresholds

    _check_index(index)
    ablations = list(ABLATIONS)[1:] if "all" in (ablation or []) else list(ablation or [])
    baselines = list(BASELINES) if "all" in (baseline or []) else list(baseline or [])
    unknown = [a for a in ablations if a not in ABLATIONS] + [b for b in baselines if b not in BASELINES]
    if unknown:
        raise _fail(f"unknown ablation/baseline: {', '.join(unknown)}")
    try:
        items = read_dataset(dataset, split)
        thr = load_thresholds(thresholds)
    except (DatasetError, ThresholdsError) as exc:
        raise _fail(str(exc)) from exc
    if not items:
        raise _fail(f"{dataset}: no items in split {split!r}")
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for name in ["full", *ablations]:
        err().print(f"running {name} on {len(items)} items ...")
        results.append(run_checker(items, index=index, thresholds=thr, ablation=name,
                                   concurrency=concurrency, covers=covers))
    for name in baselines:
        err().print(f"running baseline {name} ...")
        results.append(run_baseline(items, name, index=index))
    metrics = [score_run(r) for r in results]
    for r in results:
        _write_rows(r.rows, out / f"predictions-{r.name.replace(':', '-')}.jsonl")
    (out / "metrics.json").write_text(json.dumps(
        {"dataset": str(dataset), "split": split, "command": _command(),
         "thresholds": thr.model_dump(), "runs": metrics}, indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8")
    misses = [r for r in results[0].rows if r["gold"] != r["pred"]]
    report = render_report(metrics, dataset=str(dataset), split=split, command=_command(),
                           thresholds=thr.model_dump(), misses=misses)
    (out / "report.md").write_text(report, encoding="utf-8")
    png = confusion_png(metrics[0], out / "confusion.png", f"{dataset.name} {split}: full pipeline")
    m = metrics[0]
    typer.echo(f"{split}: accuracy {m['accuracy']:.3f}, macro-F1 {m['macro_f1']:.3f}, "
               f"false accusations {m['false_accusations']}/{m['per_class']['EXACT']['support']}, "
               f"MAJOR recall {m['major_recall']:.3f}, UNVERIFIED {m['unverified']}; "
               f"report {out / 'report.md'}" + ("" if png else " (no PNG: matplotlib missing; pip install 'citecheck[bench]')"))


@app.command("hallmark")
def hallmark(
    file: Annotated[Path, typer.Argument(help="HALLMARK split (JSONL), e.g. dev_public.jsonl.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for predictions, metrics, report.")],
    index: IndexOpt = None,
    thresholds: ThresholdsOpt = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Citations checked at once.")] = 16,
    covers: CoversOpt = None,
) -> None:
    """Evaluate on a HALLMARK split: VALID vs HALLUCINATED, per hallucination type."""
    from citecheck.bench.dataset import DatasetError
    from citecheck.bench.hallmark import evaluate_hallmark, hallmark_markdown
    from citecheck.decide import ThresholdsError

    _check_index(index)
    try:
        result = evaluate_hallmark(file, index=index, thresholds=thresholds, concurrency=concurrency,
                                   covers=covers)
    except (DatasetError, ThresholdsError) as exc:
        raise _fail(str(exc)) from exc
    out.mkdir(parents=True, exist_ok=True)
    _write_rows(result["rows"], out / "predictions.jsonl")
    metrics = result["metrics"]
    (out / "metrics.json").write_text(json.dumps({"file": str(file), "command": _command(), **metrics},
                                                 indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "report.md").write_text(hallmark_markdown(metrics, file.name, _command()), encoding="utf-8")
    a = metrics["any_label"]
    typer.echo(f"{file.name}: detection {a['detection_rate']:.3f}, FPR {a['fpr']:.3f}, "
               f"F1 {a['f1']:.3f}, MCC {a['mcc']:.3f}; report {out / 'report.md'}")


def calibrate_command(
    validation: Annotated[Path, typer.Argument(help="Benchmark dataset directory or JSONL file.")],
    out: Annotated[Path, typer.Option("--out", help="Thresholds JSON to write.")],
    index: IndexOpt = None,
    split: Annotated[str, typer.Option("--split", help="Split to fit on (never the test split).")] = "validation",
    step: Annotated[float, typer.Option("--step", min=0.01, max=1.0, help="Grid step.")] = 0.1,
    covers: CoversOpt = None,
    judge: Annotated[str, typer.Option("--judge", help="rules, or llm: fit the model's own "
                                       "thresholds (for `check --llm-thresholds`).")] = "rules",
    llm: Annotated[str | None, typer.Option("--llm", help="PROVIDER:MODEL (with --judge llm).")] = None,
) -> None:
    """Fit the thresholds τ_M ≤ τ_E on the validation split and write them."""
    from citecheck.bench.calibrate import fit_thresholds
    from citecheck.bench.dataset import DatasetError, read_dataset
    from citecheck.bench.run import run_checker
    from citecheck.decide import Thresholds, save_thresholds

    _check_index(index)
    if split == "test":
        raise _fail("calibrating on the test split would leak it into the reported numbers")
    try:
        items = read_dataset(validation, split)
    except DatasetError as exc:
        raise _fail(str(exc)) from exc
    if not items:
        raise _fail(f"{validation}: no items in split {split!r}")
    source = (f"citecheck calibrate on {validation} split={split} (n={len(items)}), "
              f"grid step {step}, index {index.name if index else 'embedded default'}")
    if judge == "llm":  # the model's scores have a scale of their own: fitted on their own
        from citecheck.llm import make_model
        from citecheck.llm.calibrate import calibrate_model

        if not llm:
            raise _fail("--judge llm needs --llm PROVIDER:MODEL")
        try:
            model = make_model(llm)
        except ValueError as exc:
            raise _fail(str(exc)) from exc
        thresholds, metrics = calibrate_model(items, model, index, source)
    elif judge != "rules":
        raise _fail(f"--judge {judge!r}: expected rules or llm")
    else:
        # the fixed labels (reviewer, not found) do not depend on the thresholds used for this run
        result = run_checker(items, index=index, thresholds=Thresholds(exact=9.5, minor=3.0),
                             covers=covers)
        thresholds, metrics = fit_thresholds(result.rows, step=step, source=source)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_thresholds(thresholds, out)
    typer.echo(f"{out}: τ_E = {thresholds.exact}, τ_M = {thresholds.minor}; on {split}: "
               f"macro-F1 {metrics['macro_f1']:.3f}, accuracy {metrics['accuracy']:.3f}, "
               f"false accusations {metrics['false_accusations']}")
