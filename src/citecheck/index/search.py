"""Reading a local index: identifier lookups and FTS5 candidate search.

`LocalIndex` opens the SQLite file read-only, one connection per thread (SQLite connections
must not be shared across threads, and opening one is cheap), so it can be used from a thread
pool as well as from the asyncio loop. Identifier lookups are single primary-key probes; title
search builds an FTS5 query from the rarest words of the normalised title, OR-ed so that a title
with a changed or dropped word is still found, then re-ranks the bm25 hits by title similarity,
author overlap and year.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from citecheck.errors import CitecheckError, RunFatalError
from citecheck.function_words import STOP_WORDS
from citecheck.index.journal_ref import parse_journal_ref
from citecheck.index.rawsearch import (
    RAW_FTS_FETCH,
    RAW_RECORDS,
    rarest_terms,
    raw_probes,
    raw_score,
)
from citecheck.index.schema import (
    SCHEMA_VERSION,
    page_key,
    query_name_tokens,
    title_key,
    volume_key,
)
from citecheck.model import Record
from citecheck.normalize import arxiv_from_doi, canonical_journal, journal_key, normalize_arxiv
from citecheck.normalize import normalize_doi as _normalize_doi
from citecheck.venues import journal_matches, same_volume, year_volume_forms

MIN_TERMS = 3  # title words OR-ed into a search at least (the rarest ones) ...
MAX_TERMS = 8  # ... and at most,
ROW_BUDGET = 600  # while the words' titles add up to no more than this many
PAIR_TERMS = 6  # beyond the budget: any two of the rarest this many words ...
PAIR_BUDGET = 5 * ROW_BUDGET  # ... or any three, when pairs would match more rows than this
FALLBACK_POSTINGS = 20_000  # posting entries the any-two/any-three fallback may read
AND_ROWS = 50  # rare words AND-ed until about this many titles are expected to hold them all
AND_BOUND = 5_000  # beyond this many possible AND matches, the cited authors narrow it first
UNRANKED_ROWS = 2_000  # matches of such an AND taken unranked at most (else ranked by bm25)
AUTHOR_POSTINGS = 20_000  # an author name on more works than this is too common to search by
FTS_MEMO = 4_096  # ranked FTS queries remembered per open index (30 short rows each)
DF_MEMO = 100_000  # title and name words' posting counts remembered per open index (each)


class IndexOpenError(CitecheckError, ValueError):
    """The file is missing, not SQLite, or not a citecheck index (a ValueError, so callers that
    turn bad input into exit 2 with a message treat it as one)."""


class IndexDamagedError(IndexOpenError, RunFatalError):
    """A damaged page or stored record found while a run searched the index (the start-up check
    `index.health.check_index` reads a few rows only). It ends the run: the works on that page
    would otherwise come back silently UNVERIFIED."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path, self.problem = Path(path), problem
        super().__init__(f"{path}: {problem}; rebuild it with `citecheck index build` "
                         "(into a new file: a damaged one cannot be updated)")

    def __reduce__(self) -> tuple[type[IndexDamagedError], tuple[Path, str]]:
        return type(self), (self.path, self.problem)  # crosses a process pool (check -j N) whole


