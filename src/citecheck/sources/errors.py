"""Kinds of `SourceError`, so callers can tell a rate limit from a broken response.

The orchestrator catches the base class (any of these means "this source could not answer");
the subclasses exist for messages, tests and retry decisions.
"""

from __future__ import annotations

from citecheck.sources.base import SourceError


class RateLimitedError(SourceError):
    """429 (or 503 with Retry-After) and the retries ran out."""


class SourceTimeoutError(SourceError):
    """The request timed out on every attempt."""


class ServerError(SourceError):
    """5xx on every attempt, or the connection failed."""


class MalformedResponseError(SourceError):
    """The body was not what the endpoint promises (HTML, truncated JSON, broken XML)."""


class RequestRejectedError(SourceError):
    """A 4xx other than 404/429: bad request, missing/invalid API key, forbidden."""


__all__ = [
    "MalformedResponseError",
    "RateLimitedError",
    "RequestRejectedError",
    "ServerError",
    "SourceError",
    "SourceTimeoutError",
]
