"""``citecheck extract``: read documents and write the citations found as BibTeX, CSL-JSON or JSONL.

Useful on its own (turn a PDF's reference list into a .bib) and to see what the checker will
check. A file that cannot be read at all is reported on stderr naming the file; the others are
still written, and the exit status is 2.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from citecheck.model import Citation

__all__ = ["ExtractFormat", "extract_command", "number_citations", "read_inputs"]


class ExtractFormat(StrEnum):
    bibtex = "bibtex"
    csl_json = "csl-json"
    jsonl = "jsonl"


def read_inputs(paths: list[Path], pages: str | None = None,
                defer: bool = False) -> tuple[list[Citation], list[str]]:
    """Citations from every path (``-`` = stdin) and the messages for inputs that failed.

    ``defer``: leave JSON Lines lines for the checker's worker processes to read."""
    from citecheck.entries import read_bytes, read_entries, read_path
    from citecheck.extract import InputError, detect_format
    from citecheck.extract.decode import read_limited, read_stream

    citations: list[Citation] = []
    errors: list[str] = []
    for path in paths:
        try:
            if str(path) == "-":
                citations.extend(read_bytes(read_stream(sys.stdin.buffer, "<stdin>"), "<stdin>",
                                            defer=defer))
            elif pages is not None and detect_format(str(path)) == "pdf":
                from citecheck.extract.pdf import read_pdf

                # --pages reads the file itself: the same size limit applies
                citations.extend(read_entries(read_pdf(read_limited(path), str(path), pages=pages)))
            else:
                citations.extend(read_path(path, defer=defer))
        except InputError as exc:
            errors.append(str(exc))
        except OSError as exc:
            errors.append(f"{path}: {exc.strerror or exc}")
    number_citations(citations)
    return citations, errors


def number_citations(citations: list[Citation]) -> None:
    """Number citations read from several inputs in order and keep their ids unique: two files
    may both have key "smith2020" or entry "#1"."""
    seen: dict[str, int] = {}
    for i, cit in enumerate(citations):
        cit.provenance.index = i
        if cit.id in seen:
            seen[cit.id] += 1
            cit.id = f"{cit.id}~{seen[cit.id]}"
        else:
            seen[cit.id] = 0


def extract_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Documents to read (.bib .bbl .tex .pdf .docx .md .txt .jsonl), or - for stdin."),
    ],
    format: Annotated[
        ExtractFormat, typer.Option("--format", "-f", help="Output format: bibtex, csl-json or jsonl.")
    ] = ExtractFormat.bibtex,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
    pages: Annotated[
        str | None,
        typer.Option("--pages", help='PDF pages holding the references, e.g. "5-7" or "12-" (1-based).'),
    ] = None,
) -> None:
    """Extract the citations of documents into BibTeX, CSL-JSON or JSON Lines."""
    from citecheck.export import to_bibtex, to_csl_json, to_jsonl
    from citecheck.report.safe import terminal_text

    citations, errors = read_inputs(list(paths), pages)
    for message in errors:
        typer.echo(f"error: {terminal_text(message)}", err=True)
    fmt = ExtractFormat(format)
    writer = {ExtractFormat.bibtex: to_bibtex, ExtractFormat.csl_json: to_csl_json,
              ExtractFormat.jsonl: to_jsonl}[fmt]
    text = writer(citations) if citations or fmt is not ExtractFormat.csl_json else "[]\n"
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            typer.echo(f"error: cannot write {output}: {exc.strerror or exc}", err=True)
            raise typer.Exit(2) from exc
    bad = sum(1 for c in citations if c.error)
    if bad:
        typer.echo(f"{bad} of {len(citations)} entries could not be read (see the comments/errors).",
                   err=True)
    if errors:
        raise typer.Exit(2)
