"""`citecheck check DOC --claims`: linkage findings with no model, support judged with one
(a loopback OpenAI-compatible stand-in), every quote found in its abstract, and the gate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.claims.support import quote_in
from citecheck.cli import app
from tests.fakes import closed_world_index
from tests.servers.llm import FakeModelServer, lexical_support

CLAIMS = Path(__file__).parent / "data" / "claims"
runner = CliRunner()


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = [json.loads(line) for line in (CLAIMS / "support-records.jsonl").read_text(encoding="utf-8").splitlines()]
    return closed_world_index(tmp_path_factory.mktemp("claims-index"), records)


def _check(index: Path, doc: Path, *args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["check", "--offline", "--index", str(index), "--no-cache", "-f", "json",
                                 "--claims", str(doc), *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def test_without_a_model_claims_are_linked_and_not_judged(index: Path) -> None:
    code, doc = _check(index, CLAIMS / "support-report.md", "--fail-on", "unsupported")
    claims = {v["id"]: v["claims"] for v in doc["verdicts"]}
    assert [c["marker"] for c in claims["support-report.md#1"]] == ["[1]", "[1]"]
    assert all("label" not in c and "not judged" in c["rationale"] for cs in claims.values() for c in cs)
    assert code == 0
    assert all("abstract" not in (v["match"] or {}) for v in doc["verdicts"])


def test_support_judged_by_a_model_with_quotes_from_the_abstract(index: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"SupportAnswer": lexical_support}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        code, doc = _check(index, CLAIMS / "support-report.md", "--llm", "openai-compatible:stand-in",
                           "--fail-on", "unsupported")
    by_id = {v["id"]: v for v in doc["verdicts"]}
    labels = {(v["id"], c["sentence"][:20]): c["label"] for v in doc["verdicts"] for c in v["claims"]}
    assert labels == {
        ("support-report.md#1", "A growth hormone sec"): "SUPPORTED",
        ("support-report.md#1", "Minimum wage laws re"): "UNRELATED",
        ("support-report.md#2", "Serial correlation b"): "SUPPORTED",
        ("support-report.md#3", "Opening microfinance"): "SUPPORTED",
    }
    records = {json.loads(line)["DOI"]: json.loads(line)
               for line in (CLAIMS / "support-records.jsonl").read_text(encoding="utf-8").splitlines()}
    for verdict in by_id.values():
        abstract = records[verdict["match"]["DOI"]]["abstract"]
        for claim in verdict["claims"]:
            assert claim["quote"] and quote_in(claim["quote"], abstract)
            assert claim["abstract_source"] in ("crossref", "semanticscholar")
    assert code == 1  # --fail-on unsupported: the UNRELATED sentence fails the gate


def test_linkage_findings_need_no_network_and_no_model(index: Path) -> None:
    _, doc = _check(index, CLAIMS / "numeric-report.md", "--fail-on", "never")
    verdicts = {v["id"]: v for v in doc["verdicts"]}
    assert verdicts["numeric-report.md#6"]["claims"] == []  # never cited
    assert len(verdicts["numeric-report.md#3"]["claims"]) == 2


def test_index_keeps_abstracts_unless_told_not_to(tmp_path: Path) -> None:
    from citecheck.index.search import LocalIndex

    records = CLAIMS / "support-records.jsonl"
    for flag, kept in (("--abstracts", True), ("--no-abstracts", False)):
        db = tmp_path / f"{flag}.db"
        result = runner.invoke(app, ["index", "build", "-q", "-j", "1", flag, str(db), str(records)])
        assert result.exit_code == 0, result.output
        index = LocalIndex(db)
        try:
            found = index.by_doi("10.1002/jor.1100150407")
        finally:
            index.close()
        assert found is not None
        assert ("abstract" in (found.model_extra or {})) is kept
