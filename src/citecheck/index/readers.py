"""Streaming readers for the files an index is built from.

Every reader yields `Item`s one at a time (bounded memory for multi-GB snapshots): a CSL-JSON
dict, or an error naming the file and line, so one bad line never stops the rest of the file.
Formats: CSL-JSON lines (.jsonl/.ndjson, optionally .gz), a CSL-JSON array or Zotero-style
``{"items": [...]}`` (.json), the arXiv metadata snapshot (JSON lines, usually named .json; each
line is recognised by its keys), and BibTeX (.bib).
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from citecheck.index.arxiv_snapshot import csl_from_arxiv_snapshot, is_arxiv_snapshot_item
from citecheck.index.bibtex_reader import iter_bibtex


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of an input file: a CSL item, or why it could not be read."""

    location: str  # "file:line"
    csl: dict[str, Any] | None = None
    error: str | None = None


def _open_text(path: Path) -> IO[str]:
    if path.name.lower().endswith(".gz"):
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", errors="replace")
    return path.open("r", encoding="utf-8", errors="replace")


def _base_suffix(path: Path) -> str:
    name = path.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return Path(name).suffix


def from_json_value(value: Any, location: str) -> Item:
    if not isinstance(value, dict):
        return Item(location, error=f"expected a JSON object, got {type(value).__name__}")
    if is_arxiv_snapshot_item(value):
        try:
            return Item(location, csl=csl_from_arxiv_snapshot(value))
        except (ValueError, TypeError) as exc:
            return Item(location, error=f"arXiv snapshot line: {exc}")
    return Item(location, csl=value)


def _iter_json_lines(fh: IO[str], name: str, first_line: int = 1) -> Iterator[Item]:
    for lineno, line in enumerate(fh, start=first_line):
        text = line.strip()
        if not text:
            continue
        location = f"{name}:{lineno}"
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            yield Item(location, error=f"invalid JSON: {exc.msg} (column {exc.colno})")
            continue
        yield from_json_value(value, location)


def _iter_json_document(fh: IO[str], name: str) -> Iterator[Item]:
    """A .json file: an array of CSL items, ``{"items": [...]}``, one object, or JSON lines."""
    first = fh.readline()
    lineno = 1
    while first and not first.strip():
        first = fh.readline()
        lineno += 1
    if not first:
        return
    if first.lstrip().startswith("{"):
        try:
            value = json.loads(first)
        except json.JSONDecodeError:
            value = None
        if isinstance(value, dict) and isinstance(value.get("items"), list):
            for i, entry in enumerate(value["items"]):
                yield from_json_value(entry, f"{name}:item {i + 1}")
            return
        if isinstance(value, dict):  # one object a line (the arXiv snapshot is named .json)
            yield from_json_value(value, f"{name}:{lineno}")
            yield from _iter_json_lines(fh, name, first_line=lineno + 1)
            return
    text = first + fh.read()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        line = exc.lineno + lineno - 1
        yield Item(f"{name}:{line}", error=f"invalid JSON: {exc.msg} (column {exc.colno})")
        return
    if isinstance(value, dict) and isinstance(value.get("items"), list):
        value = value["items"]
    if isinstance(value, list):
        for i, entry in enumerate(value):
            yield from_json_value(entry, f"{name}:item {i + 1}")
    else:
        yield from_json_value(value, f"{name}:{lineno}")


def is_json_lines(path: str | Path) -> bool:
    """Whether `iter_items` reads ``path`` as JSON Lines (so it can be cut into line chunks)."""
    return _base_suffix(Path(path)) not in {".bib", ".bibtex", ".json"}


def _universal(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def _raw_lines(read: Callable[[int], bytes], block: int = 1 << 16) -> Iterator[list[bytes]]:
    """The lines of a byte stream, a block's worth at a time, split as text mode splits them
    (at ``\\n``, ``\\r\\n`` and a lone ``\\r``), without their line ends."""
    rest = b""
    while data := read(block):
        data = rest + data
        held = b""
        if data.endswith(b"\r"):  # maybe the first half of a "\r\n" split by the block
            data, held = data[:-1], b"\r"
        lines = _universal(data).split(b"\n")
        rest = lines.pop() + held
        if lines:
            yield lines
    if rest:
        lines = _universal(rest).split(b"\n")
        if not lines[-1]:
            lines.pop()
        yield lines


def line_chunks(path: str | Path, size: int) -> Iterator[tuple[int, list[bytes]]]:
    """(number of the first line, raw lines) of a JSON Lines file, ``size`` lines at a time:
    the lines `iter_items` reads, undecoded, so that workers decode and parse them. Raises
    OSError when the file cannot be opened, and EOFError / OSError on a truncated gzip after
    yielding the lines before it."""
    path = Path(path)
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        lineno, chunk = 1, []
        try:
            for lines in _raw_lines(fh.read):
                chunk.extend(lines)
                while len(chunk) >= size:
                    yield lineno, chunk[:size]
                    lineno, chunk = lineno + size, chunk[size:]
        except (OSError, EOFError):  # a truncated gzip: the lines before it still count
            if chunk:
                yield lineno, chunk
            raise
        if chunk:
            yield lineno, chunk


def iter_items(path: str | Path) -> Iterator[Item]:
    """Every entry of one input file. Raises OSError only when the file cannot be opened."""
    path = Path(path)
    name = str(path)
    suffix = _base_suffix(path)
    with _open_text(path) as fh:
        if suffix in {".bib", ".bibtex"}:
            for line, csl, error in iter_bibtex(fh.read(), name):
                yield Item(f"{name}:{line}", csl=csl, error=error)
        elif suffix == ".json":
            yield from _iter_json_document(fh, name)
        else:  # .jsonl, .ndjson and anything else: JSON lines
            yield from _iter_json_lines(fh, name)
