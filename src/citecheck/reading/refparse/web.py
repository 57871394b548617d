"""A work cited by its name and URL alone: a web page, a program, a data sheet.

"LArSoft, (accessed Oct. 18, 2016). http://larsoft.org.", "Ganglia, September, 2014.
http://ganglia.info/.": once the identifiers pass has cut the URL and the access date out, what is
left is a name and perhaps a date — no authors, no journal, no sentence of a title. The name is the
title, the URL is kept and the type says which kind of work it is (`coverage.web_type`). The labels
of further URLs ("…; developer's manual: http://…") become the note. A reference with a DOI, an arXiv
id or a report number is no such work, nor one whose "name" is a person's or a journal's.
"""

from __future__ import annotations

from citecheck.coverage import web_type
from citecheck.model import Record, set_year
from citecheck.reading.names import scan_authors
from citecheck.reading.refparse.journals import journal_only_reference
from citecheck.reading.refparse.lexicon import TRIM
from citecheck.reading.refparse.state import ParseState
from citecheck.venues import names_known_journal
from citecheck.years import FIRST_YEAR, LAST_YEAR, MONTHS

#: a name of more words is a title of a work, read by the other passes
MAX_NAME_WORDS = 6
#: the CSL types `web_pass` gives (`coverage.web_type`)
WEB_TYPES = frozenset({"webpage", "software"})
_MONTHS = tuple(m.lower() for m in MONTHS)


def web_pass(st: ParseState) -> bool:
    """Read a reference that is a name and a URL whole (True), or leave it to the other passes."""
    record = st.record
    if not record.URL or st.has_id or record.number:
        return False
    head, _, labels = st.text.partition(";")
    labelled = [part.strip() for part in labels.split(";") if part.strip(TRIM)]
    if not all(part.endswith(":") for part in labelled):
        return False  # more than the labels of further URLs
    notes = [part.strip(TRIM) for part in labelled]
    read = _name_and_year(head)
    if read is None:
        return False
    name, year = read
    record.title = name or None
    set_year(record, year)
    if notes:
        record.custom["note"] = "; ".join(notes)
    st.rest, st.title, st.layout_type = "", name or None, web_type(name, record.URL)
    return True


def read_by_name(record: Record) -> bool:
    """Whether the rules read the reference as `web_pass` does: a name and a URL, nothing else — the
    labeller, which reads the name as authors or a journal ("Ganglia, September"), is not weighed."""
    return record.type in WEB_TYPES and bool(record.URL) and not (
        record.author or record.container_title or record.publisher or record.DOI or record.arxiv)


def _name_and_year(head: str) -> tuple[str, int | None] | None:
    """The name and the year of "Name, September, 2014" (None: more than a name is written there)."""
    parts = [p.strip(TRIM) for p in head.replace("(", ",").replace(")", ",").split(",")]
    year = None
    named = []
    for part in filter(None, parts):
        dated = _date(part)
        if dated is False:
            named.append(part)
        elif dated is not True:
            year = dated
    if len(named) > 1:
        return None
    name = named[0] if named else ""
    return (name, year) if not name or _a_name(name, head) else None


def _date(part: str) -> int | bool:
    """A part of a date ("September", "Oct. 18", "2014"): its year, or True; False for any other text."""
    year: int | bool = True
    for word in part.replace(".", " ").split():
        low = word.lower()
        if low.isdigit() and len(low) == 4 and FIRST_YEAR <= int(low) <= LAST_YEAR:
            year = int(low)
        elif not (low.isdigit() and len(low) <= 2) and not (
                len(low) >= 3 and any(m.startswith(low) for m in _MONTHS)):
            return False
    return year


def _a_name(name: str, head: str) -> bool:
    """A short name: not a sentence, a person's name or a journal's."""
    words = name.split()
    if len(words) > MAX_NAME_WORDS or ". " in name or not any(c.isalpha() for c in name):
        return False
    if any(n.family for n in scan_authors(name).names):
        return False  # "Smith J, 2014. http://…": a person, the work's title missing
    return not (names_known_journal(name, dotted=True) or journal_only_reference(head))


__all__ = ["MAX_NAME_WORDS", "WEB_TYPES", "read_by_name", "web_pass"]
