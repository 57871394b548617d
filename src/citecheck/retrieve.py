"""The retrieval cascade: identifiers first, then journal/volume/page, then title search.

For one citation it asks the sources in order and returns the candidates worth verifying, each
carrying the signals that chose it, plus what every source said (answered / failed) so that the
decision can tell "nothing exists" from "nobody could tell us".
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from citecheck.extract.combine import other_readings
from citecheck.model import Candidate, Citation, Record, SourceStatus
from citecheck.normalize import (
    arxiv_from_doi,
    name_key,
    normalize_arxiv,
    normalize_doi,
    title_similarity,
)
from citecheck.retrieve_text import search_by_text
from citecheck.sources.base import Source, SourceError, SourceSkipped
from citecheck.verify.compare import implausible_title
from citecheck.verify.titles import title_key

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


@dataclass
class Retrieval:
    candidates: list[Candidate] = field(default_factory=list)
    statuses: list[SourceStatus] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    #: identifiers a source answered "no such id" for: (kind, identifier, source name)
    unresolved: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def failed(self) -> list[SourceStatus]:
        return [s for s in self.statuses if s.status == "failed"]


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


def cited_doi(fields: Record) -> str | None:
    doi = normalize_doi(fields.DOI)
    return None if doi and arxiv_from_doi(doi) else doi


def cited_arxiv(fields: Record) -> str | None:
    return normalize_arxiv(fields.arxiv) or arxiv_from_doi(normalize_doi(fields.DOI))


_QUOTED = re.compile(r"[“\"«]([^”\"»]{12,400})[”\"»]|\*{1,2}([^*]{12,400})\*{1,2}"
                     r"|\\(?:emph|textit|textsl|textbf)\s*\{([^{}]{12,400})\}")
_PIECES = re.compile(r"(?<=[.?!”\"])\s+(?=\S)")


def alternative_readings(citation: Citation) -> list[Record]:
    """Other titles the raw text offers when the parsed one found nothing: a quoted or
    emphasised span, or a sentence the parser put into the journal field."""
    cited = citation.fields
    if citation.provenance.format in ("bibtex", "csl", "bbl") or citation.raw.lstrip()[:1] in "@{":
        return []
    seen = {title_key(cited.title or "")}
    texts = [m.group(1) or m.group(2) or m.group(3) for m in _QUOTED.finditer(citation.raw)]
    pieces = _PIECES.split(cited.container_title) if cited.container_title else []
    if cited.title and len(pieces) >= 2:
        # "Title. Second sentence of the title. Journal": the parser cut the title at its period
        texts.append(f"{cited.title.rstrip('. ')}. {pieces[0]}")
    texts += pieces
    if cited.title:
        texts += _PIECES.split(cited.title)
    if cited.title and ", " in cited.title:
        # "Title, Digital Access to Scholarship at Harvard (DASH)": a venue without numbers that
        # the parser left on the title; the text before a comma is the title
        texts += [cited.title.split(", ")[0], cited.title.rsplit(", ", 1)[0]]
        # "Peter Kuchment and Leonid Kunyansky, Mathematics of …": authors the parser did not
        # recognise left in front of the title; the text after the last comma is the title
        texts.append(cited.title.rsplit(", ", 1)[1])
    out: list[Record] = []
    for text in texts:
        text = text.strip(" \t,.;:“”\"'*")
        key = title_key(text)
        if len(key.split()) < 3 or key in seen or implausible_title(text):
            continue
        seen.add(key)
        alt = cited.model_copy(deep=True)
        alt.title = text
        out.append(alt)
    # the rules' or the labeller's other reading of the text, after the spans above (issue 13)
    extra = [r for r in other_readings(citation) if r.title and title_key(r.title) not in seen]
    return out[:3] + extra


def _first_author_key(record: Record) -> str:
    for name in record.author:
        if name.literal:
            return name_key(name.literal)
        if name.family:
            return name_key(name.family)
    return ""


#: author "names" that are organisations: agreeing on one says little (ATLAS signs thousands of papers)
_COLLECTIVE = re.compile(r"collaboration|consortium|\bcollab\b|\bteam\b|\bgroup\b|\bproject\b", re.I)


def _collective_only(record: Record) -> bool:
    return bool(record.author) and all(
        n.literal and not n.family and _COLLECTIVE.search(n.literal) for n in record.author
    )


def rank_signals(cited: Record, found: Record) -> dict[str, float | str | bool | None]:
    """Cheap agreement signals used to rank and accept candidates."""
    sim = title_similarity(cited.title, found.title)
    year_agree: bool | None = None
    if cited.year and found.year:
        year_agree = abs(cited.year - found.year) <= 1
    author_agree: bool | None = None
    ca, fa = _first_author_key(cited), _first_author_key(found)
    if ca and found.author:
        author_agree = ca == fa or any(
            name_key(n.family or n.literal) == ca for n in found.author[:5]
        )
    signals: dict[str, float | str | bool | None] = {
        "title_similarity": round(sim, 4), "year_agree": year_agree, "author_agree": author_agree}
    if author_agree and _collective_only(cited):
        signals["author_collective"] = True
    return signals


def _retrieval_score(signals: dict[str, float | str | bool | None], has_title: bool) -> float:
    sim = float(signals.get("title_similarity") or 0.0)
    bonus = 0.0
    if signals.get("year_agree"):
        bonus += 0.1
    if signals.get("author_agree"):
        bonus += 0.1
    base = sim if has_title else 0.6
    return min(1.0, base * 0.8 + bonus)


def personal_author_agrees(signals: dict[str, float | str | bool | None]) -> bool:
    """An author agrees, and not only a collaboration name (which matches hundreds of papers)."""
    return bool(signals.get("author_agree")) and not signals.get("author_collective")


def _accept_search_hit(signals: dict[str, float | str | bool | None], has_title: bool) -> bool:
    sim = float(signals.get("title_similarity") or 0.0)
    author_agree = personal_author_agrees(signals)
    if not has_title:
        return author_agree and signals.get("year_agree") is not False
    if sim >= ACCEPT_TITLE:
        return True
    return sim >= ACCEPT_TITLE_CORROBORATED and author_agree and bool(
        signals.get("year_agree")
    )


def _verb(error: SourceError) -> str:
    return "skipped" if isinstance(error, SourceSkipped) else "failed"


def _status(statuses: dict[str, SourceStatus], source: Source, error: SourceError | None) -> None:
    """Record one call's outcome; a source that failed once in this cascade stays 'failed'."""
    if isinstance(error, SourceSkipped):
        statuses.setdefault(source.name, SourceStatus(source=source.name, status="skipped",
                                                      reason=error.reason))
    elif error is not None:
        statuses[source.name] = SourceStatus(source=source.name, status="failed", reason=error.reason)
    elif statuses.get(source.name, SourceStatus(source=source.name, status="skipped")).status == "skipped":
        statuses[source.name] = SourceStatus(source=source.name, status="answered")


