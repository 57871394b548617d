"""The logistic models the reading stage ships as plain weights (fitted by scripts/fit_arbiter.py and
scripts/fit_parse_confidence.py with scikit-learn, read here without it): the file's JSON, and the
probability a model gives to a set of features."""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any

__all__ = ["fitted", "probability"]


def fitted(name: str) -> dict[str, Any] | None:
    """The JSON of data/`name`, or None where no fitted model ships."""
    ref = resources.files("citecheck.data").joinpath(name)
    if not ref.is_file():
        return None
    data: dict[str, Any] = json.loads(ref.read_text(encoding="utf-8"))
    return data


def probability(x: dict[str, float], weights: dict[str, float]) -> float:
    """σ(intercept + Σ weight·feature); a feature without a weight counts nothing."""
    z = weights.get("intercept", 0.0) + sum(weights.get(k, 0.0) * v for k, v in x.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
