"""The learned per-field arbiter between the rules and the labeller (reading/arbiter.py), measured by
grouped cross-validation on the validation splits.

Every reference of GROBID validation, AnyStyle validation and the rendered references of the
validation styles (scripts/render_training.py; styles the labeller never trained on) is read by both
readers; each field of each candidate reading is scored with benchmarks/labeller_eval.py's scorer
(fields are scored independently, so a reading that mixes fields scores as the sum of theirs). The
arbiter is fitted on k−1 folds (grouped by source document: a GROBID TEI file, a rendered style, an
AnyStyle reference) and decides the k-th: no reference is scored by a model fitted on it.

Bases (what the arbiter weighs the labeller's value against):
- rules: the rule parser's reading alone (every hand-written choice deleted);
- combine: the hand-written choices that are left (reading/combine.py `combine`): what ships.

Per field, the threshold on the arbiter's probability is the one whose cross-validated decisions gain
most F1 on average over the sets while no set loses more than `TOLERANCE` (or one reference's worth);
a field no threshold qualifies for is left to the rules. The threshold is chosen on the same
cross-validated decisions it is reported on: one number a field, from six.

Usage: python benchmarks/arbiter.py [--folds 5] [--data ../shared/data/parsing] [--rendered FILE]
"""

from __future__ import annotations

import argparse
import copy
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import labeller_eval as le  # noqa: E402
import train_labeller as tl  # noqa: E402
from labeller_ablation import rendered_gold  # noqa: E402

from citecheck.bench.parsing_data import LabelledReference  # noqa: E402
from citecheck.model import Record  # noqa: E402
from citecheck.reading.arbiter import ARBITED, FEATURES, features  # noqa: E402
from citecheck.reading.combine import (  # noqa: E402
    arbiter_context,
    hand_reading,
    labeller_candidate,
    readers_of,
    weighable,
    weighed_at_all,
)

#: the scorer's name of each arbitrated field
SCORED_AS = {"title": "title", "author": "authors", "container_title": "container-title", "volume": "volume",
             "issued": "year"}
BASES = ("rules", "combine")
#: the base the shipped reading uses (`hand_reading`, as `_read` calls it)
RUNTIME = "combine"
Counts = tuple[int, int, int]


@dataclass
class Example:
    """One reference: each candidate's (tp, fp, fn) per field, and the arbiter's features per base
    and field where the labeller's value differs from the base's."""

    sets: tuple[str, ...]
    group: str
    counts: dict[str, dict[str, Counts]] = field(default_factory=dict)  # candidate → field → counts
    x: dict[str, dict[str, list[float]]] = field(default_factory=dict)  # base → field → features


def validation_sets(data: Path, rendered: Path) -> dict[str, list[LabelledReference]]:
    out = le.validation_sets(data)
    styles = tl.load_rendered_split(rendered, "validation")
    for r in styles:
        r.gold = {**r.gold, **rendered_gold(r)}
        r.corpus = "anystyle"  # scored like AnyStyle's gold: the segments' own text
    out["rendered-validation-styles"] = styles
    return out


def _group(ref: LabelledReference) -> str:
    return f"style:{tl.style_of(ref)}" if ref.gold.get("style") else f"{ref.corpus}:{ref.document}"


def field_counts(ref: LabelledReference, rec: Record) -> dict[str, Counts]:
    one = copy.copy(ref)
    one.gold = dict(ref.gold)  # the scorer writes into the gold it is given
    tally, _ = le._scored([one], [rec])
    return {attr: (tally.tp[name], tally.fp[name], tally.fn[name]) for attr, name in SCORED_AS.items()}


def utility(c: Counts) -> int:
    """A field's share of F1: right +2, wrong −2, missed or made up −1."""
    return 2 * c[0] - c[1] - c[2]


