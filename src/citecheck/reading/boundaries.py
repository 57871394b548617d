"""Where the title ends and the venue begins, mended on the combined reading.

The rules and the labeller may each draw the line between the title and the venue elsewhere, and the
record they make together may hold a piece of text twice, or a piece on the wrong side: the title
repeated at the venue's start, the venue's first words at the title's end, the journal's first word
glued to the title's last in the PDF text. `mend_boundaries` gives each piece to one field.
"""

from __future__ import annotations

import re

from citecheck.model import Record
from citecheck.names import AND_WORDS, SUFFIXES, name_key
from citecheck.reading.author_blocks import reads_as_name, split_loose_authors
from citecheck.reading.refparse.journals import journal_like
from citecheck.venues import (
    INVERTED_TAILS,
    JOURNAL_WORDS,
    abbreviated_journal_word,
    dotless_abbreviation,
    known_journal_at,
    names_known_journal,
)

__all__ = ["glued_word", "has_words", "mend_boundaries", "with_inverted_venue", "without_journal_glued_to_title",
           "without_names_in_title", "without_title_in_venue", "without_venue_in_title"]


def has_words(text: str | None) -> bool:
    """Two letters in a row somewhere: a word, not marks or numbers alone."""
    return bool(text and re.search(r"[^\W\d_]{2}", text))


def mend_boundaries(rec: Record, text: str) -> Record:
    """The record with each piece of the reference's ``text`` on one side of the title–venue line."""
    rec = without_venue_in_title(without_title_in_venue(without_names_in_title(rec, text)))
    return with_inverted_venue(without_journal_glued_to_title(rec, text))


def with_inverted_venue(rec: Record) -> Record:
    """A title-less reference whose venue is an inverted IEEE name (`venues.uninverted`): the "title" is
    the name's start ("Mitchell, D., et al. 2008, Selected Topics in Signal Processing, IEEE Journal of,
    2, 707")."""
    venue = (rec.container_title or "").strip(" ,.")
    if venue not in INVERTED_TAILS or not rec.title or not (rec.volume or rec.page):
        return rec
    if not all(w[0].isupper() for w in rec.title.split() if len(w) > 3):
        return rec  # a journal's words are capitalised; a paper's title before "IEEE" stays one
    out = rec.model_copy()
    out.container_title, out.title = f"{rec.title.strip(' ,.')}, {venue}", None
    return out


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
#: the words that join the last two names: the shared list, "&", and the Italian and Portuguese "e"
_NAME_JOINERS = frozenset((*AND_WORDS, "&", "e"))
_NOT_LAST = frozenset(s.lower() for s in SUFFIXES)


def without_names_in_title(rec: Record, text: str) -> Record:
    """The title without the end of the author list the grammar left in it, the names given to the
    authors. Where the grammar stopped inside a list, the rest of the list ran into the title; the list's
    end shows where it ends: a quoted title after it ("N. B. Ellison, C. Steinfield, and C, Lampe, 'The
    benefits of …'"), or the stop after its last name ("… Bruno Scheihing H., and Spyros Sypsas.
    Reconstructing the Inflationary Landscape …")."""
    title = rec.title or ""
    if not rec.author or len(title) < 12:
        return rec
    cut = _quoted_after_names(title) or _after_name_list(title, _after_and(title, text))
    if cut is None:
        return rec
    head, rest = cut
    known = {name_key(n.family or n.literal or "") for n in rec.author}
    pieces = [p for part in head.split(",") for p in part.replace(" & ", " and ").split(" and ") if has_words(p)]
    names = [n for p in pieces if p.strip() != "others" for n in split_loose_authors(p)
             if has_words(n.family or n.literal) and name_key(n.family or n.literal or "") not in known]
    if not names:
        return rec
    return rec.model_copy(update={"title": rest, "author": [*rec.author, *names]})


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _after_and(title: str, text: str) -> bool:
    """The title opens right after an "and" of the text (the list's last name may open it), letters
    compared (PDF text glues and breaks words: "andAnvarShukurov")."""
    head, letters = _letters(title[:15]), _letters(text)
    at = letters.find(head) if head else -1
    return at >= 3 and letters[at - 3:at] == "and"


def _quoted_after_names(title: str) -> tuple[str, str] | None:
    """(names, quoted title) where a quotation mark after ", " opens the title and names come before it."""
    at = next((i for i in range(2, min(len(title), 120)) if title[i] in _OPENING_QUOTES and title[i - 2:i] == ", "),
              -1)
    if at < 0:
        return None
    head, quoted = title[: at - 2], title[at + 1:].strip(" ,.'’\"”")
    words = head.replace(",", " ").split()
    if (len(quoted.split()) < 3 or not 0 < len(words) <= 12 or any(q in head for q in _OPENING_QUOTES)
            or any(mark in quoted for mark in ("”", ",'", ",’"))
            or not all(w[:1].isupper() or w in _NAME_JOINERS for w in words)
            # a list's marks: an initial or a joining "and" ("Beyond The Pale, 'Ethnic' Identity" is a title)
            or not any(w in _NAME_JOINERS or len(w.rstrip(".")) == 1 for w in words)):
        return None
    return head, quoted


def _after_name_list(title: str, last: bool) -> tuple[str, str] | None:
    """(names, title) where the title opens with the rest of a list of names ending ", and <name>." (or
    ", and others."), each of a given name and a family name or with an initial; `last`: the text has
    "and" right before the title, which opens with the list's last name."""
    at = min((i for i in (title.find(", and "), title.find(", & ")) if i > 0), default=-1)
    if last:  # the title opens with the list's last name: "… Mo, and Benjamin D. Wand elt. Signatures …"
        pos = 0
    elif 0 < at <= 400:
        pos = at + 6 if title.startswith(", and ", at) else at + 4
    else:
        return None
    end = _name_end(title, pos)
    if end < 0:
        return None
    head, rest = title[:end], title[end + 1:].strip()
    pieces = [p.strip() for p in head.replace(", and ", ", ").replace(", & ", ", ").split(", ")]
    if (len(pieces) < (1 if last else 2) or len(rest.split()) < 3 or not rest[:1].isupper()
            or not all(p == "others" or reads_as_name(p) for p in pieces)
            or 2 * sum(sum(ch.isupper() for ch in p) > 1 for p in pieces) < len(pieces)):
        return None
    return head, rest


def _name_end(title: str, pos: int) -> int:
    """Where the name from ``pos`` on ends: the first stop after a word of two letters or more ("Punzalan.",
    "Wand elt.", "AnvarShukurov.IMAGINE"), not an initial's or a suffix's ("B.", "Jr."); -1 if none."""
    for at in range(pos, min(len(title) - 1, pos + 80)):
        if title[at] != "." or not (title[at + 1] == " " or title[at + 1].isupper()):
            continue
        start = at
        while start > pos and title[start - 1].isalpha():
            start -= 1
        stem = title[start:at]
        if len(stem) > 1 and stem.lower() not in _NOT_LAST:
            return at
    return -1
