"""Thresholds τ_M ≤ τ_E map a verification score to EXACT / MINOR / MAJOR.

The shipped defaults (data/thresholds.json) start hand-set on the verifier's designed scale
(faithful citations score 10, one minor slip 6..9.5, another work ≤ 3) and are meant to be
refitted by `citecheck calibrate` on the benchmark's validation split only; `--thresholds FILE`
loads another fit.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from citecheck.model import Assessment, Label


class ThresholdsError(ValueError):
    """A thresholds file is missing or invalid (the message names the file)."""


class Thresholds(BaseModel):
    """τ_M ≤ τ_E on the 0..10 verification score; unknown keys a calibration adds are kept."""

    model_config = ConfigDict(extra="allow")

    exact: float  # τ_E: score at or above → EXACT
    minor: float  # τ_M: score at or above (and below τ_E) → MINOR, else MAJOR
    source: str = ""  # where these came from (calibration run, hand-set, ...)
    metrics: dict[str, float] = {}  # validation metrics of the fit, for the record
    weights: dict[str, float] = {}  # optional extra weights a calibration may fit

    @model_validator(mode="after")
    def _ordered(self) -> Thresholds:
        if not (0.0 <= self.minor <= self.exact <= 10.0):
            raise ValueError(f"need 0 ≤ minor ≤ exact ≤ 10, got minor={self.minor}, exact={self.exact}")
        return self


def load_thresholds(path: str | Path | None = None) -> Thresholds:
    """Thresholds from `path`, or the package's calibrated defaults."""
    try:
        if path is None:
            text = resources.files("citecheck.data").joinpath("thresholds.json").read_text("utf-8")
            name = "citecheck/data/thresholds.json"
        else:
            name = str(path)
            text = Path(path).read_text(encoding="utf-8")
        return Thresholds.model_validate(json.loads(text))
    except FileNotFoundError as exc:
        raise ThresholdsError(f"{name}: no such thresholds file") from exc
    except (json.JSONDecodeError, ValidationError, TypeError) as exc:
        raise ThresholdsError(f"{name}: invalid thresholds file: {exc}") from exc
    except OSError as exc:
        raise ThresholdsError(f"{name}: cannot read thresholds file: {exc}") from exc


def save_thresholds(thresholds: Thresholds, path: str | Path) -> None:
    Path(path).write_text(thresholds.model_dump_json(indent=2) + "\n", encoding="utf-8")


def decide_score(score: float, thresholds: Thresholds) -> Label:
    if score >= thresholds.exact:
        return Label.EXACT
    if score >= thresholds.minor:
        return Label.MINOR
    return Label.MAJOR


def decide(assessment: Assessment, thresholds: Thresholds) -> Label:
    """Label from the score; a major discrepancy (another title, other authors) is never EXACT."""
    label = decide_score(assessment.score, thresholds)
    if label is Label.EXACT and any(d.severity == "major" for d in assessment.discrepancies):
        return Label.MINOR
    return label
