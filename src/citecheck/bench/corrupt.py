"""Corruptions that turn a real record into a MINOR (metadata drift) or MAJOR (fabricated) citation.

The generator is pluggable: anything implementing `Corruptor` can produce the corrupted record
(an LLM-driven corruptor can be added later); `ProgrammaticCorruptor` is the default. Every
corruption says which fields it changed and which must be visible for it to show, and it is
checked against the corpus (`Known`): fabricated titles are provably absent (normalised
similarity < 0.8 to every corpus title), corrupted and fabricated identifiers never hit a real
one, and a changed journal/volume/page never lands on another real article.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Protocol

from rapidfuzz import fuzz, process

from citecheck.bench.pool import Known, PoolRecord, jvp_key
from citecheck.model import Name, Record, set_year
from citecheck.normalize import (
    canonical_journal,
    normalize_arxiv,
    normalize_doi,
    normalize_title,
    title_similarity,
)

MINOR_KINDS: tuple[str, ...] = (
    "year_drift", "author_misspelled", "author_dropped", "author_added", "author_swapped",
    "author_replaced", "wrong_initial", "title_word_changed", "title_word_dropped",
    "volume_changed", "page_changed", "sibling_journal", "doi_char", "arxiv_char",
    "two_fields",
)
#: kinds `two_fields` combines (two different fields drifting at once, as in LLM output)
_COMBINABLE = ("year_drift", "volume_changed", "page_changed", "author_dropped",
               "author_misspelled", "title_word_dropped", "wrong_initial")
MAJOR_KINDS: tuple[str, ...] = (
    "fabricated", "fabricated_doi", "fabricated_arxiv", "chimeric_title", "real_doi_dressed",
    "real_arxiv_dressed",
)
#: a fabricated title must stay below this normalised similarity to every corpus title
MAX_FABRICATED_SIMILARITY = 0.8

_SIBLINGS: list[list[str]] = [
    ["Physical Review A", "Physical Review B", "Physical Review C", "Physical Review D",
     "Physical Review E"],
    ["Physical Review Letters", "Physical Review"],
    ["Physics Letters A", "Physics Letters B"],
    ["Nuclear Physics A", "Nuclear Physics B"],
    ["The European Physical Journal A", "The European Physical Journal B",
     "The European Physical Journal C", "The European Physical Journal D"],
    ["Journal of Physics A: Mathematical and Theoretical", "Journal of Physics B: Atomic, "
     "Molecular and Optical Physics", "Journal of Physics: Condensed Matter",
     "Journal of Physics G: Nuclear and Particle Physics", "Journal of Physics D: Applied Physics"],
    ["Physica A: Statistical Mechanics and its Applications", "Physica B: Condensed Matter",
     "Physica C: Superconductivity and its Applications"],
    ["The Astrophysical Journal", "The Astrophysical Journal Letters",
     "The Astrophysical Journal Supplement Series"],
    ["Nuclear Instruments and Methods in Physics Research Section A: Accelerators, Spectrometers, "
     "Detectors and Associated Equipment", "Nuclear Instruments and Methods in Physics Research "
     "Section B: Beam Interactions with Materials and Atoms"],
    ["Journal of Applied Physics", "Applied Physics Letters"],
    ["Journal of High Energy Physics", "Journal of Cosmology and Astroparticle Physics"],
    ["Nature", "Nature Physics", "Nature Communications", "Nature Materials"],
    ["Journal of Physics: Conference Series", "Journal of Physics: Condensed Matter"],
    ["Physica B: Condensed Matter", "Physica C: Superconductivity and its Applications"],
    ["Hyperfine Interactions", "Journal of Physics: Conference Series"],
]
_SIBLING_OF: dict[str, list[str]] = {}
for _group in _SIBLINGS:
    for _name in _group:
        _SIBLING_OF.setdefault(canonical_journal(_name), []).extend(
            n for n in _group if canonical_journal(n) != canonical_journal(_name))

_CONNECTORS = {"of", "in", "for", "with", "on", "from", "at", "via", "using", "by", "near",
               "beyond", "under", "through", "within", "into", "between"}
_STOP = _CONNECTORS | {"the", "a", "an", "its", "their", "as", "is", "are", "new", "some", "and",
                       "to", "or"}
#: titles that are about another paper make poor donors for a fabricated one
_NOT_DONOR_RE = re.compile(r"^(?:erratum|corrigendum|addendum|comment|reply|response|publisher)",
                           re.I)


@dataclass
class Corruption:
    """A corrupted (or fabricated) record and what the corruption touched."""

    record: Record  # what the citation will show
    kind: str
    detail: str
    changed: frozenset[str] = frozenset()  # CSL fields altered (arXiv id as "arxiv")
    requires: frozenset[str] = frozenset()  # fields that must be visible in the rendering
    all_authors: bool = False  # render the whole author list (author corruptions)
    template_id: str | None = None  # the real record a fabrication borrowed its shape from


@dataclass
class Context:
    """What a corruptor may draw on: the corpus' known sets and same-subfield material."""

    known: Known
    #: subfield → records (for titles, author names, journals)
    by_subfield: dict[str, list[PoolRecord]]
    _title_keys: list[str] = field(default_factory=list)

    def title_keys(self) -> list[str]:
        if not self._title_keys:
            self._title_keys = self.known.titles
        return self._title_keys

    def title_absent(self, title: str) -> bool:
        """Provably not a corpus title: normalised similarity < 0.8 to all of them."""
        key = normalize_title(title)
        if not key or key in self.known.title_set:
            return False
        keys = self.title_keys()
        cutoff = MAX_FABRICATED_SIMILARITY * 100
        if process.extractOne(key, keys, scorer=fuzz.ratio, score_cutoff=cutoff) is not None:
            return False
        # citecheck's own similarity also credits a matching prefix (dropped subtitles)
        for cand, _, _ in process.extract(key, keys, scorer=fuzz.token_set_ratio, limit=5):
            if title_similarity(key, cand) >= MAX_FABRICATED_SIMILARITY:
                return False
        return True


