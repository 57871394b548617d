"""Where citecheck keeps what it may rebuild: the response cache, the embedded index, compiled patterns."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir", "write_atomically"]


def cache_dir() -> Path:
    """``$CITECHECK_CACHE_DIR`` if set, else the platform's user cache directory for citecheck."""
    override = os.environ.get("CITECHECK_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("citecheck"))


def write_atomically(path: Path, data: bytes, what: str) -> bool:
    """Write a cache file whole or not at all (a temporary file, then a rename). A cache that can't
    be written (a read-only or full disk) is only logged: the next run rebuilds what it holds."""
    import contextlib
    import logging
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    except OSError as exc:
        logging.getLogger(__name__).debug("could not write the %s: %s", what, exc)
        return False
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
        return True
    except OSError as exc:
        logging.getLogger(__name__).debug("could not write the %s: %s", what, exc)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