async def retrieve(
    citation: Citation,
    sources: Sequence[Source],
    options: RetrieveOptions = RetrieveOptions(),
    memo: LookupMemo | None = None,
) -> Retrieval:
    """Run the cascade for one citation."""
    memo = memo or LookupMemo()
    cited = citation.fields
    result = Retrieval()
    statuses: dict[str, SourceStatus] = {}
    seen: dict[str, Candidate] = {}
    has_title = bool(cited.title and len(cited.title.strip()) >= 8)

    def add(record: Record, source: Source, matched_by: str,
            signals: dict[str, float | str | bool | None] | None = None) -> Candidate:
        key = record.id or f"{source.name}:{record.DOI or record.arxiv or record.title}"
        signals = signals or rank_signals(cited, record)
        score = 1.0 if matched_by in ("doi", "arxiv") else _retrieval_score(signals, has_title)
        if matched_by == "journal":
            score = max(score, 0.9 if signals.get("author_agree") is not False else 0.7)
        existing = seen.get(key)
        if existing is not None:
            existing.signals.setdefault("also_matched_by", matched_by)
            return existing
        cand = Candidate(record=record, source=source.name, matched_by=matched_by,  # type: ignore[arg-type]
                         score=score, signals=signals)
        seen[key] = cand
        return cand

    def decisive() -> bool:
        for cand in seen.values():
            sim = float(cand.signals.get("title_similarity") or 0.0)
            if has_title and sim >= DECISIVE_TITLE:
                return True
            if not has_title and cand.matched_by in ("doi", "arxiv", "journal") and cand.signals.get(
                "author_agree"
            ) is not False:
                return True
        return False

    # 1. identifiers
    if options.identifier_lookup:
        for kind, ident in (("doi", cited_doi(cited)), ("arxiv", cited_arxiv(cited))):
            if not ident:
                continue
            for source in sources:
                if kind not in source.supports:
                    continue
                cached = memo.get((source.name, kind, ident))
                error: SourceError | None = None
                record: Record | None = None
                if cached is KeyError:
                    try:
                        if kind == "doi":
                            record = await source.lookup_doi(ident)
                        else:
                            record = await source.lookup_arxiv(ident)
                        memo.put((source.name, kind, ident), record)
                    except SourceError as exc:
                        error = exc
                        memo.put((source.name, kind, ident), exc)
                elif isinstance(cached, SourceError):
                    error = cached
                else:
                    record = cached  # type: ignore[assignment]
                _status(statuses, source, error)
                label = "DOI" if kind == "doi" else "arXiv"
                if error is not None:
                    result.evidence.append(f"{source.name}: {label} {ident} lookup {_verb(error)} ({error.reason})")
                elif record is None:
                    result.unresolved.append((kind, ident, source.name))
                    result.evidence.append(f"{source.name}: {label} {ident} not found")
                else:
                    add(record, source, kind)
                    result.evidence.append(
                        f"{source.name}: {label} {ident} → {record.title or record.id!s:.90}"
                    )
                    break  # one source resolving an identifier is enough

    # 2. journal + volume + first page (title-less physics references)
    jvp = (cited.container_title, cited.volume, cited.first_page)
    if options.journal_lookup and all(jvp) and not decisive():
        for source in sources:
            if "journal" not in source.supports or not source.covers(citation):
                continue
            try:
                records = await source.lookup_journal(jvp[0] or "", jvp[1] or "", jvp[2] or "", cited.year)
            except SourceError as exc:
                _status(statuses, source, exc)
                result.evidence.append(f"{source.name}: journal lookup {_verb(exc)} ({exc.reason})")
                continue
            _status(statuses, source, None)
            for record in records[:5]:
                add(record, source, "journal")
            if records:
                result.evidence.append(
                    f"{source.name}: {jvp[0]} {jvp[1]}, {jvp[2]} → {len(records)} record(s)"
                )
                if decisive():
                    break

    # 3. title / author search
    if options.title_search and (has_title or cited.author) and not decisive():
        for source in sources:
            if "search" not in source.supports or not source.covers(citation):
                continue
            try:
                records = await source.search(citation, limit=options.search_limit)
            except SourceError as exc:
                _status(statuses, source, exc)
                result.evidence.append(f"{source.name}: search {_verb(exc)} ({exc.reason})")
                continue
            _status(statuses, source, None)
            accepted = 0
            best = 0.0
            for record in records:
                signals = rank_signals(cited, record)
                best = max(best, float(signals.get("title_similarity") or 0.0))
                if _accept_search_hit(signals, has_title):
                    add(record, source, "title")
                    accepted += 1
            result.evidence.append(
                f"{source.name}: search → {len(records)} hit(s), {accepted} close enough"
                + (f" (best title similarity {best:.2f})" if has_title and records else "")
            )
            if decisive():
                break

    # 4. nothing found: the parser may have lost the title (into the journal, say) — search
    #    again with the other readings the raw text offers before concluding "not found"
    if options.title_search and not seen:
        for alt in alternative_readings(citation):
            for source in sources:
                if "search" not in source.supports or not source.covers(citation):
                    continue
                alt_citation = citation.model_copy(update={"fields": alt})
                try:
                    records = await source.search(alt_citation, limit=options.search_limit)
                except SourceError as exc:
                    _status(statuses, source, exc)
                    continue
                _status(statuses, source, None)
                accepted = 0
                for record in records:
                    signals = rank_signals(alt, record)
                    if _accept_search_hit(signals, True):
                        add(record, source, "title", signals)
                        accepted += 1
                if accepted:
                    result.evidence.append(
                        f"{source.name}: search for '{alt.title}' (re-read from the text) → "
                        f"{accepted} close enough")
            if seen:
                break

    # 5. still nothing: the text's other reading, then the whole text (retrieve_text.py)
    if options.title_search and not seen:
        await search_by_text(citation, sources, add, lambda src, exc: _status(statuses, src, exc),
                             result.evidence, options.search_limit)

    ranked = sorted(seen.values(), key=lambda c: c.score, reverse=True)
    # identifier hits are always verified, even when they rank low: that is the reviewer's case
    keep = [c for c in ranked if c.matched_by in ("doi", "arxiv")]
    keep += [c for c in ranked if c not in keep][: max(0, options.max_candidates - len(keep))]
    result.candidates = keep
    result.statuses = list(statuses.values())
    return result