class Corruptor(Protocol):
    """Turns a real record into a corrupted citation record (None: not applicable)."""

    name: str

    def kinds(self, label: str) -> Sequence[str]: ...

    def corrupt(self, source: PoolRecord, label: str, kind: str, ctx: Context,
                rng: Random) -> Corruption | None: ...


# -- helpers ----------------------------------------------------------------------------------


def _copy(record: Record) -> Record:
    return Record.model_validate(record.model_dump(by_alias=True))


def _persons(record: Record) -> list[int]:
    return [i for i, n in enumerate(record.author) if n.family and not n.literal]


def _misspell(word: str, rng: Random) -> str:
    """One edit a hurried typist makes: swap two letters, drop, double or change a letter."""
    for _ in range(10):
        i = rng.randrange(1, len(word) - 1)
        op = rng.choice(["swap", "drop", "double", "vowel"])
        if op == "swap" and word[i] != word[i + 1]:
            out = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        elif op == "drop":
            out = word[:i] + word[i + 1:]
        elif op == "double":
            out = word[:i] + word[i] + word[i:]
        else:
            vowels = "aeiou"
            idx = [j for j in range(1, len(word)) if word[j] in vowels]
            if not idx:
                continue
            j = rng.choice(idx)
            out = word[:j] + rng.choice([v for v in vowels if v != word[j]]) + word[j + 1:]
        if out != word:
            return out
    return word[:-1] + ("e" if word[-1] != "e" else "a")


def _random_person(ctx: Context, subfield: str, rng: Random, avoid: set[str]) -> Name | None:
    pool = ctx.by_subfield.get(subfield) or []
    for _ in range(50):
        pr = rng.choice(pool)
        persons = [n for n in pr.record.author if n.family and n.given and not n.literal]
        if persons:
            n = rng.choice(persons)
            if n.family and n.family.lower() not in avoid:
                return Name(family=n.family, given=n.given)
    return None


def _fabricated_authors(template: Record, ctx: Context, subfield: str, rng: Random) -> list[Name]:
    """Plausible names of the field, recombined (family of one author, given of another)."""
    if template.author and all(n.literal for n in template.author[:1]) and rng.random() < 0.7:
        return [Name(literal=template.author[0].literal)]  # collaboration papers stay so
    count = rng.choice([1, 2, 2, 3, 3, 4, 5])
    out: list[Name] = []
    seen: set[str] = set()
    for _ in range(count):
        a = _random_person(ctx, subfield, rng, seen)
        b = _random_person(ctx, subfield, rng, seen)
        if a is None or b is None:
            break
        out.append(Name(family=a.family, given=b.given))
        seen.add((a.family or "").lower())
    return out or [Name(family="Anonymous")]


