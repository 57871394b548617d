"""The OpenAlex works snapshot: ``data/works/updated_date=YYYY-MM-DD/part_NNN.gz`` partitions
(gzip JSON Lines of work objects) listed in ``data/works/manifest``, and
``data/merged_ids/works/YYYY-MM-DD.csv.gz`` (works merged into others: deletions).

Work objects have the API's schema and are mapped by the OpenAlex adapter's ``to_record``.
Incremental update: the newest ``updated_date`` read is kept in the index (``state``); a later
build from a newer snapshot reads only the partitions (and merge files) after it.
"""

from __future__ import annotations

import csv
import json
import re
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
    open_member,
)
from citecheck.sources.openalex import to_record

_DATE_RE = re.compile(r"updated_date=(\d{4}-\d{2}-\d{2})")
_MERGE_RE = re.compile(r"(\d{4}-\d{2}-\d{2})\.csv(?:\.gz)?$")


def csl_from_openalex(work: dict[str, Any]) -> dict[str, Any]:
    """One OpenAlex work object as the CSL item the index stores."""
    record = to_record(work)
    if not record.id and record.custom.get("openalex"):
        record.id = f"openalex:{record.custom['openalex']}"
    return csl_of(record)


def _partitions(works: Path) -> list[tuple[str, Path]]:
    """(updated_date, file) of each partition, from the manifest when there is one."""
    manifest = works / "manifest"
    files: list[Path] = []
    if manifest.is_file():
        entries = json.loads(manifest.read_text(encoding="utf-8")).get("entries", [])
        for entry in entries:
            url = str(entry.get("url", ""))
            rel = url.split("/data/works/", 1)[-1]
            files.append(works / rel)
    else:
        files = sorted(works.glob("updated_date=*/*.gz"))
    out = []
    for f in files:
        m = _DATE_RE.search(str(f))
        out.append((m.group(1) if m else "", f))
    return sorted(out)


class OpenAlexReader(DumpReader):
    name = "openalex"
    description = "OpenAlex works snapshot (folder with manifest, or .gz partitions)"

    def __init__(self, since: str | None = None) -> None:
        self.since = since or ""  # partitions up to this updated_date are already in the index
        self.newest = self.since
        self.prefixes: set[str] = set()

    def load_state(self, state: dict[str, Any]) -> None:
        self.since = self.newest = str(state.get("updated_date") or self.since)

    def state(self) -> dict[str, Any]:
        return {"updated_date": self.newest} if self.newest else {}

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        root = path / "data" if (path / "data" / "works").is_dir() else path
        works = root / "works" if (root / "works").is_dir() else None
        if path.is_dir() and works is not None:
            for date, part in _partitions(works):
                if date and date <= self.since:
                    continue
                if not part.is_file():
                    yield Item(str(part), error="listed in the manifest but missing")
                    continue
                yield from self._works(part)
                self.newest = max(self.newest, date)
            merged = root / "merged_ids" / "works"
            for f in sorted(merged.glob("*.csv*")) if merged.is_dir() else []:
                m = _MERGE_RE.search(f.name)
                if m and m.group(1) > self.since:
                    yield from self._merged(f)
            return
        if _MERGE_RE.search(path.name) and "merged" in str(path):
            yield from self._merged(path)
            return
        m = _DATE_RE.search(str(path))
        yield from self._works(path)
        if m:
            self.newest = max(self.newest, m.group(1))

    def _works(self, path: Path) -> Iterator[Item]:
        for name, fh in iter_members(path, (".gz", ".json", ".jsonl", "part_000")):
            for location, value, error in iter_json_objects(fh, name):
                if error is not None or not isinstance(value, dict):
                    yield Item(location, error=error or "expected an OpenAlex work object")
                    continue
                try:
                    csl = csl_from_openalex(value)
                except (ValueError, TypeError) as exc:
                    yield Item(location, error=f"OpenAlex work: {exc}")
                    continue
                if csl.get("DOI"):
                    self.prefixes.add(str(csl["DOI"]).split("/", 1)[0])
                yield Item(location, csl=csl)

    def _merged(self, path: Path) -> Iterator[Deletion]:
        with path.open("rb") as raw, open_member(raw, path.name) as fh:
            for n, row in enumerate(csv.DictReader(fh), start=2):
                work = str(row.get("id") or "").rsplit("/", 1)[-1]
                if work:
                    yield Deletion(f"{path}:{n}", "openalex", work)

    def suggested_covers(self) -> list[str]:
        return [f"doi-prefix:{p}" for p in sorted(self.prefixes)]
