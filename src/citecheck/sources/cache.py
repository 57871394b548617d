"""SQLite response cache for live sources, and a `CachedSource` wrapper.

Keys are (source, kind, base URL + normalised request) and never contain secrets (they are built
from the citation's fields and the service's configured base URL, never from request URLs): an
answer from a test server or a mirror is never taken for the real service's. Found records live 30 days by default, "not found" answers
1 day, errors are never stored (a source that failed must be asked again next run).

Each row is an envelope ``{"holds": H, "value": V}`` naming what it holds (`holds_for`): "record"
(one CSL record, or null for "not found": identifier lookups), "records" (a list of them:
searches, journal lookups) or "answer" (a model's answer object: `citecheck.llm.cached`). A row
read back must hold what its kind expects, in that shape (`_shape_ok`: a record names a work by
its id, title, DOI or URL); one that does not is a miss, counted as damaged and replaced by the
fresh answer. Rows written before envelopes (a bare value) are read under the same shape rule.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from citecheck.cachedir import cache_dir
from citecheck.model import Citation, Record
from citecheck.names import name_key
from citecheck.sources.base import Source, SourceError
from citecheck.titles import title_key
from citecheck.venues import canonical_journal

T = TypeVar("T")
DAY = 86400.0
SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    source TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL,
    value TEXT NOT NULL, found INTEGER NOT NULL, stored REAL NOT NULL, expires REAL NOT NULL,
    PRIMARY KEY (source, kind, key)
);
"""


def default_cache_path(configured_dir: str | None = None) -> Path:
    """The response cache's file: in the settings' ``cache_dir`` when one is set, else in `cache_dir()`."""
    return (Path(configured_dir) if configured_dir else cache_dir()) / "sources.sqlite"


class ResponseCache:
    """A small key → JSON store with expiry."""

    def __init__(
        self, path: str | Path | None = None, *, ttl_found_days: float = 30.0,
        ttl_notfound_days: float = 1.0,
    ) -> None:
        self.path = Path(path) if path else default_cache_path()
        self.ttl_found = ttl_found_days * DAY
        self.ttl_notfound = ttl_notfound_days * DAY
        self._db: sqlite3.Connection | None = None
        self.corrupt_rows = 0  # rows read this run that could not be decoded (treated as misses)

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            self._db = db
        return self._db

    def get(self, source: str, kind: str, key: str) -> tuple[bool, Any]:
        """(hit, value): value is the stored JSON (None for a cached "not found")."""
        try:
            row = self.db.execute(
                "SELECT value, expires FROM responses WHERE source=? AND kind=? AND key=?",
                (source, kind, key),
            ).fetchone()
        except sqlite3.Error:
            return False, None  # a broken cache never breaks a run
        if row is None or row[1] < time.time():
            return False, None
        ok, value = _unwrap(row[0], holds_for(source, kind))
        if not ok:
            self.corrupt_rows += 1  # a damaged row is a miss; the next answer replaces it
            return False, None
        return True, value

    def put(self, source: str, kind: str, key: str, value: Any) -> None:
        found = value not in (None, [])
        now = time.time()
        envelope = {"holds": holds_for(source, kind), "value": value}
        with contextlib.suppress(sqlite3.Error):
            self.db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?,?,?,?,?,?,?)",
                (source, kind, key, json.dumps(envelope, ensure_ascii=False), int(found), now,
                 now + (self.ttl_found if found else self.ttl_notfound)),
            )

    def info(self) -> dict[str, Any]:
        """Counts, and ``corrupt``: rows that cannot be decoded (None when all are fine), or the
        reason the file cannot be read at all (then the counts are zero)."""
        empty = {"path": str(self.path), "entries": 0, "found": 0, "not_found": 0, "expired": 0,
                 "bytes": 0, "by_source": {}, "corrupt": None}
        if not self.path.exists():
            return empty
        try:
            return {**empty, **self._counts(), "bytes": self.path.stat().st_size}
        except sqlite3.Error as exc:
            return {**empty, "bytes": self.path.stat().st_size,
                    "corrupt": f"unreadable cache file ({exc}); `citecheck cache clear` or delete it"}

    def _counts(self) -> dict[str, Any]:
        db = self.db
        total, found, expired = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(found),0), COALESCE(SUM(expires < ?),0) FROM responses",
            (time.time(),),
        ).fetchone()
        by_source = dict(db.execute("SELECT source, COUNT(*) FROM responses GROUP BY source"))
        bad = sum(not _readable(source, kind, value)
                  for source, kind, value in db.execute("SELECT source, kind, value FROM responses"))
        return {"entries": total, "found": found, "not_found": total - found, "expired": expired,
                "by_source": by_source,
                "corrupt": f"{bad} damaged rows (read as misses and replaced)" if bad else None}

    def clear(self, source: str | None = None) -> int:
        if not self.path.exists():
            return 0
        try:
            cur = (self.db.execute("DELETE FROM responses WHERE source=?", (source,)) if source
                   else self.db.execute("DELETE FROM responses"))
            self.db.execute("VACUUM")
        except sqlite3.DatabaseError:
            if source:
                raise
            self.close()  # an unreadable cache file: clearing it means starting afresh
            for leftover in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
                leftover.unlink(missing_ok=True)
            return 0
        return cur.rowcount

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def cache_info(path: str | Path | None = None) -> dict[str, Any]:
    """For ``citecheck cache info``."""
    cache = ResponseCache(path)
    try:
        return cache.info()
    finally:
        cache.close()