def _split_title(title: str) -> list[tuple[str, str]]:
    """(head, tail) cuts of a title at a connector word: tail starts with the connector."""
    words = title.split()
    cuts = []
    for i in range(2, len(words) - 1):
        if words[i].lower() in _CONNECTORS:
            cuts.append((" ".join(words[:i]), " ".join(words[i:])))
    if ":" in title:
        head, _, tail = title.partition(":")
        if len(head.split()) >= 2 and len(tail.split()) >= 2:
            cuts.append((head.strip(), ": " + tail.strip()))
    return cuts


def fabricate_title(ctx: Context, subfield: str, rng: Random, tries: int = 200) -> str | None:
    """A plausible title of the subfield, recombined from two real ones, absent from the corpus."""
    pool = ctx.by_subfield.get(subfield) or []
    for _ in range(tries):
        a, b = rng.choice(pool).record, rng.choice(pool).record
        if a.id == b.id or not a.title or not b.title:
            continue
        if _NOT_DONOR_RE.match(a.title) or _NOT_DONOR_RE.match(b.title):
            continue
        cuts_a, cuts_b = _split_title(a.title), _split_title(b.title)
        if not cuts_a or not cuts_b:
            continue
        head, _ = rng.choice(cuts_a)
        _, tail = rng.choice(cuts_b)
        title = head + (tail if tail.startswith(":") else " " + tail)
        n = len(title.split())
        if not 5 <= n <= 22 or title.count("(") != title.count(")"):
            continue
        if any(title.count(q) % 2 for q in "'\"") or title.count("‘") != title.count("’"):
            continue
        if ctx.title_absent(title):
            return title
    return None


def _digits_rerandomised(value: str, rng: Random, keep_prefix: int) -> str:
    """Same shape, new digits after the first `keep_prefix` characters."""
    head, tail = value[:keep_prefix], value[keep_prefix:]
    return head + "".join(rng.choice(string.digits) if c.isdecimal() else c for c in tail)


def _replace_token(text: str, old: str, new: str) -> str | None:
    pattern = re.compile(rf"(?<![0-9a-z]){re.escape(old.lower())}(?![0-9a-z])")
    if not old or not pattern.search(text):
        return None
    return pattern.sub(new.lower(), text, count=1)


def fabricate_doi(template: Record, work: Record, ctx: Context, rng: Random) -> str | None:
    """A DOI with the template's real publisher prefix and suffix shape, unknown to the corpus.

    Where the template's DOI spells out its volume, page or year (APS, Elsevier, Springer
    patterns), the fabricated work's own values go in their place, so the DOI agrees with the
    rest of the fabricated citation as a real one would.
    """
    doi = normalize_doi(template.DOI)
    if not doi or doi.startswith("10.48550/"):
        return None
    prefix, _, suffix = doi.partition("/")
    if not any(c.isdecimal() for c in suffix):
        return None
    subs = [(template.volume, work.volume), (template.first_page, work.first_page),
            (str(template.year or ""), str(work.year or ""))]
    shaped = suffix
    for old, new in subs:
        if old and new:
            shaped = _replace_token(shaped, old, new) or shaped
    if shaped != suffix and f"{prefix}/{shaped}" not in ctx.known.dois:
        return f"{prefix}/{shaped}"
    runs = list(re.finditer(r"\d+", suffix))
    for _ in range(50):
        # new digits in the last two digit runs only: journal codes and ISSNs stay real
        new = suffix
        for m in runs[-2:]:
            digits = _digits_rerandomised(m.group(0), rng, 0)
            if m.group(0)[0] != "0" and digits[0] == "0":
                digits = rng.choice("123456789") + digits[1:]
            new = new[:m.start()] + digits + new[m.end():]
        cand = f"{prefix}/{new}"
        if cand != doi and cand not in ctx.known.dois:
            return cand
    return None