class LocalIndex:
    """A read-only view of an index built by `citecheck.index.build.build_index`."""

    def __init__(self, db_path: str | Path) -> None:
        self.path = Path(db_path)
        if not self.path.is_file():
            raise IndexOpenError(f"{self.path}: no such index file")
        self._local = threading.local()
        self._fts_memo = lru_cache(maxsize=FTS_MEMO)(self._fts_query)
        self._author_df: dict[str, int] = {}  # name word → works it is on (read-only index: kept)
        self._title_df: dict[str, int] = {}  # title word → titles that hold it (-1: none)
        try:
            meta = dict(self._conn().execute("SELECT key, value FROM meta").fetchall())
            row = (meta["schema_version"],) if "schema_version" in meta else None
            # the builder stores the count: COUNT(*) would scan millions of rows on every open
            self._count = int(meta["records"]) if "records" in meta else self._conn().execute(
                "SELECT COUNT(*) FROM records"
            ).fetchone()[0]
            has_author_df = self._conn().execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'author_df'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise IndexOpenError(f"{self.path}: not a citecheck index ({exc})") from exc
        if not row or row[0] != str(SCHEMA_VERSION):
            raise IndexOpenError(
                f"{self.path}: index schema version {row[0] if row else '?'}, expected "
                f"{SCHEMA_VERSION}; rebuild it with `citecheck index build`"
            )
        # (an index built before the author_df table counts its name words through fts_vocab)
        self._author_df_sql = (
            "SELECT term, df FROM author_df WHERE term IN ({marks})" if has_author_df else
            "SELECT term, doc FROM fts_vocab WHERE col = 'author_keys' AND term IN ({marks})")
        if "build_state" in meta:  # set while a new index is bulk-loaded (index.build)
            raise IndexOpenError(f"{self.path}: its build has not finished (still running, or "
                                 "killed: rebuild it with `citecheck index build`)")

    # -- connections ---------------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            conn.execute("PRAGMA query_only = ON")
            conn.execute("PRAGMA cache_size = -32768")
            self._local.conn = conn
        return conn

    def close(self) -> None:
        """Close this thread's connection (others close when their thread ends)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def __len__(self) -> int:
        return int(self._count)

    def __repr__(self) -> str:
        return f"LocalIndex({str(self.path)!r}, records={self._count})"

    # -- records -------------------------------------------------------------------------------
    @staticmethod
    def _record(csl: str) -> Record:
        return Record.model_validate_json(csl)

    def _records(self, rids: Sequence[int]) -> list[Record]:
        if not rids:
            return []
        marks = ",".join("?" * len(rids))
        rows = self._conn().execute(
            f"SELECT rid, csl FROM records WHERE rid IN ({marks})", list(rids)
        ).fetchall()
        by_rid = {rid: csl for rid, csl in rows}
        return [self._record(by_rid[r]) for r in rids if r in by_rid]

    def get(self, record_id: str) -> Record | None:
        """The record with this CSL id ("doi:…", "arxiv:…", …)."""
        row = self._conn().execute("SELECT csl FROM records WHERE id = ?", (record_id,)).fetchone()
        return self._record(row[0]) if row else None

    # -- identifier lookups --------------------------------------------------------------------
    def by_doi(self, doi: str) -> Record | None:
        """The work with this DOI (any spelling: URL, ``doi:`` prefix, case); arXiv DOIs too."""
        norm = _normalize_doi(doi)
        if not norm:
            return None
        arxiv = arxiv_from_doi(norm)
        if arxiv:
            return self.by_arxiv(arxiv)
        row = self._conn().execute(
            "SELECT r.csl FROM doi d JOIN records r ON r.rid = d.rid WHERE d.doi = ?", (norm,)
        ).fetchone()
        return self._record(row[0]) if row else None

    def by_arxiv(self, arxiv_id: str) -> Record | None:
        """The work with this arXiv id (with or without version, ``arXiv:`` prefix, URL)."""
        norm = normalize_arxiv(arxiv_id)
        if not norm:
            return None
        row = self._conn().execute(
            "SELECT r.csl FROM arxiv a JOIN records r ON r.rid = a.rid WHERE a.arxiv = ?",
            (norm.lower(),),
        ).fetchone()
        return self._record(row[0]) if row else None

    def by_journal(self, journal: str, volume: str, page: str, year: int | None = None) -> list[Record]:
        """Works in this journal (any abbreviation), volume and first page ("L54" ~ "54").

        The canonical journal key finds names the abbreviation table knows; other spellings are
        matched word by word ("J. Low Temp. Phys." ~ "Journal of Low Temperature Physics")
        against the works on that volume and page. A year-numbered journal's volume is asked in
        each of its conventions (`venues.year_volume_forms`: "JHEP 05 (2007)" is volume 2007).
        """
        keys = {canonical_journal(journal), journal_key(journal)} - {""}
        vols = [v for v in dict.fromkeys(volume_key(f) for f in year_volume_forms(journal, volume, year)) if v]
        pg = page_key(page)
        if not keys or not vols or not pg:
            return []
        conn = self._conn()
        marks, vmarks = ",".join("?" * len(keys)), ",".join("?" * len(vols))
        rows = conn.execute(
            f"SELECT DISTINCT rid FROM journal WHERE jkey IN ({marks}) AND volume IN ({vmarks}) AND page = ?",
            [*keys, *vols, pg],
        ).fetchall()
        if rows:
            found = self._records([r[0] for r in rows])
            if len(vols) == 1:
                return found
            # "JHEP 06 (2007)" asked as volume 2007 too: not the May issue's article 086
            return [r for r in found if volume_key(r.volume) == vols[0]
                    or same_volume(journal, (volume, year), (r.volume, r.year, r.issue))]
        rids = [
            r[0]
            for r in conn.execute(
                f"SELECT DISTINCT rid FROM journal WHERE volume IN ({vmarks}) AND page = ? LIMIT 200",
                (*vols, pg),
            )
        ]
        return [rec for rec in self._records(rids) if _names_match(journal, rec)]

    # -- search --------------------------------------------------------------------------------
    def _title_terms(self, key: str) -> list[tuple[str, int]]:
        """The title's searchable words with their document frequency, rarest first.

        Words no indexed title contains are dropped: they cannot match anything.
        """
        # stopwords and single letters only ("On the"): nothing worth a full-text search
        words = list(dict.fromkeys(w for w in key.split() if w not in STOP_WORDS and len(w) > 1))
        if not words:
            return []
        df = self._posting_counts(self._title_df, "SELECT term, df FROM title_df WHERE term IN ({marks})", words, -1)
        return sorted(((w, df[w]) for w in words if df[w] >= 0), key=lambda t: (t[1], t[0]))

    @staticmethod
    def _fts_or(column: str, terms: Sequence[str]) -> str:
        # Every term is quoted: FTS5 operators, column names and punctuation become literals.
        quoted = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        return f"{column} : ({quoted})"

    @staticmethod
    def _fts_and(column: str, terms: Sequence[str]) -> str:
        quoted = " AND ".join('"' + t.replace('"', '""') + '"' for t in terms)
        return f"{column} : ({quoted})"

    def _author_terms(self, authors: Sequence[str]) -> list[str]:
        terms: list[str] = []
        for name in authors:
            if isinstance(name, str):
                terms.extend(query_name_tokens(name))
        return list(dict.fromkeys(t for t in terms if t))

    def _searchable_authors(self, terms: Sequence[str]) -> list[str]:
        """The cited name words an author query may use: those on at most ``AUTHOR_POSTINGS``
        works. A common family name's posting list grows with the index (at 10M synthetic
        records one such query took 4 s); rarer co-authors still narrow the search."""
        if not terms:
            return []
        df = self._posting_counts(self._author_df, self._author_df_sql, terms, 0)
        return [t for t in terms if df[t] <= AUTHOR_POSTINGS]

    def _posting_counts(self, memo: dict[str, int], sql: str, words: Sequence[str], missing: int
                        ) -> dict[str, int]:
        """How many titles or author lists hold each word (``missing`` for one the index lacks), each word
        asked once per open index — a batch cites the same people and title words often — and kept up
        to ``DF_MEMO`` words. ``sql`` selects (word, count) for the words in ``{marks}``."""
        df = {w: n for w in words if (n := memo.get(w)) is not None}  # (.get: another thread may clear it)
        unknown = [w for w in dict.fromkeys(words) if w not in df]
        if unknown:
            marks = ",".join("?" * len(unknown))
            found = dict(self._conn().execute(sql.format(marks=marks), unknown).fetchall())
            df.update((w, found.get(w, missing)) for w in unknown)
            if len(memo) > DF_MEMO:
                memo.clear()
            memo.update((w, df[w]) for w in unknown)
        return df

    def search(
        self,
        title: str | None,
        authors: Sequence[str] = (),
        year: int | None = None,
        limit: int = 20,
    ) -> list[Record]:
        """Candidate records for a cited title (and/or author family names and year).

        Returns up to ``limit`` records, best first; an empty list when nothing shares a
        searchable word with the query. Never raises on odd input (quotes, FTS5 syntax, any
        Unicode): only the normalised words are sent to FTS5, each quoted.
        """
        return [rec for rec, _ in self.search_scored(title, authors, year, limit)]

    def search_scored(
        self,
        title: str | None,
        authors: Sequence[str] = (),
        year: int | None = None,
        limit: int = 20,
    ) -> list[tuple[Record, float]]:
        """Like `search`, with each record's retrieval score in 0..1."""
        if limit <= 0:
            return []
        key = title_key(title)
        author_terms = self._author_terms(authors)
        searchable = self._searchable_authors(author_terms)
        if key:
            rows = self._search_title(key, limit, searchable)
            if searchable and not any(fuzz.ratio(key, r[1]) >= 60 for r in rows):
                # no title comes close (reworded or fabricated): the authors' works near the
                # year are the better candidates
                seen = {r[0] for r in rows}
                rows += [
                    r for r in self._search_authors(searchable, year, limit) if r[0] not in seen
                ]
        elif searchable:
            rows = self._search_authors(searchable, year, limit)
        else:
            return []
        scored: list[tuple[float, int]] = []
        # bm25 is negative, lower is better; exact-title rows carry None and count as the best
        best = max((-r[4] for r in rows if r[4] is not None), default=0.0) or 1.0
        for rid, row_key, row_authors, row_year, bm25 in rows:
            relevance = 1.0 if bm25 is None else max(-bm25, 0.0) / best
            score = 0.45 * relevance
            if key:
                score += 0.55 * fuzz.ratio(key, row_key) / 100.0
            else:
                score += 0.55
            if author_terms:
                have = set(row_authors.split())
                score += 0.2 * sum(t in have for t in author_terms) / len(author_terms)
            if year is not None and row_year is not None:
                score += 0.05 if abs(int(row_year) - int(year)) <= 1 else 0.0
            scored.append((score / (1.25 if author_terms else 1.05), rid))
        scored.sort(key=lambda s: -s[0])
        top = scored[:limit]
        records = self._records([rid for _, rid in top])
        return list(zip(records, [round(min(s, 1.0), 4) for s, _ in top], strict=False))

    def search_raw(self, text: str, limit: int = 10) -> list[tuple[Record, float]]:
        """Records a whole reference string may cite, scored by how much of each it holds
        (for references whose parse is doubtful or found nothing): the probes of `rawsearch.raw_probes`,
        scored by `rawsearch.raw_score`."""
        probes = raw_probes(text)
        conn = self._conn()
        rids: list[int] = []
        for key in probes.title_keys:
            rids += [r[0] for r in conn.execute("SELECT rid FROM records WHERE title_key = ? LIMIT 5", (key,))]
        for vol, page in probes.volume_pages:
            rids += [r[0] for r in conn.execute(
                "SELECT DISTINCT rid FROM journal WHERE volume = ? AND page = ? LIMIT 50", (vol, page))]
        terms = rarest_terms(self._title_terms(probes.words))
        if terms:
            rids += [r[0] for r in self._fts_rows(self._fts_or("title_key", terms), RAW_FTS_FETCH)]
        records = self._records(list(dict.fromkeys(rids))[:RAW_RECORDS])
        return sorted(((rec, raw_score(text, rec)) for rec in records), key=lambda x: -x[1])[:limit]

    def _search_title(
        self, key: str, limit: int, author_terms: Sequence[str] = ()
    ) -> list[tuple[Any, ...]]:
        """Exact normalised title and all rare words (AND); rare words OR-ed if neither is close.

        bm25 costs a few microseconds per matching row, so the OR query uses the rarest words
        only, up to a budget of matching rows: a title with one word changed or dropped still
        shares its other rare words with the record.
        """
        conn = self._conn()
        fetch = max(limit * 3, 30)
        rows: dict[int, tuple[Any, ...]] = {}
        for row in conn.execute(
            "SELECT rid, title_key, author_keys, year, NULL FROM records WHERE title_key = ? "
            "LIMIT ?",
            (key, fetch),
        ):
            rows[row[0]] = row
        terms = self._title_terms(key)
        if not terms:
            return list(rows.values())
        if len(terms) >= 2:  # all rare words present: cheap (an intersection), usually enough
            self._search_all_words(key, terms, author_terms, fetch, rows)
        if any(fuzz.ratio(key, row[1]) >= 90 for row in rows.values()):
            return list(rows.values())
        if len(terms) >= MIN_TERMS and any(
            fuzz.token_set_ratio(key, row[1]) >= 95 for row in rows.values()
        ):
            # a title holding every searchable word of the cited one (a word dropped or added):
            # the OR / pair queries below would only add weaker rows, at a cost that grows with
            # the index (their common words' posting lists)
            return list(rows.values())
        chosen: list[str] = []
        total = 0
        for term, df in terms:
            if len(chosen) >= MIN_TERMS and (total + df > ROW_BUDGET or len(chosen) >= MAX_TERMS):
                break
            chosen.append(term)
            total += df
        if len(chosen) < 3 and total > PAIR_BUDGET:
            return list(rows.values())  # two common words: their AND above is all there is
        if total <= ROW_BUDGET or len(chosen) < 3:
            query = self._fts_or("title_key", chosen)
        else:
            # common words only: "any two of them" keeps the rows to score few, and still
            # tolerates a changed word; in a large index even pairs of common words match
            # rows in proportion to its size, so past the budget "any three of them"
            # only words whose posting lists add up to a fixed budget: the query's cost must
            # not grow with the index (titles of common words only are left to the AND query
            # above and to the cited authors' works)
            top, postings = [], 0
            for term, df in terms[:PAIR_TERMS]:
                if postings + df > FALLBACK_POSTINGS:
                    break
                top.append((term, df))
                postings += df
            if len(top) < 3:
                return list(rows.values())
            n = max(len(self), 1)
            pairs = sum(a[1] * b[1] / n for a, b in combinations(top, 2))
            k = 2 if pairs <= PAIR_BUDGET or len(top) < 4 else 3
            query = " OR ".join(
                self._fts_and("title_key", [t for t, _ in group])
                for group in combinations(top, k)
            )
        for row in self._fts_rows(query, fetch):
            rows.setdefault(row[0], row)
        return list(rows.values())

    def _search_all_words(
        self, key: str, terms: Sequence[tuple[str, int]], author_terms: Sequence[str],
        fetch: int, rows: dict[int, tuple[Any, ...]],
    ) -> None:
        """The AND query. A title of common words only may match thousands of rows in a large
        index, and bm25 ranking is most of its cost (10M records: 30–70 ms ranked, 3–20 ms not).
        When the AND's upper bound (its rarest word's titles) passes ``AND_BOUND``, its matches
        are taken unranked and ordered by title similarity (``_unranked_rows``), and the cited
        authors narrow it first: the plain AND runs only if that finds nothing (the authors may
        be miscited). Below the bound (every query of a 69k-record index) nothing changes."""
        if self._and_bound(terms) <= AND_BOUND:
            for row in self._fts_rows(self._and_query(terms, author_terms), fetch):
                rows.setdefault(row[0], row)
            return
        if author_terms:
            narrowed = self._unranked_rows(
                self._and_query(terms, author_terms, force_authors=True), key, fetch)
            for row in narrowed:
                rows.setdefault(row[0], row)
            if narrowed:  # every searchable word and a cited author: the work, or its kin
                return
        for row in self._unranked_rows(self._and_query(terms, author_terms), key, fetch):
            rows.setdefault(row[0], row)

    def _unranked_rows(self, query: str, key: str, fetch: int) -> list[tuple[Any, ...]]:
        """Up to ``UNRANKED_ROWS`` matches without bm25, the ``fetch`` closest to the cited title
        kept (their relevance counts as full, like an exact title's); past that many matches the
        first ones in storage order are no sample, so the ranked query runs instead."""
        found = self._conn().execute(
            "SELECT r.rid, r.title_key, r.author_keys, r.year, NULL FROM records r WHERE r.rid IN "
            "(SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?)",
            (query, UNRANKED_ROWS),
        ).fetchall()
        if len(found) >= UNRANKED_ROWS:
            return self._fts_rows(query, fetch)
        found.sort(key=lambda row: -fuzz.ratio(key, row[1]))
        return found[:fetch]

    @staticmethod
    def _and_bound(terms: Sequence[tuple[str, int]]) -> int:
        """At most this many titles hold all the AND query's words (its rarest word's count)."""
        return min(df for _, df in terms[:6])

    def _and_query(
        self, terms: Sequence[tuple[str, int]], author_terms: Sequence[str],
        force_authors: bool = False,
    ) -> str:
        """All of the rarest title words, as few as make the match selective.

        Each common word added reads a posting list that grows with the index and narrows
        little, so words are taken rarest first until about ``AND_ROWS`` titles are expected to
        hold them all (at least two, at most six). When even six leave many (short titles of
        common words), the cited authors narrow it: their posting lists are short.
        """
        n = max(len(self), 1)
        chosen: list[str] = []
        expected = float(n)
        for term, df in terms[:6]:
            if len(chosen) >= 2 and expected <= AND_ROWS:
                break
            chosen.append(term)
            expected *= df / n
        query = self._fts_and("title_key", chosen)
        if (expected > PAIR_BUDGET or force_authors) and author_terms:
            query += " AND " + self._fts_or("author_keys", list(author_terms)[:8])
        return query

    def _fts_rows(self, query: str, fetch: int, weights: str = "1.0, 0.0") -> list[tuple[Any, ...]]:
        """The ``fetch`` best matches by bm25, ties in rowid order.

        Remembered (the index is read-only): a work cited twice, or read two ways, asks the same
        query again, and a ranked OR query costs a millisecond or more."""
        return list(self._fts_memo(query, fetch, weights))

    def _fts_query(self, query: str, fetch: int, weights: str) -> tuple[tuple[Any, ...], ...]:
        # bm25() in a plain ORDER BY … LIMIT keeps only the best ``fetch`` rows as it goes; the
        # ``rank MATCH`` form sorted every match through a second FTS5 cursor (a third slower).
        # The rows come back in the same order: bm25, then rowid.
        conn = self._conn()
        hits = conn.execute(
            f"SELECT rowid, bm25(fts, {weights}) AS s FROM fts WHERE fts MATCH ? ORDER BY s, rowid LIMIT ?",
            (query, fetch),
        ).fetchall()
        if not hits:
            return ()
        marks = ",".join("?" * len(hits))
        found = {row[0]: row for row in conn.execute(
            f"SELECT rid, title_key, author_keys, year FROM records WHERE rid IN ({marks})", [h[0] for h in hits])}
        return tuple((*found[rid], score) for rid, score in hits if rid in found)

    def _search_authors(
        self, terms: list[str], year: int | None, limit: int
    ) -> list[tuple[Any, ...]]:
        """Title-less citations: works by all the cited authors near the year, then relaxed
        (any year, then any of the authors near the year).

        The year is a filter on the joined rows rather than an FTS5 term: author posting
        lists are short, a year's is long.
        """
        conn = self._conn()
        sql = (
            "SELECT r.rid, r.title_key, r.author_keys, r.year, bm25(fts, 0.0, 1.0) AS s "
            "FROM fts JOIN records r ON r.rid = fts.rowid WHERE fts MATCH ? {year} "
            "ORDER BY s LIMIT ?"
        )
        authors_all = self._fts_and("author_keys", terms[:8])
        attempts: list[tuple[str, bool]] = [(authors_all, True)]
        if year is not None:
            attempts.append((authors_all, False))
            if len(terms) > 1:
                attempts.append((self._fts_or("author_keys", terms[:8]), True))
        for query, with_year in attempts:
            if with_year and year is not None:
                rows = conn.execute(
                    sql.format(year="AND r.year BETWEEN ? AND ?"),
                    (query, year - 1, year + 1, limit),
                ).fetchall()
            else:
                rows = conn.execute(sql.format(year=""), (query, limit)).fetchall()
            if rows:
                return rows
        return []

    # -- description ---------------------------------------------------------------------------
    @property
    def scopes(self) -> list[str]:
        """The coverage scopes declared at build time (``index build --covers``); [] for none."""
        row = self._conn().execute("SELECT value FROM meta WHERE key = 'covers'").fetchone()
        try:
            value = json.loads(row[0]) if row else []
        except ValueError:
            return []
        return [str(v) for v in value] if isinstance(value, list) else []

    def info(self) -> dict[str, Any]:
        """What the index holds: counts per source and type, the files it was built from."""
        conn = self._conn()
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        by_source = dict(
            conn.execute(
                "SELECT COALESCE(source, '(none)'), COUNT(*) FROM records GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        by_type = dict(
            conn.execute(
                "SELECT COALESCE(type, '(none)'), COUNT(*) FROM records GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        counts = {
            table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for table in ("doi", "arxiv", "journal")
        }
        return {
            "path": str(self.path),
            "schema_version": int(meta.get("schema_version", 0)),
            "records": conn.execute("SELECT COUNT(*) FROM records").fetchone()[0],
            "identifiers": counts,
            "by_source": by_source,
            "by_type": by_type,
            "built_from": json.loads(meta.get("built_from", "[]")),
            "covers": self.scopes,
            "updated_at": meta.get("updated_at"),
            "size_bytes": self.path.stat().st_size,
        }


def _names_match(cited: str, record: Record) -> bool:
    names = [record.container_title, record.container_title_short]
    ref = parse_journal_ref(record.custom.get("journal_ref")) if record.custom else None
    if ref:
        names.append(ref["journal"])
    return any(
        journal_matches(cited, name) or journal_matches(name, cited) for name in names if name
    )
