"""Fault benchmarks too slow or too memory-hungry for the test suite.

Each case runs the real command line in a child process against loopback servers (in their own
process, so their memory is not counted) and reports the child's peak RSS (``wait4``) and time:

* ``huge``: Crossref and Semantic Scholar answer every request with a 100 MB JSON body (streamed,
  no Content-Length). Peak RSS must stay under 1 GB, and the labels must equal those of a run in
  which both sources fail outright (HTTP 503): the works in the index EXACT, the others
  UNVERIFIED, none MAJOR.
* ``slow``: Crossref answers every request after 10 s; 20 citations, ``--deadline 15``.
* ``gzip2``: Crossref, Semantic Scholar and OpenAlex answer every request with
  ``Content-Encoding: gzip, gzip``, 4 GiB behind two layers (a few KB): refused unread.
* ``gzip5``: the same three sources answer every request with one gzip layer of 1 GiB (~1 MB),
  at least five bodies at once (the server counts them), once with the default 20 MiB
  per-response limit and once with a 1 GiB one, so that only the process's 256 MiB budget
  holds. Each reports peak RSS beside a run in which the sources fail outright (HTTP 503).
* ``docx``: the 555 KB .docx holding 190 MB of XML.
* ``sigint``: a 3,000-citation offline ``-j 1`` run stopped by SIGINT after 5 s: time from the
  signal to exit, verdicts kept.
* ``word``: ``citecheck extract`` of one reference whose title is a single 1 MiB word (lower case,
  upper case, digits), of a file that is nothing but that word, and of 1 MiB of ordinary references
  (the labelled strings of ../shared/data/parsing and the benchmarks, numbered, one per line): CPU seconds
  and peak RSS of each (a reference is read up to ``reading.limits.MAX_REFERENCE_CHARS``).

    .venv/bin/python benchmarks/faults.py [--cases huge,gzip2,gzip5,slow,docx,sigint,word] [--json out.json]
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
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the citecheck checked (``--src`` points at another checkout, e.g. to measure before a fix)
SRC = Path(os.environ.get("FAULTS_SRC") or ROOT / "src")
DEVSET = ROOT / "tests" / "data" / "bench" / "devset.jsonl"
MB = 1 << 20


# -- the loopback service (run as `faults.py serve MODE`) --------------------------------------
def gzip_bomb(mib: int, layers: int) -> bytes:
    """`mib` MiB of JSON padding behind `layers` gzip layers (cached: 4 GiB takes ~20 s)."""
    cache = Path(tempfile.gettempdir()) / f"citecheck-faults-bomb-{mib}-{layers}.gz"
    if cache.exists():
        return cache.read_bytes()
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS, 9, zlib.Z_RLE)
    parts = [packer.compress(b'{"message": {"items": []}, "data": [], "results": [], "pad": "')]
    block = b"x" * MB
    parts += [packer.compress(block) for _ in range(mib)]
    body = b"".join([*parts, packer.compress(b'"}'), packer.flush()])
    for _ in range(layers - 1):
        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        body = packer.compress(body) + packer.flush()
    cache.write_bytes(body)
    return body


BOMBS = {"gzip2": (4096, 2, "gzip, gzip"), "gzip5": (1024, 1, "gzip")}


def serve(mode: str) -> None:
    bomb, coding = (gzip_bomb(*BOMBS[mode][:2]), BOMBS[mode][2]) if mode in BOMBS else (b"", "")
    in_flight = {"now": 0, "peak": 0, "bodies": 0}
    lock = threading.Lock()
    together = threading.Barrier(5)  # bodies leave five at a time (or after 3 s alone)

    def send_bomb(wfile: object) -> None:
        with lock:
            in_flight["now"] += 1
            in_flight["bodies"] += 1
            in_flight["peak"] = max(in_flight["peak"], in_flight["now"])
        try:
            try:
                together.wait(timeout=3)
            except threading.BrokenBarrierError:
                together.reset()
            view = memoryview(bomb)
            for start in range(0, len(view), 64 << 10):
                wfile.write(view[start:start + (64 << 10)])  # type: ignore[attr-defined]
        finally:
            with lock:
                in_flight["now"] -= 1

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
            if coding:
                self.send_header("content-encoding", coding)
            self.end_headers()
            try:
                if bomb:
                    send_bomb(self.wfile)
                elif mode == "huge":
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
    print(json.dumps({"bodies": in_flight["bodies"], "peak_bodies_at_once": in_flight["peak"]}),
          flush=True)


class Service:
    def __init__(self, mode: str) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "serve", mode],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = f"http://127.0.0.1:{self.proc.stdout.readline().strip()}"
        #: what the service counted (bodies sent, most at once), once closed
        self.stats: dict = {}

    def close(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        line = self.proc.stdout.readline().strip()
        self.stats = json.loads(line) if line.startswith("{") else {}
        self.proc.wait(timeout=10)


# -- running the command line -----------------------------------------------------------------
def run_cli(args: list[str], env: dict[str, str], stop_after: float | None = None) -> dict:
    full_env = {**os.environ, "PYTHONPATH": str(SRC), **env}
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "citecheck", *args], env=full_env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    signalled = None
    pid, status, usage = 0, 0, None
    if stop_after is not None:
        time.sleep(stop_after)
        # reap it ourselves if it already ended (Popen.send_signal would, and wait4 would fail)
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid == 0:
            os.kill(proc.pid, signal.SIGINT)
            signalled = time.monotonic()
    if pid == 0:
        _, status, usage = os.wait4(proc.pid, 0)
    assert usage is not None
    ended = time.monotonic()
    proc.returncode = os.waitstatus_to_exitcode(status)
    stderr = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    return {"exit": proc.returncode, "seconds": round(ended - started, 2),
            "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
            "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2),
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


def _bomb_run(work: Path, mode: str, out: str, **env: str) -> dict:
    """One run of `_online` against a service in `mode`, with three sources and 8 workers
    (Crossref's polite pool: 3 requests at once, OpenAlex 3, Semantic Scholar 1)."""
    service = Service(mode)
    try:
        result = _online(work, service.url, out, ["-j", "8", "--sources",
                                                  "crossref,semanticscholar,openalex"],
                         CITECHECK_OPENALEX_URL=service.url, CITECHECK_MAX_RETRIES="0",
                         CITECHECK_MAILTO="faults@example.org", **env)
    finally:
        service.close()
    result.update(service.stats)
    result["labels"] = sorted(set(_labels(work / out).values()))
    return result


def _bomb_case(mode: str, limits: dict[str, dict[str, str]]) -> dict:
    work = _workdir()
    report = {"failing_sources": _bomb_run(work, "fail", "fail.jsonl")}
    for name, env in limits.items():
        report[name] = _bomb_run(work, mode, f"{name}.jsonl", **env)
    return report


#: five sources asked for one DOI at once, in one process (the bodies arrive together)
FIVE_AT_ONCE = """
import asyncio, json
from citecheck.sources.config import load_config
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.datacite import DataCiteSource
from citecheck.sources.inspire import InspireSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource

async def main():
    config = load_config()
    sources = [cls(config) for cls in (CrossrefSource, DataCiteSource, InspireSource,
                                       OpenAlexSource, SemanticScholarSource)]
    answers = await asyncio.gather(*(s.lookup_doi("10.1234/bomb") for s in sources),
                                   return_exceptions=True)
    print(json.dumps([f"{type(a).__name__}: {a}"[:120] for a in answers]))

asyncio.run(main())
"""


def _five_at_once(mode: str, **env: str) -> dict:
    service = Service(mode)
    urls = {f"CITECHECK_{name}_URL": service.url
            for name in ("CROSSREF", "DATACITE", "INSPIRE", "OPENALEX", "S2")}
    try:
        started = time.monotonic()
        with tempfile.TemporaryFile("w+") as errors:
            proc = subprocess.Popen([sys.executable, "-c", FIVE_AT_ONCE], stdout=subprocess.PIPE,
                                    stderr=errors, text=True,
                                    env={**os.environ, "PYTHONPATH": str(SRC), **urls,
                                         "CITECHECK_MAX_RETRIES": "0", **env})
            assert proc.stdout is not None
            out = proc.stdout.read()
            _, status, usage = os.wait4(proc.pid, 0)  # before Popen reaps it: the child's peak
            errors.seek(0)
            err = errors.read()
    finally:
        service.close()
    return {"exit": os.waitstatus_to_exitcode(status),
            "seconds": round(time.monotonic() - started, 2),
            "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
            "answers": json.loads(out) if out.startswith("[") else out[-300:],
            "traceback": "Traceback" in err, **service.stats}


def case_gzip2() -> dict:
    return _bomb_case("gzip2", {"default_limit": {}})


def case_gzip5() -> dict:
    report = _bomb_case("gzip5", {"default_limit": {},
                                  "limit_1gib": {"CITECHECK_MAX_BODY_MB": "1024"}})
    report["five_at_once"] = _five_at_once("gzip5")
    report["five_at_once_limit_1gib"] = _five_at_once("gzip5", CITECHECK_MAX_BODY_MB="1024")
    return report


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
        for k in range(40):  # long enough that the signal lands mid-run on a fast machine
            for r in rows:
                fh.write(json.dumps({"id": f"{r['id']}-{k}", "csl": r["cited"]}) + "\n")
    out = work / "out.jsonl"
    result = run_cli(["check", str(work / "batch.jsonl"), "--offline", "-j", "1", "-f", "jsonl",
                      "-o", str(out), "--fail-on", "never", "-q"], {}, stop_after=5.0)
    result["verdicts_kept"] = len(_labels(out))
    return result


def case_word() -> dict:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from parse_snapshot import texts

    work = Path(tempfile.mkdtemp(prefix="citecheck-faults-"))
    files = {"word_alone": "a" * MB + "\n",
             **{f"title_{kind}": f"Doe, J. (2001). {ch * MB}. J. Phys. 1, 2.\n"
                for kind, ch in (("lower", "a"), ("upper", "A"), ("digits", "1"))}}
    refs, size = [], 0
    for k, text in enumerate(texts(ROOT.parent / "shared" / "data" / "parsing"), start=1):
        line = f"[{k}] {' '.join(text.split())}\n"  # (numbered: one entry each)
        refs.append(line)
        size += len(line.encode("utf-8"))
        if size >= MB:
            break
    files["ordinary_1mib"] = "".join(refs)
    result = {}
    for name, body in files.items():
        (work / f"{name}.txt").write_text(body, encoding="utf-8")
        run = run_cli(["extract", str(work / f"{name}.txt"), "-o", str(work / f"{name}.bib")], {})
        result[name] = {k: run[k] for k in ("exit", "seconds", "cpu_seconds", "peak_rss_mb", "traceback")}
        result[name]["bytes"] = len(body.encode("utf-8"))
    result["ordinary_1mib"]["references"] = len(refs)
    bib = (work / "ordinary_1mib.bib").read_text(encoding="utf-8")
    result["ordinary_1mib"]["entries_read"] = bib.count("\n@") + bib.startswith("@")
    return result


CASES = {"huge": case_huge, "gzip2": case_gzip2, "gzip5": case_gzip5, "slow": case_slow,
         "docx": case_docx, "sigint": case_sigint, "word": case_word}


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
