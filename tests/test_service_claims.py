"""The service with ``claims=true``: a document's in-text citations linked to its entries in the
reader process, each verdict's citing sentences and the documents' findings in every answer
(JSON, NDJSON, jobs' reports, the page), and the linking bounded as the reading is."""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi) is not installed")
pytest.importorskip("multipart", reason="the serve extra (python-multipart) is not installed")

from fastapi.testclient import TestClient

from citecheck.model import Citation, Label, Verdict
from citecheck.service import ServiceConfig, create_app, inputs
from citecheck.service.app import Service
from tests.fakes import PAPERS, point_at_arxiv
from tests.servers.arxiv import LoopbackArxiv

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "examples" / "references.bib"
#: the example report with entry 5 never cited and a marker [9] that no entry answers
REPORT = (ROOT / "examples" / "report.md").read_text(encoding="utf-8") \
    .replace("interfaces [5]", "interfaces").replace("in niobium [7].", "in niobium [7] and [9].")
TEX = r"""\documentclass{article}
\begin{document}
Susceptibilities of metals were measured early \cite{keys1963}.
Nobody wrote this one \citep{nobody2020}.
\begin{thebibliography}{9}
\bibitem{keys1963} J. D. Keys and H. M. Dutton, J. Phys. Chem. Solids 24, 563 (1963).
\bibitem{unused} P. T. Keyser and S. R. Jefferts, Rev. Sci. Instrum. 60, 2711 (1989).
\end{thebibliography}
\end{document}
"""


def client(**config: object) -> TestClient:
    return TestClient(create_app(ServiceConfig(offline=True, **config)))  # type: ignore[arg-type]


