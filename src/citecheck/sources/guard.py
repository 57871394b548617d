"""What outbound requests may carry and receive: credentials, redirects and body sizes.

* A credential (an API key or token: any header or query parameter that carries one) is only ever
  sent to the origin it was configured for. A redirect to another origin is refused unless the
  source allow-lists that host, and even then every credential is stripped first.
* A response body is read as a stream and abandoned past a per-source limit; the bytes held by all
  bodies being read at once are bounded per process (`BodyBudget`), so hostile or broken services
  answering huge bodies cannot exhaust memory.
* A compressed body is inflated here, a bounded step at a time (`STEP` bytes of output at most),
  each piece counted against both limits before the next is made: a 6 KB "gzip bomb" is
  abandoned at the limit, never inflated whole. One coding at most (identity, gzip or deflate,
  the ones `ACCEPT_ENCODING` asks for); stacked (``gzip, gzip``) or unknown codings are refused.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from citecheck.sources.errors import MalformedResponseError

if TYPE_CHECKING:
    import httpx

#: header names that carry credentials whatever their value
CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "x-api-key",
                                "api-key", "x-auth-token"})
#: a header or query parameter whose name looks like this carries a credential
CREDENTIAL_NAME = re.compile(r"(?:^|[-_])(?:api[-_]?key|apikey|key|token|access[-_]?token|auth|"
                             r"secret|password|signature|session)(?:$|[-_])", re.I)
MAX_REDIRECTS = 5
#: the content codings citecheck can inflate step by step (sent as ``Accept-Encoding``)
ACCEPT_ENCODING = "gzip, deflate"
#: the most decoded bytes one decompression step produces before they are counted
STEP = 64 << 10


class ResponseTooLargeError(MalformedResponseError):
    """The body passed the source's (or the run's) size limit and was abandoned unread."""


def origin(url: httpx.URL) -> tuple[str, str, int | None]:
    port = url.port or {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host, port


def is_credential(name: str, value: str, secrets: Iterable[str]) -> bool:
    """Whether a header or query parameter carries a key or token."""
    if name.lower() in CREDENTIAL_HEADERS or CREDENTIAL_NAME.search(name):
        return True
    return any(secret and secret in value for secret in secrets)


def strip_headers(headers: Mapping[str, str], secrets: Iterable[str]) -> dict[str, str]:
    keep = list(secrets)
    return {k: v for k, v in headers.items() if not is_credential(k, v, keep)}


def strip_query(url: httpx.URL, secrets: Iterable[str]) -> httpx.URL:
    keep = list(secrets)
    params: list[tuple[str, str | int | float | bool | None]] = [
        (k, v) for k, v in url.params.multi_items() if not is_credential(k, v, keep)]
    import httpx

    return url.copy_with(params=httpx.QueryParams(params))


def may_follow(start: httpx.URL, target: httpx.URL, allowed_hosts: Iterable[str]) -> bool:
    """Redirects stay on the source's own host (any port/scheme change there is refused too,
    except http → https), or go to a host the source allow-lists."""
    if target.scheme not in ("http", "https"):
        return False
    if target.host == start.host:
        return origin(target) == origin(start) or (start.scheme, target.scheme) == ("http", "https")
    return target.host in set(allowed_hosts)


class BodyBudget:
    """Bytes of response bodies held at once in this process, across all sources."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def take(self, n: int, source: str) -> None:
        if self.used + n > self.limit:
            raise ResponseTooLargeError(
                source, f"response bodies in flight passed the run's {self.limit >> 20} MiB budget;"
                        " abandoned")
        self.used += n

    def give(self, n: int) -> None:
        self.used = max(0, self.used - n)


#: one budget per process (all sources, all event loops)
BUDGET = BodyBudget(256 << 20)


