"""The one way citecheck talks to the network.

Per (service, host, lane) it keeps a token bucket (aiolimiter) sized from the service's published
limits, a concurrency cap, and a "blocked until" time set by ``Retry-After``: after a 429 no
request to that host leaves before the server said it may. Limits shrink (never grow) when a
server announces lower ones in ``x-rate-limit-*`` / ``x-concurrency-limit`` headers. Transient
failures (429, 5xx, timeouts, connection errors, truncated/HTML bodies) are retried a bounded
number of times with jittered exponential backoff (tenacity); what still fails becomes a
`SourceError`. Whatever else goes wrong inside a request (a malformed redirect, a body nested too
deep to parse, memory running out) is a `SourceError` of that source too, never an exception of
httpx, the parsers or Python escaping into the run. Secrets never appear in messages or logs.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import random
import re
import time
import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from aiolimiter import AsyncLimiter
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt

from citecheck.deadline import waiting_on
from citecheck.sources.base import SourceError
from citecheck.sources.config import SourceConfig
from citecheck.sources.connectivity import OFFLINE_REASON, connectivity
from citecheck.sources.errors import (
    MalformedResponseError,
    RateLimitedError,
    RequestRejectedError,
    ServerError,
    SourceTimeoutError,
)
from citecheck.sources.guard import (
    ACCEPT_ENCODING,
    BUDGET,
    MAX_REDIRECTS,
    ResponseTooLargeError,
    may_follow,
    origin,
    read_capped,
    strip_headers,
    strip_query,
)

if TYPE_CHECKING:  # imported where a request is made: an offline run never loads httpx (~0.1 s of start-up)
    import httpx

log = logging.getLogger(__name__)

Expect = Literal["json", "xml", "text"]


@dataclass(frozen=True)
class RateLimit:
    """A published limit: `rate` requests per `per` seconds, at most `concurrency` in flight."""

    rate: float
    per: float = 1.0
    concurrency: int = 1

    @property
    def per_second(self) -> float:
        return self.rate / self.per


#: Published limits (checked 2026). Crossref: polite pool (mailto) 10 req/s, 3 concurrent for
#: single-record lookups and 3 req/s, 1 concurrent for queries; public pool 5 and 1 req/s, 1
#: concurrent. S2 with a key: 1 req/s over all endpoints (unauthenticated is a shared pool that
#: 429s often, so the same 1 req/s is the polite choice). arXiv: one request every 3 s, one
#: connection. INSPIRE: 15 requests per 5 s. OpenAlex: 10 req/s (search calls cost budget).
LIMITS: dict[str, RateLimit] = {
    "crossref:polite": RateLimit(10, 1, 3),
    "crossref:polite:query": RateLimit(3, 1, 1),
    "crossref:public": RateLimit(5, 1, 1),
    "crossref:public:query": RateLimit(1, 1, 1),
    "semanticscholar": RateLimit(1, 1, 1),
    "arxiv": RateLimit(1, 3, 1),
    "inspire": RateLimit(15, 5, 2),
    "openalex": RateLimit(10, 1, 3),
    "datacite": RateLimit(10, 1, 2),
    "websearch": RateLimit(1, 1, 1),
}

#: Keep a little under the published rate: the server's clock and ours never agree exactly.
SAFETY = 0.97
#: after this many consecutive calls that failed (after their retries) a host is skipped ...
BREAKER_FAILURES = 5
#: ... for this many seconds; then one call may try again
BREAKER_COOLDOWN = 60.0


def redact(text: str, secrets: Iterable[str]) -> str:
    """Replace every secret (and its URL-encoded forms) in `text` with ``***``."""
    for secret in secrets:
        if not secret:
            continue
        for form in {secret, urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret)}:
            text = text.replace(form, "***")
    return text


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds or HTTP date); None if absent/bad."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _parse_interval(value: str | None) -> float | None:
    if not value:
        return None
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*", value)
    if not match:
        return None
    number = float(match.group(1))
    return number * {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}[match.group(2) or "s"]


class _Gate:
    """A concurrency cap whose limit can shrink while requests are waiting (unlike Semaphore)."""

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self.active = 0
        self._cond: asyncio.Condition | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _condition(self) -> asyncio.Condition:
        loop = asyncio.get_running_loop()
        if self._cond is None or self._loop is not loop:
            self._cond, self._loop, self.active = asyncio.Condition(), loop, 0
        return self._cond

    async def __aenter__(self) -> None:
        cond = self._condition()
        async with cond:
            await cond.wait_for(lambda: self.active < self.limit)
            self.active += 1

    async def __aexit__(self, *exc: object) -> None:
        cond = self._condition()
        async with cond:
            self.active -= 1
            cond.notify_all()


class HostState:
    """Rate limiter, concurrency gate and Retry-After block for one (service, host, lane)."""

    def __init__(self, limit: RateLimit, scale: float) -> None:
        self.scale = scale
        self.rate = limit.rate
        self.per = limit.per
        self.gate = _Gate(limit.concurrency)
        self.blocked_until = 0.0  # time.monotonic()
        self.requests_sent = 0
        # circuit breaker: a host that keeps failing is not hammered (nor waited on) per call
        self.failures = 0
        self.last_failure = ""
        self.open_until = 0.0
        self._limiter: AsyncLimiter | None = None
        self._limiter_loop: asyncio.AbstractEventLoop | None = None

    def limiter(self) -> AsyncLimiter:
        loop = asyncio.get_running_loop()
        if self._limiter is None or self._limiter_loop is not loop:
            # aiolimiter binds to one event loop; each `asyncio.run` gets a fresh bucket
            self._limiter_loop = loop
            # capacity = one period's worth (the burst the server's bucket also allows)
            # stretching the period (not shrinking the burst) keeps a margin even at 1 per 3 s
            self._limiter = AsyncLimiter(max(1.0, self.rate), self.per / (self.scale * SAFETY))
        return self._limiter

    def block(self, seconds: float) -> None:
        self.blocked_until = max(self.blocked_until, time.monotonic() + seconds)

    async def wait_unblocked(self) -> None:
        while (delay := self.blocked_until - time.monotonic()) > 0:
            await asyncio.sleep(delay)

    def circuit_open(self) -> bool:
        return time.monotonic() < self.open_until

    def record(self, ok: bool, reason: str = "") -> None:
        if ok:
            self.failures = 0
            return
        self.failures += 1
        self.last_failure = reason or self.last_failure
        if self.failures >= BREAKER_FAILURES:
            self.open_until = time.monotonic() + BREAKER_COOLDOWN / self.scale

    def observe(self, headers: Mapping[str, str]) -> None:
        """Shrink our limits to what the server announces (Crossref sends these)."""
        limit, interval = headers.get("x-rate-limit-limit"), headers.get("x-rate-limit-interval")
        seconds = _parse_interval(interval)
        try:
            announced = float(limit) if limit else None
        except ValueError:
            announced = None
        if announced and seconds and announced / seconds < self.rate / self.per - 1e-9:
            log.info("server lowered rate limit to %s per %ss", announced, seconds)
            self.rate, self.per, self._limiter = announced, seconds, None
        conc = headers.get("x-concurrency-limit")
        if conc and conc.strip().isdecimal() and 0 < int(conc) < self.gate.limit:
            self.gate.limit = int(conc)


_STATES: dict[tuple[str, str, str, float], HostState] = {}
#: builds the state of a (service, host, lane) seen for the first time; `citecheck.batch` swaps
#: in one whose budget all the workers of a cluster share (`set_host_state_factory`)
_FACTORY: Callable[[str, str, str, RateLimit, float], HostState] | None = None


def set_host_state_factory(
    factory: Callable[[str, str, str, RateLimit, float], HostState] | None,
) -> None:
    """Use ``factory(service, host, lane, limit, scale)`` for host states from now on."""
    global _FACTORY
    _FACTORY = factory
    _STATES.clear()


def host_state(service: str, url: str, lane: str, limit: RateLimit, scale: float) -> HostState:
    """Shared per-process state, so two source objects for one host share its limits."""
    import httpx

    host = httpx.URL(url).netloc.decode()
    key = (service, host, lane, scale)
    state = _STATES.get(key)
    if state is None:
        made = _FACTORY(service, host, lane, limit, scale) if _FACTORY else HostState(limit, scale)
        state = _STATES[key] = made
    return state


class _Retry(Exception):
    def __init__(self, kind: type[SourceError], reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.retry_after = retry_after


def _version() -> str:
    from citecheck import __version__

    return str(__version__)


class HttpClient:
    """Rate-limited, retrying HTTP for one source. Create it anywhere; it binds to the running
    event loop on first use (so the CLI can build sources before ``asyncio.run``)."""

    def __init__(
        self,
        source: str,
        config: SourceConfig,
        limits: Mapping[str, RateLimit],
        *,
        headers: Mapping[str, str] | None = None,
        allowed_hosts: Iterable[str] = (),
    ) -> None:
        self.source = source
        self.config = config
        self.limits = dict(limits)  # lane → limit; "default" must exist
        #: other hosts a redirect may lead to (credentials are stripped on the way)
        self.allowed_hosts = frozenset(allowed_hosts)
        self._secrets = config.secrets()
        self._credentials = config.credentials()
        ua = f"citecheck/{_version()} (https://github.com/citecheck/citecheck"
        if config.mailto is not None and config.mailto.get_secret_value():
            ua += f"; mailto:{config.mailto.get_secret_value()}"
        self.headers = {"User-Agent": ua + ")", "Accept-Encoding": ACCEPT_ENCODING,
                        **(headers or {})}
        self._clients: dict[str, tuple[asyncio.AbstractEventLoop, httpx.AsyncClient]] = {}

    # -- plumbing ----------------------------------------------------------------------------
    def redact(self, text: str) -> str:
        return redact(text, self._secrets)

    def _client(self, url: str) -> httpx.AsyncClient:
        import httpx

        host = httpx.URL(url).netloc.decode()
        loop = asyncio.get_running_loop()
        entry = self._clients.get(host)
        if entry is None or entry[0] is not loop:
            conc = max(lim.concurrency for lim in self.limits.values())
            # headers travel per request (never as client defaults), so that a redirect to an
            # allow-listed host can leave the credentials behind
            client = httpx.AsyncClient(
                timeout=httpx.Timeout(self.config.timeout, connect=self.config.connect_timeout),
                limits=httpx.Limits(max_connections=conc + 1, max_keepalive_connections=conc),
                follow_redirects=False,
            )
            self._clients[host] = (loop, client)
            return client
        return entry[1]

    def state(self, url: str, lane: str = "default") -> HostState:
        limit = self.limits.get(lane) or self.limits["default"]
        return host_state(self.source, url, lane, limit, self.config.rate_scale)

    def _wait(self, retry_state: RetryCallState) -> float:
        exc = retry_state.outcome.exception() if retry_state.outcome else None
        if isinstance(exc, _Retry) and exc.retry_after is not None:
            return 0.0  # the host block already holds every request back until Retry-After
        if connectivity().offline:
            return 0.0  # the next attempt fails at once: no network
        step = self.config.backoff_base * 2 ** (retry_state.attempt_number - 1)
        return random.uniform(0, min(self.config.backoff_max, step)) / self.config.rate_scale

    async def aclose(self) -> None:
        clients, self._clients = self._clients, {}
        for loop, client in clients.values():
            if loop is asyncio.get_running_loop() and not loop.is_closed():
                await client.aclose()

    # -- the request -------------------------------------------------------------------------
    async def request(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, Any] | None = None,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
        lane: str = "default",
        expect: Expect = "json",
        not_found: Iterable[int] = (),
        accept: Iterable[int] = (),
    ) -> Any:
        """Send with limits and retries; return the parsed body, or None for a not-found status.

        `not_found` is for identifier lookups only (``/works/{doi}`` answering 404 means "no such
        DOI"); a search or list endpoint answering 404 is not where it should be, so by default
        every 4xx is a failure. Raises a `SourceError` subclass when the source could not answer.
        """
        with waiting_on(self.source):  # what a citation out of time was waiting for
            try:
                return await self._request(method, url, params, json_body, headers, lane, expect,
                                           frozenset(not_found), frozenset(accept))
            except SourceError:
                raise
            except MemoryError:
                raise ResponseTooLargeError(
                    self.source, "ran out of memory handling the response; abandoned") from None
            except Exception as exc:  # every failure of a source is a SourceError
                raise MalformedResponseError(
                    self.source, self.redact(f"request failed ({type(exc).__name__}: {exc})"[:300])
                ) from None

    async def _request(
        self,
        method: str,
        url: str,
        params: Mapping[str, Any] | None,
        json_body: Any,
        headers: Mapping[str, str] | None,
        lane: str,
        expect: Expect,
        missing: frozenset[int],
        parse_anyway: frozenset[int],
    ) -> Any:
        attempts = self.config.max_retries + 1
        state = self.state(url, lane)
        if connectivity().offline:
            raise ServerError(self.source, OFFLINE_REASON)
        if state.circuit_open():
            last = f" (last: {state.last_failure})" if state.last_failure else ""
            raise ServerError(self.source, f"skipped: {state.failures} consecutive failed calls"
                                           f"{last}, pausing this host")
        try:
            async for attempt in AsyncRetrying(
                stop=stop_after_attempt(attempts),
                wait=self._wait,
                retry=retry_if_exception_type(_Retry),
                reraise=True,
            ):
                with attempt:
                    result = await self._once(
                        method, url, params, json_body, headers, lane, expect, missing, parse_anyway
                    )
                    state.record(True)
                    return result
        except _Retry as exc:
            state.record(False, self.redact(exc.reason))
            reason = self.redact(f"{exc.reason} (gave up after {attempts} attempts)")
            raise exc.kind(self.source, reason) from None
        raise ServerError(self.source, "no attempt was made")  # pragma: no cover

    async def _once(
        self,
        method: str,
        url: str,
        params: Mapping[str, Any] | None,
        json_body: Any,
        headers: Mapping[str, str] | None,
        lane: str,
        expect: Expect,
        missing: frozenset[int],
        parse_anyway: frozenset[int],
    ) -> Any:
        import httpx

        state = self.state(url, lane)
        client = self._client(url)
        net, host = connectivity(), httpx.URL(url).host
        async with state.gate:
            await state.wait_unblocked()
            await state.limiter().acquire()
            await state.wait_unblocked()  # a 429 may have arrived while we queued
            if net.offline:  # no host reachable: fail now, do not wait through retries
                raise ServerError(self.source, OFFLINE_REASON)
            state.requests_sent += 1
            net.attempt(host)
            try:
                response, body = await self._send(client, method, url, params, json_body, headers)
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                if net.connect_failed(host):
                    raise ServerError(self.source, OFFLINE_REASON) from None
                if isinstance(exc, httpx.TimeoutException):
                    raise _Retry(SourceTimeoutError, f"timeout ({type(exc).__name__})") from None
                raise _Retry(ServerError, f"connection failed ({type(exc).__name__})") from None
            except httpx.TimeoutException as exc:
                raise _Retry(SourceTimeoutError, f"timeout ({type(exc).__name__})") from None
            except httpx.TransportError as exc:
                raise _Retry(ServerError, f"connection failed ({type(exc).__name__})") from None
            except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
                # an invalid URL (a malformed redirect's too) and the like: not transient
                raise RequestRejectedError(
                    self.source, self.redact(f"request failed ({type(exc).__name__}: {exc})"[:300])
                ) from None
            net.answered(host)
        try:
            return self._handle(response, body, state, expect, missing, parse_anyway)
        finally:
            BUDGET.give(len(body))

    async def _send(
        self,
        client: httpx.AsyncClient,
        method: str,
        url: str,
        params: Mapping[str, Any] | None,
        json_body: Any,
        headers: Mapping[str, str] | None,
    ) -> tuple[httpx.Response, bytes]:
        """One request, following redirects only where `may_follow` allows, with the body read
        under the size limit. Credentials never go to an origin other than the first one."""
        import httpx

        start = httpx.URL(url)
        target = start.copy_merge_params(dict(params)) if params else start
        sent = {**self.headers, **(headers or {})}
        limit = int(self.config.max_body_mb * (1 << 20))
        for _hop in range(MAX_REDIRECTS + 1):
            request = client.build_request(method, target, json=json_body, headers=sent)
            response = await client.send(request, stream=True)
            try:
                location = response.headers.get("location")
                if not (response.is_redirect and location):
                    return response, await read_capped(response, self.source, limit)
            finally:
                await response.aclose()
            nxt = response.url.join(location)
            if not may_follow(start, nxt, self.allowed_hosts):
                raise RequestRejectedError(
                    self.source, f"HTTP {response.status_code} redirect to another host"
                                 f" ({nxt.host or nxt.scheme}) not followed")
            if origin(nxt) != origin(start):
                sent = strip_headers(sent, self._credentials)
                nxt = strip_query(nxt, self._credentials)
            if response.status_code == 303 or (response.status_code in (301, 302)
                                               and method == "POST"):
                method, json_body = "GET", None
            target = nxt
        raise RequestRejectedError(self.source, f"more than {MAX_REDIRECTS} redirects")

    def _handle(
        self,
        response: httpx.Response,
        body: bytes,
        state: HostState,
        expect: Expect,
        missing: frozenset[int],
        parse_anyway: frozenset[int] = frozenset(),
    ) -> Any:
        state.observe(response.headers)
        code = response.status_code
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        scaled = None if retry_after is None else retry_after / self.config.rate_scale
        if code == 429:
            wait = scaled if scaled is not None else max(1.0, self.config.backoff_base) / self.config.rate_scale
            state.block(wait)
            raise _Retry(RateLimitedError, "rate limited (HTTP 429)", wait)
        if code >= 500:
            if scaled is not None:
                state.block(scaled)
            raise _Retry(ServerError, f"server error (HTTP {code})", scaled)
        if code in missing:
            return None
        if code in parse_anyway:
            return self._parse(response, body, expect)
        if code >= 300:
            raise RequestRejectedError(
                self.source, self.redact(f"HTTP {code} for {response.request.url.path}")
            )
        return self._parse(response, body, expect)

    def _parse(self, response: httpx.Response, body: bytes, expect: Expect) -> Any:
        charset = response.charset_encoding or "utf-8"
        try:
            text = body.decode(charset, errors="replace")
        except LookupError:  # a charset name Python does not know
            text = body.decode("utf-8", errors="replace")
        ctype = response.headers.get("content-type", "").lower()
        head = text.lstrip()[:200].lower()
        if expect != "text" and ("text/html" in ctype or head.startswith(("<!doctype html", "<html"))):
            # captive portals, maintenance pages, CDN errors: transient from our side
            raise _Retry(MalformedResponseError, "HTML page instead of data")
        if expect == "json":
            try:
                return json.loads(text)
            except ValueError:
                raise _Retry(MalformedResponseError, "malformed JSON body") from None
            except RecursionError:  # not transient: the same body comes back
                raise MalformedResponseError(self.source, "JSON body nested too deep") from None
        if expect == "xml":
            try:
                return ET.fromstring(text.encode("utf-8"))
            except ET.ParseError:
                raise _Retry(MalformedResponseError, "malformed XML body") from None
            except RecursionError:
                raise MalformedResponseError(self.source, "XML body nested too deep") from None
        return text


def require(condition: bool, source: str, what: str) -> None:
    """Raise `MalformedResponseError` unless a response has the shape we rely on."""
    if not condition:
        raise MalformedResponseError(source, f"unexpected response shape: {what}")


__all__ = [
    "BREAKER_COOLDOWN",
    "BREAKER_FAILURES",
    "LIMITS",
    "HostState",
    "HttpClient",
    "RateLimit",
    "SourceError",
    "host_state",
    "parse_retry_after",
    "redact",
    "require",
    "set_host_state_factory",
]
