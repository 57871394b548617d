"""Venue pass: finish the venue tail into container, volume, issue, pages and publisher.

The title pass leaves a raw venue string; this pass tells a periodical from a book's imprint
(place and publisher), a thesis's school or a note that stands where a venue would, and strips
what is not the venue's name (dates, editors, a trailing publisher, pages in parentheses)."""

from __future__ import annotations

import re

from citecheck.places import known_place
from citecheck.reading.cleanup import without_language_note
from citecheck.reading.refparse.imprint import (
    PUBLISHER_RE,
    is_city,
    looks_like_imprint,
    pull_parenthetical,
    strip_editors,
    strip_location,
    trailing_imprint,
)
from citecheck.reading.refparse.journals import abbreviated_piece, names_a_journal, names_a_venue
from citecheck.reading.refparse.lexicon import (
    CONF_RE,
    IN_MARK_RE,
    MONTH,
    PUBLISHER_NAMES,
    REPORT_RE,
    THESIS_RE,
    clean_field,
    expand_pages,
    norm_pages,
)
from citecheck.reading.refparse.state import ParseState, Tail
from citecheck.reading.refparse.title import finish_title
from citecheck.regex_cache import compile_re
from citecheck.venues import journal_reference, known_journal, without_in

_TITLE_ABBREV_TAIL_RE = compile_re(r"(?<=\.)\s+([A-Z][a-z]{1,4})\.?$")


_NOT_ABBREV = frozenset({"Part.", "Vol.", "No.", "Ed.", "Eds.", "Suppl."})


_TRAILING_DATE_RE = compile_re(
    rf"(?:,\s*|\s+)(?:\d{{1,2}}\s+{MONTH}|{MONTH}(?:\s+\d{{1,2}})?|\d{{1,2}})\.?$", re.I
)


_SERIES_NO_END_RE = compile_re(r"\b(?:Ser|Series|Serie|Sect|Section|Part|Pt)\.?\s+\d{1,2}$")
_MONTH_DAY_PAREN_RE = compile_re(rf"\s+{MONTH}\s*\(\d{{1,2}}\)$")


_PAREN_MONTH_RE = compile_re(rf"\s*\(\s*{MONTH}(?:\s*[-–/]\s*{MONTH})?\s*\)\s*$", re.I)


def _finish_container(value: str | None) -> str | None:
    value = clean_field(value)
    if not value:
        return None
    if not _SERIES_NO_END_RE.search(value):  # ("… Naturelle Ser. 2" keeps its series)
        value = _TRAILING_DATE_RE.sub("", value)
    value = _PAREN_MONTH_RE.sub("", value)
    value = _MONTH_DAY_PAREN_RE.sub("", value)
    value = re.sub(r"^['’\"”]\s*", "", value)  # the quote closing the title: "…Generation,' in Berliner Journal"
    value = without_in(value)
    value = _PRESENTED_AT_RE.sub("", value)
    value = strip_editors(value)
    value = _SPECIAL_ISSUE_RE.sub("", value)
    value = re.sub(r"[\s,]*\(\s*\d*\s*\)\s*$", "", value)  # "Journal (39)", "Journal, (10)"
    value = re.sub(r"[\s,]*통권\s*$", "", value)  # Korean "cumulative number" before its issue ("통권 제21호")
    value = without_language_note(value)  # "Combust. Science and Technology (in Japanese)"
    return clean_field(value)


