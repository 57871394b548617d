"""Shared test fixtures: where the shared data lives, an isolated cache dir, the embedded index."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
TEST_DATA = ROOT / "tests" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data, or skip: the corpus-wide tests need it, a fresh clone may not have it."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data not found: corpus-wide tests need the shared data folder")
    return SHARED_DATA


@pytest.fixture(scope="session")
def test_data() -> Path:
    return TEST_DATA


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Never write into the user's real cache dir; share one embedded index per test session."""
    if "CITECHECK_CACHE_DIR" not in os.environ:
        os.environ["CITECHECK_CACHE_DIR"] = str(tmp_path_factory.mktemp("citecheck-cache"))
    os.environ.pop("CITECHECK_INDEX", None)
