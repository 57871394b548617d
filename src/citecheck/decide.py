"""The decision: every rule that fixes a citation's label lives here.

`decide(assessments, retrieval, thresholds)` is pure: from what retrieval found (and which
sources answered) and how verification assessed each candidate, it returns a `Decision` —
label, why, and the record it rests on. The orchestrator only turns it into a `Verdict`.

- score → label: thresholds τ_M ≤ τ_E (`score_label`); a major discrepancy is never EXACT;
- the reviewer: a cited identifier that resolves to a work the text does not describe
  (`identifier_conflict`, with verification's reason kept) is MAJOR unless a title-search
  candidate matches the text, which is then judged and the identifier noted as wrong;
- identifiers a registry says do not exist keep a real work from EXACT;
- nothing found: MAJOR only when the absence is evidence (`absence_is_evidence`), else
  UNVERIFIED; a MAJOR score while a source failed is UNVERIFIED too;
- an entry with nothing to check, or whose check raised, is ERROR (`error`, `internal_error`);
  one whose time budget ran out is UNVERIFIED (`deadline_passed`).

It reads the stage outputs (`model_stages`) and the shared concepts only, never a stage.

The shipped defaults (data/thresholds.json) start hand-set on the verifier's designed scale
(faithful citations score 10, one minor slip 6..9.5, another work ≤ 3) and are meant to be
refitted by `citecheck calibrate` on the benchmark's validation split only; `--thresholds FILE`
loads another fit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from citecheck.coverage import absence_evidence, identifier_absence_proven, is_positive_evidence
from citecheck.deadline import deadline_reason
from citecheck.errors import CitecheckError
from citecheck.identifiers import record_arxiv, record_doi
from citecheck.model import Assessment, Candidate, Citation, Discrepancy, Label, Record
from citecheck.model_stages import CLOSED_WORLD, Assessed, Coverage, Decision, Retrieval
from citecheck.venues import names_a_meeting_or_journal


class ThresholdsError(CitecheckError, ValueError):
    """A thresholds file is missing or invalid (the message names the file)."""


class Thresholds(BaseModel):
    """τ_M ≤ τ_E on the 0..10 verification score; unknown keys a calibration adds are kept."""

    model_config = ConfigDict(extra="allow")

    exact: float  # τ_E: score at or above → EXACT
    minor: float  # τ_M: score at or above (and below τ_E) → MINOR, else MAJOR
    source: str = ""  # where these came from (calibration run, hand-set, ...)
    metrics: dict[str, float] = {}  # validation metrics of the fit, for the record
    weights: dict[str, float] = {}  # optional extra weights a calibration may fit

    @model_validator(mode="after")
    def _ordered(self) -> Thresholds:
        if not (0.0 <= self.minor <= self.exact <= 10.0):
            raise ValueError(f"need 0 ≤ minor ≤ exact ≤ 10, got minor={self.minor}, exact={self.exact}")
        return self


def load_thresholds(path: str | Path | None = None) -> Thresholds:
    """Thresholds from `path`, or the package's calibrated defaults."""
    try:
        if path is None:
            text = resources.files("citecheck.data").joinpath("thresholds.json").read_text("utf-8")
            name = "citecheck/data/thresholds.json"
        else:
            name = str(path)
            text = Path(path).read_text(encoding="utf-8")
        return Thresholds.model_validate(json.loads(text))
    except FileNotFoundError as exc:
        raise ThresholdsError(f"{name}: no such thresholds file") from exc
    except (json.JSONDecodeError, ValidationError, TypeError) as exc:
        raise ThresholdsError(f"{name}: invalid thresholds file: {exc}") from exc
    except OSError as exc:
        raise ThresholdsError(f"{name}: cannot read thresholds file: {exc}") from exc


def save_thresholds(thresholds: Thresholds, path: str | Path) -> None:
    Path(path).write_text(thresholds.model_dump_json(indent=2) + "\n", encoding="utf-8")


def decide_score(score: float, thresholds: Thresholds) -> Label:
    if score >= thresholds.exact:
        return Label.EXACT
    if score >= thresholds.minor:
        return Label.MINOR
    return Label.MAJOR


def score_label(assessment: Assessment, thresholds: Thresholds) -> Label:
    """Label from the score; a major discrepancy (another title, other authors) is never EXACT."""
    label = decide_score(assessment.score, thresholds)
    if label is Label.EXACT and any(d.severity == "major" for d in assessment.discrepancies):
        return Label.MINOR
    return label


# -- the decision -------------------------------------------------------------------------------

