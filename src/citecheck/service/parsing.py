"""Reading requests in worker processes, under a deadline.

Turning a body into citations is CPU work whose cost the sender chooses (a hostile PDF, a long
run of letters for a slow pattern). It runs in a worker process, never in the event loop or one
of its threads (a regular expression holds the GIL for as long as it runs, which would stop the
loop from answering anything, ``/healthz`` included). Each read has ``timeout_s``: a worker that
has not answered by then is killed (so the CPU it uses is bounded) and replaced by a fresh one,
and the request is refused. A worker's address space is capped (``memory_mb``), so a read that
would need more fails with a `MemoryError` inside the worker, not the service.
"""

from __future__ import annotations

import asyncio
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import citecheck
from citecheck.model import Citation
from citecheck.service.inputs import Linked, RequestInputError

#: a read: the function's name in `citecheck.service.inputs` and its arguments
Task = tuple[str, tuple[Any, ...]]
Reply = tuple[str, Any]


class ReadFailed(Exception):
    """A read was refused or failed; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers


def run_task(task: Task) -> Reply:
    """Run one read; every failure becomes ``("refused", status, message)`` (picklable)."""
    from citecheck.extract import InputError
    from citecheck.service import inputs

    name, args = task
    try:
        return ("ok", getattr(inputs, name)(*args))
    except RequestInputError as exc:
        return ("refused", (exc.status, str(exc)))
    except InputError as exc:
        return ("refused", (400, str(exc)))
    except MemoryError:
        return ("refused", (413, "reading the input needs more memory than the service allows"))
    except RecursionError:
        return ("refused", (400, "the input is nested too deeply to read"))
    except Exception as exc:  # a reader's failure on this input: the request's, not the worker's
        return ("refused", (422, f"the input could not be read: {type(exc).__name__}: {exc}"))


def _worker_main(task_fd: int, reply_fd: int, memory_bytes: int) -> None:
    """A worker process: read tasks until the service closes its end of the pipe."""
    if memory_bytes:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    import citecheck.claims.body  # the readers' and linkers' patterns, compiled before a deadline runs
    import citecheck.claims.run
    import citecheck.extract.text
    import citecheck.service.inputs  # noqa: F401
    from citecheck.parallel import warm_up

    warm_up()  # and the reading stage's word lists, model and patterns, loaded on a first read

    tasks, replies = Connection(task_fd, writable=False), Connection(reply_fd, readable=False)
    replies.send(("ready", None))
    while True:
        try:
            task = tasks.recv()
        except (EOFError, OSError):
            return
        replies.send(run_task(task))


class _Worker:
    """One worker process (``python -m citecheck.service.parsing``, not a fork of the service
    and not `multiprocessing`'s spawn, which would import the service's main module again),
    talking over two pipes."""

    startup_s = 120.0

    def __init__(self, memory_bytes: int | None) -> None:
        self._memory_bytes = memory_bytes or 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._tasks: Connection | None = None
        self._replies: Connection | None = None

    def start(self) -> None:
        """Start the process (if it is not running) and wait until it is ready to read."""
        if self._proc is not None and self._proc.poll() is None:
            return
        task_r, task_w = os.pipe()
        reply_r, reply_w = os.pipe()
        src = str(Path(citecheck.__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))}
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "citecheck.service.parsing", str(task_r), str(reply_w),
             str(self._memory_bytes)], pass_fds=(task_r, reply_w), env=env, stdin=subprocess.DEVNULL)
        os.close(task_r)
        os.close(reply_w)
        self._tasks, self._replies = Connection(task_w, readable=False), Connection(reply_r, writable=False)
        if not self._replies.poll(self.startup_s) or self._replies.recv()[0] != "ready":
            self.stop()
            raise OSError("the reader process did not start")

    def call(self, task: Task, timeout: float) -> Reply:
        try:
            self.start()
            assert self._tasks is not None and self._replies is not None
            self._tasks.send(task)
            if self._replies.poll(timeout):
                reply: Reply = self._replies.recv()
                return reply
        except (EOFError, OSError):
            self.stop()
            return ("refused", (503, "the reader stopped unexpectedly; retry later"))
        self.stop()  # the deadline passed: the read's CPU time ends here
        return ("refused", (422, f"reading the input took over {timeout:g} s; split it into "
                                 "smaller requests"))

    def stop(self) -> None:
        for conn in (self._tasks, self._replies):
            if conn is not None:
                conn.close()
        self._tasks = self._replies = None
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait(5)
            self._proc = None


class ReaderPool:
    """``workers`` worker processes (started on first use, or by `start`); at most ``waiting``
    reads wait for a free one, each at most ``wait_s`` (503 beyond either). ``workers=0`` reads
    in a thread of this process instead: no deadline and no isolation, for embedding only."""

    def __init__(self, workers: int, timeout_s: float, memory_mb: int | None = None,
                 waiting: int = 16, wait_s: float = 10.0) -> None:
        self.timeout_s = timeout_s
        self.wait_s = wait_s
        self.limit = workers + waiting
        memory = memory_mb * 1024 * 1024 if memory_mb else None
        self._workers = [_Worker(memory) for _ in range(workers)]
        self._free: queue.LifoQueue[_Worker] = queue.LifoQueue()  # the warm worker first
        for worker in self._workers:
            self._free.put(worker)
        self._threads = ThreadPoolExecutor(max_workers=max(1, self.limit),
                                           thread_name_prefix="citecheck-read")
        self._pending = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start every worker now (they import the readers: a second or so)."""
        for worker in self._workers:
            worker.start()

    async def read(self, name: str, *args: Any) -> list[Citation]:
        """``citecheck.service.inputs.<name>(*args)``, a read of citations, in a worker;
        `ReadFailed` if refused."""
        citations: list[Citation] = await self.run(name, *args)
        return citations

    async def link(self, name: str, *args: Any) -> Linked:
        """``citecheck.service.inputs.<name>(*args)``, a read of citations with their documents
        linked (``link_json_body``, ``link_uploads``), in a worker; `ReadFailed` if refused."""
        linked: Linked = await self.run(name, *args)
        return linked

    async def run(self, name: str, *args: Any) -> Any:
        """``citecheck.service.inputs.<name>(*args)`` in a worker: its answer, or `ReadFailed`."""
        with self._lock:
            if self._pending >= self.limit:
                raise ReadFailed(503, "the service is busy reading other requests; retry later",
                                 {"retry-after": "10"})
            self._pending += 1
        try:
            call: Callable[[], Reply] = (lambda: run_task((name, args))) if not self._workers \
                else (lambda: self._call((name, args)))
            kind, value = await asyncio.get_running_loop().run_in_executor(self._threads, call)
        finally:
            with self._lock:
                self._pending -= 1
        if kind != "ok":
            status, message = value
            raise ReadFailed(status, message, {"retry-after": "10"} if status == 503 else None)
        return value

    def _call(self, task: Task) -> Reply:
        try:
            worker = self._free.get(timeout=self.wait_s)
        except queue.Empty:
            return ("refused", (503, "the service is busy reading other requests; retry later"))
        try:
            return worker.call(task, self.timeout_s)
        finally:
            self._free.put(worker)

    def close(self) -> None:
        for worker in self._workers:
            worker.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    _worker_main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
