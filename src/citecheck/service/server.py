"""uvicorn as the service runs it: connection limits that hold against slow or lying clients.

* Request headers must be complete ``header_timeout_s`` after a connection opens, or after the
  first byte of a request on a kept-alive connection (uvicorn has no such limit of its own: a
  client sending a header line every few seconds held its connection for ever); idle kept-alive
  connections close after ``keep_alive_s``; headers are at most ``max_header_bytes``.
* At most ``limit_concurrency`` connections and requests at once (503 above, from uvicorn).
* ``X-Forwarded-For``/``X-Forwarded-Proto`` are ignored unless the operator names the proxies
  to trust (``forwarded_allow_ips``): uvicorn trusts them from loopback by default, which let any
  local client choose the address the rate limit counts.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request's headers."""

    header_timeout_s = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        self._cancel_header_timer()  # the keep-alive timeout covers the idle time that follows
        super().on_response_complete()

    def _awaiting_headers(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm_header_timer(self) -> None:
        if not self._awaiting_headers():
            self._cancel_header_timer()
        elif self._header_timer is None and not self.transport.is_closing():
            self._header_timer = self.loop.call_later(self.header_timeout_s, self._headers_too_slow)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._awaiting_headers() and not self.transport.is_closing():
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n"
                                 b"connection: close\r\n\r\n")
            self.transport.close()


def with_header_timeout(seconds: float) -> type[HeaderTimeoutProtocol]:
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout_s": seconds})


def uvicorn_options(header_timeout_s: float = 10.0, keep_alive_s: int = 5,
                    max_header_bytes: int = 16 * 1024, limit_concurrency: int = 1000,
                    forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """Keyword arguments for `uvicorn.run` (see the module docstring)."""
    return {
        "http": with_header_timeout(header_timeout_s),
        "ws": "none",
        "timeout_keep_alive": keep_alive_s,
        "h11_max_incomplete_event_size": max_header_bytes,
        "limit_concurrency": limit_concurrency,
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips or "",
    }
