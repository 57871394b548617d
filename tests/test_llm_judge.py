"""The model judge and parse fallback in the checker, bounded by evidence.

A loopback OpenAI-compatible endpoint answers; nothing leaves the machine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.index.build import build_index
from tests.servers.llm import FakeModelServer, always_same_work, always_ten

DATA = Path(__file__).parent / "data" / "llm"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("llm-index") / "index.sqlite"
    build_index(path, [DATA / "records.jsonl"])
    return path


def check(db: Path, server: FakeModelServer | None, *args: str,
          monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, Any]]:
    if server is not None:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
    result = runner.invoke(app, ["check", "--offline", "--index", str(db), "--no-cache",
                                 "-f", "json", "--fail-on", "never", *args])
    assert result.exit_code == 0, result.output
    return {v["id"]: v for v in json.loads(result.stdout)["verdicts"]}


def parse_answer(payload: dict[str, Any]) -> dict[str, Any]:
    """A right reading of tests/data/llm/unreadable.txt, plus a journal the text abbreviates
    nowhere and a page it never states (both must be dropped)."""
    assert "halvorsen" in payload["reference"]
    return {"type": "article-journal",
            "title": "quantum entanglement of superconducting qubits in a three dimensional cavity",
            "author": [{"family": "Halvorsen", "given": "I"}, {"family": "Okafor", "given": "C"}],
            "issued": None, "container-title": "Physical Review Letters", "volume": None,
            "issue": None, "page": "110501", "publisher": "American Physical Society",
            "DOI": None, "arxiv": None}


def test_always_ten_judge_cannot_move_the_evidence(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bib = str(DATA / "refs.bib")
    rules = check(db, None, bib, monkeypatch=monkeypatch)
    with FakeModelServer({"JudgeAnswer": always_ten, "ReviewAnswer": always_same_work}) as server:
        judged = check(db, server, "--llm", "openai-compatible:test", "--judge", "llm", bib,
                       monkeypatch=monkeypatch)
        assert server.by_schema("JudgeAnswer"), "the judge was never asked"
    assert judged["wrongdoi"]["label"] == "MAJOR"  # the DOI belongs to another work
    assert judged["yeardrift"]["label"] == "MINOR"
    assert any(d["field"] == "issued" for d in judged["yeardrift"]["discrepancies"])
    assert "Judged by openai-compatible:test" in judged["yeardrift"]["rationale"]
    assert "bounded by the evidence" in judged["yeardrift"]["rationale"]
    # the injected title stays what the evidence says (another title: MAJOR)
    assert judged["injected"]["label"] == rules["injected"]["label"] == "MAJOR"
    assert judged["faithful"]["label"] == "EXACT"


def test_hybrid_asks_only_in_the_ambiguous_band(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"JudgeAnswer": always_ten, "ReviewAnswer": always_same_work}) as server:
        judged = check(db, server, "--llm", "openai-compatible:test", "--judge", "hybrid",
                       str(DATA / "refs.bib"), monkeypatch=monkeypatch)
        asked = [json.loads(r["body"]["messages"][-1]["content"]) for r in server.requests]
    titles = {p["parsed"].get("title") for p in asked}
    # the faithful citation scores 10, far from both thresholds: not asked about
    assert not any("three-dimensional cavity" in (t or "") for t in titles if t)
    assert server.by_schema("ReviewAnswer")  # the wrong-DOI case is a reviewer case
    assert judged["wrongdoi"]["label"] == "MAJOR" and judged["faithful"]["label"] == "EXACT"


def test_malformed_answer_is_a_failed_call_and_the_rules_stand(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bib = str(DATA / "refs.bib")
    rules = check(db, None, bib, monkeypatch=monkeypatch)
    answers = {"JudgeAnswer": lambda _: '{"score": 10, "confidence": 1, "discrepancies": []',
               "ReviewAnswer": lambda _: {"score": 42, "confidence": 1, "discrepancies": [],
                                          "rationale": "", "same_work": True}}
    with FakeModelServer(answers) as server:  # type: ignore[arg-type]
        judged = check(db, server, "--llm", "openai-compatible:test", "--judge", "llm", bib,
                       monkeypatch=monkeypatch)
    for cid, verdict in judged.items():
        assert verdict["label"] == rules[cid]["label"]
        assert verdict["score"] == rules[cid]["score"]
    assert "gave no valid answer" in judged["yeardrift"]["rationale"]


def test_unreadable_entry_is_re_read_by_the_model_and_found(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    txt = str(DATA / "unreadable.txt")
    rules = check(db, None, txt, monkeypatch=monkeypatch)
    # the rules read no fields (only the search by the whole text finds the work)
    assert not rules["unreadable.txt#1"]["citation"]["fields"].get("container-title")
    with FakeModelServer({"ParseAnswer": parse_answer, "JudgeAnswer": always_ten}) as server:
        judged = check(db, server, "--llm", "openai-compatible:test", txt, monkeypatch=monkeypatch)
        assert len(server.by_schema("ParseAnswer")) == 1  # the parse request reached it
        assert not server.by_schema("JudgeAnswer")  # --judge rules: the model only parses
    verdict = judged["unreadable.txt#1"]
    assert verdict["label"] == "EXACT", verdict["rationale"]
    assert verdict["match"]["DOI"] == "10.1103/PhysRevLett.122.110501"
    fields = verdict["citation"]["fields"]
    assert "page" not in fields and "publisher" not in fields  # not in the text: dropped
    assert fields["container-title"] == "Physical Review Letters"  # stated in full: kept
    warnings = " ".join(verdict["citation"]["parse_warnings"])
    assert "re-read by openai-compatible:test" in warnings and "page" in warnings


def test_wrong_re_read_falls_back_to_the_rules_reading(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def nonsense(_: dict[str, Any]) -> dict[str, Any]:
        return {"type": None, "title": "okafor c quantum", "author": [], "issued": None,
                "container-title": None, "volume": None, "issue": None, "page": None,
                "publisher": None, "DOI": None, "arxiv": None}

    txt = str(DATA / "unreadable.txt")
    rules = check(db, None, txt, monkeypatch=monkeypatch)
    with FakeModelServer({"ParseAnswer": nonsense}) as server:
        judged = check(db, server, "--llm", "openai-compatible:test", txt, monkeypatch=monkeypatch)
    verdict = judged["unreadable.txt#1"]
    assert verdict["label"] == rules["unreadable.txt#1"]["label"]
    # the nonsense title retrieves nothing by title; the work is found only through the text
    assert verdict["match"] == rules["unreadable.txt#1"]["match"]


def test_judge_without_model_is_a_usage_error(db: Path) -> None:
    result = runner.invoke(app, ["check", "--offline", "--index", str(db), "--judge", "llm",
                                 str(DATA / "refs.bib")])
    assert result.exit_code == 2 and "--llm" in result.output


def test_bad_llm_spec_is_a_usage_error(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CITECHECK_LLM_URL", raising=False)
    for spec, message in (("bard:x", "unknown provider"),
                          ("openai-compatible:test", "CITECHECK_LLM_URL")):
        result = runner.invoke(app, ["check", "--offline", "--index", str(db), "--llm", spec,
                                     str(DATA / "refs.bib")])
        assert result.exit_code == 2 and message in result.output


def test_usage_line_counts_calls_and_tokens(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"JudgeAnswer": always_ten, "ReviewAnswer": always_same_work}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        monkeypatch.setenv("CITECHECK_LLM_KEY", "sk-usage-secret")
        result = runner.invoke(app, ["check", "--offline", "--index", str(db), "--no-cache",
                                     "--llm", "openai-compatible:test", "--judge", "llm",
                                     "-f", "json", "--fail-on", "never", str(DATA / "refs.bib")])
    assert result.exit_code == 0
    calls = len(server.requests)
    assert f"model openai-compatible:test: {calls} call(s)" in result.stderr
    assert f"{calls * 150} tokens" in result.stderr
    assert "sk-usage-secret" not in result.output
