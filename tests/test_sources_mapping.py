"""Mappings without recordings (INSPIRE, DataCite, SearXNG), names, coverage rules.

No recordings of these services exist under a permissive licence, so their payloads here are
written from the services' documented response formats, then served from 127.0.0.1.
"""

from __future__ import annotations

import json

import pytest

from citecheck.model import Citation, Record
from citecheck.sources._common import split_name
from citecheck.sources.arxiv import ArxivSource
from citecheck.sources.base import SourceError
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.datacite import DataCiteSource
from citecheck.sources.inspire import InspireSource, inspire_journal
from citecheck.sources.physics import is_physics
from citecheck.sources.websearch import WebSearchSource
from tests.servers.base import LoopbackServer, Request, Response

INSPIRE_HIT = {
    "id": "1234",
    "metadata": {
        "control_number": 1234,
        "titles": [{"title": "Observation of a new particle in the search for the Standard Model Higgs boson"}],
        "authors": [{"full_name": "Aad, Georges"}, {"full_name": "Abajyan, Tatevik"}],
        "collaborations": [{"value": "ATLAS"}],
        "publication_info": [{"journal_title": "Phys.Lett.B", "journal_volume": "716",
                              "page_start": "1", "page_end": "29", "year": 2012}],
        "dois": [{"value": "10.1016/j.physletb.2012.08.020"}],
        "arxiv_eprints": [{"value": "1207.7214", "categories": ["hep-ex"]}],
        "document_type": ["article"],
    },
}
DATACITE = {"data": {"id": "10.48550/arxiv.1706.03762", "attributes": {
    "doi": "10.48550/arxiv.1706.03762", "titles": [{"title": "Attention Is All You Need"}],
    "creators": [{"name": "Vaswani, Ashish", "nameType": "Personal", "givenName": "Ashish",
                  "familyName": "Vaswani"}, {"name": "Google", "nameType": "Organizational"}],
    "publicationYear": 2017, "publisher": "arXiv", "url": "https://arxiv.org/abs/1706.03762",
    "types": {"resourceTypeGeneral": "Preprint"}}}}
SEARX = {"results": [{"url": "https://doi.org/10.1038/nature14539", "title": "Deep learning",
                      "content": "LeCun, Bengio, Hinton. Nature 2015", "engine": "bing"},
                     {"url": "https://arxiv.org/abs/1706.03762v5", "title": "Attention Is All You Need"}]}


def _handler(req: Request) -> Response:
    if req.path.startswith("/inspire/api/literature"):
        q = req.param("q") or ""
        hits = [INSPIRE_HIT] if ("716" in q or "Higgs" in q) else []
        return Response(200, json.dumps({"hits": {"hits": hits, "total": len(hits)}}))
    if req.path == "/inspire/api/arxiv/1207.7214":
        return Response(200, json.dumps(INSPIRE_HIT))
    if req.path.startswith("/inspire/api/"):
        return Response(404, json.dumps({"message": "PID does not exist"}))
    if req.path == "/datacite/dois/10.48550/arxiv.1706.03762":
        return Response(200, json.dumps(DATACITE))
    if req.path.startswith("/datacite/"):
        return Response(404, json.dumps({"errors": [{"status": "404"}]}))
    if req.path == "/searx/search":
        assert req.param("format") == "json"
        return Response(200, json.dumps(SEARX))
    return Response(503, "<html>down</html>", {"content-type": "text/html"})


@pytest.fixture
def config():
    with LoopbackServer(_handler) as srv:
        yield SourceConfig(inspire_url=srv.url + "/inspire/api", datacite_url=srv.url + "/datacite",
                           searxng_url=srv.url + "/searx", crossref_url=srv.url + "/nothing",
                           rate_scale=100, max_retries=1, backoff_base=0.01)


async def test_inspire(config: SourceConfig) -> None:
    src = InspireSource(config)
    hits = await src.lookup_journal("Phys. Lett. B", "716", "1", 2012)
    assert len(hits) == 1
    rec = hits[0]
    assert rec.title and rec.year == 2012 and rec.page == "1-29" and rec.volume == "716"
    assert rec.author[0].family == "Aad" and rec.author[0].given == "Georges"
    assert rec.DOI == "10.1016/j.physletb.2012.08.020" and rec.arxiv == "1207.7214"
    assert rec.URL == "https://inspirehep.net/literature/1234"
    assert (await src.lookup_arxiv("1207.7214")) is not None
    assert (await src.lookup_arxiv("1207.0000")) is None
    cit = Citation(id="c", raw="", fields=Record(title="Observation of a new particle in the search "
                                                       "for the Standard Model Higgs boson"))
    assert (await src.search(cit))[0].custom["inspire"] == "1234"
    await src.aclose()


