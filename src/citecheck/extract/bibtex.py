"""BibTeX / BibLaTeX reader: every entry becomes a `Citation` with CSL fields.

Parsing is bibtexparser v2's; this module maps its entries to CSL (`record_from_bibtex_fields`)
and turns its failed blocks (syntax errors, duplicate keys) into error citations so that one
broken entry never hides the rest of the file.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import bibtexparser
from bibtexparser.model import DuplicateBlockKeyBlock, Entry, ParsingFailedBlock

from citecheck.extract.bibmacros import expand, inherit
from citecheck.identifiers import arxiv_from_doi, normalize_arxiv, normalize_doi
from citecheck.latex_text import latex_to_text
from citecheck.model import Citation, DateParts, Name, Provenance, Record
from citecheck.names import is_et_al, parse_person
from citecheck.years import MONTH_ABBREVIATIONS, year_pattern

__all__ = ["read_bibtex", "record_from_bibtex_fields"]

# BibTeX entry type → CSL type. Anything unknown maps to "document" but is still read.
_TYPES = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "proceedings": "book",
    "incollection": "chapter",
    "inbook": "chapter",
    "book": "book",
    "mvbook": "book",
    "collection": "book",
    "booklet": "pamphlet",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "manual": "report",
    "misc": "document",
    "online": "webpage",
    "electronic": "webpage",
    "www": "webpage",
    "unpublished": "manuscript",
    "patent": "patent",
    "dataset": "dataset",
    "software": "software",
    "periodical": "periodical",
    "standard": "standard",
}
_MONTHS = {m: i for i, m in enumerate(MONTH_ABBREVIATIONS, start=1)}
_AND_RE = re.compile(r"(?<!\s)\s+and\s+", re.IGNORECASE)  # (from a space run's start: linear)
_SPACE_RE = re.compile(r"\s+")
_YEAR_RE = re.compile(rf"({year_pattern(1500)})")
_ENTRY_START_RE = re.compile(r"@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)")


def _text(value: str) -> str:
    """LaTeX → Unicode, braces gone, whitespace collapsed."""
    out = latex_to_text(value)
    out = out.replace("{", "").replace("}", "").replace("\u00a0", " ")
    return _SPACE_RE.sub(" ", out).strip()


def _split_top_level_and(value: str) -> list[str]:
    """Split an author field on ' and ' outside braces ({Barnes and Noble} stays whole)."""
    parts: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0 and ch.isspace() and value[i + 1:i + 4].lower() == "and" and (
            i + 4 < len(value) and value[i + 4].isspace()
        ):
            parts.append(value[start:i])
            i += 4
            start = i
            continue
        i += 1
    parts.append(value[start:])
    return [p.strip() for p in parts if p.strip()]


def _names(value: str) -> tuple[list[Name], bool]:
    names: list[Name] = []
    truncated = False
    for part in _split_top_level_and(value):
        if is_et_al(part):
            truncated = True
            continue
        stripped = part.strip()
        if stripped.startswith("{") and stripped.endswith("}") and stripped.count("{") == 1:
            names.append(Name(literal=_text(stripped)))  # {ATLAS Collaboration}
            continue
        name = parse_person(_text(stripped))
        names.append(name)
    return names, truncated


def _pages(value: str) -> str:
    return re.sub(r"\s*(?:--+|[-–—‐])\s*", "-", _text(value)).strip()


def record_from_bibtex_fields(entry_type: str, fields: dict[str, str]) -> Record:
    """Map one BibTeX entry's fields (raw values, LaTeX allowed) to a CSL `Record`."""
    f = {k.lower().strip(): v for k, v in fields.items() if isinstance(v, str) and v.strip()}
    etype = entry_type.lower().strip()
    record = Record(type=_TYPES.get(etype, "document"))
    if "title" in f:
        record.title = _text(f["title"]).rstrip(".") or None
    if "author" in f:
        record.author, truncated = _names(f["author"])
        if truncated:
            record.custom["authors_truncated"] = True
    if "editor" in f:
        record.editor, _ = _names(f["editor"])
    container = f.get("journal") or f.get("journaltitle") or f.get("booktitle")
    if not container and etype in ("inbook", "incollection"):
        container = f.get("maintitle")
    if container:
        record.container_title = _text(container)
    if "shortjournal" in f:
        record.container_title_short = _text(f["shortjournal"])
    if "series" in f:
        record.collection_title = _text(f["series"])
    for key, attr in (("volume", "volume"), ("number", "issue"), ("issue", "issue")):
        if key in f:
            setattr(record, attr, _text(f[key]))
    if etype in ("techreport", "report") and "number" in f:
        record.number, record.issue = _text(f["number"]), None
    if "pages" in f:
        record.page = _pages(f["pages"])
    elif "eid" in f:
        record.page = _text(f["eid"])
    publisher = f.get("publisher") or f.get("school") or f.get("institution") or f.get(
        "organization")
    if publisher:
        record.publisher = _text(publisher)
    if "address" in f or "location" in f:
        setattr(record, "publisher-place", _text(f.get("address") or f["location"]))
    _set_date(record, f)
    if "doi" in f:
        record.DOI = normalize_doi(_raw_id(f["doi"]))
    if "url" in f:
        record.URL = _raw_id(f["url"])
    if "isbn" in f:
        record.ISBN = _text(f["isbn"])
    arxiv = None
    prefix = (f.get("archiveprefix") or f.get("eprinttype") or "").lower()
    if "eprint" in f and (prefix in ("arxiv", "") or "arxiv" in f["eprint"].lower()):
        arxiv = normalize_arxiv(_raw_id(f["eprint"]))
    if not arxiv and "arxiv" in f:
        arxiv = normalize_arxiv(_raw_id(f["arxiv"]))
    if not arxiv and "arxivid" in f:
        arxiv = normalize_arxiv(_raw_id(f["arxivid"]))
    if not arxiv and record.volume and record.volume.lower().startswith("abs/"):
        arxiv = normalize_arxiv(record.volume[4:])  # DBLP: journal = {CoRR}, volume = {abs/<id>}
        if arxiv:
            record.volume = None
    if not arxiv:
        arxiv = arxiv_from_doi(record.DOI)
    if not arxiv and record.URL and "arxiv.org" in record.URL.lower():
        arxiv = normalize_arxiv(record.URL)
    if arxiv:
        record.custom["arxiv"] = arxiv
        cls = f.get("primaryclass") or f.get("eprintclass")
        if cls:
            record.custom["categories"] = [_text(cls)]
        if record.type == "document" and not record.container_title:
            record.type = "article"
    if etype == "misc" and record.container_title and record.type == "document":
        record.type = "article-journal"
    return record


