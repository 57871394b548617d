"""Hostile or misplaced services: credentials, redirects, body sizes, 404 semantics, cache keys.

Every source runs over real HTTP against loopback servers; a second loopback address
(127.0.0.2) plays "another host".
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
import subprocess
import sys
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.entries import read_text
from citecheck.index.build import build_index
from citecheck.model import Citation, Label, Record
from citecheck.sources import crossref as crossref_module
from citecheck.sources import http as http_module
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.base import Source, SourceError
from citecheck.sources.cache import CachedSource, ResponseCache
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.datacite import DataCiteSource
from citecheck.sources.guard import ACCEPT_ENCODING, BUDGET, ResponseTooLargeError
from citecheck.sources.inspire import InspireSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from citecheck.sources.urls import UrlSource
from citecheck.sources.websearch import WebSearchSource
from tests.servers.base import LoopbackServer, Request, Response

KEY = "sk-test-0123456789abcdef"
BIB = """@article{real,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish and Shazeer, Noam},
  journal = {Advances in Neural Information Processing Systems},
  year = {2017}
}
"""


class Log:
    def __init__(self) -> None:
        self.requests: list[Request] = []

    def carries_key(self) -> bool:
        return any(KEY in json.dumps([r.path, r.params, r.headers]) for r in self.requests)


@pytest.fixture
def other_host() -> Iterator[tuple[LoopbackServer, Log]]:
    log = Log()

    def handler(req: Request) -> Response:
        log.requests.append(req)
        return Response(404, json.dumps({"error": "Title match not found"}))

    try:
        server = LoopbackServer(handler, host="127.0.0.2")
    except OSError:  # pragma: no cover - a loopback without 127.0.0.2
        pytest.skip("127.0.0.2 is not available on this machine")
    with server:
        yield server, log


def _config(url: str, **extra: object) -> SourceConfig:
    settings: dict[str, object] = {"timeout": 2, "max_retries": 0, "backoff_base": 0,
                                   "rate_scale": 100, **extra}
    return SourceConfig(s2_url=url, openalex_url=url, inspire_url=url, crossref_url=url,
                        arxiv_url=url, datacite_url=url, searxng_url=url, mailto="me@example.org",
                        s2_api_key=KEY, openalex_api_key=KEY, inspire_token=KEY, **settings)


BUILDERS: dict[str, Callable[[SourceConfig], Source]] = {
    "semanticscholar": SemanticScholarSource, "openalex": OpenAlexSource,
    "inspire": InspireSource, "crossref": CrossrefSource, "arxiv": ArxivSource,
    "datacite": DataCiteSource, "websearch": WebSearchSource,
}
#: the sources that send a key or token (the others send none to leak)
KEYED = {"semanticscholar", "openalex", "inspire"}


async def _ask(source: Source) -> object:
    if "search" in source.supports:
        return await source.search(_citation())
    return await source.lookup_doi("10.1234/abc")


def _citation():  # type: ignore[no-untyped-def]
    cit = read_text(BIB, "refs.bib")[0]
    cit.fields.note = "hep-ph"  # INSPIRE covers physics only; search() does not ask
    return cit


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_cross_host_redirect_never_carries_the_key(name: str, other_host) -> None:  # type: ignore[no-untyped-def]
    target, log = other_host

    def redirect(req: Request) -> Response:
        return Response(302, "", {"location": f"{target.url}{req.path}?stolen=1"})

    with LoopbackServer(redirect) as origin:
        source = BUILDERS[name](_config(origin.url))
        with pytest.raises(SourceError, match="redirect to another host"):
            asyncio.run(_ask(source))
    assert log.requests == []  # not followed at all


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_allow_listed_redirect_strips_every_credential(name: str, other_host) -> None:  # type: ignore[no-untyped-def]
    target, log = other_host
    own: list[Request] = []

    def redirect(req: Request) -> Response:
        own.append(req)
        query = "&".join(f"{k}={v}" for k, v in req.params)
        return Response(307, "", {"location": f"{target.url}{req.path}?{query}"})

    with LoopbackServer(redirect) as origin:
        source = BUILDERS[name](_config(origin.url))
        source.http.allowed_hosts = frozenset({"127.0.0.2"})  # type: ignore[attr-defined]
        with contextlib.suppress(SourceError):  # the other host's 404 may or may not be an answer
            asyncio.run(_ask(source))
    assert log.requests, "the allow-listed host was asked"
    assert not log.carries_key()
    if name in KEYED:  # the key did go to the source's own host
        assert any(KEY in json.dumps([r.params, r.headers]) for r in own)


def test_same_host_redirect_is_followed_with_the_key() -> None:
    seen: list[Request] = []

    def handler(req: Request) -> Response:
        seen.append(req)
        if not req.path.startswith("/moved/"):
            return Response(301, "", {"location": "/moved/paper/search/match?query=x"})
        return Response(200, json.dumps({"data": [{"paperId": "p1", "title": "T", "year": 2017}]}))

    with LoopbackServer(handler) as srv:
        found = asyncio.run(SemanticScholarSource(_config(srv.url)).search(_citation()))
    assert [r.title for r in found] == ["T"]
    assert seen[-1].path == "/moved/paper/search/match"
    assert seen[-1].headers.get("x-api-key") == KEY


def _index(tmp_path: Path) -> Path:
    other = {"id": "x:1", "type": "article-journal", "title": "An unrelated work on sea shells",
             "author": [{"family": "Shell", "given": "Sally"}], "issued": {"date-parts": [[1990]]}}
    (tmp_path / "other.jsonl").write_text(json.dumps(other) + "\n", encoding="utf-8")
    build_index(tmp_path / "idx.sqlite", [tmp_path / "other.jsonl"])
    return tmp_path / "idx.sqlite"


@pytest.mark.parametrize("redirect", [False, True])
def test_search_endpoints_answering_404_never_make_a_real_work_major(
    tmp_path: Path, redirect: bool, other_host  # type: ignore[no-untyped-def]
) -> None:
    target, _ = other_host

    def handler(req: Request) -> Response:
        if redirect:
            return Response(302, "", {"location": f"{target.url}{req.path}"})
        return Response(404, "<html>Not Found</html>", {"content-type": "text/html"})

    cache = ResponseCache(tmp_path / "cache.sqlite")
    with LoopbackServer(handler) as srv:
        config = _config(srv.url)
        sources = [CachedSource(cls(config), cache) for n, cls in BUILDERS.items()
                   if n not in ("inspire", "datacite")]
        checker = Checker(index=_index(tmp_path), sources=sources)
        verdict = checker.check_text(BIB, "bibtex")[0]
    assert verdict.label is Label.UNVERIFIED, verdict.rationale
    assert cache.info()["entries"] == 0  # a failure is never remembered as "not found"


def test_s2_documented_no_match_is_still_an_answer() -> None:
    def handler(req: Request) -> Response:
        return Response(404, json.dumps({"error": "Title match not found"}))

    with LoopbackServer(handler) as srv:
        assert asyncio.run(SemanticScholarSource(_config(srv.url)).search(_citation())) == []


def test_identifier_lookup_404_is_not_found() -> None:
    with LoopbackServer(lambda req: Response(404, json.dumps({"status": "not found"}))) as srv:
        assert asyncio.run(CrossrefSource(_config(srv.url)).lookup_doi("10.1/none")) is None


def test_cache_keys_include_the_base_url(tmp_path: Path) -> None:
    answers = {"a": [], "b": [{"DOI": "10.1234/x", "title": ["Attention Is All You Need"]}]}

    def server(tag: str) -> LoopbackServer:
        return LoopbackServer(lambda req: Response(
            200, json.dumps({"message": {"items": answers[tag]}})))

    cache = ResponseCache(tmp_path / "c.sqlite")
    with server("a") as a, server("b") as b:
        first = asyncio.run(CachedSource(CrossrefSource(_config(a.url)), cache).search(_citation()))
        second = asyncio.run(CachedSource(CrossrefSource(_config(b.url)), cache).search(_citation()))
    assert first == [] and [r.DOI for r in second] == ["10.1234/x"]


def _body_server(body: bytes, headers: dict[str, str]) -> LoopbackServer:
    return LoopbackServer(lambda req: Response(200, body, headers))


@pytest.mark.parametrize("gzipped", [False, True])
def test_oversized_bodies_are_abandoned(gzipped: bool) -> None:
    payload = b'{"message": {"items": [], "pad": "' + b"x" * (3 << 20) + b'"}}'
    headers = {"content-encoding": "gzip"} if gzipped else {}
    body = gzip.compress(payload) if gzipped else payload  # a 3 KiB gzip bomb of 3 MiB
    with _body_server(body, headers) as srv:
        source = CrossrefSource(_config(srv.url, max_body_mb=1))
        with pytest.raises(ResponseTooLargeError, match="1 MiB limit"):
            asyncio.run(source.search(_citation()))
        ok = CrossrefSource(_config(srv.url, max_body_mb=8))
        assert asyncio.run(ok.search(_citation())) == []


def test_connect_and_read_timeouts_are_separate() -> None:
    source = CrossrefSource(_config("http://127.0.0.1:9", connect_timeout=0.5, timeout=7))

    async def timeouts():  # type: ignore[no-untyped-def]
        return source.http._client("http://127.0.0.1:9").timeout

    timeout = asyncio.run(timeouts())
    assert (timeout.connect, timeout.read) == (0.5, 7)


# -- content codings: inflated a bounded step at a time, one coding at most ----------------------
def _gzip_bomb(mib: int, layers: int = 1) -> bytes:
    """`mib` MiB of JSON padding, gzipped `layers` times (1 MiB of padding → ~1 KB)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [packer.compress(b'{"message": {"items": []}, "pad": "')]
    block = b"x" * (1 << 20)
    parts += [packer.compress(block) for _ in range(mib)]
    body = b"".join([*parts, packer.compress(b'"}'), packer.flush()])
    for _ in range(layers - 1):
        body = gzip.compress(body)
    return body


