"""A reference without volume numbers: a book ('Title. Place: Publisher', 'Title, Publisher,
Place'), a chapter or proceedings ('Title. In Book'), or a title alone; and the parts of a book cited
AIP/APS style around its "(Publisher, Place, Year)" (which title.py cuts off): its title, volume and
series before it, a place in it after it (`book_title`, `book_volume`, `book_locator`)."""

from __future__ import annotations

import re

from citecheck.reading.refparse.imprint import (
    PAREN_PUB_RE,
    PUBLISHER_RE,
    is_city,
    plausible_imprint,
    pull_parenthetical,
    split_publisher,
    strip_editors,
)
from citecheck.reading.refparse.journals import (
    known_journal,
    known_journal_suffix,
    names_a_journal,
    names_a_venue,
    title_question_cuts,
)
from citecheck.reading.refparse.lexicon import (
    BOOK_HINT_RE,
    BOOK_SERIES_RE,
    BOOK_VOLUME_RE,
    CONF_RE,
    COUNTRIES,
    EDITION_END_RE,
    TRIM,
    TRIM_KEEP_DOT,
    US_STATE_RE,
    clean_field,
)
from citecheck.reading.refparse.sentences import sentence_boundaries
from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re
from citecheck.venues import names_known_journal


def split_no_numbers(
    text: str, tail: Tail, whole_title: bool, comma_style: bool = False
) -> tuple[str | None, Tail]:
    """``whole_title``: comma style up to an identifier ("A. Author, Title, arXiv:…"): no venue
    unless the last comma piece names one, so '?', ':' and '.' inside the title do not cut it."""
    if len(text) < 80 and known_journal(text.strip(TRIM_KEEP_DOT)):
        # "…, P. C. 2017, ApJS, submitted" (the status cut by the clean-up): a journal, no title
        tail.container = clean_field(text)
        return None, tail
    # "Title (Toronto: University of Toronto Press)": the parenthesis holds the publisher
    paren = PAREN_PUB_RE.search(text)
    if paren and paren.end() >= len(text.rstrip(" .")) and paren.start() > 8:
        return pull_parenthetical(text.rstrip(" ."), tail), tail
    in_m = re.search(r"(?:^|[.,]\s+)(?:In|in|IN)\s*:?\s+(?=[A-Z\d\"“])", text)
    if not in_m and tail.page and "," in text:
        # "Title, Revue d'histoire de l'Église de France, 1966, 5-23": pages and a named venue
        head, _, piece = text.rpartition(",")
        piece = piece.strip(TRIM_KEEP_DOT)
        if len(head) > 10 and piece and names_a_venue(piece):
            tail.container = clean_field(piece)
            return clean_field(head), tail
    if in_m:
        title = text[: in_m.start()] if in_m.start() > 0 else None
        venue = strip_editors(text[in_m.end() :])
        venue, pub = split_publisher(venue)
        tail.container = clean_field(venue)
        if pub:
            tail.place, tail.publisher = pub
        return clean_field(title) if title else None, tail
    if whole_title:
        idx = text.rfind(",")
        piece = text[idx + 1 :].strip(TRIM_KEEP_DOT) if idx > 0 else ""
        if piece and names_a_venue(piece):
            tail.container = clean_field(piece)
            return clean_field(text[:idx]), tail
        cuts = sentence_boundaries(text)
        last = text[cuts[-1]:].strip(TRIM_KEEP_DOT) if cuts else ""
        if last and names_known_journal(last, dotted=True):
            # "Title. Math. Research Lett., in press; arXiv:…": a journal the title's period ends
            tail.container = clean_field(last)
            return clean_field(text[: cuts[-1]]), tail
        return clean_field(text), tail
    cuts = sentence_boundaries(text)
    if comma_style:
        cuts = title_question_cuts(text, cuts)
    if cuts:
        title = text[: cuts[0]]
        rest = text[cuts[0] :].strip(TRIM)
        rest2, pub = split_publisher(rest)
        if pub:
            tail.place, tail.publisher = pub
            if rest2 and CONF_RE.search(rest2):
                tail.container = clean_field(rest2)
            elif rest2:
                # "2nd edition", "Edited by X", "2 vols", a series or a subtitle between the
                # title and the imprint: no field of its own, but never dropped
                tail.note = clean_field(rest2)
        elif rest:
            if BOOK_HINT_RE.search(rest) and not CONF_RE.search(rest):
                tail.publisher = clean_field(rest)
            else:
                tail.container = clean_field(rest)
        return clean_field(title), tail
    start = known_journal_suffix(text.rstrip(TRIM_KEEP_DOT))
    if start and (tail.page or len(_DOTTED_WORD_RE.findall(text[start:])) >= 2):
        # "Title … system Phys. Proc. 61641 - 7": pages (the volume glued to them) after a known
        # journal's name, no mark before it; or no numbers, but a journal abbreviated so that no
        # book's title ends in it ("… by Cu addition J. Appl. Phys. (1999), in press")
        tail.container = clean_field(text[start:])
        return clean_field(text[:start]), tail
    if "," in text:
        return _split_comma_book(text, tail)
    return clean_field(text), tail


_DOTTED_WORD_RE = compile_re(r"(?<![^\s.])[A-Z][a-z]{0,9}\.")


_EDITION_RE = compile_re(
    r"^(?:\d+(?:st|nd|rd|th|e|ème)|first|second|third|revised|rev\.|new)\s+(?:ed|edn|edition|éd)\.?$",
    re.I,
)


_PAGE_REF_RE = compile_re(
    r"^(?:pp?\.?|pages?|S\.)\s*\d+(?:\s*-\s*\d+)?$|^\d+\s*(?:pp?|pages|S)\.?$", re.I
)


