"""Work the checker no longer repeats (eighth session of 2026-12-05, throughput): ranked FTS queries
remembered per open index, the PDF clean-up remembered per string, deep copies of CSL models that copy
only what is mutable. Each must leave every answer as it was."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from citecheck.extract.pdftext import clean_pdf_text
from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from citecheck.model import DateParts, Name, Record
from tests.fakes import RECORDS, records_index, sql_statements


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    return records_index(tmp_path_factory.mktemp("memo"))  # type: ignore[return-value]


def _fts_statements(index: LocalIndex, run: object) -> int:
    return sum("rank MATCH" in s for s in sql_statements(index, run))  # the ranked title queries (`_fts_rows`)


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


def test_the_clean_up_of_a_string_is_remembered() -> None:
    text = "A. Einstein, Phys .Rev .47 ,777 (1935) -- eighth session"
    first = clean_pdf_text(text)
    hits = clean_pdf_text.cache_info().hits
    assert clean_pdf_text(text) == first == "A. Einstein, Phys. Rev. 47, 777 (1935) -- eighth session"
    assert clean_pdf_text.cache_info().hits == hits + 1


def _record() -> Record:
    return Record.model_validate({
        "id": "doi:10.1/x", "title": "A title", "volume": "3",
        "author": [{"family": "Doe", "given": "J.", "note": ["kept"]}, {"literal": "ATLAS Collaboration"}],
        "issued": {"date-parts": [[2001, 5]]}, "custom": {"arxiv": "0101.0001", "nested": {"a": [1]}},
        "language": ["en", ["x"]],
    })


@pytest.mark.parametrize("how", ["model_copy", "deepcopy"])
def test_a_deep_copy_equals_the_record_and_shares_nothing_mutable(how: str) -> None:
    rec = _record()
    dup = rec.model_copy(deep=True) if how == "model_copy" else copy.deepcopy(rec)
    assert dup == rec and dup.model_dump(by_alias=True) == rec.model_dump(by_alias=True)
    assert dup.model_fields_set == rec.model_fields_set and dup.model_extra == rec.model_extra
    dup.author[0].family = "Roe"
    dup.author[0].note.append("changed")  # type: ignore[attr-defined]
    dup.author.append(Name(family="New"))
    assert dup.issued is not None and dup.issued.date_parts is not None
    dup.issued.date_parts[0][0] = 1999
    dup.custom["nested"]["a"].append(2)
    dup.language[1].append("y")  # type: ignore[attr-defined]
    assert rec.author[0].family == "Doe" and rec.author[0].note == ["kept"]  # type: ignore[attr-defined]
    assert len(rec.author) == 2
    assert rec.issued == DateParts.model_validate({"date-parts": [[2001, 5]]})
    assert rec.custom["nested"] == {"a": [1]} and rec.language == ["en", ["x"]]  # type: ignore[attr-defined]


def test_a_deep_copy_keeps_which_fields_were_set() -> None:
    rec = Record(title="Only a title")
    dup = rec.model_copy(deep=True)
    assert dup.model_fields_set == {"title"}
    assert dup.model_dump(exclude_unset=True) == {"title": "Only a title"}


def _python(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_an_offline_check_never_loads_the_http_client() -> None:
    # the CLI's offline path: the parser, the checker and the cache-only sources
    out = _python(
        "import sys\n"
        "import citecheck.cli, citecheck.checker, citecheck.llm.setup\n"
        "from citecheck.sources.config import load_config\n"
        "from citecheck.sources.registry import build_sources\n"
        "build_sources(None, config=load_config(), offline=True, use_cache=False)\n"
        "print('httpx' in sys.modules)\n"
    )
    assert out == "False"


@pytest.mark.parametrize("text", ["Martı\u0301nez", "Ångström", "ελληνικά", "ёлка", "日本語", "e\u0301\u0300", "plain"])
def test_combining_marks_are_dropped_as_unicodedata_says(text: str) -> None:
    import unicodedata

    from citecheck.folding import drop_combining

    decomposed = unicodedata.normalize("NFKD", text)
    assert drop_combining(decomposed) == "".join(c for c in decomposed if not unicodedata.combining(c))


def test_the_response_cache_lives_in_the_configured_directory_or_the_cache_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from citecheck.sources.cache import default_cache_path

    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path / "env"))
    assert default_cache_path() == tmp_path / "env" / "sources.sqlite"
    assert default_cache_path(str(tmp_path / "set")) == tmp_path / "set" / "sources.sqlite"
