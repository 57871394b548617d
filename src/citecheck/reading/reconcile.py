"""Reconciling a citation's readings: which reading to look the work up by, and which to judge
a candidate record with.

- `read`: the reading to search by — the entry's parse, a re-reader's when the parse is weak
  (`Reparser`, e.g. an LLM parser), or a quoted or emphasised span when the parse gives
  nothing to search by; `Reading.unreadable` says why an entry gives nothing to check;
- `text_readings`: what else retrieval may search by (`Reading.texts`: quoted spans, the other
  reading of the text, the text cleaned), read here so that retrieval never reads text itself;
- `back_to_rules`: when the re-read retrieved nothing, retrieval tries the rules' reading;
- `reconcile`: one candidate assessed with the reading that agrees with it best — the parse, the
  other reading of the text (rules vs labeller) or the text re-read around the record's title
  (`refparse.realign`: a title the parser cut short, ran into the venue or misread), each set
  right against the record first where the parser made up a title (`without_misread_title`:
  a name, a journal or a fragment of the record's title read as one) — verification then compares
  a record with a record (`verify.compare.assess_face`).

The orchestrator calls these between its stages; it repairs no reading itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from citecheck.coverage import cited_by_url
from citecheck.extract.errors import NOT_A_REFERENCE
from citecheck.identifiers import record_arxiv, record_doi
from citecheck.model import Assessment, Candidate, Citation, Record, free_text
from citecheck.model_stages import Assessed, Reading, TextReadings
from citecheck.names import looks_like_name_list, strip_et_al
from citecheck.reading.author_blocks import split_loose_authors
from citecheck.reading.entries import read_entries
from citecheck.titles import implausible_title, searchable_title, title_key, title_words
from citecheck.venues import journal_key, names_a_meeting_or_journal
from citecheck.verify.authors import person_key
from citecheck.verify.compare import assess_face, clip, face_mismatch, identified_without_title
from citecheck.verify.faces import cited_face
from citecheck.verify.titles import compare_titles
from citecheck.verify.venue import best_venue_match, venue_names

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
    if citation.pending is not None:  # an entry found with `defer` is read here, in the worker
        read_entries([citation])
    if citation.error:
        return Reading(citation.fields, unreadable=citation.error)
    texts = text_readings(citation)
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
    if not (checkable(citation.fields) or cited_by_url(citation)):  # a web page's URL is to check
        return Reading(citation.fields, rules_reading, unreadable=_why_unreadable(citation))
    return Reading(citation.fields, rules_reading, texts=texts)


def text_readings(citation: Citation) -> TextReadings:
    """What retrieval may search `citation` by beyond its fields, each read when asked for: the
    readings it carries (`Citation.readings`), the other reading of its text and the text cleaned
    (a structured entry has no text to read again)."""
    if not free_text(citation):
        return TextReadings(spans=lambda: list(citation.readings or []))
    return TextReadings(spans=lambda: _spans(citation), other=lambda: _other_readings(citation),
                        text=lambda: _search_text(citation))


def _spans(citation: Citation) -> list[Record]:
    return list(citation.readings) if citation.readings is not None else _alternative_readings(citation)


def _search_text(citation: Citation) -> str:
    """The whole reference string of a free-text entry, cleaned as the reader cleans PDF text."""
    from citecheck.reading.pdftext import clean_pdf_text

    return clean_pdf_text(" ".join(citation.raw.split()))


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
def assess_reading(cited: Record, found: Record) -> Assessment:
    """`cited` assessed against the face of `found` it cites, once a title the parser made up is
    set right against that face (`without_misread_title`)."""
    face, notes = cited_face(cited, found)
    repaired, repairs = without_misread_title(cited, face)
    return assess_face(repaired, face, [*notes, *repairs])


def reading_mismatch(cited: Record, found: Record, assessment: Assessment | None = None) -> str | None:
    """Why the reading describes another work than `found` (`verify.compare.identity_mismatch`),
    once set right as `assess_reading` sets it; `assessment`: `assess_reading`'s, when at hand."""
    face = cited_face(cited, found)[0]
    return face_mismatch(without_misread_title(cited, face)[0], face, assessment)


def reconcile(citation: Citation, cand: Candidate) -> Assessed:
    """Assess the parsed fields; if title/authors disagree, also the text re-read around
    the candidate's title (parser mistakes), and keep the reading that agrees better."""
    fields, assessment = best_reading(citation, cand)
    mismatch = reading_mismatch(fields, cand.record, assessment)
    return Assessed(cand, fields, assessment, mismatch)


def best_reading(citation: Citation, cand: Candidate) -> tuple[Record, Assessment]:
    """The reading of `citation` that agrees best with the candidate's record, and its assessment."""
    cited = citation.fields
    assessment = assess_reading(cited, cand.record)
    for other in _other_readings(citation) if assessment.discrepancies else ():
        other = _with_first_fields(other, cited)
        second = assess_reading(other, cand.record)  # rules vs labeller: the reading that agrees wins
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
            second = assess_reading(alt, cand.record)
            # a title the parser cut short: the text holds the rest of it, judge all of it
            longer = cut and len(title_key(alt.title or "")) > len(title_key(cited.title or ""))
            if second.score > assessment.score or longer or _more_compared(second, assessment):
                second.rationale += " (Fields re-read from the citation text around the title.)"
                return alt, second
    return cited, assessment


def _more_compared(second: Assessment, first: Assessment) -> bool:
    """As good a score with more fields compared (a title the re-reading found, where the first
    reading had none to compare): the same verdict on more evidence."""
    return second.score == first.score and len(second.compared or ()) > len(first.compared or ())


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
    if _venue_glued_to_title(other, first):
        missing["container_title"] = first.container_title  # the journal stays in the comparison
    return other.model_copy(update=missing) if missing else other


