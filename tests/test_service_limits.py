"""The service refuses before it works: bodies, citations, reading time, nesting, slow clients,
polling; and every answer carries its security headers. Behaviour that depends on the server
(draining a refused body, header timeouts, X-Forwarded-For) runs over a real uvicorn on
loopback; the rest through the ASGI test client."""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import stat
import threading
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi) is not installed")
pytest.importorskip("multipart", reason="the serve extra (python-multipart) is not installed")

from fastapi.testclient import TestClient

from citecheck.model import Citation, Label, Provenance, Verdict
from citecheck.report.jsonout import render_json
from citecheck.service import ServiceConfig, create_app, inputs
from citecheck.service.app import Service
from citecheck.service.jobs import JobStore
from citecheck.service.parsing import ReaderPool, ReadFailed, run_task
from tests.servers.citecheck_serve import serve

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "examples" / "references.bib"
REFERENCE = "Keys, J. D. & Dutton, H. M. (1963). J. Phys. Chem. Solids 24, 563."


def client(**config: object) -> TestClient:
    return TestClient(create_app(ServiceConfig(offline=True, **config)))  # type: ignore[arg-type]


def reference_list(n: int) -> str:
    return "\n".join(f"[{i + 1}] Author{i}, A. ({1950 + i % 70}). A study of thing {i}. "
                     f"Phys. Rev. B {i % 90 + 1}, {100 + i}." for i in range(n))


# -- counted before the work --------------------------------------------------------------------


def test_entries_are_counted_before_any_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object, **kwargs: object) -> list[Citation]:
        raise AssertionError("an entry was parsed")

    monkeypatch.setattr(inputs, "read_text", never)
    with pytest.raises(inputs.RequestInputError) as over:
        inputs.read_json_body(json.dumps({"text": reference_list(30)}).encode(), 20)
    assert over.value.status == 413 and "30 entries in <text>, over the limit of 20" in str(over.value)
    with pytest.raises(inputs.RequestInputError) as lines:
        inputs.read_json_body(json.dumps({"text": reference_list(500)}).encode(), 20)
    assert lines.value.status == 413 and "500 lines, over the limit of 400 lines" in str(lines.value)
    bib = "\n".join(f"@article{{k{i}, title={{T{i}}}}}" for i in range(25)) + "\n@string{x = {y}}"
    with pytest.raises(inputs.RequestInputError, match="25 entries in <bibtex>"):
        inputs.read_json_body(json.dumps({"bibtex": bib}).encode(), 20)
    jsonl = "\n".join(json.dumps({"id": str(i), "title": "T"}) for i in range(21))
    with pytest.raises(inputs.RequestInputError, match="21 entries"):
        inputs.citations_from_upload("refs.jsonl", jsonl.encode(), 20)


