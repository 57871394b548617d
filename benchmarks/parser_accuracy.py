"""Per-field precision / recall / F1 and speed of `parse_reference` on labelled reference strings.

Data: ../shared/data/parsing/anystyle-gold.jsonl (all 1,669, with `fields`) and
ads-parsed-references.jsonl (the references that carry parsed fields).

Matching rule per field (a prediction counts as a true positive only when the gold value is
present and the two agree; a wrong prediction is both a false positive and a false negative):

- title: `normalize_title` equality (folded, punctuation/markup dropped).
- container-title: `journal_key` equality (folded, spaces and punctuation dropped), also accepted
  when `canonical_journal` makes the two equal (abbreviated vs full name). Before comparing, both
  sides lose `<italic>`-style tags (AnyStyle keeps them in some gold journal names), a leading
  "in"/"In:" (AnyStyle puts the "in" of "in Proceedings of X" inside the container segment) and
  surrounding quote marks.
- volume: the first alphanumeric run of each side ("33(2)" -> "33", "Vol. 172" -> "172"); a
  leading "2009;" in AnyStyle's Vancouver volumes ("2009;108(2)") is skipped. Where the gold
  volume is a labelled issue number ("n°58", "No. 1254": magazines numbered by issue only) and the
  parser gave no volume, the parsed issue is compared instead.
- pages: first page and last page digits equal after dash normalisation ("161–166" = "161-166")
  and an abbreviated last page written out on both sides ("770-8" = "770-778", issue 13e);
  where AnyStyle labelled "137(3):322–331" as one volume segment, its trailing range is the gold
  pages.
- year: the first 4-digit year of the gold date equals `record.year`.
- DOI: `normalize_doi` equality; arXiv: `normalize_arxiv` equality.
- authors (AnyStyle): the gold author segment is the whole author list as printed, so authors are
  compared as bags of name words: folded words of >= 2 letters, without "et al"/"and"/"others"
  (given names included on both sides); one reference is a true positive when the two sets are
  equal. Author-word precision/recall over all words is reported too.
- authors (ADS): ADS gives the author string it parsed, often only the first author; we compare
  the first author's family name (`name_key`).

Usage:  .venv/bin/python benchmarks/parser_accuracy.py [--data ../shared/data/parsing]
        [--show FIELD] (print up to 40 errors of FIELD) [--set anystyle|ads]
        [--half even|odd] (only the references at even / odd positions: a development half and a
        held-out half)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from citecheck.model import Record
from citecheck.normalize import (
    canonical_journal,
    fold,
    journal_key,
    name_key,
    normalize_arxiv,
    normalize_doi,
    normalize_title,
)
from citecheck.reading.combine import read_reference
from citecheck.reading.refparse import parse_reference

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "parsing"
FIELDS = ("authors", "title", "container-title", "volume", "pages", "year", "DOI", "arxiv")
_STOP = {"et", "al", "and", "others", "eds", "ed", "hrsg", "jr", "sr", "in", "by", "de"}
#: what a PDF's characters leave in GROBID's gold and the clean-up repairs — TeX's spacing accents
#: ("Derezi´nski"), loose combining marks, a quotation mark through a wrong code page ("âĂŹ") —
#: dropped on both sides (a copy: the scorer must not change with the code it scores; since 2026-12-05)
_PDF_CHARS_RE = re.compile(r"[´¨ˆ˜ˇ˚¸˘˙˝]|\s?[\u0300-\u036f]|âĂ.")


def pdf_chars_dropped(text: str) -> str:
    return _PDF_CHARS_RE.sub("", text)


def _vol(value: str | None) -> str | None:
    if not value:
        return None
    # AnyStyle's gold puts Vancouver "2009;108(2)" in the volume: the volume is after the year.
    value = re.sub(r"^\s*(?:1[6-9]|20)\d\d\s*[;:]\s*(?=\d)", "", value)
    m = re.search(r"[A-Za-z]?\d+[A-Za-z]?|[IVXLC]+\b", value)
    return m.group(0).lower() if m else fold(value).strip() or None


_ISSUE_AS_VOLUME_RE = re.compile(r"^\s*(?:n°|n\.|no\.?|nr\.?|№)\s*\d", re.I)


def _pages(value: str | None) -> str | None:
    if not value:
        return None
    nums = [n.lower() for n in re.findall(r"[A-Za-z]?\d+", value)[:2]]
    if len(nums) == 2 and nums[1][:1].isalpha() and nums[1][:1] == nums[0][:1]:
        nums[1] = nums[1][1:]  # "e119-e122" = "e119-122"
    if len(nums) == 2 and nums[1].isdigit() and nums[0][-len(nums[1]):].isdigit():
        # an abbreviated last page written out ("770-8" = "770-778"): the parser expands it
        first, last = nums[0], nums[1]
        digits = first.lstrip("abcdefghijklmnopqrstuvwxyz")
        if len(last) < len(digits) and int(digits[: len(digits) - len(last)] + last) > int(digits):
            nums[1] = digits[: len(digits) - len(last)] + last
    return "-".join(nums) or None


def _year(value: Any) -> str | None:
    if value is None:
        return None
    m = re.search(r"(1[5-9]\d\d|20\d\d)", str(value))
    return m.group(1) if m else None


def _mend(text: str) -> str:
    """A word broken at a PDF line end ("pol- icy", "mul-tilayered") is mended on both sides before
    comparing: the gold keeps the break, the clean-up pass rejoins it."""
    return re.sub(r"(?<=[^\W\d_])- ?(?=[a-z])", "", text)


_MARKUP_RE = re.compile(r"</?[a-z]+>")
_LEADING_IN_RE = re.compile(
    r"^\s*(?:(?:in|In|IN)\s*:?|(?:(?:Paper|Poster|Talk)\s+)?presented\s+at(?:\s+the)?)\s+", re.I
)


def _venue(text: str) -> str:
    """Gold conventions that are not part of the name: `<italic>` tags kept from the source, the
    "in" of "in Proceedings of X" or "Paper presented at" inside the container segment, quotes
    closing a title before it."""
    text = _LEADING_IN_RE.sub("", _MARKUP_RE.sub("", _mend(text)))
    return text.strip(" \t\"“”‘’'«»")


def _journal_eq(a: str, b: str) -> bool:
    a, b = _venue(a), _venue(b)
    ka, kb = journal_key(a), journal_key(b)
    if ka == kb:
        return True
    return canonical_journal(a) == canonical_journal(b)


_GLUED_PARTICLE_RE = re.compile(r"\b(de|van|von|der|den|da|di|du|del|della|le|la)(?=[A-Z][a-z])")
#: a family name glued by the PDF to the initial after it ("KlessenR .S .", "ThomasC .Marshall"): GROBID's
#: gold keeps the glue, the reading sets it apart
_GLUED_INITIAL_RE = re.compile(r"(?<=[^\W\d_A-Z]{2})([A-Z])(?![^\W\d_])")


def _name_words(text: str) -> set[str]:
    # Initials never count ("CK", "J.-P."), and a word broken at a line end ("Mur- phy", "Mi-nardi":
    # a name's part after a hyphen is capitalised) is mended on both sides, so only the delimitation
    # of the author block is measured.
    text = re.sub(r"(?<=\w)- ?(?=[a-z])", "", pdf_chars_dropped(text))
    # a particle glued to the family name it stands before is set apart, on both sides: PDF text glues them
    # ("L. deSouza", "A. G. deBruyn"), which the reading sets apart ("de Souza")
    text = _GLUED_PARTICLE_RE.sub(r"\1 ", text)
    text = _GLUED_INITIAL_RE.sub(r" \1", text)
    text = re.sub(r"\b[A-Z]{1,3}\b", " ", text)
    # names in scripts without case count as whole words ("行松泰弘", "이정명"; since 2026-12-04 evening:
    # before, a CJK author list could only be scored as wrong); `fold` decomposes Hangul syllables
    # into jamo (U+1100–U+11FF), which count too (since 2026-12-05: a Korean name had no gold words)
    return {w for w in re.findall(r"[a-z]{2,}|[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2,}", fold(text))
            if w not in _STOP}


def _and_set_apart(words: set[str], other: set[str]) -> set[str]:
    """A name word that is the other side's word with "and" glued to its end ("Gonzalez -Garciaand
    M .Maltoni" in GROBID's gold, "Garcia" in the reading), taken as that word. Only against the
    other side: "Ireland", "Holland" are names."""
    return {w[:-3] if w.endswith("and") and w not in other and w[:-3] in other else w for w in words}


def _pred_author_words(rec: Record) -> set[str]:
    words: set[str] = set()
    for n in rec.author + rec.editor:
        words |= _name_words(n.display())
    return words


def _ads_first_family(authors: str) -> str:
    """First author's family name from an ADS author string ("Chen, H., ..." or "R. Albert, ...")."""
    first = re.split(r";|\s+and\s+|&", authors)[0].strip()
    piece = first.split(",")[0]
    words = [w for w in piece.split() if not re.fullmatch(r"(?:[A-Z][a-z]?\.?-?)+", w)]
    return name_key(words[-1] if words else piece)


