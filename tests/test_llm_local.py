"""Opt-in end to end with a real local model (llama-cpp-python + a GGUF file).

    CITECHECK_TEST_GGUF=/path/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf pytest tests/test_llm_local.py

Skipped with the reason when the file or llama-cpp-python is absent (a fresh clone, CI).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.extract import read_path
from citecheck.index.build import build_index
from citecheck.llm.setup import build_model_run
from citecheck.model import Label
from citecheck.sources.config import SourceConfig

DATA = Path(__file__).parent / "data" / "llm"
GGUF = os.environ.get("CITECHECK_TEST_GGUF", "")

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def gguf() -> str:
    if not GGUF or not Path(GGUF).is_file():
        pytest.skip("set CITECHECK_TEST_GGUF to a GGUF file to run the real-model test")
    pytest.importorskip("llama_cpp", reason="llama-cpp-python not installed (citecheck[local])")
    return GGUF


def test_real_model_re_reads_an_unreadable_entry(gguf: str, tmp_path: Path) -> None:
    db = tmp_path / "index.sqlite"
    build_index(db, [DATA / "records.jsonl"])
    run = build_model_run(f"local:{gguf}", "llm", parse=True, config=SourceConfig(),
                          use_cache=False)
    assert run is not None
    checker = Checker(db, offline=True, sources=[], reparser=run.reparser, judge=run.judge)
    [verdict] = checker.check_citations(read_path(DATA / "unreadable.txt"))
    assert run.model.usage.by_role.get("parse") == 1
    assert any("re-read by local:" in w for w in verdict.citation.parse_warnings)
    # whatever the small model says, the verdict is bounded: never MAJOR for a found work
    assert verdict.match is not None, verdict.rationale
    assert verdict.label in (Label.EXACT, Label.MINOR)
