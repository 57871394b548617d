"""Scores for the benchmark (three-way EXACT/MINOR/MAJOR) and for HALLMARK (binary), and
bootstrap intervals of a field F1 over labelled references (resampling whole source documents).

UNVERIFIED and ERROR predictions are never right for accuracy or F1 (they are missed
detections of the gold class) and are counted separately.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

CLASSES: tuple[str, ...] = ("EXACT", "MINOR", "MAJOR")
PRED_COLUMNS: tuple[str, ...] = ("EXACT", "MINOR", "MAJOR", "UNVERIFIED", "ERROR")


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def classification(gold: Sequence[str], pred: Sequence[str]) -> dict[str, Any]:
    """Accuracy, macro-F1, per-class P/R/F1, confusion, false accusations, abstentions."""
    if len(gold) != len(pred):
        raise ValueError(f"{len(gold)} gold labels but {len(pred)} predictions")
    n = len(gold)
    per_class: dict[str, dict[str, float]] = {}
    for c in CLASSES:
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == c and p == c)
        predicted = sum(1 for p in pred if p == c)
        support = sum(1 for g in gold if g == c)
        precision = tp / predicted if predicted else 0.0
        recall = tp / support if support else 0.0
        per_class[c] = {"precision": precision, "recall": recall, "f1": _f1(precision, recall),
                        "support": support, "predicted": predicted}
    confusion = {g: {p: 0 for p in PRED_COLUMNS} for g in CLASSES}
    for g, p in zip(gold, pred, strict=True):
        confusion[g][p if p in PRED_COLUMNS else "ERROR"] += 1
    exact_gold = per_class["EXACT"]["support"]
    false_acc = confusion["EXACT"]["MAJOR"]
    return {
        "n": n,
        "accuracy": sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / n if n else 0.0,
        "macro_f1": sum(per_class[c]["f1"] for c in CLASSES) / len(CLASSES),
        "per_class": per_class,
        "confusion": confusion,
        "false_accusations": false_acc,
        "false_accusation_rate": false_acc / exact_gold if exact_gold else 0.0,
        "major_recall": per_class["MAJOR"]["recall"],
        # a real work (EXACT or MINOR) called fabricated
        "real_called_major": confusion["EXACT"]["MAJOR"] + confusion["MINOR"]["MAJOR"],
        "unverified": sum(1 for p in pred if p == "UNVERIFIED"),
        "errors": sum(1 for p in pred if p == "ERROR"),
    }


def breakdown(rows: Sequence[dict[str, Any]], key: str | Callable[[dict[str, Any]], str],
              gold: str = "gold", pred: str = "pred") -> dict[str, dict[str, Any]]:
    """Per-group n / correct / accuracy and what the misses were predicted as."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[key(row) if callable(key) else str(row.get(key))].append(row)
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(groups):
        members = groups[name]
        correct = sum(1 for r in members if r[gold] == r[pred])
        wrong: dict[str, int] = defaultdict(int)
        for r in members:
            if r[gold] != r[pred]:
                wrong[r[pred]] += 1
        out[name] = {"n": len(members), "correct": correct, "accuracy": correct / len(members),
                     "misses": dict(sorted(wrong.items()))}
    return out


def binary(gold_positive: Sequence[bool], pred_positive: Sequence[bool]) -> dict[str, float]:
    """Detection rate (recall), FPR, precision, F1 and MCC for a yes/no detector."""
    pairs = list(zip(gold_positive, pred_positive, strict=True))
    tp = sum(1 for g, p in pairs if g and p)
    fp = sum(1 for g, p in pairs if not g and p)
    fn = sum(1 for g, p in pairs if g and not p)
    tn = sum(1 for g, p in pairs if not g and not p)
    recall = tp / (tp + fn) if tp + fn else 0.0
    precision = tp / (tp + fp) if tp + fp else 0.0
    fpr = fp / (fp + tn) if fp + tn else 0.0
    denom = math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    mcc = (tp * tn - fp * fn) / denom if denom else 0.0
    return {"n": len(pairs), "tp": tp, "fp": fp, "fn": fn, "tn": tn,
            "detection_rate": recall, "precision": precision, "fpr": fpr,
            "f1": _f1(precision, recall), "mcc": mcc,
            "accuracy": (tp + tn) / len(pairs) if pairs else 0.0}


Counts = tuple[int, int, int]  # true positives, false positives, false negatives


def f1_of(counts: Counts) -> float:
    tp, fp, fn = counts
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def bootstrap_f1(clusters: Sequence[Sequence[Counts]], rounds: int = 1000, seed: int = 0,
                 level: float = 0.95) -> list[tuple[float, float]]:
    """Percentile bootstrap intervals of F1, one per field, resampling whole clusters.

    ``clusters[i][f]`` holds the (tp, fp, fn) of field ``f`` summed over cluster ``i`` (one source
    document: its references share a layout, so they are not independent draws). Each round draws
    as many clusters as there are, with replacement, and sums them; all fields share the draw. A
    round whose draw holds neither a gold nor a predicted value of a field says nothing of its F1
    and is left out of that field's interval (a field with no such value at all: (0, 0))."""
    if not clusters:
        return []
    rng = random.Random(seed)
    flat = [tuple(c for counts in cluster for c in counts) for cluster in clusters]
    n_fields = len(clusters[0])
    samples: list[list[float]] = [[] for _ in range(n_fields)]
    for _ in range(rounds):
        drawn = rng.choices(flat, k=len(flat))
        sums = [sum(column) for column in zip(*drawn, strict=True)]
        for f in range(n_fields):
            counts = (sums[3 * f], sums[3 * f + 1], sums[3 * f + 2])
            if any(counts):
                samples[f].append(f1_of(counts))
    tail = (1 - level) / 2
    out = []
    for values in samples:
        values.sort()
        if not values:
            out.append((0.0, 0.0))
            continue
        out.append((values[int(tail * (len(values) - 1))], values[math.ceil((1 - tail) * (len(values) - 1))]))
    return out