def _peak_traced(call: Callable[[], object]) -> tuple[object, int]:
    """What `call` returned (or raised) and the peak of Python allocations while it ran."""
    tracemalloc.start()
    try:
        try:
            result: object = call()
        except SourceError as exc:
            result = exc
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_gzip_bomb_is_abandoned_at_the_limit_without_inflating_it() -> None:
    body = _gzip_bomb(256)  # 256 MiB in ~250 KB: ~64 MiB per 64 KiB network read
    with _body_server(body, {"content-encoding": "gzip"}) as srv:
        source = CrossrefSource(_config(srv.url, max_body_mb=8))
        result, peak = _peak_traced(lambda: asyncio.run(source.search(_citation())))
    assert isinstance(result, ResponseTooLargeError), result
    assert "8 MiB limit" in str(result)
    assert peak < 24 << 20, f"peak {peak >> 20} MiB of allocations for an 8 MiB limit"
    assert BUDGET.used == 0


@pytest.mark.parametrize("coding", ["gzip, gzip", "gzip,deflate", "deflate, gzip"])
def test_stacked_content_codings_are_refused_unread(coding: str) -> None:
    body = _gzip_bomb(64, layers=2)  # 64 MiB behind two layers: a few hundred bytes
    with _body_server(body, {"content-encoding": coding}) as srv:
        source = CrossrefSource(_config(srv.url))
        result, peak = _peak_traced(lambda: asyncio.run(source.search(_citation())))
    assert isinstance(result, SourceError) and "stacked content codings" in str(result), result
    assert peak < 8 << 20


