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

#: journals published in lettered series ("Phys. Rev. D", "Nucl. Phys. B", "J. Phys. G"): the letter is
#: part of the journal's name, wherever a reference writes it ("Phys. Rev. D58", "Phys. Rev., D 58")
SERIES_JOURNAL = (
    r"Phys\.\s?Rev\.|Physical\s+Review|Phys\.\s?Lett\.|Physics\s+Letters|Nucl\.\s?Phys\.|"
    r"Nuclear\s+Physics|Z\.\s?Phys\.|Zeitschrift\s+f(?:ü|u|ue)r\s+Physik|Eur(?:o)?\.\s?Phys\.\s?J\.|J\.\s?Phys\.|"
    r"Nucl\.\s?Instrum\.(?:\s?Meth(?:ods|\.)?)?(?:\s?(?:in\s+)?Phys\.\s?Res\.)?|Proc\.\s?R(?:oy)?\.\s?Soc\.(?:\s?Lond\.)?|"
    r"Phil\.\s?Trans\.\s?R\.\s?Soc\.(?:\s?Lond\.)?|Nuovo\s+Cim(?:ento|\.)?|Acta\s+Phys\.\s?Pol(?:on)?\.|Acta\s+Crystallogr\.|"
    r"Int\.\s?J\.\s?Mod\.\s?Phys\.|Mod\.\s?Phys\.\s?Lett\.|Chin\.\s?Phys\.|Appl\.\s?Phys\.|Physica|"
    r"Eur\.\s?Phys\.\s?J\.|Phys\.\s?Status\s?Solidi|Phys\.\s?Stat\.\s?Sol\.|"
    r"International\s+Journal\s+of\s+Modern\s+Physics|Modern\s+Physics\s+Letters|European\s+Physical\s+Journal"
)

_SERIES_ONLY_RE = re.compile(rf"(?:{SERIES_JOURNAL})")
_LETTER_VOLUME_RE = re.compile(r"(?P<letter>[A-HX])\s?(?P<number>\d{1,4})")


def series_letter_to_journal(container: str | None, volume: str | None) -> tuple[str | None, str | None]:
    """The series letter written on the volume goes to the journal: "Phys. Rev., D62" and
    Chinese Physics C's "Phys. Lett., 2005, B629: 20" are "Phys. Rev. D" 62, "Phys. Lett. B" 629."""
    if not container or not volume:
        return container, volume
    m = _LETTER_VOLUME_RE.fullmatch(volume.strip())
    journal = container.strip().rstrip(",").strip()
    if m and _SERIES_ONLY_RE.fullmatch(journal):
        return f"{journal} {m.group('letter')}", m.group("number")
    if m and journal.endswith(f" {m.group('letter')}") and _SERIES_ONLY_RE.fullmatch(journal[:-2].strip()):
        return container, m.group("number")  # the letter written twice: "Phys. Rev. D" D26
    return container, volume


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
