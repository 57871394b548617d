"""Remote papers' limits, measured: a tar bomb and a 200 MB streamed e-print, each refused.

Run from the repository root: ``PYTHONPATH=. .venv/bin/python benchmarks/remote_limits.py``.
Prints the bomb's compressed size, the time and traced peak memory until each is refused, and how
much of the 200 MB the loopback server had sent when the download was abandoned.
"""

from __future__ import annotations

import asyncio
import os
import time
import tracemalloc
from collections.abc import Callable, Iterator

from tests.servers.arxiv import LoopbackArxiv, Paper
from tests.test_remote_arxiv import fetch_once, tar_bomb

from citecheck.remote import FetchError
from citecheck.remote.archive import MAX_UNPACKED_BYTES, unpack
from citecheck.remote.download import Fetcher
from citecheck.sources.config import load_config


def measured(what: str, run: Callable[[], object]) -> None:
    tracemalloc.start()
    started = time.perf_counter()
    try:
        run()
        outcome = "NOT refused"
    except FetchError as exc:
        outcome = f"refused: {exc.reason}"
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(f"{what}: {outcome}; {time.perf_counter() - started:.2f} s, peak {peak:.1f} MiB traced")


def stream() -> Iterator[bytes]:
    chunk = b"\x1f\x8b" + bytes((1 << 20) - 2)
    for _ in range(200):
        yield chunk


def main() -> None:
    bomb = tar_bomb(MAX_UNPACKED_BYTES + (64 << 20))
    print(f"tar bomb: {len(bomb) / 1e6:.1f} MB compressed, {(MAX_UNPACKED_BYTES >> 20) + 64} MiB unpacked")
    measured("tar bomb", lambda: unpack(bomb, "arXiv:bomb"))
    with LoopbackArxiv([Paper("2401.77777", "Huge", ["F. At"], stream)]) as server:
        os.environ.update(server.env())
        fetcher = Fetcher(load_config())
        measured("200 MB e-print", lambda: asyncio.run(
            fetch_once(fetcher, server.eprint_url + "/2401.77777", "arXiv:2401.77777")))
        print(f"200 MB e-print: the server had sent {server.sent / 2**20:.1f} MiB when it was cut off")


if __name__ == "__main__":
    main()
