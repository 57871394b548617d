"""One error hierarchy, and no import of the package's own modules guarded."""

from __future__ import annotations

import ast
from pathlib import Path

from citecheck.bench.dataset import DatasetError
from citecheck.bench.generate import BenchmarkError
from citecheck.decide import ThresholdsError
from citecheck.errors import CitecheckError
from citecheck.extract.errors import InputError
from citecheck.index.search import IndexOpenError
from citecheck.sources.base import SourceError, SourceSkipped
from citecheck.sources.errors import MalformedResponseError

SRC = Path(__file__).resolve().parents[1] / "src" / "citecheck"


def test_every_deliberate_error_derives_from_the_root() -> None:
    for cls in (InputError, ThresholdsError, IndexOpenError, SourceError, SourceSkipped,
                MalformedResponseError, DatasetError, BenchmarkError):
        assert issubclass(cls, CitecheckError), cls
    assert issubclass(ThresholdsError, ValueError)  # callers catching ValueError keep working


def test_no_import_of_the_package_is_guarded_by_except_importerror() -> None:
    guarded = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Try):
                continue
            catches = {getattr(h.type, "id", None) for h in node.handlers}
            if not catches & {"ImportError", "ModuleNotFoundError"}:
                continue
            for stmt in ast.walk(ast.Module(body=node.body, type_ignores=[])):
                if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").startswith("citecheck"):
                    guarded.append(f"{path.relative_to(SRC)}:{stmt.lineno}")
    assert not guarded, guarded
