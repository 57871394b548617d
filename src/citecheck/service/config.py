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
    read_rate_per_minute/read_rate_burst: per client address, GETs under /v1/ (polling a job,
    reading its report) beyond these get 429.
    body_timeout_s: a request body not fully received this long after its headers gets 408.
    read_workers/read_timeout_s/read_memory_mb: inputs are read (decoded, split, parsed) in this
    many worker processes, each read killed after ``read_timeout_s`` (422) and each worker's
    address space capped at ``read_memory_mb``; 0 workers reads in-process (no bound: embedding
    only).
    max_unfinished_jobs: jobs queued or running at once (503 above); max_stored_mb: disk kept for
    finished jobs' compressed reports (the oldest finished are dropped above it).
    allow_fetch: a JSON body may name a paper (``{"paper": "arXiv:…" | "doi:…" | "https://…"}``) for
    the service to fetch and read (`citecheck.remote`); off unless the operator turns it on.
    """

    offline: bool = False
    allow_fetch: bool = False
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
    read_rate_per_minute: float = 600.0
    read_rate_burst: int = 60
    body_timeout_s: float = 60.0
    read_workers: int = 2
    read_timeout_s: float = 60.0
    read_memory_mb: int | None = 2048
    max_unfinished_jobs: int = 16
    max_stored_mb: float = 512.0
