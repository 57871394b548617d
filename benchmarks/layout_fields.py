"""Field accuracy on physics reference layouts written from real records (no labelled set needed).

Real physics records of the embedded-corpus sources (../shared/data/corpus: journal, volume, page,
year, title, authors) are written in the layouts physics journals print — APS with and without the
title, Elsevier, JHEP/SciPost with the eprint in brackets, IOP author–year with and without the
title, AIP with the title in quotes, MNRAS/A&A author–year, EPJ/Springer, collaboration papers,
Nature and ACS with page ranges — optionally damaged the
way PDF extraction damages references (`perturb_robustness.damage`: no space after punctuation, a
space before it, glued or hyphen-broken title words, the title glued to the journal). Each string is
read by what the readers run (`reading.combine.read_reference`) and its title, journal, volume, first
page, year and first author's family are compared with what was written: a layout that omits the
title must give no title. Records are never the labelled test strings; this is development data for
layouts the labelled sets hold few of.

Usage: python benchmarks/layout_fields.py [--n 150] [--seed 7] [--damage none|nospace|spacebefore|glue|hyphen|tjglue|all]
       [--show LAYOUT:FIELD]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from perturb_robustness import damage  # noqa: E402
from style_sweep import abbrev  # noqa: E402

from citecheck.reading.combine import read_reference  # noqa: E402

CORPUS = ROOT.parent / "shared" / "data" / "corpus"
SOURCES = ("hyydiffxs-atlas-cms", "arxiv-browse", "bibliotex", "habanero-cassettes")
PHYSICS_RE = re.compile(r"Phys|Astro|Nucl|Cosmo|JHEP|High Energy|Quantum|Gravit|Instrum|Relativ|Optic|Monthly",
                        re.I)
FIELDS = ("title", "journal", "volume", "page", "year", "author")


def _letters(text: str | None) -> str:
    return re.sub(r"[\W_]+", "", (text or "").lower())


def _given(name: dict[str, str], dots: bool = True, space: bool = True) -> str:
    parts = re.split(r"[\s.-]+", name.get("given") or "")
    inits = [p[0].upper() + ("." if dots else "") for p in parts if p]
    return (" " if space else "").join(inits)


def _names(rec: dict[str, Any], form: str, rng: random.Random) -> str:
    people = rec["author"][:6]
    etal = len(rec["author"]) > 6 or (len(people) > 3 and rng.random() < 0.3)
    if etal:
        people = people[:1]
    if form == "given-first":
        names = [f"{_given(n, space=rng.random() < 0.5)} {n['family']}" for n in people]
    elif form == "iop":
        names = [f"{n['family']} {_given(n, dots=False)}" for n in people]
    else:  # "family, G." (A&A) or "family G." (MNRAS)
        sep = ", " if form == "aa" else " "
        names = [f"{n['family']}{sep}{_given(n)}" for n in people]
    if etal:
        return names[0] + (" et al" if form == "iop" else " et al.")
    if len(names) == 1:
        return names[0]
    joiner = {"given-first": ", and " if len(names) > 2 else " and ", "iop": " and ",
              "aa": ", & ", "mnras": ", "}[form]
    return ", ".join(names[:-1]) + joiner + names[-1]


#: layout → (name form, template); a template with {title} writes the title. {names} is the author
#: list, {j} {v} {p} {y} the journal, volume, first page and year, {pp} the page range where the record
#: has one, {eprint} " [arXiv:…]" where it has an id, {collab} a collaboration's head.
LAYOUTS: dict[str, tuple[str, str]] = {
    "aps": ("given-first", "{names}, {j} {v}, {p} ({y})."),
    "aps-title": ("given-first", "{names}, {title}, {j} {v}, {p} ({y})."),
    "elsevier": ("given-first", "{names}, {j} {v} ({y}) {p}."),
    "jhep": ("given-first", "{names}, {title}, {j} {v} ({y}) {p}{eprint}."),
    "iop": ("iop", "{names} {y} {j} {v} {p}"),
    "iop-title": ("iop", "{names} {y} {title} {j} {v} {p}"),
    "aip": ("given-first", "{names}, \u201c{title},\u201d {j} {v}, {p} ({y})."),
    "mnras": ("mnras", "{names}, {y}, {j}, {v}, {p}"),
    "aa": ("aa", "{names} {y}, {j}, {v}, {p}"),
    "epj": ("given-first", "{names}, {title}. {j} {v}, {p} ({y})"),
    "collab": ("collab", "{collab}, {j} {v}, {p} ({y})."),
    "nature": ("nature", "{names} {title}. {j} {v}, {pp} ({y})."),
    "acs": ("acs", "{names} {title}. {j} {y}, {v}, {pp}."),
}
_COLLABS = ["ATLAS", "CMS", "LHCb", "ALICE", "Belle", "BaBar", "IceCube", "LIGO Scientific"]


def _collab_head(r: dict[str, Any], g: random.Random) -> str:
    name = g.choice(_COLLABS)
    first = f"{_given(r['author'][0])} {r['author'][0]['family']}"
    return g.choice([f"{first} et al. ({name} Collaboration)", f"{name} Collaboration, {first} et al.",
                     f"{name} Collaboration"])


def write(layout: str, r: dict[str, Any], g: random.Random) -> tuple[str, bool]:
    """The record in the layout, and whether the title is part of what was written."""
    form, template = LAYOUTS[layout]
    fields = {"j": r["_j"], "v": r["_v"], "p": r["_p"], "y": r["_y"], "pp": r["_pp"] or r["_p"],
              "title": r["title"], "eprint": f" [arXiv:{r['_ax']}]" if r.get("_ax") else "", "names": "",
              "collab": ""}
    if form == "collab":
        fields["collab"] = _collab_head(r, g)
    elif form == "nature":
        fields["names"] = _names(r, "aa", g).replace(", &", " &")
    elif form == "acs":
        fields["names"] = _names(r, "aa", g).replace(", &", ";").replace(".,", ".;")
    else:
        fields["names"] = _names(r, form, g)
    return template.format(**fields), "{title}" in template


def _usable(r: dict[str, Any]) -> bool:
    j = r.get("container-title")
    j = j[0] if isinstance(j, list) and j else j
    title = r.get("title") or ""
    return bool(isinstance(j, str) and PHYSICS_RE.search(j) and r.get("volume") and r.get("page")
                and r.get("author") and all(n.get("family") and n.get("given") for n in r["author"])
                and 15 < len(title) < 250 and not re.search(r"[$<>\\{}^_]", title)
                and str(r.get("volume")).isdigit() and (r.get("issued") or {}).get("date-parts"))


def load(n: int, rng: random.Random) -> list[dict[str, Any]]:
    recs: list[dict[str, Any]] = []
    for name in SOURCES:
        path = CORPUS / f"{name}.jsonl.gz"
        if path.exists():
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                recs += [r for r in map(json.loads, fh) if _usable(r)]
    rng.shuffle(recs)
    for r in recs:
        j = r["container-title"]
        j = j[0] if isinstance(j, list) else j
        r["_j"] = r.get("container-title-short") or abbrev(j)
        r["_v"] = str(r["volume"])
        r["_p"] = str(r["page"]).split("-")[0].split("\u2013")[0]
        pages = str(r["page"]).replace("\u2013", "-")
        r["_pp"] = pages.replace("-", "\u2013") if re.fullmatch(r"\d+-\d+", pages) else None
        r["_y"] = str(r["issued"]["date-parts"][0][0])
        r["_ax"] = (r.get("custom") or {}).get("arxiv")
    return recs[:n]


def corpus_records(n: int, seed: int) -> tuple[list[dict[str, Any]], random.Random] | None:
    """``n`` usable records and the seeded generator that shuffled them (the writers draw from it too);
    None, said on stderr, where ../shared/data/corpus is missing."""
    if not CORPUS.is_dir():
        print(f"corpus not found: {CORPUS} (../shared/data/corpus)", file=sys.stderr)
        return None
    rng = random.Random(seed)
    return load(n, rng), rng


def _read(text: str) -> dict[str, str]:
    rec = read_reference(text).record
    return {"title": _letters(rec.title), "journal": _letters(rec.container_title), "volume": rec.volume or "",
            "page": (rec.first_page or ""), "year": str(rec.year or ""),
            "author": _letters(next((a.family for a in rec.author if a.family), ""))}


def _gold(r: dict[str, Any], with_title: bool) -> dict[str, str]:
    return {"title": _letters(r["title"]) if with_title else "", "journal": _letters(r["_j"]), "volume": r["_v"],
            "page": r["_p"], "year": r["_y"], "author": _letters(r["author"][0]["family"])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=150, help="records written in each layout")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--damage", default="none")
    ap.add_argument("--show", default=None, help="LAYOUT:FIELD — print the misread strings")
    args = ap.parse_args(argv)
    if (got := corpus_records(args.n, args.seed)) is None:
        return 2
    recs, rng = got
    print(f"| layout (damage: {args.damage}) | n | " + " | ".join(FIELDS) + " |")
    print("|---|---:|" + "---:|" * len(FIELDS))
    totals: Counter[str] = Counter()
    for lname in LAYOUTS:
        right: Counter[str] = Counter()
        for r in recs:
            text, with_title = write(lname, r, rng)
            if args.damage != "none":
                text = damage(text, r["title"] if with_title else None, args.damage, rng, r["_j"])
            got, gold = _read(text), _gold(r, with_title)
            if gold["author"] not in _letters(text):
                gold["author"] = ""  # a collaboration only: no person named
            for f in FIELDS:
                ok = got[f] == gold[f]
                right[f] += ok
                if not ok and args.show == f"{lname}:{f}":
                    print(f"  {text}\n    gold: {gold[f]!r}\n    read: {got[f]!r}")
        totals.update({f: right[f] for f in FIELDS})
        print(f"| {lname} | {len(recs)} | " + " | ".join(f"{right[f] / len(recs):.3f}" for f in FIELDS) + " |")
    n_all = len(recs) * len(LAYOUTS)
    print(f"| all | {n_all} | " + " | ".join(f"{totals[f] / n_all:.3f}" for f in FIELDS) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
