"""``citecheck serve``: run the HTTP service with uvicorn (needs the ``serve`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    offline: Annotated[bool, typer.Option("--offline", help="Use only the local index and the cache.")] = False,
    index: Annotated[
        Path | None,
        typer.Option("--index", envvar="CITECHECK_INDEX", help="Local index (default: the embedded one)."),
    ] = None,
    sources: Annotated[
        str | None, typer.Option("--sources", help="Comma-separated live sources (server-side choice).")
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not use the response cache.")] = False,
    allow_fetch: Annotated[bool, typer.Option(
        "--allow-fetch", help='Let requests name a paper to fetch ({"paper": "arXiv:ID" | "doi:…" | '
                              '"https://…"}: arXiv e-prints, open-access PDFs; public hosts only).')] = False,
    max_upload_mb: Annotated[
        float, typer.Option("--max-upload-mb", min=0.001, help="Largest request body (413 above).")
    ] = 10.0,
    max_citations: Annotated[int, typer.Option("--max-citations", min=1, help="Citations per request.")] = 2000,
    rate: Annotated[
        float, typer.Option("--rate", min=0.0, help="Checks per minute per client address (429 above).")
    ] = 60.0,
    burst: Annotated[int, typer.Option("--burst", min=1, help="Checks a client may send at once.")] = 20,
    timeout: Annotated[float, typer.Option("--timeout", min=1.0, help="Seconds one check may take.")] = 300.0,
    cors_origin: Annotated[
        list[str] | None, typer.Option("--cors-origin", help="Allow browser calls from this origin (repeat).")
    ] = None,
    read_rate: Annotated[
        float, typer.Option("--read-rate", min=0.0, help="Job polls and report reads per minute per client address.")
    ] = 600.0,
    read_timeout: Annotated[
        float, typer.Option("--read-timeout", min=0.1, help="Seconds reading one request's input may take (422 above).")
    ] = 60.0,
    header_timeout: Annotated[
        float, typer.Option("--header-timeout", min=0.1, help="Seconds a client has to send a request's headers.")
    ] = 10.0,
    body_timeout: Annotated[
        float, typer.Option("--body-timeout", min=0.1, help="Seconds a client has to send a request's body (408 above).")
    ] = 60.0,
    limit_concurrency: Annotated[
        int, typer.Option("--limit-concurrency", min=1, help="Connections and requests at once (503 above).")
    ] = 1000,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option("--forwarded-allow-ips",
                     help="Proxies (comma-separated addresses, or *) whose X-Forwarded-For is trusted; "
                          "default: none, the connecting address is the client."),
    ] = None,
) -> None:
    """Serve the checker over HTTP: POST /v1/check, /v1/jobs, a web page at /, docs at /docs."""
    try:  # the serve extra's third-party packages; the package's own modules are never guarded
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError as exc:
        typer.echo(f"error: citecheck serve needs the serve extra ({exc}): "
                   "pip install 'citecheck[serve]'", err=True)
        raise typer.Exit(2) from exc
    from citecheck.service import ServiceConfig, create_app
    if index is not None and not index.exists():
        typer.echo(f"error: no such index: {index}", err=True)
        raise typer.Exit(2)
    config = ServiceConfig(
        offline=offline, index=index, use_cache=not no_cache, allow_fetch=allow_fetch,
        sources=tuple(s.strip() for s in sources.split(",") if s.strip()) if sources else None,
        max_upload_bytes=int(max_upload_mb * 1024 * 1024), max_citations=max_citations,
        rate_per_minute=rate, rate_burst=burst, request_timeout_s=timeout,
        cors_origins=tuple(cors_origin or ()), read_rate_per_minute=read_rate,
        read_timeout_s=read_timeout, body_timeout_s=body_timeout,
    )
    from citecheck.service.server import uvicorn_options

    uvicorn.run(create_app(config), host=host, port=port, log_level="info",
                **uvicorn_options(header_timeout_s=header_timeout, limit_concurrency=limit_concurrency,
                                  forwarded_allow_ips=forwarded_allow_ips))
