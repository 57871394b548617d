"""Request limits: a body-size cap (413) and a per-client token bucket (429 + Retry-After).

Both are plain ASGI middleware so they act before FastAPI parses a body: an oversized upload is
refused from its Content-Length, or as soon as the bytes received pass the cap (chunked bodies).
"""

from __future__ import annotations

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


async def send_json(send: Send, status: int, payload: dict[str, Any],
                    headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = f"request body over the {self.limit} byte limit"
        for key, value in scope.get("headers", []):
            if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                await send_json(send, 413, {"detail": message})
                return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return msg

        async def tracking_send(msg: Message) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await send_json(send, 413, {"detail": message})


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
    """429 with Retry-After for a client (by address) over its bucket: POSTs under ``prefix``
    (the requests that start work; polling a job and the page are not counted)."""

    def __init__(self, app: ASGIApp, bucket: TokenBucket, prefix: str = "/v1/") -> None:
        self.app = app
        self.bucket = bucket
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] == "http" and scope.get("method") == "POST"
                and scope.get("path", "").startswith(self.prefix)):
            client = scope.get("client") or ("unknown", 0)
            wait = self.bucket.take(str(client[0]))
            if wait > 0:
                retry = str(max(1, math.ceil(wait))).encode()
                await send_json(send, 429, {"detail": "too many requests; retry later"},
                                [(b"retry-after", retry)])
                return
        await self.app(scope, receive, send)
