"""The pipeline's direction: no stage imports a later one (CLI glue excepted)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "citecheck"

#: position of each top-level module/package in the pipeline; the concept modules come first
ORDER = {
    "folding": 0, "identifiers": 0, "names": 0, "titles": 0, "venues": 0, "errors": 0,
    "normalize": 0, "model": 0,
    "extract": 1, "index": 2, "sources": 2, "retrieve": 3, "realign": 3, "verify": 4, "decide": 5,
    "checker": 6, "parallel": 6, "claims": 6, "report": 7, "export": 7,
}


def _stage(module: str) -> int | None:
    parts = module.split(".")
    return ORDER.get(parts[1]) if parts[0] == "citecheck" and len(parts) > 1 else None


def test_no_stage_imports_a_later_stage() -> None:
    backwards = []
    for path in SRC.rglob("*.py"):
        if path.stem == "cli":  # command glue wires stages together
            continue
        module = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
        here = _stage(module)
        if here is None:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("citecheck."):
                there = _stage(node.module or "")
                if there is not None and there > here:
                    backwards.append(f"{module}:{node.lineno} imports {node.module}")
    assert not backwards, backwards
