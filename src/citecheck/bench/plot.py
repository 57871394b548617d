"""Confusion-matrix PNG (matplotlib is the optional `bench` extra, imported only here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from citecheck.bench.metrics import CLASSES, PRED_COLUMNS


def confusion_png(metrics: dict[str, Any], path: Path, title: str) -> bool:
    """Write the confusion matrix as a PNG; False (and nothing written) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # the optional `bench` extra (matplotlib) is not installed
        return False
    grid = [[metrics["confusion"][g][p] for p in PRED_COLUMNS] for g in CLASSES]
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=120)
    ax.imshow(grid, cmap="Blues")
    ax.set_xticks(range(len(PRED_COLUMNS)), PRED_COLUMNS, fontsize=8)
    ax.set_yticks(range(len(CLASSES)), CLASSES, fontsize=8)
    ax.set_xlabel("predicted")
    ax.set_ylabel("gold")
    top = max(max(row) for row in grid) or 1
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            ax.text(j, i, str(value), ha="center", va="center",
                    color="white" if value > top / 2 else "black", fontsize=9)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return True