# Notes that stand where a venue would: "Preprint", "Unpublished manuscript", "Retrieved from".
_NOT_VENUE_RE = compile_re(
    r"^(?:(?:an?\s+)?(?:unpublished\s+)?(?:preprint(?:\s+at)?|manuscript|unpublished(?:\s+\w+)?|working paper|"
    r"draft|mimeo(?:graph)?)|in\s+press|submitted(?:\s+\w+)?|forthcoming|to\s+appear|"
    r"(?:retrieved|available|accessed|downloaded)(?:\s+\w+)?(?:\s+(?:from|at))?|retirado\s+de|"
    r"dispon[ií]vel\s+em|consult[ée]\s+le|online|web|internet|\[?online\]?|"
    r"(?:available\s+(?:in|as|at)\s+|see\s+)?(?:the\s+)?supplementa(?:l|ry)\s+material\b.*|"
    r"(?:[A-Z][\w.]*\s+)?Patent\s*(?:No\.?\s*)?[\d,.\s]+|"
    r"(?:translated|trans\.|transl\.)\s+(?:by|from)\b.*)\.?$",
    re.I,
)


# Publishers that follow a venue after a period: "Computer Vision (CVPR). IEEE"
_TRAILING_PUB_RE = compile_re(
    rf"^(?P<venue>.{{8,}}?)[.,]\s+(?P<pub>{PUBLISHER_NAMES}"
    r"(?:[\w\s&.-]{0,25}(?:Press|Publishing|Publishers|Verlag|Society|Inc\.?|Ltd\.?))?"
    r"(?:,\s*(?:Inc|Ltd|LLC|Co|GmbH)\b\.?)?"
    r"|[A-Z][\w&'’-]*(?:[\s-][A-Z][\w&'’-]*){0,3}[\s-](?:Press|Verlag|Publishers|Publishing|"
    r"Editores|Éditions|Editions))"
    r"(?:,\s*(?P<place>[A-Z][\w .,'’-]{1,30}))?$"
)


_ROMAN_VOL_RE = compile_re(r"(?P<sep>,\s*|\s+)(?P<vol>[IVXLC]{2,7})$")


_PAREN_PAGES_RE = compile_re(r"\s*\((?:pp?\.\s*)?(\d{1,5}\s*[-–—]\s*\d{1,5})\)$")


# "Norton Anthology, 5th edn. 2 vols. (…)" / "Handbook, 2nd ed.": the edition ends the name
_EDITION_NOTE_RE = compile_re(
    r",\s*(?:\d+(?:st|nd|rd|th|e)|[Ss]econd|[Tt]hird|[Ff]ourth|[Rr]evised|[Nn]ew)\s+"
    r"(?:edn|ed|edition|éd)\b.*$"
)


# "Hanson, S. (trans.). Minneapolis": a translator before the imprint
_LEADING_TRANSLATOR_RE = compile_re(r"^[^()]{2,60}\((?:trans|transl|tr)\.?\)[.,]?\s*")


_NLM_MEETING_RE = compile_re(
    r"(?P<name>[^;]{8,}?)\s*(?P<dates>;\s*(?:[A-Z][a-z]{2,8}\.?\s*)?[-–]?\s*(?:\d{1,2}\s*(?:[-–]\s*\d{1,2})?)?\s*)?;"
    r"\s*(?P<place>[A-Z][^;\d]{1,60})$"
)


