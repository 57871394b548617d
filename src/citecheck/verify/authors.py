"""Author-list comparison robust to initials, order, accents, particles, "et al." and collaborations.

Names are reduced to keys once (cached on the raw strings, so a record compared against many
citations is normalised once): a family key without particles or accents, a transliteration
key (ü, ue and u coincide), the initials, and — for collaborations — the collaboration's core
name ("The ATLAS Collaboration" → "atlas").
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import OSA

from citecheck.folding import fold
from citecheck.latex_text import latex_to_text
from citecheck.model import Name, Record
from citecheck.names import (
    COLLECTIVE,
    ET_AL,
    cjk_whole_name,
    collab_key,
    initials,
    initials_agree,
    is_et_al,
    name_key,
)
from citecheck.regex_cache import compile_re

_DBLP_NUMBER = compile_re(r"\s+\d{4}$")  # DBLP disambiguation suffix: "Wei Qiu 0001"
#: generational suffix written after the family or given name: "Ausman Jr.", "Smith, III"
_SUFFIX = compile_re(r"(?:,\s*|\s+)(?:jr|sr|ii|iii|iv)\.?$", re.I)

#: a cited family name at least this long may be a misspelling of one in the record
MISSPELL_MIN_LEN = 4
FUZZY_LIMIT = 40  # unmatched cited names searched for misspellings


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def translit_key(family: str) -> str:
    """German transliteration key: 'Müller' → 'mueller' (its plain key is 'muller')."""
    return name_key(family.translate(_UMLAUTS))


@dataclass(frozen=True, slots=True)
class NameKey:
    family: str  # "@atlas" for a collaboration
    initials: str
    translit: str  # family key with umlauts spelled out ("mueller" for Müller)
    given_key: str  # the given names as a family key (for swapped family/given order)
    display: str
    full: str = ""  # family key with particles kept ("vonhippel")
    first_given: str = ""  # first given name when written out in full ("" for initials)
    alts: tuple[str, ...] = ()  # other readings of a whole name put in the family field
    words: tuple[str, ...] = ()  # every word of the name in order, given names first, folded

    @property
    def is_collab(self) -> bool:
        return self.family.startswith("@")


_LEADING_INITIALS = compile_re(r"^((?:[A-Z]\.\s*)+)(?=[A-Z][a-z]{2,})")


@lru_cache(maxsize=131072)
def _key(family: str | None, given: str | None, literal: str | None, particle: str | None) -> NameKey:
    if "&" in f"{family}{given}{literal}":  # HTML entities from scraped metadata: "Ch&apos;ng"
        family, given, literal = (html.unescape(v) if v else v for v in (family, given, literal))
    if "\\" in f"{family}{given}{literal}":  # LaTeX accents: "M{\\"u}ller"
        family, given, literal = (latex_to_text(v, only_if_backslash=True) if v else v for v in (family, given, literal))
    if literal and not family:
        words = literal.replace(",", " ").split()
        if ("," not in literal and len(words) != 2) or COLLECTIVE.search(literal) or literal.isupper():
            # an organisation or collaboration (CSL literal names are mostly these)
            ck = collab_key(literal) or fold(literal)
            return NameKey("@" + ck, "", "@" + ck, "", literal, "@" + ck)
        # a person written as one literal: "John Smith" / "Smith, John"
        if "," in literal:
            family, given = (p.strip() for p in literal.split(",", 1))
        else:
            given, family = words
    family = _DBLP_NUMBER.sub("", family or "").strip()
    given = _DBLP_NUMBER.sub("", given or "").strip()
    family = _SUFFIX.sub("", family).strip() if len(_SUFFIX.sub("", family).strip()) > 1 else family
    given = _SUFFIX.sub("", given).strip(" ,")
    if family.isdecimal():  # DBLP put the disambiguation number where the family name goes
        given, _, family = given.rpartition(" ")
    display = " ".join(p for p in (given, particle, family) if p) or (literal or "")
    if COLLECTIVE.search(f"{given} {family}") and re.search(r"collaboration", f"{given} {family}", re.I):
        ck = collab_key(f"{given} {family}")
        return NameKey("@" + ck, "", "@" + ck, "", display, "@" + ck)
    if not family and given:  # a lone given name is really the family name
        family, given = given, ""
    whole = cjk_whole_name(family, given)
    if whole:
        # a CJK name is one token: "李明" cited, family "李" given "明" in the record
        family, given = whole, ""
        display = family
    # Parsers sometimes swap the parts: family "S." and given "Stepanow".
    if given and len(name_key(family)) <= 2 and len(name_key(given)) > 2 and "." in family + " ":
        family, given = given, family
    # Crossref puts a middle initial in front of the family: family "L. Lagendijk", given "Reginald"
    lead = _LEADING_INITIALS.match(family)
    if lead and given:
        given, family = f"{given} {lead.group(1).strip()}", family[lead.end(1):]
    full_family = " ".join(p for p in (particle, family) if p)
    fk = name_key(full_family)
    full = re.sub(r"[^a-z0-9]+", "", fold(full_family)) or fk  # or a name in another script
    first = re.split(r"[\s.]+", given.strip(), maxsplit=1)[0] if given else ""
    first_given = "" if _initials_only(first) or given.strip().startswith(first + ".") else name_key(first)
    alts: tuple[str, ...] = ()
    words = family.split()
    if not given and len(words) >= 2:  # "John Smith" or "Smith J" all in the family field
        alts = tuple(dict.fromkeys(name_key(w) for w in (words[-1], words[0]) if len(w.strip(".")) > 1))
    tokens = tuple(w for w in re.split(r"[^a-z0-9]+", fold(f"{given} {full_family}")) if w) or tuple(
        k for w in f"{given} {full_family}".split() if (k := name_key(w)))
    return NameKey(fk, initials(given), translit_key(full_family), name_key(given), display, full,
                   first_given, alts, tokens)


def _initials_only(first: str) -> bool:
    """'A', 'A-E' (Ana-Elena), 'J-P', 'AE' (Vancouver): initials, not a written-out name."""
    parts = [p for p in re.split(r"[-‐'’]", first) if p]
    return all(len(p) < 2 for p in parts) or (first.isupper() and first.isalpha() and len(first) <= 3)


def person_key(name: Name) -> NameKey:
    return _key(name.family, name.given, name.literal, name.non_dropping_particle)


_ET_AL_TAIL = compile_re(r"[\s,]+" + ET_AL + r"\s*$", re.I)


def _keys(record: Record) -> tuple[list[NameKey], bool]:
    """The comparable names, and whether the list ends in "et al." / "and others"."""
    # an edited volume is cited by its editors (and parsed as authors)
    names = record.author or record.editor
    fields = tuple((n.family, n.given, n.literal, n.non_dropping_particle) for n in names)
    # (a list of thousands — a collaboration's paper — is not kept: the memo's size stays bounded)
    keys, others = _name_keys(fields) if len(fields) <= 64 else _name_keys.__wrapped__(fields)
    return list(keys), others


@lru_cache(maxsize=4096)
def _name_keys(names: tuple[tuple[str | None, str | None, str | None, str | None], ...]
               ) -> tuple[tuple[NameKey, ...], bool]:
    """`_keys` of a list of (family, given, literal, particle): remembered, since a record's list is
    compared once per reading of the citation and again by the reviewer (the same names each time)."""
    keys = []
    others = False
    for family, given, literal, particle in names:
        if not (family or literal or given):
            continue
        if family and (cut := _ET_AL_TAIL.sub("", family)) != family:
            family, others = cut, True  # "Abachi et al." in one name field (records have such slips too)
        if literal and (cut := _ET_AL_TAIL.sub("", literal)) != literal:
            literal, others = cut, True
        k = _key(family, given, literal, particle)
        if is_et_al(k.family.lstrip("@")) or is_et_al(k.full.lstrip("@")):
            others = True  # "et al." written as an author
            continue
        if k.family == "@":
            continue
        keys.append(k)
    return tuple(keys), others


@dataclass
class AuthorComparison:
    cited: int = 0
    found: int = 0
    matched: int = 0  # cited authors found in the record (exact or fuzzy family name)
    misspelled: list[tuple[str, str]] = field(default_factory=list)
    wrong_initials: list[tuple[str, str]] = field(default_factory=list)
    wrong_given: list[tuple[str, str]] = field(default_factory=list)  # "Yujing" vs "Yue" Zhao
    extra: list[str] = field(default_factory=list)  # cited, not in the record
    missing: list[str] = field(default_factory=list)  # in the record, dropped by the citation
    swapped: bool = False
    #: cited authors the record can speak to: all of them, or as many as a record that lists only its
    #: first author(s) names ("Dobin A et al." against the nine cited: one), when those open the citation
    judged: int = 0

    @property
    def overlap(self) -> float:
        """Share of cited authors in the record; a name matched only loosely (misspelt family
        name, other initial or given name: often a namesake) counts half."""
        if not self.cited:
            return 1.0
        return max(0.0, self.matched - 0.5 * self.loose) / (self.judged or self.cited)

    @property
    def loose(self) -> int:
        return len(self.misspelled) + len(self.wrong_initials) + len(self.wrong_given)

    @property
    def clean(self) -> bool:
        return not (self.misspelled or self.wrong_initials or self.wrong_given or self.extra
                    or self.missing or self.swapped)


def _given_differs(a: str, b: str) -> bool:
    """Both first given names written out, and not the same name (nor one short for the other)."""
    if not a or not b or a.startswith(b) or b.startswith(a):
        return False
    return OSA.normalized_similarity(a, b) < 0.7


def _joined_family(a: NameKey, b: NameKey) -> bool:
    """`a` split a two-word family name differently: its last words run together are `b`'s
    family ('Maria Mendes | Martins' vs 'Maria | Mendes Martins', 'A. V. Gopala | Rao' vs
    'A. V. | Gopala Rao'), and what is left of `a` agrees with `b`'s given names."""
    fam = b.full or b.family
    for j in range(2, len(a.words) + 1):
        if "".join(a.words[-j:]) == fam:
            rest = "".join(w[0] for w in a.words[:-j])
            return not rest or not b.initials or b.initials.startswith(rest) or rest.startswith(b.initials)
    return False


