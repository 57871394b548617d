"""The last steps of the retrieval cascade for free-text citations that found nothing.

1. The other reading of the text (rules vs the learned labeller, `TextReadings.other`) is looked
   up by its journal, volume and first page when it has them.
2. The whole reference string as the reading stage cleaned it (`TextReadings.text`) is searched: the local index by its tokens
   (`LocalIndex.search_raw`), Crossref by ``query.bibliographic`` — the way a reference is found
   when no parse of it can be trusted.

A hit from either step is kept only with positive evidence that the text cites it
(`index.rawsearch.raw_match`: the record's title spelled out in the text, or its volume, first page
and year there with an author or journal word) — a hit that merely shares words is not a match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from citecheck.index.rawsearch import raw_match
from citecheck.model import Citation, Record
from citecheck.model_stages import TextReadings
from citecheck.sources.base import Source, SourceError
from citecheck.titles import searchable_title

__all__ = ["search_by_text"]

AddFn = Callable[..., Any]
StatusFn = Callable[[Source, SourceError | None], None]


async def _alternative_journal(citation: Citation, texts: TextReadings, sources: Sequence[Source], raw: str,
                               add: AddFn, status: StatusFn, evidence: list[str]) -> int:
    found = 0
    for alt in texts.other():
        jvp = (alt.container_title, alt.volume, alt.first_page)
        if not all(jvp):
            continue
        for source in sources:
            if "journal" not in source.supports or not source.covers(citation):
                continue
            try:
                records = await source.lookup_journal(jvp[0] or "", jvp[1] or "", jvp[2] or "", alt.year)
            except SourceError as exc:
                status(source, exc)
                continue
            status(source, None)
            hits = [r for r in records[:5] if raw_match(raw, r)]
            for record in hits:
                add(record, source, "journal")
            if hits:
                found += len(hits)
                evidence.append(f"{source.name}: {jvp[0]} {jvp[1]}, {jvp[2]} (the labeller's reading) → "
                                f"{len(hits)} record(s)")
                return found
    return found


async def search_by_text(citation: Citation, texts: TextReadings, sources: Sequence[Source], add: AddFn,
                         status: StatusFn, evidence: list[str], limit: int = 10) -> int:
    """Steps 1 and 2 above, with the reading stage's readings of the text; returns how many
    candidates were added."""
    raw = texts.text()  # "" for a structured entry: no text to search by
    if len(raw) < 12:
        return 0
    found = await _alternative_journal(citation, texts, sources, raw, add, status, evidence)
    if found:
        return found
    for source in sources:
        if "text" not in source.supports or not source.covers(citation):
            continue
        try:
            records: list[Record] = await source.search_text(raw, limit)
        except SourceError as exc:
            status(source, exc)
            evidence.append(f"{source.name}: search by the whole text failed ({exc.reason})")
            continue
        status(source, None)
        hits = [r for r in records if raw_match(raw, r)]
        for record in hits[:3]:
            add(record, source, "title" if searchable_title(record.title) else "journal")
        evidence.append(f"{source.name}: search by the whole text → {len(records)} hit(s), "
                        f"{len(hits)} spelled out in it")
        if hits:
            return len(hits)
    return 0
