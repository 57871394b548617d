"""The Crossref public data file: ``.json.gz`` files of ``{"items": [work, ...]}`` in a tar or a
folder (or JSON Lines of work objects, optionally gzipped).

Work objects have the REST API's schema, so they are mapped by the Crossref adapter's own
``to_record`` (one mapping for both). A complete file covers ``doi-prefix:`` every prefix in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from citecheck.index.dumps.base import (
    Deletion,
    DumpReader,
    Item,
    csl_of,
    iter_json_objects,
    iter_members,
)
from citecheck.sources.crossref import to_record

MAX_PREFIXES = 100_000  # Crossref has ~40k prefixes; a bound keeps memory fixed on odd input


def csl_from_crossref(work: dict[str, Any]) -> dict[str, Any]:
    """One Crossref work object as the CSL item the index stores."""
    return csl_of(to_record(work))


class CrossrefReader(DumpReader):
    name = "crossref"
    description = "Crossref public data file (tar/folder of .json.gz, or JSON Lines)"

    def __init__(self) -> None:
        self.prefixes: set[str] = set()

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        for name, fh in iter_members(path, (".json", ".jsonl", ".ndjson")):
            for location, value, error in iter_json_objects(fh, name):
                if error is not None or not isinstance(value, dict):
                    yield Item(location, error=error or "expected a Crossref work object")
                    continue
                try:
                    csl = csl_from_crossref(value)
                except (ValueError, TypeError) as exc:
                    yield Item(location, error=f"Crossref work: {exc}")
                    continue
                doi = csl.get("DOI")
                if doi and len(self.prefixes) < MAX_PREFIXES:
                    self.prefixes.add(str(doi).split("/", 1)[0])
                yield Item(location, csl=csl)

    def suggested_covers(self) -> list[str]:
        return [f"doi-prefix:{p}" for p in sorted(self.prefixes)]
