"""`check --claims` in every output format: the documents' findings (markers without an entry,
entries never cited, ambiguous markers) and each entry's citing sentences with their support
label and quote; hostile sentence text shown as text; a run without --claims unchanged.

Linkage runs use the embedded index; judged runs a closed-world index of the claims records and
a loopback OpenAI-compatible stand-in model. Nothing leaves the machine."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.checker import Checker
from citecheck.claims.run import attach_claims
from citecheck.cli import app
from citecheck.model import DocumentFinding, Verdict
from citecheck.report import FORMATS, get_format
from citecheck.report.csvout import COLUMNS
from citecheck.report.html_assets import CLAIMS_CSS
from citecheck.runctl import resume_ids
from tests.fakes import closed_world_index
from tests.servers.llm import FakeModelServer, lexical_support

ROOT = Path(__file__).resolve().parents[1]
CLAIMS = ROOT / "tests" / "data" / "claims"
SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-2.1.0-rtm.5.json"
runner = CliRunner()

#: sentences added to the support report: one the stand-in calls CONTRADICTED, one full of markup
#: and terminal escapes, one citing an entry the list lacks; and an entry nothing cites
CONTRADICTED = ("A growth hormone secretagogue never changed muscle strength in beagles during "
                "remobilization after hindlimb immobilization [1].")
HOSTILE = ("Placebo laws <script>alert(1)</script> \x1b]0;pwned\x07 \x1b[31m # [click](javascript:alert(1)) "
           "| cell appear significant too often [2].")
ORPHAN = "A claim whose entry is missing closes the notes [7]."
UNCITED = '[4] A. Nobody, "An entry that no sentence cites," J. Unc. Res. 1, 1 (2020).'


def _contrarian(payload: dict[str, Any]) -> dict[str, Any]:
    """The lexical stand-in, but a sentence saying "never" what the abstract says is CONTRADICTED."""
    got = lexical_support(payload)
    if " never " in payload["sentence"] and got["label"] == "SUPPORTED":
        return {**got, "label": "CONTRADICTED", "rationale": "the abstract reports an increase"}
    return got


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Format name → the report of one judged --claims run over the support report and its additions."""
    folder = tmp_path_factory.mktemp("claims-outputs")
    records = [json.loads(line) for line in (CLAIMS / "support-records.jsonl").read_text(encoding="utf-8").splitlines()]
    index = closed_world_index(folder, records)
    text = (CLAIMS / "support-report.md").read_text(encoding="utf-8")
    text = text.replace("\n## References", f"\n{CONTRADICTED}\n{HOSTILE}\n{ORPHAN}\n\n## References")
    (folder / "notes.md").write_text(text.rstrip("\n") + f"\n{UNCITED}\n", encoding="utf-8")
    out: dict[str, str] = {}
    with FakeModelServer({"SupportAnswer": _contrarian}) as server, pytest.MonkeyPatch.context() as env:
        env.setenv("CITECHECK_LLM_URL", server.base_url)
        env.chdir(folder)  # SARIF locations relative to the working folder
        for name in FORMATS:
            result = runner.invoke(app, ["check", "--offline", "--index", str(index), "--no-cache", "--claims",
                                         "--llm", "openai-compatible:stand-in", "--fail-on", "never", "-q",
                                         "-f", name, "-o", f"out.{name}", "notes.md"])
            assert result.exit_code == 0, result.output
            out[name] = (folder / f"out.{name}").read_text(encoding="utf-8")
    return out


def _linked(doc: str) -> tuple[list[Verdict], list[DocumentFinding]]:
    verdicts = Checker(offline=True, sources=[]).check_file(CLAIMS / doc)
    return verdicts, asyncio.run(attach_claims([str(CLAIMS / doc)], verdicts))


@pytest.fixture(scope="module")
def authoryear() -> tuple[list[Verdict], list[DocumentFinding]]:
    return _linked("authoryear-report.md")


@pytest.fixture(scope="module")
def numeric() -> tuple[list[Verdict], list[DocumentFinding]]:
    return _linked("numeric-report.md")


def _render(name: str, verdicts: list[Verdict], findings: list[DocumentFinding] | None) -> str:
    fmt = get_format(name)
    fmt.findings = None if findings is None else tuple(findings)
    return fmt.render(verdicts, 1.0)


