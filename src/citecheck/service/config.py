"""What an operator sets for the service; nothing here can come from a request."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ServiceConfig:
    """Limits and switches of one running service.

    offline/index/sources: as ``citecheck check`` (live sources read their API keys from the
    server's own configuration, never from a request).
    max_upload_bytes: a larger request body is refused with 413.
    max_citations: a request holding more citations is refused with 413.
    rate_per_minute/rate_burst: per client address, requests to /v1/ beyond these get 429 with
    Retry-After.
    request_timeout_s: a check taking longer answers 504 (streams end with an error line).
    cors_origins: origins allowed to call the API from a browser; empty: CORS off.
    """

    offline: bool = False
    index: Path | None = None
    sources: tuple[str, ...] | None = None
    use_cache: bool = True
    max_upload_bytes: int = 10 * 1024 * 1024
    max_citations: int = 2000
    rate_per_minute: float = 60.0
    rate_burst: int = 20
    request_timeout_s: float = 300.0
    concurrency: int = 16
    max_jobs: int = 200
    max_running_jobs: int = 4
    job_ttl_s: float = 3600.0
    cors_origins: tuple[str, ...] = field(default_factory=tuple)
