"""Opt-in end to end with a real local model (llama-cpp-python + a GGUF file).

    CITECHECK_TEST_GGUF=/path/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf pytest tests/test_llm_local.py

Skipped with the reason when the file or llama-cpp-python is absent (a fresh clone, CI).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.entries import read_path
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


def test_real_model_parse_and_judge_stay_bounded(gguf: str, tmp_path: Path) -> None:
    db = tmp_path / "index.sqlite"
    build_index(db, [DATA / "records.jsonl"])
    run = build_model_run(f"local:{gguf}", "llm", parse=True, config=SourceConfig(),
                          use_cache=False)
    assert run is not None
    checker = Checker(db, offline=True, sources=[], reparser=run.reparser, judge=run.judge)
    [odd] = checker.check_citations(read_path(DATA / "unreadable.txt"))
    assert run.model.usage.by_role.get("parse") == 1 and run.model.usage.failed == 0
    assert any("re-read by local:" in w for w in odd.citation.parse_warnings)
    text = odd.citation.raw.lower()
    fields = odd.citation.fields
    for value in (fields.title, fields.container_title, *(a.family for a in fields.author)):
        assert value is None or value.lower().replace("-", " ") in text.replace("-", " ")

    checker = Checker(db, offline=True, sources=[], reparser=run.reparser, judge=run.judge)
    labels = {v.citation.id: v for v in checker.check_citations(read_path(DATA / "refs.bib"))}
    assert run.model.usage.by_role.get("judge", 0) + run.model.usage.by_role.get("review", 0) > 0
    # the must-show, with a real (and unreliable) 1.5B judge
    assert labels["wrongdoi"].label is Label.MAJOR
    assert labels["yeardrift"].label is Label.MINOR
    assert labels["injected"].label is Label.MAJOR
    assert labels["faithful"].label in (Label.EXACT, Label.MINOR)