def test_json_lists_the_findings_and_counts_sentences_by_label(
        authoryear: tuple[list[Verdict], list[DocumentFinding]], judged: dict[str, str]) -> None:
    doc = json.loads(_render("json", *authoryear))
    assert sorted(f["kind"] for f in doc["findings"]) == ["ambiguous-marker", "orphan-marker", "uncited-entry"]
    ambiguous = next(f for f in doc["findings"] if f["kind"] == "ambiguous-marker")
    assert ambiguous["marker"] == "(Smith 2010)" and len(ambiguous["candidates"]) == 2 and ambiguous["line"] == 6
    assert doc["summary"]["claims"]["not_judged"] == sum(len(v["claims"]) for v in doc["verdicts"]) > 0
    judged_doc = json.loads(judged["json"])
    assert judged_doc["summary"]["claims"] == {"SUPPORTED": 3, "CONTRADICTED": 1, "UNRELATED": 1,
                                               "CANNOT_TELL": 1, "not_judged": 0}
    assert [f["kind"] for f in judged_doc["findings"]] == ["orphan-marker", "uncited-entry"]
    first = next(v for v in judged_doc["verdicts"] if v["id"] == "notes.md#1")
    assert {c["label"] for c in first["claims"]} == {"SUPPORTED", "UNRELATED", "CONTRADICTED"}
    assert all(c["quote"] and c["abstract_source"] and c["line"] for c in first["claims"])


def test_jsonl_writes_each_finding_on_a_line_after_the_verdicts_and_resume_reads_past_them(
        judged: dict[str, str], tmp_path: Path) -> None:
    lines = [json.loads(line) for line in judged["jsonl"].splitlines()]
    kinds = ["finding" in line for line in lines]
    assert kinds == sorted(kinds) and kinds.count(True) == 2  # verdicts first, then the findings
    assert all(set(line) == {"schema_version", "finding"} for line in lines if "finding" in line)
    assert all("claims" in line for line in lines if "finding" not in line)
    out = tmp_path / "run.jsonl"
    out.write_text(judged["jsonl"], encoding="utf-8")
    assert resume_ids(out) == {line["id"] for line in lines if "id" in line}


def test_resume_with_claims_is_refused_naming_both_options(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", "--offline", "--claims", "--resume", "-f", "jsonl",
                                 "-o", str(tmp_path / "out.jsonl"), str(CLAIMS / "numeric-report.md")])
    assert result.exit_code == 2
    assert "--resume cannot be used with --claims" in result.output
    assert not (tmp_path / "out.jsonl").exists()


def test_markdown_has_document_findings_and_each_entrys_citing_sentences(
        numeric: tuple[list[Verdict], list[DocumentFinding]], judged: dict[str, str]) -> None:
    text = _render("markdown", *numeric)
    assert "## Document findings (2)" in text
    assert "- **orphan-marker** numeric-report.md:6 `[9]`:" in text
    assert "- **uncited-entry** numeric-report.md:17 `numeric-report.md#6`:" in text
    assert "- citing sentences: none (the text never cites this entry)" in text
    assert "  - **not judged** numeric-report.md:3 `[1]`: Graphene was first isolated by mechanical exfoliation \\[1\\]." in text
    judged_text = judged["markdown"]
    assert "6 citing sentence(s): 3 SUPPORTED, 1 CONTRADICTED, 1 UNRELATED, 1 CANNOT\\_TELL" not in judged_text
    assert "6 citing sentence(s): 3 SUPPORTED, 1 CONTRADICTED, 1 UNRELATED, 1 CANNOT_TELL" in judged_text
    assert "  - **CONTRADICTED** notes.md:9 `[1]`: A growth hormone secretagogue never changed" in judged_text
    assert "    - abstract (crossref): " in judged_text or "    - abstract (semanticscholar): " in judged_text


def _section(html: str, start: str, end: str) -> str:
    return html[html.index(start):html.index(end, html.index(start))]


def test_html_shows_findings_first_and_each_sentence_beside_its_quote(judged: dict[str, str]) -> None:
    html = judged["html"]
    assert html.index('<section class="findings">') < html.index("<nav") < html.index("<main>")
    findings = _section(html, '<section class="findings">', "</section>")
    assert "<b>orphan-marker</b>" in findings and "<code>[7]</code>" in findings
    assert "<b>uncited-entry</b>" in findings and '<a href="#c4">#4</a>' in findings
    assert "Citing sentences the cited work does not support:" in findings
    row = next(r for r in html.split("<tr") if "never changed muscle strength" in r)
    assert 'class="unsupported"' in row and ">CONTRADICTED</span>" in row and "<q>" in row  # side by side
    assert "http" not in CLAIMS_CSS and "url(" not in CLAIMS_CSS and "<script src" not in html