class Tally:
    def __init__(self) -> None:
        self.tp: dict[str, int] = defaultdict(int)
        self.fp: dict[str, int] = defaultdict(int)
        self.fn: dict[str, int] = defaultdict(int)
        self.errors: dict[str, list[tuple[str, Any, Any]]] = defaultdict(list)
        self.words = [0, 0, 0]  # author-word tp, predicted, gold

    def add(self, field: str, gold: Any, pred: Any, ok: bool, text: str) -> None:
        if gold is None and pred is None:
            return
        if ok and gold is not None and pred is not None:
            self.tp[field] += 1
            return
        if pred is not None:
            self.fp[field] += 1
        if gold is not None:
            self.fn[field] += 1
        self.errors[field].append((text, gold, pred))

    def row(self, field: str) -> tuple[float, float, float, int]:
        tp, fp, fn = self.tp[field], self.fp[field], self.fn[field]
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return p, r, f, tp + fn


def score(rec: Record, gold: dict[str, Any], tally: Tally, text: str, kind: str) -> None:
    # title
    g = gold.get("title")
    g = g[0] if isinstance(g, list) else g
    tally.add("title", g, rec.title,
              bool(g and rec.title and normalize_title(_mend(g)) == normalize_title(_mend(rec.title))), text)
    g = gold.get("container-title") if kind == "anystyle" else gold.get("journal")
    g = g[0] if isinstance(g, list) else g
    tally.add("container-title", g, rec.container_title,
              bool(g and rec.container_title and _journal_eq(g, rec.container_title)), text)
    gv = str(gold.get("volume") or "")
    g = _vol(gv)
    pv = rec.volume
    if pv is None and _ISSUE_AS_VOLUME_RE.match(gv):
        # AnyStyle labels the number of an issue-numbered magazine ("n°58", "No. 1254") as the
        # volume; the parser puts a number with that label in `issue` (as CSL does).
        pv = rec.issue
    tally.add("volume", g, _vol(pv), g is not None and g == _vol(pv), text)
    gp = gold.get("pages") or gold.get("page")
    if not gp and kind == "anystyle":
        # AnyStyle sometimes labels "137(3):322–331" as one volume segment: the range is the pages
        vm = re.search(r"[:,]\s*([A-Za-z]?\d+\s*[-–]\s*[A-Za-z]?\d+)\s*$", str(gold.get("volume") or ""))
        gp = vm.group(1) if vm else None
    g = _pages(gp)
    p = _pages(rec.page)
    tally.add("pages", g, p, g is not None and g == p, text)
    g = _year(gold.get("date") or gold.get("year"))
    p = str(rec.year) if rec.year else None
    tally.add("year", g, p, g is not None and g == p, text)
    g = normalize_doi(gold.get("doi")) if gold.get("doi") else None
    tally.add("DOI", g, rec.DOI, g is not None and g == rec.DOI, text)
    g = normalize_arxiv(gold.get("arxiv")) if gold.get("arxiv") else None
    tally.add("arxiv", g, rec.arxiv, g is not None and g == rec.arxiv, text)
    if kind == "anystyle":
        ga = gold.get("author")
        gw = _name_words(" ".join(ga)) if ga else set()
        if gw:  # "———." (same authors as above) has no words to compare
            pw = _pred_author_words(rec)
            gw, pw = _and_set_apart(gw, pw), _and_set_apart(pw, gw)
            tally.add("authors", sorted(gw), sorted(pw) or None, bool(pw) and gw == pw, text)
            tally.words[0] += len(gw & pw)
            tally.words[1] += len(pw)
            tally.words[2] += len(gw)
        elif rec.author:
            tally.add("authors", None, [n.display() for n in rec.author], False, text)
    else:
        ga = gold.get("authors")
        pf = name_key(rec.author[0].family or rec.author[0].literal) if rec.author else None
        if ga:
            gf = _ads_first_family(ga)
            tally.add("authors", gf, pf, gf == pf, text)


