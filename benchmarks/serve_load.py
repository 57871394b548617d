"""Load on `citecheck serve`: N concurrent clients on loopback, offline, a fixed number of requests;
and the service's limits under attack (`--scenario limits`).

Usage:
    python benchmarks/serve_load.py --index bench-out/full-corpus.db \
        [--dataset benchmarks/physics/test.jsonl] [--clients 8] [--requests 10000] [--per-request 1]
    python benchmarks/serve_load.py --scenario limits [--jobs 200] [--per-job 2000] [--poll-s 20]

Throughput (the default): the server runs as a subprocess (`citecheck serve --offline --index DB`,
rate limit lifted); the clients are asyncio tasks over one httpx connection pool in this process,
each sending `POST /v1/check` with `--per-request` citations of the dataset (cycled) as JSON,
until `--requests` have been sent in all (a bounded loop: no client runs past the total).
Reported: requests/s and citations/s over the whole run, latency p50/p95/p99, errors (any answer
but 200 with one verdict per citation sent), and the server's resident memory after start-up,
after the first 100 requests and at the end.

Limits (`--scenario limits`), against the embedded index, default limits, rate limits lifted:
1. *oversize*: 200,000 one-line references in 9.5 MB, as JSON and as a .txt upload, against
   `citecheck serve --offline --header-timeout 2`: status, seconds to the answer, the service's
   and its reader processes' peak RSS (VmHWM). Then *slowloris*: `--slow-connections` (900)
   connections each send part of a request's headers and stop: `/healthz` while they are open,
   and how many the server has closed 5 s later.
2. *jobs*: `--jobs` jobs of `--per-job` citations (CSL JSON Lines from the dataset) submitted and
   finished. The server is this script (`--serve-replay`): the real service with the offline
   checker on the embedded index for the first job, whose verdicts are then replayed for the
   same citations in every later job (the check itself is not what is measured; storing its
   results is). Reported: RSS after start-up, after the first job and after all, the job
   store's bytes on disk.
3. *poll*: 8 clients poll the finished jobs (`GET /v1/jobs/{id}`, each answer the full JSON
   report) for `--poll-s` seconds with the read rate limit lifted, while one client asks
   `/healthz` every 10 ms: its p50/p99/max latency, and polls/s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers.citecheck_serve import free_port  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def bodies(dataset: Path, per_request: int, count: int) -> list[dict[str, str]]:
    items = [json.loads(x) for x in dataset.read_text(encoding="utf-8").splitlines() if x.strip()]
    out = []
    for i in range(count):
        chunk = [items[(i * per_request + j) % len(items)] for j in range(per_request)]
        if all(it.get("bibtex") for it in chunk):
            out.append({"bibtex": "\n\n".join(it["bibtex"] for it in chunk)})
        else:
            lines = [it.get("text") or it.get("bibtex", "").replace("\n", " ") for it in chunk]
            out.append({"text": "\n".join(f"[{j + 1}] {t}" for j, t in enumerate(lines)), "format": "text"})
    return out


async def drive(url: str, clients: int, total: int, work: list[dict[str, str]], per_request: int,
                pid: int) -> dict[str, object]:
    latencies: list[float] = []
    errors: list[str] = []
    sent = 0
    rss_100: float | None = None
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as http:

        async def client() -> None:
            nonlocal sent, rss_100
            while sent < total:  # bounded: the shared counter stops every client at the total
                i = sent
                sent += 1
                start = time.perf_counter()
                try:
                    r = await http.post("/v1/check", json=work[i % len(work)])
                    ok = r.status_code == 200 and len(r.json()["verdicts"]) >= 1
                    if not ok:
                        errors.append(f"{r.status_code}: {r.text[:200]}")
                except httpx.HTTPError as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")
                latencies.append(time.perf_counter() - start)
                if len(latencies) == 100:
                    rss_100 = rss_mb(pid)

        started = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        wall = time.perf_counter() - started
    q = statistics.quantiles(latencies, n=100)
    return {"requests": len(latencies), "seconds": round(wall, 2),
            "requests_per_s": round(len(latencies) / wall, 1),
            "citations_per_s": round(len(latencies) * per_request / wall, 1),
            "p50_ms": round(q[49] * 1000, 1), "p95_ms": round(q[94] * 1000, 1),
            "p99_ms": round(q[98] * 1000, 1), "errors": len(errors), "first_errors": errors[:3],
            "rss_after_100_mb": None if rss_100 is None else round(rss_100, 1)}


def peak_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(x) for x in (task / "children").read_text().split()]
    return out


def start_server(args: list[str], env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **(env or {})}
    server = subprocess.Popen([*args, "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(1200):
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return server, url
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    server.wait(timeout=30)


def oversize(url: str, pid: int) -> dict[str, object]:
    """200,000 one-line references in 9.5 MB: how fast the 413, at what memory."""
    lines = [f"Author{i} A. ({1950 + i % 70}) Phys. Rev. B {i % 90 + 1}, {i}." for i in range(200_000)]
    text = "\n".join(lines)
    body = json.dumps({"text": text}).encode()
    out: dict[str, object] = {"references": len(lines), "json_mb": round(len(body) / 1e6, 2),
                              "rss_before_mb": round(rss_mb(pid), 1)}
    for kind, send in (("json", lambda: httpx.post(url + "/v1/check", content=body, timeout=120,
                                                   headers={"content-type": "application/json"})),
                       ("upload", lambda: httpx.post(url + "/v1/check", timeout=120,
                                                     files={"file": ("refs.txt", text.encode())}))):
        started = time.perf_counter()
        r = send()
        out[kind] = {"status": r.status_code, "seconds": round(time.perf_counter() - started, 2),
                     "detail": r.json().get("detail", "")[:160]}
    out["peak_rss_mb"] = round(peak_mb(pid), 1)
    out["reader_peak_rss_mb"] = [round(peak_mb(child), 1) for child in children(pid)]
    return out


def slowloris(url: str, count: int, header_timeout_s: float) -> dict[str, object]:
    """``count`` connections that send part of a request's headers and then nothing."""
    port = int(url.rsplit(":", 1)[1])
    conns = []
    for _ in range(count):
        conn = socket.create_connection(("127.0.0.1", port))
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        conns.append(conn)
    started = time.perf_counter()
    health = httpx.get(url + "/healthz", timeout=30)
    out: dict[str, object] = {"connections": count, "healthz_while_open": health.status_code,
                              "healthz_ms_while_open": round((time.perf_counter() - started) * 1000, 1)}
    time.sleep(header_timeout_s + 3)
    closed = 0
    for conn in conns:
        conn.setblocking(False)
        try:
            data = conn.recv(4096)
            closed += data == b"" or data.startswith(b"HTTP/1.1 408")
        except BlockingIOError:
            pass
        conn.close()
    out.update(header_timeout_s=header_timeout_s, closed_by_server_after_s=header_timeout_s + 3,
               closed=closed)
    return out


