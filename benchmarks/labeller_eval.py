"""Field F1 of the rule parser, the learned labeller and their combination on held-out references.

Sets (the *test* split of `citecheck.bench.parsing_data.split_of` only — never trained or tuned on):
- grobid: GROBID's PDF-extracted references (../shared/data/parsing/grobid-train, test files);
- grobid-physics: the physics-like part of it (gold journal looks like a physics/astronomy venue);
- anystyle: AnyStyle's gold set, test split;
- umass, umass-physics: the UMass Citation Field Extraction set (references cut from arXiv PDFs; no
  licence, so fetched and converted by scripts/fetch_umass.py into bench-out/umass-citation.jsonl.gz),
  all three of its files, and the part whose gold journal looks like a physics venue (as
  grobid-physics). Nothing here was fitted or tuned on it: a held-out test, scored on aggregate only
  (`--show` prints none of its errors). Pages are scored by the first page, as for GROBID;
- grobid-eval: GROBID's two CERN physics evaluation files (arXiv papers, INSPIRE-HEP journal articles),
  withheld from ../shared's copy of the corpus; fetched and converted by scripts/fetch_grobid_eval.py into
  bench-out/grobid-eval.jsonl.gz, each reference with its source paper. Held out as umass is.
- bbl-physics, bbl-physics-hep (and -damaged of both): a *validation* set, not a test (check changes on
  it, fit nothing to it): 50 physics papers' reference lists as their BibTeX styles printed them,
  labelled by aligning each .bbl with its .bib (scripts/build_bbl_set.py → bench-out/bbl-physics.jsonl.gz;
  benchmarks/data/bbl-physics/README.md); -hep: the particle/nuclear-physics papers; -damaged: the same
  references with PDF-extraction damage. Pages by the first page, as for GROBID.

Readers compared:
- rules-raw: `parse_reference` on the string as given (the parser before issue 13);
- rules: `parse_reference(clean_pdf_text(text))` (what the readers do now);
- labeller: `read_labelled(text)` (the CRF alone);
- combined: `combine(rules, labeller)` (reading/combine.py: what the checker's first reading is).

Scoring is benchmarks/parser_accuracy.py's (`score`), except the title: equal when its letters and digits
are (GROBID's gold keeps the PDF's glued and broken words, which the clean-up repairs; TeX's spacing accents
and "âĂŹ"-like code-page debris are dropped on both sides: `parser_accuracy.pdf_chars_dropped`); journal by key or canonical name, volume, first+last page, year, authors as
a bag of name words (a collaboration GROBID tags as <orgName type="collaboration"> counts as the
authors: since 13c; a gold "andM ." reads "and M ."); pages: GROBID's gold is the first page, so the first page only there. GROBID's gold is mapped onto AnyStyle's keys (authors → author, page → pages,
year → date).

`--ci`: each F1 with its 95 % percentile bootstrap interval (1,000 rounds, seed 0), resampling whole
source documents (a GROBID TEI file; a grobid-eval paper; an AnyStyle or UMass reference, which
name no document), and a
table of how many gold values each field has.

`--model PATH`: read with that labeller model (and the journal lexicon written beside it, if there)
instead of the shipped one: a candidate from `scripts/train_labeller.py --out`, compared on `--validation`;
`--arbiter PATH`: with the arbiter weights fitted for it (`scripts/fit_arbiter.py --model PATH --out FILE
--no-confidence`), so that the combined reading is the one the candidate would ship with.

Usage: python benchmarks/labeller_eval.py [--data ../shared/data/parsing] [--validation | --train]
       [--set grobid-physics] [--reader rules] [--show FIELD] [--ci] [--umass FILE] [--model PATH]
       [--arbiter FILE]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parser_accuracy import FIELDS, Tally, pdf_chars_dropped, score

from citecheck.bench.bbl_align import load_bbl_set
from citecheck.bench.metrics import bootstrap_f1
from citecheck.bench.parsing_data import (
    LabelledReference,
    load_anystyle,
    load_grobid,
    load_grobid_eval,
    load_umass,
)
from citecheck.model import Record
from citecheck.normalize import fold
from citecheck.reading.combine import read_reference
from citecheck.reading.labeller import read_labelled
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference

ROOT = Path(__file__).resolve().parents[1]
_PHYSICS_RE = re.compile(
    r"\bPhys|Physics|Astro|Astron|\bApJ|MNRAS|JHEP|JCAP|Nucl|Nuovo|Quantum|Grav|Relat|Instrum|Opt\b|Optic|"
    r"Plasma|Fusion|Lett\b|Rev\. Mod|A&A|Sci\. Rep|Nature|Science|JINST|PoS|Annalen|Z\. Phys|Eur\. Phys|"
    r"Chem\. Phys|Mater|Condens|Supercond|Laser|Photon", re.I)
FIELDS_SHOWN = [f for f in FIELDS if f not in ("DOI", "arxiv")]
UMASS = ROOT / "bench-out" / "umass-citation.jsonl.gz"
GROBID_EVAL = ROOT / "bench-out" / "grobid-eval.jsonl.gz"
BBL_PHYSICS = ROOT / "bench-out" / "bbl-physics.jsonl.gz"
HELD_OUT = ("umass", "umass-physics", "grobid-eval")  # scored on aggregate only: no --show
_FIRST_PAGE_RE = re.compile(r"[A-Za-z]?\d+")


def gold_of(ref: LabelledReference) -> dict[str, Any]:
    if ref.corpus == "anystyle":
        return ref.gold
    if ref.corpus == "umass":  # AnyStyle's keys; the series letter as for GROBID
        return _series(dict(ref.gold))
    g = ref.gold
    out: dict[str, Any] = {}
    if g.get("authors"):
        # GROBID's gold keeps the PDF's "andM .Spannowsky": its name words would hold "andm"
        out["author"] = [_GLUED_AND_RE.sub(r"\1 ", g["authors"]), *_groups_beside(ref, g["authors"])]
    elif collaboration := [text for label, text in ref.segments if label == "author"]:
        # GROBID tags "ATLAS Collaboration" as <orgName type="collaboration"> and its gold lists no
        # author; the checker (and CSL) read the collaboration as the author: score it as one
        out["author"] = [", ".join(collaboration)]
    for src, dst in (("title", "title"), ("container-title", "container-title"), ("volume", "volume"),
                     ("page", "pages"), ("year", "date"), ("doi", "doi"), ("arxiv", "arxiv")):
        if g.get(src):
            out[dst] = g[src]
    return _series(out)



_GROUP_RE = re.compile(r"collab|\bgroup\b|consortium", re.I)
_COLLAB_ABBR_RE = re.compile(r"\b[Cc]ollab\b\.?")


def _groups_beside(ref: LabelledReference, persons: str) -> list[str]:
    """A collaboration signing beside its members ("ATLAS Collab. (G. Aad et al.)", "R. Diener, LCTPC
    Collaboration"): GROBID tags it <orgName type="collaboration">, which its gold author string leaves
    out, while its labelled segments (what the labeller learns) and CSL hold it as an author — scored as
    one of the authors, as where it signs alone (before, every collaboration read beside the names
    counted as a wrong author)."""
    return [_COLLAB_ABBR_RE.sub("Collaboration", text) for label, text in ref.segments
            if label == "author" and _GROUP_RE.search(text) and text not in persons]


#: journals with lettered series, for the gold side only (a copy: the scorer must not change with the
#: code it scores; reading/pdftext.py has the reader's own list)
_SERIES_JOURNAL = (
    r"Phys\.\s?Rev\.|Physical\s+Review|Phys\.\s?Lett\.|Physics\s+Letters|Nucl\.\s?Phys\.|"
    r"Nuclear\s+Physics|Z\.\s?Phys\.|Zeitschrift\s+f(?:ü|u|ue)r\s+Physik|Eur\.\s?Phys\.\s?J\.|J\.\s?Phys\.|"
    r"Nucl\.\s?Instrum\.(?:\s?Meth(?:ods|\.)?)?(?:\s?(?:in\s+)?Phys\.\s?Res\.)?|Proc\.\s?R(?:oy)?\.\s?Soc\.(?:\s?Lond\.)?|"
    r"Phil\.\s?Trans\.\s?R\.\s?Soc\.(?:\s?Lond\.)?|Nuovo\s+Cim(?:ento|\.)?|Acta\s+Phys\.\s?Pol(?:on)?\.|Acta\s+Crystallogr\.|"
    r"Int\.\s?J\.\s?Mod\.\s?Phys\.|Mod\.\s?Phys\.\s?Lett\.|Chin\.\s?Phys\."
)
_SERIES_RE = re.compile(rf"^(?:{_SERIES_JOURNAL})\s*$")
_GLUED_AND_RE = re.compile(r"(?<![^\W\d_])(and|&)(?=[A-Z])")
_LETTER_VOLUME_RE = re.compile(r"^(?P<letter>[A-HX])\s*(?P<number>\d+)$")
_VOLUME_LETTER_RE = re.compile(r"^(?P<number>\d+)\s*(?P<letter>[A-D])$")  # Nuovo Cimento "36 A" (since 2026-12-04 evening)


def _series(gold: dict[str, Any]) -> dict[str, Any]:
    """GROBID labels the series letter with the volume ("Phys. Rev." + "D58", "Il Nuovo Cimento" +
    "36 A"); the issue (and the journal record) read it as part of the journal ("Phys. Rev. D" + "58"):
    compare that way."""
    volume = str(gold.get("volume") or "")
    m = _LETTER_VOLUME_RE.match(volume) or _VOLUME_LETTER_RE.match(volume)
    journal = str(gold.get("container-title") or "")
    if m and _SERIES_RE.match(journal.replace(" .", ".")):
        return {**gold, "container-title": f"{journal} {m.group('letter')}", "volume": m.group("number")}
    return gold


def _letters(title: Any) -> str | None:
    """Titles compared by their letters and digits only: GROBID's gold keeps the PDF's glued and
    broken words ("forthe Klein -Gordonequation"), which the clean-up pass repairs."""
    title = title[0] if isinstance(title, list) else title
    return re.sub(r"[\W_]+", "", fold(pdf_chars_dropped(title))) or None if title else None


def is_physics(ref: LabelledReference) -> bool:
    journal = str(ref.gold.get("container-title") or "")
    return bool(journal and _PHYSICS_RE.search(journal))


def sets(data: Path, umass: Path = UMASS, grobid_eval: Path = GROBID_EVAL) -> dict[str, list[LabelledReference]]:
    grobid = [r for r in load_grobid(data / "grobid-train") if r.split == "test"]
    anystyle = [r for r in load_anystyle(data / "anystyle-gold.jsonl") if r.split == "test"]
    out = {"grobid": grobid, "grobid-physics": [r for r in grobid if is_physics(r)], "anystyle": anystyle}
    if umass.exists():  # all of it: nothing was fitted on any of its three files
        refs = list(load_umass(umass))
        out |= {"umass": refs, "umass-physics": [r for r in refs if is_physics(r)]}
    if grobid_eval.exists():
        out["grobid-eval"] = list(load_grobid_eval(grobid_eval))
    for suffix, path in (("", BBL_PHYSICS), ("-damaged", BBL_PHYSICS.with_name("bbl-physics-damaged.jsonl.gz"))):
        if path.exists():  # a validation set: see the module docstring
            refs = list(load_bbl_set(path))
            out |= {f"bbl-physics{suffix}": refs,
                    f"bbl-physics-hep{suffix}": [r for r in refs if r.gold.get("field") == "hep"]}
    return out


def validation_sets(data: Path, split: str = "validation") -> dict[str, list[LabelledReference]]:
    """The validation split (for tuning), or the train split: the rules never learnt from it, so it
    is fair ground for developing rules; the labeller's and the combination's figures there are not."""
    suffix = "-val" if split == "validation" else f"-{split}"
    grobid = [r for r in load_grobid(data / "grobid-train") if r.split == split]
    anystyle = [r for r in load_anystyle(data / "anystyle-gold.jsonl") if r.split == split]
    return {f"grobid{suffix}": grobid, f"grobid-physics{suffix}": [r for r in grobid if is_physics(r)],
            f"grobid-physics-papers{suffix}": physics_papers(grobid), f"anystyle{suffix}": anystyle}


def physics_papers(refs: list[LabelledReference], share: float = 0.3) -> list[LabelledReference]:
    """Every reference of the documents whose references are physics (`is_physics`) at least at
    ``share``: whole reference lists of physics papers, books, preprints and talks included, as
    GROBID's withheld evaluation papers give them (`grobid-physics` keeps the journal articles only)."""
    by_doc: dict[str, list[LabelledReference]] = {}
    for ref in refs:
        by_doc.setdefault(ref.document, []).append(ref)
    return [r for doc in by_doc.values() if sum(map(is_physics, doc)) >= share * len(doc) for r in doc]


def use_model(path: Path) -> None:
    """Read with the labeller model at ``path`` (and the journal lexicon beside it, if there)."""
    import json

    import pycrfsuite

    from citecheck.reading import labeller
    from citecheck.reading.combine import _read

    if not path.is_file():
        raise SystemExit(f"model not found: {path}")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    labeller._tagger = lambda: tagger  # type: ignore[assignment]
    lexicon = path.with_name(labeller.LEXICON_NAME)
    if lexicon.is_file():
        data = json.loads(lexicon.read_text(encoding="utf-8"))
        frozen = {k: frozenset(data[k]) for k in ("words", "keys")}
        labeller._lexicon = lambda: frozen  # type: ignore[assignment]
    _read.cache_clear()


def use_arbiter(path: Path) -> None:
    """Combine the readings with the arbiter weights in ``path`` (scripts/fit_arbiter.py --out)."""
    import json

    from citecheck.reading import arbiter
    from citecheck.reading.combine import _read

    if not path.is_file():
        raise SystemExit(f"arbiter weights not found: {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    weights = {f: {k: float(v) for k, v in w.items()} for f, w in data["fields"].items()}
    arbiter._weights = lambda: weights  # type: ignore[assignment]
    _read.cache_clear()


def readers() -> dict[str, Callable[[str], Record]]:
    return {
        "rules-raw": lambda t: parse_reference(t).record,
        "rules": lambda t: parse_reference(clean_pdf_text(t)).record,
        "labeller": lambda t: read_labelled(t) or Record(),
        "combined": lambda t: read_reference(t).record,
    }


def _scored(refs: list[LabelledReference], recs: list[Record]) -> tuple[Tally, list[list[tuple[int, int, int]]]]:
    """The tally of a set, and each source document's (tp, fp, fn) per shown field."""
    tally = Tally()
    by_doc: dict[str, list[list[int]]] = {}
    for ref, rec in zip(refs, recs, strict=True):
        one = Tally()
        gold = gold_of(ref)
        rec = rec.model_copy(update={"title": _letters(rec.title)})
        gold["title"] = _letters(gold.get("title"))
        if ref.corpus in ("grobid", "grobid-eval", "umass", "bbl-physics"):  # GROBID's gold page is the first page only
            rec.page = rec.first_page
            m = _FIRST_PAGE_RE.search(str(gold.get("pages") or ""))
            gold["pages"] = m.group(0) if m else None
        score(rec, gold, one, ref.text, "anystyle")
        doc = by_doc.setdefault(ref.document, [[0, 0, 0] for _ in FIELDS_SHOWN])
        for field, counts in zip(FIELDS_SHOWN, doc, strict=True):
            counts[0] += one.tp[field]
            counts[1] += one.fp[field]
            counts[2] += one.fn[field]
        for field in FIELDS:
            tally.tp[field] += one.tp[field]
            tally.fp[field] += one.fp[field]
            tally.fn[field] += one.fn[field]
            tally.errors[field] += one.errors[field]
    return tally, [[(tp, fp, fn) for tp, fp, fn in doc] for doc in by_doc.values()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--set", default=None)
    ap.add_argument("--reader", default=None)
    ap.add_argument("--validation", action="store_true", help="the validation split (for tuning)")
    ap.add_argument("--train", action="store_true",
                    help="the train split: for developing rules only (the labeller learnt from it)")
    ap.add_argument("--show", default=None, help="print errors of this field (with --set and --reader)")
    ap.add_argument("--limit", type=int, default=40, help="how many errors --show prints (0: all)")
    ap.add_argument("--ci", action="store_true",
                    help="95 %% bootstrap intervals by source document, and gold counts per field")
    ap.add_argument("--umass", type=Path, default=UMASS, help="the converted UMass set (scripts/fetch_umass.py)")
    ap.add_argument("--grobid-eval", type=Path, default=GROBID_EVAL,
                    help="GROBID's converted evaluation files (scripts/fetch_grobid_eval.py)")
    ap.add_argument("--model", type=Path, default=None,
                    help="a labeller model to read with instead of the shipped one (its lexicon beside it)")
    ap.add_argument("--arbiter", type=Path, default=None,
                    help="arbiter weights to combine with instead of the shipped ones (scripts/fit_arbiter.py --out)")
    args = ap.parse_args(argv)
    if not (args.data / "grobid-train").is_dir():
        print(f"data folder not found: {args.data}", file=sys.stderr)
        return 2
    if args.model:
        use_model(args.model)
    if args.arbiter:
        use_arbiter(args.arbiter)
    for held_out, path, script in (("umass", args.umass, "fetch_umass"),
                                   ("grobid-eval", args.grobid_eval, "fetch_grobid_eval"),
                                   ("bbl-physics", BBL_PHYSICS, "build_bbl_set")):
        if args.set and args.set.startswith(held_out) and not path.exists():
            print(f"{path} not found: run scripts/{script}.py", file=sys.stderr)
            return 2
    gold_counts: list[str] = []
    print("| set | reader | n | " + " | ".join(FIELDS_SHOWN) + " | refs/s |")
    print("|---|---|---:|" + "---:|" * (len(FIELDS_SHOWN) + 1))
    if args.train:
        chosen = validation_sets(args.data, "train")
    else:
        chosen = validation_sets(args.data) if args.validation else sets(args.data, args.umass, args.grobid_eval)
    for name, refs in chosen.items():
        if args.set and name != args.set:
            continue
        for rname, read in readers().items():
            if args.reader and rname != args.reader:
                continue
            t0 = time.perf_counter()
            recs = [read(r.text) for r in refs]
            rate = len(refs) / max(time.perf_counter() - t0, 1e-9)
            tally, by_doc = _scored(refs, recs)
            intervals = bootstrap_f1(by_doc) if args.ci else []
            cells = []
            for i, field in enumerate(FIELDS_SHOWN):
                _p, _r, f, n = tally.row(field)
                ci = f" ({intervals[i][0]:.3f}–{intervals[i][1]:.3f})" if intervals and n else ""
                cells.append(f"{f:.3f}{ci}" if n else "–")
            if args.ci and not any(row.startswith(f"| {name} |") for row in gold_counts):
                gold_counts.append(f"| {name} | {len(refs)} | {len(by_doc)} | "
                                   + " | ".join(str(tally.row(f)[3]) for f in FIELDS_SHOWN) + " |")
            print(f"| {name} | {rname} | {len(refs)} | " + " | ".join(cells) + f" | {rate:,.0f} |")
            if args.show and name not in HELD_OUT:  # a held-out set is scored on aggregate only
                for text, g, p in tally.errors[args.show][:args.limit or None]:
                    print(f"\n  {text}\n    gold: {g}\n    pred: {p}", file=sys.stderr)
    if gold_counts:
        print("\nGold values per field (references where the gold has the field):\n")
        print("| set | references | documents | " + " | ".join(FIELDS_SHOWN) + " |")
        print("|---|---:|---:|" + "---:|" * len(FIELDS_SHOWN))
        print("\n".join(gold_counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