def fabricate_arxiv(year: int, subfield: str, ctx: Context, rng: Random) -> str | None:
    """An arXiv id of the right era that the corpus does not hold."""
    archive = {"nucl": "nucl-th", "other-physics": "physics"}.get(subfield, subfield)
    for _ in range(100):
        month = rng.randint(1, 12)
        if year < 1991:
            return None
        if year <= 2006:
            yymm = f"{year % 100:02d}{month:02d}"
            key = f"{archive}/{yymm}"
            top = ctx.known.arxiv_month_max.get(key, 0)
            seq = rng.randint(top + 21, top + 250) if top else rng.randint(1, 400)
            if seq > 999:
                continue
            ident = f"{key}{seq:03d}"
        else:
            yymm = f"{year % 100:02d}{month:02d}"
            seq = rng.randint(1, 9999 if year < 2015 else 25000)
            ident = f"{yymm}.{seq:04d}" if year < 2015 else f"{yymm}.{seq:05d}"
        if ctx.known.arxiv_is_free(ident):
            return ident
    return None


def _change_one_char(value: str, rng: Random, start: int) -> list[str]:
    """Every single-character change of value[start:] (digits → digits, letters → letters)."""
    out = []
    for i in range(start, len(value)):
        c = value[i]
        pool = string.digits if c.isdecimal() else string.ascii_lowercase if c.isalpha() else ""
        for d in pool:
            if d != c:
                out.append(value[:i] + d + value[i + 1:])
    rng.shuffle(out)
    return out


def _arxiv_year(record: Record) -> int | None:
    ident = normalize_arxiv(record.arxiv)
    if not ident:
        return None
    digits = ident.split("/")[-1][:2]
    if not digits.isdecimal():
        return None
    yy = int(digits)
    return 1900 + yy if yy >= 91 else 2000 + yy


def _jvp_free(record: Record, ctx: Context) -> bool:
    if not (record.container_title and record.volume and record.first_page):
        return True
    return jvp_key(record.container_title, record.volume, record.first_page) not in ctx.known.jvp


def _content_word_positions(title: str) -> list[int]:
    words = title.split()
    return [i for i, w in enumerate(words) if i > 0 and len(re.sub(r"\W", "", w)) >= 4
            and w.lower().strip(",.:;") not in _STOP and w.isalpha()]


def _venue_donor(src: PoolRecord, ctx: Context, rng: Random) -> Record | None:
    """Whose journal a fabricated work claims: the template's, else a real one of its subfield."""
    t = src.record
    if t.container_title and t.volume and t.first_page:
        return t
    pool = [pr.record for pr in ctx.by_subfield.get(src.subfield) or []
            if pr.record.container_title and pr.record.volume and pr.record.first_page]
    if not pool or rng.random() < 0.25:
        return None  # some fabrications are cited as bare title + authors + year
    return rng.choice(pool)


# -- the default corruptor --------------------------------------------------------------------


