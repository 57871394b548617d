"""An entry found but not read: a free-text reference as extract hands it to the reading stage.

Extract finds entries; it reads none. A free-text entry (a line of a reference list, a reference of a
PDF, a rendered ``\\bibitem``, a JSON Lines ``text``) leaves it as a `Citation` holding the raw text,
its provenance and the fields its markup gave (`Citation.fields`: the id, a DOI or arXiv id of a
``\\doi``/``\\eprint``, a year of a ``\\bibitem`` label), with an `Unread` saying what the reading
stage reads and what extract saw of how (`unread_of`). The reading stage (`reading.read_entries`)
reads it in place and the `Unread` goes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from citecheck.model import Citation, Provenance, Record

__all__ = ["Unread", "unread", "unread_of"]

#: the key of `Citation.pending` an unread entry's `Unread` sits under
_KEY = "unread"


@dataclass(frozen=True, slots=True)
class Unread:
    """What the reading stage reads of one entry, and what extract saw of how."""

    #: the reference's text as read: its list label stripped, wrapped lines joined, TeX decoded
    text: str
    #: a rendered ``\\bibitem``'s ``\\newblock`` parts (None: not a ``\\bibitem``)
    blocks: tuple[str, ...] | None = None
    #: the style's dash ("———, 2007"): the authors are the entry before's
    same_authors: bool = False
    #: text after a list's numbered or bulleted items: maybe prose, no entry when read as none
    loose: bool = False
    #: what the entry's error says before the exception when reading it fails (None: it is raised)
    failure: str | None = None


def unread(cid: str, raw: str, provenance: Provenance, how: Unread, found: Record | None = None,
           warnings: Iterable[str] = ()) -> Citation:
    """The free-text entry ``cid``, found at ``provenance`` and left for the reading stage."""
    return Citation(id=cid, raw=raw, fields=found if found is not None else Record(), provenance=provenance,
                    parse_warnings=list(warnings), pending={_KEY: how})


def unread_of(citation: Citation) -> Unread | None:
    """How the reading stage reads ``citation`` (None: it is no free-text entry left unread)."""
    how = citation.pending.get(_KEY) if citation.pending else None
    return how if isinstance(how, Unread) else None