_SMALL_WORDS = frozenset({"of", "and", "the", "&", "de", "du", "des", "und", "für", "di", "la"})


def _looks_like_publisher_piece(piece: str, n_title_words: int) -> bool:
    if BOOK_HINT_RE.search(piece) and len(piece.split()) <= 8:
        return True
    if n_title_words >= 3 and is_city(piece):
        return True  # "…, Berkeley and Los Angeles 1990", "…, London and New York": the imprint's places
    words = piece.split()
    if not words or len(words) > 4 or not piece[:1].isupper():
        return False
    if any(not (w[:1].isupper() or w.lower() in _SMALL_WORDS) for w in words):
        return False
    return (len(words) <= 2 and n_title_words >= 3) or (len(words) <= 3 and n_title_words >= 4)


def _split_comma_book(text: str, tail: Tail) -> tuple[str | None, Tail]:
    """'Title, Publisher, Place, p 32' (comma style without volume numbers)."""
    pieces = [p.strip() for p in text.split(",")]
    taken: list[str] = []
    while len(pieces) > 1:
        piece = pieces[-1].strip(" .")
        title_words = len(" ".join(pieces[:-1]).split())
        if (
            not piece
            or _PAGE_REF_RE.match(piece)
            or _EDITION_RE.match(piece)
            or (
                piece.isdecimal() and taken  # a page count after the publisher ("Vigot, 2010, 837")
            )
        ):
            pieces.pop()
        elif CONF_RE.search(piece) and not tail.container:
            tail.container = clean_field(piece)
            pieces.pop()
        elif (
            not taken
            and not tail.container
            and len(pieces) > 2
            and (US_STATE_RE.match(piece) or piece in COUNTRIES or re.match(r"^at\s+[A-Z]", piece))
            and any(CONF_RE.search(p) for p in pieces[:-1])
        ):
            pieces.pop()  # "Proceedings of X, at Long Beach, CA": the conference's place
        elif not taken and not tail.container and names_a_journal(piece):
            # "Title, Polish Journal of Radiology, 2024": a journal, not a book's publisher
            tail.container = clean_field(piece)
            pieces.pop()
            break
        elif (pm := PUBLISHER_RE.match(piece)) and plausible_imprint(
            pm.group("place"), pm.group("pub")
        ):
            taken.insert(0, piece)
            pieces.pop()
            break  # "Title: Spirituality, Philosophy and Gender, Oxford: Blackwell"
        elif _looks_like_publisher_piece(piece, title_words + (1 if taken else 0)):
            taken.insert(0, piece)
            pieces.pop()
        else:
            break
    if taken:
        # "University of Chicago Press" / "Paris, Gallimard": the last hinted piece is the publisher.
        pub = next((t for t in reversed(taken) if BOOK_HINT_RE.search(t)), taken[-1])
        places = [t for t in taken if t is not pub]
        pm = PUBLISHER_RE.match(pub)
        if pm:
            places.append(pm.group("place"))
            pub = pm.group("pub")
        tail.publisher = clean_field(pub)
        if places:
            tail.place = clean_field(", ".join(places))
    return clean_field(", ".join(pieces)), tail


def book_title(text: str) -> tuple[str | None, str | None]:
    """(title, note) of a book's text before its "(Publisher, Place)": comma pieces belong to the
    title ("Surfaces, Interfaces and Membranes"), save an edition or a series at the end ("…, 3rd
    ed.", "…, Texts in Applied Mathematics")."""
    text = text.strip(TRIM)
    notes = []
    if m := EDITION_END_RE.search(text):
        notes.append(text[m.start():].strip(" ,."))
        text = text[: m.start()]
    head, sep, last = text.rpartition(",")
    if sep and len(head) > 10 and BOOK_SERIES_RE.search(last):
        notes.insert(0, last.strip())
        text = head
    return clean_field(text), "; ".join(notes) or None


def book_locator(locator: str | None, tail: Tail) -> None:
    """"p. 19" / "pp. 10-20" after a book's imprint are its pages (as cited), "Vol. 1" its volume;
    "Chap. 8" a note."""
    for piece in filter(None, (p.strip() for p in (locator or "").split(","))):
        m = re.fullmatch(r"(pp?|vol|volume)\.?\s*(\d+(?:\s*[-–]\s*\d+)?)", piece, re.I)
        if m and m.group(1).lower().startswith("p") and not tail.page:
            tail.page = re.sub(r"\s*[-–]\s*", "-", m.group(2))
        elif m and m.group(1).lower().startswith("v") and not tail.volume and m.group(2).isdigit():
            tail.volume = m.group(2)
        else:
            tail.add_note(piece)


def book_volume(text: str) -> tuple[str, str | None, str | None]:
    """(text, series, volume): a book's volume before its imprint, with the series that numbers it
    (", Graduate Texts in Mathematics Vol. 220", " (Springer Series in Synergetics vol 18)"); a
    piece that is no series stays in the title ("Statistical Physics, Part 1" → volume 1)."""
    m = BOOK_VOLUME_RE.search(text)
    if not m or ("(" in m.group("lead")) != bool(m.group("close")):
        return text, None, None  # none, or a parenthesis opened or closed elsewhere
    series = (m.group("series") or "").strip()
    if series and BOOK_SERIES_RE.search(series) and m.start() >= 8:
        return text[: m.start()], series, m.group("vol")
    if m.group("close") or m.start("volpart") < 8:
        return text, None, None
    return text[: m.start("volpart")].rstrip(" ,;"), None, m.group("vol")
