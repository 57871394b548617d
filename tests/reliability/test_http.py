"""Hostile or misplaced services: credentials, redirects, body sizes, 404 semantics, cache keys.

Every source runs over real HTTP against loopback servers; a second loopback address
(127.0.0.2) plays "another host".
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.extract import read_text
from citecheck.index.build import build_index
from citecheck.model import Label
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.base import Source, SourceError
from citecheck.sources.cache import CachedSource, ResponseCache
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.datacite import DataCiteSource
from citecheck.sources.guard import ResponseTooLargeError
from citecheck.sources.inspire import InspireSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
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
