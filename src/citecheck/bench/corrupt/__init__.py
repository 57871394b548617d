"""Corruptions that turn a real record into a MINOR (metadata drift) or MAJOR (fabricated) citation.

The generator is pluggable: anything implementing `Corruptor` can produce the corrupted record
(an LLM-driven corruptor can be added later); `ProgrammaticCorruptor` is the default. Every
corruption says which fields it changed and which must be visible for it to show, and it is
checked against the corpus (`Known`): fabricated titles are provably absent (normalised
similarity < 0.8 to every corpus title), corrupted and fabricated identifiers never hit a real
one, and a changed journal/volume/page never lands on another real article.

Modules by concern: base.py (kinds, `Corruption`, `Context`, the `Corruptor` protocol), drift.py
(MINOR kinds), fabricate.py (MAJOR kinds); `ProgrammaticCorruptor` joins the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from citecheck.bench.corrupt.base import (
    MAJOR_KINDS,
    MAX_FABRICATED_SIMILARITY,
    MINOR_KINDS,
    Context,
    Corruption,
    Corruptor,
)
from citecheck.bench.corrupt.drift import DriftCorruptions
from citecheck.bench.corrupt.fabricate import (
    FabricationCorruptions,
    fabricate_arxiv,
    fabricate_doi,
    fabricate_title,
)
from citecheck.bench.pool import PoolRecord

__all__ = ["MAJOR_KINDS", "MAX_FABRICATED_SIMILARITY", "MINOR_KINDS", "Context", "Corruption",
           "Corruptor", "ProgrammaticCorruptor", "fabricate_arxiv", "fabricate_doi", "fabricate_title"]


class ProgrammaticCorruptor(DriftCorruptions, FabricationCorruptions):
    """Rule-based corruptions, checked against the corpus; the default `Corruptor`."""

    name = "programmatic-v1"

    def kinds(self, label: str) -> Sequence[str]:
        return MINOR_KINDS if label == "MINOR" else MAJOR_KINDS if label == "MAJOR" else ()

    def corrupt(self, source: PoolRecord, label: str, kind: str, ctx: Context,
                rng: Random) -> Corruption | None:
        method = getattr(self, f"_{kind}", None)
        if method is None:
            raise ValueError(f"unknown corruption kind {kind!r}")
        result: Corruption | None = method(source, ctx, rng)
        if result is not None and result.kind != kind:
            raise AssertionError(f"corruption {kind} returned {result.kind}")
        return result
