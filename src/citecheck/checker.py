"""The orchestrator and public Python API: extract → retrieve → verify → decide.

    from citecheck import Checker
    verdicts = Checker(offline=True).check_file("refs.bib")

Citations are checked concurrently; `astream` yields each verdict as soon as it is decided.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from citecheck.coverage import source_scopes
from citecheck.deadline import budget, deadline_reason
from citecheck.decide import Assessed, Coverage, Decision, Thresholds, decide, load_thresholds
from citecheck.errors import RunFatalError
from citecheck.extract import finish_reading, read_path, read_text
from citecheck.extract.combine import other_readings
from citecheck.extract.errors import NOT_A_REFERENCE
from citecheck.extract.refparse.journals import names_a_venue
from citecheck.extract.refparse.readings import alternative_readings
from citecheck.extract.refparse.realign import realign
from citecheck.identifiers import record_arxiv, record_doi
from citecheck.model import (
    Assessment,
    Candidate,
    Citation,
    Label,
    Record,
    SourceStatus,
    Verdict,
)
from citecheck.retraction import retraction_of
from citecheck.retrieve import LookupMemo, RetrieveOptions, retrieve
from citecheck.sources.base import Source
from citecheck.sources.config import load_config
from citecheck.sources.registry import build_sources
from citecheck.titles import normalize_title, searchable_title, title_key
from citecheck.venues import journal_key, names_a_meeting_or_journal
from citecheck.verify.compare import assess, identity_mismatch
from citecheck.verify.titles import compare_titles

log = logging.getLogger(__name__)

#: parses below this confidence are handed to the reparser (e.g. an LLM parser), when one is set
LOW_PARSE_CONFIDENCE = 0.5
#: async (citation) -> better fields, or None to keep the rule-based parse
Reparser = Callable[[Citation], Awaitable[Record | None]]
#: async (citation, [(candidate, assessment)], identity mismatches, τ_E, τ_M) -> the pairs with
#: assessments a model has judged (e.g. `citecheck.llm.judging.ModelJudge`, bounded by evidence)
Judge = Callable[
    [Citation, list[tuple[Candidate, Assessment]], list[bool], float, float],
    Awaitable[list[tuple[Candidate, Assessment]]],
]


@dataclass(frozen=True)
class CheckOptions:
    """Switches for the pipeline's stages (the benchmark's ablations turn them off)."""

    reviewer: bool = True
    identifier_lookup: bool = True
    journal_lookup: bool = True
    title_search: bool = True
    concurrency: int = 16
    #: seconds one citation may take (queueing, retries and all) before it is UNVERIFIED with
    #: "deadline: <source> did not answer in time"; None: no budget
    deadline: float | None = 60.0

    def retrieve_options(self) -> RetrieveOptions:
        return RetrieveOptions(
            identifier_lookup=self.identifier_lookup,
            journal_lookup=self.journal_lookup,
            title_search=self.title_search,
        )


def _open_index_source(index: str | Path | None, covers: Sequence[str] | None = None) -> Source:
    from citecheck.index.default import default_index_path
    from citecheck.index.health import check_index
    from citecheck.sources.local import LocalIndexSource

    path = Path(index) if index else default_index_path()
    check_index(path)  # a missing or damaged index fails here, loudly (IndexOpenError)
    return LocalIndexSource(path, covers)


def _checkable(cited: Record) -> bool:
    """A title, identifier, journal reference or authors: something to look the work up by."""
    title_ok = searchable_title(cited.title)
    jvp = cited.container_title and cited.volume and cited.first_page
    return bool(title_ok or record_doi(cited) or record_arxiv(cited) or jvp or cited.author)


class Checker:
    """Checks citations against the local index and (unless offline) live sources.

    index: path of a local index (None: ``$CITECHECK_INDEX`` or the embedded default).
    sources: live sources to ask after the index (None: the configured defaults when online).
    offline: use only the local index (and the cache); never touch the network.
    thresholds: a `Thresholds`, a path to a thresholds JSON file, or None for the shipped ones.
    reparser: called for citations whose rule-based parse has low confidence (the hook for an
        LLM parser); its fields replace the parse when it returns some.
    index_covers: coverage scopes of the index, instead of those it was built with (a benchmark
        drawn from the index's own records is a closed world: ``("all",)``).
    judge: called with each citation's assessed candidates (the hook for an LLM judge).
    """

    def __init__(
        self,
        index: str | Path | None = None,
        *,
        sources: Sequence[Source] | None = None,
        offline: bool = False,
        thresholds: Thresholds | str | Path | None = None,
        options: CheckOptions | None = None,
        use_index: bool = True,
        reparser: Reparser | None = None,
        index_covers: Sequence[str] | None = None,
        judge: Judge | None = None,
    ) -> None:
        self.options = options or CheckOptions()
        self.reparser = reparser
        self.judge = judge
        if isinstance(thresholds, Thresholds):
            self.thresholds = thresholds
        else:
            self.thresholds = load_thresholds(thresholds)
        chain: list[Source] = [_open_index_source(index, index_covers)] if use_index else []
        if sources is not None:
            chain.extend(sources)
        elif not offline:
            chain.extend(_default_live_sources())
        self.sources: list[Source] = chain

    # -- public API ---------------------------------------------------------------------------
    def check_citations(self, citations: Iterable[Citation]) -> list[Verdict]:
        return asyncio.run(self.acheck_citations(citations))

    def check_text(self, text: str, fmt: str | None = None, name: str = "<text>") -> list[Verdict]:
        return self.check_citations(read_text(text, name, fmt))

    def check_file(self, path: str | Path, fmt: str | None = None) -> list[Verdict]:
        return self.check_citations(read_path(path, fmt))

    async def acheck_text(
        self, text: str, fmt: str | None = None, name: str = "<text>"
    ) -> list[Verdict]:
        return await self.acheck_citations(read_text(text, name, fmt))

    async def acheck_file(self, path: str | Path, fmt: str | None = None) -> list[Verdict]:
        return await self.acheck_citations(read_path(path, fmt))

    async def acheck_citations(self, citations: Iterable[Citation]) -> list[Verdict]:
        """Check all citations; verdicts come back in input order."""
        items = list(citations)
        order = {id(c): i for i, c in enumerate(items)}
        out: list[Verdict | None] = [None] * len(items)
        async for verdict in self.astream(items):
            out[order[id(verdict.citation)]] = verdict
        return [v for v in out if v is not None]

    async def astream(
        self,
        citations: Iterable[Citation],
        on_verdict: Callable[[Verdict], None] | None = None,
    ) -> AsyncIterator[Verdict]:
        """Yield one verdict per citation as soon as it is decided (completion order)."""
        items = list(citations)
        memo = LookupMemo()
        try:
            # a source too slow for the batch lookups is asked again per citation, within budget
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.options.deadline):
                    await memo.prefetch(self.sources, [c for c in items if c.error is None])
            semaphore = asyncio.Semaphore(max(1, self.options.concurrency))

            async def run(citation: Citation) -> Verdict:
                async with semaphore:
                    # yield once: offline checks never wait on I/O, and without this every task
                    # would run before the consumer saw the first verdict (nothing streamed)
                    await asyncio.sleep(0)
                    return await self._within_deadline(citation, memo)

            tasks = [asyncio.ensure_future(run(c)) for c in items]
            try:
                for fut in asyncio.as_completed(tasks):
                    verdict = await fut
                    if on_verdict is not None:
                        on_verdict(verdict)
                    yield verdict
            finally:
                for task in tasks:
                    task.cancel()
        finally:
            await self.aclose()

    async def aclose(self) -> None:
        for source in self.sources:
            try:
                await source.aclose()
            except Exception:  # closing must never mask the run's result
                log.debug("closing %s failed", source.name, exc_info=True)

    # -- one citation -------------------------------------------------------------------------
    async def acheck_one(self, citation: Citation, memo: LookupMemo | None = None) -> Verdict:
        try:
            return await self._check_one(citation, memo or LookupMemo())
        except RunFatalError:  # a damaged index: no verdict still to come can be trusted
            raise
        except Exception as exc:  # one bad citation never sinks the batch
            log.exception("checking %s failed", citation.id)
            return self._verdict(citation, Label.ERROR, decided_by="error",
                                 rationale=f"internal error while checking: {type(exc).__name__}: {exc}")

    async def _within_deadline(self, citation: Citation, memo: LookupMemo) -> Verdict:
        """`acheck_one` under the per-citation time budget (`CheckOptions.deadline`)."""
        seconds = self.options.deadline
        if seconds is None:
            return await self.acheck_one(citation, memo)
        with budget() as waiting:
            try:
                async with asyncio.timeout(seconds):
                    return await self.acheck_one(citation, memo)
            except TimeoutError:
                return self._verdict(citation, Label.UNVERIFIED, confidence=0.0,
                                     decided_by="unverified",
                                     rationale=deadline_reason(waiting, seconds))

    def _verdict(self, citation: Citation, label: Label, **kwargs: object) -> Verdict:
        match = kwargs.get("match")
        return Verdict(
            citation=citation,
            label=label,
            thresholds={"exact": self.thresholds.exact, "minor": self.thresholds.minor},
            retracted=retraction_of(match if isinstance(match, Record) else None),
            **kwargs,
        )

    async def _check_one(self, citation: Citation, memo: LookupMemo) -> Verdict:
        finish_reading(citation)  # an entry read with `defer` is parsed here, in the worker
        if citation.error:
            return self._verdict(citation, Label.ERROR, decided_by="error", rationale=citation.error)
        if citation.readings is None:  # built outside extract (library callers, tests)
            citation.readings = alternative_readings(citation)
        rules_reading = None
        if self.reparser is not None and (citation.parse_confidence < LOW_PARSE_CONFIDENCE
                                          or not _checkable(citation.fields)):
            better = await self.reparser(citation)
            if better is not None:
                rules_reading, citation.fields = citation.fields, better
                citation.readings = alternative_readings(citation)
                citation.parse_warnings.append("re-parsed: rule-based parse had low confidence")
        if not _checkable(citation.fields):
            # nothing usable where the parser looked: a quoted or emphasised span may be the title
            alt = next((a for a in citation.readings or () if a.title and len(a.title) >= 12), None)
            if alt is not None:
                if alt.container_title and alt.title and alt.title in alt.container_title:
                    alt.container_title = None  # the parser's "journal" was the rest of the entry
                citation.fields = alt
                citation.readings = alternative_readings(citation)
                citation.parse_warnings.append("title taken from a quoted or emphasised span")
        cited = citation.fields
        if not _checkable(cited):
            note = next((w for w in citation.parse_warnings if w.startswith(NOT_A_REFERENCE)), None)
            why = note.partition(":")[2].strip() if note else ""
            return self._verdict(
                citation, Label.ERROR, decided_by="error",
                rationale=f"a note in the reference list, not a reference ({why}): nothing to check" if note else
                          "could not find a title, identifier, journal reference or authors in the entry",
            )

        retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo)
        if not retrieval.candidates and rules_reading is not None and _checkable(rules_reading):
            # both readings go to retrieval: the re-read found nothing, the rules' reading may
            citation.fields = cited = rules_reading
            citation.parse_warnings.append("the re-read retrieved nothing; back to the rules' reading")
            retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo)
        assessed = await self._judged(citation, [self._assess(citation, c) for c in retrieval.candidates])
        coverage = Coverage(scopes=source_scopes(self.sources), notes=self._notes())
        decision = decide(assessed, retrieval, self.thresholds, cited=cited,
                          reviewer=self.options.reviewer, citation=citation, coverage=coverage)
        return self._decided(citation, decision, retrieval.evidence, retrieval.statuses)

    async def _judged(self, citation: Citation, assessed: list[Assessed]) -> list[Assessed]:
        """The model judge, when one is set, re-judges the assessments (bounded by evidence:
        `verify.llm_judge.combine`); the rules' mismatch findings stay as they were."""
        if self.judge is None or not assessed:
            return assessed
        pairs = await self.judge(citation, [(a.candidate, a.assessment) for a in assessed],
                                 [a.mismatch is not None for a in assessed],
                                 self.thresholds.exact, self.thresholds.minor)
        return [replace(a, assessment=judged) for a, (_, judged) in zip(assessed, pairs, strict=True)]

    def _decided(self, citation: Citation, d: Decision, evidence: list[str],
                 statuses: list[SourceStatus]) -> Verdict:
        cand = d.candidate
        return self._verdict(
            citation, d.label, score=d.score, confidence=d.confidence,
            discrepancies=d.discrepancies, rationale=d.rationale, reviewer=d.reviewer,
            match=cand.record if cand else None, match_source=cand.source if cand else None,
            matched_by=cand.matched_by if cand else None, decided_by=d.decided_by,
            evidence=evidence, sources=statuses,
        )

    @staticmethod
    def _assess(citation: Citation, cand: Candidate) -> Assessed:
        """Assess the parsed fields; if title/authors disagree, also the text re-read around
        the candidate's title (parser mistakes), and keep the reading that agrees better."""
        fields, assessment = Checker._best_reading(citation, cand)
        mismatch = identity_mismatch(fields, cand.record, assessment)
        return Assessed(cand, fields, assessment, mismatch)

    @staticmethod
    def _best_reading(citation: Citation, cand: Candidate) -> tuple[Record, Assessment]:
        cited = citation.fields
        assessment = assess(cited, cand.record)
        for other in other_readings(citation) if assessment.discrepancies else ():
            other = _with_first_fields(other, cited)
            second = assess(other, cand.record)  # rules vs labeller: the reading that agrees wins
            if second.score > assessment.score:
                second.rationale += " (Fields from the other reading of the text.)"
                cited, assessment = other, second
        cut = _title_cut_short(cited, cand.record)
        if (
            cut
            or any(d.field in ("title", "author") for d in assessment.discrepancies)
            or _title_in_venue(cited, cand.record, assessment)
        ):
            alt = realign(citation, cand.record)
            if alt is not None:
                second = assess(alt, cand.record)
                # a title the parser cut short: the text holds the rest of it, judge all of it
                longer = cut and len(title_key(alt.title or "")) > len(title_key(cited.title or ""))
                if second.score > assessment.score or longer:
                    second.rationale += " (Fields re-read from the citation text around the title.)"
                    return alt, second
        return cited, assessment

    def _notes(self) -> dict[str, str]:
        """How reasons name the sources ("the local index, a 19,894-record sample")."""
        return {s.name: str(s.note) for s in self.sources if hasattr(s, "note")}

#: fields the other reading of the text may correct but never drop when it judges
KEPT_FIELDS = ("title", "author")


def _with_first_fields(other: Record, first: Record) -> Record:
    """The other reading of the text, with the title and authors it lacks taken from the first
    reading: it may correct a field, never hide one from the comparison (a real DOI under a
    fabricated title must still be compared by its title when the other reading has none).
    A first title that holds the names the other reading took for the authors ("王进玉, 王进聪,
    敦煌石窟…") is the misread one, not a title to compare."""
    missing = {f: getattr(first, f) for f in KEPT_FIELDS if getattr(first, f) and not getattr(other, f)}
    title = missing.get("title")
    if title and _holds_names(title, other):
        rest = _after_names(title, other)  # "Haykin, Communication Systems": the title after the name
        if rest:
            missing["title"] = rest
        else:
            del missing["title"]
    elif title and (_names_venue(title, other) or names_a_meeting_or_journal(title)):
        del missing["title"]
    return other.model_copy(update=missing) if missing else other


def _after_names(title: str, reading: Record) -> str | None:
    """What a first title holds after the other reading's author names it begins with ("Haykin,
    Communication Systems" → "Communication Systems"), when that is long enough to be a title."""
    names = sorted({n.family or n.literal or "" for n in reading.author} - {""}, key=len, reverse=True)
    rest, cut = title, True
    while cut:
        cut = False
        rest = rest.lstrip(" ,.;:、，·&")
        for name in names:
            if rest.startswith(name):
                rest, cut = rest[len(name):], True
                break
        if rest.startswith(("and ", "et al")):
            rest, cut = rest.split(" ", 1)[1] if " " in rest else "", True
    rest = rest.strip(" ,.;:、，·")
    return rest if rest != title and searchable_title(rest) else None


def _names_venue(title: str, reading: Record) -> bool:
    """The first title is the other reading's journal, or its head ("Journal of Combinatorial Theory"
    for "Journal of Combinatorial Theory, Series A" in a title-less physics reference) and reads as a
    venue's name: a misread venue, not a title the other reading lost."""
    key = journal_key(title)
    return bool(key) and names_a_venue(title) and journal_key(reading.container_title).startswith(key)


def _holds_names(title: str, reading: Record) -> bool:
    names = [n.family or n.literal for n in reading.author]
    return any(name and len(name) >= 2 and name in title for name in names)


def _title_cut_short(cited: Record, found: Record) -> bool:
    """The cited title is only the head of the record's ('Causal Wave Mechanics …' for 'Causal
    Wave Mechanics …. II. Dynamic uncertainty …'): the parser may have cut it at a subtitle and
    put the rest elsewhere (a changed word there would go unseen)."""
    if not (cited.title and found.title):
        return False
    return compare_titles(cited.title, found.title).subtitle_only and len(
        title_key(cited.title)) < len(title_key(found.title))


def _title_in_venue(cited: Record, found: Record, assessment: Assessment) -> bool:
    """The venue disagrees and the cited venue holds the record's title: the parser ran a Title
    Case title into the journal's name ("Cascading Failures EPL", IOP layout), or took it for the
    venue; the text re-read around the title tells them apart."""
    if not (found.title and cited.container_title) or not any(
        d.field == "container-title" for d in assessment.discrepancies
    ):
        return False
    venue, title = normalize_title(cited.container_title), normalize_title(found.title)
    return title in venue and venue != title  # (a title too short to align: `realign` declines)


def _default_live_sources() -> list[Source]:
    return build_sources(None, config=load_config(), offline=False)


def with_options(checker: Checker, **changes: Any) -> Checker:
    """A copy of `checker` sharing its sources but with some options changed (ablations)."""
    clone = object.__new__(Checker)
    clone.__dict__.update(checker.__dict__)
    clone.options = replace(checker.options, **changes)
    return clone


__all__ = ["CheckOptions", "Checker", "SourceStatus", "with_options"]
