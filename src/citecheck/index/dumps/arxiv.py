"""The arXiv metadata snapshot (Kaggle ``arxiv-metadata-oai-snapshot.json``, JSON Lines).

Mapped by `citecheck.index.arxiv_snapshot.csl_from_arxiv_snapshot` (the one mapping, also used
when a snapshot is given to a CSL build). A complete snapshot covers ``arxiv``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from citecheck.index.arxiv_snapshot import csl_from_arxiv_snapshot
from citecheck.index.dumps.base import Deletion, DumpReader, Item, iter_json_objects, iter_members


class ArxivReader(DumpReader):
    name = "arxiv"
    description = "arXiv metadata snapshot (JSON Lines, optionally gzipped)"

    def __init__(self) -> None:
        self.seen = 0

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        for name, fh in iter_members(path, (".json", ".jsonl")):
            for location, value, error in iter_json_objects(fh, name):
                if error is not None or not isinstance(value, dict):
                    yield Item(location, error=error or "expected an arXiv snapshot object")
                    continue
                try:
                    csl = csl_from_arxiv_snapshot(value)
                except (ValueError, TypeError) as exc:
                    yield Item(location, error=f"arXiv snapshot line: {exc}")
                    continue
                self.seen += 1
                yield Item(location, csl=csl)

    def suggested_covers(self) -> list[str]:
        return ["arxiv"] if self.seen else []
