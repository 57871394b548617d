"""Train the reference token labeller (src/citecheck/data/labeller.crfsuite).

Data (../shared/data/parsing; licences in src/citecheck/data/LICENSES-labeller.md):
- grobid-train/tei/*.xml — GROBID's citation training corpus (Apache-2.0), PDF-extracted references
  with inline TEI labels, split by TEI file (one source document per file);
- anystyle-gold.jsonl — AnyStyle's gold set (BSD-2-Clause), split reference by reference.
The split is `citecheck.bench.parsing_data.split_of` (a hash of corpus and document: 80 % train,
10 % validation, 10 % test). Only the train split is used for fitting; the validation split picks the
regularisation (`--grid c1:c2,…`, or `--c1`/`--c2`); the test split is never read. 13c's grid (validation
token accuracy): 0.02:0.1 .898, 0.05:0.1 .904, 0.1:0.1 .903, 0.05:0.3 .907, 0.1:0.3 .910, 0.2:0.3 .910,
0.05:1.0 .910, 0.1:1.0 .910 — a plateau; the shipped point, 0.05:0.3 (the default), had the best field F1
of the combined reading on GROBID physics validation (journal .951, volume .963).

- build/rendered/rendered.jsonl.gz — corpus records rendered in CSL styles by scripts/render_training.py,
  labelled by construction, a quarter with measured PDF damage (styles CC BY-SA 3.0: the file stays out of
  the repository and the wheel; the model holds weights, not strings). Split by *style*
  (`rendered_split`): validation and test styles are never trained on. `--sources real|rendered|both`
  chooses what is fitted (benchmarks/labeller_ablation.py compares the three); `--rendered-limit` caps
  the rendered rows used from each file.
- build/rendered-bst/rendered.jsonl.gz — corpus records rendered through BibTeX styles (.bst) by
  scripts/render_bst.py, in the same row format (styles "bst-<name>", split by style alike). `--rendered`
  takes several files, fitted in the order given:
  `--rendered build/rendered/rendered.jsonl.gz build/rendered-bst/rendered.jsonl.gz`. Not in the shipped
  model: the labeller alone reads better with them, the combined reading does not (scripts/render_bst.py).

`--real-weight N` fits each real reference N times (crfsuite has no instance weights: it is appended that
often), rendered ones once. Tried with a richer feature set (segment case and right-context features,
since dropped: they misread Title Case physics titles as journals), labeller alone on validation
(grobid-val title/container, grobid-physics-val title): weight 1 (the default) .763/.808, .917; weight 3
.751/.802, .936 — more weight on the real train documents fits their styles, not unseen ones.

Deterministic: the same data and options give the same model file (L-BFGS has no randomness; the
rendered rows are taken in file order, which `--seed` of render_training.py fixes). The shipped model is

    .venv/bin/python scripts/render_training.py --seed 0     # build/rendered/rendered.jsonl.gz, md5 11865bd4…
    .venv/bin/python scripts/train_labeller.py

Usage: python scripts/train_labeller.py [--data ../shared/data/parsing] [--out src/citecheck/data/labeller.crfsuite]
       [--c1 0.1 --c2 0.01 | --grid 0.05:0.1,0.02:0.1] [--iterations 150]
       [--sources both] [--rendered build/rendered/rendered.jsonl.gz [more.jsonl.gz …]] [--rendered-limit N]
       [--real-weight 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pycrfsuite

from citecheck.bench.parsing_data import (
    LabelledReference,
    load_anystyle,
    load_grobid,
    load_rendered,
    split_of,
)
from citecheck.reading import labeller
from citecheck.reading.labeller import LEXICON_NAME, features, journal_lexicon, tokenize
from citecheck.venues import journal_table

ROOT = Path(__file__).resolve().parents[1]
RENDERED = ROOT / "build" / "rendered" / "rendered.jsonl.gz"
RENDERED_BST = ROOT / "build" / "rendered-bst" / "rendered.jsonl.gz"  # scripts/render_bst.py
SOURCES = ("real", "rendered", "both")


def sequence(ref: LabelledReference) -> tuple[list[list[str]], list[str]]:
    text = ref.text
    spans = ref.spans()
    tokens = tokenize(text)
    labels = []
    k = 0
    for tok in tokens:
        while k < len(spans) - 1 and spans[k][2] <= tok.start:
            k += 1
        labels.append(spans[k][0])
    return features(tokens), labels


def load(data: Path) -> list[LabelledReference]:
    return [*load_grobid(data / "grobid-train"), *load_anystyle(data / "anystyle-gold.jsonl")]


def style_of(ref: LabelledReference) -> str:
    return str(ref.gold.get("style") or ref.document.partition("/")[0])


def rendered_split(ref: LabelledReference) -> str:
    """A rendered reference's split, by its style: a held-out style is one the labeller never saw."""
    return split_of("rendered-style", style_of(ref))


def load_rendered_split(path: Path, split: str, limit: int | None = None) -> list[LabelledReference]:
    if not path.is_file():
        raise SystemExit(f"rendered references not found: {path} (run scripts/render_training.py)")
    out = [r for r in load_rendered(path) if rendered_split(r) == split]
    return out[:limit] if limit else out


