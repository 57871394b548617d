"""Parquet part files (needs pyarrow): the verdict's main columns plus its full JSON."""

from __future__ import annotations

import io
import json


def verdict_table_bytes(lines: list[str]) -> bytes:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError("Parquet output needs pyarrow (pip install pyarrow)") from exc
    rows = [json.loads(line) for line in lines]
    table = pa.table({
        "id": [r["id"] for r in rows],
        "label": [r["label"] for r in rows],
        "score": [r.get("score") for r in rows],
        "confidence": [r.get("confidence") for r in rows],
        "verdict": lines,
    })
    buf = io.BytesIO()
    pq.write_table(table, buf)
    return buf.getvalue()