def by_id(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {v["id"]: v for v in doc["verdicts"]}


def kinds(findings: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    return sorted((f["kind"], f.get("marker") or f.get("citation_id")) for f in findings)


def test_a_markdown_upload_answers_its_findings_and_each_entry_s_citing_sentences() -> None:
    r = client().post("/v1/check?claims=true", files={"file": ("report.md", REPORT.encode())})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert kinds(doc["findings"]) == [("orphan-marker", "[9]"), ("uncited-entry", "report.md#5")]
    orphan = next(f for f in doc["findings"] if f["kind"] == "orphan-marker")
    assert (orphan["file"], orphan["line"]) == ("report.md", 12)
    verdicts = by_id(doc)
    first = verdicts["report.md#1"]["claims"]
    assert [(c["marker"], c["file"], c["line"]) for c in first] == [("[1]", "report.md", 7)]
    assert first[0]["sentence"].startswith("Nuclear magnetic resonance has long been used")
    assert "label" not in first[0] and "not judged" in first[0]["rationale"]  # the service has no model
    assert verdicts["report.md#5"]["claims"] == []
    assert doc["summary"]["claims"]["not_judged"] == 6


def test_a_json_text_body_is_linked_under_the_name_its_citations_carry() -> None:
    doc = client().post("/v1/check?claims=true", json={"text": REPORT}).json()
    assert kinds(doc["findings"]) == [("orphan-marker", "[9]"), ("uncited-entry", "<text>#5")]
    assert by_id(doc)["<text>#3"]["claims"][0]["marker"] == "[3]"
    bib = client().post("/v1/check?claims=true", json={"bibtex": BIB.read_text(encoding="utf-8")}).json()
    assert bib["findings"] == [] and all("claims" not in v for v in bib["verdicts"])  # no body to link


def test_claims_follow_the_ids_given_across_files_and_a_reference_list_gets_none() -> None:
    second = REPORT.replace("[9]", "[6]")  # the same names, other markers: ids renamed "…~1"
    files = [("file", ("report.md", REPORT.encode())), ("file", ("report.md", second.encode())),
             ("file", ("references.bib", BIB.read_bytes()))]
    doc = client().post("/v1/check?claims=true", files=files).json()
    verdicts = by_id(doc)
    assert len(verdicts["report.md#6"]["claims"]) == 1 and len(verdicts["report.md#6~1"]["claims"]) == 2
    assert kinds(doc["findings"]) == [("orphan-marker", "[9]"), ("uncited-entry", "report.md#5"),
                                      ("uncited-entry", "report.md#5~1")]
    assert "claims" not in verdicts["keys1963"]  # a file without markers: not an uncited entry either


def test_a_tex_upload_links_its_cite_commands_to_its_own_thebibliography() -> None:
    doc = client().post("/v1/check?claims=true", files={"file": ("paper.tex", TEX.encode())}).json()
    verdicts = by_id(doc)
    assert [c["marker"] for c in verdicts["keys1963"]["claims"]] == [r"\cite{keys1963}"]
    assert verdicts["keys1963"]["claims"][0]["line"] == 3
    assert verdicts["unused"]["claims"] == []
    assert kinds(doc["findings"]) == [("orphan-marker", r"\citep{nobody2020}"), ("uncited-entry", "unused")]


@pytest.fixture
def arxiv(monkeypatch: pytest.MonkeyPatch) -> Iterator[LoopbackArxiv]:
    with LoopbackArxiv(PAPERS[:1]) as server:
        yield point_at_arxiv(monkeypatch, server, retries=0)


def test_a_fetched_paper_is_linked_by_its_latex_source(arxiv: LoopbackArxiv) -> None:
    with client(allow_fetch=True) as c:
        doc = c.post("/v1/check?claims=true", json={"paper": "arXiv:2401.00001"}).json()
    claims = by_id(doc)["Gutman2008"]["claims"]
    assert [(x["marker"], x["file"], x["line"]) for x in claims] == [
        (r"\cite{Gutman2008}", "arXiv:2401.00001/aps-prl.tex", 15)]
    assert doc["findings"] == [] and all(v["claims"] for v in doc["verdicts"])


def test_without_claims_the_answers_are_what_they_were() -> None:
    c = client()
    c.post("/v1/check?claims=true", files={"file": ("report.md", REPORT.encode())})  # nothing carries over
    for params in ({}, {"claims": "false"}):
        doc = c.post("/v1/check", params=params, files={"file": ("report.md", REPORT.encode())}).json()
        assert "findings" not in doc and "claims" not in doc["summary"]
        assert all("claims" not in v for v in doc["verdicts"])
        page = c.post("/v1/check", params={**params, "format": "html"},
                      files={"file": ("report.md", REPORT.encode())}).text
        assert "<article" in page and "Document findings" not in page


def test_ndjson_with_claims_carries_the_sentences_then_one_line_per_finding() -> None:
    with client().stream("POST", "/v1/check?claims=true&format=jsonl",
                         files={"file": ("report.md", REPORT.encode())}) as r:
        lines = [json.loads(line) for line in r.iter_lines() if line]
    assert [("finding" in line) for line in lines] == [False] * 7 + [True] * 2
    assert all(line["schema_version"] == "1.0" for line in lines)
    assert all("claims" in line for line in lines[:7])
    assert kinds([line["finding"] for line in lines[7:]]) == [("orphan-marker", "[9]"),
                                                              ("uncited-entry", "report.md#5")]


def test_a_stream_with_claims_that_fails_still_ends_with_its_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    async def failing(self: Service, citations: list[Citation]) -> AsyncIterator[Verdict]:
        yield Verdict(citation=citations[0], label=Label.UNVERIFIED)
        raise RuntimeError("the index went away")

    monkeypatch.setattr(Service, "stream", failing)
    with client().stream("POST", "/v1/check?claims=true&format=jsonl",
                         files={"file": ("report.md", REPORT.encode())}) as r:
        lines = [json.loads(line) for line in r.iter_lines() if line]
    assert lines[0]["id"] == "report.md#1" and lines[0]["claims"][0]["marker"] == "[1]"
    assert lines[1:] == [{"error": "the check failed: RuntimeError: the index went away"}]


def finished(c: TestClient, job: dict[str, Any]) -> dict[str, Any]:
    for _ in range(400):
        state: dict[str, Any] = c.get(f"/v1/jobs/{job['id']}").json()
        if state["status"] in ("done", "failed"):
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job['id']} did not finish")


def test_a_job_with_claims_shows_the_findings_in_every_report_format() -> None:
    with client() as c:
        job = c.post("/v1/jobs?claims=true", files={"file": ("report.md", REPORT.encode())}).json()
        state = finished(c, job)
        assert state["status"] == "done"
        assert kinds(state["result"]["findings"]) == [("orphan-marker", "[9]"), ("uncited-entry", "report.md#5")]
        report = f"/v1/jobs/{job['id']}/report?format="
        html = c.get(report + "html").text
        assert "Document findings (2)" in html and "orphan-marker" in html and "[9]" in html
        assert "Nuclear magnetic resonance has long been used" in html  # a citing sentence, in its card
        markdown = c.get(report + "markdown").text
        assert "## Document findings (2)" in markdown and "**uncited-entry**" in markdown
        sarif = c.get(report + "sarif").json()
        assert {"orphan-marker", "uncited-entry"} <= {x["properties"].get("kind") for x in sarif["runs"][0]["results"]
                                                       if "properties" in x}
        rows = list(csv.DictReader(io.StringIO(c.get(report + "csv").text)))
        assert {row["id"]: row["claims"] for row in rows}["report.md#5"] == "not cited"
        assert c.get(report + "json").json()["findings"] == state["result"]["findings"]
        plain = c.post("/v1/jobs", files={"file": ("report.md", REPORT.encode())}).json()
        finished(c, plain)
        assert "Document findings" not in c.get(f"/v1/jobs/{plain['id']}/report?format=html").text
        assert "findings" not in c.get(f"/v1/jobs/{plain['id']}/report?format=json").json()


def test_the_page_offers_to_check_in_text_citations() -> None:
    page = client().get("/").text
    assert '<input type="checkbox" id="claims"' in page and "Check in-text citations (--claims)" in page
    assert "claims.checked?'v1/jobs?claims=true':'v1/jobs'" in page


def marker_heavy(lines: int) -> str:
    """One paragraph dense with markers, then three entries: cheap to read, slow to link."""
    body = "\n".join("Thing [1], [2, 3] and Smith et al. (2019) [1]-[3] " * 8 for _ in range(lines))
    refs = "\n".join(f"[{i}] A. Author{i}, A study of thing {i}, Phys. Rev. B {i}, {100 + i} (1999)."
                     for i in range(1, 4))
    return f"{body}\n\n## References\n\n{refs}\n"


def test_linking_a_marker_heavy_upload_is_bounded_by_the_read_deadline() -> None:
    upload = {"file": ("dense.md", marker_heavy(2000).encode())}
    with client(read_timeout_s=1.0) as c:
        started = time.perf_counter()
        slow = c.post("/v1/check?claims=true", files=upload)
        # linking is linear in the text now: the reader is either stopped at its deadline or
        # finishes and the citing-text limits refuse the 96,000 sentences — never an answer
        why = {422: "took over 1 s", 413: "over the limit"}.get(slow.status_code)
        assert why is not None and why in slow.json()["detail"], slow.text
        assert time.perf_counter() - started < 10
        assert c.post("/v1/check", files=upload).status_code == 200  # reading alone is quick
        assert c.get("/healthz").status_code == 200


def test_more_citing_sentences_than_allowed_are_refused_before_they_are_sent_back() -> None:
    text = "\n".join(f"Claim {i} holds [1]." for i in range(16)) + \
        "\n\n## References\n\n[1] A. Author, A study, Phys. Rev. B 1, 100 (1999).\n"
    with pytest.raises(inputs.RequestInputError) as refused:
        inputs.link_json_body(json.dumps({"text": text}).encode(), 3)
    assert refused.value.status == 413 and "16 in-text citations, over the limit of 15" in str(refused.value)
    r = client(max_citations=3).post("/v1/check?claims=true", json={"text": text})
    assert r.status_code == 413
    assert client(max_citations=4).post("/v1/check?claims=true", json={"text": text}).status_code == 200


def test_citing_text_over_its_limit_is_refused_before_it_is_sent_back() -> None:
    body = json.dumps({"text": marker_heavy(110)}).encode()  # 46 KB: 5,280 markers, each shown in a ~1,800-character window
    with pytest.raises(inputs.RequestInputError) as refused:
        inputs.link_json_body(body, 2000)
    assert refused.value.status == 413 and f"over the limit of {inputs.MAX_CLAIMS_CHARS}" in str(refused.value)
    assert len(inputs.read_json_body(body, 2000)) == 3
