"""Are two indexes the same? Every record (rid, id, columns, CSL content), every key table, the
FTS answers' source (title_df) and the meta that is not a timestamp.

    python benchmarks/build_equivalence.py A.sqlite B.sqlite

Used to check that a parallel build (``index build -j N``) and the serial one (``-j 1``, or the
build before the parallel one existed) write the same index. Prints the first differences and
exits 1 when there are any.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

TABLES = {
    "doi": "SELECT doi, rid FROM doi ORDER BY doi",
    "arxiv": "SELECT arxiv, rid FROM arxiv ORDER BY arxiv",
    "journal": "SELECT jkey, volume, page, rid FROM journal ORDER BY jkey, volume, page, rid",
    "title_df": "SELECT term, df FROM title_df ORDER BY term",
}
META_SKIP = {"updated_at", "built_from"}


def _digest(rows: Any) -> tuple[int, str]:
    h = hashlib.sha256()
    n = 0
    for row in rows:
        h.update(json.dumps(row, sort_keys=True, ensure_ascii=False).encode())
        n += 1
    return n, h.hexdigest()


def summary(db: Path) -> dict[str, Any]:
    """Counts and content digests of everything a lookup can see."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        records = ((rid, rid_id, src, typ, year, tk, ak, json.loads(csl)) for rid, rid_id, src, typ,
                   year, tk, ak, csl in conn.execute(
                       "SELECT rid, id, source, type, year, title_key, author_keys, csl "
                       "FROM records ORDER BY rid"))
        out: dict[str, Any] = {"records": _digest(records)}
        for name, sql in TABLES.items():
            out[name] = _digest(conn.execute(sql))
        meta = {k: v for k, v in conn.execute("SELECT key, value FROM meta") if k not in META_SKIP}
        built = conn.execute("SELECT value FROM meta WHERE key = 'built_from'").fetchone()
        out["meta"] = meta
        out["built_from"] = [{k: v for k, v in e.items() if k != "at"}
                             for e in json.loads(built[0])] if built else []
        out["fts_rows"] = conn.execute("SELECT COUNT(*) FROM fts").fetchone()[0]
        out["indexes"] = sorted(r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'"))
    finally:
        conn.close()
    return out


def differences(a: Path, b: Path) -> list[str]:
    sa, sb = summary(a), summary(b)
    return [f"{key}: {sa[key]!r} != {sb[key]!r}" for key in sa if sa[key] != sb.get(key)]


def main() -> None:
    a, b = Path(sys.argv[1]), Path(sys.argv[2])
    diffs = differences(a, b)
    for line in diffs[:20]:
        print(line[:400])
    print("same" if not diffs else f"{len(diffs)} differences")
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
