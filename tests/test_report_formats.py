"""Report formats: the registry, and the HTML, SARIF and table reports on the bundled examples."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.checker import Checker
from citecheck.cli import app
from citecheck.model import Citation, Discrepancy, Label, Provenance, Record, Verdict
from citecheck.report import FORMATS, StreamingFormat, get_format
from citecheck.report.csvout import render_csv
from citecheck.report.html import render_html
from citecheck.report.jsonout import render_json, verdict_line
from citecheck.report.markdown import render_markdown
from citecheck.report.sarif import render_sarif

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "examples" / "references.bib"
MD = ROOT / "examples" / "report.md"
SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-2.1.0-rtm.5.json"


@pytest.fixture(scope="module")
def verdicts() -> list[Verdict]:
    out = Checker(offline=True).check_file(BIB) + Checker(offline=True).check_file(MD)
    assert len(out) == 12
    return out


def test_registry_knows_every_format_and_which_stream() -> None:
    assert {"table", "json", "jsonl", "csv", "markdown", "html", "sarif"} <= set(FORMATS)
    for name in FORMATS:
        fmt = get_format(name)
        assert fmt.name == name
        assert fmt.streaming == isinstance(fmt, StreamingFormat)
    assert [n for n in FORMATS if get_format(n).streaming] == ["jsonl"]
    with pytest.raises(ValueError, match="unknown report format 'xml'"):
        get_format("xml")


def test_registry_renders_what_the_modules_render(verdicts: list[Verdict]) -> None:
    assert get_format("json").render(verdicts, 1.5) == render_json(verdicts, 1.5)
    assert get_format("csv").render(verdicts) == render_csv(verdicts)
    assert get_format("markdown").render(verdicts) == render_markdown(verdicts)
    assert get_format("jsonl").render(verdicts[:2]) == "".join(verdict_line(v) + "\n" for v in verdicts[:2])


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_html_report_is_self_contained_with_one_card_per_citation(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["check", "--offline", "--fail-on", "never", "-f", "html",
                                      "-o", str(out), str(BIB)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(page)
    for tag, attrs in parser.tags:
        for attr in ("src", "href"):
            value = (attrs.get(attr) or "").lower()
            if tag in ("script", "link", "img", "iframe", "style"):
                assert not value, f"external {tag} {attr}={value}"
            if tag == "a" and value:
                assert value.startswith(("https://doi.org/", "https://arxiv.org/", "http", "#"))
    cards = [a for t, a in parser.tags if t == "article"]
    assert len(cards) == 5
    assert sorted(a["data-label"] or "" for a in cards) == ["EXACT", "MAJOR", "MINOR", "MINOR", "UNVERIFIED"]
    assert "<svg" in page and "@media print" in page and 'id="q"' in page
    assert "https://doi.org/10.1016/0022-3697(63)90153-7" in page


def _hostile() -> Verdict:
    cited = Record(title="<script>alert('cited')</script>", author=[{"family": "<b>Evil</b>"}])
    found = Record(title="Real <i>work</i>", URL="javascript:alert(1)", DOI='10.1/x"><script>')
    return Verdict(
        citation=Citation(id="x<1>", raw="<script>alert('raw')</script> Nature 1, 2 (2020)",
                          fields=cited, provenance=Provenance(file="<a>.bib", line=3)),
        label=Label.MINOR, score=5.0, match=found, match_source="index", matched_by="doi",
        discrepancies=[Discrepancy(field="title", cited=cited.title, found=found.title,
                                   detail="<img src=x onerror=alert(2)>")],
        rationale="<script>alert('why')</script>")


def test_html_escapes_everything_from_the_input() -> None:
    page = render_html([_hostile()])
    assert page.count("<script>") == 1  # the report's own filter script, nothing else
    assert "&lt;script&gt;alert(&#x27;raw&#x27;)&lt;/script&gt;" in page
    assert "<img" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "javascript:" not in page.split("<script>")[0]
    assert "<b>Evil</b>" not in page and "&lt;b&gt;Evil&lt;/b&gt;" in page


def test_sarif_validates_and_points_at_each_entry_line(verdicts: list[Verdict]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    log = json.loads(render_sarif(verdicts))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    run = log["runs"][0]
    results = run["results"]
    bad = [v for v in verdicts if v.label in (Label.MINOR, Label.MAJOR, Label.UNVERIFIED)]
    assert len(results) == len(bad) == 8
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert len(rule_ids) == len(set(rule_ids)) and "citecheck/identifier-conflict" in rule_ids
    assert all(r["help"]["text"] for r in run["tool"]["driver"]["rules"])
    levels = {"MAJOR": "error", "MINOR": "warning", "UNVERIFIED": "note"}
    for res, verdict in zip(results, bad, strict=True):
        assert res["level"] == levels[verdict.label.value]
        assert rule_ids[res["ruleIndex"]] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        line = loc["region"]["startLine"]
        path = ROOT / loc["artifactLocation"]["uri"] if not loc["artifactLocation"]["uri"].startswith(
            "file:") else Path(loc["artifactLocation"]["uri"][7:])
        text = path.read_text(encoding="utf-8").splitlines()[line - 1]
        if path.suffix == ".bib":
            assert text.startswith("@") and verdict.citation.provenance.key in text
        else:
            assert text.startswith(verdict.citation.raw[:20])
        if verdict.match is not None:
            assert "Found: " in res["message"]["text"]


def test_sarif_rule_for_a_fabricated_work_and_a_borrowed_doi(verdicts: list[Verdict]) -> None:
    results = {r["properties"]["citation_id"]: r for r in json.loads(render_sarif(verdicts))["runs"][0]["results"]}
    # absent from a sample index: UNVERIFIED (a note), never "not-found"
    assert results["hallström2019"]["ruleId"] == "citecheck/unverified"
    assert results["hallström2019"]["level"] == "note"
    assert results["report.md#7"]["ruleId"] in ("citecheck/mismatch", "citecheck/identifier-conflict")


def test_table_shows_a_short_reading_not_the_raw_source() -> None:
    result = CliRunner().invoke(app, ["check", "--offline", "--fail-on", "never", str(BIB)],
                                terminal_width=200)
    assert result.exit_code == 0
    assert "Keys & Dutton (1963)" in result.stdout
    assert "@article{" not in result.stdout and "author  =" not in result.stdout
    assert "references.bib:4" in result.stdout


def _retracted(label: Label, n: int) -> Verdict:
    record = Record(id=f"r{n}", title="25Mg NMR study of the MgB2 superconductor", DOI="10.1103/x.65.100518")
    return Verdict(
        citation=Citation(id=f"cit{n}", raw=f"Mali M. et al. 2002, Phys. Rev. B 65, 100518 ({n})",
                          provenance=Provenance(file="refs.bib", line=n, key=f"k{n}")),
        label=label, match=record, match_source="crossref", matched_by="doi",
        retracted={"kind": "retraction", "notice": "10.1103/x.retraction", "date": "2021-03-09",
                   "source": "crossref"})


def test_html_and_sarif_show_a_retracted_work() -> None:
    verdicts = [_retracted(Label.EXACT, 1), _retracted(Label.MINOR, 2), _retracted(Label.UNVERIFIED, 3)]
    verdicts[2].match = None
    page = render_html(verdicts)
    cards = {m.split('"')[0]: m for m in page.split('<article class="card" data-label="')[1:]}
    for label in ("EXACT", "MINOR"):
        assert '<span class="badge retracted">RETRACTED</span>' in cards[label]
        assert "retraction notice 10.1103/x.retraction, 2021-03-09, per crossref" in cards[label]
    summary = page.split('<section class="summary">')[1].split("</section>")[0]
    assert "3 citation(s) of a retracted work" in summary and 'href="#c1"' in summary
    assert "RETRACTED" not in render_html([Verdict(citation=Citation(id="x", raw="x"), label=Label.EXACT)])

    log = json.loads(render_sarif(verdicts))
    pytest.importorskip("jsonschema").Draft4Validator(
        json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(log)
    results = log["runs"][0]["results"]
    got = sorted((r["properties"]["citation_id"], r["ruleId"], r["level"]) for r in results)
    assert got == [("cit1", "citecheck/retracted", "warning"),
                   ("cit2", "citecheck/other", "warning"), ("cit2", "citecheck/retracted", "warning"),
                   ("cit3", "citecheck/unverified", "note")]
    assert all(r["properties"]["retracted"]["notice"] == "10.1103/x.retraction" for r in results)
    warning = next(r for r in results if r["ruleId"] == "citecheck/retracted")
    assert "10.1103/x.retraction" in warning["message"]["text"]
    assert warning["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
