"""Title pass: split what follows the authors and the year into the title and the venue tail.

The GB/T 7714 layout ("Title[J]. Journal, 41(3): 456-470", gbt.py) is split at its type code,
the GOST layout ("Title // Journal. Vol. 1. P. 2–3.", gost.py) at its double slash; a
quoted title (IEEE, Chicago, MLA, ACS) is taken as it stands and the text after it is the
venue; otherwise `venue.split_venue` finds the venue by its numbers (or a book's imprint) and the
title is what comes before it."""

from __future__ import annotations

import re

from citecheck.model import Record
from citecheck.names import ET_AL_WORDS
from citecheck.places import known_place
from citecheck.reading import names as N
from citecheck.reading.author_blocks import split_loose_authors
from citecheck.reading.collaborations import leading_collaboration, only_a_collaboration
from citecheck.reading.refparse.books import book_locator, book_title, book_volume
from citecheck.reading.refparse.gbt import gbt_imprint, split_gbt
from citecheck.reading.refparse.gost import cut_extent, fuller_authors, split_gost
from citecheck.reading.refparse.head import proceedings_start
from citecheck.reading.refparse.imprint import (
    cut_final_imprint,
    cut_paren_imprint,
    cut_sentence_imprint,
    is_city,
    pull_parenthetical,
)
from citecheck.reading.refparse.journals import journal_like, journal_only_reference
from citecheck.reading.refparse.lexicon import (
    COUNTRIES,
    EDITION_END_RE,
    FUNCTION_WORDS,
    MONTH,
    PAGE,
    PUBLISHER_NAMES,
    REPORT_RE,
    THESIS_RE,
    TRIM,
    US_STATE_RE,
    clean_field,
    norm_pages,
)
from citecheck.reading.refparse.state import ParseState, Tail
from citecheck.reading.refparse.venue import labelled_volume_at_end, split_venue
from citecheck.regex_cache import compile_re
from citecheck.venues import SERIES_JOURNAL
from citecheck.years import year_pattern

_QUOTE_RE = compile_re(r"[\"“”„«»]\s*(.+?)\s*[\"“”«»](?!\w)|(?<!\w)[‘']\s*(.{8,}?)\s*[’'](?!\w)")