#: sources whose "no such identifier" is proof that the identifier does not resolve (registries
#: of record); a local index or a search engine may simply not hold it
AUTHORITATIVE = {"doi": {"crossref", "datacite", "doi"}, "arxiv": {"arxiv", "datacite"}}
#: a title this close to a record's is that record, whatever identifier the citation carries
CONVINCING_TITLE = 0.9


def decide(assessments: list[Assessed], retrieval: Retrieval, thresholds: Thresholds, *,
           cited: Record, reviewer: bool = True, citation: Citation | None = None,
           coverage: Coverage = CLOSED_WORLD) -> Decision:
    """The label for one citation (`cited`: its fields as parsed) from its assessed candidates;
    `coverage` says where absence is evidence (MAJOR) rather than UNVERIFIED."""
    ctx = _Context(citation or Citation(id="?", raw="", fields=cited), coverage)
    if not assessments:
        return _not_found(cited, retrieval, ctx)
    if not reviewer:
        return _scored(_best(assessments), retrieval, thresholds, ctx)
    plausible = [a for a in assessments if a.mismatch is None]
    conflicts = [a for a in assessments if identifier_conflict(a)]
    if plausible:
        best = _best(plausible)
        if conflicts and not stands_against_identifier(best.candidate):
            plausible = []  # a look-alike title, not the work: the identifier was borrowed
    if plausible:
        decision = _scored(best, retrieval, thresholds, ctx)
        for other in conflicts:
            if other.candidate.record.id != best.candidate.record.id:
                _note_identifier_conflict(decision, other, cited)
        return decision
    if conflicts:
        return _borrowed_identifier(conflicts[0], cited, thresholds)
    return _scored(_best(assessments), retrieval, thresholds, ctx)


def error(rationale: str) -> Decision:
    """ERROR: the entry gives nothing to check, or checking it failed; `rationale` says which."""
    return Decision(Label.ERROR, "error", rationale, confidence=0.0)


def internal_error(exc: BaseException) -> Decision:
    """ERROR for a citation whose check raised (one bad citation never sinks the batch)."""
    return error(f"internal error while checking: {type(exc).__name__}: {exc}")


def deadline_passed(waiting: Mapping[str, int], seconds: float) -> Decision:
    """UNVERIFIED: the per-citation budget of `seconds` ran out while the sources in `waiting`
    had not answered; nothing is claimed about the work."""
    return Decision(Label.UNVERIFIED, "unverified", deadline_reason(dict(waiting), seconds),
                    confidence=0.0)


@dataclass(frozen=True)
class _Context:
    citation: Citation
    coverage: Coverage


def _best(assessments: list[Assessed]) -> Assessed:
    return max(assessments, key=lambda a: a.assessment.score)


def identifier_conflict(assessed: Assessed) -> bool:
    """The reviewer's case: a cited DOI / arXiv id resolved, but the citation's title and
    authors describe another work. A title-search candidate that disagrees is merely a poor
    candidate; a resolved identifier that disagrees was mistyped or borrowed."""
    return assessed.mismatch is not None and assessed.candidate.matched_by in ("doi", "arxiv")


def stands_against_identifier(cand: Candidate) -> bool:
    """Whether a record found by the text outweighs a cited identifier that resolves elsewhere.

    A near-identical title does; a looser one only with a personal author or the year agreeing.
    Otherwise a fabricated title that shares a prefix with some real paper ("Search for
    resonances and quantum black holes at ...") would turn a borrowed DOI into mere drift.
    """
    if cand.matched_by in ("doi", "arxiv"):
        return True
    sig = cand.signals
    if sig.title_similarity >= CONVINCING_TITLE:
        return True
    return sig.personal_author_agrees or bool(sig.year_agree)


