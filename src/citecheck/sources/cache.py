"""SQLite response cache for live sources, and a `CachedSource` wrapper.

Keys are (source, kind, normalised request) and never contain secrets (they are built from the
citation's fields, not from URLs). Found records live 30 days by default, "not found" answers
1 day, errors are never stored (a source that failed must be asked again next run).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import platformdirs

from citecheck.model import Citation, Record
from citecheck.normalize import canonical_journal, name_key, normalize_title
from citecheck.sources.base import Source, SourceError

DAY = 86400.0
SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    source TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL,
    value TEXT NOT NULL, found INTEGER NOT NULL, stored REAL NOT NULL, expires REAL NOT NULL,
    PRIMARY KEY (source, kind, key)
);
"""


def cache_dir() -> Path:
    env = os.environ.get("CITECHECK_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("citecheck"))


def default_cache_path() -> Path:
    return cache_dir() / "sources.sqlite"


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
        return True, json.loads(row[0])

    def put(self, source: str, kind: str, key: str, value: Any) -> None:
        found = value not in (None, [])
        now = time.time()
        with contextlib.suppress(sqlite3.Error):
            self.db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?,?,?,?,?,?,?)",
                (source, kind, key, json.dumps(value, ensure_ascii=False), int(found), now,
                 now + (self.ttl_found if found else self.ttl_notfound)),
            )

    def info(self) -> dict[str, Any]:
        if not self.path.exists():
            return {"path": str(self.path), "entries": 0, "found": 0, "not_found": 0,
                    "expired": 0, "bytes": 0, "by_source": {}}
        now = time.time()
        db = self.db
        total, found, expired = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(found),0), COALESCE(SUM(expires < ?),0) FROM responses",
            (now,),
        ).fetchone()
        by_source = dict(db.execute("SELECT source, COUNT(*) FROM responses GROUP BY source"))
        return {"path": str(self.path), "entries": total, "found": found,
                "not_found": total - found, "expired": expired,
                "bytes": self.path.stat().st_size, "by_source": by_source}

    def clear(self, source: str | None = None) -> int:
        if not self.path.exists():
            return 0
        cur = (self.db.execute("DELETE FROM responses WHERE source=?", (source,)) if source
               else self.db.execute("DELETE FROM responses"))
        self.db.execute("VACUUM")
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


def _dump(record: Record | None) -> Any:
    return None if record is None else record.to_csl()


def _load(value: Any) -> Record | None:
    return None if value is None else Record.from_csl(value)


def search_key(citation: Citation, limit: int) -> str:
    f = citation.fields
    authors = ",".join(name_key(n.family or n.literal) for n in f.author[:3])
    return "|".join([normalize_title(f.title), authors, str(f.year or ""),
                     canonical_journal(f.container_title), str(limit)])


class CachedSource(Source):
    """Any `Source`, with answers remembered in a `ResponseCache`. Errors pass through uncached."""

    def __init__(self, source: Source, cache: ResponseCache) -> None:
        self.inner = source
        self.cache = cache
        self.name = source.name
        self.supports = source.supports
        self.hits = 0
        self.misses = 0

    def covers(self, citation: Citation) -> bool:
        return self.inner.covers(citation)

    def _get(self, kind: str, key: str) -> tuple[bool, Any]:
        hit, value = self.cache.get(self.name, kind, key)
        if hit:
            self.hits += 1
        else:
            self.misses += 1
        return hit, value

    async def lookup_doi(self, doi: str) -> Record | None:
        return (await self.lookup_doi_many([doi]))[doi]

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return (await self.lookup_arxiv_many([arxiv_id]))[arxiv_id]

    async def _many(self, kind: str, ids: Iterable[str]) -> dict[str, Record | None]:
        out: dict[str, Record | None] = {}
        missing = []
        for ident in dict.fromkeys(ids):
            hit, value = self._get(kind, ident.lower())
            if hit:
                out[ident] = _load(value)
            else:
                missing.append(ident)
        if missing:
            if kind == "doi":
                fetched = await self.inner.lookup_doi_many(missing)
            else:
                fetched = await self.inner.lookup_arxiv_many(missing)
            for ident in missing:
                record = fetched.get(ident)
                self.cache.put(self.name, kind, ident.lower(), _dump(record))
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
        hit, value = self._get("journal", key)
        if hit:
            return [Record.from_csl(v) for v in value]
        records = await self.inner.lookup_journal(journal, volume, page, year)
        self.cache.put(self.name, "journal", key, [r.to_csl() for r in records])
        return records

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        key = search_key(citation, limit)
        hit, value = self._get("search", key)
        if hit:
            return [Record.from_csl(v) for v in value]
        records = await self.inner.search(citation, limit)
        self.cache.put(self.name, "search", key, [r.to_csl() for r in records])
        return records

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        key = f"{limit}|{' '.join(text.lower().split())}"
        hit, value = self._get("text", key)
        if hit:
            return [Record.from_csl(v) for v in value]
        records = await self.inner.search_text(text, limit)
        self.cache.put(self.name, "text", key, [r.to_csl() for r in records])
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
]
