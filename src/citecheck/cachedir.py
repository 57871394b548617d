"""Where citecheck keeps what it may rebuild: the response cache, the embedded index, compiled patterns."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir() -> Path:
    """``$CITECHECK_CACHE_DIR`` if set, else the platform's user cache directory for citecheck."""
    override = os.environ.get("CITECHECK_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("citecheck"))