def _scored(best: Assessed, retrieval: Retrieval, thresholds: Thresholds,
            ctx: _Context) -> Decision:
    """The thresholds on the best candidate's score (UNVERIFIED for a MAJOR while a source
    failed, or when the record is only a loose look-alike and nothing covering the work answered)."""
    a, cand = best.assessment, best.candidate
    label = score_label(a, thresholds)
    if label is Label.MAJOR and not ctx.coverage.closed_world and not is_positive_evidence(
            cand.matched_by, best.fields.title, cand.record.title):
        # only a loosely similar record: as good as "not found" — coverage decides
        covering, why = absence_evidence(ctx.citation, retrieval.statuses, retrieval.unresolved,
                                         ctx.coverage.scopes, ctx.coverage.notes)
        if covering is None:
            return Decision(Label.UNVERIFIED, "unverified", confidence=0.2, score=a.score,
                            discrepancies=list(a.discrepancies), candidate=cand,
                            rationale="The closest record found is another work, and the cited "
                            f"one is {why}. Closest: {a.rationale}")
    if label is Label.MAJOR and retrieval.failed:
        # The best we found disagrees, but a source that might hold the real work failed.
        names = ", ".join(s.source for s in retrieval.failed)
        return Decision(Label.UNVERIFIED, "unverified", confidence=0.3, score=a.score,
                        discrepancies=list(a.discrepancies), candidate=cand,
                        rationale=f"Closest record disagrees, but {names} could not be asked; "
                        "not judging. " + a.rationale)
    if label is Label.EXACT and a.compared is not None and set(a.compared) <= {"author", "issued"}:
        # the comparator compared nothing but the authors and the year (a title-less reference whose record
        # lacks journal, volume and page; a misread title it set aside): a work of theirs, not proof of the one cited
        return Decision(Label.UNVERIFIED, "unverified", confidence=0.3, score=a.score, candidate=cand,
                        rationale=f"{a.rationale} Only the authors and the year could be compared (the "
                        "citation and the record share no usable title, journal, volume, page or identifier), "
                        "so this work of theirs may or may not be the one cited.")
    rationale = a.rationale
    if label is Label.MAJOR:
        # a flag is evidence: the source whose record stands against the citation, and who answered
        answered = [s.source for s in retrieval.statuses if s.status == "answered"]
        rationale = (f"The closest record, from {cand.source} (found by {cand.matched_by}), is another "
                     f"work; sources that answered: {', '.join(answered) or cand.source}. {a.rationale}")
    decision = Decision(label, "score", rationale, a.confidence, a.score, list(a.discrepancies), cand)
    _note_unresolved_identifiers(decision, retrieval, ctx.coverage)
    return decision


def _proven_absent(kind: str, ident: str, source: str, coverage: Coverage) -> bool:
    if coverage.closed_world:
        return source in AUTHORITATIVE[kind]
    return identifier_absence_proven(kind, ident, source, coverage.scopes)


def _note_unresolved_identifiers(decision: Decision, retrieval: Retrieval,
                                 coverage: Coverage) -> None:
    """A real work cited with an identifier its registry says does not exist is not EXACT."""
    fields = {"doi": "DOI", "arxiv": "arxiv"}
    match = decision.candidate.record if decision.candidate else None
    for kind, ident, source in retrieval.unresolved:
        if not _proven_absent(kind, ident, source, coverage) or any(
                d.field == fields[kind] for d in decision.discrepancies):
            continue
        what = "DOI" if kind == "doi" else "arXiv id"
        found = (match.DOI if kind == "doi" else match.arxiv) if match else None
        decision.discrepancies.append(Discrepancy(
            field=fields[kind], cited=ident, found=found, kind="mismatch",
            detail=f"{source} has no such {what}"))
        decision.rationale += f" The cited {what} {ident} does not resolve ({source})."
        if decision.label is Label.EXACT:
            decision.label = Label.MINOR


def _note_identifier_conflict(decision: Decision, other: Assessed, cited: Record) -> None:
    """The text matches a real work but its identifier resolves to another one."""
    is_doi = other.candidate.matched_by == "doi"
    kind, fname = ("DOI", "DOI") if is_doi else ("arXiv id", "arxiv")
    title = other.candidate.record.title
    match = decision.candidate.record if decision.candidate else None
    if not any(d.field == fname for d in decision.discrepancies):
        decision.discrepancies.append(Discrepancy(
            field=fname, cited=record_doi(cited) if is_doi else record_arxiv(cited),
            found=(match.DOI if is_doi else match.arxiv) if match else None,
            kind="identifier_conflict", severity="minor",
            detail=f"the cited {kind} belongs to '{title}'"))
    if decision.label is Label.EXACT:
        decision.label = Label.MINOR
    decision.rationale += f" The cited {kind} resolves to another work ('{title}')."
    decision.reviewer = "identifier resolves to another work; the text matches the record shown"


def review_rationale(identifier_kind: str, identifier: str, found: Record) -> str:
    """"DOI 10.x/y belongs to 'Other Title' (Smith et al. 2007), not to the cited work; …"."""
    if identifier_kind == "arxiv":
        shown = f"arXiv:{identifier.removeprefix('arXiv:').removeprefix('arxiv:')}"
    else:
        shown = f"DOI {identifier}"
    who = found.authors_short()
    year = f" {found.year}" if found.year else ""
    by = f" ({who}{year})" if who or year else ""
    title = (found.title or "").strip() or found.id or "another record"
    return (
        f"{shown} belongs to '{title}'{by}, not to the cited work; "
        "no real work matching the cited title and authors was found."
    )


