"""BibTeX / CSL-JSON / JSONL writers and the `citecheck extract` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from typer.testing import CliRunner

from citecheck.entries import read_entries, read_path
from citecheck.export import record_to_bibtex, sanitize_key, to_bibtex, to_csl_json, to_jsonl
from citecheck.extract.bibtex import read_bibtex
from citecheck.extract.cli import extract_command
from citecheck.extract.jsonl import read_jsonl as found_jsonl
from citecheck.model import Citation, Name, Provenance, Record, set_year


def read_jsonl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_jsonl: its entries, read."""
    return read_entries(found_jsonl(*args, **kwargs), kwargs.get("defer", False))



DOCS = Path(__file__).resolve().parent / "data" / "documents"


def _fields(c: Citation) -> tuple:
    f = c.fields
    return ([(a.family, a.given, a.literal) for a in f.author], f.title, f.container_title,
            f.volume, f.page, f.year, f.DOI, f.arxiv)


def test_bibtex_round_trip_of_a_real_project() -> None:
    cites = read_path(DOCS / "aps-prl.tex")
    back = read_bibtex(to_bibtex(cites), "out.bib")
    assert [c.id for c in back] == [c.id for c in cites]
    assert [_fields(c) for c in back] == [_fields(c) for c in cites]


def test_record_to_bibtex_escapes_and_arxiv() -> None:
    rec = Record(type="article", title="50% of R&D costs $5 in C_1 #{x}",
                 author=[Name(literal="ATLAS Collaboration"), Name(family="Di Toro", given="M."),
                         Name(family="Waals", given="J. D.", **{"non-dropping-particle": "van der"})],
                 custom={"arxiv": "1706.08310", "categories": ["hep-ex"]})
    set_year(rec, 2017)
    text = record_to_bibtex(rec, "my key,1")
    assert text.startswith("@misc{my_key_1,")
    assert r"50\% of R\&D costs \$5 in C\_1 \#\{x\}" in text
    assert "eprint        = {1706.08310}" in text and "archivePrefix = {arXiv}" in text
    back = read_bibtex(text, "r.bib")[0].fields
    assert back.title == rec.title.replace("{", "").replace("}", "")  # reader drops brace groups
    assert back.author[0].literal == "ATLAS Collaboration" or back.author[0].family == "ATLAS Collaboration"
    assert back.author[1].family == "Di Toro"
    assert back.arxiv == "1706.08310" and back.year == 2017


def test_keys_unique_and_errors_as_comments() -> None:
    ok = Citation(id="a b", raw="x", fields=Record(title="T"))
    dup = Citation(id="a_b", raw="y", fields=Record(title="U"))
    bad = Citation(id="f#3", raw="garbage\nline two", error="f:3: cannot parse")
    text = to_bibtex([ok, dup, bad])
    assert "@article{a_b," in text and "@article{a_b-2," in text
    assert "% citecheck ERROR f#3: f:3: cannot parse\n% garbage\n% line two" in text
    assert len(read_bibtex(text, "k.bib")) == 2
    assert sanitize_key("{}%") == "ref"


def test_csl_json_and_jsonl() -> None:
    cites = read_path(DOCS / "natbib-plainnat.bbl")
    cites.append(Citation(id="bad", raw="???", error="x: broken",
                          provenance=Provenance(file="x", index=12)))
    items = json.loads(to_csl_json(cites))
    assert len(items) == 13 and items[0]["id"] == "Bec2004" and items[0]["DOI"]
    assert items[-1]["custom"]["error"] == "x: broken"
    lines = to_jsonl(cites).splitlines()
    assert json.loads(lines[-1])["error"] == "x: broken"
    back = read_jsonl("\n".join(lines[:-1]), "o.jsonl")
    assert [_fields(c) for c in back] == [_fields(c) for c in cites[:-1]]


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(extract_command)
    return app


def test_extract_command(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "refs.bib"
    res = runner.invoke(_app(), [str(DOCS / "aps-prl.pdf"), str(DOCS / "aps-prl.bbl"), "-o", str(out)])
    assert res.exit_code == 0, res.output
    entries = read_bibtex(out.read_text(), "refs.bib")
    assert len(entries) == 32 and len({c.id for c in entries}) == 32
    res = runner.invoke(_app(), [str(DOCS / "natbib-plainnat.pdf"), "--pages", "2", "-f", "jsonl"])
    assert res.exit_code == 0 and len(res.stdout.splitlines()) == 7
    res = runner.invoke(_app(), [str(tmp_path / "missing.pdf"), str(DOCS / "physics.bib"), "-f", "csl-json"])
    assert res.exit_code == 2
    assert "missing.pdf" in res.stderr
    assert len(json.loads(res.stdout)) == 16  # the readable file is still written


def test_extract_command_reads_stdin() -> None:
    bbl = (DOCS / "thebibliography-inline.tex").read_text(encoding="utf-8")
    body = bbl[bbl.index("\\begin{thebibliography}"): bbl.index("\\end{document}")]
    res = CliRunner().invoke(_app(), ["-", "-f", "jsonl"], input=body)
    assert res.exit_code == 0, res.output
    rows = [json.loads(x) for x in res.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["narayan", "pala", "cerda", "khavkine"]
    assert rows[0]["source"]["file"] == "<stdin>"


def test_text_no_field_took_is_exported_as_a_note() -> None:
    rec = Record(type="book", title="Uncle Tom’s Cabin", author=[Name(family="Stowe", given="H. B.")],
                 publisher="Penguin", custom={"note": "Edited by Ann Douglas"})
    text = record_to_bibtex(rec, "stowe")
    assert "note      = {Edited by Ann Douglas}" in text
    assert "note" not in record_to_bibtex(Record(type="book", title="X"), "x")
