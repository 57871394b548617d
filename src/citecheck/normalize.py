"""Normalisers shared by the parser, the index and the comparator — an index of their homes.

Every rule lives in the module that owns its concept; this module only re-exports them so that
``from citecheck.normalize import normalize_doi`` keeps working:

- identifiers (DOI, arXiv id): `citecheck.identifiers`
- titles (`title_key`, `title_similarity`): `citecheck.titles`
- person names (`name_key`, `initials`, et al., particles): `citecheck.names`
- venues (journal keys and abbreviations): `citecheck.venues`
- character folding (`fold`): `citecheck.folding`
"""

from __future__ import annotations

from citecheck.folding import fold
from citecheck.identifiers import (
    ARXIV_DOI_RE,
    ARXIV_NEW_RE,
    ARXIV_OLD_RE,
    DOI_RE,
    arxiv_from_doi,
    normalize_arxiv,
    normalize_doi,
    record_arxiv,
    record_doi,
)
from citecheck.names import initials, name_key
from citecheck.titles import normalize_title, title_key, title_similarity, title_words
from citecheck.venues import canonical_journal, journal_key, journal_table, letters_in_parent

__all__ = [
    "ARXIV_DOI_RE", "ARXIV_NEW_RE", "ARXIV_OLD_RE", "DOI_RE", "arxiv_from_doi", "canonical_journal",
    "fold", "initials", "journal_key", "journal_table", "letters_in_parent", "name_key",
    "normalize_arxiv", "normalize_doi", "normalize_title", "record_arxiv", "record_doi",
    "title_key", "title_similarity", "title_words",
]
