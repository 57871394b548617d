"""citecheck.names: the one home of the person-name rules, and the stages that use it."""

from __future__ import annotations

import pytest

from citecheck.extract.bibtex import record_from_bibtex_fields
from citecheck.model import Name, Record
from citecheck.names import (
    collab_key,
    first_author_key,
    is_collective,
    is_et_al,
    name_key,
    parse_person,
    strip_et_al,
)
from citecheck.reading.author_blocks import split_loose_authors
from citecheck.reading.names import scan_authors
from citecheck.reading.reconcile import _restore_names
from citecheck.reading.refparse.realign import _authors_from
from citecheck.sources._common import split_name
from citecheck.verify.authors import compare_authors


@pytest.mark.parametrize("text", [
    "Smith, J., et al.", "Smith, J. et al", "Smith, J., et alii", "Smith, J., et alia",
    "Smith, J. u. a.", "Smith, J., and others", "Smith, J. & al.", "Smith, J., …",
])
def test_every_et_al_form_marks_a_truncated_list(text: str) -> None:
    assert strip_et_al(text) == ("Smith, J.", True)


@pytest.mark.parametrize("text", ["Petal, J.", "Khan, M. U. A.", "Alia, R.", "Bua, A."])
def test_names_that_merely_contain_the_letters_are_not_et_al(text: str) -> None:
    assert strip_et_al(text) == (text, False)


def test_is_et_al_for_whole_name_fields() -> None:
    assert all(is_et_al(t) for t in ("others", "et al.", "et al", "et alii", "u. a.", "and others"))
    assert not any(is_et_al(t) for t in ("Alia", "Otters", "", None))


@pytest.mark.parametrize(("text", "family", "given", "suffix"), [
    ("Albert Einstein", "Einstein", "Albert", None),
    ("Einstein, Albert", "Einstein", "Albert", None),
    ("Ludwig van Beethoven", "van Beethoven", "Ludwig", None),
    ("Johannes Diderik van der Waals", "van der Waals", "Johannes Diderik", None),
    ("J. R. R. Tolkien", "Tolkien", "J. R. R.", None),
    ("Martin Luther King Jr.", "King", "Martin Luther", "Jr."),
    ("King, Jr., Martin Luther", "King", "Martin Luther", "Jr."),
    ("King, Martin Luther, Jr.", "King", "Martin Luther", "Jr."),
    ("Smith JA", "Smith", "J. A.", None),
    ("Plato", "Plato", None, None),
])
def test_parse_person(text: str, family: str, given: str | None, suffix: str | None) -> None:
    name = parse_person(text)
    assert (name.family, name.given, name.suffix) == (family, given, suffix)


def test_parse_person_keeps_organisations_whole() -> None:
    assert parse_person("ATLAS Collaboration").literal == "ATLAS Collaboration"
    assert parse_person("World Health Organization").literal == "World Health Organization"
    assert parse_person("  ,  ") == Name()


def test_adapters_and_bibtex_use_the_same_splitter() -> None:
    for text in ("Ludwig van Beethoven", "King, Jr., Martin Luther", "ATLAS Collaboration"):
        assert split_name(text) == parse_person(text)
    record = record_from_bibtex_fields("article", {"author": "Ludwig van Beethoven and others"})
    assert record.author == [parse_person("Ludwig van Beethoven")]
    assert record.authors_truncated


@pytest.mark.parametrize("value", ["Smith, J. and et alii", "Smith, J. and others", "Smith, J. and et al."])
def test_bibtex_et_al_forms(value: str) -> None:
    record = record_from_bibtex_fields("article", {"author": value})
    assert [n.family for n in record.author] == ["Smith"] and record.authors_truncated


@pytest.mark.parametrize("text", ["Smith, J., et alii", "Smith, J. u. a."])
def test_et_alii_and_u_a_read_as_truncated_everywhere(text: str) -> None:
    # the parser's author grammar
    scan = scan_authors(text + " A title of the paper. 2001.")
    assert [n.family for n in scan.names] == ["Smith"] and scan.truncated
    # the loose splitter
    assert [n.family for n in split_loose_authors(text)] == ["Smith"]
    # the realigner's author re-reading
    got = _authors_from(text)
    assert got is not None and [n.family for n in got[0]] == ["Smith"] and got[1]
    # verification: an et-al list written into one name field; the reading set right: names restored from a title
    found = Record(author=[Name(family="Smith", given="John"), Name(family="Jones", given="K.")])
    comparison = compare_authors(Record(author=[Name(literal=text)]), found)
    assert comparison is not None and comparison.cited == 1 and comparison.matched == 1
    restored = Record()
    _restore_names(restored, text, found)
    assert [n.family for n in restored.author] == ["Smith"]


def test_keys() -> None:
    assert name_key("van der Waals") == name_key("Waals") == "waals"
    assert name_key("Schrödinger") == "schrodinger"
    assert name_key("zu Guttenberg") == "guttenberg"
    assert collab_key("The ATLAS Collaboration") == "atlas"
    assert is_collective("CMS Collaboration") and not is_collective("Smith")
    record = Record(author=[Name(family="de Groot", given="S.")])
    assert first_author_key(record) == "groot"


@pytest.mark.parametrize(("text", "want"), [
    # NLM/Vancouver suffixes after the initials, and particles inside a family name
    ("Blattner FR, Plunkett G 3rd, Bloch CA, Perna NT. The complete genome",
     [("Blattner", "F. R.", None), ("Plunkett", "G.", "3rd"), ("Bloch", "C. A.", None), ("Perna", "N. T.", None)]),
    ("Bell RC, Coalson JJ, Johanson WG Jr. Multiple organ system failure",
     [("Bell", "R. C.", None), ("Coalson", "J. J.", None), ("Johanson", "W. G.", "Jr")]),
    ("Ciatto S, Rosselli del Turco M, Catarzi S. The contribution of sonography",
     [("Ciatto", "S.", None), ("Rosselli del Turco", "M.", None), ("Catarzi", "S.", None)]),
])
def test_vancouver_suffixes_and_inner_particles(text: str, want: list[tuple[str, str, str | None]]) -> None:
    scan = scan_authors(text)
    assert [(n.family, n.given, n.suffix) for n in scan.names] == want
    assert text[scan.end:].lstrip(". ").split()[0] in {"The", "Multiple"}
