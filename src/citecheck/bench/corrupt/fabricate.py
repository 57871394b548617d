"""MAJOR corruptions: fabricated works (a title recombined from two real ones and provably absent
from the corpus, names of the field, a journal reference that lands on no real article), with
fabricated or real-but-borrowed identifiers."""

from __future__ import annotations

import re
import string
from random import Random

from citecheck.bench.corrupt.base import (
    CONNECTORS,
    Context,
    Corruption,
    copy_record,
    jvp_free,
    persons,
    random_person,
)
from citecheck.bench.pool import PoolRecord
from citecheck.model import Name, Record, set_year
from citecheck.normalize import normalize_arxiv, normalize_doi

_NOT_DONOR_RE = re.compile(r"^(?:erratum|corrigendum|addendum|comment|reply|response|publisher)",
                           re.I)


def _fabricated_authors(template: Record, ctx: Context, subfield: str, rng: Random) -> list[Name]:
    """Plausible names of the field, recombined (family of one author, given of another)."""
    if template.author and all(n.literal for n in template.author[:1]) and rng.random() < 0.7:
        return [Name(literal=template.author[0].literal)]  # collaboration papers stay so
    count = rng.choice([1, 2, 2, 3, 3, 4, 5])
    out: list[Name] = []
    seen: set[str] = set()
    for _ in range(count):
        a = random_person(ctx, subfield, rng, seen)
        b = random_person(ctx, subfield, rng, seen)
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
        if words[i].lower() in CONNECTORS:
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


class FabricationCorruptions:
    """The MAJOR kinds of `ProgrammaticCorruptor` (one method per kind, ``_<kind>``)."""

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
                if jvp_free(rec, ctx):
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
        if not persons(src.record):
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
        rec = copy_record(r)
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
