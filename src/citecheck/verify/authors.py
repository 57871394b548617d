"""Author-list comparison robust to initials, order, accents, particles, "et al." and collaborations.

Names are reduced to keys once (cached on the raw strings, so a record compared against many
citations is normalised once): a family key without particles or accents, a transliteration
key (ü, ue and u coincide), the initials, and — for collaborations — the collaboration's core
name ("The ATLAS Collaboration" → "atlas").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import OSA

from citecheck.model import Name, Record
from citecheck.normalize import fold, initials, name_key

_COLLAB_WORDS = re.compile(
    r"\b(the|collaborations?|collab|team|group|consortium|for|and|on behalf of|project|experiment)\b"
)
_COLLAB_HINT = re.compile(r"collaboration|consortium|\bcollab\b|\bteam\b|\bgroup\b|\bproject\b", re.I)
_DBLP_NUMBER = re.compile(r"\s+\d{4}$")  # DBLP disambiguation suffix: "Wei Qiu 0001"
_TRANSLIT = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_OTHERS = {"others", "etal", "al", "andothers"}

#: a family name within this OSA similarity (and at least this long) is a misspelling
MISSPELL_SIM = 0.7
MISSPELL_MIN_LEN = 4


def collab_key(literal: str) -> str:
    """'The ATLAS Collaboration' → 'atlas'."""
    return re.sub(r"[^a-z0-9]+", "", _COLLAB_WORDS.sub(" ", fold(literal)))


def translit_key(key: str) -> str:
    """'mueller' and 'muller' (from Müller) coincide."""
    for a, b in _TRANSLIT:
        key = key.replace(a, b)
    return key


@dataclass(frozen=True, slots=True)
class NameKey:
    family: str  # "@atlas" for a collaboration
    initials: str
    translit: str  # transliteration-folded family key
    given_key: str  # the given names as a family key (for swapped family/given order)
    display: str

    @property
    def is_collab(self) -> bool:
        return self.family.startswith("@")


@lru_cache(maxsize=131072)
def _key(family: str | None, given: str | None, literal: str | None, particle: str | None) -> NameKey:
    if literal and not family:
        if _COLLAB_HINT.search(literal) or " " not in literal.strip() or literal.isupper():
            ck = collab_key(literal) or fold(literal)
            return NameKey("@" + ck, "", "@" + ck, "", literal)
        # a person written as one literal: "John Smith" / "Smith, John"
        if "," in literal:
            family, given = (p.strip() for p in literal.split(",", 1))
        else:
            given, _, family = literal.strip().rpartition(" ")
    family = _DBLP_NUMBER.sub("", family or "").strip()
    given = _DBLP_NUMBER.sub("", given or "").strip()
    if family.isdigit():  # DBLP put the disambiguation number where the family name goes
        given, _, family = given.rpartition(" ")
    display = " ".join(p for p in (given, particle, family) if p) or (literal or "")
    if _COLLAB_HINT.search(f"{given} {family}") and re.search(r"collaboration", f"{given} {family}", re.I):
        ck = collab_key(f"{given} {family}")
        return NameKey("@" + ck, "", "@" + ck, "", display)
    if not family and given:  # a lone given name is really the family name
        family, given = given, ""
    # Parsers sometimes swap the parts: family "S." and given "Stepanow".
    if given and len(name_key(family)) <= 2 and len(name_key(given)) > 2 and "." in family + " ":
        family, given = given, family
    full_family = " ".join(p for p in (particle, family) if p)
    fk = name_key(full_family)
    return NameKey(fk, initials(given), translit_key(fk), name_key(given), display)


def person_key(name: Name) -> NameKey:
    return _key(name.family, name.given, name.literal, name.non_dropping_particle)


def _keys(record: Record) -> list[NameKey]:
    keys = []
    for n in record.author:
        if not (n.family or n.literal or n.given):
            continue
        k = person_key(n)
        if k.family in _OTHERS or k.family == "@":  # "and others" written as an author
            continue
        keys.append(k)
    return keys


@dataclass
class AuthorComparison:
    cited: int = 0
    found: int = 0
    matched: int = 0  # cited authors found in the record (exact or fuzzy family name)
    misspelled: list[tuple[str, str]] = field(default_factory=list)
    wrong_initials: list[tuple[str, str]] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # cited, not in the record
    missing: list[str] = field(default_factory=list)  # in the record, dropped by the citation
    swapped: bool = False

    @property
    def overlap(self) -> float:
        return self.matched / self.cited if self.cited else 1.0

    @property
    def clean(self) -> bool:
        return not (self.misspelled or self.wrong_initials or self.extra or self.missing or self.swapped)


def _initials_agree(a: str, b: str) -> bool:
    return not a or not b or a[0] == b[0]


def compare_authors(cited: Record, found: Record) -> AuthorComparison | None:
    """None when either side has no authors, or the lists cannot be compared (collaboration
    name vs the collaboration's member list)."""
    c_keys = _keys(cited)
    f_keys = _keys(found)
    if not c_keys or not f_keys:
        return None
    c_collab = all(k.is_collab for k in c_keys)
    f_collab = any(k.is_collab for k in f_keys)
    f_persons = [k for k in f_keys if not k.is_collab]
    if c_collab and not f_collab:
        # "ATLAS Collaboration" cited, the record lists the members: only a big list is plausible
        names = " ".join(k.family[1:] for k in c_keys)
        if len(f_persons) >= 20 or (names and names in re.sub(r"[^a-z0-9]", "", fold(found.title or ""))):
            return None
    if not c_collab and all(k.is_collab for k in f_keys):
        return None  # a collaboration record cited by its members' names: nothing to check
    result = AuthorComparison(cited=len(c_keys), found=len(f_keys))
    by_family: dict[str, list[int]] = {}
    by_translit: dict[str, list[int]] = {}
    for i, k in enumerate(f_keys):
        by_family.setdefault(k.family, []).append(i)
        by_translit.setdefault(k.translit, []).append(i)
    used: set[int] = set()
    positions: list[int] = []
    unmatched: list[tuple[int, NameKey]] = []

    def take(pool: list[int] | None, inits: str) -> int | None:
        free = [i for i in pool or () if i not in used]
        if not free:
            return None
        return next((i for i in free if _initials_agree(inits, f_keys[i].initials)), free[0])

    # pass 1: exact family keys, then transliteration, then swapped family/given
    for ci, k in enumerate(c_keys):
        if k.is_collab:
            idx = next((i for i, fk in enumerate(f_keys) if fk.is_collab and i not in used and (
                fk.family == k.family or (len(k.family) > 2 and (k.family[1:] in fk.family or fk.family[1:] in k.family)))), None)
        else:
            idx = take(by_family.get(k.family), k.initials)
            if idx is None:
                idx = take(by_translit.get(k.translit), k.initials)
            if idx is None and k.given_key:
                idx = next((i for i in by_family.get(k.given_key, []) if i not in used
                            and _initials_agree(k.family[:1], f_keys[i].initials)), None)
                if idx is not None:  # "Zhang Ningyu" vs "Ningyu Zhang": same person
                    used.add(idx)
                    positions.append(idx)
                    result.matched += 1
                    continue
        if idx is None:
            unmatched.append((ci, k))
            continue
        used.add(idx)
        positions.append(idx)
        result.matched += 1
        if not k.is_collab and not _initials_agree(k.initials, f_keys[idx].initials):
            result.wrong_initials.append((k.display, f_keys[idx].display))
    # pass 2: misspellings — closest unused family name within a small edit distance
    for ci, k in unmatched:
        best, best_sim = None, 0.0
        if not k.is_collab and len(k.family) >= MISSPELL_MIN_LEN:
            for i, fk in enumerate(f_keys):
                if i in used or fk.is_collab or not fk.family:
                    continue
                sim = OSA.normalized_similarity(k.translit, fk.translit)
                if sim > best_sim:
                    best, best_sim = i, sim
        if best is not None and best_sim >= MISSPELL_SIM:
            used.add(best)
            positions.append(best)
            result.matched += 1
            result.misspelled.append((k.display, f_keys[best].display))
        else:
            result.extra.append(k.display)
    if positions != sorted(positions):
        result.swapped = True
    truncated = cited.authors_truncated or found.authors_truncated
    if not truncated and not f_collab and positions:
        # Authors the citation dropped from inside the list it reproduces.
        last = max(positions)
        result.missing = [f_keys[i].display for i in range(len(f_keys)) if i not in used and i < last]
        if len(c_keys) < len(f_keys) <= 10 and not result.missing:
            # A short list that stops early without "et al.": a dropped tail.
            result.missing = [f_keys[i].display for i in range(len(f_keys)) if i not in used][:3]
    return result