class _Inflater:
    """gzip or deflate decoded incrementally: each step yields at most `STEP` bytes."""

    def __init__(self, coding: str) -> None:
        self.gzip = coding in ("gzip", "x-gzip")
        self._z = self._new()
        self._started = False

    def _new(self, raw_deflate: bool = False) -> zlib._Decompress:
        return zlib.decompressobj(16 + zlib.MAX_WBITS if self.gzip
                                  else -zlib.MAX_WBITS if raw_deflate else zlib.MAX_WBITS)

    def feed(self, data: bytes) -> Iterator[bytes]:
        while True:
            out = self._step(data)
            data = self._z.unconsumed_tail
            if self._z.eof:
                data = self._next_member()
            if out:
                yield out
            if not data and len(out) < STEP:
                return

    def _step(self, data: bytes) -> bytes:
        if self._started or self.gzip:
            return self._z.decompress(data, STEP)
        self._started = True
        try:  # "deflate" is zlib-wrapped by the standard, raw deflate by some servers
            return self._z.decompress(data, STEP)
        except zlib.error:
            self._z = self._new(raw_deflate=True)
            return self._z.decompress(data, STEP)

    def _next_member(self) -> bytes:
        """gzip allows several members one after the other; anything else after the end is
        ignored (as browsers do)."""
        rest = self._z.unused_data
        if self.gzip and rest.startswith(b"\x1f\x8b"):
            self._z = self._new()
            return rest
        return b""


def _inflater(response: httpx.Response, source: str) -> _Inflater | None:
    """How the body is coded: None for identity; refuses stacked and unknown codings."""
    codings = [c.strip().lower() for c in response.headers.get_list("content-encoding", True)]
    codings = [c for c in codings if c and c != "identity"]
    if len(codings) > 1:
        raise MalformedResponseError(
            source, f"stacked content codings ({', '.join(codings)[:60]}) refused; not read")
    if not codings:
        return None
    if codings[0] in ("gzip", "x-gzip", "deflate"):
        return _Inflater(codings[0])
    raise MalformedResponseError(source, f"unknown content coding {codings[0][:30]!r} refused; not read")


async def decoded(response: httpx.Response, source: str, raw_limit: int) -> AsyncIterator[bytes]:
    """The body decoded as it arrives, in pieces of at most `STEP` bytes (or one network read,
    when not compressed); `ResponseTooLargeError` once more than `raw_limit` bytes came over
    the wire."""
    inflater = _inflater(response, source)
    received = 0
    async for chunk in response.aiter_raw():
        received += len(chunk)
        if received > raw_limit:
            raise ResponseTooLargeError(
                source, f"response passed the {raw_limit >> 20} MiB limit; abandoned")
        if inflater is None:
            yield chunk
            continue
        try:
            for piece in inflater.feed(chunk):
                yield piece
        except zlib.error:
            raise MalformedResponseError(source, "compressed body does not decode") from None


async def read_capped(response: httpx.Response, source: str, limit: int) -> bytes:
    """The (decoded) body, or `ResponseTooLargeError` as soon as it passes `limit` bytes.

    Every decoded piece is counted against `limit` and the process's `BUDGET` before it is
    kept. The caller must `BUDGET.give(len(body))` once done with the body.
    """
    declared = response.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > limit:
        raise ResponseTooLargeError(
            source, f"response of {int(declared) >> 20} MiB is over the {limit >> 20} MiB limit; not read")
    buf = bytearray()
    try:
        async for piece in decoded(response, source, limit):
            BUDGET.take(len(piece), source)
            buf += piece
            if len(buf) > limit:
                raise ResponseTooLargeError(
                    source, f"response passed the {limit >> 20} MiB limit; abandoned")
    except BaseException:
        BUDGET.give(len(buf))
        # free the bytes now: the traceback keeps this frame (and `buf`) alive in a reference
        # cycle until the cyclic GC runs, and abandoned 20 MiB buffers would pile up till then
        buf.clear()
        raise
    body = bytes(buf)
    buf.clear()
    return body


__all__ = ["ACCEPT_ENCODING", "BUDGET", "MAX_REDIRECTS", "STEP", "BodyBudget", "ResponseTooLargeError",
           "decoded", "is_credential", "may_follow", "origin", "read_capped", "strip_headers",
           "strip_query"]
