"""Reconciling a citation's readings: which reading to look the work up by, and which to judge
a candidate record with.

- `read`: the reading to search by — the entry's parse, a re-reader's when the parse is weak
  (`Reparser`, e.g. an LLM parser), or a quoted or emphasised span when the parse gives
  nothing to search by; `Reading.unreadable` says why an entry gives nothing to check;
- `back_to_rules`: when the re-read retrieved nothing, retrieval tries the rules' reading;
- `reconcile`: one candidate assessed with the reading that agrees with it best — the parse, the
  other reading of the text (rules vs labeller) or the text re-read around the record's title
  (`refparse.realign`: a title the parser cut short, ran into the venue or misread).

The orchestrator calls these between its stages; it repairs no reading itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from citecheck.extract import finish_reading, free_text
from citecheck.extract.errors import NOT_A_REFERENCE
from citecheck.identifiers import record_arxiv, record_doi
from citecheck.model import Assessment, Candidate, Citation, Record
from citecheck.model_stages import Assessed, Reading
from citecheck.titles import searchable_title, title_key
from citecheck.venues import journal_key, names_a_meeting_or_journal
from citecheck.verify.compare import assess, identity_mismatch
from citecheck.verify.titles import compare_titles

#: parses below this confidence are handed to the reparser (e.g. an LLM parser), when one is set
LOW_PARSE_CONFIDENCE = 0.5
#: async (citation) -> better fields, or None to keep the rule-based parse
Reparser = Callable[[Citation], Awaitable[Record | None]]
#: fields the other reading of the text may correct but never drop when it judges
KEPT_FIELDS = ("title", "author")


def checkable(cited: Record) -> bool:
    """A title, identifier, journal reference or authors: something to look the work up by."""
    title_ok = searchable_title(cited.title)
    jvp = cited.container_title and cited.volume and cited.first_page
    return bool(title_ok or record_doi(cited) or record_arxiv(cited) or jvp or cited.author)


# -- the free-text reader, imported for free-text entries only (a structured entry has no other reading)
def _alternative_readings(citation: Citation) -> list[Record]:
    if not free_text(citation):
        return []
    from citecheck.reading.refparse.readings import alternative_readings

    return alternative_readings(citation)


def _other_readings(citation: Citation) -> list[Record]:
    if not free_text(citation):
        return []
    from citecheck.reading.combine import other_readings

    return other_readings(citation)


def _realigned(citation: Citation, found: Record) -> Record | None:
    if not free_text(citation):
        return None
    from citecheck.reading.refparse.realign import realign

    return realign(citation, found)


# -- the reading to search by --------------------------------------------------------------------
async def read(citation: Citation, reparser: Reparser | None = None) -> Reading:
    """The reading of `citation` to look the work up by (set as its fields, with its readings);
    `Reading.unreadable` says why there is nothing to check (an entry that failed to read is
    unreadable for its own reason, `Citation.error`)."""
    finish_reading(citation)  # an entry read with `defer` is parsed here, in the worker
    if citation.error:
        return Reading(citation.fields, unreadable=citation.error)
    if citation.readings is None:  # built outside extract (library callers, tests)
        citation.readings = _alternative_readings(citation)
    rules_reading = None
    if reparser is not None and (citation.parse_confidence < LOW_PARSE_CONFIDENCE
                                 or not checkable(citation.fields)):
        better = await reparser(citation)
        if better is not None:
            rules_reading, citation.fields = citation.fields, better
            citation.readings = _alternative_readings(citation)
            citation.parse_warnings.append("re-parsed: rule-based parse had low confidence")
    if not checkable(citation.fields):
        _take_quoted_span(citation)
    if not checkable(citation.fields):
        return Reading(citation.fields, rules_reading, unreadable=_why_unreadable(citation))
    return Reading(citation.fields, rules_reading)


def _take_quoted_span(citation: Citation) -> None:
    """Nothing usable where the parser looked: a quoted or emphasised span may be the title."""
    alt = next((a for a in citation.readings or () if searchable_title(a.title)), None)
    if alt is None:
        return
    if alt.container_title and alt.title and alt.title in alt.container_title:
        alt.container_title = None  # the parser's "journal" was the rest of the entry
    citation.fields = alt
    citation.readings = _alternative_readings(citation)
    citation.parse_warnings.append("title taken from a quoted or emphasised span")


def _why_unreadable(citation: Citation) -> str:
    note = next((w for w in citation.parse_warnings if w.startswith(NOT_A_REFERENCE)), None)
    if note is None:
        return "could not find a title, identifier, journal reference or authors in the entry"
    why = note.partition(":")[2].strip()
    return f"a note in the reference list, not a reference ({why}): nothing to check"


def back_to_rules(citation: Citation, reading: Reading) -> bool:
    """After the re-read retrieved nothing: make the rules' reading the citation's fields, when
    there is one to search by (True: retrieval should try again)."""
    rules = reading.rules_reading
    if rules is None or not checkable(rules):
        return False
    citation.fields = reading.fields = rules
    citation.parse_warnings.append("the re-read retrieved nothing; back to the rules' reading")
    return True


# -- the reading to judge a candidate with -------------------------------------------------------
def reconcile(citation: Citation, cand: Candidate) -> Assessed:
    """Assess the parsed fields; if title/authors disagree, also the text re-read around
    the candidate's title (parser mistakes), and keep the reading that agrees better."""
    fields, assessment = best_reading(citation, cand)
    mismatch = identity_mismatch(fields, cand.record, assessment)
    return Assessed(cand, fields, assessment, mismatch)


def best_reading(citation: Citation, cand: Candidate) -> tuple[Record, Assessment]:
    """The reading of `citation` that agrees best with the candidate's record, and its assessment."""
    cited = citation.fields
    assessment = assess(cited, cand.record)
    for other in _other_readings(citation) if assessment.discrepancies else ():
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
        alt = _realigned(citation, cand.record)
        if alt is not None:
            second = assess(alt, cand.record)
            # a title the parser cut short: the text holds the rest of it, judge all of it
            longer = cut and len(title_key(alt.title or "")) > len(title_key(cited.title or ""))
            if second.score > assessment.score or longer:
                second.rationale += " (Fields re-read from the citation text around the title.)"
                return alt, second
    return cited, assessment


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
    from citecheck.reading.refparse.journals import names_a_venue

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
    venue, title = title_key(cited.container_title), title_key(found.title)
    return title in venue and venue != title  # (a title too short to align: `realign` declines)


__all__ = ["LOW_PARSE_CONFIDENCE", "Reparser", "back_to_rules", "best_reading", "checkable", "read",
           "reconcile"]
