"""The reference parser as a row of named passes over one ParseState."""

from __future__ import annotations

import ast
from pathlib import Path

import citecheck.reading.refparse as refparse
from citecheck.model import Record
from citecheck.reading.refparse import PASSES, parse_reference
from citecheck.reading.refparse.authors import authors_pass
from citecheck.reading.refparse.identifiers import identifiers_pass
from citecheck.reading.refparse.title import title_pass
from citecheck.reading.refparse.years import year_pass

PACKAGE = Path(refparse.__file__).parent
APA = "Smith, J., & Doe, A. (2019). A study of things. Journal of Stuff, 12(3), 45-67. https://doi.org/10.1000/xyz"


def test_passes_run_in_the_documented_order() -> None:
    assert [p.__name__ for p in PASSES] == [
        "several_works_pass", "authors_pass", "year_pass", "title_pass", "venue_pass", "leftovers_pass"]


def test_each_pass_consumes_its_part_of_the_text() -> None:
    st = identifiers_pass(APA, Record(), [])
    assert st.record.DOI == "10.1000/xyz" and st.has_id
    assert "doi.org" not in st.rest
    authors_pass(st)
    assert [a.family for a in st.record.author] == ["Smith", "Doe"]
    assert st.rest.lstrip().startswith("(2019)")
    year_pass(st)
    assert st.record.year == 2019 and "2019" not in st.rest
    title_pass(st)
    assert st.record.title == "A study of things"
    assert (st.tail.container, st.tail.volume, st.tail.issue, st.tail.page) == (
        "Journal of Stuff", "12", "3", "45-67")


def test_the_passes_together_are_parse_reference() -> None:
    rec = parse_reference(APA).record
    assert (rec.container_title, rec.volume, rec.issue, rec.page, rec.type) == (
        "Journal of Stuff", "12", "3", "45-67", "article-journal")


def test_modules_and_functions_fit_on_a_screen() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 600, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                assert node.end_lineno - node.lineno + 1 <= 80, f"{path.name}: {node.name}"
