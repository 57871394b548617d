"""--check-urls: a cited URL fetched within a budget, public hosts only (loopback allowed in tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from citecheck.checker import Checker
from citecheck.model import Citation, Label, Record
from citecheck.sources.base import SourceError
from citecheck.sources.config import load_config
from citecheck.sources.urls import MAX_BYTES, UrlSource, public_host
from tests.servers.base import LoopbackServer, Request, Response

PAGE = "<html><head><title>The Python Tutorial &mdash; Python 3.12 documentation</title></head>" \
       "<body>" + "x" * (2 * MAX_BYTES) + "</body></html>"


@pytest.fixture
def site() -> Iterator[LoopbackServer]:
    def answer(req: Request) -> Response:
        if req.path == "/old":
            return Response(301, "", {"location": "/3/tutorial/"})
        if req.path == "/3/tutorial/":
            return Response(200, PAGE, {"content-type": "text/html"})
        if req.path == "/evil":
            return Response(302, "", {"location": "http://10.0.0.1/admin"})
        return Response(404, "<title>Not Found</title>", {"content-type": "text/html"})

    with LoopbackServer(answer) as srv:
        yield srv


def _web(url: str, title: str = "The Python Tutorial") -> Citation:
    raw = f"Python Software Foundation. {title}. Retrieved 2024 from {url}"
    return Citation(id="w", raw=raw, fields=Record.from_csl(
        {"type": "webpage", "title": title, "author": [{"literal": "Python Software Foundation"}],
         "URL": url}))


def _source(**kw: object) -> UrlSource:
    return UrlSource(load_config(env={}), allow_loopback=True, **kw)  # type: ignore[arg-type]


def test_existing_page_with_the_cited_title_is_found(site: LoopbackServer) -> None:
    [v] = Checker(use_index=False, sources=[_source()]).check_citations([_web(site.url + "/old")])
    assert v.label is not Label.MAJOR and v.match is not None, v.rationale
    assert site.url + "/3/tutorial/" == v.match.URL and v.match_source == "url"


def test_dead_link_is_unverified_never_major(site: LoopbackServer) -> None:
    [v] = Checker(use_index=False, sources=[_source()]).check_citations([_web(site.url + "/gone")])
    assert v.label is Label.UNVERIFIED, v.rationale


async def test_private_hosts_are_refused_without_the_test_switch(site: LoopbackServer) -> None:
    src = UrlSource(load_config(env={}))
    with pytest.raises(SourceError, match="not a public host"):
        await src.search(_web(site.url + "/3/tutorial/"))
    with pytest.raises(SourceError, match=r"10\.0\.0\.1 is not a public host"):
        await _source()._fetch(site.url + "/evil")  # loopback allowed, a redirect to 10/8 not
    assert not await public_host("localhost") and not await public_host("169.254.169.254")
    assert await public_host("8.8.8.8")


async def test_budget_and_body_cap(site: LoopbackServer) -> None:
    src = _source(max_urls=1)
    [rec] = await src.search(_web(site.url + "/3/tutorial/"))
    assert rec.title == "The Python Tutorial"  # the site's name after the dash dropped
    assert rec.custom["page_title"] == "The Python Tutorial — Python 3.12 documentation"
    with pytest.raises(SourceError, match="budget"):
        await src.search(_web(site.url + "/3/tutorial/"))
    await src.aclose()


def test_articles_are_not_fetched(site: LoopbackServer) -> None:
    src = _source()
    art = Citation(id="a", raw="X, A paper, Nature 5, 1 (2020). https://example.org/p",
                   fields=Record.from_csl({"title": "A paper about a thing", "container-title": "Nature",
                                           "volume": "5", "page": "1", "URL": "https://example.org/p"}))
    assert not src.covers(art)