def _same_person_split(a: NameKey, b: NameKey) -> bool:
    """The same name with family and given told apart otherwise: the same words in another
    order ('Zhang Ningyu' vs 'Ningyu Zhang', a whole 'Junrong Wang' in the family field, or glued in
    PDF text: 'AnvarShukurov'), or a two-word family name split elsewhere ('Maria Mendes Martins')."""
    if a.is_collab or b.is_collab or len(a.words) + len(b.words) < 3:
        return False
    if "".join(a.words) == "".join(b.words):  # (or run together by the PDF text: "AnvarShukurov")
        return True
    if len(a.words) < 2 or len(b.words) < 2:
        return False
    long_a = [w for w in a.words if len(w) > 1]
    if len(long_a) == len(a.words) and sorted(a.words) == sorted(b.words):
        return True
    return _joined_family(a, b) or _joined_family(b, a)


def _middle_name(a: NameKey, b: NameKey) -> bool:
    """One side goes by the other's middle name written out: 'Gopala Rao' for 'A. V. Gopala Rao'."""
    return bool(a.first_given and b.first_given != a.first_given and a.first_given in b.words[:-1]) or \
        bool(b.first_given and a.first_given != b.first_given and b.first_given in a.words[:-1])


def _closest(k: NameKey, f_keys: list[NameKey], used: set[int]) -> int | None:
    """A misspelling: one edit (two in a long name), and the initials do not contradict it."""
    best, best_dist = None, 99
    for i, fk in enumerate(f_keys):
        if i in used or fk.is_collab or not fk.family:
            continue
        dist = min(OSA.distance(k.family, fk.family), OSA.distance(k.translit, fk.translit))
        if k.full != k.family or fk.full != fk.family:
            dist = min(dist, OSA.distance(k.full, fk.full))
        if dist < best_dist and initials_agree(k.initials, fk.initials):
            best, best_dist = i, dist
    if best is None:
        return None
    size = min(len(k.family), len(f_keys[best].family))
    limit = 2 if size >= 7 else 1
    return best if best_dist <= limit else None


