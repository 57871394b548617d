"""The retrieval cascade: identifiers first, then journal/volume/page, then title search.

For one citation it asks the sources in order and returns the candidates worth verifying, each
carrying the signals that chose it, plus what every source said (answered / failed) so that the
decision can tell "nothing exists" from "nobody could tell us".
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from citecheck.coverage import cited_by_url
from citecheck.identifiers import record_arxiv, record_doi
from citecheck.model import Candidate, Citation, Record, Signals, SourceStatus
from citecheck.model_stages import Retrieval, TextReadings
from citecheck.names import first_author_key, initials, initials_agree, is_collective, name_key
from citecheck.retrieve_text import search_by_text
from citecheck.sources.base import Source, SourceError, SourceSkipped
from citecheck.titles import searchable_title, title_key, title_similarity

MatchedBy = Literal["doi", "arxiv", "journal", "title", "web", "other"]

#: a title-search hit needs at least this title similarity to be verified at all
ACCEPT_TITLE = 0.72
#: ... or this much when first author and year also agree
ACCEPT_TITLE_CORROBORATED = 0.55
#: a candidate this good ends the cascade early (no need to ask further sources)
DECISIVE_TITLE = 0.93


@dataclass(frozen=True)
class RetrieveOptions:
    """Which cascade stages run (the benchmark's ablations switch them off)."""

    identifier_lookup: bool = True
    journal_lookup: bool = True
    title_search: bool = True
    search_limit: int = 10
    max_candidates: int = 5


class LookupMemo:
    """Per-run memo of identifier lookups so a DOI cited twice is fetched once.

    Values are a Record, None (answered: not found) or a SourceError (could not answer).
    """

    def __init__(self) -> None:
        self._data: dict[tuple[str, str, str], Record | SourceError | None] = {}

    def get(self, key: tuple[str, str, str]) -> Record | SourceError | type[KeyError] | None:
        return self._data.get(key, KeyError)

    def put(self, key: tuple[str, str, str], value: Record | SourceError | None) -> None:
        self._data[key] = value

    async def prefetch(self, sources: Sequence[Source], citations: Sequence[Citation]) -> None:
        """Batch every identifier lookup of the run up front (S2 batch, OpenAlex OR, id_list)."""
        dois = sorted({d for c in citations if (d := cited_doi(c.fields))})
        arxivs = sorted({a for c in citations if (a := cited_arxiv(c.fields))})
        jobs = []
        for source in sources:
            if getattr(source, "last_resort", False):
                continue  # asked only for what the others did not resolve (the DOI registry)
            if "doi" in source.supports and dois:
                jobs.append(self._prefetch_one(source, "doi", dois))
            if "arxiv" in source.supports and arxivs:
                jobs.append(self._prefetch_one(source, "arxiv", arxivs))
        if jobs:
            await asyncio.gather(*jobs)

    async def _prefetch_one(self, source: Source, kind: str, ids: list[str]) -> None:
        try:
            if kind == "doi":
                found = await source.lookup_doi_many(ids)
            else:
                found = await source.lookup_arxiv_many(ids)
        except SourceError:
            return  # left unset: the per-citation lookup retries and records the failure
        for ident, record in found.items():
            self.put((source.name, kind, ident), record)


#: kept for callers of the old names; the rules are `identifiers.record_doi` / `record_arxiv`
cited_doi = record_doi
cited_arxiv = record_arxiv


def rank_signals(cited: Record, found: Record) -> Signals:
    """Cheap agreement signals used to rank and accept candidates."""
    year_agree: bool | None = None
    if cited.year and found.year:
        year_agree = abs(cited.year - found.year) <= 1
    author_agree: bool | None = None
    ca, fa = first_author_key(cited), first_author_key(found)
    if ca and found.author:
        author_agree = ca == fa or any(
            name_key(n.family or n.literal) == ca for n in found.author[:5]
        )
    collective = bool(author_agree) and bool(cited.author) and all(
        n.literal and not n.family and is_collective(n.literal) for n in cited.author)
    # any title the record holds (the preprint's, the original-language one) names it
    similarity = max((title_similarity(cited.title, t.title) for t in found.titles[1:]),
                     default=0.0) if found.custom.get("titles") else 0.0
    similarity = max(similarity, title_similarity(cited.title, found.title))
    return Signals(title_similarity=round(similarity, 4),
                   year_agree=year_agree, author_agree=author_agree, author_collective=collective,
                   initial_clash=bool(author_agree) and _initial_clash(cited, found, ca)
                   and not _shares_numbers(cited, found))


def _shares_numbers(cited: Record, found: Record) -> bool:
    """The record has the cited identifier, volume or first page: a miscited initial, not a namesake."""
    same = [(record_arxiv(cited), record_arxiv(found)), (record_doi(cited), record_doi(found)),
            (cited.volume, found.volume), (cited.first_page, found.first_page)]
    return any(a and a == b for a, b in same)


def _initial_clash(cited: Record, found: Record, key: str) -> bool:
    """The cited first author's first initial differs from that of every author of ``found`` with
    the same family name ("Q.-X. Liu" against "Xinfei Liu" and "Kai Liu"); False when a side gives none.
    (A title-less citation is not matched to such a namesake unless the record has its identifier, volume
    or first page: `_shares_numbers`.)"""
    first = initials(cited.author[0].given) if cited.author else ""
    namesakes = [initials(n.given) for n in found.author[:5] if name_key(n.family or n.literal) == key]
    return bool(namesakes) and not any(initials_agree(first, i) for i in namesakes)


def retrieval_score(signals: Signals, has_title: bool) -> float:
    """Title similarity (or 0.6 without a title) scaled, plus 0.1 each for year and author."""
    bonus = 0.1 * bool(signals.year_agree) + 0.1 * bool(signals.author_agree)
    base = signals.title_similarity if has_title else 0.6
    return min(1.0, base * 0.8 + bonus)


def accept_search_hit(signals: Signals, has_title: bool) -> bool:
    """A search hit is worth verifying: a close title, or a looser one with author and year."""
    sim = signals.title_similarity
    if not has_title:  # (authors and year are all there is: a namesake of another initial is not them)
        return signals.personal_author_agrees and signals.year_agree is not False and not signals.initial_clash
    if sim >= ACCEPT_TITLE:
        return True
    return sim >= ACCEPT_TITLE_CORROBORATED and signals.personal_author_agrees and bool(
        signals.year_agree)


def _verb(error: SourceError) -> str:
    return "skipped" if isinstance(error, SourceSkipped) else "failed"


class Cascade:
    """The retrieval cascade for one citation, one method per stage:
    `identifiers` → `journal_volume_page` → `title_search` → `alternative_readings`.

    Each stage adds candidates and records what every source said; a decisive candidate (a
    near-identical title, or an identifier hit when the citation has no title) ends it early.
    """

    def __init__(self, citation: Citation, sources: Sequence[Source],
                 options: RetrieveOptions, memo: LookupMemo, texts: TextReadings | None = None) -> None:
        self.citation, self.sources, self.options, self.memo = citation, sources, options, memo
        self.texts = texts or _carried(citation)
        self.cited = citation.fields
        # a work cited by its name and URL: the name is its title, however short ("LArSoft"), and its
        # page is there to ask for (--check-urls), with a name or none
        self.by_url = cited_by_url(citation)
        self.has_title = searchable_title(self.cited.title) or bool(self.cited.title and self.by_url)
        self.result = Retrieval()
        self.statuses: dict[str, SourceStatus] = {}
        self.seen: dict[str, Candidate] = {}

    async def run(self) -> Retrieval:
        cited, options = self.cited, self.options
        if options.identifier_lookup:
            await self.identifiers()
        if options.journal_lookup and self._jvp() and not self.decisive():
            await self.journal_volume_page()
        if options.title_search and (self.has_title or cited.author or self.by_url) and not self.decisive():
            await self.title_search()
        if options.title_search and not self.seen:
            await self.alternative_readings()
        if options.title_search and not self.seen:
            await self.whole_text()
        if options.title_search and not self.seen and self.has_title:
            await self.untitled_reading()
        return self.finish()

    # -- stages ---------------------------------------------------------------------------------
    async def identifiers(self) -> None:
        """1. The cited DOI and arXiv id, from every source that resolves them (first hit wins)."""
        wanted: tuple[tuple[Literal["doi", "arxiv"], str | None], ...] = (
            ("doi", record_doi(self.cited)), ("arxiv", record_arxiv(self.cited)))
        for kind, ident in wanted:
            if not ident:
                continue
            label = "DOI" if kind == "doi" else "arXiv"
            for source in (s for s in self.sources if kind in s.supports):
                record, error = await self._lookup(source, kind, ident)
                self._status(source, error)
                if error is not None:
                    self._say(f"{source.name}: {label} {ident} lookup {_verb(error)} ({error.reason})")
                elif record is None:
                    self.result.unresolved.append((kind, ident, source.name))
                    self._say(f"{source.name}: {label} {ident} not found")
                elif record.custom.get("registry_only"):
                    # the registry knows the DOI exists, not what it names: nothing to verify
                    self._say(f"{source.name}: {label} {ident} is registered")
                else:
                    self.add(record, source, "doi" if kind == "doi" else "arxiv")
                    self._say(f"{source.name}: {label} {ident} → {record.title or record.id!s:.90}")
                    break  # one source resolving an identifier is enough

    async def journal_volume_page(self) -> None:
        """2. Journal + volume + first page (title-less physics references)."""
        journal, volume, page = self._jvp() or ("", "", "")
        for source in self._asked("journal"):
            try:
                records = await source.lookup_journal(journal, volume, page, self.cited.year)
            except SourceError as exc:
                self._status(source, exc)
                self._say(f"{source.name}: journal lookup {_verb(exc)} ({exc.reason})")
                continue
            self._status(source, None)
            for record in records[:5]:
                self.add(record, source, "journal")
            if records:
                self._say(f"{source.name}: {journal} {volume}, {page} → {len(records)} record(s)")
                if self.decisive():
                    break

    async def title_search(self) -> None:
        """3. Title / author search; hits are kept when `accept_search_hit` says so."""
        for source in self._asked("search"):
            records = await self._search(source, self.citation, say=True)
            if records is None:
                continue
            accepted, best = 0, 0.0
            for record in records:
                signals = rank_signals(self.cited, record)
                best = max(best, signals.title_similarity)
                if accept_search_hit(signals, self.has_title):
                    self.add(record, source, "title", signals)
                    accepted += 1
            self._say(f"{source.name}: search → {len(records)} hit(s), {accepted} close enough"
                      + (f" (best title similarity {best:.2f})" if self.has_title and records else ""))
            if self.decisive():
                break

    async def alternative_readings(self) -> None:
        """4. Nothing found: the parser may have lost the title (into the journal, say) — search
        again with the other readings the raw text offers before concluding "not found"."""
        readings = self.texts.spans()
        # the rules' or the labeller's other reading of the text, after the spans above
        seen = {title_key(r.title) for r in readings if r.title}
        readings = list(readings) + [r for r in self.texts.other() if r.title and title_key(r.title) not in seen]
        for alt in readings:
            for source in self._asked("search"):
                accepted = await self._search_reading(source, alt, titled=True)
                if accepted:
                    self._say(f"{source.name}: search for '{alt.title}' (re-read from the text) → "
                              f"{accepted} close enough")
            if self.seen:
                break

    async def whole_text(self) -> None:
        """5. Still nothing: the text's other reading by journal/volume/page, then the whole
        cleaned reference string (`retrieve_text.search_by_text`; hits must be spelled out in it)."""
        await search_by_text(self.citation, self.texts, self.sources, self.add, self._status,
                             self.result.evidence, self.options.search_limit)

    async def untitled_reading(self) -> None:
        """6. Still nothing, and the text's other reading has no title (the first took the journal
        for one: "K. W. Luoto, Journal of Combinatorial Theory, Series A 115 (2008) 777-798"): the
        cited authors' works near the year, as for any title-less reference — the last resort, after
        the whole text, since a common name and a year alone match many works."""
        for alt in self.texts.other():
            if searchable_title(alt.title) or not alt.author:
                continue
            for source in self._asked("search"):
                accepted = await self._search_reading(source, alt, titled=False)
                if accepted:
                    self._say(f"{source.name}: search by the authors and year (the text read without a "
                              f"title) → {accepted} close enough")

    # -- helpers --------------------------------------------------------------------------------
    async def _search_reading(self, source: Source, reading: Record, titled: bool) -> int:
        """Search ``source`` with another reading of the text; its hits that `accept_search_hit`
        takes (judged against that reading) become candidates. Returns how many."""
        records = await self._search(source, self.citation.model_copy(update={"fields": reading}), say=False)
        accepted = 0
        for record in records or []:
            signals = rank_signals(reading, record)
            if accept_search_hit(signals, titled):
                self.add(record, source, "title", signals)
                accepted += 1
        return accepted

    def _jvp(self) -> tuple[str, str, str] | None:
        c = self.cited
        return (c.container_title, c.volume, c.first_page) if (
            c.container_title and c.volume and c.first_page) else None

    def _asked(self, capability: str) -> list[Source]:
        return [s for s in self.sources if capability in s.supports and s.covers(self.citation)]

    def _say(self, line: str) -> None:
        self.result.evidence.append(line)

    async def _lookup(self, source: Source, kind: str, ident: str
                      ) -> tuple[Record | None, SourceError | None]:
        """One identifier lookup through the run's memo: (record or None, error or None)."""
        key = (source.name, kind, ident)
        cached = self.memo.get(key)
        if cached is KeyError:
            try:
                found = await (source.lookup_doi(ident) if kind == "doi" else source.lookup_arxiv(ident))
            except SourceError as exc:
                self.memo.put(key, exc)
                return None, exc
            self.memo.put(key, found)
            return found, None
        if isinstance(cached, SourceError):
            return None, cached
        return (cached if isinstance(cached, Record) else None), None

    async def _search(self, source: Source, citation: Citation, *, say: bool) -> list[Record] | None:
        """A source's search hits, or None when it could not answer (its status recorded)."""
        try:
            records = await source.search(citation, limit=self.options.search_limit)
        except SourceError as exc:
            self._status(source, exc)
            if say:
                self._say(f"{source.name}: search {_verb(exc)} ({exc.reason})")
            return None
        self._status(source, None)
        return records

    def _status(self, source: Source, error: SourceError | None) -> None:
        """Record one call's outcome; a source that failed once in this cascade stays 'failed'."""
        name = source.name
        known = self.statuses.get(name)  # (a status is built only where it changes: every call asks)
        if isinstance(error, SourceSkipped):
            if known is None:
                self.statuses[name] = SourceStatus(source=name, status="skipped", reason=error.reason)
        elif error is not None:
            self.statuses[name] = SourceStatus(source=name, status="failed", reason=error.reason)
        elif known is None or known.status == "skipped":
            self.statuses[name] = SourceStatus(source=name, status="answered")

    def add(self, record: Record, source: Source, matched_by: MatchedBy,
            signals: Signals | None = None) -> Candidate:
        """A candidate for `record` (the first stage that found it keeps it)."""
        key = record.id or f"{source.name}:{record.DOI or record.arxiv or record.title}"
        existing = self.seen.get(key)
        if existing is not None:
            if existing.signals.also_matched_by is None:
                existing.signals = replace(existing.signals, also_matched_by=matched_by)
            return existing
        signals = signals or rank_signals(self.cited, record)
        score = 1.0 if matched_by in ("doi", "arxiv") else retrieval_score(signals, self.has_title)
        if matched_by == "journal":
            score = max(score, 0.9 if signals.author_agree is not False else 0.7)
        cand = Candidate(record=record, source=source.name, matched_by=matched_by, score=score,
                         signals=signals)
        self.seen[key] = cand
        return cand

    def decisive(self) -> bool:
        """A candidate good enough to end the cascade (no need to ask further sources)."""
        for cand in self.seen.values():
            if self.has_title and cand.signals.title_similarity >= DECISIVE_TITLE:
                return True
            if not self.has_title and cand.matched_by in ("doi", "arxiv", "journal") and (
                    cand.signals.author_agree is not False):
                return True
        return False

    def finish(self) -> Retrieval:
        """Best candidates first; identifier hits are always kept (that is the reviewer's case)."""
        ranked = sorted(self.seen.values(), key=lambda c: c.score, reverse=True)
        keep = [c for c in ranked if c.matched_by in ("doi", "arxiv")]
        keep += [c for c in ranked if c not in keep][: max(0, self.options.max_candidates - len(keep))]
        self.result.candidates = keep
        self.result.statuses = list(self.statuses.values())
        return self.result


async def retrieve(
    citation: Citation,
    sources: Sequence[Source],
    options: RetrieveOptions = RetrieveOptions(),
    memo: LookupMemo | None = None,
    texts: TextReadings | None = None,
) -> Retrieval:
    """Run the cascade for one citation; `texts`: the reading stage's other readings of its text
    (`Reading.texts`; without them, only the readings the citation carries are searched)."""
    return await Cascade(citation, sources, options, memo or LookupMemo(), texts).run()


def _carried(citation: Citation) -> TextReadings:
    """The readings a citation carries (`Citation.readings`), for a caller that gives no others."""
    return TextReadings(spans=lambda: list(citation.readings or []))
