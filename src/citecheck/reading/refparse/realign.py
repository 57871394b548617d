"""Re-read a citation's text around a candidate's title, to survive parser mistakes.

Rule-based parsing of free text sometimes cuts a title at a colon or a quote, or lets the end of
an author list leak into it. When a candidate's title appears (nearly) verbatim in the raw
citation, the text around it tells us what the citation really says: the aligned span is the
cited title — with any word the author really changed — and the text before it the authors.
The comparator then judges those fields instead of the mis-parsed ones. Nothing is copied from
the record, so a changed word or a wrong author still shows as a discrepancy.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from citecheck.model import Citation, Name, Record, free_text
from citecheck.names import PARTICLES, parse_person, strip_et_al
from citecheck.reading.cleanup import clean_reference
from citecheck.reading.pdftext import clean_pdf_text, is_pdf_like
from citecheck.regex_cache import compile_re
from citecheck.titles import searchable_title, title_key
from citecheck.years import year_pattern

#: partial-alignment score (0..100) above which the record's title counts as present in the text
MIN_ALIGNMENT = 88.0
_INITIAL_FIRST = compile_re(r"^(?:[A-Z][a-z]?\.[\s\-]*)+\S")
_TRAILING_DATE = compile_re(rf"[\s,.]*\(?\s*{year_pattern(1500)}[a-z]?(?:,\s*\w+\.?(?:\s+\d{{1,2}})?)?\s*\)?[\s.,:]*$")
_LATEX_HINT = compile_re(r"\\[A-Za-z]|~")
_TRIM = " \t\n,.;:\"'“”‘’*_()[]{}"


def realign(citation: Citation, found: Record) -> Record | None:
    """Cited fields re-read around `found`'s title, or None when the title is not in the text."""
    if not free_text(citation) or not found.title:
        return None
    title = found.title.strip()
    if not searchable_title(title):
        return None
    raw = citation.raw
    if len(raw) > 4000 or raw.lstrip()[:1] in ("@", "{"):
        return None  # BibTeX or CSL source: fields were read structurally, nothing to re-read
    if _LATEX_HINT.search(raw):
        raw = clean_reference(raw)  # "\bibitem{k} I.~Doe, \emph{Title}": read the text LaTeX shows
    if is_pdf_like(raw):  # the PDF's text as the reading read it: "Jack O. Burns ,andJonathan R. Pritchard"
        raw = clean_pdf_text(raw, pdf_like=True)
    alignment = fuzz.partial_ratio_alignment(title.lower(), raw.lower(), score_cutoff=MIN_ALIGNMENT)
    if alignment is None:
        return None
    start, end = alignment.dest_start, alignment.dest_end
    # Grow the span to whole words so a changed first/last word is kept in full.
    while start > 0 and raw[start - 1].isalnum():
        start -= 1
    while end < len(raw) and raw[end].isalnum():
        end += 1
    span = raw[start:end].strip(_TRIM)
    if not span:
        return None
    if _is_the_parsed_venue(citation.fields, span):
        return None  # the candidate's title resembles the cited journal's name, not the cited title
    fields = citation.fields.model_copy(deep=True)
    fields.title = span
    prefix = raw[:start]
    names = _authors_from(prefix)
    if names is not None:
        fields.author, truncated = names
        if truncated:
            fields.custom["authors_truncated"] = True
    venue = fields.container_title
    if venue and title_key(venue) and title_key(venue) in title_key(span):
        fields.container_title = None  # the parser had taken a piece of the title for the venue
    elif venue:
        fields.container_title = _venue_after_title(venue, span)
    return fields


