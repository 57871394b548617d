"""The index's SQLite schema and the keys it stores, shared by the builder and the reader.

One row per work in ``records`` (its full CSL-JSON plus a few columns the lookups need), exact
identifier tables for DOI / arXiv id / (journal, volume, first page), and an FTS5 table over
normalised titles and author family-name keys. The FTS table is external-content (it reads
``records.title_key`` / ``records.author_keys``) so it is rebuilt in one pass after a bulk load.
"""

from __future__ import annotations

import re
import sqlite3

from citecheck.model import first_page_of
from citecheck.names import name_key
from citecheck.titles import index_title_key

SCHEMA_VERSION = 5  # 4: name keys of non-Latin names, the build_state table; 5: page keys by `first_page_of`

DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS records (
    rid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    source TEXT,
    type TEXT,
    year INTEGER,
    title_key TEXT NOT NULL DEFAULT '',
    author_keys TEXT NOT NULL DEFAULT '',
    csl TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_title_key ON records (title_key);
CREATE TABLE IF NOT EXISTS doi (doi TEXT PRIMARY KEY, rid INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS arxiv (arxiv TEXT PRIMARY KEY, rid INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS journal (
    jkey TEXT NOT NULL, volume TEXT NOT NULL, page TEXT NOT NULL, rid INTEGER NOT NULL,
    PRIMARY KEY (jkey, volume, page, rid)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS doi_rid ON doi (rid);
CREATE INDEX IF NOT EXISTS arxiv_rid ON arxiv (rid);
CREATE INDEX IF NOT EXISTS journal_rid ON journal (rid);
-- (volume, page) alone: the fallback for journal names the abbreviation table does not know
CREATE INDEX IF NOT EXISTS journal_vp ON journal (volume, page);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5 (
    title_key, author_keys, content='records', content_rowid='rid',
    tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab (fts, 'col');
-- document frequency of each title term: lets a search drop terms too common to discriminate
CREATE TABLE IF NOT EXISTS title_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
-- … and of each author-name term (fts_vocab counts a term's works by reading its whole posting list)
CREATE TABLE IF NOT EXISTS author_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
"""


def create_schema(conn: sqlite3.Connection) -> None:
    conn.executescript(DDL)
    conn.execute(
        "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
        (str(SCHEMA_VERSION),),
    )


_LEADING_LETTERS_RE = re.compile(r"^[a-z]+")
_SPACE_RE = re.compile(r"\s+")


def volume_key(volume: object) -> str:
    """Volume key: lower-case, no spaces, leading zeros dropped ("05" and "5" coincide)."""
    if volume is None or volume == "":
        return ""
    text = _SPACE_RE.sub("", str(volume)).lower()
    return text.lstrip("0") or text


def page_key(page: object) -> str:
    """First-page key tolerant of article-number styles: "L54" ~ "54", "024519" ~ "24519". The first
    page is the model's (`first_page_of`: "pp. 12–15", "243~251", "1, 46, 48 passim" → "12", "243", "1")."""
    first = first_page_of(str(page)) if page is not None else None
    if not first:
        return ""
    text = _SPACE_RE.sub("", first.lower())
    core = _LEADING_LETTERS_RE.sub("", text)
    core = core.lstrip("0") or core
    return core or text


# -- author keys (same function on both sides: what is indexed is what a query asks for) ------

_LITERAL_NOISE = frozenset(
    {"the", "collaboration", "collaborations", "consortium", "group", "team", "and", "for",
     "of", "project", "on", "in", "at", "et", "al"}
)
_INITIAL_RE = re.compile(r"^[A-Za-z]\.?$|^[A-Z]\.(?:-?[A-Z]\.)+$")
_LITERAL_HINT_RE = re.compile(r"collaborat|consortium|group|team|project|organi[sz]ation", re.I)


def literal_tokens(literal: str) -> list[str]:
    from citecheck.normalize import fold

    words = re.split(r"[^0-9a-z]+", fold(literal))
    return [w for w in words if w and w not in _LITERAL_NOISE]


def name_tokens(name: dict[str, object]) -> list[str]:
    """Index tokens of one CSL name: the family-name key, or the words of a literal name."""
    family = name.get("family")
    if isinstance(family, str) and family.strip():
        key = name_key(family)
        return [key] if key else []
    literal = name.get("literal")
    if isinstance(literal, str) and literal.strip():
        return literal_tokens(literal)
    return []


def query_name_tokens(text: str) -> list[str]:
    """Tokens for an author as a caller gives it: "Sommer", "Sommer, J.-U.", "J. Sommer",
    "van der Waals", "ATLAS Collaboration"."""
    from citecheck.normalize import name_key

    text = text.strip()
    if not text:
        return []
    if _LITERAL_HINT_RE.search(text):
        return literal_tokens(text)
    if "," in text:
        text = text.split(",", 1)[0]
    else:
        words = [w for w in text.split() if not _INITIAL_RE.match(w)]
        text = " ".join(words) or text
    key = name_key(text)
    return [key] if key else []


#: the key the index stores and searches titles by (see `citecheck.titles.index_title_key`)
title_key = index_title_key