def cache_clear(path: str | Path | None = None, source: str | None = None) -> int:
    """For ``citecheck cache clear``: number of entries removed."""
    cache = ResponseCache(path)
    try:
        return cache.clear(source)
    finally:
        cache.close()


#: what a row of each kind holds; any other kind is a model's answer (`citecheck.llm.cached`)
_HOLDS = {"doi": "record", "arxiv": "record", "journal": "records", "search": "records",
          "text": "records"}
_NAMES_A_WORK = ("id", "title", "DOI", "URL")
_LOAD_ERRORS = (ValueError, TypeError, AttributeError, KeyError)  # pydantic's included


def holds_for(source: str, kind: str) -> str:
    """What a row of this source and kind holds: "record", "records" or "answer"."""
    return "answer" if source.startswith("llm:") else _HOLDS.get(kind, "answer")


def _is_record(value: Any) -> bool:
    return isinstance(value, dict) and any(
        isinstance(value.get(k), str) and value[k].strip() for k in _NAMES_A_WORK)


def _shape_ok(holds: str, value: Any) -> bool:
    """Whether ``value`` has the shape a row holding ``holds`` must have."""
    if holds == "record":
        return value is None or _is_record(value)
    if holds == "records":
        return isinstance(value, list) and all(_is_record(v) for v in value)
    return isinstance(value, dict)


def _unwrap(text: str, holds: str) -> tuple[bool, Any]:
    """(ok, value) of a stored row expected to hold ``holds``; ok is False for a row that does
    not decode, names another content, or has the wrong shape."""
    try:
        data = json.loads(text)
    except ValueError:
        return False, None
    if isinstance(data, dict) and data.keys() == {"holds", "value"}:
        if data["holds"] != holds:
            return False, None
        data = data["value"]
    return (True, data) if _shape_ok(holds, data) else (False, None)


def _readable(source: str, kind: str, text: str) -> bool:
    """For `cache info`: the row unwraps, and records in it load as `Record`s (model answers are
    checked against their schema when read: `citecheck.llm.cached`)."""
    holds = holds_for(source, kind)
    ok, value = _unwrap(text, holds)
    if not ok or holds == "answer":
        return ok
    try:
        (_load if holds == "record" else _load_list)(value)
    except _LOAD_ERRORS:
        return False
    return True


def _dump(record: Record | None) -> Any:
    return None if record is None else record.to_csl()


def _load(value: Any) -> Record | None:
    return None if value is None else Record.from_csl(value)


def _load_list(value: Any) -> list[Record]:
    if not isinstance(value, list):
        raise TypeError("a cached list is not a list")
    return [Record.from_csl(v) for v in value]


