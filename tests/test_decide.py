"""Thresholds: loading, validation, round trip, and the score → label rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.decide import (
    Thresholds,
    ThresholdsError,
    load_thresholds,
    save_thresholds,
    score_label,
)
from citecheck.model import Assessment, Discrepancy, Label


def test_shipped_thresholds_load_and_are_ordered() -> None:
    t = load_thresholds()
    assert 0 <= t.minor <= t.exact <= 10
    assert t.source


def test_labels_from_score() -> None:
    t = Thresholds(exact=9.5, minor=3.25, source="test")
    assert score_label(Assessment(score=10, confidence=1), t) is Label.EXACT
    assert score_label(Assessment(score=9.5, confidence=1), t) is Label.EXACT
    assert score_label(Assessment(score=9.49, confidence=1), t) is Label.MINOR
    assert score_label(Assessment(score=3.25, confidence=1), t) is Label.MINOR
    assert score_label(Assessment(score=3.0, confidence=1), t) is Label.MAJOR


def test_major_discrepancy_is_never_exact() -> None:
    t = Thresholds(exact=5.0, minor=1.0)
    a = Assessment(score=9.0, confidence=1,
                   discrepancies=[Discrepancy(field="title", severity="major")])
    assert score_label(a, t) is Label.MINOR
    a.discrepancies = [Discrepancy(field="title", severity="minor")]
    assert score_label(a, t) is Label.EXACT


def test_minor_above_exact_is_rejected() -> None:
    with pytest.raises(ValueError, match="minor"):
        Thresholds(exact=4.0, minor=6.0)


def test_round_trip_keeps_extra_fields(tmp_path: Path) -> None:
    t = Thresholds(exact=9.0, minor=4.5, source="calibrated on val", metrics={"f1": 0.9},
                   weights={"year": 2.0})
    path = tmp_path / "t.json"
    save_thresholds(t, path)
    again = load_thresholds(path)
    assert again == t
    data = json.loads(path.read_text())
    data["fitted_on"] = "bench/val.jsonl"
    path.write_text(json.dumps(data))
    assert load_thresholds(path).model_extra == {"fitted_on": "bench/val.jsonl"}


@pytest.mark.parametrize("content", ["{not json", '{"exact": 3, "minor": 5}', '{"exact": "high"}', "[1, 2]"])
def test_invalid_file_names_the_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad-thresholds.json"
    path.write_text(content)
    with pytest.raises(ThresholdsError, match=r"bad-thresholds\.json"):
        load_thresholds(path)


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ThresholdsError, match=r"nope\.json"):
        load_thresholds(tmp_path / "nope.json")


# -- the decision: every label rule, pure ---------------------------------------------------------

from citecheck.decide import (  # noqa: E402
    Assessed,
    absence_is_evidence,
    decide,
    identifier_conflict,
    stands_against_identifier,
)
from citecheck.model import Candidate, Record, Signals, SourceStatus  # noqa: E402
from citecheck.model_stages import Retrieval  # noqa: E402

T = Thresholds(exact=9.5, minor=3.25)
CITED = Record(title="A cited title of a real paper", DOI="10.1234/cited")
RECORD = Record(id="doi:10.1234/real", title="A cited title of a real paper", DOI="10.1234/real")
OTHER = Record(id="doi:10.1234/cited", title="Something else entirely", DOI="10.1234/cited")


def answered(*names: str) -> list[SourceStatus]:
    return [SourceStatus(source=n, status="answered") for n in names]


def item(record: Record, matched_by: str, score: float, mismatch: str | None = None,
         signals: Signals | None = None, major: bool = False) -> Assessed:
    cand = Candidate(record=record, source="index", matched_by=matched_by,  # type: ignore[arg-type]
                     signals=signals or Signals())
    disc = [Discrepancy(field="title", severity="major")] if major else []
    return Assessed(cand, CITED, Assessment(score=score, confidence=0.9, discrepancies=disc,
                                            rationale="r."), mismatch)


def test_score_decides_and_thresholds_are_applied() -> None:
    d = decide([item(RECORD, "title", 10)], Retrieval(statuses=answered("index")), T, cited=CITED)
    assert (d.label, d.decided_by, d.candidate and d.candidate.record.id) == (Label.EXACT, "score", RECORD.id)
    d = decide([item(RECORD, "title", 6)], Retrieval(statuses=answered("index")), T, cited=CITED)
    assert d.label is Label.MINOR


def test_major_score_while_a_source_failed_is_unverified() -> None:
    failed = [SourceStatus(source="crossref", status="failed", reason="HTTP 503")]
    d = decide([item(RECORD, "title", 1)], Retrieval(statuses=answered("index") + failed), T, cited=CITED)
    assert d.label is Label.UNVERIFIED and "crossref could not be asked" in d.rationale


def test_not_found_is_major_only_when_absence_is_evidence() -> None:
    everyone = Retrieval(statuses=answered("index", "crossref"))
    assert absence_is_evidence(everyone) == (True, "")
    d = decide([], everyone, T, cited=CITED)
    assert (d.label, d.decided_by) == (Label.MAJOR, "not_found") and "DOI 10.1234/cited" in d.rationale
    failed = Retrieval(statuses=[*answered("index"),
                                 SourceStatus(source="crossref", status="failed", reason="timeout")])
    assert absence_is_evidence(failed) == (False, "crossref: timeout")
    d = decide([], failed, T, cited=CITED)
    assert d.label is Label.UNVERIFIED and "crossref: timeout" in d.rationale
    assert decide([], Retrieval(), T, cited=CITED).label is Label.UNVERIFIED  # nobody answered


def test_borrowed_identifier_is_major_with_the_mismatch_reason_kept() -> None:
    conflict = item(OTHER, "doi", 2, mismatch="title similarity 0.12")
    assert identifier_conflict(conflict)
    assert not identifier_conflict(item(OTHER, "title", 2, mismatch="title similarity 0.12"))
    d = decide([conflict], Retrieval(statuses=answered("index")), T, cited=CITED)
    assert (d.label, d.decided_by) == (Label.MAJOR, "reviewer")
    assert d.reviewer is not None and "title similarity 0.12" in d.reviewer
    assert "DOI 10.1234/cited belongs to 'Something else entirely'" in d.rationale


def test_text_matching_a_real_work_turns_the_wrong_identifier_into_a_discrepancy() -> None:
    found = item(RECORD, "title", 10, signals=Signals(title_similarity=1.0))
    conflict = item(OTHER, "doi", 2, mismatch="title similarity 0.12")
    d = decide([conflict, found], Retrieval(statuses=answered("index")), T, cited=CITED)
    assert d.label is Label.MINOR and d.candidate is not None and d.candidate.record.id == RECORD.id
    assert any(x.kind == "identifier_conflict" for x in d.discrepancies)
    # ... but a look-alike title with nothing else agreeing does not outweigh the identifier
    weak = item(RECORD, "title", 10, signals=Signals(title_similarity=0.8))
    assert not stands_against_identifier(weak.candidate)
    assert decide([conflict, weak], Retrieval(statuses=answered("index")), T, cited=CITED).label is Label.MAJOR


def test_without_the_reviewer_the_best_score_decides() -> None:
    conflict = item(OTHER, "doi", 2, mismatch="title similarity 0.12")
    d = decide([conflict], Retrieval(statuses=answered("index")), T, cited=CITED, reviewer=False)
    assert (d.label, d.decided_by) == (Label.MAJOR, "score")


def test_an_identifier_its_registry_does_not_know_keeps_a_real_work_from_exact() -> None:
    retrieval = Retrieval(statuses=answered("index", "crossref"),
                          unresolved=[("doi", "10.1234/cited", "crossref"), ("doi", "10.1234/cited", "index")])
    d = decide([item(RECORD, "title", 10)], retrieval, T, cited=CITED)
    assert d.label is Label.MINOR and [x.detail for x in d.discrepancies] == ["crossref has no such DOI"]


def test_decide_does_not_touch_the_assessment() -> None:
    a = item(RECORD, "title", 10)
    decide([a], Retrieval(statuses=answered("crossref"), unresolved=[("doi", "10.1234/c", "crossref")]),
           T, cited=CITED)
    assert a.assessment.discrepancies == []


# -- the labels the checker used to set: ERROR and the time budget ---------------------------------
from citecheck.decide import deadline_passed, error, internal_error  # noqa: E402


def test_an_entry_with_nothing_to_check_is_an_error_with_its_reason() -> None:
    d = error("refs.bib:3: unbalanced braces")
    assert (d.label, d.decided_by, d.rationale) == (Label.ERROR, "error", "refs.bib:3: unbalanced braces")
    assert d.confidence == 0.0 and d.score is None and d.candidate is None and d.discrepancies == []


def test_a_check_that_raised_is_an_error_naming_the_exception() -> None:
    d = internal_error(KeyError("title"))
    assert (d.label, d.decided_by) == (Label.ERROR, "error")
    assert d.rationale == "internal error while checking: KeyError: 'title'"


def test_a_spent_time_budget_is_unverified_naming_the_sources_awaited() -> None:
    d = deadline_passed({"crossref": 1, "arxiv": 2}, 0.8)
    assert (d.label, d.decided_by, d.confidence, d.score) == (Label.UNVERIFIED, "unverified", 0.0, None)
    assert d.rationale.startswith("deadline: arxiv, crossref did not answer in time (the 0.8 s budget")
    assert deadline_passed({}, 60.0).rationale.startswith("deadline: the sources did not answer")


def test_decide_reads_the_stage_outputs_and_the_concepts_never_a_stage() -> None:
    import ast

    import citecheck.decide as module

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    ours = {m.removeprefix("citecheck.") for m in imported if m and m.startswith("citecheck.")}
    assert ours <= {"model", "model_stages", "coverage", "deadline", "errors", "identifiers", "venues"}
    assert {"model", "model_stages"} <= ours
