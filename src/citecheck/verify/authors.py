"""Author-list comparison robust to initials, order, accents, particles, "et al." and collaborations."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz.distance import Levenshtein

from citecheck.model import Name, Record
from citecheck.normalize import fold, initials, name_key

_COLLAB_WORDS = re.compile(r"\b(the|collaborations?|collab|team|group|consortium|for|and)\b")


def collab_key(literal: str) -> str:
    """'The ATLAS Collaboration' → 'atlas'."""
    return re.sub(r"[^a-z0-9]+", "", _COLLAB_WORDS.sub(" ", fold(literal)))


def person_key(name: Name) -> tuple[str, str]:
    """(family key, initials) — a literal person name ("John Smith") is split on its last word."""
    if name.literal:
        return ("@" + collab_key(name.literal), "")
    family = " ".join(p for p in (name.non_dropping_particle, name.family) if p)
    if not family and name.given:  # a lone given name is really the family name
        return (name_key(name.given), "")
    return (name_key(family), initials(name.given))


@dataclass
class AuthorComparison:
    cited: int = 0
    found: int = 0
    matched: int = 0  # cited authors found in the record (exact or fuzzy family name)
    misspelled: list[tuple[str, str]] = field(default_factory=list)
    wrong_initials: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # cited, not in the record
    missing: list[str] = field(default_factory=list)  # in the record, dropped by the citation
    swapped: bool = False

    @property
    def overlap(self) -> float:
        return self.matched / self.cited if self.cited else 1.0


def _display(name: Name) -> str:
    return name.display() or "?"


def compare_authors(cited: Record, found: Record) -> AuthorComparison | None:
    """None when either side has no authors (nothing to compare)."""
    c_names = [n for n in cited.author if n.family or n.literal or n.given]
    f_names = [n for n in found.author if n.family or n.literal or n.given]
    if not c_names or not f_names:
        return None
    result = AuthorComparison(cited=len(c_names), found=len(f_names))
    f_keys = [person_key(n) for n in f_names]
    f_collabs = {k for k, _ in f_keys if k.startswith("@")}
    used: set[int] = set()
    positions: list[int] = []
    for name in c_names:
        key, inits = person_key(name)
        if key.startswith("@"):
            if key in f_collabs or any(key[1:] and key[1:] in fk for fk in f_collabs):
                result.matched += 1
                idx = next(i for i, (fk, _) in enumerate(f_keys) if fk.startswith("@"))
                used.add(idx)
                positions.append(idx)
            else:
                result.extra.append(_display(name))
            continue
        idx = next((i for i, (fk, _) in enumerate(f_keys) if i not in used and fk == key), None)
        if idx is None and key:
            # transliteration / misspelling: closest unused family name within a small edit distance
            best, best_sim = None, 0.0
            for i, (fk, _) in enumerate(f_keys):
                if i in used or fk.startswith("@") or not fk:
                    continue
                sim = Levenshtein.normalized_similarity(key, fk)
                if sim > best_sim:
                    best, best_sim = i, sim
            if best is not None and best_sim >= 0.75 and len(key) >= 4:
                idx = best
                result.misspelled.append((_display(name), _display(f_names[best])))
        if idx is None:
            result.extra.append(_display(name))
            continue
        used.add(idx)
        positions.append(idx)
        result.matched += 1
        f_inits = f_keys[idx][1]
        if inits and f_inits and inits[0] != f_inits[0]:
            result.wrong_initials.append(_display(name))
    if positions != sorted(positions):
        result.swapped = True
    truncated = cited.authors_truncated or found.authors_truncated
    if not truncated and not f_collabs:
        # Authors the citation dropped from inside the list it reproduces.
        last = max(positions) if positions else -1
        result.missing = [_display(f_names[i]) for i in range(len(f_names)) if i not in used and i < last]
        if len(c_names) < len(f_names) <= 10 and not result.missing:
            # A short list that stops early without "et al.": a dropped tail.
            result.missing = [_display(f_names[i]) for i in range(len(f_names)) if i not in used][:3]
    return result
