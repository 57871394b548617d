"""Is the network there at all? Notice fast when it is not, and stop retrying.

`HttpClient` reports every attempt, every failure to connect and every response it gets. While
no live host has ever answered in this run (this event loop), and every host tried so far has
failed to connect (at least two hosts, or one host three times), the run is declared offline:
it says so once ("no source reachable: working offline"), and from then on every request fails
at once instead of waiting through retries and backoff, so the run ends in seconds with
UNVERIFIED verdicts (and whatever the local index decides). One answer from any host, before
that point, keeps the run online: a single dead host is the circuit breaker's business.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

log = logging.getLogger("citecheck.sources")

OFFLINE_REASON = "no source reachable: working offline"
#: failing hosts (or failures on one host) before "nothing is reachable" is believed
MIN_HOSTS = 2
MIN_FAILURES = 3


class Connectivity:
    def __init__(self) -> None:
        self.reached = False
        self.attempted: set[str] = set()
        self.failed: set[str] = set()
        self.failures = 0
        self.offline = False

    def attempt(self, host: str) -> None:
        self.attempted.add(host)

    def answered(self, host: str) -> None:
        self.reached = True

    def connect_failed(self, host: str) -> bool:
        """Record a failure to connect; True when the run is (now) offline."""
        if self.reached or self.offline:
            return self.offline
        self.failed.add(host)
        self.failures += 1
        enough = len(self.failed) >= MIN_HOSTS or self.failures >= MIN_FAILURES
        if enough and self.failed >= self.attempted:
            self.offline = True
            log.warning("%s (could not connect to %s)", OFFLINE_REASON, ", ".join(sorted(self.failed)))
        return self.offline


_BY_LOOP: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Connectivity] = (
    weakref.WeakKeyDictionary())


def connectivity() -> Connectivity:
    """The tracker of the running event loop (each `asyncio.run` starts afresh)."""
    loop = asyncio.get_running_loop()
    tracker = _BY_LOOP.get(loop)
    if tracker is None:
        tracker = _BY_LOOP[loop] = Connectivity()
    return tracker


__all__ = ["OFFLINE_REASON", "Connectivity", "connectivity"]
