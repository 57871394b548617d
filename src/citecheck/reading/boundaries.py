"""Where the title ends and the venue begins, mended on the combined reading.

The rules and the labeller may each draw the line between the title and the venue elsewhere, and the
record they make together may hold a piece of text twice, or a piece on the wrong side: the title
repeated at the venue's start, the venue's first words at the title's end, the journal's first word
glued to the title's last in the PDF text. `mend_boundaries` gives each piece to one field.
"""

from __future__ import annotations

import re

from citecheck.model import Record
from citecheck.reading.refparse.journals import journal_like
from citecheck.venues import (
    JOURNAL_WORDS,
    abbreviated_journal_word,
    dotless_abbreviation,
    known_journal_at,
    names_known_journal,
)

__all__ = ["glued_word", "has_words", "mend_boundaries", "without_journal_glued_to_title", "without_title_in_venue",
           "without_venue_in_title"]


def has_words(text: str | None) -> bool:
    """Two letters in a row somewhere: a word, not marks or numbers alone."""
    return bool(text and re.search(r"[^\W\d_]{2}", text))


def mend_boundaries(rec: Record, text: str) -> Record:
    """The record with each piece of the reference's ``text`` on one side of the title–venue line."""
    return without_journal_glued_to_title(without_venue_in_title(without_title_in_venue(rec)), text)


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
