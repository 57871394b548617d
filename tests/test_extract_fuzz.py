"""Property tests: the readers never crash on arbitrary text and never lose an entry."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck.entries import read_entries
from citecheck.extract.bibtex import read_bibtex
from citecheck.extract.jsonl import read_jsonl as found_jsonl
from citecheck.extract.text import read_reference_list as found_reference_list
from citecheck.model import Citation
from citecheck.reading.refparse import ParsedReference, parse_reference


def read_jsonl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_jsonl: its entries, read."""
    return read_entries(found_jsonl(*args, **kwargs), kwargs.get("defer", False))


def read_reference_list(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_reference_list: its entries, read."""
    return read_entries(found_reference_list(*args, **kwargs), kwargs.get("defer", False))



SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text that looks a bit like references: letters, digits, punctuation used in citations,
# LaTeX and Markdown markup, accents and odd Unicode.
REFISH = st.lists(
    st.sampled_from(
        list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        + list(" ,.;:()[]{}\"'-–&*_#@\\/$%~\n") + ["et al.", "and ", "(2019)", "10.1103/",
        "arXiv:", "hep-th/9901001", "vol. ", "pp. ", "Phys. Rev. ", "ö", "Ł", "\\\"o", "**",
        "Smith, J., ", "J. Smith, ", "1998", " 81, 4412 "]
    ),
    max_size=80,
).map("".join)
ANY_TEXT = st.text(max_size=400)


def _check_parsed(p: ParsedReference) -> None:
    assert 0.0 <= p.confidence <= 1.0
    p.record.to_csl()  # serialisable
    if p.record.page:
        assert "–" not in p.record.page


@SETTINGS
@given(st.one_of(REFISH, ANY_TEXT))
def test_parse_reference_never_crashes(text: str) -> None:
    _check_parsed(parse_reference(text))


def _entries_ok(cits: list[Citation]) -> None:
    ids = [c.id for c in cits]
    assert len(ids) == len(set(ids)), ids
    for i, c in enumerate(cits):
        assert c.provenance.index == i
        assert c.error is None or c.error.startswith(str(c.provenance.file))


@SETTINGS
@given(st.lists(st.one_of(REFISH, ANY_TEXT), max_size=8))
def test_read_reference_list_never_crashes(lines: list[str]) -> None:
    text = "\n".join(lines)
    cits = read_reference_list(text, "fuzz.md")
    _entries_ok(cits)
    for c in cits:
        assert c.provenance.line is not None and 1 <= c.provenance.line <= len(text.splitlines())


@SETTINGS
# mapped, not filtered: a filter rejecting most draws trips Hypothesis' filter_too_much check
@given(st.lists(REFISH.map(lambda s: f"{' '.join(s.split())} 2001"), min_size=1, max_size=6))
def test_numbered_list_reports_every_entry(entries: list[str]) -> None:
    text = "References\n\n" + "\n".join(f"[{i}] {e.strip()}" for i, e in enumerate(entries, 1))
    cits = read_reference_list(text, "list.txt")
    assert [c.id for c in cits] == [f"list.txt#{i}" for i in range(1, len(entries) + 1)]


FIELD_VALUE = st.text(alphabet=st.characters(blacklist_characters="{}\\@", blacklist_categories=("Cs",)),
                      max_size=40)


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["article", "misc", "book", "inproceedings", "weird"]),
                          st.from_regex(r"[A-Za-z][A-Za-z0-9:_-]{0,12}", fullmatch=True),
                          st.dictionaries(st.sampled_from(["title", "author", "year", "journal",
                                                           "pages", "doi", "eprint", "month"]),
                                          FIELD_VALUE, max_size=5),
                          st.booleans()),
                max_size=6))
def test_read_bibtex_reports_every_entry(entries: list[tuple[str, str, dict[str, str], bool]]) -> None:
    parts = []
    for etype, key, fields, broken in entries:
        body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
        close = "" if broken else "\n}"
        parts.append(f"@{etype}{{{key},\n{body}{close}\n")
    text = "\n".join(parts)
    cits = read_bibtex(text, "fuzz.bib")
    _entries_ok(cits)
    assert len(cits) == len(entries)


@SETTINGS
@given(ANY_TEXT)
def test_read_bibtex_arbitrary_text(text: str) -> None:
    _entries_ok(read_bibtex(text, "any.bib"))


@SETTINGS
@given(st.lists(st.one_of(
    ANY_TEXT.map(lambda s: " ".join(s.splitlines())),
    st.builds(lambda i, t: json.dumps({"id": i, "text": t}), st.text(max_size=10), REFISH),
    st.builds(lambda t: json.dumps({"bibtex": t}), ANY_TEXT),
    st.builds(lambda t: json.dumps({"csl": {"title": t, "author": [{"family": t}]}}), ANY_TEXT),
    st.builds(json.dumps, st.one_of(st.integers(), st.lists(st.integers()), st.none())),
), max_size=8))
def test_read_jsonl_reports_every_line(lines: list[str]) -> None:
    text = "\n".join(lines)
    cits = read_jsonl(text, "fuzz.jsonl")
    _entries_ok(cits)
    # JSON Lines: only "\n" ends a line and only ASCII whitespace is blank; a line of U+00A0 is a
    # line of bad JSON, reported as such (found by this test)
    assert len(cits) == sum(1 for line in text.split("\n") if line.strip(" \t\r\f\v"))