def _venue_glued_to_title(other: Record, first: Record) -> bool:
    """The other reading is the first with its journal read as the end of the title ("… and 0° J. Phys.
    Soc. Jap" and no journal): it hides the journal, and with it the year of the printed work."""
    if other.container_title or not (first.container_title and first.title and other.title):
        return False
    return title_key(other.title) == title_key(f"{first.title} {first.container_title}")


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
    """The cited venue holds the record's title and either the venue disagrees or the reading has no
    title: the parser ran a Title Case title into the journal's name ("Cascading Failures EPL", IOP
    layout), or took a book cited with its pages for the venue ("Computer Graphics: Principles and
    Practice, pp. 992-996, Addison-Wesley" against the book's record); the text re-read around the
    title tells them apart."""
    if not (found.title and cited.container_title):
        return False
    untitled = not cited.title
    if not untitled and not any(d.field == "container-title" for d in assessment.discrepancies):
        return False
    venue, title = title_key(cited.container_title), title_key(found.title)
    # (a venue that is the title and nothing else is a title only where the reading has none)
    return title in venue and (venue != title or untitled)


# -- a reading set right against the record found ---------------------------------------------
def without_misread_title(cited: Record, found: Record) -> tuple[Record, list[str]]:
    """The cited fields without a 'title' the parser made up, when the record is identified by
    its identifier or journal reference and the titles differ, and what was set right (for the
    rationale). `found`: the face of the record the citation cites (`verify.faces.cited_face`).

    Title-less styles (APS: "G. A. Ausman Jr. and F. B. McLean, Appl. Phys. Lett. 26, 173") leave
    the parser guessing; an author name, a journal fragment or a word or two of the record's own
    title it took for the title ("Agostinelli S et al and GEANT4, 2003. Nucl. Instrum. Meth., 506,
    250. doi:…" against "Geant4—a simulation toolkit") is no claim of the citation. Names read
    as the title go back to the author list when the record has them (read by the author
    grammar, `names.split_loose_authors`). Every branch asks the record found (its journal,
    identifier or journal reference, title, authors): the reading is set right here, against
    the candidate, and verification compares the repaired reading with the record.
    """
    title = cited.title
    if title and not cited.container_title and (split := _title_then_record_venue(title, found)):
        # IOP: "Hierarchical magnon hybridization at the LHC Methods Ecol Evol 14 728" — the
        # record's journal right after the title, no mark between: read them apart
        fields = cited.model_copy(deep=True)
        fields.title, fields.container_title = split
        return fields, [f"'{clip(split[1], 40)}' after the title read as the journal"]
    if title and not cited.container_title and _is_record_venue(title, found):
        # title-less style with a journal the parser does not know: the "title" is the journal
        fields = cited.model_copy(deep=True)
        fields.title, fields.container_title = None, title
        return fields, [f"'{clip(title, 40)}' read as the title is the journal; title not compared"]
    if not title or not found.title or not identified_without_title(cited, found):
        return cited, []
    if not (implausible_title(title) or _title_fragment(title, found.title)):
        return cited, []
    if compare_titles(title, found.title).match == "same":
        return cited, []
    fields = cited.model_copy(deep=True)
    fields.title = None
    if looks_like_name_list(title):
        _restore_names(fields, title, found)
    return fields, [f"'{clip(title, 40)}' read as the title is not one; title not compared"]


def _title_fragment(title: str, found_title: str) -> bool:
    """The cited 'title' is a word or two of the record's longer title (a project or collaboration
    name read as the title): it names the work, it does not describe another one."""
    words, record_words = title_words(title), title_words(found_title)
    return 1 <= len(words) <= 2 and len(record_words) > len(words) and set(words) <= set(record_words)


def _title_then_record_venue(title: str, found: Record) -> tuple[str, str] | None:
    """(title, journal) when the cited 'title' is a title of three words or more followed by the
    record's journal, as one piece; None otherwise."""
    names = venue_names(found.container_title, found.container_title_short)
    words = title.split()
    if not names or len(words) < 4:
        return None
    if found.title and compare_titles(title, found.title).match == "same":
        return None  # the record's own title (a journal after it changes nothing)
    start = None
    for i in range(len(words) - 1, 2, -1):  # the journal from its last word back, while it matches
        tail = " ".join(words[i:])
        if len(tail) > 80 or best_venue_match(tail, names) != "same":
            if start is not None:
                break
            continue
        start = i
    if start is None:
        return None
    return " ".join(words[:start]).rstrip(" ,.;:"), " ".join(words[start:])


def _is_record_venue(title: str, found: Record) -> bool:
    """The cited 'title' names the record's journal and not its title."""
    names = venue_names(found.container_title, found.container_title_short)
    if not names or (found.title and compare_titles(title, found.title).match != "different"):
        return False
    return best_venue_match(title, names) == "same"


def _restore_names(fields: Record, text: str, found: Record) -> None:
    """Append names from `text` that are authors of the record and missing from the citation;
    the names are read by the author grammar (`split_loose_authors`), not re-parsed here."""
    found_keys = {person_key(n).family for n in found.author}
    have = {person_key(n).family for n in fields.author}
    for name in split_loose_authors(strip_et_al(text)[0]):
        key = person_key(name).family
        if key and key in found_keys and key not in have:
            fields.author.append(name)
            have.add(key)


__all__ = ["LOW_PARSE_CONFIDENCE", "Reparser", "assess_reading", "back_to_rules", "best_reading", "checkable",
           "read", "reading_mismatch", "reconcile", "text_readings", "without_misread_title"]