@pytest.mark.parametrize("coding", ["br", "zstd", "compress", "x-custom"])
def test_unknown_content_codings_are_a_failure_of_the_source(coding: str) -> None:
    with (
        _body_server(b'{"message": {"items": []}}', {"content-encoding": coding}) as srv,
        pytest.raises(SourceError, match="unknown content coding"),
    ):
        asyncio.run(CrossrefSource(_config(srv.url)).search(_citation()))


def _deflate(data: bytes, wbits: int) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, wbits)
    return packer.compress(data) + packer.flush()


@pytest.mark.parametrize(("coding", "encode"), [
    ("gzip", gzip.compress),
    ("x-gzip", gzip.compress),
    ("deflate", lambda d: _deflate(d, zlib.MAX_WBITS)),  # zlib-wrapped, as the standard says
    ("deflate", lambda d: _deflate(d, -zlib.MAX_WBITS)),  # raw, as some servers send it
    ("gzip", lambda d: gzip.compress(d[:40]) + gzip.compress(d[40:])),  # two gzip members
    ("identity", lambda d: d),
])
def test_each_supported_coding_decodes_whole(coding: str, encode: Callable[[bytes], bytes]) -> None:
    items = [{"DOI": f"10.1234/{i}", "title": [f"Work number {i} " + "z" * 300]} for i in range(400)]
    payload = json.dumps({"message": {"items": items}}).encode()  # ~130 KB: many decode steps
    seen: list[Request] = []

    def handler(req: Request) -> Response:
        seen.append(req)
        return Response(200, encode(payload), {"content-encoding": coding})

    with LoopbackServer(handler) as srv:
        found = asyncio.run(CrossrefSource(_config(srv.url)).search(_citation(), limit=500))
    assert len(found) == 400 and found[-1].DOI == "10.1234/399"
    assert seen[0].headers["accept-encoding"] == ACCEPT_ENCODING == "gzip, deflate"


