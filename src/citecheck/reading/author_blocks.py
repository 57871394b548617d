"""Author blocks the name grammar does not take whole: the names after where it stops, and a best-effort
split of a block it does not read at all.

`reading.names.scan_authors` reads an author list by its grammar and stops where a name does not fit
(a glued or broken name, a list that changes form, a lower-case family name). What comes after may
still be names: `authors_of_block` reads it again, or as a list of names given name first when every
piece reads as a name (`reads_as_name`); `split_loose_authors` cuts a block the grammar does not read
at all into one name a piece.
"""

from __future__ import annotations

from citecheck.model import Name
from citecheck.names import PARTICLES, name_key, parse_person, strip_et_al
from citecheck.reading.names import scan_authors
from citecheck.reading.vocabulary import is_known_word, is_plain_word
from citecheck.regex_cache import compile_regex

__all__ = ["authors_of_block", "reads_as_name", "split_loose_authors"]


# ";", "and" or "&" with the spaces and comma around it; from a run of spaces' start only, each space
# taken once (linear in a long run of them)
_LOOSE_SPLIT = compile_regex(r"(?:(?<!\s)|(?!\s))(?:\s*+;|\s*+,\s++and\s+|\s++and\s+|\s*+,?\s*+&)\s*")


def reads_as_name(piece: str) -> bool:
    """Words a personal name is made of: capitalised words, initials, particles (and the short lower-case
    end of a word the PDF broke: "Wand elt"), with an initial or a word no plain word list holds ("Dark
    Matter" is no name)."""
    words = piece.split()
    if not 0 < len(words) <= 6 or not words[0][:1].isupper():
        return False
    for i, w in enumerate(words):
        if not (w[:1].isupper() or w in PARTICLES or (i and len(w) <= 3 and w.isalpha()) or _lower_family(words, i)):
            return False
    return any(len(w.rstrip(".")) == 1 for w in words) or any(
        w[:1].isupper() and not is_plain_word(w.rstrip(".")) for w in words)


def _lower_family(words: list[str], i: int) -> bool:
    """A family name typed in lower case after initials ("R. walczak"), no word of the language."""
    w = words[i]
    return (i == len(words) - 1 and i > 0 and len(words[i - 1].rstrip(".")) == 1 and len(w) > 3 and w.isalpha()
            and not is_known_word(w))


def authors_of_block(text: str) -> list[Name]:
    """The names of an author block: the grammar's, and where it stopped before the block's end ("Geraint
    J. A. Harker, JordanMirocha, Jack O. Burns, and Jonathan R. Pritchard"), the rest read as a list of
    names, when every piece of it reads as one."""
    scan = scan_authors(text)
    if not scan.names:
        return split_loose_authors(text)
    rest, _ = strip_et_al(text[scan.end:].strip(" ,;."))
    rest = rest[4:] if rest[:4].lower() == "and " else rest.removeprefix("& ")
    if not rest.strip():
        return scan.names
    again = scan_authors(rest)
    if again.names and again.end >= len(rest.rstrip(" ,.")) - 1:
        extra = again.names
    else:
        pieces = [p.strip(" .").removeprefix("and ").removeprefix("& ").strip()
                  for p in rest.replace(" & ", ", ").replace(" and ", ", ").split(",")]
        pieces = [p for p in pieces if p]
        if not pieces or not all(reads_as_name(p) and _has_name_word(p) for p in pieces):
            return scan.names
        extra = [parse_person(p) for p in pieces]
    known = {name_key(n.family or n.literal or "") for n in scan.names}
    extra = [n for n in extra if n.family and _has_name_word(n.family) and name_key(n.family) not in known]
    for n in extra:  # "Jonsson. P": the stop is no part of the name
        n.family = (n.family or "").rstrip(".")
    return [*scan.names, *extra]


def _has_name_word(piece: str) -> bool:
    """A word of a name written out, not initials alone ("M.", "H.L", "SB")."""
    return any(len(w.rstrip(".")) > 1 and any(c.islower() for c in w) for w in piece.split())


def _given_first_pieces(pieces: list[str]) -> list[str]:
    """The pieces cut at their commas too where they list names given name first ("A. Prusak, R, Hubert
    Roth", "C. Steinfield, and C, Lampe"): every comma piece of two words or more ends in a family name
    (not an initial), two such pieces at least; a stray initial between commas is dropped. Family-first
    lists ("Smith, J.", "Smith J, Jones K") keep their pieces."""
    parts = [p.strip(" .").removeprefix("and ").removeprefix("& ") for piece in pieces for p in piece.split(",")
             if p.strip(" .")]
    long = [p.split() for p in parts if len(p.split()) > 1]
    if (len(long) < 2 or len(parts) == len(pieces)
            or not all(len(w[-1].rstrip(".")) > 1 and w[-1][:1].isupper() for w in long)):
        return pieces
    return [p for p in parts if len(p.split()) > 1 or len(p.rstrip(".")) > 1]


def split_loose_authors(text: str) -> list[Name]:
    """Best effort for an author block the grammar did not take: one name per piece."""
    scan = scan_authors(text)
    if scan.names and scan.end >= len(text.rstrip(" ,.")) - 1:
        return scan.names
    pieces = [p.strip(" ,.") for p in _LOOSE_SPLIT.split(text) if p.strip(" ,.")]
    pieces = _given_first_pieces(pieces)
    out: list[Name] = []
    for piece in pieces:
        piece, _ = strip_et_al(piece)
        if piece:
            out.append(parse_person(piece))
    return out

