"""One input entry → one index row: the per-record work of a build, free of any connection.

`prepare` validates a CSL item and computes every key it is findable under (title key, author
keys, DOIs, arXiv ids, journal+volume+page) plus the JSON text stored for it. The functions
here touch no database, so a parallel build runs them in worker processes (`prepare_lines`
on a chunk of JSON lines, `prepare_items` on items a dump reader produced) while one writer
inserts; a serial build calls the same functions in-process, so both write the same rows.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from pydantic import ValidationError

from citecheck.index.journal_ref import journal_keys
from citecheck.index.readers import Item, from_json_value
from citecheck.index.schema import name_tokens, title_key
from citecheck.model import Record, year_of
from citecheck.normalize import arxiv_from_doi, normalize_arxiv, normalize_doi

#: what a worker returns for one entry: (where, row fields or None, why it was skipped or None);
#: ``where`` is a line number of the chunk's file, or a whole location string.
Prepared = tuple[int | str, tuple[Any, ...] | None, str | None]


@dataclass(slots=True)
class Row:
    """One record ready to write, with every key it is findable under."""

    rid: int
    id: str
    json: str  # the CSL item as stored
    source: str | None
    type: str | None
    year: int | None
    title_key: str
    author_keys: str
    dois: tuple[str, ...]  # sorted, as every key tuple
    arxivs: tuple[str, ...]
    journals: tuple[tuple[str, str, str], ...]

    @property
    def csl(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.json)
        return value

    def fields(self) -> tuple[Any, ...]:
        return (self.id, self.json, self.source, self.type, self.year, self.title_key,
                self.author_keys, self.dois, self.arxivs, self.journals)

    @classmethod
    def of(cls, rid: int, fields: tuple[Any, ...]) -> Row:
        return cls(rid, *fields)


def dumps(csl: dict[str, Any]) -> str:
    """The stored JSON text: compact, UTF-8 kept (orjson; the standard library for what orjson
    refuses, e.g. integers past 64 bits)."""
    try:
        return orjson.dumps(csl).decode()
    except TypeError:
        return json.dumps(csl, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """orjson's parse, or the standard library's where orjson refuses (NaN, lone surrogates),
    so that exactly the lines the standard parser reads are read, with its error messages."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"invalid CSL item: {where}: {err.get('msg')}"


@dataclass(slots=True)
class _Fields:
    """What the keys are computed from: a validated `Record`'s values, or the same values read
    straight from an item `_plain` vouches for."""

    DOI: str | None
    custom: dict[str, Any]
    arxiv: str | None
    year: int | None
    title: str | None
    type: str

    @classmethod
    def of(cls, csl: dict[str, Any]) -> _Fields:
        if _plain(csl):
            custom = csl.get("custom", {})
            arxiv = custom.get("arxiv")
            issued = csl.get("issued")
            return cls(csl.get("DOI"), custom, str(arxiv) if arxiv else None,
                       year_of(issued.get("date-parts")) if issued else None,
                       csl.get("title"), csl.get("type", "article-journal"))
        try:
            record = Record.model_validate(csl)
        except ValidationError as exc:
            raise ValueError(_first_error(exc)) from None
        return cls(record.DOI, record.custom, record.arxiv, record.year, record.title, record.type)


_OPTIONAL_STR = ("title", "container-title", "container-title-short", "collection-title",
                 "volume", "issue", "page", "number", "publisher", "DOI", "URL", "ISBN")
_NAME_STR = ("family", "given", "literal", "suffix", "non-dropping-particle", "dropping-particle")
#: field names `Record` / `Name` / `DateParts` also accept (populate_by_name): left to pydantic
_PYTHON_NAMES = frozenset({"container_title", "container_title_short", "collection_title",
                           "non_dropping_particle", "dropping_particle", "date_parts"})


def _strings_or_absent(mapping: dict[str, Any], keys: tuple[str, ...]) -> bool:
    """Every one of ``keys`` is missing, null or a string (never a number or a list)."""
    return all(type(v) is str for v in map(mapping.get, keys) if v is not None)


