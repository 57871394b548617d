"""What each stage of the pipeline hands the next, for one citation.

    Reading → Retrieval → Assessed (one per candidate) → Decision → `model.Verdict`

The stages speak `model` (records, candidates, assessments, statuses); these are the bundles they
pass along. They live below every stage, so a stage imports the outputs of the stages before it
from here and never the stage itself: `decide` reads a `Retrieval` without importing retrieval.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from citecheck.model import Assessment, Candidate, Discrepancy, Label, Record, SourceStatus


def _no_records() -> list[Record]:
    return []


def _no_text() -> str:
    return ""


@dataclass(frozen=True)
class TextReadings:
    """What else the reading stage reads in an entry's text, for retrieval to search by when the
    fields find nothing. Each is read when asked for, from the entry as it stands then (the fields
    may change between two searches); a structured entry has none.

    `spans`: the readings of its quoted or emphasised spans and title sentences
    (`Citation.readings`); `other`: the rules' or the labeller's reading its fields do not hold;
    `text`: the whole reference string, cleaned, to search by as it is ("" for none).
    """

    spans: Callable[[], list[Record]] = _no_records
    other: Callable[[], list[Record]] = _no_records
    text: Callable[[], str] = _no_text


@dataclass
class Reading:
    """The reading of a citation to look the work up by (also set as the citation's fields).

    `rules_reading`: the rules' reading when a re-reader replaced it (retrieval tries it when the
    re-read finds nothing); `unreadable`: why the entry gives nothing to look a work up by
    (None when it does); `texts`: the other readings of its text, for retrieval.
    """

    fields: Record
    rules_reading: Record | None = None
    unreadable: str | None = None
    texts: TextReadings = field(default_factory=TextReadings)


@dataclass
class Retrieval:
    """The candidates worth verifying and what every source said (answered / failed / skipped)."""

    candidates: list[Candidate] = field(default_factory=list)
    statuses: list[SourceStatus] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    #: identifiers a source answered "no such id" for: (kind, identifier, source name)
    unresolved: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def failed(self) -> list[SourceStatus]:
        return [s for s in self.statuses if s.status == "failed"]


@dataclass(frozen=True)
class Assessed:
    """One candidate as verification saw it: the reading of the citation it judged (`fields`),
    the assessment, and why the text describes another work than the record (None if it does
    not: `verify.compare.identity_mismatch`)."""

    candidate: Candidate
    fields: Record
    assessment: Assessment
    mismatch: str | None = None


@dataclass(frozen=True)
class Coverage:
    """What the sources asked are authoritative for (`coverage.py` scopes, by source name) and
    how reasons name them ("the local index, a 19,894-record sample"). `closed_world` is the
    legacy rule for callers that give no scopes: every source asked answered → absence is evidence."""

    scopes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)
    closed_world: bool = False


#: for library callers and tests that pass no coverage: the pre-coverage closed-world rule
CLOSED_WORLD = Coverage(closed_world=True)

DecidedBy = Literal["score", "reviewer", "not_found", "unverified", "error"]


@dataclass
class Decision:
    """A label and everything that explains it (the orchestrator makes it a `Verdict`)."""

    label: Label
    decided_by: DecidedBy
    rationale: str
    confidence: float
    score: float | None = None
    discrepancies: list[Discrepancy] = field(default_factory=list)
    candidate: Candidate | None = None
    reviewer: str | None = None


__all__ = ["CLOSED_WORLD", "Assessed", "Coverage", "DecidedBy", "Decision", "Reading", "Retrieval", "TextReadings"]