def test_a_corrupt_compressed_body_is_a_failure_of_the_source() -> None:
    body = bytearray(gzip.compress(b'{"message": {"items": []}}' * 100))
    body[20:40] = b"\xff" * 20
    with (
        _body_server(bytes(body), {"content-encoding": "gzip"}) as srv,
        pytest.raises(SourceError),
    ):
        asyncio.run(CrossrefSource(_config(srv.url)).search(_citation()))


# -- whatever goes wrong in a source is a failure of that source --------------------------------
MALFORMED_LOCATION = "http:\\\\evil.example\\x"


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_a_malformed_redirect_is_a_failure_of_the_source(name: str) -> None:
    with (
        LoopbackServer(lambda req: Response(302, "", {"location": MALFORMED_LOCATION})) as srv,
        pytest.raises(SourceError) as caught,
    ):
        asyncio.run(_ask(BUILDERS[name](_config(srv.url))))
    assert caught.value.source == name


def test_a_malformed_redirect_leaves_a_complete_output_with_the_source_failed(
    tmp_path: Path,
) -> None:
    (tmp_path / "refs.bib").write_text(BIB + BIB.replace("@article{real", "@article{again"),
                                       encoding="utf-8")
    out = tmp_path / "out.jsonl"
    with LoopbackServer(lambda req: Response(302, "", {"location": MALFORMED_LOCATION})) as srv:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
               "CITECHECK_CROSSREF_URL": srv.url, "CITECHECK_CACHE_DIR": str(tmp_path / "cache"),
               "CITECHECK_MAX_RETRIES": "0"}
        done = subprocess.run(
            [sys.executable, "-m", "citecheck", "check", str(tmp_path / "refs.bib"), "--index",
             str(_index(tmp_path)), "--sources", "crossref", "-f", "jsonl", "-o", str(out),
             "--fail-on", "never", "-q"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["label"] for r in rows] == ["UNVERIFIED", "UNVERIFIED"]
    for row in rows:
        crossref = [s for s in row["sources"] if s["source"] == "crossref"]
        assert crossref and crossref[0]["status"] == "failed", row["sources"]
        assert "InvalidURL" in crossref[0]["reason"]


@pytest.mark.parametrize("where", ["parse", "mapping"])
def test_memory_error_in_a_source_is_a_failure_of_that_source(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def exhausted(*args: object, **kwargs: object) -> object:
        raise MemoryError

    if where == "parse":
        monkeypatch.setattr(http_module.json, "loads", exhausted)
    else:
        monkeypatch.setattr(crossref_module, "to_record", exhausted)
    body = json.dumps({"message": {"items": [{"DOI": "10.1234/x", "title": ["T"]}]}})
    with (
        _body_server(body.encode(), {}) as srv,
        pytest.raises(SourceError) as caught,
    ):
        asyncio.run(CrossrefSource(_config(srv.url)).search(_citation()))
    assert caught.value.source == "crossref"


def test_json_nested_too_deep_is_a_failure_of_the_source() -> None:
    with (
        _body_server(b"[" * 200_000 + b"]" * 200_000, {}) as srv,
        pytest.raises(SourceError, match="nested too deep"),
    ):
        asyncio.run(CrossrefSource(_config(srv.url)).search(_citation()))


def test_a_cited_page_is_read_through_the_same_bounded_decoder() -> None:
    title = b"<html><head><title>The Python Tutorial</title></head><body>"
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    page = b"".join([packer.compress(title)]
                    + [packer.compress(b"x" * (1 << 20)) for _ in range(256)] + [packer.flush()])

    def handler(req: Request) -> Response:
        if req.path == "/stacked":
            return Response(200, gzip.compress(page), {"content-type": "text/html",
                                                       "content-encoding": "gzip, gzip"})
        if req.path == "/moved":
            return Response(302, "", {"location": MALFORMED_LOCATION})
        return Response(200, page, {"content-type": "text/html", "content-encoding": "gzip"})

    def web(url: str) -> Citation:
        return Citation(id="w", raw=url, fields=Record.from_csl(
            {"type": "webpage", "title": "The Python Tutorial", "URL": url}))

    with LoopbackServer(handler) as srv:
        source = UrlSource(SourceConfig(), allow_loopback=True)
        found, peak = _peak_traced(lambda: asyncio.run(source.search(web(srv.url + "/bomb"))))
        assert isinstance(found, list) and [r.title for r in found] == ["The Python Tutorial"]
        assert peak < 8 << 20, f"{peak >> 20} MiB allocated for a 256 KiB read"
        for path, reason in (("/stacked", "stacked content codings"), ("/moved", "InvalidURL")):
            with pytest.raises(SourceError, match=reason):
                asyncio.run(UrlSource(SourceConfig(), allow_loopback=True).search(web(srv.url + path)))
