"""The retrieval cascade (citecheck.retrieve.Cascade) over in-memory sources: each step finds a
record by itself, a step that finds nothing falls through to the next, a resolved identifier ends
the cascade before the later steps are asked, and a citation whose sources are too slow is
UNVERIFIED with the deadline named."""

from __future__ import annotations

import asyncio
import time

from citecheck.checker import Checker, CheckOptions
from citecheck.model import Citation, Provenance, Record
from citecheck.reading.reconcile import text_readings
from citecheck.retrieve import Cascade, LookupMemo, Retrieval, RetrieveOptions, retrieve
from tests.fakes import OTHER, REAL, MemorySource

#: a preprint known by its arXiv id only
PREPRINT = Record.from_csl({
    "id": "arxiv:1002.4459", "type": "article", "title": "Hadronic light-by-light scattering in the muon g-2",
    "author": [{"family": "Prades", "given": "J."}], "issued": {"date-parts": [[2010]]},
    "custom": {"arxiv": "1002.4459"},
})
#: a title-less reference's work: the text names the meeting where a title would be
ONG = Record.from_csl({
    "id": "ong", "type": "paper-conference", "title": "Myopic coding in multiple relay channels",
    "author": [{"family": "Ong", "given": "Lawrence"}, {"family": "Motani", "given": "Mehul"}],
    "issued": {"date-parts": [[2007]]},
})
ONG_TEXT = ("L. Ong and M. Motani, Proceedings of the 4th Annual IEEE Communications Society Conference on "
            "Sensor, Mesh, and Ad Hoc Communications and Networks (SECON 2007), San Diego, CA, pp. 334-343, "
            "Jun. 18-21 2007.")


def citation(raw: str = "", readings: list[Record] | None = None, **fields: object) -> Citation:
    record = Record.from_csl({"type": "article-journal", **fields})
    return Citation(id="c", raw=raw or str(fields), fields=record, readings=readings,
                    provenance=Provenance(format="text"))


def cascade(c: Citation, *sources: MemorySource, **options: object) -> Cascade:
    """The cascade with the reading stage's other readings of the text (`Reading.texts`)."""
    return Cascade(c, list(sources), RetrieveOptions(**options), LookupMemo(),  # type: ignore[arg-type]
                   text_readings(c))


def found(stage: Cascade | Retrieval) -> list[tuple[str | None, str]]:
    cands = stage.seen.values() if isinstance(stage, Cascade) else stage.candidates
    return [(c.record.id, c.matched_by) for c in cands]


REAL_FIELDS = {"title": REAL.title, "author": [{"family": "Mali", "given": "M."}],
               "issued": {"date-parts": [[2002]]}}
REAL_JVP = {"container-title": "Phys. Rev. B", "volume": "65", "page": "100518"}


# -- each step by itself -----------------------------------------------------------------------
def test_the_identifier_step_finds_a_record_by_its_doi_or_its_arxiv_id() -> None:
    source = MemorySource([REAL, OTHER, PREPRINT])
    stage = cascade(citation(DOI=REAL.DOI), source)
    asyncio.run(stage.identifiers())
    assert found(stage) == [(REAL.id, "doi")] and source.asked == ["doi"]
    stage = cascade(citation(custom={"arxiv": "1002.4459"}), source)
    asyncio.run(stage.identifiers())
    assert found(stage) == [(PREPRINT.id, "arxiv")]


def test_an_identifier_no_source_knows_is_recorded_as_unresolved() -> None:
    stage = cascade(citation(DOI="10.1103/physrevb.99.999999"), MemorySource([REAL], name="crossref"))
    asyncio.run(stage.identifiers())
    assert stage.seen == {}
    assert stage.result.unresolved == [("doi", "10.1103/physrevb.99.999999", "crossref")]
    assert "crossref: DOI 10.1103/physrevb.99.999999 not found" in stage.result.evidence


def test_the_journal_step_finds_a_title_less_reference_by_journal_volume_and_page() -> None:
    source = MemorySource([OTHER, REAL])
    stage = cascade(citation(**REAL_JVP), source)
    asyncio.run(stage.journal_volume_page())
    assert found(stage) == [(REAL.id, "journal")] and source.asked == ["journal"]
    stage = cascade(citation(**{**REAL_JVP, "page": "100519"}), source)
    asyncio.run(stage.journal_volume_page())
    assert stage.seen == {}


def test_the_title_step_keeps_only_hits_close_enough_to_the_cited_title() -> None:
    source = MemorySource([REAL, OTHER])
    stage = cascade(citation(**REAL_FIELDS), source)
    asyncio.run(stage.title_search())
    assert found(stage) == [(REAL.id, "title")] and stage.decisive()
    stage = cascade(citation(title="Phonon spectra of layered cuprates under uniaxial strain"), source)
    asyncio.run(stage.title_search())
    assert stage.seen == {} and source.asked == ["search", "search"]


def test_the_alternative_readings_step_searches_with_the_readings_the_citation_carries() -> None:
    source = MemorySource([REAL, OTHER])
    c = citation(title="Unknown words", readings=[Record(title=REAL.title)])
    stage = cascade(c, source)
    asyncio.run(stage.alternative_readings())
    assert found(stage) == [(REAL.id, "title")]
    assert any(f"search for '{REAL.title}' (re-read from the text)" in line for line in stage.result.evidence)