def _venue_extras(container: str | None, tail: Tail) -> str | None:
    """Things that end up in the venue of a book or chapter and are not its name: a note
    ('Preprint'), the place alone ('London'), a trailing publisher ('… (CVPR). IEEE'), pages in
    parentheses ('Book title (111–144)'), a Roman volume ('Lunar and Planetary Science XXI')."""
    if not container:
        return container
    if (
        _NOT_VENUE_RE.match(container)
        or not re.search(r"\w", container)
        or (container.startswith("[") and container.endswith("]"))
    ):
        return None
    if container.endswith(")") and not tail.publisher:
        # "Book Title (Munich: G. Ricordi)": the imprint in parentheses
        container = pull_parenthetical(container, tail) or container
    if not tail.volume and not tail.issue and is_city(container):
        tail.place = tail.place or container
        return None
    container = _EDITION_NOTE_RE.sub("", container)
    meeting = _NLM_MEETING_RE.match(container)
    if meeting and (meeting.group("dates") is not None or is_city(meeting.group("place").split(",")[0].strip())
                    or re.search(r",\s*[A-Z]{2}$", meeting.group("place").strip())):
        # NLM: "In: Proceedings of X; 2015 May 7-9; San Diego, CA" (the year is already cut out)
        container, tail.place = meeting.group("name"), tail.place or meeting.group("place").strip()
    tr = _LEADING_TRANSLATOR_RE.match(container)
    if tr and tr.end() < len(container):
        container = container[tr.end() :]
        if not tail.volume and not tail.issue and is_city(container):
            tail.place = tail.place or container
            return None
    pm = _PAREN_PAGES_RE.search(container)
    if pm and pm.start() > 3:
        if not tail.page:
            tail.page = norm_pages(pm.group(1))
        container = container[: pm.start()].rstrip(" ,.")
    if not tail.volume and not tail.issue:
        container = trailing_imprint(container, tail)
    tp = _TRAILING_PUB_RE.match(container)
    if tp and not tail.publisher:
        tail.publisher = tp.group("pub").strip(" .,")
        if tp.group("place") and not tail.place:
            tail.place = tp.group("place").strip(" .,")
        container = tp.group("venue").rstrip(" ,")
    container = _publisher_after_journal(container, tail)
    city = _CITY_AFTER_RE.search(container)
    if city and (tail.volume or tail.page) and (is_city(city.group(1)) or known_place(city.group(1))):
        # "Bulletin du Muséum National d'Histoire Naturelle, Paris, 11:158": where the journal is
        # published, not its name
        tail.place = tail.place or city.group(1)
        container = container[: city.start()]
    if not tail.volume:
        rm = _ROMAN_VOL_RE.search(container)
        if (rm and rm.start() > 3 and (rm.group("sep").strip() or len(rm.group("vol")) >= 3)
                and not known_journal(container)):
            tail.volume = rm.group("vol")
            container = container[: rm.start()].rstrip(" ,")
    return container or None


# who publishes a journal, written after its name: "GRI Review, Gyeonggi Research Institute", "Bulletin of the
# American Meteorological Society, AMS", "Rep. Fac. Sci. Eng., Saga University"
_ORG_PIECE_RE = compile_re(
    r"(?:.*\b(?:University|Universit[éäy]|Institute|Institut|Society|Association|Academy|Council|Inc\.?|Ltd\.?|"
    r"Press|Publishers?)\b.*|[A-Z]{3,6})")


def _publisher_after_journal(container: str, tail: Tail) -> str:
    pieces = container.split(",")
    k = len(pieces)
    while k > 1 and _ORG_PIECE_RE.fullmatch(pieces[k - 1].strip(" .")):
        k -= 1  # (the organisation may hold commas: "American Institute Of Steel Construction, Inc.")
    head, last = ",".join(pieces[:k]).strip(), ",".join(pieces[k:]).strip(" ,.")
    if k == len(pieces) or not (tail.volume or tail.page) or len(head.split()) < 2:
        return container
    if known_journal(container) or known_journal(pieces[-1]) or not (names_a_journal(head) or known_journal(head)):
        return container  # ("J. Phys. G, Nucl. Part. Phys." is one name; "JHEP" a journal)
    tail.publisher = tail.publisher or last
    return head


_CITY_AFTER_RE = compile_re(r"(?<=\w.{7}),\s*([A-Z][^\W\d_A-Z]+(?:[\s-][A-Z][^\W\d_A-Z]+)?)$")


_PRESENTED_AT_RE = compile_re(
    r"^(?:(?:Paper|Poster|Talk)\s+)?presented\s+at\s+(?:the\s+)?(?=[A-Z\d])", re.I
)


_SPECIAL_ISSUE_RE = compile_re(r"\s*[,:.]\s*Special Issue\b.*$", re.I)


