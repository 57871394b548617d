"""The HTTP service: routes through the ASGI test client, and one real uvicorn on loopback."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi) is not installed")
pytest.importorskip("multipart", reason="the serve extra (python-multipart) is not installed")

from fastapi.testclient import TestClient

from citecheck.service import ServiceConfig, create_app
from citecheck.service.app import Service
from citecheck.service.limits import TokenBucket
from tests.servers.citecheck_serve import serve

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "examples" / "references.bib"
MD = ROOT / "examples" / "report.md"


def client(**config: object) -> TestClient:
    return TestClient(create_app(ServiceConfig(offline=True, **config)))  # type: ignore[arg-type]


def test_check_a_bib_upload_answers_the_cli_json_document() -> None:
    r = client().post("/v1/check", files={"file": ("references.bib", BIB.read_bytes())})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["schema_version"] == "1.0" and doc["tool"]["name"] == "citecheck"
    assert [v["id"] for v in doc["verdicts"]] == ["keys1963", "schober1987", "kunz2023",
                                                  "hallström2019", "osada2002"]
    assert doc["summary"]["labels"] == {"EXACT": 1, "MINOR": 2, "MAJOR": 1, "UNVERIFIED": 1, "ERROR": 0}
    assert doc["verdicts"][0]["citation"]["provenance"]["file"] == "references.bib"


def test_json_text_and_bibtex_bodies() -> None:
    c = client()
    r = c.post("/v1/check", json={"text": MD.read_text(encoding="utf-8")})
    assert r.status_code == 200
    labels = [v["label"] for v in r.json()["verdicts"]]
    assert labels == ["EXACT", "EXACT", "MINOR", "MINOR", "EXACT", "UNVERIFIED", "MAJOR"]
    r = c.post("/v1/check", json={"bibtex": BIB.read_text(encoding="utf-8")})
    assert r.json()["summary"]["citations"] == 5
    assert c.post("/v1/check", json={"text": "  "}).status_code == 400
    assert c.post("/v1/check", json=["x"]).status_code == 400
    assert c.post("/v1/check", json={"text": "x", "format": "tex"}).status_code == 400


def test_ndjson_streams_one_verdict_per_line() -> None:
    with client().stream("POST", "/v1/check?format=jsonl", json={"bibtex": BIB.read_text()}) as r:
        assert r.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in r.iter_lines() if line]
    assert sorted(v["id"] for v in lines) == sorted(["keys1963", "schober1987", "kunz2023",
                                                     "hallström2019", "osada2002"])
    assert all(v["schema_version"] == "1.0" and v["label"] for v in lines)


def test_other_report_formats_come_from_the_registry() -> None:
    c = client()
    r = c.post("/v1/check?format=sarif", files={"file": ("refs.bib", BIB.read_bytes())})
    assert r.headers["content-type"].startswith("application/sarif+json")
    assert r.json()["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "refs.bib"
    r = c.post("/v1/check?format=html", files={"file": ("refs.bib", BIB.read_bytes())})
    assert r.text.count('<article class="card"') == 5
    assert c.post("/v1/check?format=xml", json={"bibtex": BIB.read_text()}).status_code == 400


def test_upload_over_the_limit_is_413_also_when_chunked() -> None:
    c = client(max_upload_bytes=4096)
    big = BIB.read_bytes() * 3
    assert c.post("/v1/check", files={"file": ("big.bib", big)}).status_code == 413

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(10):
            yield b"x" * 1000
        yield b'"}'

    r = c.post("/v1/check", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "limit" in r.json()["detail"]
    assert c.post("/v1/check", files={"file": ("ok.bib", BIB.read_bytes())}).status_code == 200


def test_too_many_citations_unsupported_files_and_tex_never_reads_server_files(tmp_path: Path) -> None:
    c = client(max_citations=2)
    r = c.post("/v1/check", files={"file": ("references.bib", BIB.read_bytes())})
    assert r.status_code == 413 and "over the limit of 2" in r.json()["detail"]
    c = client()
    assert c.post("/v1/check", files={"file": ("x.exe", b"MZ")}).status_code == 415
    secret = tmp_path / "secret.bib"
    secret.write_text("@article{s, title={Server secret}, author={X, Y}, year={2000}}")
    tex = f"\\documentclass{{article}}\\begin{{document}}\\cite{{s}}\\bibliography{{{secret.with_suffix('')}}}\\end{{document}}"
    r = c.post("/v1/check", files={"file": ("paper.tex", tex.encode())})
    assert r.status_code == 400 and "upload the .bib" in r.json()["detail"]
    assert "Server secret" not in r.text
    assert c.post("/v1/check", content=b"x", headers={"content-type": "text/plain"}).status_code == 415


def test_rate_limit_answers_429_with_retry_after() -> None:
    c = client(rate_per_minute=6, rate_burst=2)
    body = {"text": "Keys, J. D. & Dutton, H. M. (1963). J. Phys. Chem. Solids 24, 563."}
    assert [c.post("/v1/check", json=body).status_code for _ in range(2)] == [200, 200]
    r = c.post("/v1/check", json=body)
    assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 10
    assert c.get("/healthz").status_code == 200  # only work-starting POSTs are counted


def test_token_bucket_refills_and_bounds_its_memory() -> None:
    now = [0.0]
    bucket = TokenBucket(per_minute=60, burst=2, clock=lambda: now[0], max_keys=100)
    assert [bucket.take("a") for _ in range(2)] == [0.0, 0.0]
    assert bucket.take("a") == pytest.approx(1.0)
    now[0] += 1.0
    assert bucket.take("a") == 0.0
    for i in range(1000):
        bucket.take(f"client{i}")
    assert len(bucket._buckets) <= 100


def test_request_timeout_is_504(monkeypatch: pytest.MonkeyPatch) -> None:
    async def slow(self: Service, citations: list[object]):  # type: ignore[no-untyped-def]
        await asyncio.sleep(5)
        yield None

    monkeypatch.setattr(Service, "stream", slow)
    r = client(request_timeout_s=0.2).post("/v1/check", json={"bibtex": BIB.read_text()})
    assert r.status_code == 504 and "/v1/jobs" in r.json()["detail"]


def test_jobs_run_in_the_background_and_keep_their_reports() -> None:
    with client() as c:
        r = c.post("/v1/jobs", files={"file": ("references.bib", BIB.read_bytes())})
        assert r.status_code == 202
        job = r.json()
        assert job["total"] == 5 and r.headers["location"] == f"/v1/jobs/{job['id']}"
        for _ in range(200):
            state = c.get(f"/v1/jobs/{job['id']}").json()
            if state["status"] in ("done", "failed"):
                break
            time.sleep(0.05)
        assert state["status"] == "done" and state["done"] == 5
        assert state["result"]["summary"]["labels"]["MAJOR"] == 1
        html = c.get(f"/v1/jobs/{job['id']}/report?format=html")
        assert html.headers["content-type"].startswith("text/html") and html.text.count("<article") == 5
        bib = c.get(f"/v1/jobs/{job['id']}/report?format=bibtex").text
        assert "@article{keys1963" in bib and "% citecheck MAJOR" in bib
        assert c.get("/v1/jobs/nope").status_code == 404


def test_cors_is_off_unless_configured_and_docs_are_served() -> None:
    headers = {"origin": "https://elsewhere.example"}
    assert "access-control-allow-origin" not in client().get("/healthz", headers=headers).headers
    on = client(cors_origins=("https://elsewhere.example",)).get("/healthz", headers=headers)
    assert on.headers["access-control-allow-origin"] == "https://elsewhere.example"
    spec = client().get("/openapi.json").json()
    assert {"/v1/check", "/v1/jobs", "/v1/jobs/{job_id}", "/healthz"} <= set(spec["paths"])


@pytest.fixture(scope="module")
def live_server() -> Iterator[str]:
    """``citecheck serve --offline`` in a real uvicorn on a free loopback port."""
    with serve("--offline", "--max-upload-mb", "0.01") as url:
        yield url


def test_real_uvicorn_serves_checks_limits_and_the_page(live_server: str) -> None:
    r = httpx.post(live_server + "/v1/check", files={"file": ("references.bib", BIB.read_bytes())},
                   timeout=60)
    assert r.status_code == 200 and len(r.json()["verdicts"]) == 5
    big = httpx.post(live_server + "/v1/check", files={"file": ("big.bib", b"%" * 20000)}, timeout=60)
    assert big.status_code == 413
    page = httpx.get(live_server + "/", timeout=10)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
