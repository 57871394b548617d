"""What outbound requests may carry and receive: credentials, redirects and body sizes.

* A credential (an API key or token: any header or query parameter that carries one) is only ever
  sent to the origin it was configured for. A redirect to another origin is refused unless the
  source allow-lists that host, and even then every credential is stripped first.
* A response body is read as a stream and abandoned past a per-source limit; the bytes held by all
  bodies being read at once are bounded per process (`BodyBudget`), so hostile or broken services
  answering huge bodies cannot exhaust memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
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


async def read_capped(response: httpx.Response, source: str, limit: int) -> bytes:
    """The (decoded) body, or `ResponseTooLargeError` as soon as it passes `limit` bytes.

    The caller must `BUDGET.give(len(body))` once done with the body.
    """
    declared = response.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > limit and "content-encoding" not in response.headers:
        raise ResponseTooLargeError(
            source, f"response of {int(declared) >> 20} MiB is over the {limit >> 20} MiB limit; not read")
    buf = bytearray()
    try:
        async for chunk in response.aiter_bytes():
            BUDGET.take(len(chunk), source)
            buf += chunk
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


__all__ = ["BUDGET", "MAX_REDIRECTS", "BodyBudget", "ResponseTooLargeError", "is_credential",
           "may_follow", "origin", "read_capped", "strip_headers", "strip_query"]
