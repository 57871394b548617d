"""Retractions: whether a matched record has been retracted or withdrawn.

Sources put what they know on the record as ``custom["retracted"]`` (a dict: ``kind``,
``notice`` DOI, ``date``, ``source``); the verdict carries it as its ``retracted`` flag, shown in
every report format. The label is left as the comparison made it: citing a retracted paper
faithfully is a correct citation of a work that should perhaps not be cited.

- Crossref: ``updated-by`` (on the original work) lists the notices that update it; one of type
  retraction / withdrawal / removal retracts it. ``update-to`` sits on the notice itself and
  names the work it retracts: a record carrying it *is* a notice, and is marked
  ``custom["retraction_notice_for"]`` instead.
- OpenAlex: ``is_retracted``.
"""

from __future__ import annotations

from typing import Any

from citecheck.model import Record

#: Crossref update types that take a work back (corrections and expressions of concern do not)
RETRACTING = frozenset({"retraction", "withdrawal", "removal", "partial_retraction"})


def _date(value: Any) -> str | None:
    parts = (value or {}).get("date-parts") if isinstance(value, dict) else None
    if not parts or not isinstance(parts, list) or not parts[0]:
        return None
    try:
        return "-".join(f"{int(p):02d}" if i else str(int(p)) for i, p in enumerate(parts[0][:3]))
    except (TypeError, ValueError):
        return None


def _notices(updates: Any) -> list[dict[str, Any]]:
    out = []
    for upd in updates if isinstance(updates, list) else []:
        if not isinstance(upd, dict):
            continue
        kind = str(upd.get("type") or "").lower().replace("-", "_")
        if kind in RETRACTING:
            out.append({"kind": kind, "notice": str(upd.get("DOI") or "").lower() or None,
                        "date": _date(upd.get("updated"))})
    return out


def mark_crossref(record: Record, item: dict[str, Any]) -> None:
    """Read a Crossref work's ``updated-by`` / ``update-to`` into `record.custom`."""
    notices = _notices(item.get("updated-by"))
    if notices:
        record.custom["retracted"] = {**notices[0], "source": "crossref"}
    targets = [n["notice"] for n in _notices(item.get("update-to")) if n["notice"]]
    if targets:
        record.custom["retraction_notice_for"] = targets


def mark_openalex(record: Record, work: dict[str, Any]) -> None:
    if work.get("is_retracted") is True:
        record.custom["retracted"] = {"kind": "retraction", "notice": None, "date": None,
                                      "source": "openalex"}


def retraction_of(record: Record | None) -> dict[str, Any] | None:
    """The retraction flag a verdict on `record` carries, or None."""
    if record is None:
        return None
    value = record.custom.get("retracted")
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v is not None} or {"kind": "retraction"}
    if value is True:
        return {"kind": "retraction"}
    return None


def describe(flag: dict[str, Any]) -> str:
    """'RETRACTED (retraction notice 10.x/y, 2020-05-01)' for the reports."""
    kind = str(flag.get("kind") or "retraction").replace("_", " ")
    bits = [f"{kind} notice {flag['notice']}" if flag.get("notice") else kind]
    if flag.get("date"):
        bits.append(str(flag["date"]))
    if flag.get("source"):
        bits.append(f"per {flag['source']}")
    return "RETRACTED (" + ", ".join(bits) + ")"


__all__ = ["RETRACTING", "describe", "mark_crossref", "mark_openalex", "retraction_of"]
