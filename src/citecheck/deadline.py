"""Per-citation time budgets: which sources a citation is still waiting on, and the verdict
reason when its budget runs out.

The checker runs each citation under ``asyncio.timeout(deadline)`` with a fresh `waiting`
dictionary in a context variable; the HTTP layer marks the source it is talking to for as long
as a request (with its queueing, retries and backoff) lasts. Tasks a citation spawns inherit the
context, so their requests count too. When the budget runs out, the sources still marked are
the ones that "did not answer in time".
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

#: source name → requests in flight, for the citation being checked (None outside a budget)
_WAITING: ContextVar[dict[str, int] | None] = ContextVar("citecheck_waiting", default=None)


@contextlib.contextmanager
def waiting_on(source: str) -> Iterator[None]:
    """Mark `source` as being waited on by the current citation (no-op outside a budget)."""
    waiting = _WAITING.get()
    if waiting is None:
        yield
        return
    waiting[source] = waiting.get(source, 0) + 1
    try:
        yield
    except asyncio.CancelledError:
        raise  # cancelled while waiting (the budget ran out): the mark stays, naming the source
    except BaseException:
        _done(waiting, source)
        raise
    _done(waiting, source)


def _done(waiting: dict[str, int], source: str) -> None:
    waiting[source] -= 1
    if waiting[source] <= 0:
        del waiting[source]


@contextlib.contextmanager
def budget() -> Iterator[dict[str, int]]:
    """A fresh `waiting` dictionary for one citation's checks."""
    waiting: dict[str, int] = {}
    token = _WAITING.set(waiting)
    try:
        yield waiting
    finally:
        _WAITING.reset(token)


def deadline_reason(waiting: dict[str, int], seconds: float) -> str:
    names = sorted(waiting)
    who = ", ".join(names) if names else "the sources"
    return (f"deadline: {who} did not answer in time (the {seconds:g} s budget per citation"
            " ran out); not checked, so nothing is claimed about this work")


__all__ = ["budget", "deadline_reason", "waiting_on"]
