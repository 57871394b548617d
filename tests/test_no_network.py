"""No network at all: notice after the first failed connections, say so once, finish in seconds."""

from __future__ import annotations

import logging
import socket
import time

from citecheck.checker import Checker
from citecheck.model import Label
from citecheck.sources.config import load_config
from citecheck.sources.connectivity import OFFLINE_REASON, Connectivity
from citecheck.sources.registry import build_sources
from tests.fakes import FABRICATED, cite
from tests.servers.base import LoopbackServer, Response


def _dead_url() -> str:
    """A loopback port nobody listens on: connecting is refused at once."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"


def test_no_source_reachable_finishes_in_seconds(caplog) -> None:  # type: ignore[no-untyped-def]
    dead = {f"{name}_url": _dead_url() for name in ("crossref", "arxiv", "s2", "inspire", "doi")}
    # real backoff (1 s, doubling, 4 retries): without the offline switch this takes minutes
    config = load_config(env={}, **dead, max_retries=4, backoff_base=1.0)
    live = build_sources(["crossref", "arxiv", "semanticscholar", "inspire", "doi"], config=config,
                         offline=False, use_cache=False)
    citations = [cite(f"c{i}", **{**FABRICATED, "DOI": f"10.1234/made.up.{i}"}) for i in range(4)]
    start = time.perf_counter()
    with caplog.at_level(logging.WARNING, logger="citecheck.sources"):
        verdicts = Checker(sources=live, use_index=False).check_citations(citations)
    seconds = time.perf_counter() - start
    assert seconds < 10, seconds
    assert [v.label for v in verdicts] == [Label.UNVERIFIED] * 4
    assert any(OFFLINE_REASON in v.rationale for v in verdicts)
    assert sum(OFFLINE_REASON in r.getMessage() for r in caplog.records) == 1  # said once


def test_one_answer_keeps_the_run_online() -> None:
    net = Connectivity()
    net.attempt("a")
    net.attempt("b")
    net.answered("b")
    assert not net.connect_failed("a") and not net.connect_failed("a") and not net.connect_failed("a")
    net = Connectivity()
    for host in ("a", "b"):
        net.attempt(host)
    assert not net.connect_failed("a")  # b may still answer
    assert net.connect_failed("b")
    net = Connectivity()
    net.attempt("a")
    net.attempt("slow")  # in flight, not failed: not every host has failed
    assert not any(net.connect_failed("a") for _ in range(5))


def test_a_reachable_host_with_a_dead_one_is_not_offline() -> None:
    with LoopbackServer(lambda req: Response(404, '{"responseCode": 100, "handle": "x"}')) as srv:
        config = load_config(env={}, crossref_url=_dead_url(), doi_url=srv.url, max_retries=1,
                             backoff_base=0.0)
        live = build_sources(["doi", "crossref"], config=config, offline=False, use_cache=False)
        [v] = Checker(sources=live, use_index=False).check_citations(
            [cite(**{**FABRICATED, "DOI": "10.1234/made.up"})])
    assert v.label is Label.UNVERIFIED  # crossref failed
    assert OFFLINE_REASON not in v.rationale and "crossref" in v.rationale
