"""The orchestrator and public Python API: extract → retrieve → verify → decide.

    from citecheck import Checker
    verdicts = Checker(offline=True).check_file("refs.bib")

Citations are checked concurrently; `astream` yields each verdict as soon as it is decided.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from citecheck.decide import Thresholds, decide, load_thresholds
from citecheck.extract import read_path, read_text
from citecheck.model import (
    Assessment,
    Candidate,
    Citation,
    Discrepancy,
    Label,
    Record,
    SourceStatus,
    Verdict,
)
from citecheck.realign import realign
from citecheck.retrieve import (
    LookupMemo,
    Retrieval,
    RetrieveOptions,
    alternative_readings,
    cited_arxiv,
    cited_doi,
    personal_author_agrees,
    retrieve,
)
from citecheck.sources.base import Source
from citecheck.verify.compare import assess, identity_mismatch
from citecheck.verify.reviewer import review_rationale
from citecheck.verify.titles import compare_titles, title_key

log = logging.getLogger(__name__)

#: sources whose "no such identifier" is proof that the identifier does not resolve (registries
#: of record); a local index or a search engine may simply not hold it
AUTHORITATIVE = {"doi": {"crossref", "datacite", "doi"}, "arxiv": {"arxiv", "datacite"}}

#: parses below this confidence are handed to the reparser (e.g. an LLM parser), when one is set
LOW_PARSE_CONFIDENCE = 0.5
#: a title this close to a record's is that record, whatever identifier the citation carries
CONVINCING_TITLE = 0.9
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

    def retrieve_options(self) -> RetrieveOptions:
        return RetrieveOptions(
            identifier_lookup=self.identifier_lookup,
            journal_lookup=self.journal_lookup,
            title_search=self.title_search,
        )


def _open_index_source(index: str | Path | None) -> Source:
    from citecheck.index.default import default_index_path
    from citecheck.sources.local import LocalIndexSource

    return LocalIndexSource(Path(index) if index else default_index_path())


def _stands_against_identifier(cand: Candidate) -> bool:
    """Whether a record found by the text outweighs a cited identifier that resolves elsewhere.

    A near-identical title does; a looser one only with a personal author or the year agreeing.
    Otherwise a fabricated title that shares a prefix with some real paper ("Search for
    resonances and quantum black holes at ...") would turn a borrowed DOI into mere drift.
    """
    if cand.matched_by in ("doi", "arxiv"):
        return True
    sig = cand.signals
    if float(sig.get("title_similarity") or 0.0) >= CONVINCING_TITLE:
        return True
    return personal_author_agrees(sig) or bool(sig.get("year_agree"))


def _checkable(cited: Record) -> bool:
    """A title, identifier, journal reference or authors: something to look the work up by."""
    title_ok = bool(cited.title and len(cited.title.strip()) >= 8)
    jvp = cited.container_title and cited.volume and cited.first_page
    return bool(title_ok or cited_doi(cited) or cited_arxiv(cited) or jvp or cited.author)


class Checker:
    """Checks citations against the local index and (unless offline) live sources.

    index: path of a local index (None: ``$CITECHECK_INDEX`` or the embedded default).
    sources: live sources to ask after the index (None: the configured defaults when online).
    offline: use only the local index (and the cache); never touch the network.
    thresholds: a `Thresholds`, a path to a thresholds JSON file, or None for the shipped ones.
    reparser: called for citations whose rule-based parse has low confidence (the hook for an
        LLM parser); its fields replace the parse when it returns some.
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
        judge: Judge | None = None,
    ) -> None:
        self.options = options or CheckOptions()
        self.reparser = reparser
        self.judge = judge
        if isinstance(thresholds, Thresholds):
            self.thresholds = thresholds
        else:
            self.thresholds = load_thresholds(thresholds)
        chain: list[Source] = [_open_index_source(index)] if use_index else []
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
            await memo.prefetch(self.sources, [c for c in items if c.error is None])
            semaphore = asyncio.Semaphore(max(1, self.options.concurrency))

            async def run(citation: Citation) -> Verdict:
                async with semaphore:
                    return await self.acheck_one(citation, memo)

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
        except Exception as exc:  # one bad citation never sinks the batch
            log.exception("checking %s failed", citation.id)
            return self._verdict(citation, Label.ERROR, decided_by="error",
                                 rationale=f"internal error while checking: {type(exc).__name__}: {exc}")

    def _verdict(self, citation: Citation, label: Label, **kwargs: object) -> Verdict:
        return Verdict(
            citation=citation,
            label=label,
            thresholds={"exact": self.thresholds.exact, "minor": self.thresholds.minor},
            **kwargs,  # type: ignore[arg-type]
        )

    async def _check_one(self, citation: Citation, memo: LookupMemo) -> Verdict:
        if citation.error:
            return self._verdict(citation, Label.ERROR, decided_by="error", rationale=citation.error)
        rules_reading = None
        if self.reparser is not None and (citation.parse_confidence < LOW_PARSE_CONFIDENCE
                                          or not _checkable(citation.fields)):
            better = await self.reparser(citation)
            if better is not None:
                rules_reading, citation.fields = citation.fields, better
                citation.parse_warnings.append("re-parsed: rule-based parse had low confidence")
        if not _checkable(citation.fields):
            # nothing usable where the parser looked: a quoted or emphasised span may be the title
            alt = next((a for a in alternative_readings(citation) if a.title and len(a.title) >= 12), None)
            if alt is not None:
                if alt.container_title and alt.title and alt.title in alt.container_title:
                    alt.container_title = None  # the parser's "journal" was the rest of the entry
                citation.fields = alt
                citation.parse_warnings.append("title taken from a quoted or emphasised span")
        cited = citation.fields
        if not _checkable(cited):
            return self._verdict(
                citation, Label.ERROR, decided_by="error",
                rationale="could not find a title, identifier, journal reference or authors in the entry",
            )

        retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo)
        if not retrieval.candidates and rules_reading is not None and _checkable(rules_reading):
            # both readings go to retrieval: the re-read found nothing, the rules' reading may
            citation.fields = cited = rules_reading
            citation.parse_warnings.append("the re-read retrieved nothing; back to the rules' reading")
            retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo)
        common = {"evidence": retrieval.evidence, "sources": retrieval.statuses}
        if not retrieval.candidates:
            return self._not_found(citation, retrieval, common)

        assessed: list[tuple[Candidate, Assessment]] = []
        mismatched: list[bool] = []
        for cand in retrieval.candidates:
            fields, assessment = self._assess(citation, cand)
            assessed.append((cand, assessment))
            mismatched.append(bool(identity_mismatch(fields, cand.record)))
        if self.judge is not None:
            assessed = await self.judge(citation, assessed, mismatched,
                                        self.thresholds.exact, self.thresholds.minor)
        if not self.options.reviewer:
            cand, assessment = max(assessed, key=lambda ca: ca[1].score)
            return self._scored(citation, cand, assessment, retrieval, common)

        plausible = [ca for ca, bad in zip(assessed, mismatched, strict=True) if not bad]
        conflicts = [c for (c, _), bad in zip(assessed, mismatched, strict=True)
                     if bad and c.matched_by in ("doi", "arxiv")]
        if plausible:
            cand, assessment = max(plausible, key=lambda ca: ca[1].score)
        if plausible and conflicts and not _stands_against_identifier(cand):
            plausible = []  # a look-alike title, not the work: the identifier was borrowed
        if plausible:
            verdict = self._scored(citation, cand, assessment, retrieval, common)
            for other in conflicts:
                if other.record.id != cand.record.id:
                    self._note_identifier_conflict(verdict, other)
            return verdict
        if conflicts:
            other = conflicts[0]
            kind = other.matched_by
            ident = cited_doi(cited) if kind == "doi" else cited_arxiv(cited)
            _, assessment = next((c, a) for c, a in assessed if c is other)
            return self._verdict(
                citation, Label.MAJOR,
                score=min(assessment.score, self.thresholds.minor),
                confidence=max(assessment.confidence, 0.8),
                discrepancies=assessment.discrepancies,
                rationale=review_rationale(kind, ident or "", other.record),
                match=other.record, match_source=other.source, matched_by=kind,
                reviewer="identifier resolves to another work; title/author search found no work matching the text",
                decided_by="reviewer", **common,
            )
        cand, assessment = max(assessed, key=lambda ca: ca[1].score)
        return self._scored(citation, cand, assessment, retrieval, common)

    @staticmethod
    def _assess(citation: Citation, cand: Candidate) -> tuple[Record, Assessment]:
        """Assess the parsed fields; if title/authors disagree, also the text re-read around
        the candidate's title (parser mistakes), and keep the reading that agrees better."""
        cited = citation.fields
        assessment = assess(cited, cand.record)
        cut = _title_cut_short(cited, cand.record)
        if cut or any(d.field in ("title", "author") for d in assessment.discrepancies):
            alt = realign(citation, cand.record)
            if alt is not None:
                second = assess(alt, cand.record)
                # a title the parser cut short: the text holds the rest of it, judge all of it
                longer = cut and len(title_key(alt.title or "")) > len(title_key(cited.title or ""))
                if second.score > assessment.score or longer:
                    second.rationale += " (Fields re-read from the citation text around the title.)"
                    return alt, second
        return cited, assessment

    def _scored(
        self,
        citation: Citation,
        cand: Candidate,
        assessment: Assessment,
        retrieval: Retrieval,
        common: dict[str, object],
    ) -> Verdict:
        label = decide(assessment, self.thresholds)
        if label is Label.MAJOR and retrieval.failed:
            # The best we found disagrees, but a source that might hold the real work failed.
            names = ", ".join(s.source for s in retrieval.failed)
            return self._verdict(
                citation, Label.UNVERIFIED, score=assessment.score, confidence=0.3,
                discrepancies=assessment.discrepancies,
                rationale=f"Closest record disagrees, but {names} could not be asked; not judging. "
                + assessment.rationale,
                match=cand.record, match_source=cand.source, matched_by=cand.matched_by,
                decided_by="unverified", **common,
            )
        verdict = self._verdict(
            citation, label, score=assessment.score, confidence=assessment.confidence,
            discrepancies=assessment.discrepancies, rationale=assessment.rationale,
            match=cand.record, match_source=cand.source, matched_by=cand.matched_by,
            decided_by="score", **common,
        )
        self._note_unresolved_identifiers(verdict, retrieval)
        return verdict

    @staticmethod
    def _note_unresolved_identifiers(verdict: Verdict, retrieval: Retrieval) -> None:
        """A real work cited with an identifier its registry says does not exist is not EXACT."""
        fields = {"doi": "DOI", "arxiv": "arxiv"}
        for kind, ident, source in retrieval.unresolved:
            if source not in AUTHORITATIVE[kind] or any(
                d.field == fields[kind] for d in verdict.discrepancies
            ):
                continue
            found = verdict.match.DOI if kind == "doi" and verdict.match else (
                verdict.match.arxiv if verdict.match else None)
            verdict.discrepancies.append(Discrepancy(
                field=fields[kind], cited=ident, found=found, kind="mismatch",
                detail=f"{source} has no such {'DOI' if kind == 'doi' else 'arXiv id'}",
            ))
            verdict.rationale += f" The cited {'DOI' if kind == 'doi' else 'arXiv id'} {ident} does not resolve ({source})."
            if verdict.label is Label.EXACT:
                verdict.label = Label.MINOR

    def _note_identifier_conflict(self, verdict: Verdict, other: Candidate) -> None:
        """The text matches a real work but its identifier resolves to another one."""
        kind = "DOI" if other.matched_by == "doi" else "arXiv id"
        field = "DOI" if other.matched_by == "doi" else "arxiv"
        if not any(d.field == field for d in verdict.discrepancies):
            ident = cited_doi(verdict.citation.fields) if field == "DOI" else cited_arxiv(
                verdict.citation.fields)
            verdict.discrepancies.append(Discrepancy(
                field=field, cited=ident, found=(verdict.match.DOI if field == "DOI" and verdict.match
                                                 else verdict.match.arxiv if verdict.match else None),
                kind="identifier_conflict", severity="minor",
                detail=f"the cited {kind} belongs to '{other.record.title}'",
            ))
        if verdict.label is Label.EXACT:
            verdict.label = Label.MINOR
        verdict.rationale += f" The cited {kind} resolves to another work ('{other.record.title}')."
        verdict.reviewer = "identifier resolves to another work; the text matches the record shown"

    def _not_found(self, citation: Citation, retrieval: Retrieval, common: dict[str, object]) -> Verdict:
        answered = [s.source for s in retrieval.statuses if s.status == "answered"]
        failed = retrieval.failed
        if failed or not answered:
            why = "; ".join(f"{s.source}: {s.reason}" for s in failed) or "no source could look it up"
            return self._verdict(
                citation, Label.UNVERIFIED, confidence=0.0, decided_by="unverified",
                rationale=f"No matching work found, but not every source answered ({why}).",
                **common,
            )
        what = []
        cited = citation.fields
        if cited_doi(cited):
            what.append(f"DOI {cited_doi(cited)}")
        if cited_arxiv(cited):
            what.append(f"arXiv:{cited_arxiv(cited)}")
        if cited.title:
            what.append("title")
        elif cited.container_title:
            what.append(f"{cited.container_title} {cited.volume or ''}, {cited.first_page or ''}".strip())
        # Sources left out (--offline, --sources) were not asked, so they cannot make this
        # UNVERIFIED; but a local index covers only part of the literature: say so.
        by_reason: dict[str, list[str]] = {}
        for status in retrieval.statuses:
            if status.status == "skipped":
                by_reason.setdefault(status.reason or "skipped", []).append(status.source)
        skipped = "; ".join(f"{', '.join(names)} ({why})" for why, names in by_reason.items())
        rationale = (
            f"No work matching the cited {' or '.join(what) or 'authors'} exists in "
            f"{', '.join(answered)} (every source asked answered)."
        )
        confidence = 0.9 if len(answered) >= 2 else 0.75
        if skipped:
            rationale += f" Not asked: {skipped}; confirm with them before calling it fabricated."
            confidence = min(confidence, 0.6)
        return self._verdict(
            citation, Label.MAJOR, score=0.0, confidence=confidence, decided_by="not_found",
            rationale=rationale, **common,
        )


def _title_cut_short(cited: Record, found: Record) -> bool:
    """The cited title is only the head of the record's ('Causal Wave Mechanics …' for 'Causal
    Wave Mechanics …. II. Dynamic uncertainty …'): the parser may have cut it at a subtitle and
    put the rest elsewhere (a changed word there would go unseen)."""
    if not (cited.title and found.title):
        return False
    return compare_titles(cited.title, found.title).subtitle_only and len(
        title_key(cited.title)) < len(title_key(found.title))


def _default_live_sources() -> list[Source]:
    try:
        from citecheck.sources.config import load_config
        from citecheck.sources.registry import build_sources
    except ImportError:  # live sources not installed/available: index only
        return []
    return build_sources(None, config=load_config(), offline=False)


def with_options(checker: Checker, **changes: object) -> Checker:
    """A copy of `checker` sharing its sources but with some options changed (ablations)."""
    clone = object.__new__(Checker)
    clone.__dict__.update(checker.__dict__)
    clone.options = replace(checker.options, **changes)  # type: ignore[arg-type]
    return clone


__all__ = ["CheckOptions", "Checker", "SourceStatus", "with_options"]
