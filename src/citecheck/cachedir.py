"""Where citecheck keeps what it may rebuild: the response cache, the embedded index, compiled patterns."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir", "pattern_caches_on", "write_atomically"]


def cache_dir() -> Path:
    """``$CITECHECK_CACHE_DIR`` if set, else the platform's user cache directory for citecheck."""
    override = os.environ.get("CITECHECK_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("citecheck"))


def write_atomically(path: Path, data: bytes, what: str) -> bool:
    """Write a cache file whole or not at all (`runctl.atomic_write_bytes`). A cache that can't be
    written (a read-only or full disk) is only logged: the next run rebuilds what it holds."""
    import logging

    from citecheck.runctl import atomic_write_bytes

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, data)
        return True
    except OSError as exc:
        logging.getLogger(__name__).debug("could not write the %s: %s", what, exc)
        return False


def pattern_caches_on() -> bool:
    """Whether the `regex` patterns are kept compiled in the cache directory (`regex_cache`):
    ``CITECHECK_REGEX_CACHE=0`` turns it off."""
    return os.environ.get("CITECHECK_REGEX_CACHE", "1") != "0"