async def test_datacite_and_websearch(config: SourceConfig) -> None:
    dc = DataCiteSource(config)
    rec = await dc.lookup_arxiv("1706.03762v2")
    assert rec is not None and rec.arxiv == "1706.03762" and rec.type == "article"
    assert rec.author[0].family == "Vaswani" and rec.author[1].literal == "Google"
    assert rec.year == 2017
    assert await dc.lookup_doi("10.5281/zenodo.1") is None
    web = WebSearchSource(config)
    hits = await web.search(Citation(id="c", raw="", fields=Record(title="Deep learning")))
    assert hits[0].DOI == "10.1038/nature14539" and hits[0].custom["snippet"]
    assert hits[1].arxiv == "1706.03762"
    await dc.aclose()
    await web.aclose()


async def test_html_maintenance_page_is_a_source_error(config: SourceConfig) -> None:
    src = CrossrefSource(config)
    with pytest.raises(SourceError, match="HTTP 503"):
        await src.lookup_doi("10.1/x")
    await src.aclose()


@pytest.mark.parametrize(("text", "family", "given"), [
    ("Albert Einstein", "Einstein", "Albert"),
    ("Einstein, Albert", "Einstein", "Albert"),
    ("Ludwig van Beethoven", "van Beethoven", "Ludwig"),
    ("J. R. R. Tolkien", "Tolkien", "J. R. R."),
    ("Plato", "Plato", None),
])
def test_split_name(text: str, family: str, given: str | None) -> None:
    name = split_name(text)
    assert name is not None and name.family == family and name.given == given


def test_split_name_collaboration_and_suffix() -> None:
    assert split_name("ATLAS Collaboration").literal == "ATLAS Collaboration"  # type: ignore[union-attr]
    name = split_name("Martin Luther King Jr.")
    assert name is not None and name.family == "King" and name.suffix == "Jr."


def test_coverage_rules() -> None:
    def cit(**fields: object) -> Citation:
        return Citation(id="c", raw=str(fields.pop("raw", "")), fields=Record(**fields))

    physics = cit(title="X", **{"container-title": "Phys. Rev. Lett."}, volume="81", page="4412")
    ml = cit(title="Deep learning", **{"container-title": "Nature"})
    assert is_physics(physics.fields) and not is_physics(ml.fields)
    assert is_physics(cit(title="x", DOI="10.1103/PhysRevD.1.1").fields)
    assert is_physics(cit(title="x", custom={"arxiv": "hep-th/9901001"}).fields)
    inspire = InspireSource(SourceConfig())
    assert inspire.covers(physics) and not inspire.covers(ml)
    ax = ArxivSource(SourceConfig())
    assert ax.covers(cit(title="x", custom={"arxiv": "2101.00001"}))
    assert ax.covers(cit(title="x", raw="arXiv preprint arXiv:2101.0001"))
    assert not ax.covers(ml)
    assert CrossrefSource(SourceConfig()).covers(ml)
    assert not CrossrefSource(SourceConfig()).covers(cit())
    assert inspire_journal("Phys. Rev. Lett.") == "Phys.Rev.Lett."


async def test_arxiv_bad_id_does_not_sink_the_batch() -> None:
    from tests.servers.simulator import arxiv_feed

    good = Record(title="A paper", author=[split_name("Ada Lovelace")], custom={"arxiv": "math/0309136"})  # type: ignore[list-item]
    good.issued = None
    asked: list[str] = []

    def handler(req: Request) -> Response:
        ids = (req.param("id_list") or "").split(",")
        asked.append(",".join(ids))
        if "9999.99999" in ids:
            err = ('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry>'
                   "<id>http://arxiv.org/api/errors#incorrect_id_format_for_9999.99999</id>"
                   "<title>Error</title></entry></feed>")
            return Response(400, err, {"content-type": "application/atom+xml"})
        found = [good] if "math/0309136" in ids else []
        return Response(200, arxiv_feed(found), {"content-type": "application/atom+xml"})

    with LoopbackServer(handler) as srv:
        src = ArxivSource(SourceConfig(arxiv_url=srv.url + "/api/query", rate_scale=1000))
        got = await src.lookup_arxiv_many(["math.GT/0309136v2", "9999.99999"])
        await src.aclose()
    assert got["math.GT/0309136v2"] is not None and got["9999.99999"] is None
    assert asked[0] == "math/0309136,9999.99999" and len(asked) == 3