def job_body(dataset: Path, n: int) -> dict[str, str]:
    items = [json.loads(x) for x in dataset.read_text(encoding="utf-8").splitlines() if x.strip()]
    lines = []
    for i in range(n):
        csl = dict(items[i % len(items)]["cited"])
        csl["id"] = f"r{i}"
        lines.append(json.dumps(csl))
    return {"text": "\n".join(lines), "format": "jsonl"}


def store_bytes(pid: int) -> int:
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.endswith("jobs.sqlite"):
            return os.stat(target).st_size
    return 0


def run_jobs(url: str, pid: int, jobs: int, per_job: int, dataset: Path) -> tuple[dict[str, object], list[str]]:
    body = job_body(dataset, per_job)
    out: dict[str, object] = {"jobs": jobs, "citations_per_job": per_job,
                              "rss_start_mb": round(rss_mb(pid), 1)}
    ids: list[str] = []
    started = time.perf_counter()
    pending: list[str] = []

    def wait_for(job_ids: list[str], keep: int) -> list[str]:
        while len(job_ids) > keep:
            left = []
            for job_id in job_ids:
                state = httpx.get(f"{url}/v1/jobs/{job_id}", timeout=120).json()
                if state["status"] not in ("done", "failed"):
                    left.append(job_id)
                elif state["status"] == "failed":
                    raise RuntimeError(state["error"])
            job_ids = left
            time.sleep(0.5)
        return job_ids

    for i in range(jobs):
        while True:
            r = httpx.post(url + "/v1/jobs", json=body, timeout=300)
            if r.status_code == 202:
                break
            if r.status_code != 503:
                raise RuntimeError(f"{r.status_code}: {r.text[:200]}")
            pending = wait_for(pending, len(pending) - 1)
        ids.append(r.json()["id"])
        pending.append(ids[-1])
        if i == 0:  # the real check, once: every later job replays its verdicts
            pending = wait_for(pending, 0)
            out["rss_after_first_job_mb"] = round(rss_mb(pid), 1)
    wait_for(pending, 0)
    out.update(seconds=round(time.perf_counter() - started, 1), rss_end_mb=round(rss_mb(pid), 1),
               peak_rss_mb=round(peak_mb(pid), 1), store_on_disk_mb=round(store_bytes(pid) / 1e6, 1),
               reader_rss_mb=[round(rss_mb(c), 1) for c in children(pid)],
               result_mb=round(len(httpx.get(f"{url}/v1/jobs/{ids[-1]}", timeout=120).content) / 1e6, 2))
    return out, ids


