"""MINOR corruptions: the metadata drift of a real record (a year, an author, a title word, a
volume or page, a sibling journal, one character of an identifier), each checked so that the
drifted journal/volume/page and identifiers never land on another real work."""

from __future__ import annotations

import re
import string
from random import Random

from citecheck.bench.corrupt.base import (
    COMBINABLE,
    CONNECTORS,
    Context,
    Corruption,
    copy_record,
    jvp_free,
    persons,
    random_person,
)
from citecheck.bench.pool import PoolRecord
from citecheck.model import Record, set_year
from citecheck.normalize import canonical_journal, normalize_arxiv, normalize_doi, title_similarity

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

_STOP = CONNECTORS | {"the", "a", "an", "its", "their", "as", "is", "are", "new", "some", "and",
                       "to", "or"}


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


def _content_word_positions(title: str) -> list[int]:
    words = title.split()
    return [i for i, w in enumerate(words) if i > 0 and len(re.sub(r"\W", "", w)) >= 4
            and w.lower().strip(",.:;") not in _STOP and w.isalpha()]


class DriftCorruptions:
    """The MINOR kinds of `ProgrammaticCorruptor` (one method per kind, ``_<kind>``)."""

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
        rec = copy_record(src.record)
        set_year(rec, new)
        return Corruption(rec, "year_drift", f"year {year} → {new}", frozenset({"issued"}),
                          frozenset({"issued"}))

    def _author_misspelled(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = [i for i in persons(src.record) if len(src.record.author[i].family or "") >= 4]
        if not idx or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = copy_record(src.record)
        old = rec.author[i].family or ""
        rec.author[i].family = _misspell(old, rng)
        return Corruption(rec, "author_misspelled", f"author {old} → {rec.author[i].family}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_dropped(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = copy_record(src.record)
        gone = rec.author.pop(i)
        return Corruption(rec, "author_dropped", f"author {gone.display()} dropped",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_added(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        if not persons(src.record) or len(src.record.author) > 7:
            return None
        avoid = {(n.family or "").lower() for n in src.record.author}
        new = random_person(ctx, src.subfield, rng, avoid)
        if new is None:
            return None
        rec = copy_record(src.record)
        pos = rng.randint(1, len(rec.author))
        rec.author.insert(pos, new)
        return Corruption(rec, "author_added", f"author {new.display()} added at {pos + 1}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_swapped(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None
        i = rng.randrange(len(idx) - 1)
        a, b = idx[i], idx[i + 1]
        rec = copy_record(src.record)
        if (rec.author[a].family or "").lower() == (rec.author[b].family or "").lower():
            return None
        rec.author[a], rec.author[b] = rec.author[b], rec.author[a]
        return Corruption(rec, "author_swapped", f"authors {a + 1} and {b + 1} swapped",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _author_replaced(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = persons(src.record)
        if len(idx) < 2 or len(src.record.author) > 8:
            return None  # a sole author replaced is another person's paper, not a slip
        avoid = {(n.family or "").lower() for n in src.record.author}
        new = random_person(ctx, src.subfield, rng, avoid)
        if new is None:
            return None
        i = rng.choice(idx[1:])
        rec = copy_record(src.record)
        old = rec.author[i]
        rec.author[i] = new
        return Corruption(rec, "author_replaced", f"author {old.display()} → {new.display()}",
                          frozenset({"author"}), frozenset({"author"}), all_authors=True)

    def _wrong_initial(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        idx = [i for i in persons(src.record) if (src.record.author[i].given or "")[:1].isalpha()]
        if not idx or len(src.record.author) > 8:
            return None
        i = rng.choice(idx)
        rec = copy_record(src.record)
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
                rec = copy_record(src.record)
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
        rec = copy_record(src.record)
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
            rec = copy_record(r)
            rec.volume = str(new)
            if jvp_free(rec, ctx):
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
            rec = copy_record(r)
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
            if jvp_free(rec, ctx):
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
        rec = copy_record(r)
        rec.container_title = new
        rec.container_title_short = None
        if not jvp_free(rec, ctx):
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
                rec = copy_record(src.record)
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
            rec = copy_record(src.record)
            rec.custom = dict(rec.custom, arxiv=cand)
            if rec.URL and "arxiv.org" in rec.URL:
                rec.URL = None
            return Corruption(rec, "arxiv_char", f"arXiv {ident} → {cand}", frozenset({"arxiv"}),
                              frozenset({"arxiv"}))
        return None

    def _two_fields(self, src: PoolRecord, ctx: Context, rng: Random) -> Corruption | None:
        kinds = list(COMBINABLE)
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
