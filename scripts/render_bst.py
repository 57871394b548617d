"""Render corpus records through BibTeX styles (.bst) into labelled training references (gzip JSONL).

    .venv/bin/python scripts/render_bst.py [--records 10000] [--styles-per-record 3] [--seed 0]

Physicists' reference lists come out of BibTeX styles (REVTeX's apsrev, elsarticle-num, iopart-num,
naturemag, mnras, unsrt, plain, …), not CSL. This samples records from ../shared/data/corpus (as
scripts/render_training.py does, weighted towards the physics shapes: arXiv ids, DOIs, collaborations,
short journal names), writes each as a BibTeX entry the way INSPIRE does (the short journal form
often, eprint/archivePrefix/primaryClass, "and others"), runs the entries through many styles with
pybtex's BibTeX interpreter, decodes each ``.bbl`` item with the project's LaTeX decoder and labels
every token by construction (citecheck.bench.bst_render: sentinels in the field values, the author
list by position). Every row is checked: the segments joined give the decoded text, and each marked
field reads back as the value written (pages may be cut to the first page); rows that fail are
dropped and counted in the manifest. The measured fraction of rows gets PDF damage
(citecheck.bench.pdf_damage), as in render_training.py. Rows go to build/rendered-bst/rendered.jsonl.gz
in render_training.py's format (`citecheck.bench.parsing_data.load_rendered` reads them; the style is
"bst-<name>", so `train_labeller.rendered_split` holds out whole styles) with manifest.json and
NOTICE.txt beside it. Deterministic for a given --seed.

Tools (development only, never in the core install):
- pybtex (MIT; the ``dev`` extra) interprets the styles; a style it cannot run is skipped and counted;
- the .bst files come from Debian's TeX Live packages, downloaded and unpacked under build/ (not
  installed): ``apt-get download texlive-base texlive-bibtex-extra texlive-publishers
  texlive-latex-base texlive-latex-recommended`` then ``dpkg-deb -x <deb> build/texlive-deb/<package>``
  for each; `--fetch` runs exactly that. Only styles whose header states a free licence (LPPL, public
  domain, or the BibTeX standard styles' copy-unmodified terms) are used; STYLES lists them and
  NOTICE.txt records each file's package, path and licence.

Size and time: the default, 10,000 records × 3 styles, gives 29,557 references from 43 styles (of 30,000
renderings: 271 refused because the author list was not first — "\bysame" dashes, 172 entries a style
printed nothing for, 147 records that cannot be written as BibTeX text; none failed the read-back), a quarter
damaged, in 86 CPU-seconds on one core of the shared development machine. Split by style: 22,587 train,
3,425 validation (IEEEtranN, aipnum4-1, aomalpha, rsc, unsrtnat), 3,545 test. The gzip file is the same
bytes every run (md5 b07f584f…).

What it does for the labeller (benchmarks/labeller_ablation.py --sources both,both+bst; validation only):
fitted with the shipped data, the labeller alone reads better almost everywhere — GROBID physics validation
title .925 → .928, pages .943 → .953, year .963 → .973; the BibTeX-printed physics reference lists of
bench-out/bbl-physics.jsonl.gz (a validation set) title .917 → .940, pages .946 → .969 — but the combined
reading (rules, labeller and the arbiter refitted for it) does not: GROBID physics validation title
.966 → .959 (one reference), bbl-physics-hep volume .957 → .948. Not in the shipped model.

Licences: the output derives from the corpus records (paperscape: ODbL-1.0, share-alike; see
render_training.LICENCE) and from running the styles (LPPL-1.3c / public domain / Patashnik's
terms); it is git-ignored and never packaged.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import render_training as rt  # noqa: E402

from citecheck.bench import bst_render, pdf_damage  # noqa: E402
from citecheck.bench.parsing_data import LabelledReference, split_of  # noqa: E402
from citecheck.latex_text import latex_to_text  # noqa: E402
from citecheck.venues import canonical_journal  # noqa: E402

DEB_ROOT = ROOT / "build" / "texlive-deb"
PACKAGES = ("texlive-base", "texlive-bibtex-extra", "texlive-publishers", "texlive-latex-base",
            "texlive-latex-recommended")
BST_DIR = "usr/share/texlive/texmf-dist/bibtex/bst"
#: the styles used: physics publishers first, then the common general ones (all print a plain
#: \bibitem list; harvard's \harvarditem styles and non-English styles are left out)
STYLES = (
    "apsrev4-2", "apsrev4-1", "apsrev", "apsrmp4-2", "aipnum4-2", "aipnum4-1", "aipauth4-2",
    "aapmrev4-2", "elsarticle-num", "elsarticle-num-names", "elsarticle-harv", "cas-model2-names",
    "iopart-num", "naturemag", "mnras", "plain", "unsrt", "abbrv", "alpha", "ieeetr", "siam", "acm",
    "apalike", "plainnat", "unsrtnat", "abbrvnat", "amsplain", "amsalpha", "IEEEtran", "IEEEtranN",
    "splncs04", "ACM-Reference-Format", "plainurl", "unsrturl", "abbrvurl", "vancouver", "pnas2009",
    "cell", "JAmChemSoc", "rsc", "aomplain", "aomalpha", "achemso", "jneurosci", "agu04", "ametsoc2014",
)
#: the printed short forms of journals that INSPIRE's BibTeX uses; which journal each names (its full
#: title, other abbreviations) is the venue table's: `venues.canonical_journal`
INSPIRE_FORMS = (
    "Phys. Rev. Lett.", "Phys. Rev. D", "Phys. Rev. C", "Phys. Rev. B", "Phys. Rev. A", "Phys. Rev. E",
    "Phys. Rev. X", "Phys. Rev.", "JHEP", "Nucl. Phys. B", "Nucl. Phys. A", "Phys. Lett. B", "Phys. Lett. A",
    "Eur. Phys. J. C", "Astrophys. J.", "Astrophys. J. Lett.", "Astrophys. J. Suppl.", "Mon. Not. Roy. Astron. Soc.",
    "JCAP", "Astron. Astrophys.", "Class. Quant. Grav.", "Commun. Math. Phys.", "J. Math. Phys.", "Annals Phys.",
    "Rev. Mod. Phys.", "Phys. Rept.", "Mod. Phys. Lett. A", "Int. J. Mod. Phys. A", "Int. J. Mod. Phys. D",
    "Prog. Theor. Phys.", "PTEP", "J. Phys. A", "J. Phys. G", "New J. Phys.", "Fortsch. Phys.", "Chin. Phys. C",
    "JINST", "Astropart. Phys.", "SciPost Phys.", "Nucl. Instrum. Meth. A", "Comput. Phys. Commun.",
    "Gen. Rel. Grav.", "Living Rev. Rel.", "Ann. Rev. Nucl. Part. Sci.", "Nature Phys.", "Phys. Rev. Res.",
    "J. Stat. Mech.",
)


@cache
def _inspire_forms() -> dict[str, str]:
    return {canonical_journal(form): form for form in INSPIRE_FORMS}


def inspire_form(journal: str) -> str | None:
    """INSPIRE's printed short form of ``journal`` (a full title or another abbreviation of it), if it has one."""
    return _inspire_forms().get(canonical_journal(journal)) if journal else None