def search_key(citation: Citation, limit: int) -> str:
    f = citation.fields
    authors = ",".join(name_key(n.family or n.literal) for n in f.author[:3])
    # title_key, not the ASCII-only normalize_title: two Cyrillic titles must not share a key
    return "|".join([title_key(f.title or ""), authors, str(f.year or ""),
                     canonical_journal(f.container_title), str(limit)])


class CachedSource(Source):
    """Any `Source`, with answers remembered in a `ResponseCache`. Errors pass through uncached."""

    def __init__(self, source: Source, cache: ResponseCache) -> None:
        self.inner = source
        self.cache = cache
        self.name = source.name
        self.supports = source.supports
        self.scopes = tuple(getattr(source, "scopes", ()))
        self.last_resort = bool(getattr(source, "last_resort", False))
        self.hits = 0
        self.misses = 0
        base = getattr(source, "base", None) or getattr(source, "url", None) or ""
        self.prefix = f"{str(base).rstrip('/')}|" if base else ""

    def covers(self, citation: Citation) -> bool:
        return self.inner.covers(citation)

    def _get(self, kind: str, key: str, load: Callable[[Any], T]) -> tuple[bool, T | None]:
        """(hit, decoded value); a row that does not decode to records is a miss."""
        hit, value = self.cache.get(self.name, kind, self.prefix + key)
        loaded: T | None = None
        if hit:
            try:
                loaded = load(value)
            except _LOAD_ERRORS:
                self.cache.corrupt_rows += 1
                hit = False
        if hit:
            self.hits += 1
        else:
            self.misses += 1
        return hit, loaded

    async def lookup_doi(self, doi: str) -> Record | None:
        return (await self.lookup_doi_many([doi]))[doi]

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return (await self.lookup_arxiv_many([arxiv_id]))[arxiv_id]

    async def _many(self, kind: str, ids: Iterable[str]) -> dict[str, Record | None]:
        out: dict[str, Record | None] = {}
        missing = []
        for ident in dict.fromkeys(ids):
            hit, value = self._get(kind, ident.lower(), _load)
            if hit:
                out[ident] = value
            else:
                missing.append(ident)
        if missing:
            if kind == "doi":
                fetched = await self.inner.lookup_doi_many(missing)
            else:
                fetched = await self.inner.lookup_arxiv_many(missing)
            for ident in missing:
                record = fetched.get(ident)
                self.cache.put(self.name, kind, self.prefix + ident.lower(), _dump(record))
                out[ident] = record
        return out

    async def lookup_doi_many(self, dois: Iterable[str]) -> dict[str, Record | None]:
        return await self._many("doi", dois)

    async def lookup_arxiv_many(self, ids: Iterable[str]) -> dict[str, Record | None]:
        return await self._many("arxiv", ids)

    async def lookup_journal(
        self, journal: str, volume: str, page: str, year: int | None = None
    ) -> list[Record]:
        key = "|".join([canonical_journal(journal), volume.lower(), page.lower(), str(year or "")])
        hit, found = self._get("journal", key, _load_list)
        if hit and found is not None:
            return found
        records = await self.inner.lookup_journal(journal, volume, page, year)
        self.cache.put(self.name, "journal", self.prefix + key, [r.to_csl() for r in records])
        return records

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        key = search_key(citation, limit)
        hit, found = self._get("search", key, _load_list)
        if hit and found is not None:
            return found
        records = await self.inner.search(citation, limit)
        self.cache.put(self.name, "search", self.prefix + key, [r.to_csl() for r in records])
        return records

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        key = f"{limit}|{' '.join(text.lower().split())}"
        hit, found = self._get("text", key, _load_list)
        if hit and found is not None:
            return found
        records = await self.inner.search_text(text, limit)
        self.cache.put(self.name, "text", self.prefix + key, [r.to_csl() for r in records])
        return records

    async def aclose(self) -> None:
        await self.inner.aclose()


__all__ = [
    "CachedSource",
    "ResponseCache",
    "SourceError",
    "cache_clear",
    "cache_dir",
    "cache_info",
    "default_cache_path",
    "holds_for",
]
