"""The HTTP API: ``POST /v1/check``, ``POST /v1/jobs``, ``GET /v1/jobs/{id}``, ``GET /healthz``,
the web page at ``/`` and the OpenAPI docs at ``/docs`` (schema at ``/openapi.json``).

Answers are the same versioned JSON document as ``citecheck check --format json`` (or any other
report format by ``?format=``), or NDJSON verdict lines (``--format jsonl``) streamed as each
citation is decided (``?format=jsonl`` or ``Accept: application/x-ndjson``).

``?claims=true`` (``citecheck check --claims``): the request's documents are linked too, in the
same reader process as the citations, and each verdict carries its citing sentences ("not
judged": the service has no model) and the report the documents' findings.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)

from citecheck import __version__
from citecheck.model import Citation, DocumentFinding, Verdict
from citecheck.report import format_names, get_format
from citecheck.report.jsonout import finding_line, verdict_line
from citecheck.service.config import ServiceConfig
from citecheck.service.inputs import DocumentClaims, RequestInputError
from citecheck.service.jobs import JobStore
from citecheck.service.limits import BodyLimit, RateLimit, SecurityHeaders, TokenBucket
from citecheck.service.parsing import ReaderPool, ReadFailed

if TYPE_CHECKING:
    from citecheck.checker import Checker
    from citecheck.decide import Thresholds
    from citecheck.sources.base import Source

MAX_FILES = 20
#: the reader tasks (`citecheck.service.inputs`) for a body: its citations, or linked too (claims)
_JSON_TASKS = ("read_json_body", "link_json_body")
_UPLOAD_TASKS = ("read_uploads", "link_uploads")
_CLAIMS_DOC = ("also link the documents' in-text citation markers to their entries (citecheck check "
               "--claims): each verdict lists its citing sentences (not judged: no model), and the "
               "report the markers without an entry, the entries never cited and the ambiguous markers")
_INPUT_DOC = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": {"type": "object", "properties": {
                "text": {"type": "string", "description": "references (a list, BibTeX, .bbl, JSONL), "
                         "or a Markdown or text document with its references (claims=true links its markers)"},
                "format": {"type": "string", "enum": ["bibtex", "text", "markdown", "bbl", "jsonl"]},
                "bibtex": {"type": "string", "description": "a BibTeX file's text"}}}},
            "multipart/form-data": {"schema": {"type": "object", "properties": {
                "file": {"type": "array", "items": {"type": "string", "format": "binary"},
                         "description": ".bib .bbl .tex .md .txt .pdf .docx .jsonl"}}}},
        },
    }
}


class Service:
    """What the routes share: the configuration, the live sources' config and the job store."""

    def __init__(self, config: ServiceConfig) -> None:
        self.config = config
        self.jobs = JobStore(self.stream, config.max_jobs, config.max_running_jobs,
                             config.job_ttl_s, config.request_timeout_s,
                             max_unfinished=config.max_unfinished_jobs,
                             max_stored_bytes=int(config.max_stored_mb * 1024 * 1024))
        self.readers = ReaderPool(config.read_workers, min(config.read_timeout_s, config.request_timeout_s),
                                  config.read_memory_mb)
        self._sources: list[Source] | None = None
        self._closers: list[Callable[[], Awaitable[None]]] = []
        self._thresholds: Thresholds | None = None

    def sources(self) -> list[Source]:
        """The index and live sources, opened once and shared by every request: one SQLite
        connection with a warm page cache, and one rate limiter per live service however many
        requests are running (per-request sources would multiply the outbound rate)."""
        if self._sources is None:
            from citecheck.index.default import default_index_path
            from citecheck.sources.config import load_config
            from citecheck.sources.local import LocalIndexSource
            from citecheck.sources.registry import build_sources

            cfg = self.config
            # API keys: the server's files and environment only, never a request
            live = build_sources(list(cfg.sources) if cfg.sources else None, config=load_config(),
                                 offline=cfg.offline, use_cache=cfg.use_cache)
            chain = [LocalIndexSource(cfg.index or default_index_path()), *live]
            for source in chain:  # a finished check must not close what the next one uses
                self._closers.append(source.aclose)
                source.aclose = _kept_open  # type: ignore[method-assign]  # shared sources outlive one check
            self._sources = chain
        return self._sources

    def checker(self) -> Checker:
        from citecheck.checker import Checker, CheckOptions

        cfg = self.config
        return Checker(sources=self.sources(), use_index=False, offline=cfg.offline,
                       thresholds=self.thresholds(), options=CheckOptions(concurrency=cfg.concurrency))

    def thresholds(self) -> Thresholds:
        if self._thresholds is None:
            from citecheck.decide import load_thresholds

            self._thresholds = load_thresholds(None)
        return self._thresholds

    async def aclose(self) -> None:
        await self.jobs.aclose()
        self.readers.close()
        for close in self._closers:
            await close()
        self._closers.clear()
        self._sources = None

    async def stream(self, citations: list[Citation]) -> AsyncIterator[Verdict]:
        async for verdict in self.checker().astream(citations):
            yield verdict

    async def checked(self, citations: list[Citation], claims: DocumentClaims | None) -> AsyncIterator[Verdict]:
        """`stream`, each verdict given its citing sentences where ``claims`` were read."""
        async for verdict in self.stream(citations):
            yield verdict if claims is None else await claims.attach(verdict)

    async def read(self, request: Request, claims: bool = False) -> tuple[list[Citation], DocumentClaims | None]:
        """The citations of a request body, read in a worker process under a deadline, and with
        ``claims`` what linking its documents found (else None); HTTPException for anything that
        cannot be read or is over a limit."""
        try:
            citations, linked = await self._read(request, claims)
        except RequestInputError as exc:
            raise HTTPException(exc.status, str(exc)) from exc
        except ReadFailed as exc:
            raise HTTPException(exc.status, str(exc), exc.headers) from exc
        if not citations:
            raise HTTPException(400, "no citations found in the input")
        if len(citations) > self.config.max_citations:
            raise HTTPException(413, f"{len(citations)} citations, over the limit of "
                                     f"{self.config.max_citations} per request")
        return citations, linked

    async def _read(self, request: Request, claims: bool) -> tuple[list[Citation], DocumentClaims | None]:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        cap = self.config.max_citations
        args: tuple[Any, ...]
        if kind == "application/json":
            (read, link), args = _JSON_TASKS, (await request.body(), cap, self.config.allow_fetch)
        elif kind == "multipart/form-data":
            form = await request.form(max_files=MAX_FILES)
            uploads = [v for _, v in form.multi_items() if not isinstance(v, str)]
            if not uploads:
                raise RequestInputError("no file in the form (field name: file)")
            files = [(upload.filename, await upload.read()) for upload in uploads]
            await form.close()
            (read, link), args = _UPLOAD_TASKS, (files, cap)
        else:
            raise RequestInputError("send JSON ({\"text\": ...} or {\"bibtex\": ...}) or a multipart "
                                    "file upload", 415)
        if claims:
            return await self.readers.link(link, *args)
        return await self.readers.read(read, *args), None


