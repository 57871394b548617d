"""Run control for the command line: stopping on a signal without losing what was decided,
writing whole-document reports atomically, and resuming a JSONL batch.

* `interruptible()` turns SIGINT and SIGTERM into an `Interrupted` exception in the main thread,
  so the caller can write out the verdicts decided so far and exit 130 / 143 without a
  traceback. A second signal while that happens exits at once.
* `atomic_write_text` writes a report to a temporary file beside the target and renames it into
  place: a reader (or a crash) sees the old file or the new one, never half of one.
* `resume_ids` reads the ids already in a JSONL output (cutting off a torn last line that a
  kill -9 may have left), so ``--resume`` checks only the rest and appends.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

#: exit status for a run stopped by a signal: 128 + the signal's number (shell convention)
EXIT_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}


class Interrupted(BaseException):
    """The run was stopped by SIGINT or SIGTERM. A BaseException (like KeyboardInterrupt), so
    the "one bad citation never sinks the batch" handlers do not swallow it as an error."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(signal.Signals(self.signum), 128 + self.signum)


class Interruption:
    """What `interruptible` yields: `deferred` holds a signal back while something must finish whole."""

    def __init__(self) -> None:
        self.fired: list[int] = []
        self.holding = False

    def handler(self, signum: int, frame: FrameType | None) -> None:
        if self.fired:
            os._exit(EXIT_CODES.get(signal.Signals(signum), 128 + signum))
        self.fired.append(signum)
        if not self.holding:
            raise Interrupted(signum)

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        """A first signal within the block is raised as `Interrupted` only when the block is done
        (the final report is written whole); a second one still exits at once."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.fired:
            raise Interrupted(self.fired[0])


@contextlib.contextmanager
def interruptible() -> Iterator[Interruption]:
    """Within the block, SIGINT/SIGTERM raise `Interrupted` (the first time) in the main thread;
    a second signal exits immediately with the signal's status."""
    state = Interruption()
    previous = {sig: signal.signal(sig, state.handler) for sig in EXIT_CODES}
    try:
        yield state
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def exit_now(code: int) -> None:
    """Exit at once after flushing stdout/stderr: a stopped run must end within a second, and
    tearing down a large run's objects can take longer than that. Files were closed already."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def quiet_worker_signals() -> None:
    """For worker processes: SIGINT is the parent's to handle, SIGTERM ends the worker quietly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` via a temporary file in the same folder and a rename."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temporary file in the same folder and a rename: a reader (or a
    crash) sees the old file or the new one. Errors are raised, the temporary file removed."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def resume_ids(path: Path) -> set[str]:
    """Ids of the verdicts already in a JSONL output; a torn last line is cut off so that new
    lines append cleanly. A missing file means nothing is done yet."""
    path = Path(path)
    if not path.exists():
        return set()
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with path.open("r+b") as fh:
            fh.truncate(end)
    done: set[str] = set()
    for line in data[:end].split(b"\n"):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            done.add(item["id"])
    return done


__all__ = ["Interrupted", "atomic_write_bytes", "atomic_write_text", "exit_now", "interruptible", "quiet_worker_signals",
           "resume_ids"]