class _Matcher:
    """Pairs cited names with a record's: exact family key, transliteration, the full name,
    family and given swapped or split otherwise, then misspellings of what is left."""

    def __init__(self, c_keys: list[NameKey], f_keys: list[NameKey]) -> None:
        self.f_keys = f_keys
        self.result = AuthorComparison(cited=len(c_keys), found=len(f_keys))
        self.by_family: dict[str, list[int]] = {}
        self.by_translit: dict[str, list[int]] = {}
        self.by_full: dict[str, list[int]] = {}
        for i, k in enumerate(f_keys):
            self.by_full.setdefault(k.full, []).append(i)
            self.by_family.setdefault(k.family, []).append(i)
            self.by_translit.setdefault(k.translit, []).append(i)
            if k.translit != k.family:
                self.by_translit.setdefault(k.family, []).append(i)
        self.used: set[int] = set()
        self.positions: list[int] = []  # record positions of the matched cited names, in order
        self.unmatched: list[NameKey] = []
        self.extra_collabs: list[str] = []

    def _take(self, pool: list[int] | None, inits: str) -> int | None:
        free = [i for i in pool or () if i not in self.used]
        if not free:
            return None
        return next((i for i in free if initials_agree(inits, self.f_keys[i].initials)), free[0])

    def _claim(self, idx: int) -> None:
        self.used.add(idx)
        self.positions.append(idx)
        self.result.matched += 1

    def _collab_index(self, k: NameKey) -> int | None:
        return next((i for i, fk in enumerate(self.f_keys) if fk.is_collab and i not in self.used and (
            fk.family == k.family or (len(k.family) > 2 and (k.family[1:] in fk.family or fk.family[1:] in k.family)))), None)

    def _person_index(self, k: NameKey) -> int | None:
        idx = self._take(self.by_family.get(k.family), k.initials)
        if idx is None:
            idx = self._take(self.by_translit.get(k.translit), k.initials)
        if idx is None and k.translit != k.family:
            idx = self._take(self.by_translit.get(k.family), k.initials)
        if idx is None and k.full:
            idx = self._take(self.by_full.get(k.full), k.initials)
        for alt in k.alts:
            if idx is None:
                idx = self._take(self.by_family.get(alt), "")
        return idx

    def _other_reading(self, k: NameKey) -> int | None:
        """'Zhang Ningyu' vs 'Ningyu Zhang', or the same full name split otherwise."""
        if k.given_key:
            idx = next((i for i in self.by_family.get(k.given_key, []) if i not in self.used
                        and initials_agree(k.family[:1], self.f_keys[i].initials)), None)
            if idx is not None:
                return idx
        if len(self.unmatched) >= FUZZY_LIMIT:
            return None
        return next((i for i, fk in enumerate(self.f_keys)
                     if i not in self.used and _same_person_split(k, fk)), None)

    def match(self, k: NameKey) -> None:
        """Pass 1 for one cited name: exact keys, transliteration, swapped or split names."""
        idx = self._collab_index(k) if k.is_collab else self._person_index(k)
        if idx is None and not k.is_collab:
            idx = self._other_reading(k)
            if idx is not None:  # the same person; initials are not compared
                self._claim(idx)
                return
        if idx is None:
            self.unmatched.append(k)
            return
        self._claim(idx)
        fk = self.f_keys[idx]
        if not k.is_collab and not initials_agree(k.initials, fk.initials) and not _middle_name(k, fk):
            self.result.wrong_initials.append((k.display, fk.display))
        elif not k.is_collab and _given_differs(k.first_given, fk.first_given):
            self.result.wrong_given.append((k.display, fk.display))

    def misspellings(self) -> None:
        """Pass 2: the closest unused family name within a small edit distance."""
        for n_tried, k in enumerate(self.unmatched):
            best = None
            # (fuzzy search is quadratic: on huge lists only the first few unmatched names get it)
            # a short family name ("Ern" for Earn) only when two or more initials agree as well
            if not k.is_collab and n_tried < FUZZY_LIMIT and (len(k.family) >= MISSPELL_MIN_LEN or (
                    len(k.family) >= 3 and len(k.initials) >= 2
                    and any(fk.initials == k.initials for fk in self.f_keys))):
                best = _closest(k, self.f_keys, self.used)
            if best is not None:
                self._claim(best)
                self.result.misspelled.append((k.display, self.f_keys[best].display))
            else:
                self.result.extra.append(k.display)
                if k.is_collab:
                    self.extra_collabs.append(k.display)


