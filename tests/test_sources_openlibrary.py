"""Open Library: books by title/author or ISBN, over real HTTP against a loopback server speaking
its documented search JSON (https://openlibrary.org/dev/docs/api/search)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from citecheck.checker import Checker
from citecheck.model import Citation, Label, Record
from citecheck.sources.config import load_config
from citecheck.sources.openlibrary import OpenLibrarySource
from tests.servers.base import LoopbackServer, Request, Response

#: trimmed from a real /search.json?title=the+art+of+computer+programming answer
TAOCP = {"key": "/works/OL3335245W", "title": "The Art of Computer Programming",
         "author_name": ["Donald E. Knuth"], "first_publish_year": 1968,
         "publish_year": [1968, 1973, 1997, 2011], "publisher": ["Addison-Wesley"],
         "isbn": ["0201896834", "9780201896831"]}


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    asked: list[dict[str, str]] = []

    def answer(req: Request) -> Response:
        params = dict(req.params)
        asked.append(params)
        if req.path != "/search.json":
            return Response(404, "{}")
        hit = (params.get("isbn") in TAOCP["isbn"]
               or "art of computer programming" in params.get("title", "").lower())
        docs = [TAOCP] if hit else []
        return Response(200, json.dumps({"numFound": len(docs), "start": 0, "docs": docs}))

    srv = LoopbackServer(answer)
    srv.asked = asked  # type: ignore[attr-defined]
    with srv:
        yield srv


def _book(title: str, year: int = 1997, **extra: object) -> Citation:
    fields = {"type": "book", "title": title, "author": [{"family": "Knuth", "given": "Donald E."}],
              "issued": {"date-parts": [[year]]}, "publisher": "Addison-Wesley", **extra}
    return Citation(id="b", raw=f"D. E. Knuth, {title}, Addison-Wesley, {year}.",
                    fields=Record.from_csl(fields))


def _checker(server: LoopbackServer) -> Checker:
    config = load_config(env={}, openlibrary_url=server.url, max_retries=0, rate_scale=100)
    return Checker(use_index=False, sources=[OpenLibrarySource(config)])


def test_book_found_by_title_takes_the_edition_year(server: LoopbackServer) -> None:
    [v] = _checker(server).check_citations([_book("The Art of Computer Programming")])
    assert v.label is Label.EXACT, v.rationale
    assert v.match is not None and v.match.year == 1997 and v.match_source == "openlibrary"
    assert server.asked[0]["author"] == "Knuth"  # type: ignore[attr-defined]


def test_book_found_by_isbn(server: LoopbackServer) -> None:
    [v] = _checker(server).check_citations([_book("The Art of Computer Programming", ISBN="978-0-201-89683-1")])
    assert v.label is Label.EXACT, v.rationale
    assert server.asked[0]["isbn"] == "9780201896831"  # type: ignore[attr-defined]


def test_fabricated_book_is_major_where_open_library_answered(server: LoopbackServer) -> None:
    [v] = _checker(server).check_citations([_book("The Zen of Imaginary Compilers")])
    assert v.label is Label.MAJOR, v.rationale
    assert "openlibrary covers every book" in v.rationale


def test_articles_are_not_sent_to_open_library(server: LoopbackServer) -> None:
    art = Citation(id="a", raw="X, Some paper, Phys. Rev. B 65, 100518 (2002)", fields=Record.from_csl(
        {"title": "Some paper about things", "container-title": "Phys. Rev. B", "volume": "65",
         "page": "100518"}))
    [v] = _checker(server).check_citations([art])
    assert v.label is Label.UNVERIFIED and server.asked == []  # type: ignore[attr-defined]
