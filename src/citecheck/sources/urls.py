"""``--check-urls``: does a cited URL exist, and is its page the cited one?

For works no bibliographic source holds (web pages, software, manuals, standards, reports) the
cited URL is often the only thing to look at. This source GETs it, within a small budget:

- a few URLs per run (`MAX_URLS`), a short timeout, at most `MAX_BYTES` of body read;
- redirects followed by hand, at most `MAX_REDIRECTS`, and only to public hosts: every hop's
  host must resolve only to global addresses (never loopback, private, link-local, multicast
  or reserved ones, so a citation cannot make citecheck probe an intranet); ``allow_loopback``
  lets tests reach their loopback server (and nothing else private);
- a page that answers 2xx comes back as a ``webpage`` record titled by its HTML ``<title>``,
  which the cascade accepts only if it agrees with the cited title; 404/410 is "nothing".

It declares no coverage: a dead link is link rot as often as fabrication, so it never makes a
citation MAJOR by itself.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import re
import socket
import urllib.parse

import httpx

from citecheck.coverage import cited_by_url
from citecheck.model import Citation, Record
from citecheck.normalize import title_similarity
from citecheck.sources._common import guarded
from citecheck.sources.base import Source, SourceError
from citecheck.sources.config import SourceConfig
from citecheck.sources.guard import ACCEPT_ENCODING, decoded

MAX_URLS = 50
MAX_BYTES = 256 * 1024
MAX_REDIRECTS = 5
TIMEOUT = 8.0
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.I | re.S)


async def public_host(host: str, allow_loopback: bool = False) -> bool:
    """Whether every address `host` resolves to is a global one (or loopback, if allowed)."""
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
        addrs: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = [ip]
    except ValueError:
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except OSError:
            return False
        addrs = [ipaddress.ip_address(info[4][0]) for info in infos]
    return bool(addrs) and all((a.is_global and not a.is_multicast) or (allow_loopback and a.is_loopback)
                               for a in addrs)


@guarded
class UrlSource(Source):
    name = "url"
    supports = frozenset({"search"})

    def __init__(self, config: SourceConfig, *, allow_loopback: bool = False,
                 max_urls: int = MAX_URLS) -> None:
        self.timeout = min(config.timeout, TIMEOUT)
        self.allow_loopback = allow_loopback
        self.budget = max_urls
        self._client: httpx.AsyncClient | None = None

    def covers(self, citation: Citation) -> bool:
        return cited_by_url(citation)

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        url = citation.fields.URL or ""
        if self.budget <= 0:
            raise SourceError(self.name, f"URL budget of this run spent ({MAX_URLS} URLs)")
        self.budget -= 1
        status, final, title = await self._fetch(url)
        if status in (404, 410):
            return []
        if status >= 400:
            raise SourceError(self.name, f"HTTP {status} for the cited URL")
        return [Record(id=f"url:{final}", type="webpage", title=_best_part(title, citation.fields.title),
                       URL=final, custom={"http_status": status, "source_api": "url",
                                          "page_title": title})]

    async def _fetch(self, url: str) -> tuple[int, str, str | None]:
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self.timeout, follow_redirects=False,
                                             headers={"User-Agent": "citecheck (URL check)",
                                                      "Accept-Encoding": ACCEPT_ENCODING})
        for _ in range(MAX_REDIRECTS + 1):
            parts = urllib.parse.urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise SourceError(self.name, "not an http(s) URL")
            if not await public_host(parts.hostname, self.allow_loopback):
                raise SourceError(self.name, f"{parts.hostname} is not a public host; not fetched")
            try:
                async with self._client.stream("GET", url) as response:
                    if response.is_redirect and response.headers.get("location"):
                        url = urllib.parse.urljoin(url, response.headers["location"])
                        continue
                    body = b""
                    async for piece in decoded(response, self.name, 4 * MAX_BYTES):
                        body += piece
                        if len(body) >= MAX_BYTES:
                            break
                    return response.status_code, url, _page_title(body)
            except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:  # a malformed redirect too
                raise SourceError(self.name, f"could not fetch the URL ({type(exc).__name__})") from None
        raise SourceError(self.name, f"more than {MAX_REDIRECTS} redirects")

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def _best_part(page_title: str | None, cited: str | None) -> str | None:
    """'The Python Tutorial — Python 3.12 documentation' → the part that is the cited title
    (pages append the site's name after a dash, bar or dot)."""
    if not page_title or not cited:
        return page_title
    parts = [p.strip() for p in re.split(r"\s+[—–|·•:-]\s+", page_title) if p.strip()]
    return max([page_title, *parts], key=lambda p: title_similarity(p, cited))


def _page_title(body: bytes) -> str | None:
    match = _TITLE.search(body[:MAX_BYTES].decode("utf-8", "replace"))
    if not match:
        return None
    text = re.sub(r"\s+", " ", html.unescape(match.group(1))).strip()
    return text or None


__all__ = ["UrlSource", "public_host"]
