"""Downloading a paper (an e-print, a PDF, a landing page) safely.

Through the shared HTTP layer's per-host state (`citecheck.sources.http.host_state`: its rate
limit, concurrency cap and ``Retry-After`` block) and its capped body reader
(`citecheck.sources.guard.read_capped`), with three rules of its own:

- every URL, and every redirect hop, goes to a public host: its name must resolve only to global
  addresses (never loopback, private, link-local or reserved ones), except an origin a test or an
  operator configured as a base URL (`trusted_origins`);
- at most `MAX_DOWNLOAD_BYTES` are read (a declared larger ``Content-Length`` is refused unread;
  a streamed one is abandoned as soon as it passes the cap), and 429/5xx are retried a bounded
  number of times, waiting as long as ``Retry-After`` says;
- nothing that needs a login is tried: no credentials are sent, and 401/403 mean "not open".
"""

from __future__ import annotations

import asyncio
import os
import random
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from citecheck.extract.decode import MAX_INPUT_BYTES
from citecheck.remote import FetchError
from citecheck.sources.base import SourceError
from citecheck.sources.config import SourceConfig
from citecheck.sources.guard import BUDGET, MAX_REDIRECTS, read_capped
from citecheck.sources.http import LIMITS, RateLimit, host_state, parse_retry_after
from citecheck.sources.urls import public_host

#: the most bytes one download may bring (the input limit of a local file)
MAX_DOWNLOAD_BYTES = MAX_INPUT_BYTES
#: environment variables naming base URLs; their origins may be loopback or private (tests, mirrors)
BASE_URL_VARIABLES = ("CITECHECK_ARXIV_EPRINT_URL", "CITECHECK_ARXIV_URL", "CITECHECK_ARXIV_LISTING_URL",
                      "CITECHECK_OPENALEX_URL", "CITECHECK_UNPAYWALL_URL")
#: a host that is not arXiv: one request a second
OTHER_HOSTS = RateLimit(1, 1, 1)
ARXIV_HOSTS = ("arxiv.org", "export.arxiv.org", "www.arxiv.org")

if TYPE_CHECKING:  # imported where a request is made
    import httpx

    from citecheck.sources.http import HostState

Origin = tuple[str, str, int]


@dataclass(frozen=True)
class Download:
    url: str  # where the body came from (after redirects)
    content_type: str
    body: bytes


def origin_of(url: str) -> Origin:
    parts = urllib.parse.urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme, 0)
    return parts.scheme, (parts.hostname or "").lower(), port


def trusted_origins(environ: dict[str, str] | None = None) -> frozenset[Origin]:
    """Origins of the base URLs set in the environment: the only non-public hosts fetched."""
    env = os.environ if environ is None else environ
    return frozenset(origin_of(env[name]) for name in BASE_URL_VARIABLES if env.get(name))


class Fetcher:
    """GETs for one run; `aclose` when done."""

    def __init__(self, config: SourceConfig, *, limit: int = MAX_DOWNLOAD_BYTES,
                 trusted: Iterable[Origin] | None = None) -> None:
        self.config = config
        self.limit = limit
        self.trusted = frozenset(trusted) if trusted is not None else trusted_origins()
        self._client: httpx.AsyncClient | None = None

    async def get(self, url: str, what: str = "download") -> Download:
        """The body at `url`; `FetchError` naming `what` when it cannot be had."""
        attempts = self.config.max_retries + 1
        for attempt in range(attempts):
            try:
                return await self._once(url, what)
            except _Again as again:
                if attempt + 1 == attempts:
                    raise FetchError(what, f"{again} (gave up after {attempts} attempts)") from None
                step = self.config.backoff_base * 2 ** attempt
                await asyncio.sleep(random.uniform(0, min(self.config.backoff_max, step))
                                    / self.config.rate_scale)
        raise FetchError(what, "no attempt was made")  # pragma: no cover

    async def check_host(self, url: str, what: str) -> None:
        """`FetchError` unless `url` is http(s) on a public host (or a trusted origin)."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise FetchError(what, f"{_short(url)} is not an http(s) URL; not fetched")
        if origin_of(url) in self.trusted:
            return
        if not await public_host(parts.hostname):
            raise FetchError(what, f"{parts.hostname} is not a public host (a private, loopback or"
                                   " reserved address); not fetched")

    async def _once(self, url: str, what: str) -> Download:
        import httpx

        host = (urllib.parse.urlsplit(url).hostname or "").lower()
        limit = LIMITS["arxiv"] if host in ARXIV_HOSTS else OTHER_HOSTS
        state = host_state("remote", url, "default", limit, self.config.rate_scale)
        async with state.gate:
            await state.wait_unblocked()
            await state.limiter().acquire()
            await state.wait_unblocked()
            try:
                return await self._follow(url, what, state)
            except httpx.TimeoutException:
                raise _Again("timed out") from None
            except httpx.TransportError as exc:
                raise _Again(f"connection failed ({type(exc).__name__})") from None
            except httpx.HTTPError as exc:
                raise FetchError(what, f"request failed ({type(exc).__name__})") from None
            except (httpx.InvalidURL, ValueError, UnicodeError) as exc:  # a malformed Location, say
                raise FetchError(what, f"a malformed URL on the way ({type(exc).__name__}); not fetched") from None

    async def _follow(self, url: str, what: str, state: HostState) -> Download:
        client = self._http()
        for _hop in range(MAX_REDIRECTS + 1):
            await self.check_host(url, what)
            async with client.stream("GET", url) as response:
                location = response.headers.get("location")
                if response.is_redirect and location:
                    url = urllib.parse.urljoin(url, location)
                    continue
                self._status(response, what, state)
                try:
                    body = await read_capped(response, what, self.limit)
                except SourceError as exc:
                    raise FetchError(what, exc.reason) from None
                BUDGET.give(len(body))  # ours to hold now: one paper at a time
                ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
                return Download(str(response.url), ctype, body)
        raise FetchError(what, f"more than {MAX_REDIRECTS} redirects")

    def _status(self, response: httpx.Response, what: str, state: HostState) -> None:
        code = response.status_code
        wait = parse_retry_after(response.headers.get("retry-after"))
        if code == 429 or code >= 500:
            if wait is not None:
                state.block(wait / self.config.rate_scale)
            raise _Again(f"HTTP {code}")
        if code in (401, 403, 407):
            raise FetchError(what, f"HTTP {code}: behind a login or refused; not an open copy")
        if code in (404, 410):
            raise FetchError(what, f"HTTP {code}: not found")
        if code >= 300:
            raise FetchError(what, f"HTTP {code}")

    def _http(self) -> httpx.AsyncClient:
        import httpx

        if self._client is None:
            from citecheck import __version__

            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(max(self.config.timeout, 30.0),
                                      connect=self.config.connect_timeout),
                follow_redirects=False, trust_env=False,
                headers={"User-Agent": f"citecheck/{__version__} (paper download)"})
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


class _Again(Exception):
    """A transient failure: try again (after Retry-After, when the server gave one)."""


def _short(url: str) -> str:
    return url if len(url) <= 80 else url[:77] + "..."


__all__ = ["BASE_URL_VARIABLES", "MAX_DOWNLOAD_BYTES", "Download", "Fetcher", "origin_of",
           "trusted_origins"]
