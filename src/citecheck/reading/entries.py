"""Reading the entries extract found: `read_entries`, the one place an entry's text is first read.

Extract hands every free-text entry over unread (`extract.unread`): its raw text, provenance and the
fields its markup gave. Here each is read once, in the order found — the reference reader for a
reference's text, the rule parser with a rendered ``\\bibitem``'s ``\\newblock`` parts as boundaries —
and the fields extract found fill what the reading left empty. What a list's reading decides is
decided here too: a bibliography dash ("———") repeats the authors of the entry before, and text
after a numbered list that reads as no reference is no entry. Then every entry's raw text is cut to
what is read of it (`limits.py`) and its other readings attached (`refparse/readings.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from citecheck.extract.unread import Unread, unread_of
from citecheck.model import Citation, Name, Record, free_text, set_year
from citecheck.reading.limits import CUT_WARNING, cut_reference

__all__ = ["read_entries"]

#: text after a list's items is no entry when the rules read it with less confidence than this, and no year
LOOSE_CONFIDENCE = 0.5
DASH_WARNING = "authors repeated from the previous reference (bibliography dash)"


def read_entries(citations: Iterable[Citation], defer: bool = False) -> list[Citation]:
    """The entries, each read in place (text after a list that reads as no reference left out, and
    the positions after it closed up). ``defer``: an entry read from JSON Lines with ``defer`` stays
    unread, for the worker process that checks it (`reading.reconcile.read` reads it there)."""
    kept: list[Citation] = []
    left_out: Counter[str | None] = Counter()
    authors: dict[str | None, list[Name]] = {}  # per file: the last authors read (a dash repeats them)
    for citation in citations:
        file = citation.provenance.file
        if citation.pending is not None and unread_of(citation) is None and not defer:
            _read_deferred(citation)
        how = unread_of(citation)
        if how is not None and not _read(citation, how, authors):
            left_out[file] += 1
            continue
        if left_out[file] and citation.provenance.index is not None:
            citation.provenance.index -= left_out[file]
        kept.append(citation)
    return _with_readings(kept)


def _read_deferred(citation: Citation) -> None:
    """A JSON Lines entry read with ``defer``: found now (`extract.jsonl.finish_pending`) and read."""
    from citecheck.extract.jsonl import finish_pending

    done = read_entries([finish_pending(citation)])[0]
    for field in Citation.model_fields:
        setattr(citation, field, getattr(done, field))


def _read(citation: Citation, how: Unread, authors: dict[str | None, list[Name]]) -> bool:
    """Read one unread entry in place; False when it is no entry (loose text read as none)."""
    file = citation.provenance.file
    try:
        record, confidence, rules_confidence, warnings = _reading(how)
    except Exception as exc:  # one entry that cannot be read never sinks the document
        if how.failure is None:
            raise
        citation.fields, citation.parse_confidence = Record(), 0.0
        citation.error, citation.pending = f"{how.failure}{exc}", None
        return True
    if how.loose and rules_confidence < LOOSE_CONFIDENCE and record.year is None:
        return False  # a sentence after the list ("Let me know if you need more sources, ...")
    if how.same_authors and not record.author and authors.get(file):
        record.author = [a.model_copy() for a in authors[file]]
        warnings.append(DASH_WARNING)
    _fill(record, citation.fields)
    if record.author:
        authors[file] = record.author
    citation.fields, citation.parse_confidence = record, confidence
    citation.parse_warnings = [*warnings, *citation.parse_warnings]
    citation.pending = None
    return True


def _reading(how: Unread) -> tuple[Record, float, float, list[str]]:
    """The record read from the entry's text, its confidence, the rules' own and the warnings."""
    if how.blocks is not None:
        record, confidence, warnings = _bibitem_reading(how.text, how.blocks)
        return record, confidence, confidence, warnings
    from citecheck.reading.combine import read_reference

    read = read_reference(how.text)
    return read.record, read.confidence, read.rules_confidence, list(read.warnings)


def _bibitem_reading(text: str, blocks: tuple[str, ...]) -> tuple[Record, float, list[str]]:
    """A rendered ``\\bibitem``, read by the rules. Plain/natbib styles write "Authors. \\newblock
    Title. \\newblock Venue, year.": the blocks are surer boundaries than sentences guessed in the
    joined text, so a second block that is not the title read is read as the title."""
    from citecheck.reading.refparse import parse_reference

    parsed = parse_reference(text)
    record, confidence = parsed.record.model_copy(deep=True), parsed.confidence
    if len(blocks) >= 3:
        title = blocks[1].strip().rstrip(".").strip()
        if title and title != (record.title or ""):
            venue = parse_reference(" ".join([blocks[0], "“" + title + ",”", *blocks[2:]]))
            record = venue.record.model_copy(deep=True)
            record.title = title
            if record.container_title:
                container = record.container_title.strip(" ,.“”\"'’‘")
                record.container_title = None if title in container else container or None
            confidence = max(confidence, venue.confidence)
    return record, confidence, list(parsed.warnings)


def _fill(record: Record, found: Record) -> None:
    """The fields extract found in the entry's markup, where the reading has none (the id always)."""
    record.id = found.id
    if record.year is None and found.year is not None:
        set_year(record, found.year)
    if found.DOI and not record.DOI:
        record.DOI = found.DOI
    if found.URL and not record.URL:
        record.URL = found.URL
    for key, value in found.custom.items():
        record.custom.setdefault(key, value)


def _with_readings(citations: list[Citation]) -> list[Citation]:
    """Every entry with its other readings attached, and a free-text entry's raw text cut to what is
    read of it. Structured entries alone have none to find (an empty list), without loading the
    free-text reader."""
    if not any(map(free_text, citations)):
        for citation in citations:
            if citation.error is None and citation.readings is None and citation.pending is None:
                citation.readings = []
        return citations
    from citecheck.reading.refparse.readings import attach_readings

    for citation in citations:
        if free_text(citation):
            citation.raw, cut = cut_reference(citation.raw)
            if cut and CUT_WARNING not in citation.parse_warnings:
                citation.parse_warnings.append(CUT_WARNING)
    return attach_readings(citations)
