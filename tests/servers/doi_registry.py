"""A loopback DOI registry speaking doi.org's handle API (``GET /api/handles/{doi}``).

Documented format (https://www.doi.org/the-identifier/resources/factsheets/doi-resolution-documentation):
a registered DOI answers HTTP 200 ``{"responseCode": 1, "handle": ..., "values": [...]}``; an
unknown one HTTP 404 ``{"responseCode": 100, "handle": ...}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from tests.servers.base import LoopbackServer, Request, Response


class DoiRegistry(LoopbackServer):
    """Registers exactly `dois` (case-insensitive); `down` makes every answer an HTTP 503."""

    def __init__(self, dois: Iterable[str]) -> None:
        self.registered = {d.lower() for d in dois}
        self.asked: list[str] = []
        self.down = False
        super().__init__(self._answer)

    def _answer(self, req: Request) -> Response:
        prefix = "/api/handles/"
        if not req.path.startswith(prefix):
            return Response(400, json.dumps({"responseCode": 2, "message": "bad path"}))
        handle = req.path[len(prefix):]
        self.asked.append(handle)
        if self.down:
            return Response(503, "Service Unavailable", {"content-type": "text/plain"})
        if handle.lower() not in self.registered:
            return Response(404, json.dumps({"responseCode": 100, "handle": handle}))
        return Response(200, json.dumps({
            "responseCode": 1, "handle": handle,
            "values": [{"index": 1, "type": "URL", "ttl": 86400, "timestamp": "2020-01-01T00:00:00Z",
                        "data": {"format": "string", "value": f"https://example.org/{handle}"}}],
        }))
