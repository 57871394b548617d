"""Is a citation a physics work? Decides INSPIRE's (and partly arXiv's) coverage.

The journals are data: ``data/physics-venues.txt`` (built by scripts/build_physics_venues.py from
the corpus's physics records and JabRef's CC0 journal lists) holds their `canonical_journal` keys;
a journal missing there still counts when its name says physics or astronomy (`PHYSICS_WORDS`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from citecheck.identifiers import normalize_doi, record_arxiv
from citecheck.model import Record
from citecheck.venues import canonical_journal, journal_key

PHYSICS_ARCHIVES = {
    "hep-th", "hep-ph", "hep-ex", "hep-lat", "gr-qc", "astro-ph", "nucl-th", "nucl-ex",
    "quant-ph", "cond-mat", "physics", "math-ph", "nlin", "chao-dyn", "solv-int", "patt-sol",
    "adap-org", "acc-phys", "ao-sci", "atom-ph", "bayes-an", "chem-ph", "plasm-ph", "supr-con",
    "mtrl-th",
}
#: DOI prefixes of physics publishers/journals (APS, IOP, SISSA/JHEP, EPJ, AIP, Elsevier NPB/PLB)
PHYSICS_DOI = re.compile(
    r"^10\.(1103|1088|1140|1063|1143|1093/ptep|1007/jhep|1016/j\.(physletb|nuclphysb|"
    r"nuclphysa|physrep|astropartphys|nima)|1016/0550-3213|1016/0370-2693|1016/0370-1573|"
    r"1051/0004-6361|3847|1146/annurev-nucl|22323/)",
    re.I,
)
#: words that make a journal's name (full or abbreviated) a physics or astronomy one
PHYSICS_WORDS = re.compile(
    r"\b(?:phys(?:ics|ical|ica|ik|ique|\b)|fiz(?:ik\w*|\b)|astro(?:n\w*|phys\w*|particle\w*)|"
    r"cosmol\w*|gravit\w*|relativ\w*|nucl(?:ear|\b)|high[- ]energy|quantum|jhep|jcap|mnras)", re.I)
#: ... unless the name is another field's that borrows the word ("Physical Chemistry",
#: "Geophysical", "Biophysical", "Nuclear Medicine", "Physical Therapy")
NOT_PHYSICS_WORDS = re.compile(
    r"chem|geo|bio|physiol|medic|health|therap|rehab|sport|exercis|activity|educat|engineering|"
    r"psych|clinic|radiol|pharma|oceanogr|atmospher|magnetic resonance", re.I)
_HEAD_RE = re.compile(r"\s+[-–—:]\s+")
_ARTICLE_RE = re.compile(r"^(?:the|il|la|le|les|der|die|das)(?=[a-z]{4})")
_SERIES_RE = re.compile(r"(?<=[a-z]{4})[a-h]$")


@lru_cache(maxsize=1)
def physics_venues() -> frozenset[str]:
    """The venue keys of ``data/physics-venues.txt``."""
    text = resources.files("citecheck").joinpath("data/physics-venues.txt").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def venue_keys(name: str | None) -> set[str]:
    """The keys a venue name is listed and looked up under: `canonical_journal`'s and
    `journal_key`'s, without a leading article ("Il Nuovo Cimento") and without a series letter
    ("Nuovo Cimento B" is listed under "nuovocimento" too, so that series A is found)."""
    keys: set[str] = set()
    for key in (canonical_journal(name), journal_key(name)):
        key = _ARTICLE_RE.sub("", key)
        if len(key) >= 4:
            keys.update({key, _SERIES_RE.sub("", key)})
    return keys


@lru_cache(maxsize=16384)
def is_physics_venue(name: str | None) -> bool:
    """A journal or proceedings name (full, abbreviated, or its one-word proper name before a
    dash: "Pramana – J. Phys.") that is a physics or astronomy venue."""
    if not name or not name.strip():
        return False
    head = _HEAD_RE.split(name.strip(), maxsplit=1)[0]
    keys = venue_keys(name) | (venue_keys(head) if len(head.split()) == 1 else set())
    return not keys.isdisjoint(physics_venues()) or says_physics(name)


def says_physics(name: str) -> bool:
    """A venue name with a physics or astronomy word and no other field's."""
    return bool(PHYSICS_WORDS.search(name)) and not NOT_PHYSICS_WORDS.search(name)


def is_physics(fields: Record) -> bool:
    """True when categories, the arXiv id, the DOI prefix or the journal say physics."""
    cats = [str(c) for c in fields.custom.get("categories") or []]
    if any(c.split(".")[0] in PHYSICS_ARCHIVES for c in cats):
        return True
    arxiv = record_arxiv(fields)
    if arxiv and "/" in arxiv and arxiv.split("/")[0].split(".")[0] in PHYSICS_ARCHIVES:
        return True
    doi = normalize_doi(fields.DOI)
    if doi and PHYSICS_DOI.match(doi):
        return True
    return is_physics_venue(fields.container_title) or is_physics_venue(fields.container_title_short)


__all__ = ["NOT_PHYSICS_WORDS", "PHYSICS_ARCHIVES", "PHYSICS_WORDS", "is_physics", "is_physics_venue",
           "physics_venues", "says_physics", "venue_keys"]