LICENCE = {
    **{k: v for k, v in rt.LICENCE.items() if k != "styles"},
    "styles": "BibTeX styles from Debian's TeX Live packages (each file, its package and the licence"
              " its header states are listed below); the rows are the output of running them on"
              " the corpus records, used for training only.",
    "tools": "pybtex (MIT) interprets the styles; it is a development dependency.",
}
_LICENCE_PATTERNS = [
    ("LPPL", re.compile(r"LaTeX Project Public Licen[cs]e|\bLPPL\b|lppl\.txt", re.I)),
    ("public domain", re.compile(r"public domain", re.I)),
    ("BibTeX standard-style terms (unlimited copying of the unmodified file; modified copies renamed)",
     re.compile(r"Unlimited copying and redistribution of this file are permitted|Copying of this file"
                r" is authorized only if", re.I)),
]
COLLABORATION_SHARE = 0.1  # records whose author is a collaboration ("ATLAS Collaboration")
PROTECTED_TITLE_SHARE = 0.5  # titles in double braces, as INSPIRE writes them (the case kept)
NUMBER_SHARE = 0.5  # rows given a printed list number ("[12]", "12.") as LaTeX typesets one


def fetch(deb_root: Path) -> None:
    """Download Debian's TeX Live packages that hold the styles and unpack each under ``deb_root``."""
    deb_root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", "download", *PACKAGES], cwd=deb_root, check=True)
    for deb in sorted(deb_root.glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(deb_root / deb.name.split("_")[0])], check=True)


