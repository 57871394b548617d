"""Retrieval: typed ranking signals, which search hits are accepted (namesakes of another initial
are not), one method per cascade stage, sources' statuses. The cascade's order, fall-through,
short-circuit and deadline: tests/test_retrieve_cascade.py."""

from __future__ import annotations

import asyncio

import pytest

from citecheck.model import Citation, Name, Record, Signals, set_year
from citecheck.reading.reconcile import text_readings
from citecheck.retrieve import (
    Cascade,
    LookupMemo,
    RetrieveOptions,
    accept_search_hit,
    rank_signals,
    retrieve,
)
from tests.fakes import OTHER, REAL, MemorySource


def citation(**fields: object) -> Citation:
    record = Record.from_csl({"type": "article-journal", **fields})
    return Citation(id="c", raw=str(fields), fields=record)


def cascade(c: Citation, *sources: MemorySource) -> Cascade:
    return Cascade(c, list(sources), RetrieveOptions(), LookupMemo())


def test_signals_are_typed_and_rank_candidates() -> None:
    cited = Record(title=REAL.title, author=[Name(family="Mali", given="M.")])
    set_year(cited, 2002)
    s = rank_signals(cited, REAL)
    assert s == Signals(title_similarity=1.0, year_agree=True, author_agree=True)
    assert s.personal_author_agrees and accept_search_hit(s, has_title=True)
    collab = Record(title="x" * 20, author=[Name(literal="ATLAS Collaboration")])
    found = Record(title="y" * 20, author=[Name(literal="ATLAS Collaboration")])
    s = rank_signals(collab, found)
    assert s.author_agree and s.author_collective and not s.personal_author_agrees


def test_each_stage_runs_on_its_own() -> None:
    source = MemorySource([REAL, OTHER])
    c = citation(DOI=REAL.DOI)
    stage = cascade(c, source)
    asyncio.run(stage.identifiers())
    assert [cand.matched_by for cand in stage.seen.values()] == ["doi"]
    c = citation(**{"container-title": "Phys. Rev. B", "volume": "65", "page": "100518"})
    stage = cascade(c, source)
    asyncio.run(stage.journal_volume_page())
    assert [cand.record.id for cand in stage.seen.values()] == [REAL.id]
    stage = cascade(citation(title=OTHER.title), source)
    asyncio.run(stage.title_search())
    assert [cand.record.id for cand in stage.seen.values()] == [OTHER.id] and stage.decisive()


def test_alternative_readings_search_again_when_nothing_was_found() -> None:
    # the parser put the real title into the journal field
    c = citation(title="Unknown words", **{"container-title": f"{REAL.title}. Phys. Rev. B"})
    c.raw = f"M. Mali, Unknown words. {REAL.title}. Phys. Rev. B 65, 100518 (2002)"
    result = asyncio.run(retrieve(c, [MemorySource([REAL])], RetrieveOptions(journal_lookup=False),
                                  texts=text_readings(c)))
    assert [cand.record.id for cand in result.candidates] == [REAL.id]
    assert any("re-read from the text" in line for line in result.evidence)
    # without the reading stage's readings, retrieval reads no text itself: nothing is found
    bare = asyncio.run(retrieve(c, [MemorySource([REAL])], RetrieveOptions(journal_lookup=False)))
    assert bare.candidates == []


def test_a_failing_source_is_recorded_and_does_not_stop_the_cascade() -> None:
    result = asyncio.run(retrieve(citation(title=REAL.title),
                                  [MemorySource([], name="down", fail="HTTP 503"), MemorySource([REAL])]))
    assert {s.source: s.status for s in result.statuses} == {"down": "failed", "memory": "answered"}
    assert [cand.record.id for cand in result.candidates] == [REAL.id]


def _person(family: str, given: str | None) -> Name:
    return Name(family=family, given=given)


@pytest.mark.parametrize(("given", "found", "accepted"), [
    ("Q.-X.", [("Wang", "Zhiyong"), ("Liu", "Xinfei"), ("Liu", "Kai")], False),  # namesakes of other initials
    ("Q.-X.", [("Liu", "Quan-Xing"), ("Sun", "Gui-Quan")], True),
    ("Q.-X.", [("Liu", None)], True),  # a record without given names says nothing against
    (None, [("Liu", "Xinfei")], True),  # nor does a citation without initials
])
def test_a_namesake_of_another_initial_is_no_title_less_match(
        given: str | None, found: list[tuple[str, str | None]], accepted: bool) -> None:
    cited = Record(author=[_person("Liu", given)], issued={"date-parts": [[2009]]})
    record = Record(author=[_person(f, g) for f, g in found], issued={"date-parts": [[2009]]})
    signals = rank_signals(cited, record)
    assert signals.author_agree is True
    assert accept_search_hit(signals, has_title=False) is accepted
