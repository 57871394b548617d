"""JSON Lines input: one citation per line as ``{"id", "text"}``, ``{"id", "bibtex"}`` or
``{"id", "csl"}`` (an already structured CSL-JSON item)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from citecheck.extract.bibtex import read_bibtex
from citecheck.extract.unread import Unread, unread
from citecheck.model import Citation, Provenance, Record

__all__ = ["finish_pending", "read_jsonl"]


def _error(cid: str, raw: str, name: str, line: int, index: int, reason: str) -> Citation:
    return Citation(
        id=cid,
        raw=raw,
        provenance=Provenance(file=name, line=line, index=index, format="jsonl"),
        parse_confidence=0.0,
        error=f"{name}:{line}: {reason}",
    )


def _one(obj: dict[str, Any], cid: str, raw: str, name: str, line: int, index: int) -> Citation:
    prov = Provenance(file=name, line=line, key=cid, index=index, format="jsonl")
    text = obj.get("text")
    if isinstance(text, str):
        if _is_bibtex_entry(text):  # a BibTeX entry pasted as text is read as BibTeX
            cit = _from_bibtex(text, cid, raw, name, line, index, prov)
            if cit.error is None:
                cit.parse_warnings.append("the 'text' value is a BibTeX entry: read as BibTeX")
                return cit
        return unread(cid, text, prov, Unread(text), found=Record(id=cid))
    if isinstance(obj.get("bibtex"), str):
        return _from_bibtex(obj["bibtex"], cid, raw, name, line, index, prov)
    if isinstance(obj.get("csl"), dict):
        try:
            record = Record.from_csl(_numbers_as_text(obj["csl"]))
        except ValidationError as exc:
            errors = exc.errors()
            where = ".".join(str(p) for p in errors[0]["loc"]) if errors else ""
            reason = errors[0]["msg"] if errors else "invalid CSL item"
            return _error(cid, raw, name, line, index,
                          f"invalid CSL item: field {where!r}: {reason}" if where
                          else f"invalid CSL item: {reason}")
        record.id = cid
        return Citation(id=cid, raw=raw, fields=record, provenance=prov)
    return _error(cid, raw, name, line, index,
                  "object has none of the keys 'text', 'bibtex' or 'csl' (with a value of the right type)")


def _is_bibtex_entry(text: str) -> bool:
    """"@article{key, …}" (or "@book(…)"): an entry, not a reference in some citation style."""
    head = text.lstrip()
    kind = head[1:].split("{", 1)[0].split("(", 1)[0].strip()
    return head[:1] == "@" and kind.isalpha() and len(kind) < len(head) - 2 and head.rstrip()[-1:] in "})"


def _from_bibtex(value: str, cid: str, raw: str, name: str, line: int, index: int,
                 prov: Provenance) -> Citation:
    found = read_bibtex(value, f"{name}:{line}")
    entries = [c for c in found if c.error is None]
    if not found:
        return _error(cid, raw, name, line, index, "the 'bibtex' value holds no entry")
    cit = entries[0] if entries else found[0]
    if cit.error:
        return _error(cid, value, name, line, index, cit.error.split(": ", 1)[-1])
    cit.fields.id = cid
    warnings = list(cit.parse_warnings)
    if len(found) > 1:
        warnings.append(f"'bibtex' holds {len(found)} entries; only the first was read")
    return Citation(id=cid, raw=value, fields=cit.fields, provenance=prov, parse_warnings=warnings)


#: CSL "number" variables: the schema allows numbers or strings, the model keeps strings
_NUMBER_FIELDS = ("volume", "issue", "page", "number", "edition", "number-of-pages",
                  "number-of-volumes", "chapter-number", "collection-number", "version",
                  "page-first", "citation-number", "part-number", "supplement-number")


def _numbers_as_text(csl: dict[str, Any]) -> dict[str, Any]:
    """``"volume": 12`` is valid CSL-JSON; read it as ``"12"``."""
    out = dict(csl)
    for key in _NUMBER_FIELDS:
        value = out.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[key] = str(int(value)) if float(value).is_integer() else str(value)
    return out


def _pending(obj: dict[str, Any], cid: str, raw: str, name: str, line: int, index: int) -> Citation:
    """A line not even looked into: `finish_pending` finds its entry where it is checked."""
    entry = {"obj": obj, "cid": cid, "raw": raw, "name": name, "line": line, "index": index}
    text = next((obj[k] for k in ("text", "bibtex") if isinstance(obj.get(k), str)), raw)
    return Citation(id=cid, raw=text, provenance=Provenance(file=name, line=line, key=cid, index=index,
                                                            format="jsonl"), pending=entry)


def finish_pending(citation: Citation) -> Citation:
    """The entry of a line `read_jsonl(defer=True)` left alone, found exactly as `read_jsonl` would
    have found it (its id and position as numbered since, and warnings added since, are kept)."""
    entry = citation.pending
    if entry is None:
        return citation
    done = _one(entry["obj"], entry["cid"], entry["raw"], entry["name"], entry["line"], entry["index"])
    done.id, done.provenance.index = citation.id, citation.provenance.index
    done.parse_warnings += citation.parse_warnings
    return done


def read_jsonl(text: str, name: str, first_line: int = 1, defer: bool = False) -> list[Citation]:
    """Read one citation per non-blank line; a bad line becomes an error citation.

    ``first_line``: the line number of the text's first line (a slice of a larger file).
    ``defer``: leave well-formed lines as they are (`Citation.pending`), for the worker process that
    checks them to look into (`finish_pending`); JSON, object and id errors are reported here."""
    base = Path(name).name or name
    citations: list[Citation] = []
    seen: set[str] = set()
    # only "\n" ends a line: U+2028, U+0085 and friends may stand raw inside JSON strings
    for lineno, line in enumerate(text.split("\n"), start=first_line):
        raw = line.strip(" \t\r\f\v")
        if not raw:
            continue
        index = len(citations)
        try:
            obj = json.loads(raw)
        except (json.JSONDecodeError, RecursionError) as exc:
            citations.append(_error(f"{base}:{lineno}", raw, name, lineno, index,
                                    f"invalid JSON: {getattr(exc, 'msg', exc)}"))
            continue
        if not isinstance(obj, dict):
            citations.append(_error(f"{base}:{lineno}", raw, name, lineno, index,
                                    f"expected a JSON object, got {type(obj).__name__}"))
            continue
        cid = obj.get("id")
        cid = str(cid) if isinstance(cid, (str, int)) and str(cid).strip() else f"{base}:{lineno}"
        if cid in seen:
            citations.append(_error(f"{cid}@{lineno}", raw, name, lineno, index,
                                    f"duplicate id {cid!r}"))
            continue
        seen.add(cid)
        citations.append((_pending if defer else _one)(obj, cid, raw, name, lineno, index))
    return citations
