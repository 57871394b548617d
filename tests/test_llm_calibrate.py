"""`citecheck calibrate --judge llm`: the model's thresholds, fitted on its own raw scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.bench.dataset import read_jsonl, write_jsonl
from citecheck.cli import app
from citecheck.decide import Thresholds
from tests.servers.llm import FakeModelServer

DEVSET = Path(__file__).parent / "data" / "bench" / "devset.jsonl"


def judge(payload: dict[str, Any]) -> dict[str, Any]:
    """A crude judge: 10 when title and year agree, 7 when only the title does, else 2."""
    cited, found = payload["parsed"], payload["record"]
    same_title = (cited.get("title") or "").lower() == (found.get("title") or "").lower()
    score = 2 if not same_title else 10 if cited.get("issued") == found.get("issued") else 7
    return {"score": score, "confidence": 0.8, "discrepancies": [], "rationale": "crude"}


def test_calibrate_judge_llm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "mini.jsonl"
    write_jsonl([i for i in read_jsonl(DEVSET) if i.split == "validation"][:18], data)
    out = tmp_path / "llm-thresholds.json"
    runner = CliRunner()
    with FakeModelServer({"JudgeAnswer": judge}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        res = runner.invoke(app, ["calibrate", str(data), "--out", str(out), "--judge", "llm",
                                  "--llm", "openai-compatible:test"])
        assert res.exit_code == 0, res.output
        assert server.by_schema("JudgeAnswer")
    fitted = Thresholds.model_validate_json(out.read_text())
    assert fitted.minor <= fitted.exact and "model openai-compatible:test" in fitted.source
    res = runner.invoke(app, ["calibrate", str(data), "--out", str(out), "--judge", "llm"])
    assert res.exit_code == 2 and "--llm" in res.output
