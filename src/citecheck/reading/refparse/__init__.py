"""Rule-based parser for one reference string (any common citation style) into a CSL `Record`.

The parser is a row of named passes over one `ParseState` (state.py): the text still to read
(``rest``), the record built so far and the warnings. Each pass consumes its part of ``rest``
and fills its fields:

1. identifiers (identifiers.py): cut DOI, arXiv id and URL out; clean the text
1a. a web page or program cited by its name and URL (web.py) is read whole: the other passes
   do not run
1b. several works (works.py): an entry citing more works keeps the first; the rest becomes
   the note ("…; 31, 4723 (1998)", "[Erratum …]", "and references therein")
2. authors (authors.py): the author list from the front, with a small name grammar
3. year (years.py): the publication year; the date is cut out
4. title (title.py): split the rest into the title and the venue tail: the GOST layout at its
   " // " (gost.py), a quoted title, else
   the venue found by its numbers (venue.py: volume/issue/pages; head.py: where the journal's
   name starts; books.py and imprint.py: a book's place and publisher, editors)
5. venue (container.py): the venue tail finished into container, volume, issue, pages,
   publisher (a thesis's school, a book's imprint and notes are told from a periodical)
6. leftovers (finish.py): text no field took becomes the note; then the work type and the
   confidence

Shared vocabulary (months, years, conference and book-trade words, `clean_field`) lives in
lexicon.py, sentence ends that are not abbreviations in sentences.py, "does this name a
journal" in journals.py. The parser never raises on odd input; a doubtful parse gets a low
``confidence`` so that a later (LLM) parser can re-parse it.
"""

from __future__ import annotations

from citecheck.model import Record
from citecheck.reading.limits import CUT_CONFIDENCE, CUT_WARNING, cut_reference
from citecheck.reading.refparse.authors import authors_pass
from citecheck.reading.refparse.container import venue_pass
from citecheck.reading.refparse.finish import finish, leftovers_pass
from citecheck.reading.refparse.identifiers import identifiers_pass
from citecheck.reading.refparse.state import ParsedReference, ParseState
from citecheck.reading.refparse.title import title_pass
from citecheck.reading.refparse.web import web_pass
from citecheck.reading.refparse.works import several_works_pass
from citecheck.reading.refparse.years import year_pass

__all__ = ["PASSES", "ParsedReference", "parse_reference"]

#: the passes after the identifiers pass, in the order they run
PASSES = (several_works_pass, authors_pass, year_pass, title_pass, venue_pass, leftovers_pass)


def parse_reference(text: str) -> ParsedReference:
    """Parse one reference string into a CSL record with a confidence in 0..1."""
    warnings: list[str] = []
    record = Record()
    if not text or not text.strip():
        return ParsedReference(record, 0.0, ("empty reference",))
    text, cut = cut_reference(text)  # (a paragraph, a whole list or a runaway input: the start only)
    if cut:
        warnings.append(CUT_WARNING)
    try:
        parsed = _parse(text, record, warnings)
        if cut:
            return ParsedReference(parsed.record, min(parsed.confidence, CUT_CONFIDENCE), parsed.warnings)
        return parsed
    except (RecursionError, ValueError, IndexError) as exc:  # never let one entry sink a batch
        return ParsedReference(record, 0.0, (f"parser failed: {exc}",))


def _parse(text: str, record: Record, warnings: list[str]) -> ParsedReference:
    state: ParseState = identifiers_pass(text, record, warnings)
    if not web_pass(state):  # a name and a URL (web.py) is read whole
        for run in PASSES:
            run(state)
    return finish(state)