def venue_pass(st: ParseState) -> None:
    record, tail = st.record, st.tail
    container = _venue_extras(_container_or_imprint(st), tail)
    if (
        container
        and not record.title
        and record.author
        and tail.volume
        and not tail.page
        and re.search(rf"\bVol\.?\s*{re.escape(tail.volume)}\b", st.text)
        and not names_a_venue(container)
    ):
        # "Myers, M. G. The New York Money Market, Vol. I. New York: Columbia UP": a book's
        # volume; the only piece before it is the title
        record.title, container = finish_title(container), None
    if container and record.title and (tail.volume or tail.page):
        container = _abbreviation_back_to_venue(st, record.title, container)
    container, tail.volume = journal_reference(container, tail.volume)
    record.container_title = container or record.container_title  # (or the arXiv the identifiers pass named)
    record.volume = tail.volume
    # "JHEP 03 (2015) 001" after an author–year head: the parenthesis is the year again, no issue
    record.issue = None if tail.issue and record.year and tail.issue == str(record.year) else tail.issue
    record.page = expand_pages(tail.page)
    if tail.publisher:
        record.publisher = clean_field(tail.publisher)


def _container_or_imprint(st: ParseState) -> str | None:
    """The venue string finished, or None when it is a thesis's school or a book's imprint
    (moved to the publisher and place)."""
    tail = st.tail
    container = _finish_container(tail.container)
    if (
        container
        and (st.thesis or st.report)
        and (THESIS_RE.match(container) or REPORT_RE.match(container))
    ):
        # "Ph.D. dissertation, California Institute of Technology": the school, not a venue
        school = re.sub(r"^[^,]*,\s*", "", container) if "," in container else None
        tail.publisher = tail.publisher or school
        container = None
    if container and not (tail.volume or tail.page) and IN_MARK_RE.search(st.text):
        stripped = strip_location(container)  # "In 8th SMIRT, Brussels, Belgium"
        if (
            stripped != container
            and looks_like_imprint(container)
            and not looks_like_imprint(stripped)
        ):
            container = stripped
    if container and CONF_RE.search(container):
        container = strip_location(container)
    elif container and not (tail.volume or tail.page) and looks_like_imprint(container) \
            and not (tail.note and known_journal(container)):  # "J. Phys.: Condens. Matter 139445 -54"
        pm = PUBLISHER_RE.match(container)
        if pm and not tail.publisher:
            tail.place, tail.publisher = pm.group("place"), pm.group("pub")
        tail.publisher = tail.publisher or container  # "Sinauer Associates, Inc., Sunderland, MA"
        container = None
    return container


def _abbreviation_back_to_venue(st: ParseState, title: str, container: str) -> str:
    """ "… Preliminary Analysis. Serb. Astron. J., 174": a journal abbreviation's first word
    split off into the title ('Serb.'); a title does not end in a lone short abbreviation. A "title" of
    abbreviations only, before an abbreviated journal with nothing but a space between them, is the
    journal's head ("Univ. Beograd. Publ. Elektrotehn. Fak. Ser. Mat. 9")."""
    if (abbreviated_piece(f"{title}.", 2) and all(w.endswith(".") for w in f"{title}.".split())
            and re.match(r"[A-Z][a-z]{0,9}\.", container) and abbreviated_piece(container, 1)
            and f"{title}. {container}" in st.text):
        st.record.title = None
        return f"{title}. {container}"
    am = _TITLE_ABBREV_TAIL_RE.search(title)
    abbrev = f"{am.group(1)}." if am else ""
    if (
        am
        and abbrev not in _NOT_ABBREV
        and len(title[: am.start()].split()) >= 3
        and re.match(r"[A-Z][a-z]{0,6}\.", container)  # the journal is abbreviated too
        and re.search(re.escape(abbrev) + r"\s*" + re.escape(container[:4]), st.text)
    ):
        st.record.title = title[: am.start()].rstrip(" .") or title
        container = f"{abbrev} {container}"
    return container
