"""Where the title ends and the venue begins, mended on the combined reading.

The rules and the labeller may each draw the line between the title and the venue elsewhere, and the
record they make together may hold a piece of text twice, or a piece on the wrong side: the title
repeated at the venue's start, the venue's first words at the title's end, the journal's first word
glued to the title's last in the PDF text. `mend_boundaries` gives each piece to one field.
"""

from __future__ import annotations

import re

from citecheck.model import Record
from citecheck.names import name_key
from citecheck.reading.names import split_loose_authors
from citecheck.reading.refparse.journals import journal_like
from citecheck.venues import (
    JOURNAL_WORDS,
    abbreviated_journal_word,
    dotless_abbreviation,
    known_journal_at,
    names_known_journal,
)

__all__ = ["glued_word", "has_words", "mend_boundaries", "without_journal_glued_to_title", "without_names_in_title",
           "without_title_in_venue", "without_venue_in_title"]


def has_words(text: str | None) -> bool:
    """Two letters in a row somewhere: a word, not marks or numbers alone."""
    return bool(text and re.search(r"[^\W\d_]{2}", text))


def mend_boundaries(rec: Record, text: str) -> Record:
    """The record with each piece of the reference's ``text`` on one side of the title–venue line."""
    rec = without_venue_in_title(without_title_in_venue(without_names_in_title(rec)))
    return without_journal_glued_to_title(rec, text)


def without_title_in_venue(rec: Record) -> Record:
    """The venue without the reading's own title in front of it: where the rules misread the names
    ("…, St TP John, Scherer S, Padgett RA. Rapid DNA isolations for … analysis. Methods Enzymol (1980)")
    their venue ran from the title to the journal, and the title taken from the labeller leaves it so."""
    title, venue = (rec.title or "").strip(), rec.container_title or ""
    if len(title) < 8 or not venue.startswith(title):
        return rec
    rest = venue[len(title):]
    if rest[:1] not in (".", ",", ":", ";") or not has_words(rest):  # (a title ended, not cut mid-phrase)
        return rec
    out = rec.model_copy()
    out.container_title = rest.strip(" .,:;") or None
    return out


def without_venue_in_title(rec: Record) -> Record:
    """The title without the start of its own venue behind it: a title from one reader and a venue
    from the other may both hold the venue's first words ("…of autoimmunity, Exp. Cell" + "Exp. Cell.
    Res."); the same words are never two fields'. Where a known journal follows them in the venue
    ("…-binding protein. Comparison with HIV-EP1" + "Comparison with HIV-EP1. J Biol Chem") they are the title's."""
    title, venue = rec.title or "", rec.container_title or ""
    if len(venue) < 3 or len(title) < 12:
        return rec
    for sep in (", ", ". ", "; "):
        cut = title.rfind(sep)
        tail = title[cut + 2:].rstrip(" .,;:")
        if cut < 8 or len(tail) < 3 or not venue.startswith(tail) or not has_words(title[:cut]):
            continue
        rest = venue[len(tail):].strip(" .,;:")
        if rest[:1].isalnum() and venue[len(tail)].isalnum():
            continue  # (part of the venue's word, not its words)
        out = rec.model_copy()
        if names_known_journal(rest) or dotless_abbreviation(rest):  # the venue ran into the title
            out.container_title = rest
        else:
            out.title = title[:cut].rstrip(" .,;:")
        return out
    return rec


def _journal_initial(word: str) -> bool:
    """A journal's name opened by one letter: "J." (Journal), "Z." (Zeitschrift), as `JOURNAL_WORDS` has them."""
    return len(word) == 1 and word.lower() in JOURNAL_WORDS


def glued_word(title: str) -> str:
    """The capitalised end of the title's last word glued to a lower-case start ("rangePhys",
    "TheoryAnnu", "graphiteJ"), or ""."""
    word = title.rsplit(None, 1)[-1] if title.strip() else ""
    cut = next((i for i in range(len(word) - 1, 2, -1) if word[i].isupper() and word[i - 1].islower()), 0)
    right = word[cut:] if cut else ""
    return right if right.isalpha() and len(right) <= 12 else ""


def without_journal_glued_to_title(rec: Record, text: str) -> Record:
    """The journal's first word back from the end of the title it was glued to in the PDF text ("…
    temperature rangePhys." + "Solid State", "… State TheoryAnnu." + "… Theory Annu. Rev. Phys. Chem."),
    where the text abbreviates it ("TikZ, Comput. Phys." is a word of the title) and the two make a
    journal (one the table knows, or an abbreviated word before a journal's name)."""
    title, venue = rec.title or "", rec.container_title or ""
    right = glued_word(title) if venue else ""
    word = title.rsplit(None, 1)[-1] if right else ""
    at = text.find(word) if word else -1
    if at < 0 or text[at + len(word):].lstrip(" ")[:1] != ".":
        return rec
    head = title[: len(title) - len(right)].rstrip()
    if venue.startswith(head) and venue[len(head):].lstrip().startswith(right):
        journal = venue[len(head):].strip(" ,;:")  # the venue held the title too
    else:
        journal = venue if venue.startswith(right) else f"{right}. {venue}"
    if len(head) < 8 or not (known_journal_at(f"{journal} 1", 0, True) or (
            (abbreviated_journal_word(f"{right}.") or _journal_initial(right)) and journal_like(journal))):
        return rec
    out = rec.model_copy()
    out.title, out.container_title = head, journal
    return out


_OPENING_QUOTES = "“‘'\""
_NAME_JOINERS = frozenset({"and", "&", "und", "et", "y", "e"})


def without_names_in_title(rec: Record) -> Record:
    """The title from its opening quotation mark on, and the names before the mark given to the authors:
    where the author grammar stopped inside a list ("N. B. Ellison, C. Steinfield, and C, Lampe, 'The
    benefits of …'"), the rest of the list ran into the title, while the quoted title tells where the
    list ends."""
    title = rec.title or ""
    at = next((i for i in range(2, min(len(title), 120)) if title[i] in _OPENING_QUOTES and title[i - 2:i] == ", "),
              -1)
    if at < 0:
        return rec
    head, quoted = title[: at - 2], title[at + 1:].strip(" ,.'’\"”")
    words = head.replace(",", " ").split()
    if (len(quoted.split()) < 3 or not 0 < len(words) <= 12 or any(q in head for q in _OPENING_QUOTES)
            or any(mark in quoted for mark in ("”", ",'", ",’"))
            or not all(w[:1].isupper() or w in _NAME_JOINERS for w in words) or not rec.author
            # a list's marks: an initial or a joining "and" ("Beyond The Pale, 'Ethnic' Identity" is a title)
            or not any(w in _NAME_JOINERS or len(w.rstrip(".")) == 1 for w in words)):
        return rec
    known = {name_key(n.family or n.literal or "") for n in rec.author}
    pieces = [p for part in head.split(",") for p in part.replace(" & ", " and ").split(" and ") if has_words(p)]
    names = [n for p in pieces for n in split_loose_authors(p) if has_words(n.family or n.literal)
             and name_key(n.family or n.literal or "") not in known]
    if not names:
        return rec
    return rec.model_copy(update={"title": quoted, "author": [*rec.author, *names]})
