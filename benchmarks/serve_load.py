"""Load on `citecheck serve`: N concurrent clients on loopback, offline, a fixed number of requests.

Usage:
    python benchmarks/serve_load.py --index bench-out/full-corpus.db \
        [--dataset benchmarks/physics/test.jsonl] [--clients 8] [--requests 10000] [--per-request 1]

The server runs as a subprocess (`citecheck serve --offline --index DB`, rate limit lifted);
the clients are asyncio tasks over one httpx connection pool in this process, each sending
`POST /v1/check` with `--per-request` citations of the dataset (cycled) as JSON, until
`--requests` have been sent in all (a bounded loop: no client runs past the total). Reported:
requests/s and citations/s over the whole run, latency p50/p95/p99, errors (any answer but 200
with one verdict per citation sent), and the server's resident memory after start-up, after the
first 100 requests and at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--dataset", type=Path, default=ROOT / "benchmarks" / "physics" / "test.jsonl")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--per-request", type=int, default=1)
    args = parser.parse_args()
    work = bodies(args.dataset, args.per_request, 1000)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    server = subprocess.Popen(
        [sys.executable, "-m", "citecheck", "serve", "--offline", "--index", str(args.index),
         "--port", str(port), "--rate", "100000000", "--burst", "100000000"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        rss_start = rss_mb(server.pid)
        result = asyncio.run(drive(url, args.clients, args.requests, work, args.per_request, server.pid))
        result.update(clients=args.clients, per_request=args.per_request,
                      rss_start_mb=round(rss_start, 1), rss_end_mb=round(rss_mb(server.pid), 1))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
