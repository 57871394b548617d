"""The local offline index: SQLite + FTS5 over CSL-JSON records.

``build_index`` creates or updates an index from CSL-JSON, BibTeX or arXiv snapshot files;
``LocalIndex`` reads one (identifier lookups, title/author search); ``default_index_path`` /
``open_default_index`` give the index built from the corpus shipped with citecheck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from citecheck.index.default import default_index_path, open_default_index
from citecheck.index.search import IndexOpenError, LocalIndex

if TYPE_CHECKING:
    from citecheck.index.build import BuildStats, build_index


def __getattr__(name: str) -> Any:
    # the builder (its row preparation, worker pool and dump readers) only when an index is built:
    # checking against one does not import it
    if name in ("BuildStats", "build_index"):
        from citecheck.index import build

        return getattr(build, name)
    raise AttributeError(name)

__all__ = [
    "BuildStats",
    "IndexOpenError",
    "LocalIndex",
    "build_index",
    "default_index_path",
    "open_default_index",
]
