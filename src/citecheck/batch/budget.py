"""One rate-limit budget for every worker of a batch: a Ray actor holding per-host state.

Each worker's HTTP client asks the actor before every request (`SharedHostState`): the actor
admits at most the host's concurrency at once, spaces admissions by the published interval
(``per / rate``, with the client's safety margin and time scale), and holds every worker back
while a ``Retry-After`` one of them received is running. N workers together therefore send
what one process would, never N times the limit. The actor's answers are delays, not clock
times, so workers on other machines need no synchronised clocks.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from citecheck.sources.http import SAFETY, HostState, RateLimit


@dataclass
class _Host:
    next_free: float = 0.0
    blocked_until: float = 0.0
    in_flight: int = 0
    sent: int = 0
    blocks: int = 0
    cond: asyncio.Condition = field(default_factory=asyncio.Condition)


class BudgetActor:
    """The shared per-host budget (run as an async Ray actor: one event loop, no locks)."""

    def __init__(self) -> None:
        self.hosts: dict[str, _Host] = {}

    def _host(self, key: str) -> _Host:
        if key not in self.hosts:
            self.hosts[key] = _Host()
        return self.hosts[key]

    async def acquire(self, key: str, interval: float, concurrency: int) -> None:
        """Returns when the caller may send one request to ``key``."""
        host = self._host(key)
        async with host.cond:
            await host.cond.wait_for(lambda: host.in_flight < max(1, concurrency))
            host.in_flight += 1
        slot = max(time.monotonic(), host.next_free, host.blocked_until)
        host.next_free = slot + interval
        while (delay := max(slot, host.blocked_until) - time.monotonic()) > 0:
            await asyncio.sleep(delay)
        host.sent += 1

    async def release(self, key: str) -> None:
        host = self._host(key)
        async with host.cond:
            host.in_flight = max(0, host.in_flight - 1)
            host.cond.notify_all()

    def block(self, key: str, seconds: float) -> None:
        host = self._host(key)
        host.blocks += 1
        host.blocked_until = max(host.blocked_until, time.monotonic() + seconds)
        host.next_free = max(host.next_free, host.blocked_until)

    def stats(self) -> dict[str, dict[str, int]]:
        return {k: {"sent": h.sent, "blocks": h.blocks} for k, h in self.hosts.items()}


class _NoLimiter:
    async def acquire(self, amount: float = 1) -> None:
        return None


class _SharedGate:
    """Stands in for the per-process gate: admission (concurrency and pacing) by the actor."""

    def __init__(self, state: SharedHostState, limit: int) -> None:
        self.state = state
        self.limit = limit  # shrunk by HostState.observe like the local gate's

    async def __aenter__(self) -> None:
        s = self.state
        interval = s.per / (max(s.rate, 1e-9) * s.scale * SAFETY)
        await s.actor.acquire.remote(s.key, interval, self.limit)

    async def __aexit__(self, *exc: object) -> None:
        await self.state.actor.release.remote(self.state.key)


class SharedHostState(HostState):
    """A `HostState` whose pacing, concurrency and Retry-After blocks live in the actor."""

    def __init__(self, actor: Any, key: str, limit: RateLimit, scale: float) -> None:
        super().__init__(limit, scale)
        self.actor = actor
        self.key = key
        self.gate = _SharedGate(self, limit.concurrency)  # type: ignore[assignment]  # a gate with the same interface, shared across workers

    def limiter(self) -> Any:
        return _NoLimiter()  # the actor paced the request when it admitted it

    def block(self, seconds: float) -> None:
        super().block(seconds)
        self.actor.block.remote(self.key, seconds)


def install(actor: Any) -> None:
    """Make every HTTP client of this process draw on the actor's budget."""
    from citecheck.sources.http import set_host_state_factory

    def factory(service: str, host: str, lane: str, limit: RateLimit, scale: float) -> HostState:
        return SharedHostState(actor, f"{service}|{host}|{lane}", limit, scale)

    set_host_state_factory(factory)