def training_refs(data: Path, sources: str, rendered: Path | Sequence[Path], limit: int | None
                  ) -> list[LabelledReference]:
    """The train split of the chosen sources; ``rendered``: one file of rendered rows or several, taken
    in order (``limit`` rows at most from each)."""
    refs = [r for r in load(data) if r.split == "train"] if sources in ("real", "both") else []
    if sources in ("rendered", "both"):
        for path in [rendered] if isinstance(rendered, Path) else rendered:
            refs += load_rendered_split(path, "train", limit)
    return refs


#: the shipped model's settings (docs/benchmarks.md; benchmarks/labeller_ablation.py trains with them)
C1, C2, ITERATIONS, REAL_WEIGHT = 0.05, 0.3, 150, 1


def train(refs: list[LabelledReference], out: Path, c1: float = C1, c2: float = C2,
          iterations: int = ITERATIONS, real_weight: int = REAL_WEIGHT) -> None:
    """Fit the CRF; a real (PDF-extracted or hand-labelled) reference counts ``real_weight`` times
    (appended that often: crfsuite has no instance weights), a rendered one once."""
    trainer = pycrfsuite.Trainer(verbose=False)
    for ref in refs:
        xs, ys = sequence(ref)
        if xs:
            trainer.append(pycrfsuite.ItemSequence(xs), ys)
            for _ in range(real_weight - 1 if ref.corpus != "rendered" else 0):
                trainer.append(pycrfsuite.ItemSequence(xs), ys)
    trainer.set_params({"c1": c1, "c2": c2, "max_iterations": iterations,
                        "feature.possible_transitions": True, "feature.minfreq": 2})
    trainer.train(str(out))


def token_accuracy(model: Path, refs: list[LabelledReference]) -> float:
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    right = total = 0
    for ref in refs:
        xs, ys = sequence(ref)
        if not xs:
            continue
        pred = tagger.tag(xs)
        right += sum(p == y for p, y in zip(pred, ys, strict=True))
        total += len(ys)
    return right / max(total, 1)


def freeze_lexicon(path: Path) -> None:
    """The journal words of today's abbreviation table: the features are computed with them, and they
    are written beside the model, which reads them back (the table may grow after training)."""
    lex = journal_lexicon(journal_table())
    labeller._lexicon = lambda: {k: frozenset(v) for k, v in lex.items()}  # type: ignore[assignment]
    about = ("The journal words and names the labeller model (labeller.crfsuite) was trained with, written by "
             "scripts/train_labeller.py from journal-abbreviations.json at training time: the table may grow, the "
             "model's features stay those it learnt.")
    path.write_text(json.dumps({"_about": about, **lex}, ensure_ascii=False, indent=0), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--out", type=Path, default=ROOT / "src" / "citecheck" / "data" / "labeller.crfsuite")
    ap.add_argument("--c1", type=float, default=None)
    ap.add_argument("--c2", type=float, default=None)
    ap.add_argument("--iterations", type=int, default=ITERATIONS)
    ap.add_argument("--real-weight", type=int, default=REAL_WEIGHT,
                    help="how many times each real reference is fitted (rendered ones: once)")
    ap.add_argument("--sources", choices=SOURCES, default="both", help="what is fitted (validation is always real)")
    ap.add_argument("--rendered", type=Path, nargs="+", default=[RENDERED],
                    help="files of rendered rows (render_training.py, render_bst.py), fitted in this order")
    ap.add_argument("--rendered-limit", type=int, default=None)
    ap.add_argument("--grid", default=f"{C1}:{C2}",
                    help="c1:c2 points tried when --c1/--c2 are not given (the best validation token accuracy "
                         "is kept); the default is the shipped model's point (docs/benchmarks.md, 13c)")
    args = ap.parse_args()
    if not (args.data / "grobid-train").is_dir():
        print(f"training data not found: {args.data}/grobid-train", file=sys.stderr)
        return 2
    freeze_lexicon(args.out.parent / LEXICON_NAME)
    refs = load(args.data)
    train_refs = training_refs(args.data, args.sources, args.rendered, args.rendered_limit)
    print("training references:", dict(sorted(Counter(r.corpus for r in train_refs).items())))
    val_refs = [r for r in refs if r.split == "validation"]
    grid = [(args.c1, args.c2)] if args.c1 is not None and args.c2 is not None else \
        [tuple(float(x) for x in point.split(":")) for point in args.grid.split(",")]
    best = None
    for c1, c2 in grid:
        t0 = time.perf_counter()
        tmp = args.out.with_suffix(f".c1-{c1}-c2-{c2}.tmp")
        train(train_refs, tmp, c1, c2, args.iterations, args.real_weight)
        acc = token_accuracy(tmp, val_refs)
        print(f"c1={c1} c2={c2}: validation token accuracy {acc:.4f} ({time.perf_counter() - t0:.0f} s)")
        if best is None or acc > best[0]:
            if best is not None:
                best[1].unlink()
            best = (acc, tmp)
        else:
            tmp.unlink()
    assert best is not None
    best[1].replace(args.out)
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.2f} MB, validation token accuracy {best[0]:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