def _pick_quote(rest: str, have_authors: bool) -> re.Match[str] | None:
    """The quoted title: a quotation near the start (the longest one there), not a quoted word
    inside an unquoted title ('Finding “meaning” in psychology')."""
    best = None
    limit = 15 if have_authors else max(15, len(rest) // 2)
    for q in _QUOTE_RE.finditer(rest):
        if q.start() > limit:
            break
        body = q.group(1) or q.group(2) or ""
        if best is None or len(body) > len(best.group(1) or best.group(2) or ""):
            best = q
    if best is None:
        return None
    before = rest[: best.start()].rstrip()
    after = rest[best.end() :]
    # A quoted word inside an unquoted title ('Finding “meaning” in psychology', '“Like” and
    # language ideology'): text runs on before or after the quotation.
    if (
        best.start() > 2
        and have_authors
        and (re.search(r"[a-z]{3,}$", before) or len(re.findall(r"\b[a-z]{2,}\b", before)) >= 1)
    ):
        return None
    closed = (best.group(1) or best.group(2) or "").endswith((",", ".")) and not re.match(r"\s+by\b", after)
    # (IEEE: '"Title," arXiv preprint'; '"Title," by A. Author' names the authors after)
    if (re.match(r"\s+(?!in\b|and\s+[\"“‘'«]|In\b)[a-z]{2,}", after) and not closed) or re.match(r":\s", after):
        return None
    return best


_LANGUAGE_CODE_RE = compile_re(
    r"(eng|ger|deu|fre|fra|spa|ita|rus|jpn|chi|zho|por|dut|nld|pol|english|german|french)\.\s*(?=In\b)", re.I)


_TITLE_EDITOR_RE = compile_re(r",\s*(?:ed\.|eds\.|edited by|trans\.|transl\.|trad\.)\s+[A-Z][^,]*$")


_SERIES_HEAD_RE = compile_re(rf"(?:{SERIES_JOURNAL})(?:\s?[A-HX])?")


def _series_head(title: str | None, tail: Tail, rest: str) -> str | None:
    """"J. Phys. G: Nucl. Phys. 3, 555", "J. Phys. G, Nucl. Part. Phys. 37": a lettered journal's
    subtitle after a colon or comma is the journal's, and the head before it no title."""
    if not (title and tail.container and _SERIES_HEAD_RE.fullmatch(title.strip(" ,:"))):
        return title
    head, at = title.strip(" ,:"), rest.find(title)
    sep = re.match(rf"{re.escape(head)}\s*([,:])", rest[at:]) if at >= 0 else None
    if not sep:
        return title
    tail.container = f"{head}{sep.group(1)} {tail.container}"
    return None


def finish_title(title: str | None) -> str | None:
    title = clean_field(title)
    if not title:
        return None
    title = _TITLE_EDITOR_RE.sub("", title)
    edition = EDITION_END_RE.search(title)
    if edition and edition.start() >= 10 and title[edition.start()] in ",.":
        title = title[: edition.start()]  # "Concise Encyclopedia of Mathematics, 2nd edition"
    title = _without_report_genre(title)
    if title.endswith(".") and not re.search(r"(?:\b[A-Z]\.|\bal\.|\betc\.)$", title):
        title = title[:-1]
    if title.startswith("&") or (title.startswith("and") and title[3:4].isspace()):  # a list's joint
        title = title[1 if title[0] == "&" else 3 :].lstrip()
    if title and title[0] in '"“‘«' and title.count(title[0]) == 1:
        title = title[1:]
    if title and title[-1] in '"”’»' and not any(q in title[:-1] for q in '"“‘«'):
        title = title[:-1]
    title = clean_field(title)
    return conference_name(title) if title else title


def _without_report_genre(title: str) -> str:
    """The title without the genre written after it, a `REPORT_RE` word alone ("Considerations for using
    Spatial Scans with WFC3, Tech. rep.", "…, Technical Report", "…. White paper")."""
    bare = title.rstrip(". ")
    for cut in (bare.rfind(", "), bare.rfind(". ")):
        if cut >= 12 and REPORT_RE.fullmatch(bare[cut + 2:]):
            return title[:cut]
    return title


_CONF_NAME_RE = compile_re(
    r"^(?:[Pp]roc\b|[Pp]roceedings\b|Meeting\b|[^,;]{0,80}\b(?:Workshop|Conference|Symposium|Congress|Meeting|"
    r"ICRC|School)\b)")
_PLACE_CUT_RE = compile_re(r"\s*[,;]\s*|\s+(?=\()|(?<=\))\s+")
_PLACE_WORD_RE = compile_re(
    rf"[(]?(?:[A-Z][^\W\d_]*[a-z][^\W\d_'’.-]*(?:['’.-][^\W\d_]+)*|[A-Z]{{1,3}}\.?|[A-Z]{{4,}}|{MONTH}|"
    rf"\d{{1,2}}(?:\s?(?:st|nd|rd|th))?|{year_pattern(1800)}|st|nd|rd|th|and|de|la|[-–])[),;]{{0,2}}")


_NOT_PLACE = frozenset({"Series", "Section", "Sect", "Part", "Vol", "Volume", "Suppl", "A", "B", "C", "D", "E"})


def _names_a_place(text: str) -> bool:
    """A number, a month, a country, a US state or a known city among the words."""
    pieces = [p.strip(" ()") for p in re.split(r"[,;()]", text) if p.strip(" ()")]
    return bool(re.search(rf"\d|\b{MONTH}", text)) or any(
        p in COUNTRIES or US_STATE_RE.match(p) or is_city(p) or known_place(p) for p in pieces)


_MEETING_NO_RE = compile_re(r"^Meeting\s*#\s*[\w-]+(?=\s+[A-Z])")


def conference_name(title: str) -> str:
    """"Proc. 30th ICRC, Merida (Mexico)", "Meeting #92, Ljubljana, Slovenia, 26 -30 Aug": the
    place and dates of a meeting are no part of its name."""
    if not _CONF_NAME_RE.match(title):
        return title
    numbered = _MEETING_NO_RE.match(title)
    if numbered and _place_words(title[numbered.end():]):
        return numbered.group(0)  # "Meeting #33 Sophia Antipolis, France, 2nd-6th September": no comma
    for cut in _PLACE_CUT_RE.finditer(title):
        head, tail = title[: cut.start()], title[cut.end():].split(";")[0]  # (what follows ";" is no name)
        if len(head.split()) >= 2 and _place_words(tail):
            return head
    return title


def _place_words(tail: str) -> bool:
    """Only words of places and dates, and a place named among them."""
    words = [w for w in re.split(r"[\s–-]+", tail) if w]
    return bool(words) and all(_PLACE_WORD_RE.fullmatch(w) and w.strip("(),;") not in _NOT_PLACE
                               for w in words) and _names_a_place(tail)


def _thesis_title(title: str, tail: Tail) -> str | None:
    """"Title PhD thesis University of X": the rest names the school; "Ph.D. thesis, University of X"
    alone (the title left out, as physics lists do) is no title; "Title (Doctoral dissertation)"
    keeps the title."""
    tm = THESIS_RE.search(title)
    if not tm:
        return title
    after = title[tm.end() :]
    school = after.strip(" ,.;:()")
    if tm.start() == 0:
        # "PhD Thesis University of X", "Ph.D. thesis, Univ. X", "Doctoral dissertation, MIT"
        if not re.match(r"\s*[,(]|\s+[A-Z]|\s*$", after):
            return title
        if school and not tail.publisher:
            tail.publisher = school
        return None
    before = title[: tm.start()]
    if tm.start() > 10:
        if school and not tail.publisher:
            tail.publisher = school
        return before.rstrip(" ,.;:(") or None
    return title


_PAGES_END_RE = compile_re(rf"\s+({PAGE}\s*[-–]{{1,2}}\s*{PAGE})$")
_IN_END_RE = compile_re(r"\s+[Ii]n:?\s*$")


def _proceedings_after_title(title: str | None, tail: Tail, comma_style: bool) -> str | None:
    """IOP's proceedings with no numbers the venue rules took: "Title Proc. 35th Int. Cosmic Ray
    Conf. (Busan) p 123" — the proceedings' name is the container, "p 123" its page."""
    if not title or tail.container or comma_style or (start := proceedings_start(title)) is None:
        return title
    venue = title[start:]
    if not tail.page and (pages := _PAGES_END_RE.search(venue)):  # "… Symposium 407--410"
        tail.page, venue = norm_pages(pages.group(1)), venue[: pages.start()]
    if eds := _IOP_EDS_END_RE.search(venue):  # ("… on Something ed C Editor")
        venue = venue[: eds.start()]
    tail.container = clean_field(venue)
    return clean_field(_IN_END_RE.sub("", title[:start]))


# IOP's editors after a book's title, initials without periods: "… Quantum Gravity ed B Editor", "eds B C
# Editor and D Other"
_IOP_EDS_END_RE = compile_re(
    r"\s+eds?\.?\s+(?:[A-Z]\s){1,3}[A-Z][\w'’-]+(?:(?:,|,?\s+and|\s*&)\s+(?:[A-Z]\s){1,3}[A-Z][\w'’-]+)*"
    rf"(?:\s+{ET_AL_WORDS})?\s*$")
_IN_BOOK_RE = compile_re(r"\s+in\s+(?=[A-Z])")


def _iop_chapter(title: str | None, tail: Tail, comma_style: bool) -> str | None:
    """IOP's chapter in a book: "Title of the chapter in Book Title ed B Editor (Place: Publisher) pp 1–10"
    — the editors leave the title, the book after "in" is the container (with no "in" the two titles
    cannot be told apart and stay one)."""
    if not title or comma_style or not (eds := _IOP_EDS_END_RE.search(title)):
        return title
    title = title[: eds.start()]
    book = list(_IN_BOOK_RE.finditer(title))
    if book and not tail.container and len(title[: book[-1].start()].split()) >= 2:
        tail.container = clean_field(title[book[-1].end() :])
        title = title[: book[-1].start()]
    elif not tail.container and (cut := _title_case_end(title)) is not None:
        # a sentence-case chapter title, then the book's Title Case one: "… in curved spacetime Quantum Gravity"
        tail.container, title = clean_field(title[cut:]), title[:cut]
    return clean_field(title)


def _title_case_end(title: str) -> int | None:
    """Start of a run of two capitalised words or more (and function words) ending ``title`` after its
    last lower-case word that is no function word, with two words or more before it; else None."""
    words = list(re.finditer(r"\S+", title))
    last_lower = max((i for i, w in enumerate(words) if w.group()[:1].islower()
                      and w.group().lower() not in FUNCTION_WORDS), default=None)
    if last_lower is None or last_lower < 1 or last_lower + 1 >= len(words):
        return None
    run = [w.group() for w in words[last_lower + 1 :]]
    if not run[0][:1].isupper() or sum(w[:1].isupper() for w in run) < 2:
        return None  # (one capitalised word is the chapter title's own: "… of the early Universe")
    return words[last_lower + 1].start()


def _split_unquoted(rest: str, st: ParseState) -> tuple[str | None, Tail]:
    """`split_venue`, with a book's "(Publisher, Place, Year)" at the end (or Springer's "Title, vol. 1.
    Publisher, Place") taken as its imprint first (unless the rest then reads as a periodical with
    numbers)."""
    imprint = cut_paren_imprint(rest, st.paren_imprint) or cut_sentence_imprint(rest)
    if imprint:
        body, series, volume = _book_volume(imprint.before)
        title, tail = split_venue(body, st.comma_style, has_id=st.has_id)
        if not (tail.volume or tail.page):
            if not tail.container:  # comma pieces taken for a publisher are the title's
                title, tail.note = book_title(body if tail.publisher else title or "")
            tail.container, tail.volume = tail.container or series, volume
            tail.place, tail.publisher = imprint.place, imprint.publisher
            book_locator(imprint.locator, tail)
            return title, tail
    title, tail = split_venue(rest, st.comma_style, has_id=st.has_id)
    if title is None and tail.container and not tail.page and (tail.volume or tail.issue):
        return _numbered_book(rest) or (title, tail)
    return title, tail


def _book_volume(text: str) -> tuple[str, str | None, str | None]:
    """`book_volume`, or a labelled volume that ends the text ("Nuclear Structure vol II", "A rebours.
    Vol. 7 of Oeuvres complètes"): (text before, series, volume)."""
    body, series, volume = book_volume(text)
    if volume is None and (labelled := labelled_volume_at_end(body)):
        body, volume, series = labelled
    return body, series, volume


def _numbered_book(rest: str) -> tuple[str | None, Tail] | None:
    """A book whose title holds a volume, an edition or a series number and whose imprint ends the
    text ("The Art of Computer Programming Volume 3: Sorting and Searching. Reading, Massachusetts:
    Addison-Wesley", "Geschichte der Soziologie. 9. Auflage. Berlin: de Gruyter"): read as a periodical,
    the title became a journal with a volume and the imprint was lost. None without such an imprint."""
    imprint = cut_final_imprint(rest)
    if imprint is None:
        return None
    body, series, volume = _book_volume(imprint.before)
    title, note = book_title(body)
    if title is None:
        return None
    return title, Tail(container=series, volume=volume, place=imprint.place, publisher=imprint.publisher,
                       note=note)


def _authors_after_title(text: str, st: ParseState) -> str:
    """'"Title", F. Jelezko, and J. Wrachtrup, Phys. Stat. Sol. A 203': the authors after a quoted
    title that opens the entry; the text after them is returned."""
    scan = N.scan_authors(text)
    if not scan.names or not re.match(r"\s*,", text[scan.end :]) or any(
        n.literal or not re.search(r"\b[A-Z]\.", n.given or "") for n in scan.names
    ):
        return text  # (initials with their periods only: "Gene Therapy", "In Life, Death" are no names)
    st.record.author = scan.names
    return text[scan.end :].strip(TRIM)


def _year_between(title: str | None, tail: Tail, st: ParseState) -> str | None:
    """"Efficiency of Self-Generating Neural Networks 2003 Int. J. of Mathematical and Computer
    Modelling 38 1225--1232": a bare year between the title and a journal that no mark sets off is
    where the one ends and the other starts."""
    before = st.before_year
    whole = title if not tail.container else None if title else tail.container  # one piece read as either
    if not (before and whole and whole.startswith(before) and (tail.volume or tail.page)):
        return title
    journal = whole[len(before) :].strip(TRIM)
    if len(before.split()) < 2 or not journal_like(journal):
        return title
    tail.container = journal
    return before


# after the year: a series (and its number), then the publisher and maybe its city — "Self-Organizing Maps
# 2001 Springer Heidelberg", "… 2001 Series in Information Sciences 3 Springer"
_IMPRINT_AFTER_YEAR_RE = compile_re(
    rf"^(?P<series>.*?)[\s,]*\b(?P<pub>{PUBLISHER_NAMES})(?:[\s,]+(?P<place>[A-Z][\w-]+(?:\s[A-Z][\w-]+)?))?$"
)


def _imprint_after_year(title: str | None, tail: Tail, st: ParseState) -> str | None:
    """LNCS author–year "Kohonen, T. Self-Organizing Maps 2001 Springer Heidelberg": a bare year between
    a book's title and its imprint ends the title, as it ends one before a journal (`_year_between`)."""
    before = st.before_year
    if not (before and title and title.startswith(before)) or tail.container or tail.volume or tail.page:
        return title
    m = _IMPRINT_AFTER_YEAR_RE.match(title[len(before):].strip(TRIM))
    if m is None or len(before.split()) < 2 or (m.group("place") and not is_city(m.group("place"))):
        return title
    tail.publisher, tail.place = tail.publisher or m.group("pub"), tail.place or m.group("place")
    tail.add_note(m.group("series").strip(TRIM) or None)
    return before


def title_pass(st: ParseState) -> None:
    record = st.record
    rest, extent = cut_extent(st.rest.strip(TRIM))  # "… 1989. 768 с." (GOST)
    rest, signed = _signed_collaboration(rest.strip(TRIM), st)
    title: str | None = None
    gbt = split_gbt(rest)
    gost = None if gbt else split_gost(rest)
    q = None if gost or gbt else _pick_quote(rest, bool(record.author))
    if gbt:
        title, venue, st.layout_type = gbt  # "Title[J]. Journal, 41(3): 456-470" (gbt.py)
        st.thesis = st.thesis or st.layout_type == "thesis"
        imprint = gbt_imprint(venue, st.layout_type)
        tail = imprint or split_venue(venue, comma_style=True, title_known=True)[1]
    elif gost:
        title, tail, listed = gost  # "Title / Authors // Journal. Vol. 1. P. 2–3." (gost.py)
        record.author = fuller_authors(record.author, listed)
    elif st.journal_only:
        _, tail = split_venue(rest, comma_style=True, title_known=True)
    elif q:
        title = q.group(1) or q.group(2)
        before = rest[: q.start()].strip(TRIM)
        rest_after = rest[q.end() :].strip(TRIM)
        if before and not record.author:
            # Authors we could not parse; keep the text as a literal rather than losing it.
            record.author = split_loose_authors(before)
        elif not before and not record.author:
            rest_after = _authors_after_title(rest_after, st)  # '"Title", F. Jelezko, and J. Wrachtrup, Journal
        lang = _LANGUAGE_CODE_RE.match(rest_after)  # biblatex's "language" field: "eng. In: Journal"
        _, tail = split_venue(rest_after[lang.end() if lang else 0 :], comma_style=True, title_known=True)
        if lang:
            tail.add_note(lang.group(1))
    else:
        title, tail = _split_unquoted(rest, st)
        title = _imprint_after_year(_year_between(title, tail, st), tail, st)
    if st.thesis and title:
        title = _thesis_title(title, tail)
    tail.add_note(extent)
    tail.add_note(signed)
    title = _series_head(title, tail, rest)
    title = _proceedings_after_title(title, tail, st.comma_style)
    title = _iop_chapter(title, tail, st.comma_style)
    title = _collaboration_for_title(title, record, tail)
    st.rest, st.title, st.tail = rest, title, tail
    record.title = finish_title(pull_parenthetical(title, tail))


def _signed_collaboration(rest: str, st: ParseState) -> tuple[str, str | None]:
    """IOP "Essmann U et al 1971 CMS Collaboration Physica 55 83": the collaboration the names signed for,
    then only a journal and its numbers — the collaboration a note, the rest a journal reference (it went
    into the journal's name)."""
    split = leading_collaboration(rest) if st.record.author else None
    if split is None or not journal_only_reference(split[1]):
        return rest, None
    st.journal_only = True
    return split[1], split[0]


def _collaboration_for_title(title: str | None, record: Record, tail: Tail) -> str | None:
    """After the names, the collaboration they signed for, read as the title: "Prescott, C.Y., et al.:
    SLAC-E122 Collaboration. Phys. Lett. B 77, 347", IOP "Aad G et al 2012 ATLAS Collaboration Phys.
    Lett. B 716 1". The reference has no title; the collaboration becomes a note, not an author: the
    records of such papers list the people (GROBID's gold does too), and a collaboration the record
    does not name would count as an author the citation added."""
    if not title or not record.author or not only_a_collaboration(title):
        return title
    tail.add_note(title.strip(" .,;:"))
    return None