class ProgrammaticCorruptor:
    """Rule-based corruptions, checked against the corpus; the default `Corruptor`."""

    name = "programmatic-v1"

    def kinds(self, label: str) -> Sequence[str]:
        return MINOR_KINDS if label == "MINOR" else MAJOR_KINDS if label == "MAJOR" else ()

    def corrupt(self, source: PoolRecord, label: str, kind: str, ctx: Context,
                rng: Random) -> Corruption | None:
        method = getattr(self, f"_{kind}", None)
        if method is None:
            raise ValueError(f"unknown corruption kind {kind!r}")
        result: Corruption | None = method(source, ctx, rng)
        if result is not None and result.kind != kind:
            raise AssertionError(f"corruption {kind} returned {result.kind}")
        return result

    # -- minor ---------------------------------------------------------------------------------
    def _year_drift(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        year = src.record.year
        if year is None:
            return None
        # the year of the arXiv preprint is a correct year to cite, not a drift
        preprint = _arxiv_year(src.record)
        choices = [d for d in (-3, -2, -1, -1, 1, 1, 2, 3)
                   if 1900 <= year + d <= 2026 and year + d != preprint]
        if not choices:
            return None
        new = year + rng.choice(choices)
        rec = _copy(src.record)
        set_year(rec, new)
        return Corruption(rec, "year_drift", f"year {year} → {new}", frozenset({"issued"}),
                          frozenset({"issued"}))

    def _author_misspelled(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = [i for i in _persons(src.record) if len(src.record.author[i].family or "") >= 4]
        if not idx or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = _copy(src.record)
        old = rec.author[i].family or ""
        rec.author[i].family = _misspell(old, rng)
        return Corruption(rec, "author_misspelled", f"author {old} → {rec.author[i].family}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_dropped(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = _persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = _copy(src.record)
        gone = rec.author.pop(i)
        return Corruption(rec, "author_dropped", f"author {gone.display()} dropped",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_added(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        if not _persons(src.record) or len(src.record.author) > 7:
            return None
        avoid = {(n.family or "").lower() for n in src.record.author}
        new = _random_person(ctx, src.subfield, rng, avoid)
        if new is None:
            return None
        rec = _copy(src.record)
        pos = rng.randint(1, len(rec.author))
        rec.author.insert(pos, new)
        return Corruption(rec, "author_added", f"author {new.display()} added at {pos + 1}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_swapped(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = _persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None
        i = rng.randrange(len(idx) - 1)
        a, b = idx[i], idx[i + 1]
        rec = _copy(src.record)
        if (rec.author[a].family or "").lower() == (rec.author[b].family or "").lower():
            return None
        rec.author[a], rec.author[b] = rec.author[b], rec.author[a]
        return Corruption(rec, "author_swapped", f"authors {a + 1} and {b + 1} swapped",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_replaced(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = _persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None  # a sole author replaced is another person's paper, not a slip
        avoid = {(n.family or "").lower() for n in src.record.author}
        new = _random_person(ctx, src.subfield, rng, avoid)
        if new is None:
            return None
        i = rng.choice(idx[1:])
        rec = _copy(src.record)
        old = rec.author[i]
        rec.author[i] = new
        return Corruption(rec, "author_replaced", f"author {old.display()} → {new.display()}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _wrong_initial(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = [i for i in _persons(src.record) if (src.record.author[i].given or "")[:1].isalpha()]
        if not idx or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = _copy(src.record)
        given = rec.author[i].given or ""
        letters = [c for c in "ABCDEGHJKLMNPRSTW" if c != given[0].upper()]
        first = rng.choice(letters)
        # keep the rest of the given names; a full first name becomes a (wrong) initial
        rest = given.split(maxsplit=1)
        new_given = f"{first}." + (f" {rest[1]}" if len(rest) > 1 else "")
        rec.author[i].given = new_given
        return Corruption(rec, "wrong_initial", f"author {given} {rec.author[i].family}: "
                          f"given name → {new_given}", frozenset({"author"}),
                          frozenset({"author"}), all_authors=True)

    def _title_word_changed(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        title = src.record.title or ""
        positions = _content_word_positions(title)
        if len(title.split()) < 6 or not positions:
            return None
        pool = ctx.by_subfield.get(src.subfield) or []
        words = title.split()
        for _ in range(30):
            i = rng.choice(positions)
            other = rng.choice(pool).record.title or ""
            cands = [w for w in other.split() if w.isalpha() and len(w) >= 4
                     and w.lower() not in _STOP and w.lower() != words[i].lower()]
            if not cands:
                continue
            new = rng.choice(cands)
            new = new.lower() if words[i].islower() else new
            changed = [*words[:i], new, *words[i + 1:]]
            new_title = " ".join(changed)
            if title_similarity(new_title, title) >= 0.8:
                rec = _copy(src.record)
                rec.title = new_title
                return Corruption(rec, "title_word_changed", f"title word {words[i]} → {new}",
                                  frozenset({"title"}), frozenset({"title"}))
        return None

    def _title_word_dropped(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        title = src.record.title or ""
        words = title.split()
        positions = [i for i in _content_word_positions(title) if i < len(words) - 1 or len(words) > 6]
        if len(words) < 6 or not positions:
            return None
        i = rng.choice(positions)
        new_title = " ".join(words[:i] + words[i + 1:])
        if title_similarity(new_title, title) < 0.8:
            return None
        rec = _copy(src.record)
        rec.title = new_title
        return Corruption(rec, "title_word_dropped", f"title word {words[i]} dropped",
                          frozenset({"title"}), frozenset({"title"}))

    def _volume_changed(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        r = src.record
        if not (r.container_title and r.volume and r.first_page) or not r.volume.isdecimal():
            return None
        for _ in range(10):
            new = int(r.volume) + rng.choice([-3, -2, -1, 1, 1, 2, 3, 10])
            if new <= 0:
                continue
            rec = _copy(r)
            rec.volume = str(new)
            if _jvp_free(rec, ctx):
                return Corruption(rec, "volume_changed", f"volume {r.volume} → {new}",
                                  frozenset({"volume"}), frozenset({"volume", "container-title"}))
        return None

    def _page_changed(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        r = src.record
        first = r.first_page
        if not (r.container_title and r.volume and first) or not r.page:
            return None
        digits = [i for i, c in enumerate(first) if c.isdecimal()]
        if not digits:
            return None
        for _ in range(20):
            i = rng.choice(digits[1:] or digits)
            new_first = first[:i] + rng.choice([d for d in string.digits if d != first[i]]) + first[i + 1:]
            if new_first.lstrip("0") != new_first and i == 0:
                continue
            rec = _copy(r)
            page = r.page.replace("–", "-")
            if "-" in page:
                a, _, b = page.partition("-")
                try:
                    shift = int(re.sub(r"\D", "", new_first)) - int(re.sub(r"\D", "", a))
                    b_new = str(int(b) + shift) if b.isdecimal() else b
                except ValueError:
                    b_new = b
                rec.page = f"{new_first}-{b_new}"
            else:
                rec.page = new_first
            if _jvp_free(rec, ctx):
                return Corruption(rec, "page_changed", f"page {r.page} → {rec.page}",
                                  frozenset({"page"}), frozenset({"page", "container-title"}))
        return None

    def _sibling_journal(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        r = src.record
        if not r.container_title:
            return None
        siblings = _SIBLING_OF.get(canonical_journal(r.container_title))
        if not siblings:
            return None
        new = rng.choice(sorted(set(siblings)))
        rec = _copy(r)
        rec.container_title = new
        rec.container_title_short = None
        if not _jvp_free(rec, ctx):
            return None
        return Corruption(rec, "sibling_journal", f"journal {r.container_title} → {new}",
                          frozenset({"container-title"}), frozenset({"container-title"}))

    def _doi_char(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        doi = normalize_doi(src.record.DOI)
        if not doi or doi.startswith("10.48550/"):
            return None
        start = doi.index("/") + 1
        for cand in _change_one_char(doi, rng, start):
            if cand not in ctx.known.dois and normalize_doi(cand) == cand:
                rec = _copy(src.record)
                rec.DOI = cand
                return Corruption(rec, "doi_char", f"DOI {doi} → {cand}", frozenset({"DOI"}),
                                  frozenset({"DOI"}))
        return None

    def _arxiv_char(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        ident = normalize_arxiv(src.record.arxiv)
        if not ident:
            return None
        start = ident.index("/") + 1 if "/" in ident else 0
        for cand in _change_one_char(ident, rng, start):
            if not cand[start:].replace(".", "").isdecimal():
                continue
            if normalize_arxiv(cand) != cand or not ctx.known.arxiv_is_free(cand):
                continue
            if "/" not in cand and not (1 <= int(cand[2:4]) <= 12):
                continue
            if cand[start:start + 2] != ident[start:start + 2]:
                continue  # keep the year: a different era would be another kind of error
            rec = _copy(src.record)
            rec.custom = dict(rec.custom, arxiv=cand)
            if rec.URL and "arxiv.org" in rec.URL:
                rec.URL = None
            return Corruption(rec, "arxiv_char", f"arXiv {ident} → {cand}", frozenset({"arxiv"}),
                              frozenset({"arxiv"}))
        return None

    def _two_fields(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        kinds = list(_COMBINABLE)
        rng.shuffle(kinds)
        first = None
        for kind in kinds:
            first = getattr(self, f"_{kind}")(src, ctx, rng)
            if first is not None:
                break
        if first is None:
            return None
        step = PoolRecord(record=first.record, file=src.file, subfield=src.subfield)
        for kind in kinds:
            if kind == first.kind or ((kind.startswith("author") or kind == "wrong_initial") and (
                    first.kind.startswith("author") or first.kind == "wrong_initial")):
                continue
            second = getattr(self, f"_{kind}")(step, ctx, rng)
            if second is None:
                continue
            return Corruption(second.record, "two_fields", f"{first.detail}; {second.detail}",
                              first.changed | second.changed, first.requires | second.requires,
                              all_authors=first.all_authors or second.all_authors)
        return None

    # -- major ---------------------------------------------------------------------------------
    def _fabricated_work(self, src: PoolRecord, ctx: Context, rng: Random, kind: str,
                         keep_authors: bool = False) -> Record | None:
        """A new work in the template's subfield and journal with a title absent from the corpus."""
        template = src.record
        title = fabricate_title(ctx, src.subfield, rng)
        if title is None:
            return None
        rec = Record(type=template.type, title=title)
        rec.author = ([Name.model_validate(n.model_dump(by_alias=True)) for n in template.author]
                      if keep_authors else _fabricated_authors(template, ctx, src.subfield, rng))
        year = (template.year or 2000) + rng.choice([-2, -1, 0, 1, 2])
        set_year(rec, min(year, 2026))
        rec.custom = {"categories": list(template.custom.get("categories") or [])}
        donor = _venue_donor(src, ctx, rng)
        if donor is not None and donor.volume and donor.first_page:
            rec.container_title = donor.container_title
            rec.container_title_short = donor.container_title_short
            if donor is not template and donor.year is not None:
                set_year(rec, min(donor.year + rng.choice([-1, 0, 1]), 2026))
            for _ in range(20):
                vol = donor.volume
                if vol.isdecimal():
                    vol = str(max(1, int(vol) + rng.randint(-5, 5)))
                first = donor.first_page
                keep = 1 if len(first) >= 4 else 0
                page = _digits_rerandomised(first, rng, keep).lstrip("0") or "1"
                if first.startswith("0"):
                    page = page.zfill(len(first))
                rec.volume, rec.page = vol, page
                if _jvp_free(rec, ctx):
                    break
            else:
                return None
        return rec

    def _fabricated(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        rec = self._fabricated_work(src, ctx, rng, "fabricated")
        if rec is None:
            return None
        return Corruption(rec, "fabricated", "fabricated title, authors and journal reference",
                          frozenset({"title", "author"}), frozenset({"title"}),
                          template_id=src.record.id)

    def _chimeric_title(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        if not _persons(src.record):
            return None
        rec = self._fabricated_work(src, ctx, rng, "chimeric_title", keep_authors=True)
        if rec is None:
            return None
        return Corruption(rec, "chimeric_title", "real authors, fabricated title",
                          frozenset({"title"}), frozenset({"title"}), template_id=src.record.id)

    def _fabricated_doi(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        if not src.record.DOI:
            return None
        rec = self._fabricated_work(src, ctx, rng, "fabricated_doi")
        if rec is None:
            return None
        doi = fabricate_doi(src.record, rec, ctx, rng)
        if rec is None or doi is None:
            return None
        rec.DOI = doi
        return Corruption(rec, "fabricated_doi", f"fabricated work with fabricated DOI {doi}",
                          frozenset({"title", "author", "DOI"}), frozenset({"title", "DOI"}),
                          template_id=src.record.id)

    def _fabricated_arxiv(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        rec = self._fabricated_work(src, ctx, rng, "fabricated_arxiv")
        if rec is None or rec.year is None:
            return None
        ident = fabricate_arxiv(rec.year, src.subfield, ctx, rng)
        if ident is None:
            return None
        rec.custom["arxiv"] = ident
        rec.container_title = rec.container_title_short = rec.volume = rec.page = None
        return Corruption(rec, "fabricated_arxiv", f"fabricated work with fabricated arXiv {ident}",
                          frozenset({"title", "author", "arxiv"}), frozenset({"title", "arxiv"}),
                          template_id=src.record.id)

    def _dressed(self, src: PoolRecord, ctx: Context, rng: Random, which: str) -> Corruption | None:
        r = src.record
        ident = normalize_doi(r.DOI) if which == "DOI" else normalize_arxiv(r.arxiv)
        if not ident or (which == "DOI" and ident.startswith("10.48550/")):
            return None
        title = fabricate_title(ctx, src.subfield, rng)
        if title is None:
            return None
        rec = _copy(r)
        rec.title = title
        rec.author = _fabricated_authors(r, ctx, src.subfield, rng)
        if rec.author and r.author and rec.author[0].literal and r.author[0].literal:
            pass  # a collaboration paper stays a collaboration paper; the title is what lies
        # show only the real identifier as the link to the real work
        rec.container_title = r.container_title
        if which == "DOI":
            rec.custom = {k: v for k, v in rec.custom.items() if k != "arxiv"}
        else:
            rec.DOI = None
        kind = "real_doi_dressed" if which == "DOI" else "real_arxiv_dressed"
        return Corruption(rec, kind, f"real {which} {ident} with fabricated title and authors",
                          frozenset({"title", "author"}), frozenset({"title", which}))

    def _real_doi_dressed(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        return self._dressed(src, ctx, rng, "DOI")

    def _real_arxiv_dressed(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        return self._dressed(src, ctx, rng, "arxiv")