async def _kept_open() -> None:
    """Stands in for a shared source's aclose: the service closes it at shutdown."""


def _wants_stream(request: Request, fmt: str) -> bool:
    return fmt in ("jsonl", "ndjson") or "application/x-ndjson" in request.headers.get("accept", "")


def create_app(config: ServiceConfig) -> FastAPI:
    service = Service(config)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if config.index is None:  # build the embedded index now, not in the first request
            from citecheck.index.default import default_index_path

            await asyncio.to_thread(default_index_path)
        await asyncio.to_thread(service.readers.start)
        yield
        await service.aclose()

    app = FastAPI(title="citecheck", version=__version__, lifespan=lifespan,
                  description="Check citations: every reference is looked up and labelled EXACT, "
                              "MINOR, MAJOR, UNVERIFIED or ERROR, with the evidence.")
    app.state.service = service
    _routes(app, service)
    if config.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(config.cors_origins),
                           allow_methods=["GET", "POST"], allow_headers=["*"])
    # outermost last: headers on every answer; the body limit around the rate limit, so that
    # the body of a refused request is drained before its 429
    app.add_middleware(RateLimit, bucket=TokenBucket(config.rate_per_minute, config.rate_burst),
                       read_bucket=TokenBucket(config.read_rate_per_minute, config.read_rate_burst))
    app.add_middleware(BodyLimit, limit=config.max_upload_bytes, timeout_s=config.body_timeout_s)
    from citecheck.service.page import DOCS_CSP

    app.add_middleware(SecurityHeaders, policies={"/docs": DOCS_CSP, "/redoc": DOCS_CSP})
    return app