def _plain(csl: dict[str, Any]) -> bool:
    """True when `Record.model_validate` certainly accepts ``csl`` as it is (every typed field
    of the type JSON gives it): the common case, checked at a fraction of validation's cost.
    Anything else (a number for a string, null for a list, a python field name) is validated."""
    for key in ("id", "type"):
        if key in csl and type(csl[key]) is not str:
            return False
    if not _strings_or_absent(csl, _OPTIONAL_STR):
        return False
    if not _PYTHON_NAMES.isdisjoint(csl) or type(csl.get("custom", {})) is not dict:
        return False
    for key in ("author", "editor"):
        names = csl.get(key, [])
        if type(names) is not list:
            return False
        for name in names:
            if (type(name) is not dict or not _PYTHON_NAMES.isdisjoint(name)
                    or not _strings_or_absent(name, _NAME_STR)):
                return False
    issued = csl.get("issued")
    if issued is None:
        return True
    if type(issued) is not dict or not _PYTHON_NAMES.isdisjoint(issued):
        return False
    if not _strings_or_absent(issued, ("literal", "raw")):
        return False
    parts = issued.get("date-parts")
    if parts is None:
        return True
    return type(parts) is list and all(
        type(part) is list and all(type(x) is int or type(x) is str for x in part)
        for part in parts)


def _identifiers(record: _Fields) -> tuple[set[str], set[str]]:
    dois: set[str] = set()
    arxivs: set[str] = set()
    doi = normalize_doi(record.DOI)
    if doi:
        arxiv_doi = arxiv_from_doi(doi)
        if arxiv_doi:  # the DataCite DOI of an arXiv paper is its arXiv id
            arxivs.add(arxiv_doi.lower())
        else:
            dois.add(doi)
    others = record.custom.get("other_dois")
    if isinstance(others, list):
        dois.update(d for d in (normalize_doi(str(o)) for o in others) if d)
    arxiv = normalize_arxiv(record.arxiv)
    if arxiv:
        arxivs.add(arxiv.lower())
    return dois, arxivs


def prepare(csl: dict[str, Any], rid: int = 0) -> Row:
    """Keys of one CSL item; raises ValueError with a reason when it cannot be indexed."""
    return Row.of(rid, prepare_fields(csl))


def prepare_fields(csl: dict[str, Any], abstracts: bool = True) -> tuple[Any, ...]:
    """`prepare` as the plain tuple a worker returns (`Row.fields`: cheap to pickle);
    ``abstracts`` off: the item's CSL ``abstract`` is not stored (an index a fraction the size)."""
    if not abstracts and "abstract" in csl:
        csl = {k: v for k, v in csl.items() if k != "abstract"}
    record = _Fields.of(csl)
    dois, arxivs = _identifiers(record)
    year = record.year
    journals = journal_keys(csl, year)
    tkey = title_key(record.title)
    if not (tkey or dois or arxivs or journals):
        raise ValueError("nothing to find it by: no title, DOI, arXiv id or journal+volume+page")
    tokens: list[str] = []
    for name in csl.get("author") or ():  # validated above; the raw dicts are cheaper to read
        if isinstance(name, dict):
            tokens.extend(name_tokens(name))
    record_id = str(csl.get("id") or "").strip()
    if not record_id:
        if dois:
            record_id = f"doi:{sorted(dois)[0]}"
        elif arxivs:
            record_id = f"arxiv:{sorted(arxivs)[0]}"
        else:
            digest = hashlib.sha1(
                f"{tkey}|{year}|{' '.join(tokens[:1])}|{sorted(journals)}".encode()
            ).hexdigest()[:16]
            record_id = f"local:{digest}"
        csl = {"id": record_id, **csl}
    source = record.custom.get("source")
    return (record_id, dumps(csl), str(source) if source else None, record.type, year, tkey,
            " ".join(tokens), tuple(sorted(dois)), tuple(sorted(arxivs)), tuple(sorted(journals)))


def _prepared(where: int | str, csl: dict[str, Any] | None, error: str | None, abstracts: bool = True) -> Prepared:
    if csl is None:
        return (where, None, error)
    try:
        return (where, prepare_fields(csl, abstracts), None)
    except ValueError as exc:
        return (where, None, str(exc))


def prepare_lines(name: str, first_line: int, lines: Sequence[bytes], abstracts: bool = True) -> list[Prepared]:
    """A chunk of a JSON Lines file (raw lines, numbered from ``first_line``): what
    `readers.iter_items` reads from them, prepared. Blank lines are skipped, as there."""
    out: list[Prepared] = []
    for lineno, raw in enumerate(lines, start=first_line):
        text = raw.decode("utf-8", errors="replace").strip()
        if not text:
            continue
        try:
            value = loads(text)
        except json.JSONDecodeError as exc:
            out.append((lineno, None, f"invalid JSON: {exc.msg} (column {exc.colno})"))
            continue
        item = from_json_value(value, "")
        out.append(_prepared(lineno, item.csl, item.error, abstracts))
    return out


def prepare_items(items: Sequence[Item], abstracts: bool = True) -> list[Prepared]:
    """Items a reader produced (a dump's mapped works, BibTeX entries), prepared."""
    return [_prepared(item.location, item.csl, item.error, abstracts) for item in items]