def find_styles(deb_root: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """(usable, refused): each style of STYLES found under ``deb_root`` with its package, path and
    licence; refused ones are missing or state no free licence in their header."""
    found: dict[str, dict[str, str]] = {}
    for package in PACKAGES:
        for path in sorted((deb_root / package / BST_DIR).glob("*/*.bst")):
            found.setdefault(path.stem, {"style": path.stem, "package": package,
                                         "path": str(path.relative_to(deb_root / package)),
                                         "file": str(path)})
    usable, refused = [], []
    for name in STYLES:
        info = found.get(name)
        if info is None:
            refused.append({"style": name, "reason": "not found"})
            continue
        head = Path(info["file"]).read_text(encoding="latin-1")[:12000]
        # every statement the header makes ("cell": public-domain changes to Patashnik's apalike)
        licence = " + ".join(lic for lic, pattern in _LICENCE_PATTERNS if pattern.search(head))
        if not licence:
            refused.append({**info, "reason": "no licence statement in the header"})
        else:
            usable.append({**info, "licence": licence})
    return usable, refused


def physics_weight(record: dict[str, Any]) -> float:
    """The sampling weight: the record's type weight, more for the physics shapes."""
    custom = record.get("custom") or {}
    weight = rt.TYPE_WEIGHT.get(record.get("type", ""), 2.0)
    if custom.get("arxiv"):
        weight *= 2
    if record.get("DOI"):
        weight *= 1.5
    if record.get("container-title-short") or inspire_form(str(record.get("container-title") or "")):
        weight *= 2
    return weight


def collaboration(record: dict[str, Any]) -> bool:
    return any("collaboration" in str(n.get("literal", "")).lower() for n in record.get("author") or [])


def sample(corpus: list[tuple[str, dict[str, Any]]], n: int, paperscape_share: float,
           rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """``n`` records without replacement (weighted reservoir keys u^(1/w)), paperscape and the
    collaborations' papers (ATLAS and CMS, thousands in the corpus) held to their shares."""
    def pick(pool: list[tuple[str, dict[str, Any]]], k: int) -> list[tuple[str, dict[str, Any]]]:
        keyed = [(rng.random() ** (1 / physics_weight(r)), i) for i, (_, r) in enumerate(pool)]
        return [pool[i] for _, i in sorted(keyed, reverse=True)[:k]]

    ps = [x for x in corpus if x[0].startswith("paperscape")]
    collab = [x for x in corpus if not x[0].startswith("paperscape") and collaboration(x[1])]
    other = [x for x in corpus if not x[0].startswith("paperscape") and not collaboration(x[1])]
    k_ps = min(len(ps), int(n * paperscape_share))
    k_co = min(len(collab), int(n * COLLABORATION_SHARE))
    return pick(other, n - k_ps - k_co) + pick(collab, k_co) + pick(ps, k_ps)


def _journal(record: dict[str, Any], rng: random.Random) -> str | None:
    full = str(record.get("container-title") or "")
    short = inspire_form(full) or record.get("container-title-short")
    if short and rng.random() < 0.75:
        return str(short)
    return full or None


def fields_of(record: dict[str, Any], custom: dict[str, Any], rng: random.Random
              ) -> tuple[dict[str, str], str | None]:
    """(BibTeX field → plain value, entry type or None for the record type's) as INSPIRE or a
    hand-kept .bib would hold them; optional fields are kept at random."""
    rtype = record.get("type", "")
    f: dict[str, str] = {}
    if record.get("title"):
        f["title"] = str(record["title"])
    container = _journal(record, rng) if rtype == "article-journal" else record.get("container-title")
    if container:
        f["journal" if rtype in ("article-journal", "article") else "booktitle"] = str(container)
    for key, field, share in (("volume", "volume", 1.0), ("issue", "number", 0.4),
                              ("collection-title", "series", 0.5), ("edition", "edition", 0.5)):
        if record.get(key) and rng.random() < share:
            f[field] = str(record[key])
    if record.get("page"):
        f["pages"] = str(record["page"]).replace("–", "-").replace("-", "--", 1) \
            if rng.random() < 0.8 else str(record["page"]).split("-")[0]
    if rtype in ("book", "chapter", "paper-conference") and record.get("publisher"):
        f["publisher"] = str(record["publisher"])
        if record.get("publisher-place") and rng.random() < 0.7:
            f["address"] = str(record["publisher-place"])
    if rtype == "thesis" and record.get("publisher"):
        f["school"] = str(record["publisher"])
    if rtype == "report":
        if record.get("publisher"):
            f["institution"] = str(record["publisher"])
        if record.get("number"):
            f["number"] = str(record["number"])
    year = ((record.get("issued") or {}).get("date-parts") or [[None]])[0][0]
    if year:
        f["year"] = str(year)
    if record.get("DOI") and rng.random() < 0.6 and not str(record["DOI"]).lower().startswith("10.48550"):
        f["doi"] = str(record["DOI"])
    arxiv = custom.get("arxiv")
    if arxiv and (rtype == "article" or rng.random() < 0.7):
        f["eprint"] = str(arxiv)
        f["archiveprefix"] = "arXiv"
        cats = custom.get("categories") or []
        if cats and "/" not in str(arxiv):
            f["primaryclass"] = str(cats[0])
    elif record.get("URL") and rng.random() < 0.15 and "eprint" not in f:
        f["url"] = str(record["URL"])
    entry_type = None
    if rtype == "article" and "journal" not in f:
        entry_type = "article" if "eprint" in f and rng.random() < 0.6 else "misc"
    return f, entry_type


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", bst_render._fold(text))


def fidelity(values: dict[str, str], fields: dict[str, str]) -> str | None:
    """The first marked field whose read-back text differs from the value written (None: all
    equal): compared folded, without punctuation; pages and editions may be cut short, a page
    range's last page to its last digits."""
    for code, got in values.items():
        field = bst_render.CODES[code][0]
        want = fields.get(field)
        if want is None:
            return field
        g = _norm(got)
        w = _norm(latex_to_text(bst_render.bib_value(want) or ""))
        if g != w and not (code in "PW" and g and w.startswith(g)) and not (code == "P" and _short_range(got, want)):
            return field
    return None


def _short_range(got: str, want: str) -> bool:
    """A page range printed short: "4407-28" for 4407--4428 (Vancouver)."""
    g, w = re.findall(r"\d+", got), re.findall(r"\d+", want)
    return len(g) == len(w) == 2 and g[0] == w[0] and w[1].endswith(g[1])


Job = tuple[str, dict[str, Any], dict[str, str], str | None, bool, frozenset[str]]


def render_style(style: dict[str, str], jobs: list[Job], stats: Counter[str]) -> dict[str, str]:
    """Run one style on its entries: the .bbl item body by key ({} if the style fails outright)."""
    with tempfile.TemporaryDirectory() as tmp:
        bib = Path(tmp) / "refs.bib"
        entries = {}
        for key, record, fields, etype, others, protect in jobs:
            entry = bst_render.bib_entry(record, key, fields, etype, others, protect=protect)
            if entry is None:
                stats["unwritable"] += 1
                continue
            entries[key] = entry
        bib.write_text("".join(entries.values()), encoding="utf-8")
        try:
            return bst_render.bbl_items(bst_render.run_bst(Path(style["file"]), bib, list(entries)))
        except Exception as e:  # pybtex cannot run this style on these entries
            stats[f"style_error:{type(e).__name__}"] += 1
            out: dict[str, str] = {}
            for key, entry in list(entries.items())[:20]:  # one by one, to tell the style from an entry
                bib.write_text(entry, encoding="utf-8")
                try:
                    out |= bst_render.bbl_items(bst_render.run_bst(Path(style["file"]), bib, [key]))
                except Exception:
                    stats["entry_error"] += 1
            if not out:
                stats["styles_failed"] += 1
                raise RuntimeError(f"{style['style']}: {e!r}") from e
            return out


def render_all(args: argparse.Namespace, styles: list[dict[str, str]]
               ) -> tuple[list[dict[str, Any]], Counter[str], list[dict[str, str]], list[dict[str, str]]]:
    rng = random.Random(args.seed)
    corpus = rt.load_corpus(args.no_paperscape)
    records = sample(corpus, args.records, args.paperscape_share, rng)
    stats: Counter[str] = Counter()
    per_style: dict[str, list[Job]] = {s["style"]: [] for s in styles}
    meta: dict[str, tuple[str, dict[str, Any], dict[str, str]]] = {}
    for n, (source, record) in enumerate(records):
        custom = record.get("custom") or {}
        rec = rt.prepare(record, rng)
        if rec.get("type") == "article":
            rec.pop("number", None)  # prepare's "arXiv:…" number: the eprint field carries it here
        for style in rng.sample(styles, min(args.styles_per_record, len(styles))):
            fields, etype = fields_of(rec, custom, rng)
            others = len(rec.get("author") or []) > 5 and rng.random() < 0.6
            cut = {**rec, "author": rec["author"][: rng.choice((1, 1, 2, 3))]} if others else rec
            key = f"r{n}x{len(meta)}"
            protect = frozenset({"title"}) if rng.random() < PROTECTED_TITLE_SHARE else frozenset()
            per_style[style["style"]].append((key, cut, fields, etype, others, protect))
            meta[key] = (source, record, fields)
            stats["attempted"] += 1
    rows: list[dict[str, Any]] = []
    failures: list[dict[str, str]] = []
    mismatches: list[dict[str, str]] = []
    rates = pdf_damage.MEASURED
    for style in styles:
        name = style["style"]
        jobs = per_style[name]
        try:
            items = render_style(style, jobs, stats)
        except RuntimeError as e:
            failures.append({"style": name, "error": str(e)[:300]})
            continue
        for key, rec, fields, *_ in jobs:
            body = items.get(key)
            if body is None:
                stats["no_item"] += 1
                continue
            source, record, _ = meta[key]
            try:
                decoded = bst_render.decode_item(body)
                segs, spaced, values = bst_render.label_item(decoded, bst_render.first_family(rec))
            except bst_render.LabelError as e:
                stats[f"refused:{e}"[:60]] += 1
                if len(failures) < 60:
                    failures.append({"style": name, "error": str(e), "text": bst_render.decode_item(body)[:300]})
                continue
            wrong = fidelity(values, fields)
            joined = LabelledReference("", "", "rendered", segs, spaced=spaced).text
            if wrong or "QZ" in joined or re.sub(r"\s", "", joined) != re.sub(r"\s|QZ[A-Z][ABEF]", "", decoded):
                stats[f"fidelity_dropped:{wrong or 'text'}"] += 1
                if len(mismatches) < 40:
                    mismatches.append({"style": name, "field": wrong or "text", "text": joined[:300],
                                       "value": fields.get(wrong or "", "")[:200]})
                continue
            if rng.random() < NUMBER_SHARE:
                n = rng.randint(1, 150)
                segs, spaced = [("other", f"[{n}]" if rng.random() < 0.7 else f"{n}."), *segs], [False, True, *spaced[1:]]
            rid = str(record.get("id"))
            ref = LabelledReference(f"rendered:bst-{name}:{source}:{rid}", f"bst-{name}/{source}:{rid}", "rendered",
                                    segs, {"style": f"bst-{name}"}, spaced=spaced)
            damaged = rng.random() < rates.damaged * args.damage_scale
            if damaged:
                ref = pdf_damage.damage(ref, rng, rates)
            rows.append(rt.row_of(ref, source.split("-")[0], rec.get("type", ""), damaged))
            stats["rendered"] += 1
    return rows, stats, failures, mismatches


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--records", type=int, default=10000)
    ap.add_argument("--styles-per-record", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--paperscape-share", type=float, default=0.3)
    ap.add_argument("--no-paperscape", action="store_true")
    ap.add_argument("--damage-scale", type=float, default=1.0)
    ap.add_argument("--deb-root", type=Path, default=DEB_ROOT)
    ap.add_argument("--fetch", action="store_true", help="download and unpack the TeX Live packages first")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "rendered-bst" / "rendered.jsonl.gz")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.fetch:
        fetch(args.deb_root)
    styles, refused = find_styles(args.deb_root)
    if not styles:
        print(f"no styles under {args.deb_root}: run with --fetch (see the docstring)", file=sys.stderr)
        return 2
    try:
        import pybtex  # noqa: F401
    except ImportError:
        print("pybtex is not installed: pip install -e '.[dev]'", file=sys.stderr)
        return 2
    t0, cpu0 = time.perf_counter(), time.process_time()
    rows, stats, failures, mismatches = render_all(args, styles)
    seconds = {"render": round(time.perf_counter() - t0, 1), "render_cpu": round(time.process_time() - cpu0, 1)}
    by_style = Counter(r["style"] for r in rows)
    manifest = {
        "seed": args.seed, "records": args.records, "styles_per_record": args.styles_per_record,
        "rows": len(rows), "stats": dict(sorted(stats.items())),
        "dropped_rate": round(1 - stats["rendered"] / max(stats["attempted"], 1), 4),
        "damaged_rows": sum(r["damaged"] for r in rows), "seconds": seconds,
        "sources": dict(Counter(r["source"] for r in rows)), "types": dict(Counter(r["type"] for r in rows)),
        "splits": dict(Counter(split_of("rendered-style", r["style"]) for r in rows)),
        "rows_by_style": dict(sorted(by_style.items())),
        "styles": [{k: v for k, v in s.items() if k != "file"} for s in styles],
        "styles_refused": [{k: v for k, v in s.items() if k != "file"} for s in refused],
        "failures": failures, "fidelity_mismatches": mismatches, "licence": LICENCE,
    }
    out = args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:  # the same bytes each run
        gz.write("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8"))
    out.with_name("manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    out.with_name("NOTICE.txt").write_text(
        "Reference strings rendered by BibTeX styles, for training only; never packaged.\n\n"
        + "\n\n".join(f"{k}: {v}" for k, v in LICENCE.items())
        + "\n\nStyles used (Debian package, path in it, licence stated in the file's header):\n"
        + "".join(f"- {s['style']}.bst: {s['package']} {s['path']} — {s['licence']}\n" for s in styles)
        + "\nStyles left out:\n" + "".join(f"- {s['style']}: {s['reason']}\n" for s in refused))
    print(json.dumps({k: v for k, v in manifest.items()
                      if k not in ("styles", "styles_refused", "licence", "failures", "fidelity_mismatches")},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
