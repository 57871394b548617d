"""Writers for extracted citations and records: BibTeX, CSL-JSON and JSON Lines.

BibTeX output keeps Unicode as is (biber, BibTeX 0.99 with UTF-8 input and every modern
reference manager read it) and escapes only the characters that would break the file or the
LaTeX run: ``& % $ # _ { } ~ ^ \\``. Keys are the citation ids, made BibTeX-safe and unique.
An ERROR citation is written as a comment block (BibTeX) or an object with an ``error`` key
(JSON Lines), so the output still accounts for every input entry.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from citecheck.model import Citation, Name, Record
from citecheck.years import MONTH_ABBREVIATIONS

__all__ = ["record_to_bibtex", "sanitize_key", "to_bibtex", "to_csl_json", "to_jsonl"]

Item = Citation | Record

_BIBTEX_TYPES = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "review": "article",
    "paper-conference": "inproceedings",
    "chapter": "incollection",
    "entry-encyclopedia": "incollection",
    "book": "book",
    "thesis": "phdthesis",
    "report": "techreport",
    "manuscript": "unpublished",
    "pamphlet": "booklet",
}
_KEY_BAD_RE = re.compile(r"[^A-Za-z0-9_:.\-+/]+")
_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%",
            "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_ESCAPE_RE = re.compile(r"[\\{}&%$#_~^]")


def _escape(value: str) -> str:
    return _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(0)], " ".join(value.split()))


def sanitize_key(key: str, fallback: str = "ref") -> str:
    """A BibTeX-safe key: no spaces, commas, braces, quotes, ``#``, ``%`` or ``=``."""
    out = _KEY_BAD_RE.sub("_", key.strip()).strip("_")
    return out or fallback


def _name(name: Name) -> str:
    if name.literal or not name.family:
        # Braces keep a collaboration or organisation from being split into given/family.
        return "{" + _escape(name.literal or name.given or "") + "}"
    family = " ".join(p for p in (name.non_dropping_particle, name.family) if p)
    given = " ".join(p for p in (name.given, name.dropping_particle) if p)
    family = _escape(family)
    if " " in family and not name.non_dropping_particle:
        family = "{" + family + "}"  # "Di Toro" stays one family name
    parts = [family]
    if name.suffix:
        parts.append(_escape(name.suffix))
    if given:
        parts.append(_escape(given))
    return ", ".join(parts)


def _names(names: Sequence[Name], truncated: bool = False) -> str:
    out = [_name(n) for n in names if n.family or n.literal or n.given]
    if truncated:
        out.append("others")
    return " and ".join(out)


def _fields(record: Record) -> tuple[str, list[tuple[str, str]]]:
    csl_type = record.type or "document"
    data = record.to_csl()
    arxiv = record.arxiv
    entry_type = _BIBTEX_TYPES.get(csl_type, "misc")
    if csl_type == "thesis" and re.search(r"master|m\.?sc", str(data.get("genre", "")), re.I):
        entry_type = "mastersthesis"
    fields: list[tuple[str, str]] = []

    def add(name: str, value: Any) -> None:
        if value not in (None, "", [], {}):
            fields.append((name, str(value)))

    if record.author:
        add("author", _names(record.author, record.authors_truncated))
    if record.editor:
        add("editor", _names(record.editor))
    if record.title:
        add("title", _escape(record.title))
    container = record.container_title
    if container:
        add("booktitle" if entry_type in ("inproceedings", "incollection") else
            "journal" if entry_type == "article" else "howpublished" if entry_type == "misc"
            else "series" if entry_type == "book" else "note", _escape(container))
    if (record.collection_title and entry_type != "book") or (record.collection_title and not container):
        add("series", _escape(record.collection_title))
    add("volume", record.volume and _escape(record.volume))
    if entry_type == "techreport":
        add("number", _escape(record.number or record.issue or ""))
    else:
        add("number", record.issue and _escape(record.issue))
    if record.page:
        add("pages", _escape(re.sub(r"\s*[-–—]+\s*", "--", record.page)))
    if record.publisher:
        add({"phdthesis": "school", "mastersthesis": "school", "techreport": "institution"}.get(
            entry_type, "publisher"), _escape(record.publisher))
    add("address", data.get("publisher-place") and _escape(str(data["publisher-place"])))
    add("edition", data.get("edition") and _escape(str(data["edition"])))
    if record.issued and record.issued.date_parts:
        parts = record.issued.date_parts[0]
        add("year", parts[0] if parts else None)
        if len(parts) > 1:
            with contextlib.suppress(ValueError, TypeError, IndexError):
                add("month", MONTH_ABBREVIATIONS[int(parts[1]) - 1])
    elif record.issued and (record.issued.literal or record.issued.raw):
        add("year", _escape(str(record.issued.literal or record.issued.raw)))
    add("doi", record.DOI and _escape(record.DOI))
    if arxiv:
        add("eprint", arxiv)
        add("archivePrefix", "arXiv")
        cats = record.custom.get("categories")
        if isinstance(cats, list) and cats:
            add("primaryClass", _escape(str(cats[0])))
    add("url", record.URL and record.URL.replace("%", r"\%").replace("#", r"\#"))
    add("isbn", record.ISBN and _escape(record.ISBN))
    add("issn", data.get("ISSN") and _escape(str(data["ISSN"])))
    note = record.custom.get("note")  # text of the reference no field took ("Edited by …")
    if isinstance(note, str) and note.strip():
        add("note", _escape(note.strip()))
    return entry_type, fields