def test_sarif_files_findings_and_unsupported_sentences_at_their_lines_and_validates(judged: dict[str, str]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    log = json.loads(judged["sarif"])
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(log)
    run = log["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    got = {(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
           for r in run["results"] if r["ruleId"].endswith(("-marker", "-entry", "-claim"))}
    assert got == {("citecheck/orphan-marker", "warning", 11), ("citecheck/uncited-entry", "note", 18),
                   ("citecheck/contradicted-claim", "error", 9), ("citecheck/unrelated-claim", "warning", 7)}
    for result in run["results"]:
        rule = rules[result["ruleId"]]
        assert run["tool"]["driver"]["rules"][result["ruleIndex"]] is rule and rule["help"]["text"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "notes.md"
    contradicted = next(r for r in run["results"] if r["ruleId"] == "citecheck/contradicted-claim")
    assert contradicted["properties"]["quote"] in contradicted["message"]["text"]


def test_table_lists_findings_unsupported_sentences_and_a_count_by_label(
        authoryear: tuple[list[Verdict], list[DocumentFinding]], judged: dict[str, str]) -> None:
    text = _render("table", *authoryear)
    tail = text[text.index("citation(s):"):]
    assert "ambiguous-marker authoryear-report.md:6 (Smith 2010)" in tail
    assert "uncited-entry authoryear-report.md:18 authoryear-report.md#9" in tail
    assert "3 document finding(s); 6 citing sentence(s): 6 not judged" in tail
    judged_tail = judged["table"][judged["table"].index("citation(s):"):]
    assert "CONTRADICTED notes.md:9 [1] → notes.md#1 A growth hormone secretagogue never changed" in judged_tail
    assert "UNRELATED notes.md:7 [1] → notes.md#1 Minimum wage laws" in judged_tail
    assert "2 document finding(s); 6 citing sentence(s): 3 SUPPORTED, 1 CONTRADICTED, 1 UNRELATED, 1 CANNOT_TELL" in judged_tail


def test_csv_claims_column_counts_each_entrys_sentences_by_label(judged: dict[str, str]) -> None:
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(judged["csv"]))}
    assert rows["notes.md#1"]["claims"] == "SUPPORTED×1; CONTRADICTED×1; UNRELATED×1"
    assert rows["notes.md#4"]["claims"] == "not cited"
    assert list(rows["notes.md#1"]) == [*COLUMNS, "claims"]


def test_hostile_sentence_is_shown_as_text_in_html_markdown_and_the_terminal(judged: dict[str, str]) -> None:
    html, markdown, table = judged["html"], judged["markdown"], judged["table"]
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "\x1b" not in markdown + table and "\x07" not in markdown + table and "pwned" not in markdown + table
    hostile = next(line for line in markdown.splitlines() if "Placebo laws" in line)
    assert "&lt;script&gt;" in hostile and "\\[click\\](javascript:alert(1)) \\| cell" in hostile
    assert not re.search(r"(?<!\\)\]\(javascript", markdown) and "<script>" not in markdown  # no live link


def test_a_run_without_claims_writes_no_trace_of_them(numeric: tuple[list[Verdict], list[DocumentFinding]]) -> None:
    plain = [v.model_copy(update={"claims": None}) for v in numeric[0]]
    for name in FORMATS:
        out = _render(name, plain, None)
        assert not any(trace in out for trace in ("citing sentence", "Document findings", "document finding(s)",
                                                  '"findings"', '"finding"', "citecheck/orphan-marker")), name
    assert '"claims"' not in _render("json", plain, None)
    assert CLAIMS_CSS not in _render("html", plain, None)
    rules = json.loads(_render("sarif", plain, None))["runs"][0]["tool"]["driver"]["rules"]
    assert not any(r["id"].endswith(("-marker", "-entry", "-claim")) for r in rules)
    assert _render("csv", plain, None).splitlines()[0] == ",".join(COLUMNS)