def _is_the_parsed_venue(cited: Record, span: str) -> bool:
    """The span is the venue the parser read, and the parser found a title of its own
    elsewhere: "Doe, P. Robust flows. Artificial Intelligence in Medicine (2022)." aligned with a
    record titled "Artificial Intelligence in Society" is not a re-reading of the title."""
    venue, title = title_key(cited.container_title or ""), title_key(cited.title or "")
    key = title_key(span)
    if not venue or not key or len(title.split()) < 3:
        return False
    # the whole venue, not a venue that also holds the title ("“Title.” Physical Review A")
    return key == venue and title not in key and key not in title


def _venue_after_title(venue: str, title: str) -> str | None:
    """The venue without the (end of the) title the parser glued in front of it:
    '“Photons as quasi-charged particles.” Physical Review A' → 'Physical Review A', 'Eins, Math. Ann.'
    → 'Math. Ann.' after '… Zahlen mod. Eins'.
    The venue as it was when it does not hold the title's last words."""
    head, comma, after = venue.partition(",")
    if comma and after.strip(_TRIM) and title_key(head) and f" {title_key(title)}".endswith(f" {title_key(head)}"):
        return after.strip(_TRIM)  # "Eins, Math. Ann." after the title "… Zahlen mod. Eins": its last word
    tail = title_key(title).split()[-3:]
    tokens = venue.split()
    if len(tail) < 2 or len(tokens) < 2:
        return venue
    words: list[str] = []
    for j, token in enumerate(tokens):
        words += title_key(token).split()
        if words[-len(tail):] == tail and title_key(title).endswith(" ".join(tail)):
            rest = " ".join(tokens[j + 1:]).strip(_TRIM)
            return rest or None
    return venue


_GIVEN_FAMILY = compile_re(r"^(?:[A-Z][\w'’\-]*\.?\s+|(?:[A-Z]\.\s*-?\s*)+){1,3}[A-Z][\w'’\-]+$")


def _chicago_names(pieces: list[str]) -> list[Name] | None:
    """'Marzlin', 'K. -P.', 'Juergen Appel', 'A. I. Lvovsky': the first author inverted, the
    others given name first (Chicago); None when the pieces do not read that way."""
    if len(pieces) < 3 or not re.fullmatch(r"(?:[A-Z][a-z]?\.\s*-?\s*)+", pieces[1]):
        return None
    if " " in pieces[0].strip() and not PARTICLES.intersection(pieces[0].split()):
        return None
    rest = pieces[2:]
    if not all(_GIVEN_FAMILY.match(p) for p in rest):
        return None
    return [parse_person(f"{pieces[0]}, {pieces[1]}")] + [parse_person(p) for p in rest]


def _authors_from(prefix: str) -> tuple[list[Name], bool] | None:
    from citecheck.reading.author_blocks import split_loose_authors
    from citecheck.reading.cleanup import strip_label
    from citecheck.reading.names import scan_authors

    text = strip_label(prefix.strip()).strip(_TRIM)
    # "Author, A., & Author, B. (2019). Title": the date sits between the authors and the title
    text = _TRAILING_DATE.sub("", text).strip(_TRIM)
    if re.search(r"(?:^|[\s.\-])[A-Z]$", text):
        text += "."  # the trim took the period of a final initial ("Mullin, W."), keep it
    if not text or len(text) > 1500:
        return None
    bare, truncated = strip_et_al(text)
    bare = bare.strip(_TRIM)
    pieces = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", bare) if p.strip()]
    chicago = _chicago_names(pieces)
    if chicago:
        return chicago, truncated
    scan = scan_authors(text)
    if scan.names and scan.end >= len(text) - 1:
        return scan.names, scan.truncated
    text = bare
    if pieces and all(_INITIAL_FIRST.match(p) or _GIVEN_FAMILY.match(p) for p in pieces):
        # "M. du Croo de Jongh, P. Denteneer", "W. J. Kossler, Nathan Abraham, R P Aloysius":
        # every piece is a name given name first, so commas separate people
        names = [parse_person(p) for p in pieces]
    else:
        names = [n for n in split_loose_authors(text) if n.family or n.literal]
    return (names, truncated) if names else None
