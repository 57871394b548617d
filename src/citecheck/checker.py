"""The orchestrator and public Python API: read → retrieve → reconcile → assess → decide.

    from citecheck import Checker
    verdicts = Checker(offline=True).check_file("refs.bib")

Citations are checked concurrently; `astream` yields each verdict as soon as it is decided.
Readings are chosen and reconciled in `reading.reconcile`, every label comes from `decide`
(ERROR and a spent time budget included): this module only wires the stages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from citecheck import decide as decisions
from citecheck.check_options import CheckOptions, Judge
from citecheck.coverage import source_scopes
from citecheck.deadline import budget
from citecheck.decide import Thresholds, decide, load_thresholds
from citecheck.errors import RunFatalError
from citecheck.extract import read_path, read_text
from citecheck.model import Citation, SourceStatus, Verdict
from citecheck.model_stages import Assessed, Coverage, Decision
from citecheck.reading import read_entries
from citecheck.reading.reconcile import Reparser, back_to_rules, read, reconcile
from citecheck.retraction import retraction_of
from citecheck.retrieve import LookupMemo, retrieve
from citecheck.sources.base import Source
from citecheck.sources.config import load_config
from citecheck.sources.registry import build_sources

log = logging.getLogger(__name__)

def _open_index_source(index: str | Path | None, covers: Sequence[str] | None = None) -> Source:
    from citecheck.index.default import default_index_path
    from citecheck.index.health import check_index
    from citecheck.sources.local import LocalIndexSource

    path = Path(index) if index else default_index_path()
    check_index(path)  # a missing or damaged index fails here, loudly (IndexOpenError)
    return LocalIndexSource(path, covers)


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
            chain.extend(build_sources(None, config=load_config(), offline=False))
        self.sources: list[Source] = chain

    # -- public API ---------------------------------------------------------------------------
    def check_citations(self, citations: Iterable[Citation]) -> list[Verdict]:
        return asyncio.run(self.acheck_citations(citations))

    def check_text(self, text: str, fmt: str | None = None, name: str = "<text>") -> list[Verdict]:
        return self.check_citations(read_text(text, name, fmt))

    def check_file(self, path: str | Path, fmt: str | None = None) -> list[Verdict]:
        return self.check_citations(read_path(path, fmt))

    async def acheck_text(self, text: str, fmt: str | None = None,
                          name: str = "<text>") -> list[Verdict]:
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
        """Yield one verdict per citation as soon as it is decided (completion order); entries
        extract left unread are read first (`reading.read_entries`)."""
        memo = LookupMemo()
        try:
            items = read_entries(citations, defer=True)
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
            return self._decided(citation, decisions.internal_error(exc))

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
                return self._decided(citation, decisions.deadline_passed(waiting, seconds))

    async def _check_one(self, citation: Citation, memo: LookupMemo) -> Verdict:
        """Read → retrieve → reconcile (and judge) → decide."""
        reading = await read(citation, self.reparser)
        if reading.unreadable is not None:
            return self._decided(citation, decisions.error(reading.unreadable))
        retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo, reading.texts)
        if not retrieval.candidates and back_to_rules(citation, reading):
            # both readings go to retrieval: the re-read found nothing, the rules' reading may
            retrieval = await retrieve(citation, self.sources, self.options.retrieve_options(), memo, reading.texts)
        assessed = await self._judged(citation, [reconcile(citation, c) for c in retrieval.candidates])
        coverage = Coverage(scopes=source_scopes(self.sources), notes=self._notes())
        decision = decide(assessed, retrieval, self.thresholds, cited=reading.fields,
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

    def _decided(self, citation: Citation, d: Decision, evidence: list[str] | None = None,
                 statuses: list[SourceStatus] | None = None) -> Verdict:
        """The verdict: the decision as it stands, with the run's thresholds and the match's
        retraction notice (the label is the decision's)."""
        cand = d.candidate
        match = cand.record if cand else None
        return Verdict(
            citation=citation, label=d.label, score=d.score, confidence=d.confidence,
            discrepancies=d.discrepancies, rationale=d.rationale, reviewer=d.reviewer,
            match=match, match_source=cand.source if cand else None,
            matched_by=cand.matched_by if cand else None, decided_by=d.decided_by,
            evidence=evidence or [], sources=statuses or [],
            thresholds={"exact": self.thresholds.exact, "minor": self.thresholds.minor},
            retracted=retraction_of(match),
        )

    def _notes(self) -> dict[str, str]:
        """How reasons name the sources ("the local index, a 19,894-record sample")."""
        return {s.name: str(s.note) for s in self.sources if hasattr(s, "note")}


def with_options(checker: Checker, **changes: Any) -> Checker:
    """A copy of `checker` sharing its sources but with some options changed (ablations)."""
    clone = object.__new__(Checker)
    clone.__dict__.update(checker.__dict__)
    clone.options = replace(checker.options, **changes)
    return clone


__all__ = ["CheckOptions", "Checker", "SourceStatus", "with_options"]