def _raw_id(value: str) -> str:
    """Identifiers keep their characters: only braces and LaTeX escapes of _ % & are undone."""
    value = re.sub(r"\\(?:url|href|doi)\s*\{([^{}]*)\}", r"\1", value)
    value = value.replace("{", "").replace("}", "")
    return re.sub(r"\\([_%&#])", r"\1", value).strip()


def _set_date(record: Record, f: dict[str, str]) -> None:
    year: int | None = None
    month: int | None = None
    if "year" in f:
        m = _YEAR_RE.search(_text(f["year"]))
        year = int(m.group(1)) if m else None
    if year is None and "date" in f:
        m = _YEAR_RE.search(f["date"])
        year = int(m.group(1)) if m else None
        dm = re.match(r"\s*\d{4}-(\d{1,2})", f["date"])
        if dm:
            month = int(dm.group(1))
    if "month" in f and month is None:
        mv = _text(f["month"]).lower()[:3]
        month = _MONTHS.get(mv) or (int(mv) if mv.isdecimal() and 1 <= int(mv) <= 12 else None)
    if year is not None:
        parts: list[int | str] = [year, *([month] if month else [])]
        record.issued = DateParts(**{"date-parts": [parts]})


def read_bibtex(text: str, name: str) -> list[Citation]:
    """Read every entry of a BibTeX file; broken entries become error citations."""
    base = Path(name).name or name
    logger = logging.getLogger("bibtexparser.splitter")
    previous = logger.level
    logger.setLevel(logging.CRITICAL)  # we report failed blocks ourselves, with file:line
    try:
        # no middleware: values keep their delimiters, and `bibmacros` expands them the way
        # BibTeX does (@string macros joined with #, month macros), then crossref/xdata
        library = bibtexparser.parse_string(text, parse_stack=[])
    finally:
        logger.setLevel(previous)
    expanded = _expanded_fields(library)
    citations: list[Citation] = []
    for block in library.blocks:
        if isinstance(block, Entry) and block.entry_type.lower() == "xdata":
            continue  # a field bundle for other entries to use, not a work
        line = (block.start_line or 0) + 1 if block.start_line is not None else None
        raw = block.raw if isinstance(block.raw, str) else ""
        if isinstance(block, Entry):
            key = block.key
            problems: list[str] = []
            try:
                fields = inherit(expanded, key.lower(), problems)
                record = record_from_bibtex_fields(block.entry_type, fields)
            except Exception as exc:  # a field pylatexenc/pydantic cannot take: one entry only
                citations.append(_error(key or f"{base}:{line}", raw, name, line, key, len(citations),
                                        f"cannot read entry {key!r}: {exc}"))
                continue
            record.id = key
            warnings = list(problems)
            if not record.title and block.entry_type.lower() not in ("article",):
                warnings.append("entry has no title")
            citations.append(
                Citation(
                    id=key,
                    raw=raw,
                    fields=record,
                    provenance=Provenance(file=name, line=line, key=key, index=len(citations),
                                          format="bibtex"),
                    parse_confidence=1.0,
                    parse_warnings=warnings,
                )
            )
        elif isinstance(block, DuplicateBlockKeyBlock):
            key = block.key
            citations.append(_error(f"{key}@{line}", raw, name, line, key, len(citations),
                                    f"duplicate key {key!r} (first defined earlier in the file)"))
        elif isinstance(block, ParsingFailedBlock):
            head = _ENTRY_START_RE.search(raw)
            if not head:
                continue  # a stray comment line bibtexparser could not classify
            bad_key = head.group(2) or None
            lines = str(getattr(block.error, "abort_reason", None) or block.error or "").strip().splitlines()
            reason = lines[0] if lines else "unparseable entry"
            citations.append(_error(bad_key or f"{base}:{line}", raw, name, line, bad_key,
                                    len(citations), f"malformed @{head.group(1)} entry: {reason}"))
    # Ids must be unique: a failed block may reuse a key of a good entry.
    seen: set[str] = set()
    for cit in citations:
        if cit.id in seen:
            cid = f"{cit.id}@{cit.provenance.line}"
            while cid in seen:
                cid += "'"
            cit.id = cid
        seen.add(cit.id)
    return citations


def _expanded_fields(library: bibtexparser.Library) -> dict[str, tuple[str, dict[str, str]]]:
    """key (lower case) → (entry type, fields with every value expanded); first entry wins."""
    strings: dict[str, str] = {}
    for string in library.strings:
        if isinstance(string.value, str):
            strings[string.key.lower()] = expand(string.value, strings)
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for entry in library.entries:
        fields = {f.key: expand(f.value, strings) for f in entry.fields if isinstance(f.value, str)}
        out.setdefault(entry.key.lower(), (entry.entry_type, fields))
    return out


def _error(cid: str, raw: str, name: str, line: int | None, key: str | None, index: int,
           reason: str) -> Citation:
    return Citation(
        id=cid,
        raw=raw,
        provenance=Provenance(file=name, line=line, key=key, index=index, format="bibtex"),
        parse_confidence=0.0,
        error=f"{name}:{line}: {reason}",
    )