def record_to_bibtex(record: Record, key: str) -> str:
    """One BibTeX entry for ``record`` under ``key`` (sanitised), ending with a newline."""
    entry_type, fields = _fields(record)
    width = max((len(n) for n, _ in fields), default=0)
    body = ",\n".join(f"  {n.ljust(width)} = {{{v}}}" for n, v in fields)
    head = f"@{entry_type}{{{sanitize_key(key)}"
    return f"{head},\n{body}\n}}\n" if fields else f"{head}\n}}\n"


def _auto_key(record: Record) -> str:
    first = record.author[0] if record.author else None
    stem = (first.family or first.literal or "") if first else ""
    stem = re.sub(r"[^A-Za-z]", "", stem) or "ref"
    return f"{stem}{record.year or ''}"


def _unique_keys(items: Sequence[Item]) -> list[str]:
    keys: list[str] = []
    used: set[str] = set()
    for item in items:
        if isinstance(item, Citation):
            base = sanitize_key(item.provenance.key or item.id)
        else:
            base = sanitize_key(item.id or _auto_key(item))
        key, n = base, 1
        while key.lower() in used:  # BibTeX keys compare case-insensitively
            n += 1
            key = f"{base}-{n}"
        used.add(key.lower())
        keys.append(key)
    return keys


def _comment(text: str) -> str:
    return "\n".join(f"% {line}" if line else "%" for line in text.splitlines())


def to_bibtex(items: Iterable[Item]) -> str:
    """BibTeX for citations or records: one entry each; ERROR citations as comment blocks."""
    seq = list(items)
    chunks: list[str] = []
    for item, key in zip(seq, _unique_keys(seq), strict=True):
        if isinstance(item, Citation):
            if item.error:
                chunks.append(_comment(f"citecheck ERROR {item.id}: {item.error}\n{item.raw}") + "\n")
                continue
            chunks.append(record_to_bibtex(item.fields, key))
        else:
            chunks.append(record_to_bibtex(item, key))
    return "\n".join(chunks)


def _csl_item(item: Item, key: str | None = None) -> dict[str, Any]:
    if isinstance(item, Citation):
        data = item.fields.to_csl()
        data["id"] = item.id
        if item.error:
            data.setdefault("custom", {})["error"] = item.error
            data.setdefault("note", item.raw)
        return data
    data = item.to_csl()
    if key and not data.get("id"):
        data["id"] = key
    return data


def to_csl_json(items: Iterable[Item]) -> str:
    """A JSON array of CSL-JSON items (ERROR citations carry ``custom.error`` and the raw text)."""
    seq = list(items)
    keys = _unique_keys(seq)
    return json.dumps([_csl_item(i, k) for i, k in zip(seq, keys, strict=True)],
                      ensure_ascii=False, indent=2) + "\n"


def to_jsonl(items: Iterable[Item]) -> str:
    """One JSON object per line, readable back by the JSONL reader (``{"id", "csl", ...}``)."""
    lines: list[str] = []
    for item in items:
        if isinstance(item, Citation):
            obj: dict[str, Any] = {"id": item.id}
            if item.error:
                obj["error"] = item.error
            else:
                obj["csl"] = _csl_item(item)
            obj["raw"] = item.raw
            obj["source"] = item.provenance.model_dump(exclude_none=True)
            if not item.error:
                obj["parse_confidence"] = round(item.parse_confidence, 3)
                if item.parse_warnings:
                    obj["parse_warnings"] = item.parse_warnings
        else:
            obj = {"id": item.id, "csl": item.to_csl()}
        lines.append(json.dumps(obj, ensure_ascii=False))
    return "".join(line + "\n" for line in lines)
