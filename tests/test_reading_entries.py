"""Extract finds entries and reads none; `reading.read_entries` reads each free-text entry once, in the
order found, with what the layout said of how (a bibliography dash, text after a list, a markup's fields)."""

from __future__ import annotations

import pytest

from citecheck.extract.text import read_reference_list
from citecheck.extract.unread import Unread, unread, unread_of
from citecheck.model import Citation, Name, Provenance, Record, set_year
from citecheck.reading import read_entries
from citecheck.reading.entries import DASH_WARNING

REFERENCE = "Doe, J. (2019). A study of quantum criticality in heavy-fermion metals. Journal of Things, 3(2), 1-10."


def _entry(cid: str, text: str, file: str = "refs.pdf", index: int = 0, found: Record | None = None,
           **how: object) -> Citation:
    return unread(cid, text, Provenance(file=file, index=index, format="pdf"), Unread(text, **how),  # type: ignore[arg-type]
                  found=found if found is not None else Record(id=cid))


def test_extract_leaves_a_free_text_entry_unread_and_the_reading_stage_reads_it() -> None:
    [found] = read_reference_list(f"1. {REFERENCE}\n", "r.txt")
    assert unread_of(found) == Unread(REFERENCE) and found.fields.title is None
    [read] = read_entries([found])
    assert read is found and unread_of(read) is None and read.pending is None
    assert read.fields.title and "quantum criticality" in read.fields.title
    assert read.fields.id == "r.txt#1" and read.readings is not None


def test_a_bibliography_dash_repeats_the_authors_of_the_entry_before_in_the_same_file() -> None:
    first = _entry("a#1", REFERENCE)
    dashed = _entry("a#2", "(2020). Another study of heavy-fermion metals at low temperature. Journal of Things, 4, 5-9.",
                    index=1, same_authors=True)
    elsewhere = _entry("b#1", "(2020). Another study of heavy-fermion metals at low temperature. Journal of Things, 4, 5-9.",
                       file="other.pdf", same_authors=True)
    read = read_entries([first, dashed, elsewhere])
    assert [a.family for a in read[1].fields.author] == [a.family for a in read[0].fields.author] == ["Doe"]
    assert DASH_WARNING in read[1].parse_warnings
    assert DASH_WARNING not in read[2].parse_warnings  # the entry before is another file's


def test_text_after_a_list_that_reads_as_no_reference_is_no_entry_and_the_positions_close_up() -> None:
    text = f"1. {REFERENCE}\n\nLet me know if you need more sources, happy to help.\n\n5. {REFERENCE.replace('2019', '2020')}\n"
    found = read_reference_list(text, "r.md")
    assert [c.provenance.index for c in found] == [0, 1, 2]
    read = read_entries(found)
    assert [c.id for c in read] == ["r.md#1", "r.md#5"]
    assert [c.provenance.index for c in read] == [0, 1]


def test_the_fields_a_markup_gave_fill_only_what_the_reading_left_empty() -> None:
    markup = Record(id="key", DOI="10.1000/markup", custom={"arxiv": "2101.00001"})
    set_year(markup, 1999)
    [plain] = read_entries([_entry("c", REFERENCE, found=markup.model_copy(deep=True))])
    assert plain.fields.id == "key" and plain.fields.DOI == "10.1000/markup"
    assert plain.fields.year == 2019 and plain.fields.custom["arxiv"] == "2101.00001"  # the text's year wins
    [cited] = read_entries([_entry("d", REFERENCE + " doi:10.1000/text", found=markup.model_copy(deep=True))])
    assert cited.fields.DOI == "10.1000/text"


def test_a_reading_that_fails_sinks_its_own_entry_only_where_extract_said_how(monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.reading.combine as combine

    def broken(text: str) -> object:
        raise RuntimeError("parser bug")

    monkeypatch.setattr(combine, "read_reference", broken)
    [failed] = read_entries([_entry("e", REFERENCE, failure="refs.pdf: page 3: cannot parse reference: ")])
    assert failed.error == "refs.pdf: page 3: cannot parse reference: parser bug"
    assert failed.parse_confidence == 0.0 and failed.pending is None
    with pytest.raises(RuntimeError):
        read_entries([_entry("f", REFERENCE)])


def test_structured_entries_pass_through_with_no_other_reading() -> None:
    entry = Citation(id="k", raw="@article{k, title={T}}", fields=Record(id="k", title="T"),
                     provenance=Provenance(format="bibtex"), )
    entry.fields.author = [Name(family="Doe")]
    [read] = read_entries([entry])
    assert read.readings == [] and read.fields.title == "T"