async def poll(url: str, ids: list[str], seconds: float, pollers: int = 8) -> dict[str, object]:
    """``pollers`` clients read finished jobs while another process asks /healthz every 10 ms
    (its own process, so that the pollers' work here never delays its measurement)."""
    polls = 0
    prober = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--probe", url,
                               "--poll-s", str(seconds)], stdout=subprocess.PIPE)
    stop_at = time.perf_counter() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:

        async def poller(k: int) -> None:
            nonlocal polls
            i = k
            while time.perf_counter() < stop_at:
                r = await http.get(f"/v1/jobs/{ids[i % len(ids)]}")
                assert r.status_code == 200, r.text[:200]
                polls += 1
                i += pollers

        await asyncio.gather(*(poller(k) for k in range(pollers)))
    health = json.loads(prober.communicate(timeout=120)[0])
    return {"pollers": pollers, "seconds": seconds, "polls_per_s": round(polls / seconds, 1),
            **latency_summary("healthz", health)}


def latency_summary(name: str, latencies: list[float]) -> dict[str, object]:
    q = statistics.quantiles(latencies, n=100)
    return {f"{name}_requests": len(latencies), f"{name}_p50_ms": round(q[49] * 1000, 1),
            f"{name}_p99_ms": round(q[98] * 1000, 1), f"{name}_max_ms": round(max(latencies) * 1000, 1)}


def probe(url: str, seconds: float) -> list[float]:
    """/healthz every 10 ms for ``seconds``: the latencies."""
    latencies = []
    stop_at = time.perf_counter() + seconds
    with httpx.Client(base_url=url, timeout=30) as http:
        while time.perf_counter() < stop_at:
            started = time.perf_counter()
            assert http.get("/healthz").status_code == 200
            latencies.append(time.perf_counter() - started)
            time.sleep(0.01)
    return latencies


def serve_replay(port: int) -> None:
    """The service with the real offline checker, whose verdicts are replayed for citations it
    has checked before (the jobs scenario's server)."""
    import uvicorn

    from citecheck.model import Citation, Verdict
    from citecheck.service import ServiceConfig, create_app
    from citecheck.service.server import uvicorn_options

    config = ServiceConfig(offline=True, rate_per_minute=1e9, rate_burst=10**9,
                           read_rate_per_minute=1e9, read_rate_burst=10**9, read_timeout_s=120)
    app = create_app(config)
    service = app.state.service
    seen: dict[str, Verdict] = {}

    async def replay(citations: list[Citation]):  # type: ignore[no-untyped-def]
        new = [c for c in citations if c.raw not in seen]
        if new:
            async for verdict in service.stream(new):
                seen[verdict.citation.raw] = verdict
        for citation in citations:
            yield seen[citation.raw].model_copy(update={"citation": citation})

    service.jobs.runner = replay
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **uvicorn_options())


def limits(args: argparse.Namespace) -> dict[str, object]:
    lifted = ["--rate", "100000000", "--burst", "100000000", "--read-rate", "100000000"]
    server, url = start_server([sys.executable, "-m", "citecheck", "serve", "--offline", *lifted,
                                "--header-timeout", "2"])
    try:
        result: dict[str, object] = {"oversize": oversize(url, server.pid),
                                     "slowloris": slowloris(url, args.slow_connections, 2.0)}
    finally:
        stop(server)
    server, url = start_server([sys.executable, str(Path(__file__).resolve()), "--serve-replay"])
    try:
        result["jobs"], ids = run_jobs(url, server.pid, args.jobs, args.per_job, args.dataset)
        # the control: /healthz on the same machine at the same time, no one polling
        result["healthz_alone"] = latency_summary("healthz", probe(url, args.poll_s))
        result["poll"] = asyncio.run(poll(url, ids, args.poll_s))
        result["poll"]["rss_end_mb"] = round(rss_mb(server.pid), 1)  # type: ignore[index]
    finally:
        stop(server)
    return result


def throughput(args: argparse.Namespace) -> dict[str, object]:
    if args.index is None:
        raise SystemExit("--index is required for the throughput scenario")
    work = bodies(args.dataset, args.per_request, 1000)
    server, url = start_server([sys.executable, "-m", "citecheck", "serve", "--offline", "--index",
                                str(args.index), "--rate", "100000000", "--burst", "100000000"])
    try:
        rss_start = rss_mb(server.pid)
        result = asyncio.run(drive(url, args.clients, args.requests, work, args.per_request, server.pid))
        result.update(clients=args.clients, per_request=args.per_request,
                      rss_start_mb=round(rss_start, 1), rss_end_mb=round(rss_mb(server.pid), 1))
    finally:
        stop(server)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", choices=["throughput", "limits"], default="throughput")
    parser.add_argument("--index", type=Path)
    parser.add_argument("--dataset", type=Path, default=ROOT / "benchmarks" / "physics" / "test.jsonl")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--per-request", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--per-job", type=int, default=2000)
    parser.add_argument("--poll-s", type=float, default=20.0)
    parser.add_argument("--slow-connections", type=int, default=900)
    parser.add_argument("--serve-replay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--probe", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe:
        print(json.dumps(probe(args.probe, args.poll_s)))
        return
    if args.serve_replay:
        serve_replay(args.port)
        return
    result = limits(args) if args.scenario == "limits" else throughput(args)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
