"""A loopback arXiv: e-prints (``/e-print/ID``), the export API (``/api/query``) and the OAI-PMH
listing (``/oai``), each from what a test hands it. A body may be bytes or an iterator of chunks,
which is streamed (chunked, no Content-Length) — so a test can serve 200 MB without holding it."""

from __future__ import annotations

import re
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from xml.sax.saxutils import escape

from tests.servers.base import ThreadedHttp


@dataclass
class Paper:
    """What the loopback arXiv knows of one paper."""

    ident: str
    title: str
    authors: list[str]
    eprint: bytes | Callable[[], Iterator[bytes]] | None = None
    created: str = "2024-01-02"
    categories: str = "hep-th"
    redirect: str | None = None  # answer the e-print with a 302 to here
    extra_headers: dict[str, str] = field(default_factory=dict)


def atom(papers: Iterable[Paper]) -> str:
    """An export-API feed (the Atom arXiv serves) of these papers."""
    entries = "".join(
        f"<entry><id>http://arxiv.org/abs/{p.ident}v1</id><published>{p.created}T00:00:00Z</published>"
        f"<title>{escape(p.title)}</title>"
        + "".join(f"<author><name>{escape(a)}</name></author>" for a in p.authors)
        + f'<arxiv:primary_category term="{p.categories.split()[0]}"/>'
        f'<category term="{p.categories.split()[0]}"/></entry>' for p in papers)
    return ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:arxiv="http://arxiv.org/schemas/atom">' + entries + "</feed>")


def oai_page(papers: list[Paper], token: str | None) -> str:
    """One OAI-PMH ListRecords page (metadataPrefix=arXiv), with a resumption token when more follow."""
    records = "".join(
        f"<record><header><identifier>oai:arXiv.org:{p.ident}</identifier>"
        f"<datestamp>{p.created}</datestamp><setSpec>physics:hep-th</setSpec></header><metadata>"
        f'<arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>{p.ident}</id><created>{p.created}</created>'
        f"<title>{escape(p.title)}</title><categories>{p.categories}</categories></arXiv>"
        f"</metadata></record>" for p in papers)
    resume = f'<resumptionToken cursor="0">{token}</resumptionToken>' if token else "<resumptionToken/>"
    return ('<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
            "<responseDate>2024-02-01T00:00:00Z</responseDate>"
            '<request verb="ListRecords">http://export.arxiv.org/oai2</request>'
            f"<ListRecords>{records}{resume}</ListRecords></OAI-PMH>")


class LoopbackArxiv(ThreadedHttp):
    """`url` is ``http://127.0.0.1:PORT``; set CITECHECK_ARXIV_EPRINT_URL to `eprint_url`,
    CITECHECK_ARXIV_URL to `api_url` and CITECHECK_ARXIV_LISTING_URL to `oai_url`."""

    def __init__(self, papers: Iterable[Paper] = (), page_size: int = 2) -> None:
        self.papers = {p.ident: p for p in papers}
        self.page_size = page_size
        self.requests: list[str] = []
        self.sent = 0  # bytes of e-print bodies written
        self.extra: dict[str, tuple[int, bytes, dict[str, str]]] = {}  # path → a fixed answer
        self.eprint_delay = 0.0  # seconds before each e-print is answered
        outer = self

        class _H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                outer.requests.append(self.path)
                parts = urllib.parse.urlsplit(self.path)
                path, query = urllib.parse.unquote(parts.path), dict(urllib.parse.parse_qsl(parts.query))
                try:
                    outer._answer(self, path, query)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

        super().__init__(_H)

    eprint_url = property(lambda self: self.url + "/e-print")
    api_url = property(lambda self: self.url + "/api/query")
    oai_url = property(lambda self: self.url + "/oai")

    def env(self) -> dict[str, str]:
        return {"CITECHECK_ARXIV_EPRINT_URL": self.eprint_url, "CITECHECK_ARXIV_URL": self.api_url,
                "CITECHECK_ARXIV_LISTING_URL": self.oai_url}

    def _answer(self, h: BaseHTTPRequestHandler, path: str, query: dict[str, str]) -> None:
        if path in self.extra:
            status, body, headers = self.extra[path]
            return self._send(h, status, body, headers)
        if path.startswith("/e-print/"):
            paper = self.papers.get(re.sub(r"v\d+$", "", path[len("/e-print/"):]))
            if paper is None or (paper.eprint is None and paper.redirect is None):
                return self._send(h, 404, b"no such e-print", {})
            if self.eprint_delay:
                time.sleep(self.eprint_delay)
            if paper.redirect:
                return self._send(h, 302, b"", {"location": paper.redirect})
            return self._send(h, 200, paper.eprint, {"content-type": "application/gzip",
                                                     **paper.extra_headers})
        if path == "/api/query":
            ids = [i for i in query.get("id_list", "").split(",") if i]
            return self._send(h, 200, atom(self.papers[i] for i in ids if i in self.papers).encode(),
                              {"content-type": "application/atom+xml"})
        if path == "/oai":
            start = int(query.get("resumptionToken") or 0)
            papers = list(self.papers.values())
            page = papers[start:start + self.page_size]
            token = str(start + self.page_size) if start + self.page_size < len(papers) else None
            return self._send(h, 200, oai_page(page, token).encode(), {"content-type": "text/xml"})
        return self._send(h, 404, b"not here", {})

    def _send(self, h: BaseHTTPRequestHandler, status: int,
              body: bytes | Callable[[], Iterator[bytes]], headers: dict[str, str]) -> None:
        h.send_response(status)
        for key, value in headers.items():
            h.send_header(key, value)
        if isinstance(body, bytes):
            if "content-length" not in headers:  # (a test may declare another length)
                h.send_header("content-length", str(len(body)))
            else:
                h.close_connection = True
            h.end_headers()
            h.wfile.write(body)
            self.sent += len(body)
            return
        h.send_header("transfer-encoding", "chunked")
        h.end_headers()
        for chunk in body():
            h.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            self.sent += len(chunk)
        h.wfile.write(b"0\r\n\r\n")

