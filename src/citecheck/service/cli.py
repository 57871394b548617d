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
        offline=offline, index=index, use_cache=not no_cache,
        sources=tuple(s.strip() for s in sources.split(",") if s.strip()) if sources else None,
        max_upload_bytes=int(max_upload_mb * 1024 * 1024), max_citations=max_citations,
        rate_per_minute=rate, rate_burst=burst, request_timeout_s=timeout,
        cors_origins=tuple(cors_origin or ()),
    )
    uvicorn.run(create_app(config), host=host, port=port, log_level="info")