def test_a_request_over_the_citation_cap_is_413_and_counts_all_files() -> None:
    c = client(max_citations=20)
    r = c.post("/v1/check", json={"text": reference_list(200_000 // 1000)})
    assert r.status_code == 413 and "over the limit of 20 citations" in r.json()["detail"]
    files = [("file", ("a.txt", reference_list(15).encode())), ("file", ("b.txt", reference_list(15).encode()))]
    r = c.post("/v1/check", files=files)
    assert r.status_code == 413 and "more than 20 citations together" in r.json()["detail"]


def test_deeply_nested_json_is_a_400_with_a_json_error() -> None:
    c = client()
    for depth in (40, 100_000):
        body = "[" * depth + "]" * depth
        r = c.post("/v1/check", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, (depth, r.text[:200])
        assert "nests" in r.json()["detail"]
    assert inputs.json_depth({"text": "x", "a": [[{"b": 1}]]}) == 4


def test_reading_past_its_deadline_is_422_and_the_next_read_gets_a_fresh_worker() -> None:
    with client(read_timeout_s=0.3, max_citations=5000) as c:
        slow = c.post("/v1/check", json={"text": reference_list(3000)})
        assert slow.status_code == 422 and "took over 0.3 s" in slow.json()["detail"]
        ok = c.post("/v1/check", json={"text": REFERENCE})
        assert ok.status_code == 200 and len(ok.json()["verdicts"]) == 1


def test_reads_beyond_the_workers_and_their_queue_are_503_at_once() -> None:
    async def scenario() -> None:
        pool = ReaderPool(workers=1, timeout_s=1.0, waiting=0)
        try:
            await asyncio.to_thread(pool.start)
            slow = asyncio.ensure_future(pool.read("read_json_body",
                                                   json.dumps({"text": reference_list(1500)}).encode(), 2000))
            await asyncio.sleep(0.2)
            started = time.perf_counter()
            with pytest.raises(ReadFailed) as busy:
                await pool.read("read_json_body", json.dumps({"text": REFERENCE}).encode(), 2000)
            assert busy.value.status == 503 and busy.value.headers == {"retry-after": "10"}
            assert time.perf_counter() - started < 0.5
            with pytest.raises(ReadFailed) as late:
                await slow
            assert late.value.status == 422
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_reader_failure_is_the_request_s_answer_not_the_worker_s(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(body: bytes, cap: int) -> list[Citation]:
        raise TypeError("a reader bug")

    assert run_task(("read_json_body", (b"{", 5)))[0] == "refused"
    monkeypatch.setattr(inputs, "read_json_body", broken)
    assert run_task(("read_json_body", (b"{}", 5))) == (
        "refused", (422, "the input could not be read: TypeError: a reader bug"))


# -- one decoder with the command line ----------------------------------------------------------


def test_uploads_are_decoded_as_the_command_line_decodes_files() -> None:
    c = client()
    utf16 = c.post("/v1/check", files={"file": ("refs.txt", ("\ufeff" + REFERENCE).encode("utf-16-le"))})
    assert utf16.status_code == 200 and utf16.json()["verdicts"][0]["label"] == "EXACT"
    latin = c.post("/v1/check", files={"file": ("refs.txt", REFERENCE.replace("Dutton", "Dütton").encode("latin-1"))})
    warnings = latin.json()["verdicts"][0]["citation"]["parse_warnings"]
    assert any("not valid UTF-8 at byte" in w and "read as Windows-1252" in w for w in warnings)
    nul = c.post("/v1/check", files={"file": ("refs.txt", (REFERENCE + "\n" + "x" * 9000 + "\0").encode())})
    assert nul.status_code == 400
    assert f"NUL byte at byte {len(REFERENCE) + 9001}" in nul.json()["detail"]
    assert c.post("/v1/check", json={"text": REFERENCE + "\0"}).status_code == 400


# -- answers ------------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers() -> None:
    c = client()
    for path in ("/healthz", "/", "/nope", "/openapi.json", "/docs"):
        headers = c.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
    html = c.post("/v1/check?format=html", json={"text": REFERENCE})
    assert html.headers["x-frame-options"] == "SAMEORIGIN"  # the page frames its reports
    assert "frame-ancestors 'self'" in html.headers["content-security-policy"]
    assert html.headers["x-content-type-options"] == "nosniff"


def test_a_stream_that_fails_ends_with_an_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    async def failing(self: Service, citations: list[Citation]) -> AsyncIterator[Verdict]:
        yield Verdict(citation=citations[0], label=Label.UNVERIFIED)
        raise RuntimeError("the index went away")

    monkeypatch.setattr(Service, "stream", failing)
    with client().stream("POST", "/v1/check?format=jsonl", json={"bibtex": BIB.read_text()}) as r:
        lines = [json.loads(line) for line in r.iter_lines() if line]
    assert lines[0]["label"] == "UNVERIFIED"
    assert lines[-1] == {"error": "the check failed: RuntimeError: the index went away"}


# -- jobs ---------------------------------------------------------------------------------------


def fake_verdicts(n: int) -> list[Verdict]:
    return [Verdict(citation=Citation(id=f"c{i}", raw=f"{REFERENCE} {i}",
                                      provenance=Provenance(file="x.txt", index=i)),
                    label=Label.EXACT if i % 3 else Label.MAJOR, rationale="r" * 200)
            for i in range(n)]


def test_finished_jobs_are_rendered_once_and_kept_compressed_on_disk_within_a_budget() -> None:
    async def scenario() -> None:
        verdicts = fake_verdicts(300)

        async def runner(citations: list[Citation]) -> AsyncIterator[Verdict]:
            for v in verdicts:
                yield v

        store = JobStore(runner, max_jobs=10, max_running=2, ttl=3600, timeout=60, max_stored_bytes=1)
        first = store.submit([v.citation for v in verdicts])
        assert first is not None and first.task is not None
        await first.task
        assert first.status == "done" and first.verdicts == [] and first.stored_bytes > 0
        folder = store.reports.folder
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        stored = store.gzipped(first, "status")
        assert stored is not None and len(stored) < 0.2 * len(gzip.decompress(stored))
        body = json.loads(gzip.decompress(stored))
        assert body["done"] == 300 and body["labels"]["MAJOR"] == 100
        assert body["result"] == json.loads(render_json(verdicts, body["result"]["summary"].get("seconds")))
        assert [v.citation.id for v in store.verdicts(first)] == [f"c{i}" for i in range(300)]
        second = store.submit([v.citation for v in verdicts])
        assert second is not None and second.task is not None
        await second.task
        assert store.get(first.id) is None and store.get(second.id) is not None  # over budget: oldest dropped
        await store.aclose()
        assert not folder.exists()

    asyncio.run(scenario())


def test_unfinished_jobs_are_capped_and_polls_are_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    async def slow(self: Service, citations: list[Citation]) -> AsyncIterator[Verdict]:
        await asyncio.sleep(30)
        yield Verdict(citation=citations[0], label=Label.UNVERIFIED)

    monkeypatch.setattr(Service, "stream", slow)
    with client(max_unfinished_jobs=2, read_rate_per_minute=6, read_rate_burst=3) as c:
        codes = [c.post("/v1/jobs", json={"text": REFERENCE}).status_code for _ in range(3)]
        assert codes == [202, 202, 503]
        job = c.post("/v1/jobs", json={"text": REFERENCE})
        polls = [c.get("/v1/jobs/x").status_code for _ in range(4)]
        assert polls == [404, 404, 404, 429] and job.status_code == 503
        assert c.get("/healthz").status_code == 200  # not a /v1/ read


def test_a_finished_job_is_sent_as_stored_or_decompressed_for_clients_without_gzip() -> None:
    with client() as c:
        job = c.post("/v1/jobs", json={"text": REFERENCE}).json()
        for _ in range(200):
            if c.get(f"/v1/jobs/{job['id']}").json()["status"] == "done":
                break
            time.sleep(0.05)
        gzipped = c.get(f"/v1/jobs/{job['id']}", headers={"accept-encoding": "gzip"})
        assert gzipped.headers["content-encoding"] == "gzip"
        assert gzipped.json()["result"]["verdicts"][0]["label"] == "EXACT"
        for url in (f"/v1/jobs/{job['id']}", f"/v1/jobs/{job['id']}/report?format=json"):
            plain = c.get(url, headers={"accept-encoding": "identity"})
            assert "content-encoding" not in plain.headers and plain.headers["vary"] == "accept-encoding"
            doc = plain.json().get("result", plain.json())
            assert doc["summary"]["labels"]["EXACT"] == 1


# -- over a real uvicorn ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def strict_server() -> Iterator[str]:
    with serve("--offline", "--max-upload-mb", "0.2", "--header-timeout", "1", "--body-timeout", "2",
               "--read-timeout", "2", "--rate", "6000", "--burst", "1000") as url:
        yield url


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_python_clients_see_the_413_not_a_connection_reset(strict_server: str) -> None:
    requests = pytest.importorskip("requests")
    big = b"x" * 2_000_000
    r = requests.post(strict_server + "/v1/check", data=big, headers={"content-type": "application/json"},
                      timeout=30)
    assert r.status_code == 413 and "limit" in r.json()["detail"]
    chunked = requests.post(strict_server + "/v1/check", data=iter([b"y" * 100_000] * 20),
                            headers={"content-type": "application/json"}, timeout=30)
    assert chunked.status_code == 413
    request = urllib.request.Request(strict_server + "/v1/check", data=big,
                                     headers={"content-type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 413


def test_an_oversized_body_announced_with_expect_100_continue_is_refused_unsent(strict_server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(strict_server))) as conn:
        conn.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                     b"content-length: 50000000\r\nexpect: 100-continue\r\n\r\n")
        data, waited = _read_until_closed(conn, 10)
    assert data.startswith(b"HTTP/1.1 413") and b"100 Continue" not in data and waited < 5


def _read_until_closed(sock: socket.socket, limit_s: float) -> tuple[bytes, float]:
    started = time.monotonic()
    sock.settimeout(limit_s)
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return data, time.monotonic() - started
        data += chunk


def test_slow_headers_and_slow_bodies_are_cut_off(strict_server: str) -> None:
    port = _port(strict_server)
    with socket.create_connection(("127.0.0.1", port)) as silent:
        data, waited = _read_until_closed(silent, 10)
    assert waited < 5 and data.startswith(b"HTTP/1.1 408")
    with socket.create_connection(("127.0.0.1", port)) as slowloris:
        slowloris.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.5)
        slowloris.sendall(b"X-A: 1\r\n")
        data, waited = _read_until_closed(slowloris, 10)
    assert waited < 5 and data.startswith(b"HTTP/1.1 408")
    with socket.create_connection(("127.0.0.1", port)) as slow_body:
        slow_body.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                          b"content-length: 100\r\n\r\n{\"text\":")
        data, waited = _read_until_closed(slow_body, 10)
    assert waited < 6 and b" 408 " in data.split(b"\r\n")[0]
    assert httpx.get(strict_server + "/healthz", timeout=5).status_code == 200


def test_healthz_answers_while_a_long_input_is_read(strict_server: str) -> None:
    body = json.dumps({"text": reference_list(1500)}).encode()  # seconds of parsing, under the caps
    results: list[int] = []

    def post() -> None:
        for _ in range(3):
            results.append(httpx.post(strict_server + "/v1/check", content=body, timeout=60,
                                      headers={"content-type": "application/json"}).status_code)

    worker = threading.Thread(target=post)
    worker.start()
    latencies = []
    while worker.is_alive():
        started = time.perf_counter()
        assert httpx.get(strict_server + "/healthz", timeout=5).status_code == 200
        latencies.append(time.perf_counter() - started)
        time.sleep(0.02)
    worker.join()
    assert results == [422] * 3  # each read stopped at its 2 s deadline
    assert len(latencies) > 20 and max(latencies) < 0.5


def _two_clients_posting(url: str) -> list[int]:
    codes = []
    for address in ("203.0.113.1", "203.0.113.2"):
        r = httpx.post(url + "/v1/check", json={"text": REFERENCE}, timeout=60,
                       headers={"x-forwarded-for": address})
        codes.append(r.status_code)
    return codes


def test_x_forwarded_for_is_ignored_unless_the_proxy_is_trusted() -> None:
    with serve("--offline", "--rate", "0.001", "--burst", "1") as url:
        assert _two_clients_posting(url) == [200, 429]  # one peer address, one bucket
    with serve("--offline", "--rate", "0.001", "--burst", "1", "--forwarded-allow-ips", "127.0.0.1") as url:
        assert _two_clients_posting(url) == [200, 200]