def _routes(app: FastAPI, service: Service) -> None:
    formats = [*format_names(), "ndjson"]

    @app.get("/healthz", tags=["service"])
    async def healthz() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "offline": service.config.offline}

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> HTMLResponse:
        from citecheck.service.page import PAGE_CSP, render_page

        return HTMLResponse(render_page(service.config),
                            headers={"cache-control": "no-store", "content-security-policy": PAGE_CSP})

    @app.post("/v1/check", tags=["check"], openapi_extra=_INPUT_DOC,
              responses={200: {"description": "the report (JSON document by default)"},
                         413: {"description": "body or citation count over the limit"},
                         429: {"description": "rate limited; see Retry-After"},
                         504: {"description": "the check took longer than the request timeout"}})
    async def check(request: Request, format: str = Query("json", json_schema_extra={"enum": formats}),
                    claims: bool = Query(False, description=_CLAIMS_DOC)) -> Response:
        """Check the citations in the body and answer with the report."""
        if not _wants_stream(request, format) and format not in format_names():
            raise HTTPException(400, f"unknown format {format!r}")
        started = time.perf_counter()
        citations, linked = await service.read(request, claims)  # the reading counts against the timeout
        deadline = asyncio.get_running_loop().time() + service.config.request_timeout_s \
            - (time.perf_counter() - started)
        if _wants_stream(request, format):
            return StreamingResponse(_ndjson(service, citations, deadline, linked),
                                     media_type="application/x-ndjson")
        verdicts: list[Verdict] = []
        try:
            async with asyncio.timeout_at(deadline):
                async for verdict in service.checked(citations, linked):
                    verdicts.append(verdict)
        except TimeoutError as exc:
            raise HTTPException(504, f"the check took over {service.config.request_timeout_s:.0f} s; "
                                     "use POST /v1/jobs for large batches") from exc
        verdicts.sort(key=lambda v: v.citation.provenance.index)
        return await _rendered(format, verdicts, time.perf_counter() - started,
                               None if linked is None else linked.findings)

    _job_routes(app, service)


async def _rendered(name: str, verdicts: list[Verdict], seconds: float | None,
                    findings: list[DocumentFinding] | None = None) -> Response:
    """A report in a registry format, rendered in a thread (with ``findings``: as --claims
    renders it); HTML reports may run only their own inline code, and only the service's own
    page may frame them."""
    from citecheck.service.page import REPORT_CSP

    fmt = get_format(name)  # a new instance: this request's findings are its own
    if findings is not None:
        fmt.findings = tuple(findings)
    headers = {"content-security-policy": REPORT_CSP, "x-frame-options": "SAMEORIGIN"} \
        if fmt.name == "html" else None
    body = await asyncio.to_thread(fmt.render, verdicts, seconds)
    return Response(body, media_type=fmt.media_type, headers=headers)


