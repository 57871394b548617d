"""What a check may be told: the switches for its stages (`CheckOptions`) and the hook a model
judge plugs into (`Judge`). The checker (`checker.py`) takes both; the re-reader's hook is the
reading stage's (`reading.reconcile.Reparser`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from citecheck.model import Assessment, Candidate, Citation
from citecheck.retrieve import RetrieveOptions

__all__ = ["CheckOptions", "Judge"]

#: async (citation, [(candidate, assessment)], identity mismatches, τ_E, τ_M) -> the pairs with
#: assessments a model has judged (e.g. `citecheck.llm.judging.ModelJudge`, bounded by evidence)
Judge = Callable[
    [Citation, list[tuple[Candidate, Assessment]], list[bool], float, float],
    Awaitable[list[tuple[Candidate, Assessment]]],
]


@dataclass(frozen=True)
class CheckOptions:
    """Switches for the pipeline's stages (the benchmark's ablations turn them off)."""

    reviewer: bool = True
    identifier_lookup: bool = True
    journal_lookup: bool = True
    title_search: bool = True
    concurrency: int = 16
    #: seconds one citation may take (queueing, retries and all) before it is UNVERIFIED with
    #: "deadline: <source> did not answer in time"; None: no budget
    deadline: float | None = 60.0

    def retrieve_options(self) -> RetrieveOptions:
        return RetrieveOptions(identifier_lookup=self.identifier_lookup,
                               journal_lookup=self.journal_lookup, title_search=self.title_search)
