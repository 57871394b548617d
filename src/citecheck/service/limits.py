"""Request limits, as ASGI middleware so they act before FastAPI parses a body.

* `BodyLimit`: a body over the cap is refused with 413 — from its ``Content-Length``, or as soon
  as the bytes received pass the cap (chunked bodies); nothing past the cap is kept. The rest of
  a body answered before it was read (413, 429, 415, ...) is read and dropped (up to
  ``drain_bytes``) before the answer goes out, so a client that sends its whole body before
  reading the answer (Python's ``requests`` and ``urllib``) sees the answer instead of a
  connection reset. A body that has not fully arrived ``timeout_s`` after its headers is refused
  with 408.
* `RateLimit`: a per-client token bucket (429 + ``Retry-After``) for the requests that start
  work, and another for the reads that poll it.
* `SecurityHeaders`: every answer says it may not be framed or sniffed.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the answer to everything that sets no policy of its own: nothing to load, never framed
DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"


async def send_json(send: Send, status: int, payload: dict[str, Any],
                    headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value)
    return None


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, and bodies slower than ``timeout_s``
    with 408."""

    def __init__(self, app: ASGIApp, limit: int, timeout_s: float = 60.0,
                 drain_bytes: int = 64 * 1024 * 1024) -> None:
        self.app = app
        self.limit = limit
        self.timeout_s = timeout_s
        self.drain_bytes = max(drain_bytes, limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.timeout_s
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            if _header(scope, b"expect") != b"100-continue":  # else the client waits to send it
                await self._drain(receive, deadline)
            await self._refuse(send)
            return
        state = {"seen": 0, "done": False, "started": False}

        async def limited_receive() -> Message:
            if state["done"]:  # the body is in: waiting is now for a disconnect, not a body
                return await receive()
            msg = await self._receive_by(receive, deadline)
            if msg["type"] == "http.request":
                state["seen"] += len(msg.get("body", b""))
                state["done"] = not msg.get("more_body", False)
                if state["seen"] > self.limit:
                    raise _TooLarge
            return msg

        async def tracking_send(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                state["started"] = True
                if not state["done"]:  # answered before the body was read (429, 415, ...)
                    state["done"] = True
                    await self._drain(receive, deadline)
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not state["started"]:
                if not state["done"]:
                    await self._drain(receive, deadline)
                await self._refuse(send)
        except _TooSlow:
            if not state["started"]:
                await send_json(send, 408, {"detail": f"the request body did not arrive within "
                                                      f"{self.timeout_s:g} s"},
                                [(b"connection", b"close")])

    async def _refuse(self, send: Send) -> None:
        await send_json(send, 413, {"detail": f"request body over the {self.limit} byte limit"},
                        [(b"connection", b"close")])

    async def _receive_by(self, receive: Receive, deadline: float) -> Message:
        try:
            async with asyncio.timeout_at(deadline):
                return await receive()
        except TimeoutError:
            raise _TooSlow from None

    async def _drain(self, receive: Receive, deadline: float) -> None:
        """Read and drop the rest of a refused body: at most ``drain_bytes``, until the deadline."""
        dropped = 0
        try:
            while dropped <= self.drain_bytes:
                msg = await self._receive_by(receive, deadline)
                if msg["type"] != "http.request":
                    return
                dropped += len(msg.get("body", b""))
                if not msg.get("more_body", False):
                    return
        except _TooSlow:
            return


class TokenBucket:
    """Per-key token buckets: ``burst`` requests at once, refilled at ``per_minute``."""

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        """0 when a request may go ahead, else the seconds until one may."""
        now = self.clock()
        tokens, last = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._store(key, tokens - 1.0, now)
            return 0.0
        self._store(key, tokens, now)
        return (1.0 - tokens) / self.rate if self.rate > 0 else 3600.0

    def _store(self, key: str, tokens: float, now: float) -> None:
        if key not in self._buckets and len(self._buckets) >= self.max_keys:
            # forget full buckets first: they are the same as no entry at all
            full = [k for k, (t, last) in self._buckets.items()
                    if t + (now - last) * self.rate >= self.burst]
            for k in full or list(self._buckets)[: self.max_keys // 10]:
                del self._buckets[k]
        self._buckets[key] = (tokens, now)


class RateLimit:
    """429 with Retry-After for a client over its bucket, by the address that connected (a
    forwarded address only where the operator trusts the proxy: uvicorn's
    ``forwarded_allow_ips``). Under ``prefix``: POSTs (requests that start work) take from
    ``bucket``, GETs (polling a job, reading its report) from ``read_bucket``."""

    def __init__(self, app: ASGIApp, bucket: TokenBucket, read_bucket: TokenBucket | None = None,
                 prefix: str = "/v1/") -> None:
        self.app = app
        self.bucket = bucket
        self.read_bucket = read_bucket
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        bucket = self._bucket(scope)
        if bucket is not None:
            client = scope.get("client") or ("unknown", 0)
            wait = bucket.take(str(client[0]))
            if wait > 0:
                retry = str(max(1, math.ceil(wait))).encode()
                await send_json(send, 429, {"detail": "too many requests; retry later"},
                                [(b"retry-after", retry)])
                return
        await self.app(scope, receive, send)

    def _bucket(self, scope: Scope) -> TokenBucket | None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(self.prefix):
            return None
        method = scope.get("method")
        if method == "POST":
            return self.bucket
        return self.read_bucket if method in ("GET", "HEAD") else None


class SecurityHeaders:
    """``X-Content-Type-Options: nosniff`` on every answer; ``X-Frame-Options: DENY`` and a
    Content-Security-Policy with ``frame-ancestors 'none'`` on every answer that does not set
    its own (the page, HTML reports and the API docs do: see `citecheck.service.page`)."""

    def __init__(self, app: ASGIApp, policies: dict[str, str] | None = None) -> None:
        self.app = app
        self.policies = policies or {}  # path → CSP, for pages that load what DEFAULT_CSP forbids

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = self.policies.get(scope.get("path", ""), DEFAULT_CSP).encode()

        async def send_with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                headers = list(msg.get("headers", []))
                names = {bytes(k).lower() for k, _ in headers}
                headers.append((b"x-content-type-options", b"nosniff"))
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", csp))
                if b"x-frame-options" not in names:
                    headers.append((b"x-frame-options", b"DENY"))
                headers.append((b"referrer-policy", b"no-referrer"))
                msg = {**msg, "headers": headers}
            await send(msg)

        await self.app(scope, receive, send_with_headers)
