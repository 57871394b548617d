"""Work the offline checker no longer does (session of 2026-12-06, throughput): braces-only LaTeX
without pylatexenc, author posting counts remembered per open index, one scan to protect identifiers,
the batch inherited by forked workers rather than pickled to them. Each must leave every answer as
it was."""

from __future__ import annotations

import multiprocessing
import random
from pathlib import Path

import pytest

from citecheck.extract.cleanup import _LATEX, _LATEX_MORE_RE, latex_to_text
from citecheck.extract.pdftext import clean_pdf_text
from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from tests.fakes import RECORDS, devset_batch, records_index, sql_statements


@pytest.mark.parametrize("text", [
    "@article{Xu1995,\n  author = {Xu, D. and Yip, S. K.},\n  title = {{Nonlinear Meissner effect}},\n}",
    "{{CMS Collaboration}}, Phys. Rev. {D} 58 (1998) 096002",
    "a}b{ {é} ü", "{a", "{}", "{a}\n\n\n{b}\t{c}", "pages = {5343--5370}", "a---b----c -{-}- {--}-",
])
def test_braces_only_latex_reads_as_pylatexenc_reads_it(text: str) -> None:
    assert not _LATEX_MORE_RE.search(text)
    latex_to_text.cache_clear()
    assert latex_to_text(text) == _LATEX.latex_to_text(text)


def test_braces_only_fast_path_agrees_with_pylatexenc_on_random_text() -> None:
    rng = random.Random(20261206)
    alphabet = list("ab A{}{}{} \n\t,.---'`!?@=\"()[]:;/é1\r*+<>|–—")
    checked = 0
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        if _LATEX_MORE_RE.search(text) or not ("{" in text or "}" in text):
            continue
        checked += 1
        assert latex_to_text.__wrapped__(text) == _LATEX.latex_to_text(text), repr(text)
    assert checked > 10_000


@pytest.mark.parametrize("text,expected", [
    ("Schr{\\\"o}dinger {E}", "Schrödinger E"),  # a macro
    ("{A} ``quoted'' title", "A “quoted” title"),
])
def test_text_with_more_than_braces_still_goes_to_pylatexenc(text: str, expected: str) -> None:
    assert _LATEX_MORE_RE.search(text)
    assert latex_to_text.__wrapped__(text) == expected


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    return records_index(tmp_path_factory.mktemp("authors"))  # type: ignore[return-value]


def _vocab_statements(index: LocalIndex, run: object) -> int:
    return sum("fts_vocab" in s for s in sql_statements(index, run))


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


def test_many_identifiers_are_left_as_they_are_and_few_are_protected() -> None:
    # past 200 identifiers a string is not a reference: nothing is protected (as before)
    many = " ".join(f"arXiv:{1000 + i}.{10000 + i}" for i in range(220)) + " Phys .Rev .47 ,777"
    assert clean_pdf_text(many).endswith("Phys. Rev. 47, 777")
    few = "A. Author, Phys .Rev .47 ,777 (1935), doi:10.1103/PhysRev.47.777 ,arXiv:1002.4459 [hep-ph]"
    out = clean_pdf_text(few)
    assert "doi:10.1103/PhysRev.47.777" in out and "arXiv:1002.4459 [hep-ph]" in out
    assert out.startswith("A. Author, Phys. Rev. 47, 777 (1935)")


def test_forked_workers_read_their_chunks_from_the_inherited_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this platform: chunks are pickled (tested below)")
    import citecheck.parallel as parallel
    from citecheck.extract.cli import read_inputs
    from citecheck.index.default import default_index_path

    citations, _ = read_inputs([devset_batch(tmp_path, 12)], None, defer=True)
    spec = parallel.WorkerSpec(index=default_index_path(), thresholds=None, sources=None,
                               use_cache=False, concurrency=4)
    forked = sorted((v.citation.id, v.label.value, v.score) for v in
                    parallel.check_in_processes(citations, spec, 2, chunk=5))
    assert parallel._BATCH is None  # the parent lets go of it
    # the spawn path: the chunks themselves cross the pipe
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    spawned = sorted((v.citation.id, v.label.value, v.score) for v in
                     parallel.check_in_processes(citations, spec, 2, chunk=5))
    assert len(forked) == 12 and forked == spawned
    # a forked worker's task is only (start, stop) into the batch it inherited
    from citecheck.checker import Checker

    monkeypatch.setattr(parallel, "_BATCH", parallel._repeats_together(citations))
    monkeypatch.setattr(parallel, "_CHECKER", Checker(index=spec.index, sources=[], offline=True))
    ids = [v.citation.id for v in parallel._check_chunk((2, 5))]
    assert ids == [c.id for c in parallel._BATCH[2:5]]  # type: ignore[index]
