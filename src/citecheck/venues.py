"""Venues: journal-name keys and the shipped abbreviation table.

"Phys. Rev. Lett." and "Physical Review Letters" share one `canonical_journal` key. The table
lives in ``data/journal-abbreviations.json``. Comparing two venue names (siblings, series,
proceedings) is verification's (`verify/venue.py`); this module only names them.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from citecheck.folding import fold


def journal_key(name: str | None) -> str:
    """Key as in the abbreviation table: folded, no spaces/dots/commas/colons/hyphens/tildes."""
    if not name:
        return ""
    text = fold(name.replace("\\&", "&"))
    text = re.sub(r"^the\s+", "", text)
    return re.sub(r"[\s.,:\-~–'’()]+", "", text)


@lru_cache(maxsize=1)
def _journal_data() -> dict[str, object]:
    with resources.files("citecheck.data").joinpath("journal-abbreviations.json").open(
        encoding="utf-8"
    ) as fh:
        return dict(json.load(fh))


@lru_cache(maxsize=1)
def journal_table() -> dict[str, str]:
    """Abbreviation key → full journal title, shipped in the package."""
    table = _journal_data()["table"]
    assert isinstance(table, dict), "journal-abbreviations.json: 'table' must be an object"
    return {str(k): str(v) for k, v in table.items()}


@lru_cache(maxsize=1)
def letters_in_parent() -> frozenset[str]:
    """Canonical keys of journals that print their letters in their own volumes (ApJ, MNRAS):
    for these 'X Letters' names the same venue as X; elsewhere it is a sibling journal."""
    section = _journal_data().get("letters_in_parent") or {}
    names = section.get("journals", []) if isinstance(section, dict) else []
    return frozenset(canonical_journal(str(n)) for n in names)


@lru_cache(maxsize=8192)
def canonical_journal(name: str | None) -> str:
    """A key under which abbreviated and full journal names coincide."""
    key = journal_key(name)
    if not key:
        return ""
    table = journal_table()
    full = table.get(key)
    if full:
        return journal_key(full)
    return key


@lru_cache(maxsize=1)
def _full_journal_keys() -> frozenset[str]:
    return frozenset(journal_key(v) for v in journal_table().values())


def looks_like_venue(text: str) -> bool:
    """'Lect', 'Phys. Rev.', 'Proc. Natl. Acad. Sci.': an abbreviated journal or a piece of one."""
    words = text.strip().split()
    if not words or len(words) > 6:
        return False
    if journal_key(text) in journal_table() or canonical_journal(text) in _full_journal_keys():
        return True
    return all(re.fullmatch(r"[A-Z][a-z]{0,5}\.?|&|of", w) for w in words) and (
        len(words) == 1 or any(w.endswith(".") for w in words))
