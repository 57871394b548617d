"""What every dump reader shares: the item types it yields and how it opens its files.

A reader turns one path (a file, a folder of files, a tar of files) into a stream of
`Item` (a CSL item or why an entry could not be read) and `Deletion` (a work the dump says is
gone), one entry at a time, so memory stays bounded whatever the dump's size. Each reader maps
its native format to CSL in exactly one function, and records what the dump suggests the index
covers (``suggested_covers``) for ``index build --covers``.
"""

from __future__ import annotations

import gzip
import io
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, ClassVar

from citecheck.index.readers import Item
from citecheck.model import Record

__all__ = ["Deletion", "DumpReader", "Item", "csl_of", "iter_members", "open_member"]


@dataclass(frozen=True, slots=True)
class Deletion:
    """A work the dump marks as removed or merged away, found by ``key`` = ``value``.

    ``key`` is ``id`` (the record id), ``doi``, ``arxiv`` or a ``custom`` key the same reader
    stores (``openalex``, ``s2_corpus``).
    """

    location: str
    key: str
    value: str


def csl_of(record: Record) -> dict[str, Any]:
    """The CSL dict the index stores for a record an adapter's ``to_record`` mapped: without the
    relevance score a search answer carries (dump lines have none; an index must not keep one)."""
    record.custom.pop("score", None)
    return record.to_csl()


def _is_gzip(name: str) -> bool:
    return name.lower().endswith(".gz")


def open_member(raw: IO[bytes], name: str) -> IO[str]:
    """Text view of a (possibly gzipped) byte stream."""
    stream: IO[bytes] = gzip.GzipFile(fileobj=raw) if _is_gzip(name) else raw  # type: ignore[assignment]  # GzipFile is an IO[bytes] at run time
    return io.TextIOWrapper(stream, encoding="utf-8", errors="replace")


def iter_members(path: Path, suffixes: tuple[str, ...]) -> Iterator[tuple[str, IO[str]]]:
    """(name, text stream) for each data file under ``path``: the file itself, every file in a
    folder (recursively, sorted) or every member of a tar, whose name ends in one of
    ``suffixes`` (".gz" variants included). Streams are closed when the caller moves on."""
    wanted = tuple(s.lower() for s in suffixes) + tuple(f"{s}.gz".lower() for s in suffixes)
    if path.is_dir():
        for child in sorted(p for p in path.rglob("*") if p.is_file()):
            if child.name.lower().endswith(wanted):
                with child.open("rb") as raw, open_member(raw, child.name) as fh:
                    yield str(child), fh
        return
    lower = path.name.lower()
    if lower.endswith((".tar", ".tar.gz", ".tgz")):
        with tarfile.open(path, mode="r|*") as tar:  # streamed: members in archive order
            for member in tar:
                if not member.isfile() or not member.name.lower().endswith(wanted):
                    continue
                data = tar.extractfile(member)
                if data is None:
                    continue
                with open_member(data, member.name) as fh:
                    yield f"{path}!{member.name}", fh
        return
    with path.open("rb") as raw, open_member(raw, path.name) as fh:
        yield str(path), fh


class DumpReader:
    """Base of the readers: ``entries(path)`` streams a path; ``suggested_covers()`` is what the
    entries read so far suggest the index covers (data for ``index build --covers``)."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        raise NotImplementedError

    def suggested_covers(self) -> list[str]:
        return []

    def load_state(self, state: dict[str, Any]) -> None:
        """What an earlier build from this dump recorded (incremental update); none by default."""

    def state(self) -> dict[str, Any]:
        """What to record for the next incremental build."""
        return {}


def iter_json_objects(fh: IO[str], name: str) -> Iterator[tuple[str, Any, str | None]]:
    """(location, value, error) for each object of a JSON Lines stream, a JSON array or a
    ``{"items": [...]}`` document (the Crossref public data file's shape; one such file is a few
    thousand works, so it is parsed whole, one file at a time)."""
    import json

    first = fh.readline()
    lineno = 1
    while first and not first.strip():
        first, lineno = fh.readline(), lineno + 1
    if not first:
        return
    head = first.lstrip()
    if head.startswith("{"):
        try:
            value = json.loads(first)
        except json.JSONDecodeError:
            value = None
        if value is not None and not (isinstance(value, dict) and "items" in value):
            yield f"{name}:{lineno}", value, None
            for n, line in enumerate(fh, start=lineno + 1):
                if not line.strip():
                    continue
                try:
                    yield f"{name}:{n}", json.loads(line), None
                except json.JSONDecodeError as exc:
                    yield f"{name}:{n}", None, f"invalid JSON: {exc.msg} (column {exc.colno})"
            return
    try:
        doc = json.loads(first + fh.read())
    except json.JSONDecodeError as exc:
        yield f"{name}:{exc.lineno + lineno - 1}", None, f"invalid JSON: {exc.msg}"
        return
    items = doc.get("items") if isinstance(doc, dict) else doc
    if isinstance(doc, dict) and isinstance(doc.get("message"), dict):  # an API answer
        items = doc["message"].get("items", [doc["message"]])
    if not isinstance(items, list):
        yield f"{name}:{lineno}", None, "expected JSON lines, a JSON array or {\"items\": [...]}"
        return
    for i, value in enumerate(items, start=1):
        yield f"{name}:item {i}", value, None
