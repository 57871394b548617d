"""Building the model helpers a run asked for (``--llm``, ``--judge``, ``--llm-parse``)."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from citecheck.llm.base import Model
from citecheck.llm.cached import CachedModel
from citecheck.llm.judging import ModelJudge, ModelParser
from citecheck.llm.spec import make_model, parse_spec
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.verify.llm_judge import JudgeMode

R = TypeVar("R")
#: the model's own τ_E/τ_M (0..10) until `citecheck calibrate --judge llm` fits others
MODEL_EXACT, MODEL_MINOR = 9.0, 5.0


@dataclass
class ModelRun:
    model: Model
    judge: ModelJudge | None
    reparser: ModelParser | None

    def wrap(self, sources: Sequence[Source]) -> list[Source]:
        """The run's sources with the web search's hits read by the model (the *web* role)."""
        from citecheck.llm.websource import read_web_with

        return read_web_with(list(sources), self.model)

    async def closing(self, run: Awaitable[R]) -> R:
        """Await `run`, then close the model's connections in the same event loop."""
        try:
            return await run
        finally:
            await self.model.aclose()


def build_model_run(spec: str | None, judge: JudgeMode, *, parse: bool, config: SourceConfig,
                    use_cache: bool = True,
                    model_thresholds: tuple[float, float] | None = None) -> ModelRun | None:
    """The helpers for a run; None when no model is configured. ValueError on a bad spec."""
    if spec is None:
        if judge != "rules":
            raise ValueError(f"--judge {judge} needs a model: add --llm PROVIDER:MODEL")
        return None
    model: Model = make_model(parse_spec(spec), config)
    if use_cache:
        from citecheck.sources.cache import ResponseCache, default_cache_path

        model = CachedModel(model, ResponseCache(default_cache_path(config.cache_dir)))
    exact, minor = model_thresholds or (MODEL_EXACT, MODEL_MINOR)
    return ModelRun(
        model=model,
        judge=ModelJudge(model, judge, model_exact=exact, model_minor=minor)
        if judge != "rules" else None,
        reparser=ModelParser(model) if parse else None,
    )




def model_thresholds(path: Path | None) -> tuple[float, float] | None:
    """(τ_E, τ_M) of the model's scores from a thresholds file; None for the defaults."""
    if path is None:
        return None
    from citecheck.decide import load_thresholds

    fit = load_thresholds(path)
    return fit.exact, fit.minor


__all__ = ["MODEL_EXACT", "MODEL_MINOR", "ModelRun", "build_model_run", "model_thresholds"]