def _incomparable(c_keys: list[NameKey], f_keys: list[NameKey], found: Record) -> bool:
    """A collaboration name against its member list (or the other way round)."""
    c_collab = all(k.is_collab for k in c_keys)
    if c_collab and not any(k.is_collab for k in f_keys):
        # "ATLAS Collaboration" cited, the record lists the members: only a big list is plausible
        names = " ".join(k.family[1:] for k in c_keys)
        f_persons = [k for k in f_keys if not k.is_collab]
        if len(f_persons) >= 20 or (names and names in re.sub(r"[^a-z0-9]", "", fold(found.title or ""))):
            return True
    return not c_collab and all(k.is_collab for k in f_keys)


def _without_unlisted_groups(c_keys: list[NameKey], f_keys: list[NameKey]) -> list[NameKey]:
    """The cited persons alone when the citation names a collaboration or group beside them and the
    record names none: records routinely leave out the collaboration a paper was written for
    ("ATLAS Collab. (G. Aad et al.)", "C. Patrignani et al. (Particle Data Group)" against records
    listing only the persons), so its absence is no evidence against the citation. A record that
    names a group keeps the cited one in the comparison (another collaboration is still wrong)."""
    if any(k.is_collab for k in f_keys) or all(k.is_collab for k in c_keys):
        return c_keys
    return [k for k in c_keys if not k.is_collab]


