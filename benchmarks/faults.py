"""Fault benchmarks too slow or too memory-hungry for the test suite (issue 15).

Each case runs the real command line in a child process against loopback servers (in their own
process, so their memory is not counted) and reports the child's peak RSS (``wait4``) and time:

* ``huge``: Crossref and Semantic Scholar answer every request with a 100 MB JSON body (streamed,
  no Content-Length). Peak RSS must stay under 1 GB, and the labels must equal those of a run in
  which both sources fail outright (HTTP 503): the works in the index EXACT, the others
  UNVERIFIED, none MAJOR.
* ``slow``: Crossref answers every request after 10 s; 20 citations, ``--deadline 15``.
* ``docx``: the 555 KB .docx holding 190 MB of XML.
* ``sigint``: a 3,000-citation offline ``-j 1`` run stopped by SIGINT after 5 s: time from the
  signal to exit, verdicts kept.

    .venv/bin/python benchmarks/faults.py [--cases huge,slow,docx,sigint] [--json out.json]
    FAULTS_SRC=../other-checkout/src .venv/bin/python benchmarks/faults.py --cases huge
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the citecheck checked (``--src`` points at another checkout, e.g. to measure before a fix)
SRC = Path(os.environ.get("FAULTS_SRC") or ROOT / "src")
DEVSET = ROOT / "tests" / "data" / "bench" / "devset.jsonl"
MB = 1 << 20


# -- the loopback service (run as `faults.py serve MODE`) --------------------------------------
def serve(mode: str) -> None:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # the body runs to the end of the connection

        def log_message(self, *args: object) -> None:
            pass

        def _answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            if length:
                self.rfile.read(length)
            if mode == "fail":
                self.send_response(503)
                self.end_headers()
                return
            if mode == "slow":
                time.sleep(10)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.end_headers()
            try:
                if mode == "huge":
                    self.wfile.write(b'{"message": {"items": []}, "data": [], "pad": "')
                    chunk = b"x" * MB
                    for _ in range(100):
                        self.wfile.write(chunk)
                    self.wfile.write(b'"}')
                else:
                    self.wfile.write(b'{"message": {"items": []}, "data": []}')
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up on the body: what it should do

        do_GET = do_POST = _answer

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the parent closes our stdin


class Service:
    def __init__(self, mode: str) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "serve", mode],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = f"http://127.0.0.1:{self.proc.stdout.readline().strip()}"

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


# -- running the command line -----------------------------------------------------------------
def run_cli(args: list[str], env: dict[str, str], stop_after: float | None = None) -> dict:
    full_env = {**os.environ, "PYTHONPATH": str(SRC), **env}
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "citecheck", *args], env=full_env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    signalled = None
    if stop_after is not None:
        time.sleep(stop_after)
        proc.send_signal(signal.SIGINT)
        signalled = time.monotonic()
    _, status, usage = os.wait4(proc.pid, 0)
    ended = time.monotonic()
    proc.returncode = os.waitstatus_to_exitcode(status)
    stderr = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    return {"exit": proc.returncode, "seconds": round(ended - started, 2),
            "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
            "stop_seconds": None if signalled is None else round(ended - signalled, 2),
            "traceback": "Traceback" in stderr}


def _labels(path: Path) -> dict[str, str]:
    return {(row := json.loads(line))["id"]: row["label"]
            for line in path.read_text(encoding="utf-8").splitlines()}


def _workdir() -> Path:
    """An index of 5 dev-set works and a .bib of those 5 plus 5 absent from the index."""
    work = Path(tempfile.mkdtemp(prefix="citecheck-faults-"))
    rows = [json.loads(line) for line in DEVSET.read_text(encoding="utf-8").splitlines()]
    real = [r for r in rows if r["label"] == "EXACT" and r["cited"].get("title")][:10]
    with (work / "records.jsonl").open("w", encoding="utf-8") as fh:
        for i, r in enumerate(real[:5]):
            fh.write(json.dumps({**r["cited"], "id": f"rec{i}"}) + "\n")
    subprocess.run([sys.executable, "-m", "citecheck", "index", "build", str(work / "idx.sqlite"),
                    str(work / "records.jsonl")], check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(SRC)})
    with (work / "batch.jsonl").open("w", encoding="utf-8") as fh:
        for i, r in enumerate(real):
            fh.write(json.dumps({"id": f"c{i}", "csl": r["cited"]}) + "\n")
    return work


def _online(work: Path, url: str, out: str, extra: list[str], **env: str) -> dict:
    args = ["check", str(work / "batch.jsonl"), "--index", str(work / "idx.sqlite"),
            "--sources", "crossref,semanticscholar", "-f", "jsonl", "-o", str(work / out),
            "--fail-on", "never", "-q", *extra]
    return run_cli(args, {"CITECHECK_CROSSREF_URL": url, "CITECHECK_S2_URL": url,
                          "CITECHECK_CACHE_DIR": str(work / f"cache-{out}"),
                          "CITECHECK_MAX_RETRIES": "1", "CITECHECK_RATE_SCALE": "20", **env})


def case_huge() -> dict:
    work = _workdir()
    results = {}
    for mode in ("fail", "huge"):
        service = Service(mode)
        try:
            results[mode] = _online(work, service.url, f"{mode}.jsonl", [])
        finally:
            service.close()
        results[mode]["labels"] = _labels(work / f"{mode}.jsonl")
    huge, fail = results["huge"], results["fail"]
    return {"peak_rss_mb": huge["peak_rss_mb"], "seconds": huge["seconds"],
            "exit": huge["exit"], "labels_equal_to_failing_sources": huge["labels"] == fail["labels"],
            "labels": sorted(set(huge["labels"].values())),
            "failing_sources_peak_rss_mb": fail["peak_rss_mb"], "traceback": huge["traceback"]}


def case_slow() -> dict:
    work = _workdir()
    rows = (work / "batch.jsonl").read_text(encoding="utf-8").splitlines()
    with (work / "batch.jsonl").open("w", encoding="utf-8") as fh:  # 20 citations
        for k in range(2):
            for line in rows:
                row = json.loads(line)
                fh.write(json.dumps({**row, "id": f"{row['id']}-{k}"}) + "\n")
    service = Service("slow")
    try:
        result = _online(work, service.url, "slow.jsonl", ["--deadline", "15"],
                         CITECHECK_RATE_SCALE="1", CITECHECK_TIMEOUT="30")
    finally:
        service.close()
    labels = _labels(work / "slow.jsonl")
    rows_out = [json.loads(line) for line in (work / "slow.jsonl").read_text().splitlines()]
    result["deadline_verdicts"] = sum(r["rationale"].startswith("deadline:") for r in rows_out)
    result["labels"] = sorted(set(labels.values()))
    return result


def case_docx() -> dict:
    sys.path.insert(0, str(ROOT))
    from tests.reliability.test_files import _docx_bomb

    work = Path(tempfile.mkdtemp(prefix="citecheck-faults-"))
    (work / "bomb.docx").write_bytes(_docx_bomb(190))
    result = run_cli(["extract", str(work / "bomb.docx")], {})
    result["docx_kb"] = round((work / "bomb.docx").stat().st_size / 1024)
    return result


def case_sigint() -> dict:
    work = Path(tempfile.mkdtemp(prefix="citecheck-faults-"))
    rows = [json.loads(line) for line in DEVSET.read_text(encoding="utf-8").splitlines()]
    with (work / "batch.jsonl").open("w", encoding="utf-8") as fh:
        for k in range(10):
            for r in rows:
                fh.write(json.dumps({"id": f"{r['id']}-{k}", "csl": r["cited"]}) + "\n")
    out = work / "out.jsonl"
    result = run_cli(["check", str(work / "batch.jsonl"), "--offline", "-j", "1", "-f", "jsonl",
                      "-o", str(out), "--fail-on", "never", "-q"], {}, stop_after=5.0)
    result["verdicts_kept"] = len(_labels(out))
    return result


CASES = {"huge": case_huge, "slow": case_slow, "docx": case_docx, "sigint": case_sigint}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "serve":
        serve(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = {}
    for name in args.cases.split(","):
        report[name] = CASES[name]()
        print(name, json.dumps(report[name]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
