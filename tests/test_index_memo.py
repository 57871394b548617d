"""Queries an open local index remembers: ranked title queries and author posting counts are asked
once per open index, handed out as fresh lists, and never shared between indexes."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from citecheck.model import Record
from tests.fakes import RECORDS, records_index, sql_statements


@pytest.fixture()
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    return records_index(tmp_path_factory.mktemp("memo"))  # type: ignore[return-value]


def _fts_statements(index: LocalIndex, run: object) -> int:
    return sum("ORDER BY s, rowid" in s for s in sql_statements(index, run))  # the ranked title queries (`_fts_rows`)


def test_a_repeated_search_asks_the_index_once(index: LocalIndex) -> None:
    # a reworded title: no exact or close match, so the ranked OR query over its rare words runs
    def query() -> list[tuple[Record, float]]:
        return index.search_scored("Equation of state for dense hydrogen and plasma phase transition revisited again")

    first: list[list[tuple[Record, float]]] = []
    assert _fts_statements(index, lambda: first.append(query())) >= 1
    again: list[list[tuple[Record, float]]] = []
    assert _fts_statements(index, lambda: again.append(query())) == 0
    assert again == first


def test_remembered_rows_are_handed_out_as_fresh_lists(index: LocalIndex) -> None:
    rows = index._fts_rows('title_key : ("neutron")', 5)
    rows.clear()
    assert index._fts_rows('title_key : ("neutron")', 5) == list(index._fts_memo('title_key : ("neutron")', 5, "1.0, 0.0"))


def test_each_open_index_remembers_its_own_queries(index: LocalIndex, tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite"
    build_index(db, [RECORDS])
    other = LocalIndex(db)
    index._fts_rows('title_key : ("neutron")', 5)
    assert _fts_statements(other, lambda: other._fts_rows('title_key : ("neutron")', 5)) == 1


def _vocab_statements(index: LocalIndex, run: object) -> int:
    """The author posting-count queries ``run`` made (the built table, or fts_vocab in an older index)."""
    return sum("author_df" in s or "fts_vocab" in s for s in sql_statements(index, run))


def test_author_posting_counts_are_asked_once_per_index(index: LocalIndex, tmp_path: Path) -> None:
    terms = ["holst", "nettelmann", "nosuchname"]
    first: list[list[str]] = []
    assert _vocab_statements(index, lambda: first.append(index._searchable_authors(terms))) == 1
    again: list[list[str]] = []
    assert _vocab_statements(index, lambda: again.append(index._searchable_authors(terms[::-1]))) == 0
    assert first[0] == terms and again[0] == terms[::-1]  # the cited order kept; unknown words count as rare
    # only the words not yet seen are asked
    more: list[list[str]] = []
    assert _vocab_statements(index, lambda: more.append(index._searchable_authors(["redmer", "holst"]))) == 1
    db = tmp_path / "fresh.sqlite"
    build_index(db, [RECORDS])
    assert LocalIndex(db)._searchable_authors(["redmer", "holst"]) == more[0]


def test_a_common_name_stays_out_of_author_queries_when_remembered(
    index: LocalIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    import citecheck.index.search as search

    monkeypatch.setattr(search, "AUTHOR_POSTINGS", 0)  # every name in the index counts as common
    index._author_df.clear()
    assert index._searchable_authors(["holst", "nosuchname"]) == ["nosuchname"]
    assert index._searchable_authors(["holst", "nosuchname"]) == ["nosuchname"]  # from the memo
    monkeypatch.setattr(search, "DF_MEMO", 1)
    assert index._searchable_authors(["redmer", "holst", "vygon"]) == []  # (the memo cleared past its bound)
    assert len(index._author_df) <= 3


def test_an_index_without_the_author_counts_table_counts_through_fts_vocab(index: LocalIndex, tmp_path: Path) -> None:
    import sqlite3

    terms = ["holst", "nettelmann", "redmer", "nosuchname"]
    counts = index._posting_counts({}, index._author_df_sql, terms, 0)
    db = tmp_path / "older.sqlite"
    build_index(db, [RECORDS])
    with sqlite3.connect(db) as conn:  # as an index built before the table was
        conn.execute("DROP TABLE author_df")
    older = LocalIndex(db)
    statements = sql_statements(older, lambda: older._searchable_authors(terms))
    assert any("fts_vocab" in s for s in statements) and not any("author_df" in s for s in statements)
    assert older._posting_counts({}, older._author_df_sql, terms, 0) == counts
    assert counts["holst"] > 0 and counts["nosuchname"] == 0