def compare_authors(cited: Record, found: Record) -> AuthorComparison | None:
    """None when either side has no authors, or the lists cannot be compared (collaboration
    name vs the collaboration's member list)."""
    c_keys, c_others = _keys(cited)
    f_keys, f_others = _keys(found)
    c_keys = _without_unlisted_groups(c_keys, f_keys)
    if not c_keys or not f_keys or _incomparable(c_keys, f_keys, found):
        return None
    c_collab = all(k.is_collab for k in c_keys)
    f_collab = any(k.is_collab for k in f_keys)
    matcher = _Matcher(c_keys, f_keys)
    for k in c_keys:
        matcher.match(k)
    matcher.misspellings()
    result, positions, used = matcher.result, matcher.positions, matcher.used
    # (a collaboration's place among the names is no order: "I. Arsene et al. (BRAHMS)" against a record
    # that lists the BRAHMS Collaboration first)
    persons = [i for i in positions if not f_keys[i].is_collab]
    result.swapped = persons != sorted(persons)
    truncated = cited.authors_truncated or found.authors_truncated or c_others or f_others
    if (found.authors_truncated or f_others) and positions and positions[0] == 0:
        # the record lists only its first author(s): further people can't be told, but a
        # collaboration other than the record's is still wrong
        result.extra = matcher.extra_collabs
        result.judged = min(len(c_keys), len(f_keys))
    if not truncated and not f_collab and positions:
        # Authors the citation dropped from inside the list it reproduces.
        last = max(positions)
        result.missing = [f_keys[i].display for i in range(len(f_keys)) if i not in used and i < last]
        if len(c_keys) < len(f_keys) <= 10 and not result.missing:
            # A short list that stops early without "et al.": a dropped tail.
            result.missing = [f_keys[i].display for i in range(len(f_keys)) if i not in used][:3]
    if not result.clean and not result.swapped and not truncated and not c_collab \
            and not f_collab and _same_words(c_keys, f_keys):
        # the same words, cut into names at other commas ("Fuentes, M. C. Lopez, P. Demoulin"):
        # a reading of the list, not a different list
        return AuthorComparison(cited=len(c_keys), found=len(f_keys), matched=len(c_keys))
    return result


def _same_words(a: list[NameKey], b: list[NameKey]) -> bool:
    """Both lists spell the same words (full words and initials) in the same order of persons,
    however split into names."""
    wa = [w for k in a for w in k.words]
    wb = [w for k in b for w in k.words]
    if len(wa) != len(wb) or sum(len(w) > 1 for w in wa) < 2:
        return False
    if sorted(w for w in wa if len(w) > 1) != sorted(w for w in wb if len(w) > 1) or \
            sorted(w[0] for w in wa) != sorted(w[0] for w in wb):
        return False
    # where each full word sits in `b`: read name by name, `a` must walk through `b` in order
    where: dict[str, list[int]] = {}
    for i, k in enumerate(b):
        for w in k.words:
            if len(w) > 1:
                where.setdefault(w, []).append(i)
    last = 0
    for k in a:
        for pos in sorted(where[w].pop(0) for w in k.words if len(w) > 1):
            if pos < last:
                return False
            last = pos
    return True