def _borrowed_identifier(conflict: Assessed, cited: Record, thresholds: Thresholds) -> Decision:
    """A real identifier dressed in another work's title and authors, and no work matching the
    text: MAJOR, with verification's reason for the mismatch kept."""
    cand, a = conflict.candidate, conflict.assessment
    kind = cand.matched_by
    ident = record_doi(cited) if kind == "doi" else record_arxiv(cited)
    return Decision(
        Label.MAJOR, "reviewer", review_rationale(kind, ident or "", cand.record),
        confidence=max(a.confidence, 0.8), score=min(a.score, thresholds.minor),
        discrepancies=list(a.discrepancies), candidate=cand,
        reviewer=f"identifier resolves to another work ({conflict.mismatch}); title/author "
        "search found no work matching the text")


def absence_is_evidence(retrieval: Retrieval) -> tuple[bool, str]:
    """Is "no candidate" positive evidence that the cited work does not exist?

    Today: yes when at least one source answered and none failed (every source asked answered).
    Returns (yes/no, why not) — the one place a coverage-aware rule plugs in.
    """
    answered = any(s.status == "answered" for s in retrieval.statuses)
    if retrieval.failed or not answered:
        why = "; ".join(f"{s.source}: {s.reason}" for s in retrieval.failed)
        return False, why or "no source could look it up"
    return True, ""


def _not_found(cited: Record, retrieval: Retrieval, ctx: _Context) -> Decision:
    evidence, why = absence_is_evidence(retrieval)
    if not evidence:
        return Decision(Label.UNVERIFIED, "unverified", confidence=0.0,
                        rationale=f"No matching work found, but not every source answered ({why}).")
    if cited.title and names_a_meeting_or_journal(cited.title) and not (record_doi(cited) or record_arxiv(cited)):
        # "A. Author, Proc. 6th European Dependable Computing Conference (EDCC-6), 39-44": the reading's
        # title is the venue, a title-less reference to a paper there: nothing to look the work up by
        return Decision(Label.UNVERIFIED, "unverified", confidence=0.0,
                        rationale=f"No matching work found, and the text gives no title to look it up by: "
                                  f"'{cited.title}' names a journal or a meeting, not a work.")
    what = _what_was_cited(cited)
    covered = ""
    if not ctx.coverage.closed_world:
        # absence is evidence only where a source that covers the work answered (coverage.py)
        covering, reason = absence_evidence(ctx.citation, retrieval.statuses, retrieval.unresolved,
                                            ctx.coverage.scopes, ctx.coverage.notes)
        if covering is None:
            return Decision(Label.UNVERIFIED, "unverified", confidence=0.0,
                            rationale=f"No work matching the cited {what} found: {reason}.")
        covered = f"; absence is evidence here: {reason}"
    return _absent(what, retrieval, covered)


def _what_was_cited(cited: Record) -> str:
    what = [f"DOI {d}" for d in [record_doi(cited)] if d]
    what += [f"arXiv:{x}" for x in [record_arxiv(cited)] if x]
    if cited.title:
        what.append("title")
    elif cited.container_title:
        what.append(f"{cited.container_title} {cited.volume or ''}, {cited.first_page or ''}".strip())
    elif cited.URL and not cited.author:
        what.append("URL")  # a web page cited by its address alone
    return " or ".join(what) or "authors"


def _absent(what: str, retrieval: Retrieval, covered: str) -> Decision:
    """MAJOR: nothing found, and the sources that answered would have held the work."""
    answered = [s.source for s in retrieval.statuses if s.status == "answered"]
    # Sources left out (--offline, --sources) were not asked, so they cannot make this
    # UNVERIFIED; but a local index covers only part of the literature: say so.
    by_reason: dict[str, list[str]] = {}
    for status in retrieval.statuses:
        if status.status == "skipped":
            by_reason.setdefault(status.reason or "skipped", []).append(status.source)
    skipped = "; ".join(f"{', '.join(names)} ({why})" for why, names in by_reason.items())
    rationale = (f"No work matching the cited {what} exists in "
                 f"{', '.join(answered)} (every source asked answered){covered}.")
    confidence = 0.9 if len(answered) >= 2 else 0.75
    if skipped:
        rationale += f" Not asked: {skipped}; confirm with them before calling it fabricated."
        confidence = min(confidence, 0.6)
    return Decision(Label.MAJOR, "not_found", rationale, confidence, score=0.0)