def test_the_whole_text_step_keeps_only_records_spelled_out_in_the_text() -> None:
    source = MemorySource([OTHER, REAL], text=True)
    raw = f"M. Mali et al., {REAL.title}, Phys. Rev. B 65 (2002) 100518"
    stage = cascade(citation(raw=raw, title="Mali et al"), source)
    asyncio.run(stage.whole_text())
    assert found(stage) == [(REAL.id, "title")] and "text" in source.asked
    assert any("search by the whole text → 2 hit(s), 1 spelled out in it" in line
               for line in stage.result.evidence)


def test_the_untitled_reading_step_searches_by_the_authors_and_year() -> None:
    # the first reading took the meeting for the title; the text's other reading has none
    source = MemorySource([ONG, OTHER])
    c = citation(raw=ONG_TEXT, title="Proceedings of the 4th Annual IEEE Communications Society Conference",
                 author=[{"family": "Ong", "given": "L."}], issued={"date-parts": [[2007]]})
    stage = cascade(c, source)
    asyncio.run(stage.untitled_reading())
    assert found(stage) == [("ong", "title")]
    assert any("search by the authors and year" in line for line in stage.result.evidence)


# -- fall-through --------------------------------------------------------------------------------
def test_an_unknown_doi_falls_through_to_the_journal_and_the_title() -> None:
    source = MemorySource([REAL, OTHER])
    c = citation(DOI="10.1103/physrevb.99.999999", **{**REAL_FIELDS, **REAL_JVP, "page": "1"})
    result = asyncio.run(retrieve(c, [source]))
    assert source.asked == ["doi", "journal", "search"]
    assert found(result) == [(REAL.id, "title")]
    assert result.unresolved == [("doi", "10.1103/physrevb.99.999999", "memory")]


def test_nothing_found_by_the_fields_falls_through_to_the_readings_then_the_whole_text() -> None:
    source = MemorySource([REAL, OTHER], text=True)
    raw = "M. Mali, Unknown words of a title nobody wrote, Phys. Rev. B 65, 100518 (2002)"
    c = citation(raw=raw, title="Unknown words of a title nobody wrote",
                 readings=[Record(title="Another reading of words nobody wrote")])
    result = asyncio.run(retrieve(c, [source], RetrieveOptions(journal_lookup=False), texts=text_readings(c)))
    # the fields' search, the carried reading's search (nothing close), then the whole text
    assert source.asked == ["search", "search", "text"]
    assert found(result) == [(REAL.id, "title")]
    assert result.evidence[-1] == "memory: search by the whole text → 2 hit(s), 1 spelled out in it"


def test_a_step_switched_off_is_not_asked() -> None:
    source = MemorySource([REAL, OTHER])
    c = citation(DOI=REAL.DOI, **REAL_FIELDS)
    result = asyncio.run(retrieve(c, [source], RetrieveOptions(identifier_lookup=False)))
    assert "doi" not in source.asked and found(result) == [(REAL.id, "title")]


# -- short-circuit on a resolved identifier --------------------------------------------------------
def test_a_resolved_identifier_of_the_cited_work_ends_the_cascade() -> None:
    first, second = MemorySource([REAL], name="first"), MemorySource([REAL], name="second")
    c = citation(DOI=REAL.DOI, **REAL_FIELDS, **REAL_JVP)
    result = asyncio.run(retrieve(c, [first, second]))
    assert first.asked == ["doi"] and second.asked == []  # one source resolving it is enough
    assert found(result) == [(REAL.id, "doi")]


def test_a_resolved_identifier_ends_the_cascade_of_a_title_less_reference() -> None:
    source = MemorySource([REAL, OTHER])
    c = citation(DOI=REAL.DOI, author=[{"family": "Mali", "given": "M."}], **REAL_JVP)
    result = asyncio.run(retrieve(c, [source]))
    assert source.asked == ["doi"] and found(result) == [(REAL.id, "doi")]


def test_an_identifier_whose_record_has_another_title_does_not_end_the_cascade() -> None:
    # a real DOI under another work's title (the reviewer's case): the title is searched too
    source = MemorySource([REAL, OTHER])
    c = citation(DOI=REAL.DOI, title=OTHER.title)
    result = asyncio.run(retrieve(c, [source]))
    assert source.asked == ["doi", "search"]
    assert sorted(found(result)) == sorted([(REAL.id, "doi"), (OTHER.id, "title")])


# -- the per-citation deadline -------------------------------------------------------------------
def test_a_source_slower_than_the_deadline_leaves_the_citation_unverified_and_named() -> None:
    slow = MemorySource([REAL], name="slow", delay=30.0)
    checker = Checker(use_index=False, sources=[slow], offline=True, options=CheckOptions(deadline=0.3))
    started = time.monotonic()
    [verdict] = checker.check_citations([citation(**REAL_FIELDS)])
    assert time.monotonic() - started < 10
    assert verdict.label.value == "UNVERIFIED" and verdict.match is None
    assert verdict.rationale is not None
    assert verdict.rationale.startswith("deadline: slow did not answer in time (the 0.3 s budget")


def test_a_source_within_the_deadline_is_waited_for() -> None:
    steady = MemorySource([REAL], name="steady", delay=0.05)
    checker = Checker(use_index=False, sources=[steady], offline=True, options=CheckOptions(deadline=5.0))
    [verdict] = checker.check_citations([citation(**REAL_FIELDS)])
    assert verdict.match is not None and verdict.match.id == REAL.id
    assert not (verdict.rationale or "").startswith("deadline")