async def _ndjson(service: Service, citations: list[Citation], deadline: float,
                  claims: DocumentClaims | None) -> AsyncIterator[str]:
    """Verdict lines, then (``claims``) a line per finding, as ``--format jsonl`` writes them; a
    stream that fails (timeout, or any error in the checker) ends with an ``{"error": ...}``
    line, so a client never mistakes a cut stream for a complete one."""
    try:
        async with asyncio.timeout_at(deadline):
            async for verdict in service.checked(citations, claims):
                yield verdict_line(verdict) + "\n"
        for finding in claims.findings if claims is not None else ():
            yield finding_line(finding) + "\n"
    except TimeoutError:
        seconds = service.config.request_timeout_s
        yield json.dumps({"error": f"timed out after {seconds:.0f} s; use POST /v1/jobs for large batches"}) + "\n"
    except Exception as exc:  # the stream has started: the status line cannot say it any more
        yield json.dumps({"error": f"the check failed: {type(exc).__name__}: {exc}"}) + "\n"


def _accepts_gzip(request: Request) -> bool:
    for item in request.headers.get("accept-encoding", "").split(","):
        coding, _, params = item.partition(";")
        if coding.strip().lower() == "gzip":
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


async def _stored(request: Request, blob: bytes) -> Response:
    """A stored JSON answer (gzip): sent as it is to a client that accepts gzip (almost all do),
    else decompressed in a thread."""
    if _accepts_gzip(request):
        return Response(blob, media_type="application/json",
                        headers={"content-encoding": "gzip", "vary": "accept-encoding"})
    return Response(await asyncio.to_thread(gzip.decompress, blob), media_type="application/json",
                    headers={"vary": "accept-encoding"})


def _job_routes(app: FastAPI, service: Service) -> None:
    @app.post("/v1/jobs", tags=["jobs"], status_code=202, openapi_extra=_INPUT_DOC)
    async def submit(request: Request, claims: bool = Query(False, description=_CLAIMS_DOC)) -> JSONResponse:
        """Start checking the citations in the body in the background; poll GET /v1/jobs/{id}."""
        citations, linked = await service.read(request, claims)
        job = service.jobs.submit(citations, linked)
        if job is None:
            raise HTTPException(503, "too many unfinished jobs; retry later", {"retry-after": "30"})
        return JSONResponse(job.to_json(), status_code=202, headers={"location": f"/v1/jobs/{job.id}"})

    @app.get("/v1/jobs/{job_id}", tags=["jobs"])
    async def status(request: Request, job_id: str) -> Response:
        """The job's progress; when done, ``result`` is the JSON report document."""
        job = service.jobs.get(job_id)
        if job is None:
            raise HTTPException(404, "no such job (finished jobs are kept for a limited time)")
        # the state first: a job that finishes while the stored answer is looked up must not be
        # answered "done" without its result (it is marked done only once that answer is stored)
        state = job.to_json()
        blob = await asyncio.to_thread(service.jobs.gzipped, job, "status")  # rendered once, when done
        if blob is None:
            return JSONResponse(state)
        return await _stored(request, blob)

    @app.get("/v1/jobs/{job_id}/report", tags=["jobs"])
    async def report(request: Request, job_id: str, format: str = Query("html", json_schema_extra={"enum": [*format_names(), "bibtex"]})) -> Response:
        """The finished job's report in any format, or ``bibtex``: corrected BibTeX."""
        job = service.jobs.get(job_id)
        if job is None or job.status != "done":
            raise HTTPException(404, "no finished job with this id")
        if format != "bibtex" and format not in format_names():
            raise HTTPException(400, f"unknown format {format!r}")
        if format == "json":
            document = await asyncio.to_thread(service.jobs.gzipped, job, "document")
            if document is None:
                raise HTTPException(404, "no finished job with this id")
            return await _stored(request, document)
        verdicts, findings = await asyncio.to_thread(service.jobs.finished_report, job)
        if format == "bibtex":
            from citecheck.report.fixbib import render_fixed_bibtex

            text = await asyncio.to_thread(render_fixed_bibtex, verdicts)
            return PlainTextResponse(text, media_type="application/x-bibtex")
        return await _rendered(format, verdicts, job.seconds, findings)
