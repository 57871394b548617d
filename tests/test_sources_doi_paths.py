"""DOIs in request URLs: percent-encoded so that none climbs out of its endpoint's path, and any
registered DOI asked of every source — SICI DOIs with "(", "<", ";", ":" included — even where a
batch filter or query syntax cannot carry it (then it is looked up alone).

Every source runs over real HTTP against a loopback server that records the raw request path.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from citecheck.checker import Checker
from citecheck.index.build import build_index
from citecheck.model import Label
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.datacite import DataCiteSource
from citecheck.sources.doi import DoiRegistrySource
from citecheck.sources.inspire import InspireSource
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from tests.servers.base import LoopbackServer, Request, Response

#: real SICI DOIs (Wiley): parentheses, ":", "<", ">", ";"
SICI = ["10.1002/(SICI)1097-4636(199603)31:3<297::AID-JBM1>3.0.CO;2-J",
        "10.1002/(SICI)1097-4571(199410)45:9<656::AID-ASI3>3.0.CO;2-1",
        "10.1002/(SICI)1521-4095(199807)10:10<725::AID-ADMA725>3.0.CO;2-Z"]
#: the first of them as it must appear in a request path
SICI_PATH = "10.1002/%28SICI%291097-4636%28199603%2931%3A3%3C297%3A%3AAID-JBM1%3E3.0.CO%3B2-J"
PLAIN = ["10.1103/PhysRevD.66.010001", "10.1103/PhysRevLett.19.1264"]
CLIMBING = "10.1234/../../../admin"
TITLE = "A work whose DOI holds every character"


def _config(url: str) -> SourceConfig:
    return SourceConfig(crossref_url=url, datacite_url=url, doi_url=url, inspire_url=url,
                        openalex_url=url, s2_url=url, timeout=5, max_retries=0, rate_scale=100)


def _work(service: str, doi: str) -> Any:
    """The body each service answers for one work (only what its adapter reads)."""
    if service == "crossref":
        return {"status": "ok", "message": {"DOI": doi, "title": [TITLE], "type": "journal-article",
                                            "issued": {"date-parts": [[1996]]}}}
    if service == "datacite":
        return {"data": {"id": doi, "attributes": {"doi": doi, "titles": [{"title": TITLE}],
                                                   "publicationYear": 1996}}}
    if service == "doi":
        return {"responseCode": 1, "handle": doi,
                "values": [{"type": "URL", "data": {"value": "https://example.org/w"}}]}
    if service == "inspire":
        return {"metadata": {"titles": [{"title": TITLE}], "dois": [{"value": doi}]}}
    return {"id": "https://openalex.org/W1", "doi": f"https://doi.org/{doi}",
            "display_name": TITLE, "title": TITLE, "publication_year": 1996, "type": "article",
            "authorships": [{"raw_author_name": "Jane Smith"}]}


class Recorder:
    """A loopback service that answers single-work lookups of the DOIs it knows (from the
    decoded path), OR-filters and INSPIRE ``doi`` queries; every raw path is kept."""

    def __init__(self, service: str, known: list[str]) -> None:
        self.service, self.known = service, {d.lower(): d for d in known}
        self.raw: list[str] = []

    def __call__(self, req: Request) -> Response:
        self.raw.append(req.raw_path)
        if self.service == "openalex" and req.param("filter"):
            dois = (req.param("filter") or "")[4:].split("|")
            found = [_work("openalex", self.known[d.lower()]) for d in dois if d.lower() in self.known]
            return Response(200, json.dumps({"meta": {"count": len(found)}, "results": found}))
        if self.service == "crossref" and req.param("filter"):
            dois = [f[4:] for f in (req.param("filter") or "").split(",")]
            items = [_work("crossref", self.known[d.lower()])["message"] for d in dois
                     if d.lower() in self.known]
            return Response(200, json.dumps({"status": "ok", "message": {"items": items}}))
        if self.service == "inspire" and req.param("q"):
            asked = [t[4:] for t in (req.param("q") or "").split(" or ")]
            hits = [_work("inspire", self.known[d.lower()]) for d in asked if d.lower() in self.known]
            return Response(200, json.dumps({"hits": {"hits": hits, "total": len(hits)}}))
        doi = next((d for k, d in self.known.items() if req.path.lower().endswith(k)), None)
        if doi is None:
            return Response(404, json.dumps({"responseCode": 100}))
        return Response(200, json.dumps(_work(self.service, doi)))


BUILDERS: dict[str, Callable[[SourceConfig], Source]] = {
    "crossref": CrossrefSource, "datacite": DataCiteSource, "doi": DoiRegistrySource,
    "inspire": InspireSource, "openalex": OpenAlexSource,
}
#: where each source asks for one work by its DOI
ENDPOINT = {"crossref": "/works/", "datacite": "/dois/", "doi": "/api/handles/",
            "inspire": "/doi/", "openalex": "/works/doi:"}
#: where the sources that batch send their batches (DOIs in the query string)
BATCH_PATH = {"crossref": "/works", "inspire": "/literature", "openalex": "/works"}


def _lookup(service: str, dois: list[str], known: list[str]) -> tuple[dict[str, Any], list[str]]:
    """`lookup_doi_many` of the DOIs, or `lookup_doi` of the one DOI; the raw paths asked."""
    recorder = Recorder(service, known)
    with LoopbackServer(recorder) as srv:
        source = BUILDERS[service](_config(srv.url))
        if len(dois) == 1:
            found = {dois[0]: asyncio.run(source.lookup_doi(dois[0]))}
        else:
            found = asyncio.run(source.lookup_doi_many(dois))
    return found, recorder.raw


@pytest.mark.parametrize("service", sorted(BUILDERS))
def test_a_sici_doi_is_asked_percent_encoded_and_found(service: str) -> None:
    found, raw = _lookup(service, [SICI[0]], SICI)
    assert raw == [ENDPOINT[service] + SICI_PATH]
    record = found[SICI[0]]
    assert record is not None
    assert record.DOI is not None and record.DOI.lower() == SICI[0].lower()


@pytest.mark.parametrize("service", ["crossref", "inspire", "openalex"])
def test_sici_dois_leave_the_batch_and_are_each_looked_up_alone(service: str) -> None:
    dois = [*PLAIN, *SICI]
    found, raw = _lookup(service, dois, dois)
    assert all(found[d] is not None for d in dois), found
    singles = sorted(p for p in raw if p.startswith(ENDPOINT[service]))
    assert len(singles) == len(SICI) and raw.count(BATCH_PATH[service]) == 1
    assert ENDPOINT[service] + SICI_PATH in singles
    assert not any(c in p[len(ENDPOINT[service]):] for p in singles for c in "()<>;:")


@pytest.mark.parametrize(("service", "requests"), [("crossref", ["/works"]),
                                                   ("openalex", ["/works"]),
                                                   ("inspire", ["/doi/10.1007/JHEP04%282019%29063",
                                                                "/doi/10.1007/JHEP05%282020%29001"])])
def test_parenthesised_dois_are_batched_only_where_the_syntax_carries_them(
    service: str, requests: list[str]
) -> None:
    jhep = ["10.1007/JHEP04(2019)063", "10.1007/JHEP05(2020)001"]
    found, raw = _lookup(service, jhep, jhep)
    assert raw == requests
    assert all(found[d] is not None for d in jhep)


@pytest.mark.parametrize("service", sorted(BUILDERS))
def test_a_doi_with_dot_segments_never_leaves_its_endpoint(service: str) -> None:
    _, raw = _lookup(service, [CLIMBING, *PLAIN], [])
    assert raw, "the source was asked"
    for path in raw:
        assert path == BATCH_PATH.get(service) or path.startswith(ENDPOINT[service]), path
        assert "/../" not in path and not path.endswith("/..")
    _, raw = _lookup(service, [CLIMBING], [])
    if service != "openalex":  # OpenAlex carries a plain DOI in its filter, not in the path
        assert raw == [ENDPOINT[service] + "10.1234%2F..%2F..%2F..%2Fadmin"]


def test_semantic_scholar_sends_any_doi_as_it_is() -> None:
    bodies: list[Any] = []

    def handler(req: Request) -> Response:
        bodies.append(json.loads(req.body))
        return Response(200, json.dumps([{"paperId": "p1", "title": TITLE, "year": 1996,
                                          "externalIds": {"DOI": SICI[0]}}]))

    with LoopbackServer(handler) as srv:
        record = asyncio.run(SemanticScholarSource(_config(srv.url)).lookup_doi(SICI[0]))
    assert bodies == [{"ids": [f"DOI:{SICI[0]}"]}]
    assert record is not None and record.title == TITLE


def test_a_citation_with_a_sici_doi_is_verified_through_openalex(tmp_path: Path) -> None:
    other = {"id": "x:1", "type": "article-journal", "title": "An unrelated work on sea shells",
             "author": [{"family": "Shell", "given": "Sally"}], "issued": {"date-parts": [[1990]]}}
    (tmp_path / "other.jsonl").write_text(json.dumps(other) + "\n", encoding="utf-8")
    build_index(tmp_path / "idx.sqlite", [tmp_path / "other.jsonl"])
    bib = (f"@article{{w, title = {{{TITLE}}}, author = {{Smith, Jane}}, year = {{1996}},\n"
           f"  doi = {{{SICI[0]}}}}}\n")
    recorder = Recorder("openalex", SICI)
    with LoopbackServer(recorder) as srv:
        checker = Checker(index=tmp_path / "idx.sqlite", sources=[OpenAlexSource(_config(srv.url))])
        verdict = checker.check_text(bib, "bibtex")[0]
    assert (ENDPOINT["openalex"] + SICI_PATH).lower() in [p.lower() for p in recorder.raw]
    assert verdict.label is Label.EXACT, verdict.rationale
