"""Replay real recorded HTTP interactions (../shared/data/replay format) from 127.0.0.1.

Each recorded URL ``https://HOST/PATH?QUERY`` is served at ``/HOST/PATH``; a request matches
when method, path, the query parameters that carry the question (order-insensitive, decoded)
and, for POST, the JSON body agree. Parameters that only shape the answer (``fields``,
``select``, paging, keys) are ignored, so adapters need not reproduce a recorder's exact URL.
Several recordings of one request are served in file order (the last one repeats).
"""

from __future__ import annotations

import gzip
import json
import re
import threading
import urllib.parse
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from tests.servers.base import LoopbackServer, Request, Response

#: parameters that do not change which work is asked for
IGNORED = frozenset({
    "fields", "select", "mailto", "api_key", "per_page", "per-page", "rows", "sortBy",
    "sortOrder", "start", "max_results", "size", "limit", "offset", "format",
})

#: where each service's base URL points on a replay server at `url`
BASES = {
    "crossref_url": "/api.crossref.org",
    "s2_url": "/api.semanticscholar.org/graph/v1",
    "arxiv_url": "/export.arxiv.org/api/query",
    "openalex_url": "/api.openalex.org",
    "inspire_url": "/inspirehep.net/api",
    "datacite_url": "/api.datacite.org",
}


def read_interactions(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _key_params(params: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    out = []
    for k, v in params:
        if k in IGNORED or v == "":
            continue
        if k == "id_list":  # arXiv: versions and order do not change which papers are asked for
            v = ",".join(sorted(re.sub(r"v\d+$", "", i) for i in v.split(",")))
        out.append((k, v))
    return tuple(sorted(out))


def _key_body(body: Any) -> str:
    if body in (None, "", b""):
        return ""
    try:
        data = json.loads(body)
    except (ValueError, TypeError):
        return str(body)
    return json.dumps(data, sort_keys=True)


def request_key(method: str, url: str, body: Any = None) -> tuple[str, str, tuple, str]:
    """The matching key of a recorded absolute URL."""
    parts = urllib.parse.urlsplit(url)
    path = "/" + parts.netloc + urllib.parse.unquote(parts.path)
    params = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    return method.upper(), path.rstrip("/"), _key_params(params), _key_body(body)


class ReplayServer(LoopbackServer):
    def __init__(self, interactions: Iterable[dict[str, Any]] = ()) -> None:
        self.table: dict[tuple, list[dict[str, Any]]] = {}
        self.served: dict[tuple, int] = {}
        self.log: list[tuple[str, str, int]] = []
        self.unmatched: list[str] = []
        self._lock = threading.Lock()
        for item in interactions:
            self.add(item)
        super().__init__(self._handle)

    def add(self, item: dict[str, Any]) -> None:
        key = request_key(item["method"], item["url"], item.get("request_body"))
        self.table.setdefault(key, []).append(item)

    def add_json(self, method: str, url: str, body: Any, status: int = 200,
                 request_body: Any = None) -> None:
        """Register a synthesised interaction (e.g. refchecker bodies wrapped in an envelope)."""
        self.add({"method": method, "url": url, "status": status, "body": json.dumps(body),
                  "headers": {"content-type": "application/json"},
                  "request_body": None if request_body is None else json.dumps(request_body)})

    def base_urls(self) -> dict[str, str]:
        return {name: self.url + prefix for name, prefix in BASES.items()}

    def _handle(self, req: Request) -> Response:
        key = (req.method, req.path.rstrip("/"), _key_params(req.params),
               _key_body(req.body.decode("utf-8") if req.body else ""))
        with self._lock:
            items = self.table.get(key)
            if not items:
                self.unmatched.append(f"{req.method} {req.path} {req.params}")
                self.log.append((req.method, req.path, 599))
                return Response(599, json.dumps({"error": "no recording for this request"}))
            n = self.served.get(key, 0)
            self.served[key] = n + 1
            item = items[min(n, len(items) - 1)]
            self.log.append((req.method, req.path, item["status"]))
        headers = {k: v for k, v in (item.get("headers") or {}).items()
                   if k in {"content-type", "retry-after", "x-rate-limit-limit",
                            "x-rate-limit-interval", "x-concurrency-limit"}}
        if "content-type" not in headers:
            headers["content-type"] = ("application/atom+xml; charset=UTF-8"
                                       if item["body"].lstrip().startswith("<?xml")
                                       else "application/json")
        return Response(int(item["status"]), item["body"], headers)


def add_refchecker(server: ReplayServer, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Serve refchecker's cached bodies wrapped in each service's envelope, keyed the way our
    adapters ask (OpenAlex OR-filter / ``title.search``, S2 batch / ``search/match``).
    Returns the rows that were registered."""
    from citecheck.sources._common import search_terms

    used = []
    for row in rows:
        hint, body, source = row.get("query_hint") or {}, row.get("body"), row.get("source")
        method, query = hint.get("method"), hint.get("query") or ""
        if source == "openalex" and method == "get_by_doi" and body:
            server.add_json("GET", f"https://api.openalex.org/works?filter=doi:{query}",
                            {"results": [body]})
        elif source == "openalex" and method == "search_works":
            title = query.split("|")[0]
            server.add_json("GET", "https://api.openalex.org/works?filter=title.search:"
                            + urllib.parse.quote(search_terms(title, 250)),
                            {"results": body or []})
        elif source == "semanticscholar" and method in {"get_by_arxiv", "get_by_doi"} and body:
            prefix = "ARXIV" if method == "get_by_arxiv" else "DOI"
            server.add_json("POST", "https://api.semanticscholar.org/graph/v1/paper/batch",
                            [body], request_body={"ids": [f"{prefix}:{query}"]})
        elif source == "semanticscholar" and method == "match_title" and body:
            server.add_json("GET", "https://api.semanticscholar.org/graph/v1/paper/search/match?query="
                            + urllib.parse.quote(query[:300]), {"data": [body]})
        else:
            continue
        used.append(row)
    return used
