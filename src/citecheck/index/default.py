"""The default offline index: built once from the corpus shipped inside the package.

``$CITECHECK_INDEX`` names an index to use instead. Otherwise the index lives in the user cache
dir (``$CITECHECK_CACHE_DIR`` overrides it, e.g. for tests) under a name derived from the hash
of the embedded data and the schema version, so a new release or schema rebuilds it and an old
file is never misread. The build writes a temporary file and renames it into place, so two
processes starting at once each produce a complete index and neither sees a half-written one.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
import time
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from citecheck.cachedir import cache_dir
from citecheck.index.schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from citecheck.index.search import IndexDamagedError, LocalIndex

EMBEDDED_NAME = "embedded-corpus.jsonl.gz"
log = logging.getLogger(__name__)


def embedded_corpus_path() -> Path:
    """The CSL-JSON lines shipped in ``citecheck/data``."""
    return Path(str(resources.files("citecheck.data").joinpath(EMBEDDED_NAME)))


@lru_cache(maxsize=4)
def _file_digest(path: Path, size: int, mtime_ns: int) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()[:16]


def default_index_path() -> Path:
    """``$CITECHECK_INDEX`` if set, else the embedded-corpus index (built on first use)."""
    env = os.environ.get("CITECHECK_INDEX")
    if env:
        return Path(env)
    source = embedded_corpus_path()
    target = _default_target(source)
    if not target.is_file():
        _build_atomically(source, target)
    elif (problem := _damage(target)) is not None:
        # our own file, so rebuilding loses nothing; say so, a damaged disk may need attention
        log.warning("the default index %s is damaged (%s); rebuilding it", target, problem)
        _build_atomically(source, target)
    return target


def _default_target(source: Path) -> Path:
    """Where the index of the embedded corpus ``source`` lives (named by its hash and schema)."""
    stat = source.stat()
    name = f"embedded-{_file_digest(source, stat.st_size, stat.st_mtime_ns)}-v{SCHEMA_VERSION}.sqlite"
    return cache_dir() / name


def damaged_index_message(error: IndexDamagedError) -> str:
    """What to tell the user about an index found damaged during a run. The default index is
    citecheck's own file: it is removed, so the next run rebuilds it (the start-up check reads a
    few rows only and would pass it again); a user's index is theirs to rebuild."""
    if os.environ.get("CITECHECK_INDEX") or error.path != _default_target(embedded_corpus_path()):
        return str(error)
    with contextlib.suppress(FileNotFoundError):
        error.path.unlink()
    return (f"{error.path}: {error.problem}; this is citecheck's default index: it was removed "
            "and the next run rebuilds it")


def _damage(target: Path) -> str | None:
    """Why the default index is unusable, or None; checked once per file state per process."""
    stat = target.stat()
    return _checked(target, stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=4)
def _checked(target: Path, size: int, mtime_ns: int) -> str | None:
    from citecheck.index.health import check_index
    from citecheck.index.search import IndexOpenError

    try:
        check_index(target)
    except IndexOpenError as exc:
        return str(exc)
    return None


def _build_atomically(source: Path, target: Path) -> None:
    from citecheck.index.build import build_index

    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target.parent)
    fd, tmp_name = tempfile.mkstemp(prefix=target.stem + ".", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        tmp.unlink()  # build_index creates the database itself
        stats = build_index(tmp, [source])
        if stats.records == 0:
            raise RuntimeError(f"building the default index from {source} stored no records")
        os.replace(tmp, target)
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
            leftover.unlink(missing_ok=True)


def _remove_stale_temps(folder: Path, max_age_s: float = 3600.0) -> None:
    """Temp files a killed build left behind (a live build's file is younger than this)."""
    now = time.time()
    for leftover in folder.glob("embedded-*.tmp*"):
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime > max_age_s:
                leftover.unlink()


def open_default_index() -> LocalIndex:
    from citecheck.index.search import LocalIndex

    return LocalIndex(default_index_path())
