"""The orchestrator's decisions, over an in-memory source: no index, no network."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.checker import Checker, CheckOptions
from citecheck.model import Citation, Label, Name, Provenance, Record, set_year
from tests.fakes import FABRICATED, OTHER, REAL, MemorySource, cite


def checker(*sources: MemorySource, **opts: object) -> Checker:
    return Checker(use_index=False, sources=list(sources), offline=True, options=CheckOptions(**opts))


def test_faithful_citation_is_exact() -> None:
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([cite()])
    assert v.label is Label.EXACT, v.rationale
    assert v.match is not None and v.match.id == REAL.id
    assert v.matched_by == "doi"
    assert v.sources[0].status == "answered"


def test_wrong_year_is_minor_with_discrepancy() -> None:
    c = cite(DOI=None)
    set_year(c.fields, 2005)
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([c])
    assert v.label is Label.MINOR, v.rationale
    assert any(d.field == "issued" for d in v.discrepancies)


def test_fabricated_work_is_major_when_every_source_answered() -> None:
    c = cite(DOI=None, title="Quantum coherence of vortex lattices in thin films probed by muons",
             author=[{"family": "Marchetti", "given": "L."}], volume="12", page="345")
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([c])
    assert v.label is Label.MAJOR
    assert v.decided_by == "not_found"


def test_nothing_found_and_a_source_failed_is_unverified() -> None:
    c = cite(DOI=None, title="Quantum coherence of vortex lattices in thin films probed by muons")
    good = MemorySource([REAL], name="good")
    down = MemorySource([], name="down", fail="HTTP 503")
    [v] = checker(good, down).check_citations([c])
    assert v.label is Label.UNVERIFIED
    assert "down" in v.rationale
    assert {s.source: s.status for s in v.sources} == {"good": "answered", "down": "failed"}


def test_real_doi_dressed_in_fabricated_metadata_is_major_by_reviewer() -> None:
    c = cite(title="Giant anomalous Hall effect in epitaxial niobium films",
             author=[{"family": "Castellano", "given": "R."}, {"family": "Imamura", "given": "T."}],
             DOI="10.1063/1.1140646")
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([c])
    assert v.label is Label.MAJOR
    assert v.decided_by == "reviewer"
    assert "10.1063/1.1140646" in v.rationale


def test_wrong_doi_on_a_real_work_is_not_exact() -> None:
    # The text describes REAL, but the DOI belongs to OTHER: the work is identifiable → MINOR.
    c = cite(DOI="10.1063/1.1140646")
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([c])
    assert v.label is Label.MINOR, v.rationale
    assert v.match is not None and v.match.id == REAL.id


def test_title_less_physics_reference_found_by_journal_volume_page() -> None:
    c = Citation(id="aps", raw="M. Mali et al., Phys. Rev. B 65, 100518 (2002).", fields=Record.from_csl({
        "author": [{"family": "Mali", "given": "M."}], "container-title": "Phys. Rev. B",
        "volume": "65", "page": "100518", "issued": {"date-parts": [[2002]]},
        "custom": {"authors_truncated": True},
    }))
    [v] = checker(MemorySource([OTHER, REAL])).check_citations([c])
    assert v.label is Label.EXACT, v.rationale
    assert v.matched_by == "journal"


def test_error_citation_and_order_preserved() -> None:
    bad = Citation(id="bad", raw="@article{", error="refs.bib:3: unbalanced braces")
    empty = Citation(id="empty", raw="see above", fields=Record())
    verdicts = checker(MemorySource([REAL])).check_citations([cite("a"), bad, empty, cite("b")])
    assert [v.citation.id for v in verdicts] == ["a", "bad", "empty", "b"]
    assert verdicts[1].label is Label.ERROR and "refs.bib:3" in verdicts[1].rationale
    assert verdicts[2].label is Label.ERROR


def test_identifier_is_fetched_once_per_run() -> None:
    src = MemorySource([REAL])
    checker(src).check_citations([cite(f"c{i}") for i in range(5)])
    # one prefetch call + nothing else for DOIs; title search not needed (decisive DOI hit)
    assert src.calls == 1


@pytest.mark.parametrize("reviewer", [True, False])
def test_reviewer_ablation_runs(reviewer: bool) -> None:
    c = cite(title="Giant anomalous Hall effect in epitaxial niobium films",
             author=[Name(family="Castellano", given="R.").model_dump()], DOI="10.1063/1.1140646")
    [v] = checker(MemorySource([REAL, OTHER]), reviewer=reviewer).check_citations([c])
    assert v.label is not Label.EXACT


def test_low_confidence_parse_goes_to_the_reparser() -> None:
    asked: list[str] = []

    async def reparser(citation: Citation) -> Record | None:
        asked.append(citation.id)
        return REAL.model_copy(update={"id": ""})

    low = Citation(id="low", raw="garbled", fields=Record(), parse_confidence=0.2)
    high = cite("high")
    chk = Checker(use_index=False, sources=[MemorySource([REAL])], offline=True, reparser=reparser)
    verdicts = chk.check_citations([low, high])
    assert asked == ["low"]
    assert verdicts[0].label is Label.EXACT
    assert "re-parsed" in verdicts[0].citation.parse_warnings[-1]


def test_skipped_sources_neither_answer_nor_fail() -> None:
    from citecheck.sources.base import OfflineSource

    c = cite(DOI=None, title="Quantum coherence of vortex lattices in thin films probed by muons")
    offline = OfflineSource("crossref", frozenset({"doi", "search"}))
    [v] = checker(MemorySource([REAL]), offline).check_citations([c])  # type: ignore[arg-type]
    assert v.label is Label.MAJOR  # the index answered; a skipped source is no failure
    assert {s.source: s.status for s in v.sources} == {"memory": "answered", "crossref": "skipped"}


def test_not_found_names_the_sources_not_asked() -> None:
    from citecheck.sources.base import OfflineSource

    offline = OfflineSource("crossref", frozenset({"doi", "search"}))
    [v] = checker(MemorySource([REAL, OTHER]), offline).check_citations([cite(**FABRICATED)])  # type: ignore[arg-type]
    assert v.label is Label.MAJOR and v.decided_by == "not_found"
    assert "Not asked: crossref" in v.rationale  # a local index is not the literature
    assert v.confidence <= 0.6
    [v] = checker(MemorySource([REAL, OTHER]), MemorySource([], name="crossref")).check_citations(
        [cite(**FABRICATED)]
    )
    assert v.label is Label.MAJOR and "Not asked" not in v.rationale
    assert v.confidence >= 0.75


def test_doi_that_its_registry_does_not_know_makes_a_real_work_minor() -> None:
    c = cite(DOI="10.1103/physrevb.65.999999")
    index_like = MemorySource([REAL.model_copy(update={"DOI": None})], name="index")
    registry = MemorySource([], name="doi", scopes=("doi",))  # answers: no such DOI
    [v] = checker(index_like, registry).check_citations([c])
    assert v.label is Label.MINOR, v.rationale
    assert any(d.field == "DOI" and "doi" in (d.detail or "") for d in v.discrepancies)
    # Crossref is one registration agency among several: its "no such DOI" is no proof
    crossref = MemorySource([], name="crossref", scopes=("scholarly",))
    [v3] = checker(MemorySource([REAL.model_copy(update={"DOI": None})], name="index"),
                   crossref).check_citations([c])
    assert v3.label is Label.EXACT, v3.rationale
    # the local index alone is no proof that a DOI does not exist
    [v2] = checker(MemorySource([REAL.model_copy(update={"DOI": None})], name="index")).check_citations([c])
    assert v2.label is Label.EXACT


CHICAGO = ("Mali, M., Juergen Roos, A. Shengelaya, H. Keller, and K. Conder. 2002. “25Mg NMR study of "
           "the MgB2 superconductor.” Physical Review B 65: 100518.")


def _misparsed_chicago(**extra: object) -> Citation:
    """What a parser that lost the title makes of CHICAGO: names as the title, title in the journal."""
    data = {"title": "Juergen Roos, A. Shengelaya, H. Keller, and K. Conder",
            "author": [{"family": "Mali", "given": "M."}],
            "container-title": "“25Mg NMR study of the MgB2 superconductor.” Physical Review B",
            "volume": "65", "page": "100518", "issued": {"date-parts": [[2002]]}}
    data.update(extra)
    return Citation(id="chicago", raw=CHICAGO, fields=Record.from_csl(data),
                    provenance=Provenance(format="text"))


def test_title_lost_by_the_parser_is_searched_in_the_text_before_not_found() -> None:
    [v] = checker(MemorySource([OTHER, REAL])).check_citations([_misparsed_chicago()])
    assert v.label is Label.EXACT, v.rationale
    assert v.match is not None and v.match.id == REAL.id


def test_a_fabricated_chicago_citation_is_still_not_found() -> None:
    raw = CHICAGO.replace("25Mg NMR study of the MgB2 superconductor",
                          "Quantum coherence of vortex lattices probed by muons")
    c = _misparsed_chicago(**{"container-title": "“Quantum coherence of vortex lattices probed by muons.” "
                                                 "Physical Review B", "volume": "99"})
    c.raw = raw
    [v] = checker(MemorySource([OTHER, REAL])).check_citations([c])
    assert v.label is Label.MAJOR, v.rationale


def test_title_cut_at_a_subtitle_is_judged_whole() -> None:
    """The parser cut the title at '. II.'; the changed word after the cut must still count."""
    whole = REAL.model_copy(update={"title": "Causal wave mechanics and the advent of complexity. II. "
                                             "Dynamic uncertainty in quantum systems and the correspondence principle"})
    raw = ("Mali, M. (2002). *Causal wave mechanics and the advent of complexity. II. Dynamic uncertainty "
           "in quantum systems and the correspondence nodeless*. Phys. Rev. B, 65, 100518.")
    c = Citation(id="cut", raw=raw, provenance=Provenance(format="text"), fields=Record.from_csl({
        "title": "Causal wave mechanics and the advent of complexity",
        "author": [{"family": "Mali", "given": "M."}], "issued": {"date-parts": [[2002]]},
        "container-title": "II. Dynamic uncertainty in quantum systems and the correspondence nodeless. "
                           "Phys. Rev. B", "volume": "65", "page": "100518",
        "custom": {"authors_truncated": True}}))
    [v] = checker(MemorySource([whole])).check_citations([c])
    assert v.label is Label.MINOR, v.rationale
    assert any(d.field == "title" for d in v.discrepancies)
    faithful = c.model_copy(update={"raw": raw.replace("nodeless", "principle")})
    [v] = checker(MemorySource([whole])).check_citations([faithful])
    assert v.label is not Label.MAJOR, v.rationale


ATLAS_PAPER = Record.from_csl({
    "id": "doi:10.1016/j.physletb.2016.08.052", "type": "article-journal",
    "title": "Measurement of the W±Z boson pair-production cross section in pp collisions at √s = 13 TeV "
             "with the ATLAS detector",
    "author": [{"literal": "ATLAS Collaboration"}], "issued": {"date-parts": [[2016]]},
    "container-title": "Physics Letters B", "volume": "762", "page": "1",
    "DOI": "10.1016/j.physletb.2016.08.052", "custom": {"arxiv": "1606.04017"},
})


def test_a_collaboration_name_does_not_corroborate_a_loose_title_match() -> None:
    """ATLAS signs thousands of papers: sharing it and the year does not make a title with
    half its words changed the same work."""
    fake = Citation(id="fab", raw="", fields=Record.from_csl({
        "title": "Search for W boson pair production Using 13 TeV pp Collision Data from the ATLAS Detector",
        "author": [{"literal": "ATLAS Collaboration"}], "issued": {"date-parts": [[2016]]},
        "custom": {"arxiv": "1612.19858"}}))
    [v] = checker(MemorySource([ATLAS_PAPER, REAL])).check_citations([fake])
    assert v.label is Label.MAJOR, v.rationale
    # a one-word change of the same collaboration paper is still found, and MINOR
    drift = fake.model_copy(deep=True)
    drift.fields.title = ATLAS_PAPER.title.replace("Measurement", "Observation")
    drift.fields.custom = {"arxiv": "1606.04017"}
    [v] = checker(MemorySource([ATLAS_PAPER, REAL])).check_citations([drift])
    assert v.label is Label.MINOR, v.rationale


CMS_DIJET = Record.from_csl({
    "id": "doi:10.1103/physrevd.91.052009", "type": "article-journal",
    "title": "Search for resonances and quantum black holes using dijet mass spectra in proton–proton "
             "collisions at √s = 8 TeV",
    "author": [{"literal": "CMS Collaboration"}], "issued": {"date-parts": [[2015]]},
    "container-title": "Physical Review D", "volume": "91", "page": "052009",
    "DOI": "10.1103/physrevd.91.052009",
})
CMS_UPSILON = Record.from_csl({
    "id": "doi:10.1007/jhep11(2020)001", "type": "article-journal",
    "title": "Investigation into the event-activity dependence of Υ(nS) relative production in "
             "proton–proton collisions at √s = 7 TeV",
    "author": [{"literal": "CMS Collaboration"}], "issued": {"date-parts": [[2020]]},
    "container-title": "Journal of High Energy Physics", "container-title-short": "JHEP",
    "volume": "11", "page": "001", "DOI": "10.1007/jhep11(2020)001",
})


def test_a_borrowed_doi_is_major_even_when_the_title_resembles_another_paper() -> None:
    """The DOI resolves to one CMS paper, the made-up title shares its first words with another
    (years apart, every locator different): that look-alike must not excuse the borrowed DOI."""
    fake = Citation(id="dressed", raw="", fields=Record.from_csl({
        "title": "Search for Resonances and Quantum Black Holes at √s = 13 TeV",
        "author": [{"literal": "CMS Collaboration"}], "issued": {"date-parts": [[2020]]},
        "container-title": "JHEP", "volume": "11", "page": "001", "DOI": "10.1007/jhep11(2020)001"}))
    [v] = checker(MemorySource([CMS_DIJET, CMS_UPSILON])).check_citations([fake])
    assert v.label is Label.MAJOR, v.rationale
    assert v.decided_by == "reviewer" and "belongs to 'Investigation" in v.rationale
    # the real paper's own title, year and journal reference with that DOI: a real work cited
    # with the wrong DOI
    real = fake.model_copy(deep=True)
    for name in ("title", "issued", "container_title", "volume", "page"):
        setattr(real.fields, name, getattr(CMS_DIJET, name))
    [v] = checker(MemorySource([CMS_DIJET, CMS_UPSILON])).check_citations([real])
    assert v.label is Label.MINOR, v.rationale
    assert v.match is not None and v.match.id == CMS_DIJET.id


def test_an_emphasised_title_rescues_an_entry_the_parser_could_not_read() -> None:
    raw = (r"\bibitem{M.2002} W.~Mali. R., J.~Roos. S., \emph{25Mg NMR study of the MgB2 superconductor}, "
           "(2002).")
    garbled = Record.from_csl({"title": "W. Mali", "issued": {"date-parts": [[2002]]},
                               "container-title": "R., J. Roos. S., 25Mg NMR study of the MgB2 superconductor"})
    [v] = checker(MemorySource([REAL, OTHER])).check_citations([Citation(id="b", raw=raw, fields=garbled)])
    assert v.label is Label.EXACT, v.rationale
    assert v.match is not None and v.match.id == REAL.id
    assert "title taken from a quoted or emphasised span" in v.citation.parse_warnings
    # with no such span it stays an ERROR that says why
    [v] = checker(MemorySource([REAL])).check_citations([Citation(id="c", raw="W.~Mali. R., (2002).",
                                                                  fields=Record(title="W. Mali"))])
    assert v.label is Label.ERROR


# -- every label comes from decide: the checker turns decisions into verdicts ----------------------
def _decided_by_decide(monkeypatch: pytest.MonkeyPatch, rule: str) -> list[object]:
    """Replace the decide rule ``rule`` by one that records its arguments and answers a marked
    decision, so a verdict carrying the mark was labelled by decide."""
    import citecheck.decide as decide
    from citecheck.model_stages import Decision

    calls: list[object] = []
    real = getattr(decide, rule)

    def marked(*args: object) -> Decision:
        calls.append(args)
        d = real(*args)
        return Decision(d.label, d.decided_by, f"{d.rationale} [{rule}]", d.confidence)

    monkeypatch.setattr(decide, rule, marked)
    return calls


def test_an_unreadable_entry_is_labelled_error_by_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _decided_by_decide(monkeypatch, "error")
    bad = Citation(id="bad", raw="@article{", error="refs.bib:3: unbalanced braces")
    empty = Citation(id="empty", raw="see above", fields=Record())
    verdicts = checker(MemorySource([REAL])).check_citations([bad, empty])
    assert [v.label for v in verdicts] == [Label.ERROR, Label.ERROR]
    assert [v.decided_by for v in verdicts] == ["error", "error"]
    assert verdicts[0].rationale == "refs.bib:3: unbalanced braces [error]"
    assert verdicts[1].rationale.endswith("in the entry [error]")
    assert len(calls) == 2


def test_a_check_that_raised_is_labelled_error_by_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _decided_by_decide(monkeypatch, "internal_error")

    async def broken(citation: Citation) -> Record | None:
        raise RuntimeError("the re-reader broke")

    low = Citation(id="low", raw="garbled", fields=Record(), parse_confidence=0.2)
    chk = Checker(use_index=False, sources=[MemorySource([REAL])], offline=True, reparser=broken)
    [v] = chk.check_citations([low])
    assert v.label is Label.ERROR and v.decided_by == "error"
    assert v.rationale == "internal error while checking: RuntimeError: the re-reader broke [internal_error]"
    assert len(calls) == 1


def test_a_spent_time_budget_is_labelled_unverified_by_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _decided_by_decide(monkeypatch, "deadline_passed")
    slow = MemorySource([REAL], name="slow", delay=1.0)
    [v] = checker(slow, deadline=0.05).check_citations([cite(DOI=None)])
    assert v.label is Label.UNVERIFIED and v.decided_by == "unverified"
    assert v.rationale.startswith("deadline: slow did not answer in time (the 0.05 s budget")
    assert v.rationale.endswith("[deadline_passed]")
    assert v.confidence == 0.0 and v.score is None
    assert len(calls) == 1


def test_the_checker_names_no_label_and_repairs_no_reading() -> None:
    import ast

    import citecheck.checker as module

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert "Label" not in names  # every label is decide's
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {m for m in imported if m and m.startswith("citecheck.extract.")} - {
        "citecheck.reading.reconcile"}  # readings are reconciled in one module
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                and n.name in {"_best_reading", "_with_first_fields", "_title_cut_short", "_title_in_venue"}]
