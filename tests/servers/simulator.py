"""A corpus-backed simulation of Crossref, OpenAlex, Semantic Scholar, arXiv and INSPIRE.

It answers from a list of CSL records (the shared corpus, or test fixtures) in each service's
own wire format, enforces each service's published rate limit and concurrency (429 with
``Retry-After`` when exceeded, and every request that arrives while a Retry-After is running is
logged as a *violation*), and injects faults on demand: latency, timeouts, 500/503, truncated or
malformed bodies, HTML instead of JSON.

Time can be scaled: with ``scale=20`` every limit is 20× faster and every Retry-After lasts a
20th of its stated seconds (the header still states real seconds; a client built with the same
``rate_scale`` divides by it), so a benchmark of many minutes takes seconds.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import re
import threading
import time
import xml.sax.saxutils as sx
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from citecheck.model import Record
from citecheck.normalize import (
    canonical_journal,
    normalize_arxiv,
    normalize_doi,
    normalize_title,
)
from citecheck.sources.arxiv import bare_id
from tests.servers.base import LoopbackServer, Request, Response

SERVICES = ("crossref", "openalex", "semanticscholar", "arxiv", "inspire")
#: mount points on the simulator, by config field
BASES = {
    "crossref_url": "/crossref",
    "openalex_url": "/openalex",
    "s2_url": "/s2/graph/v1",
    "arxiv_url": "/arxiv/api/query",
    "inspire_url": "/inspire/api",
}
PREFIX_SERVICE = {"crossref": "crossref", "openalex": "openalex", "s2": "semanticscholar",
                  "arxiv": "arxiv", "inspire": "inspire"}


@dataclass
class Limit:
    rate: float  # requests per `per` seconds (real time)
    per: float
    concurrency: int
    #: Crossref sends its limits in headers; the client adapts to them
    headers: bool = False


#: the real published limits (the client's defaults; see citecheck.sources.http.LIMITS)
REAL_LIMITS: dict[str, Limit] = {
    "crossref": Limit(5, 1, 1, headers=True),  # public pool; see `lane` for queries
    "crossref:query": Limit(1, 1, 1, headers=True),
    "openalex": Limit(10, 1, 3),
    "semanticscholar": Limit(1, 1, 1),
    "arxiv": Limit(1, 3, 1),
    "inspire": Limit(15, 5, 2),
}


@dataclass
class Fault:
    """What to do instead of answering. kind: latency | timeout | 500 | 503 | truncated |
    malformed | wrongshape | html | drop. `probability` per request; `times` caps how many (None: all)."""

    kind: str
    probability: float = 1.0
    seconds: float = 0.5  # latency / timeout hold
    times: int | None = None


@dataclass
class _Bucket:
    limit: Limit
    scale: float
    tokens: float = 0.0
    stamp: float = 0.0
    in_flight: int = 0
    blocked_until: float = 0.0
    block_started: float = 0.0

    def __post_init__(self) -> None:
        self.tokens = self.limit.rate
        self.stamp = time.monotonic()

    def refill(self, now: float) -> None:
        per = self.limit.per / self.scale
        self.tokens = min(self.limit.rate, self.tokens + (now - self.stamp) * self.limit.rate / per)
        self.stamp = now


@dataclass
class Stats:
    requests: int = 0
    answered: int = 0
    rate_limited: int = 0
    violations: int = 0  # requests that arrived while a Retry-After was running
    faults: int = 0
    first: float | None = None
    last: float | None = None
    arrivals: list[float] = field(default_factory=list)


# -- record → native wire formats -------------------------------------------------------------

def _names(record: Record) -> list[tuple[str | None, str | None, str | None]]:
    """(given, family, literal) per author."""
    return [(n.given, n.family, n.literal) for n in record.author]


def _display(given: str | None, family: str | None, literal: str | None) -> str:
    return literal or " ".join(x for x in (given, family) if x)


def _first_last(page: str | None) -> tuple[str | None, str | None]:
    if not page:
        return None, None
    first, _, last = page.replace("–", "-").partition("-")
    return first.strip() or None, last.strip() or None


def to_crossref(r: Record, score: float | None = None) -> dict[str, Any]:
    authors = [({"given": g, "family": f, "sequence": "additional"} if f else {"name": lit})
               for g, f, lit in _names(r)]
    item: dict[str, Any] = {
        "DOI": r.DOI or "", "title": [r.title] if r.title else [], "author": authors,
        "type": {"article-journal": "journal-article", "paper-conference": "proceedings-article",
                 "chapter": "book-chapter", "article": "posted-content", "book": "book",
                 "thesis": "dissertation"}.get(r.type, "other"),
        "container-title": [r.container_title] if r.container_title else [],
        "URL": f"https://doi.org/{r.DOI}" if r.DOI else r.URL,
    }
    if r.container_title_short:
        item["short-container-title"] = [r.container_title_short]
    if r.issued and r.issued.date_parts:
        item["issued"] = {"date-parts": r.issued.date_parts}
    for key in ("volume", "issue", "page", "publisher"):
        if getattr(r, key):
            item[key] = getattr(r, key)
    if score is not None:
        item["score"] = score
    return item


def to_openalex(r: Record, score: float | None = None) -> dict[str, Any]:
    first, last = _first_last(r.page)
    work: dict[str, Any] = {
        "id": f"https://openalex.org/W{abs(hash(r.id)) % 10**10}",
        "doi": f"https://doi.org/{r.DOI}" if r.DOI else None,
        "title": r.title, "display_name": r.title, "publication_year": r.year,
        "type": {"article-journal": "article", "article": "preprint", "chapter": "book-chapter",
                 "book": "book", "thesis": "dissertation"}.get(r.type, "article"),
        "authorships": [{"author": {"display_name": _display(*n)}, "raw_author_name": _display(*n)}
                        for n in _names(r)],
        "biblio": {"volume": r.volume, "issue": r.issue, "first_page": first, "last_page": last},
        "primary_location": {
            "landing_page_url": (f"https://arxiv.org/abs/{r.arxiv}" if r.arxiv and not r.DOI
                                 else r.URL),
            "source": {"display_name": r.container_title or ("arXiv" if r.arxiv else None),
                       "type": "journal" if r.container_title else "repository"},
        },
        "locations": ([{"landing_page_url": f"https://arxiv.org/abs/{r.arxiv}"}] if r.arxiv else []),
    }
    if score is not None:
        work["relevance_score"] = score
    return work


def to_s2(r: Record, score: float | None = None) -> dict[str, Any]:
    ext: dict[str, Any] = {}
    if r.DOI:
        ext["DOI"] = r.DOI
    if r.arxiv:
        ext["ArXiv"] = r.arxiv
    paper: dict[str, Any] = {
        "paperId": f"{abs(hash(r.id)):040x}"[:40], "externalIds": ext, "title": r.title,
        "year": r.year, "venue": r.container_title or "",
        "authors": [{"authorId": None, "name": _display(*n)} for n in _names(r)],
        "journal": ({"name": r.container_title, "volume": r.volume, "pages": r.page}
                    if r.container_title else None),
        "publicationTypes": ["JournalArticle"] if r.type == "article-journal" else None,
        "url": "https://www.semanticscholar.org/paper/x",
    }
    if score is not None:
        paper["matchScore"] = score
    return paper


def to_arxiv_entry(r: Record) -> str:
    authors = "".join(f"<author><name>{sx.escape(_display(*n))}</name></author>" for n in _names(r))
    year = r.year or 2000
    doi = f"<arxiv:doi>{sx.escape(r.DOI)}</arxiv:doi>" if r.DOI else ""
    cats = "".join(f'<category term="{sx.escape(str(c))}"/>'
                   for c in r.custom.get("categories") or [])
    return (f"<entry><id>http://arxiv.org/abs/{r.arxiv}v1</id>"
            f"<published>{year:04d}-01-01T00:00:00Z</published>"
            f"<title>{sx.escape(r.title or '')}</title>{authors}{doi}{cats}</entry>")


def arxiv_feed(records: Iterable[Record]) -> str:
    entries = "".join(to_arxiv_entry(r) for r in records)
    return ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:arxiv="http://arxiv.org/schemas/atom" '
            'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">'
            f"<opensearch:totalResults>{entries.count('<entry>')}</opensearch:totalResults>"
            f"{entries}</feed>")


def to_inspire(r: Record) -> dict[str, Any]:
    first, last = _first_last(r.page)
    meta: dict[str, Any] = {
        "control_number": abs(hash(r.id)) % 10**7,
        "titles": [{"title": r.title}] if r.title else [],
        "authors": [{"full_name": (f"{f}, {g}" if f and g else (f or lit or ""))}
                    for g, f, lit in _names(r)],
        "publication_info": [{"journal_title": r.container_title_short or r.container_title,
                              "journal_volume": r.volume, "page_start": first, "page_end": last,
                              "year": r.year}] if r.container_title else [],
        "dois": [{"value": r.DOI}] if r.DOI else [],
        "arxiv_eprints": [{"value": r.arxiv}] if r.arxiv else [],
        "earliest_date": f"{r.year}" if r.year else None,
    }
    return {"metadata": meta, "id": str(meta["control_number"])}


# -- the simulator --------------------------------------------------------------------------

def load_corpus(paths: Iterable[Path], limit: int | None = None) -> list[Record]:
    out: list[Record] = []
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
            for line in fh:
                if line.strip():
                    out.append(Record.from_csl(json.loads(line)))
                    if limit and len(out) >= limit:
                        return out
    return out


class Simulator(LoopbackServer):
    """Scholarly APIs over `records`. Use `base_urls()` as `SourceConfig` overrides."""

    def __init__(self, records: Iterable[Record], *, scale: float = 1.0,
                 limits: dict[str, Limit] | None = None, seed: int = 0,
                 grace: float = 0.01, jitter: float = 0.01) -> None:
        self.records = list(records)
        self.scale = scale
        self.limits = {**REAL_LIMITS, **(limits or {})}
        #: a request arriving within `grace` seconds after a 429 was *delivered* may have been
        #: sent before the client could read it (requests in flight race the answer)
        self.grace = grace
        #: wall seconds of network jitter forgiven by the bucket (a fresh TCP connection makes
        #: one request arrive late and the next early); real servers count in windows and
        #: forgive as much
        self.jitter = jitter
        self.faults: dict[str, Fault] = {}
        self.violation_log: list[tuple[str, float, float]] = []
        self.stats: dict[str, Stats] = defaultdict(Stats)
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()
        self._rng = random.Random(seed)
        self.by_doi: dict[str, Record] = {}
        self.by_arxiv: dict[str, Record] = {}
        self.by_jvp: dict[tuple[str, str, str], list[Record]] = defaultdict(list)
        self._words: dict[str, list[int]] = defaultdict(list)
        for i, r in enumerate(self.records):
            if d := normalize_doi(r.DOI):
                self.by_doi.setdefault(d, r)
            if a := normalize_arxiv(r.arxiv):
                self.by_arxiv.setdefault(a, r)
                self.by_arxiv.setdefault(bare_id(a) or a, r)  # "math.GT/0309136" → "math/0309136"
            if r.volume and r.first_page:
                keys = {canonical_journal(n) for n in (r.container_title, r.container_title_short) if n}
                for key in keys:
                    self.by_jvp[(key, r.volume, r.first_page)].append(r)
            for w in set(normalize_title(r.title).split()):
                if len(w) > 2:
                    self._words[w].append(i)
        super().__init__(self._handle)

    # -- configuration -------------------------------------------------------------------
    def base_urls(self) -> dict[str, str]:
        return {name: self.url + prefix for name, prefix in BASES.items()}

    def inject(self, service: str, fault: Fault | None) -> None:
        if fault is None:
            self.faults.pop(service, None)
        else:
            self.faults[service] = fault

    def total(self, attr: str = "requests") -> int:
        return sum(getattr(s, attr) for s in self.stats.values())

    def reset_stats(self) -> None:
        with self._lock:
            self.stats.clear()

    # -- rate limiting -------------------------------------------------------------------
    def _admit(self, lane: str, now: float) -> tuple[bool, float, Stats]:
        """(allowed, retry_after_real_seconds, stats); also counts Retry-After violations."""
        stats = self.stats[lane]
        bucket = self._buckets.get(lane)
        if bucket is None:
            bucket = self._buckets[lane] = _Bucket(self.limits[lane], self.scale)
        if now < bucket.blocked_until:
            if now > bucket.block_started + self.grace:
                stats.violations += 1
                self.violation_log.append((lane, now - bucket.block_started,
                                           bucket.blocked_until - bucket.block_started))
            return False, (bucket.blocked_until - now) * self.scale, stats
        bucket.refill(now)
        slack = self.jitter * bucket.limit.rate * self.scale / bucket.limit.per
        if bucket.in_flight >= bucket.limit.concurrency or bucket.tokens + slack < 1.0:
            need = max(0.0, 1.0 - bucket.tokens) * bucket.limit.per / bucket.limit.rate
            retry_after = max(1, math.ceil(need))  # real seconds, as servers send
            bucket.blocked_until = now + retry_after / self.scale
            bucket.block_started = now  # moved to the delivery time once the 429 is written
            return False, float(retry_after), stats
        bucket.tokens = max(0.0, bucket.tokens - 1.0)
        bucket.in_flight += 1
        return True, 0.0, stats

    def _release(self, lane: str) -> None:
        with self._lock:
            self._buckets[lane].in_flight -= 1

    # -- dispatch --------------------------------------------------------------------------
    def _handle(self, req: Request) -> Response:
        parts = req.path.strip("/").split("/", 1)
        service = PREFIX_SERVICE.get(parts[0])
        if service is None:
            return Response(404, '{"error": "unknown service"}')
        rest = "/" + (parts[1] if len(parts) > 1 else "")
        lane = service
        if service == "crossref" and (req.param("query.bibliographic") is not None
                                      or req.param("filter") is not None):
            lane = "crossref:query"  # list requests are budgeted apart from single lookups
        now = time.monotonic()
        with self._lock:
            ok, retry_after, stats = self._admit(lane, now)
            stats.requests += 1
            stats.arrivals.append(now)
            stats.first = now if stats.first is None else stats.first
            stats.last = now
            if not ok:
                stats.rate_limited += 1
            fault = self.faults.get(service)
            fire = False
            if ok and fault and (fault.times is None or fault.times > 0):
                fire = self._rng.random() < fault.probability
                if fire and fault.times is not None:
                    fault.times -= 1
                if fire:
                    stats.faults += 1
        limit = self.limits[lane]
        headers = ({"x-rate-limit-limit": str(int(limit.rate)),
                    "x-rate-limit-interval": f"{int(limit.per)}s",
                    "x-concurrency-limit": str(limit.concurrency)} if limit.headers else {})
        if not ok:
            bucket = self._buckets[lane]
            opened = bucket.block_started == now  # this 429 opened the block

            def delivered() -> None:
                if opened:
                    with self._lock:  # the client can know of the block from now on
                        bucket.block_started = max(bucket.block_started, time.monotonic())

            return Response(429, '{"status": "error", "message": "Too many requests"}',
                            {**headers, "retry-after": str(int(retry_after))}, after=delivered)
        try:
            response = self._answer(service, rest, req)
            if fire and fault:
                response = self._fault(fault, response)
            response.headers = {**headers, **response.headers}
            if response.delay:
                time.sleep(response.delay)  # hold the concurrency slot, like a slow server
                response.delay = 0.0
            with self._lock:
                stats.answered += 1
            return response
        finally:
            self._release(lane)

    def _fault(self, fault: Fault, response: Response) -> Response:
        body = response.body if isinstance(response.body, str) else response.body.decode()
        if fault.kind == "latency":
            response.delay = fault.seconds / self.scale
            return response
        if fault.kind == "timeout":
            return Response(200, body, response.headers, delay=fault.seconds)
        if fault.kind == "drop":
            return Response(drop=True)
        if fault.kind in {"500", "503"}:
            return Response(int(fault.kind), '{"error": "internal"}')
        if fault.kind == "truncated":
            return Response(200, body[: max(1, len(body) // 2)], response.headers)
        if fault.kind == "malformed":
            return Response(200, "{'not': json,,", response.headers)
        if fault.kind == "wrongshape":  # valid JSON, not the promised structure
            return Response(200, '{"message": "x", "results": "x", "data": "x", "hits": "x"}')
        if fault.kind == "html":
            return Response(200, "<!DOCTYPE html><html><body>Service unavailable</body></html>",
                            {"content-type": "text/html; charset=utf-8"})
        raise ValueError(f"unknown fault kind {fault.kind!r}")

    # -- answers -------------------------------------------------------------------------
    def search_records(self, title: str, limit: int = 10) -> list[tuple[Record, float]]:
        words = [w for w in normalize_title(title).split() if len(w) > 2]
        counts: dict[int, int] = defaultdict(int)
        for w in words:
            postings = self._words.get(w, [])
            if len(postings) > 5000:  # stop-word-like: not selective
                continue
            for i in postings:
                counts[i] += 1
        best = sorted(counts, key=counts.__getitem__, reverse=True)[:200]
        query = normalize_title(title)
        scored = [(self.records[i], fuzz.token_set_ratio(query, normalize_title(self.records[i].title)))
                  for i in best]
        scored.sort(key=lambda x: -x[1])
        return [(r, s) for r, s in scored[:limit] if s >= 50]

    def _jvp_hits(self, text: str) -> list[tuple[Record, float]]:
        """A bibliographic query made of journal, volume and page (title-less references)."""
        tokens = text.split()
        numbers = [t for t in tokens if t.isdigit() or re.fullmatch(r"[A-Za-z]?\d+", t)]
        if len(numbers) < 2:
            return []
        words = " ".join(t for t in tokens if t not in numbers)
        hits = []
        for key in {canonical_journal(words), canonical_journal(words.rsplit(" ", 1)[0])}:
            for vol in numbers:
                for page in numbers:
                    if vol != page:
                        hits += [(r, 100.0) for r in self.by_jvp.get((key, vol, page), [])]
        return hits

    def _answer(self, service: str, path: str, req: Request) -> Response:
        return getattr(self, f"_{service}")(path, req)

    def _crossref(self, path: str, req: Request) -> Response:
        if path.startswith("/works/"):
            r = self.by_doi.get(normalize_doi(path[len("/works/"):]) or "")
            if r is None:
                return Response(404, "Resource not found.", {"content-type": "text/plain"})
            return Response(200, json.dumps({"status": "ok", "message-type": "work",
                                             "message": to_crossref(r)}))
        if path.rstrip("/") == "/works" and req.param("filter"):
            found = []
            for part in (req.param("filter") or "").split(","):
                name, _, value = part.partition(":")
                if name != "doi":
                    return Response(400, '{"status": "failed", "message": "unsupported filter"}')
                if r := self.by_doi.get(normalize_doi(value) or ""):
                    found.append(to_crossref(r))
            return Response(200, json.dumps({"status": "ok", "message-type": "work-list",
                                             "message": {"items": found,
                                                         "total-results": len(found)}}))
        if path.rstrip("/") == "/works":
            text = req.param("query.bibliographic") or req.param("query") or ""
            rows = int(req.param("rows") or 20)
            hits = self._jvp_hits(text) or self.search_records(text, rows)
            items = [to_crossref(r, score=s) for r, s in hits]
            return Response(200, json.dumps({"status": "ok", "message-type": "work-list",
                                             "message": {"items": items,
                                                         "total-results": len(items)}}))
        return Response(404, "Resource not found.", {"content-type": "text/plain"})

    def _openalex(self, path: str, req: Request) -> Response:
        if path.startswith("/works/doi:"):  # one work by its DOI
            r = self.by_doi.get(normalize_doi(path[len("/works/doi:"):]) or "")
            if r is None:
                return Response(404, '{"error": "404 Not Found"}')
            return Response(200, json.dumps(to_openalex(r)))
        flt = req.param("filter") or ""
        per_page = int(req.param("per_page") or 25)
        results: list[dict[str, Any]] = []
        if flt.startswith("doi:"):
            for d in flt[4:].split("|"):
                r = self.by_doi.get(normalize_doi(d) or "")
                if r is not None:
                    results.append(to_openalex(r))
        elif flt.startswith("title.search:"):
            results = [to_openalex(r, s) for r, s in self.search_records(flt[13:], per_page)]
        elif req.param("search"):
            results = [to_openalex(r, s) for r, s in self.search_records(req.param("search") or "", per_page)]
        else:
            return Response(400, '{"error": "Invalid query parameters"}')
        return Response(200, json.dumps({"meta": {"count": len(results)}, "results": results}))

    def _semanticscholar(self, path: str, req: Request) -> Response:
        if path.rstrip("/") == "/graph/v1/paper/batch" and req.method == "POST":
            try:
                ids = json.loads(req.body)["ids"]
            except (ValueError, KeyError, TypeError):
                return Response(400, '{"error": "bad body"}')
            if len(ids) > 500:
                return Response(400, '{"error": "max 500 ids"}')
            out = []
            for ident in ids:
                kind, _, value = str(ident).partition(":")
                r = (self.by_doi.get(normalize_doi(value) or "") if kind.upper() == "DOI"
                     else self.by_arxiv.get(normalize_arxiv(value) or "")
                     if kind.upper() == "ARXIV" else None)
                out.append(to_s2(r) if r else None)
            return Response(200, json.dumps(out))
        if path.rstrip("/") == "/graph/v1/paper/search/match":
            hits = self.search_records(req.param("query") or "", 1)
            if not hits or hits[0][1] < 80:
                return Response(404, '{"error": "Title match not found"}')
            r, s = hits[0]
            return Response(200, json.dumps({"data": [to_s2(r, score=s)]}))
        return Response(404, '{"error": "Not found"}')

    def _arxiv(self, path: str, req: Request) -> Response:
        headers = {"content-type": "application/atom+xml; charset=UTF-8"}
        id_list = req.param("id_list")
        if id_list:
            found = [r for i in id_list.split(",") if (r := self.by_arxiv.get(normalize_arxiv(i) or ""))]
            return Response(200, arxiv_feed(found), headers)
        query = req.param("search_query") or ""
        match = re.search(r'ti:"([^"]*)"', query) or re.search(r"ti:(\S+)", query)
        hits = self.search_records(match.group(1), int(req.param("max_results") or 10)) if match else []
        return Response(200, arxiv_feed(r for r, _ in hits if r.arxiv), headers)

    def _inspire(self, path: str, req: Request) -> Response:
        if path.startswith("/api/arxiv/"):
            r = self.by_arxiv.get(normalize_arxiv(path[len("/api/arxiv/"):]) or "")
            return Response(200, json.dumps(to_inspire(r))) if r else Response(404, '{"message": "Not found"}')
        if path.startswith("/api/doi/"):
            r = self.by_doi.get(normalize_doi(path[len("/api/doi/"):]) or "")
            return Response(200, json.dumps(to_inspire(r))) if r else Response(404, '{"message": "Not found"}')
        if path.rstrip("/") == "/api/literature":
            q = req.param("q") or ""
            size = int(req.param("size") or 10)
            hits: list[Record] = []
            jm = re.match(r"j\s+([^,]+),([^,]+),(\S+)", q)
            tm = re.search(r't\s+"([^"]*)"', q)
            ids = re.findall(r"\b(doi|eprint)\s+(\S+)", q)
            if ids:
                for kind, value in ids:
                    r = (self.by_doi.get(normalize_doi(value) or "") if kind == "doi"
                         else self.by_arxiv.get(normalize_arxiv(value) or ""))
                    if r is not None:
                        hits.append(r)
            elif jm:
                hits = self.by_jvp.get((canonical_journal(jm.group(1)), jm.group(2), jm.group(3)), [])
            elif tm:
                hits = [r for r, _ in self.search_records(tm.group(1), size)]
            body = {"hits": {"hits": [to_inspire(r) for r in hits[:size]], "total": len(hits)}}
            return Response(200, json.dumps(body))
        return Response(404, '{"message": "Not found"}')


__all__ = ["BASES", "REAL_LIMITS", "SERVICES", "Fault", "Limit", "Simulator", "Stats",
           "arxiv_feed", "load_corpus", "to_arxiv_entry", "to_crossref", "to_inspire",
           "to_openalex", "to_s2"]


def _serve_in_child(files: list[str], scale: float, limits: dict[str, Limit] | None, conn: Any) -> None:
    sim = Simulator(load_corpus([Path(f) for f in files]), scale=scale, limits=limits).start()
    conn.send(sim.url)
    while True:
        command, *args = conn.recv()
        if command == "stats":
            conn.send({lane: {k: v for k, v in vars(st).items() if k != "arrivals"}
                       for lane, st in sim.stats.items()})
        elif command == "inject":
            sim.inject(*args)
            conn.send(None)
        elif command == "reset":
            sim.reset_stats()
            conn.send(None)
        elif command == "violations":
            conn.send(list(sim.violation_log))
        elif command == "stop":
            sim.stop()
            conn.send("stopped")
            return


class SimulatorProcess:
    """The simulator in its own process, so the client under test does not share its GIL
    (benchmarks: timing in one interpreter would measure the GIL, not the client)."""

    def __init__(self, files: Iterable[Path], *, scale: float = 1.0,
                 limits: dict[str, Limit] | None = None) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=_serve_in_child,
                                 args=([str(f) for f in files], scale, limits, child), daemon=True)
        self._proc.start()
        self.url: str = self._conn.recv()

    def base_urls(self) -> dict[str, str]:
        return {name: self.url + prefix for name, prefix in BASES.items()}

    def _call(self, *command: Any) -> Any:
        self._conn.send(command)
        return self._conn.recv()

    def stats(self) -> dict[str, dict[str, Any]]:
        return self._call("stats")

    def total(self, attr: str = "requests") -> int:
        return sum(st[attr] for st in self.stats().values())

    def inject(self, service: str, fault: Fault | None) -> None:
        self._call("inject", service, fault)

    def reset_stats(self) -> None:
        self._call("reset")

    @property
    def violation_log(self) -> list[tuple[str, float, float]]:
        return self._call("violations")

    def stop(self) -> None:
        self._call("stop")
        self._proc.join(timeout=10)

    def __enter__(self) -> SimulatorProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
