"""The HTTP layer and every adapter under faults and rate limits, against the simulator."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from citecheck.model import Citation, Record
from citecheck.sources import errors
from citecheck.sources.base import SourceError
from citecheck.sources.config import SourceConfig, load_config
from citecheck.sources.http import LIMITS, HttpClient, RateLimit, parse_retry_after, redact
from citecheck.sources.registry import build_sources
from tests.servers.base import LoopbackServer, Request, Response
from tests.servers.simulator import Fault, Limit, Simulator, load_corpus

SAMPLE = Path(__file__).parent / "data" / "replay" / "corpus-sample.jsonl"
SCALE = 50.0
NAMES = ["crossref", "arxiv", "semanticscholar", "openalex", "inspire"]


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return load_corpus([SAMPLE])


@pytest.fixture
def sim(records: list[Record]) -> Iterator[Simulator]:
    with Simulator(records, scale=SCALE) as s:
        yield s


def _config(sim: Simulator, **kw: object) -> SourceConfig:
    base = {"rate_scale": SCALE, "timeout": 2.0, "max_retries": 3, "backoff_base": 0.5,
            "openalex_api_key": "oa-secret-key", "s2_api_key": "s2-secret-key",
            "mailto": "someone@example.org"}
    base.update(kw)
    return load_config(env={}, **sim.base_urls(), **base)


def _sources(sim: Simulator, names: list[str] = NAMES, **kw: object):
    return build_sources(names, config=_config(sim, **kw), offline=False, use_cache=False)


async def _exercise(source, records: list[Record]) -> None:
    """One call of every kind the source supports."""
    with_doi = next(r for r in records if r.DOI)
    with_arxiv = next(r for r in records if r.arxiv)
    if "doi" in source.supports:
        await source.lookup_doi_many([with_doi.DOI])
    if "arxiv" in source.supports:
        await source.lookup_arxiv_many([with_arxiv.arxiv])
    if "search" in source.supports:
        await source.search(Citation(id="c", raw="", fields=with_arxiv))
    if "journal" in source.supports:
        await source.lookup_journal("Phys. Rev. Lett.", "81", "4412", 1998)


async def test_healthy_lookups_find_corpus_records(sim: Simulator, records: list[Record]) -> None:
    target = next(r for r in records if r.DOI and r.arxiv)
    for source in _sources(sim):
        if "doi" in source.supports and source.name != "arxiv":
            got = await source.lookup_doi_many([target.DOI, "10.9999/not-there"])
            assert got[target.DOI] is not None and got[target.DOI].title == target.title, source.name
            assert got["10.9999/not-there"] is None
        if "arxiv" in source.supports:
            got = await source.lookup_arxiv_many([target.arxiv])
            assert got[target.arxiv] is not None and got[target.arxiv].arxiv == target.arxiv
        hits = await source.search(Citation(id="c", raw="", fields=target))
        assert any(h.title == target.title for h in hits), source.name
        await source.aclose()
    assert sim.total("violations") == 0


@pytest.mark.parametrize(
    "kind", ["500", "503", "timeout", "malformed", "truncated", "wrongshape", "html", "drop"]
)
async def test_every_fault_becomes_a_source_error(sim: Simulator, records: list[Record], kind: str) -> None:
    for name in NAMES:
        sim.inject(name, Fault(kind, seconds=3.0))
    for source in _sources(sim, max_retries=1, timeout=0.3):
        with pytest.raises(SourceError) as info:
            await _exercise(source, records)
        assert info.value.source == source.name
        assert "secret" not in str(info.value) and "someone@" not in str(info.value)
        await source.aclose()


async def test_transient_fault_is_retried(sim: Simulator, records: list[Record]) -> None:
    for name in NAMES:
        sim.inject(name, Fault("503", times=1))
    for source in _sources(sim):
        await _exercise(source, records)  # no exception: the second attempt answered
        await source.aclose()


async def test_fault_kinds_map_to_error_classes(sim: Simulator, records: list[Record]) -> None:
    # timeout last: the simulated server keeps the slow request's slot busy afterwards
    expect = {"500": errors.ServerError, "html": errors.MalformedResponseError,
              "malformed": errors.MalformedResponseError, "timeout": errors.SourceTimeoutError}
    for kind, cls in expect.items():
        sim.inject("crossref", Fault(kind, seconds=2.0))
        (source,) = _sources(sim, ["crossref"], max_retries=0, timeout=0.3)
        with pytest.raises(cls):
            await source.lookup_doi(records[0].DOI or "10.1/x")
        await source.aclose()


async def test_no_request_before_retry_after(records: list[Record]) -> None:
    """The server allows less than the client believes: 429s come, and after each one nothing
    reaches the host until its Retry-After has passed; every lookup still answers."""
    tight = {"semanticscholar": Limit(1, 2, 1), "crossref": Limit(2, 1, 1),
             "openalex": Limit(3, 1, 3)}
    with Simulator(records, scale=SCALE, limits=tight) as sim:
        sources = _sources(sim, ["semanticscholar", "crossref", "openalex"], max_retries=8)
        dois = [r.DOI for r in records if r.DOI][:12]

        async def one(source, doi: str) -> Record | None:
            return await source.lookup_doi(doi)

        results = await asyncio.gather(*(one(s, d) for s in sources for d in dois))
        assert all(r is not None for r in results)
        assert sim.total("rate_limited") > 0
        assert sim.total("violations") == 0, sim.violation_log
        for s in sources:
            await s.aclose()


async def test_retry_after_blocks_the_whole_host() -> None:
    seen: list[float] = []

    def handler(req: Request) -> Response:
        seen.append(time.monotonic())
        if len(seen) == 1:
            return Response(429, "{}", {"retry-after": "1"})
        return Response(200, json.dumps({"ok": True}))

    with LoopbackServer(handler) as srv:
        client = HttpClient("t", SourceConfig(), {"default": RateLimit(100, 1, 4)})
        first = asyncio.ensure_future(client.request("GET", srv.url + "/x0"))
        await asyncio.sleep(0.2)  # the 429 has arrived; the host is now blocked for 1 s
        later = [client.request("GET", srv.url + f"/x{i}") for i in range(1, 4)]
        results = [await first, *await asyncio.gather(*later)]
        await client.aclose()
    assert results == [{"ok": True}] * 4
    assert all(t - seen[0] >= 0.99 for t in seen[1:])


async def test_limits_shrink_to_announced_headers() -> None:
    def handler(req: Request) -> Response:
        return Response(200, "{}", {"x-rate-limit-limit": "2", "x-rate-limit-interval": "1s",
                                    "x-concurrency-limit": "1"})

    with LoopbackServer(handler) as srv:
        client = HttpClient("t2", SourceConfig(rate_scale=10), {"default": RateLimit(50, 1, 3)})
        await client.request("GET", srv.url + "/a")
        state = client.state(srv.url)
        assert state.rate == 2 and state.per == 1 and state.gate.limit == 1
        await client.aclose()


def test_parse_retry_after_and_redact() -> None:
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("0.5") == 0.5
    assert parse_retry_after("garbage") is None
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert redact("key=a%2Bb&x=a+b", ["a+b"]) == "key=***&x=***"


def test_config_never_shows_secrets(tmp_path: Path) -> None:
    (tmp_path / "citecheck.toml").write_text('mailto = "me@example.org"\n[sources]\ntimeout = 5\n')
    cfg = load_config(tmp_path, env={"S2_API_KEY": "abc123", "CITECHECK_CROSSREF_URL": "http://x"})
    assert cfg.timeout == 5 and cfg.crossref_url == "http://x"
    assert cfg.mailto is not None and cfg.mailto.get_secret_value() == "me@example.org"
    text = repr(cfg) + str(cfg) + cfg.model_dump_json()
    assert "abc123" not in text and "me@example.org" not in text
    with pytest.raises(ValueError) as info:
        load_config(tmp_path, env={"CITECHECK_TIMEOUT": "-1", "S2_API_KEY": "abc123"})
    assert "abc123" not in str(info.value)
    (tmp_path / "pyproject.toml").write_text("[tool.citecheck\nbroken")
    assert load_config(tmp_path, env={}).timeout == 5  # a broken pyproject is not ours to fail on
    (tmp_path / "citecheck.toml").write_text("timeout = ")
    with pytest.raises(ValueError, match=r"citecheck\.toml"):
        load_config(tmp_path, env={})


def test_user_agent_carries_mailto_only_in_header() -> None:
    client = HttpClient("t3", SourceConfig(mailto="me@example.org"), {"default": LIMITS["arxiv"]})
    assert "mailto:me@example.org" in client.headers["User-Agent"]
    assert client.headers["User-Agent"].startswith("citecheck/")


async def test_invalid_url_is_a_source_error() -> None:
    client = HttpClient("t4", SourceConfig(backoff_base=0.01), {"default": RateLimit(10)})
    with pytest.raises(SourceError):
        await client.request("GET", "http://127.0.0.1:1/nothing-listens-here")
    await client.aclose()


def test_httpx_is_the_transport() -> None:
    assert httpx.__version__  # the one HTTP client library the sources use


async def test_circuit_breaker_stops_hammering_a_dead_host() -> None:
    hits: list[float] = []

    def handler(req: Request) -> Response:
        hits.append(time.monotonic())
        return Response(503, "{}")

    with LoopbackServer(handler) as srv:
        client = HttpClient("t5", SourceConfig(max_retries=1, backoff_base=0.001, rate_scale=1000),
                            {"default": RateLimit(1000, 1, 4)})
        for _ in range(20):
            with pytest.raises(errors.ServerError):
                await client.request("GET", srv.url + "/x")
        await client.aclose()
    assert len(hits) == 5 * 2  # five calls of two attempts each, then the host is skipped