def example(ref: LabelledReference, sets: tuple[str, ...]) -> Example:
    text = ref.text
    r = readers_of(text)
    model = labeller_candidate(r.scored.record) if r.scored else Record()
    combined, origin = hand_reading(r)
    bases = {"rules": (r.rules.record, {}), "combine": (combined, origin)}
    ex = Example(sets, _group(ref))
    for name, (rec, _) in bases.items():
        ex.counts[name] = field_counts(ref, rec)
    ex.counts["labeller"] = field_counts(ref, model)
    ex.counts["labeller-raw"] = field_counts(ref, r.scored.record if r.scored else Record())
    ctx = arbiter_context(text, r)
    for name, (rec, origin) in bases.items():
        ex.x[name] = {}
        for attr in ARBITED:
            if weighed_at_all(r) and weighable(attr, rec, model):
                x = features(attr, rec, model, origin.get(attr) == "labeller", ctx)
                ex.x[name][attr] = [x[k] for k in FEATURES]
    return ex


def examples(sets: dict[str, list[LabelledReference]]) -> list[Example]:
    """One example per reference; a reference in several sets (grobid-physics-val is part of
    grobid-val) is read once."""
    seen: dict[str, tuple[LabelledReference, list[str]]] = {}
    for name, refs in sets.items():
        for ref in refs:
            seen.setdefault(f"{ref.corpus}:{ref.id}:{ref.text}", (ref, []))[1].append(name)
    return [example(ref, tuple(names)) for ref, names in seen.values()]


def _source(ex: Example) -> str:
    return ex.group.partition(":")[0]


def balance(exs: list[Example]) -> list[float]:
    """Each example's weight: every source (GROBID, AnyStyle, rendered styles) weighs as much in all
    as the others, however many references it has."""
    sizes: dict[str, int] = {}
    for ex in exs:
        sizes[_source(ex)] = sizes.get(_source(ex), 0) + 1
    return [len(exs) / (len(sizes) * sizes[_source(ex)]) for ex in exs]


def training_rows(exs: list[Example], base: str, attr: str) -> tuple[list[int], list[list[float]], list[int], list[float]]:
    """Indices, features, label (the labeller's value scores better) and weight (by how much, and
    by `balance`) of the examples where the two values score differently."""
    idx, xs, ys, ws = [], [], [], []
    weights = balance(exs)
    for i, ex in enumerate(exs):
        x = ex.x[base].get(attr)
        if x is None:
            continue
        gain = utility(ex.counts["labeller"][attr]) - utility(ex.counts[base][attr])
        if gain:
            idx.append(i)
            xs.append(x)
            ys.append(int(gain > 0))
            ws.append(abs(gain) * weights[i])
    return idx, xs, ys, ws


def fit(xs: list[list[float]], ys: list[int], ws: list[float], c: float) -> Any:
    from sklearn.linear_model import LogisticRegression

    if len(set(ys)) < 2:
        return None
    return LogisticRegression(C=c, max_iter=2000).fit(xs, ys, sample_weight=ws)


def cv_probabilities(exs: list[Example], base: str, folds: int, c: float) -> dict[str, dict[int, float]]:
    """Per field, each example's probability that the labeller's value is better, from the arbiter
    fitted without the example's fold."""
    from sklearn.model_selection import GroupKFold

    groups = [ex.group for ex in exs]
    out: dict[str, dict[int, float]] = {attr: {} for attr in ARBITED}
    rows = {attr: training_rows(exs, base, attr) for attr in ARBITED}
    for train, held in GroupKFold(n_splits=folds).split(exs, groups=groups):
        train_set = set(train.tolist())
        for attr, (idx, xs, ys, ws) in rows.items():
            keep = [k for k, i in enumerate(idx) if i in train_set]
            model = fit([xs[k] for k in keep], [ys[k] for k in keep], [ws[k] for k in keep], c)
            cand = [i for i in held.tolist() if exs[i].x[base].get(attr) is not None]
            if model is not None and cand:
                p = model.predict_proba([exs[i].x[base][attr] for i in cand])[:, 1]
                out[attr].update(zip(cand, (float(q) for q in p), strict=True))
    return out


#: the thresholds tried per field (the labeller's value is taken above it)
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
#: how much F1 a set may lose on a field the arbiter ships for: this much, or one reference's worth
#: where the set has few gold values of the field
TOLERANCE = 0.005


