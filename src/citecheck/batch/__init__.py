"""``citecheck batch``: many citations over a Ray cluster, resumable, with one shared rate budget.

The driver plans partitions of the inputs (line ranges of JSONL files, groups of documents),
Ray workers check them with the same `Checker` as ``citecheck check`` (each opens the index
read-only), and the driver writes each finished partition atomically and records it in a
manifest, so a batch killed at any point and restarted finishes with every id exactly once.
Live sources share one per-host budget across all workers (`budget.BudgetActor`).

Ray is an optional dependency: ``pip install 'citecheck[batch]'``.
"""

from __future__ import annotations

from types import ModuleType

EXTRA_HINT = "citecheck batch needs Ray: pip install 'citecheck[batch]'"


def require_ray() -> ModuleType:
    """The ``ray`` module, or an ImportError that names the extra to install."""
    try:
        import ray
    except ImportError as exc:
        raise ImportError(EXTRA_HINT) from exc
    return ray
