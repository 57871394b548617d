"""``citecheck serve``: the checker as an HTTP service (FastAPI + uvicorn, the ``serve`` extra).

`create_app(ServiceConfig(...))` builds the ASGI app; `citecheck.service.cli` is the command.
Nothing here is imported by the checker: the service is a client of the pipeline like the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from citecheck.service.config import ServiceConfig

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["ServiceConfig", "create_app"]


def create_app(config: ServiceConfig | None = None) -> FastAPI:
    """The FastAPI application (imported lazily: FastAPI is an optional dependency)."""
    from citecheck.service.app import create_app as _create

    return _create(config or ServiceConfig())