def deltas(exs: list[Example], sets: list[str], base: str, attr: str,
           taken: set[int]) -> dict[str, tuple[float, float]]:
    """Per set, the F1 of the field with the labeller's value taken where ``taken``, less without;
    and the loss the set may bear (`TOLERANCE`)."""
    out = {}
    for name in sets:
        members = [i for i, ex in enumerate(exs) if name in ex.sets]
        before = f1([exs[i].counts[base][attr] for i in members])
        after = f1([exs[i].counts["labeller" if i in taken else base][attr] for i in members])
        gold = sum(exs[i].counts[base][attr][0] + exs[i].counts[base][attr][2] for i in members)
        out[name] = (after - before, max(TOLERANCE, 1.01 / max(gold, 1)))
    return out


def choose(exs: list[Example], sets: list[str], base: str,
           probs: dict[str, dict[int, float]]) -> dict[str, tuple[float | None, dict[str, float]]]:
    """Per field, the threshold whose cross-validated decisions gain most F1 on average over the sets
    while losing no more than the tolerance on any (None: no threshold does; the field is left alone)."""
    out: dict[str, tuple[float | None, dict[str, float]]] = {}
    for attr in ARBITED:
        best: tuple[float | None, dict[str, float]] = (None, {})
        for t in THRESHOLDS:
            d = deltas(exs, sets, base, attr, {i for i, p in probs[attr].items() if p > t})
            gain = {k: v for k, (v, _) in d.items()}
            mean = sum(gain.values()) / len(gain)
            if all(v >= -tol for v, tol in d.values()) and mean > 0 and (
                    not best[1] or mean > sum(best[1].values()) / len(gain)):
                best = (t, gain)
        out[attr] = best
    return out


def taken_at(probs: dict[str, dict[int, float]],
             chosen: dict[str, tuple[float | None, dict[str, float]]]) -> dict[str, set[int]]:
    return {attr: {i for i, p in probs[attr].items() if t is not None and p > t}
            for attr, (t, _) in chosen.items()}


def f1(counts: list[Counts]) -> float:
    tp, fp, fn = (sum(c[k] for c in counts) for k in range(3))
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def table(exs: list[Example], set_names: list[str], columns: dict[str, tuple[str, dict[str, set[int]]]]) -> list[str]:
    """Markdown rows: per set and field, the F1 of each column (a base and where the labeller's value
    was taken)."""
    lines = ["| set | field | n | " + " | ".join(columns) + " |", "|---|---|---:|" + "---:|" * len(columns)]
    for name in set_names:
        members = [i for i, ex in enumerate(exs) if name in ex.sets]
        for attr in ARBITED:
            cells = []
            for base, taken in columns.values():
                chosen = [exs[i].counts["labeller" if i in taken.get(attr, ()) else base][attr] for i in members]
                cells.append(f"{f1(chosen):.3f}")
            n = sum(exs[i].counts["rules"][attr][0] + exs[i].counts["rules"][attr][2] for i in members)
            lines.append(f"| {name} | {SCORED_AS[attr]} | {n} | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "parsing")
    ap.add_argument("--rendered", type=Path, default=tl.RENDERED)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", type=float, default=1.0)
    args = ap.parse_args(argv)
    sets = validation_sets(args.data, args.rendered)
    exs = examples(sets)
    names = list(sets)
    columns: dict[str, tuple[str, dict[str, set[int]]]] = {
        "labeller": ("labeller-raw", {}), "rules": ("rules", {}), RUNTIME: (RUNTIME, {})}
    thresholds = {}
    for base in BASES:
        probs = cv_probabilities(exs, base, args.folds, args.C)
        chosen = choose(exs, names, base, probs)
        thresholds[base] = {attr: t for attr, (t, _) in chosen.items()}
        columns[f"{base} + arbiter"] = (base, taken_at(probs, chosen))
    print(f"{len(exs)} references, {len({ex.group for ex in exs})} groups, {args.folds}-fold grouped "
          "cross-validation\n")
    print("\n".join(table(exs, names, columns)))
    print("\nThresholds chosen per field (none: the arbiter leaves the field alone):\n")
    print("| base | " + " | ".join(SCORED_AS[a] for a in ARBITED) + " |")
    print("|---|" + "---:|" * len(ARBITED))
    for base, ts in thresholds.items():
        print(f"| {base} | " + " | ".join("none" if t is None else f"{t:.1f}" for t in ts.values()) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
