"""Run control for the command line: stopping on a signal without losing what was decided,
writing whole-document reports atomically, and resuming a JSONL batch.

* `interruptible()` turns SIGINT and SIGTERM into an `Interrupted` exception in the main thread,
  so the caller can write out the verdicts decided so far and exit 130 / 143 without a
  traceback. A second signal while that happens exits at once.
* `atomic_write_text` writes a report to a temporary file beside the target and renames it into
  place: a reader (or a crash) sees the old file or the new one, never half of one. The file gets
  the mode a plain write would give it (the umask's, or the replaced file's).
* `resume_ids` reads the ids already in a JSONL output (cutting off a torn last line that a
  kill -9 may have left), so ``--resume`` checks only the rest and appends; a file that is not
  citecheck's JSONL is refused (`NotOurOutput`) before anything in it is changed.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
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


def _create_beside(path: Path) -> tuple[int, Path]:
    """A new temporary file beside `path`, open for writing, with the mode a plain write of `path`
    would give: the replaced file's, or 0666 less the umask (the kernel applies it at creation)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        try:
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))
        except FileNotFoundError:
            pass
        except BaseException:
            os.close(fd)
            os.unlink(tmp)
            raise
        return fd, tmp
    raise FileExistsError(f"no free temporary name beside {path}")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temporary file in the same folder and a rename: a reader (or a
    crash) sees the old file or the new one. Errors are raised, the temporary file removed."""
    path = Path(path)
    fd, tmp = _create_beside(path)
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


class NotOurOutput(ValueError):
    """``--resume`` was given a file that is not citecheck's JSON Lines output."""


#: how every verdict line starts (`report.jsonout.verdict_line`): a torn last line must too
_LINE_START = b'{"schema_version": '


def _verdict_id(line: bytes) -> str | None:
    """The id of a citecheck verdict line; ``""`` for a document finding's line (``--claims``:
    ``{"schema_version": …, "finding": {…}}``, no verdict); None for anything else."""
    try:
        item = json.loads(line)
    except ValueError:
        return None
    if not isinstance(item, dict) or "schema_version" not in item:
        return None
    if "label" in item and isinstance(item.get("id"), str):
        return str(item["id"])
    if isinstance(item.get("finding"), dict) and len(item) == 2:
        return ""
    return None


def resume_ids(path: Path) -> set[str]:
    """Ids of the verdicts already in a JSONL output (the lines of a ``--claims`` run's findings
    are read past); a torn last line (one a kill -9 cut short) is cut off so that new lines append
    cleanly. A missing file means nothing is done yet.
    Raises `NotOurOutput`, changing nothing, when a line is not a citecheck verdict."""
    path = Path(path)
    if not path.exists():
        return set()
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    done: set[str] = set()
    for number, line in enumerate(data[:end].split(b"\n")[:-1], 1):
        if not line.strip():
            continue
        ident = _verdict_id(line)
        if ident is None:
            raise NotOurOutput(f"{path}:{number}: not a citecheck verdict line; --resume appends only to"
                               " citecheck's own JSONL output (-f jsonl), and left the file as it was")
        if ident:
            done.add(ident)
    tail = data[end:]
    if tail and not (tail.startswith(_LINE_START) or _LINE_START.startswith(tail)):
        raise NotOurOutput(f"{path}: its last line is not a citecheck verdict; --resume appends only to"
                           " citecheck's own JSONL output (-f jsonl), and left the file as it was")
    if tail:
        with path.open("r+b") as fh:
            fh.truncate(end)
    return done


__all__ = ["Interrupted", "NotOurOutput", "atomic_write_bytes", "atomic_write_text", "exit_now", "interruptible", "quiet_worker_signals",
           "resume_ids"]
