"""The service fetches a paper a request names only where its operator allowed it
(``citecheck serve --allow-fetch``), and then only through the safe download routes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the service is the optional 'serve' extra")
from fastapi.testclient import TestClient

from citecheck.service import ServiceConfig, create_app
from tests.fakes import PAPERS, point_at_arxiv
from tests.servers.arxiv import LoopbackArxiv


@pytest.fixture
def arxiv(monkeypatch: pytest.MonkeyPatch) -> Iterator[LoopbackArxiv]:
    with LoopbackArxiv(PAPERS[:1]) as server:
        yield point_at_arxiv(monkeypatch, server, retries=0)


def test_service_refuses_to_fetch_a_paper_unless_the_operator_allows_it(arxiv: LoopbackArxiv) -> None:
    with TestClient(create_app(ServiceConfig(offline=True))) as client:
        r = client.post("/v1/check", json={"paper": "arXiv:2401.00001"})
    assert r.status_code == 403 and "citecheck serve --allow-fetch" in r.json()["detail"]
    assert not [p for p in arxiv.requests if p.startswith("/e-print/")]


def test_service_with_allow_fetch_checks_the_papers_bibliography(arxiv: LoopbackArxiv) -> None:
    with TestClient(create_app(ServiceConfig(offline=True, allow_fetch=True))) as client:
        r = client.post("/v1/check", json={"paper": "arXiv:2401.00001"})
        assert r.status_code == 200, r.text
        files = {v["citation"]["provenance"]["file"] for v in r.json()["verdicts"]}
        assert files == {"arXiv:2401.00001/aps-prl.bbl"} and len(r.json()["verdicts"]) == 16
        private = client.post("/v1/check", json={"paper": "http://10.1.2.3/paper.pdf"})
        assert private.status_code == 422 and "10.1.2.3 is not a public host" in private.json()["detail"]
        assert client.post("/v1/check", json={"paper": "/etc/passwd"}).status_code == 400