def load(path: Path, kind: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            item = json.loads(line)
            fields = item.get("fields") or {}
            if kind == "ads":
                fields = {k: v for k, v in fields.items() if k != "bibcode"}
                if not fields:
                    continue
            out.append((item["text"], fields))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--show", default=None, help="print errors for this field")
    ap.add_argument("--set", default=None, choices=["anystyle", "ads"])
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("--half", default=None, choices=["even", "odd"],
                    help="score only the references at even / odd positions of each file")
    ap.add_argument("--raw", action="store_true",
                    help="the rule parser alone on the string as given (before issue 13); default: "
                         "what the readers do (clean-up pass, rules, the labeller where wanted)")
    args = ap.parse_args(argv)
    if not args.data.is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    sets = {"anystyle": args.data / "anystyle-gold.jsonl", "ads": args.data / "ads-parsed-references.jsonl"}
    print("| set | field | precision | recall | F1 | n (gold) |")
    print("|---|---|---:|---:|---:|---:|")
    speeds = []
    for kind, path in sets.items():
        if args.set and kind != args.set:
            continue
        items = load(path, kind)
        if args.half:
            items = items[(0 if args.half == "even" else 1)::2]
        parse_reference(items[0][0])  # warm caches, compile
        t0 = time.perf_counter()
        parsed = [parse_reference(text) if args.raw else read_reference(text) for text, _ in items]
        dt = time.perf_counter() - t0
        speeds.append((kind, len(items), len(items) / dt))
        tally = Tally()
        for (text, gold), pr in zip(items, parsed, strict=True):
            score(pr.record, gold, tally, text, kind)
        for field in FIELDS:
            p, r, f, n = tally.row(field)
            if n:
                print(f"| {kind} | {field} | {p:.3f} | {r:.3f} | {f:.3f} | {n} |")
        if kind == "anystyle":
            tp, pn, gn = tally.words
            print(f"| {kind} | author words | {tp / max(pn, 1):.3f} | {tp / max(gn, 1):.3f} | "
                  f"{2 * tp / max(pn + gn, 1):.3f} | {gn} |")
        if args.show:
            for text, g, p in tally.errors[args.show][: args.limit]:
                print(f"\n  {text}\n    gold: {g}\n    pred: {p}", file=sys.stderr)
    print()
    for kind, n, rate in speeds:
        print(f"speed {kind}: {n} references, {rate:,.0f} refs/s (one core)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
