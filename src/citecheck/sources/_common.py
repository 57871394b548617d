"""Small helpers the adapters share when mapping native responses to CSL `Record`s."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from citecheck.identifiers import arxiv_from_doi, normalize_arxiv, normalize_doi
from citecheck.model import DateParts, Name, Record
from citecheck.names import parse_person

T = TypeVar("T")

_TAG_RE = re.compile(r"<[^>]+>")
_WS_RE = re.compile(r"\s+")
_DOI_URL_RE = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.I)


def clean_text(value: Any) -> str | None:
    """Markup-free, whitespace-collapsed text (JATS/HTML tags and entities removed)."""
    if value is None:
        return None
    if isinstance(value, list):
        value = next((v for v in value if v), None)
        if value is None:
            return None
    text = _WS_RE.sub(" ", html.unescape(_TAG_RE.sub("", str(value)))).strip()
    return text or None


def clean_id(value: Any) -> str | None:
    """An identifier as given, whitespace trimmed: never through `clean_text`, whose tag
    stripping would cut SICI DOIs ("10.1002/(sici)…10:10<725::aid-adma725>3.0.co;2-z")."""
    if value is None:
        return None
    if isinstance(value, list):
        value = next((v for v in value if v), None)
    text = str(value).strip() if value is not None else ""
    return text or None


def split_name(display: str | None) -> Name | None:
    """A person's display name ("Given Family" or "Family, Given") as a CSL name."""
    name = parse_person(clean_text(display) or "")
    return name if name.family or name.given or name.literal else None


def date_parts(*values: Any) -> DateParts | None:
    """The first usable date among CSL date objects, ISO strings and integer years."""
    for value in values:
        if value is None or value == "":
            continue
        if isinstance(value, dict):
            parts = value.get("date-parts")
            if parts and parts[0] and parts[0][0] is not None:
                clean = [int(p) for p in parts[0] if isinstance(p, int | str) and str(p).isdecimal()]
                if clean:
                    return DateParts(**{"date-parts": [clean]})
            continue
        if isinstance(value, int):
            return DateParts(**{"date-parts": [[value]]})
        match = re.match(r"(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?", str(value).strip())
        if match:
            return DateParts(**{"date-parts": [[int(g) for g in match.groups() if g]]})
    return None


def finish(record: Record, *, source_api: str, arxiv: str | None = None) -> Record:
    """Normalise identifiers the same way the corpus does and stamp the source."""
    if record.DOI:
        doi = normalize_doi(record.DOI)
        # a registry's DOI field is one identifier, not prose: keep what `normalize_doi` cuts
        # off its end (SICI DOIs hold "<", ">" and ";": "…10:10<725::aid-adma725>3.0.co;2-z")
        full = _DOI_URL_RE.sub("", record.DOI.strip()).lower()
        cut = full[len(doi):] if doi and full.startswith(doi) else ""
        record.DOI = full if "<" in cut and not _WS_RE.search(full) else doi
        arxiv = arxiv or arxiv_from_doi(doi)
    if arxiv:
        norm = normalize_arxiv(arxiv)
        if norm:
            record.custom["arxiv"] = norm
    record.custom["source_api"] = source_api
    if not record.id:
        if record.DOI and not record.DOI.startswith("10.48550/"):
            record.id = f"doi:{record.DOI}"
        elif record.arxiv:
            record.id = f"arxiv:{record.arxiv}"
    return record


def page_range(first: Any, last: Any) -> str | None:
    first_s, last_s = clean_text(first), clean_text(last)
    if first_s and last_s and last_s != first_s:
        return f"{first_s}-{last_s}"
    return first_s


def search_terms(title: str | None, max_len: int = 300) -> str:
    """Title text safe for query strings: no quotes/filter syntax, bounded length."""
    text = clean_text(title) or ""
    text = re.sub(r"[\"|,:;()\[\]{}\\$^~*?!]", " ", text)
    return _WS_RE.sub(" ", text).strip()[:max_len]


__all__ = ["clean_id", "clean_text", "date_parts", "finish", "guarded", "page_range", "search_terms",
           "split_name"]


_GUARDED = ("lookup_doi", "lookup_arxiv", "lookup_journal", "search", "lookup_doi_many",
            "lookup_arxiv_many")


def guarded(cls: type[T]) -> type[T]:
    """Class decorator: a body of an unexpected shape (a string where a dict was promised, a
    list of the wrong things) surfaces as `MalformedResponseError`, never as a TypeError or
    KeyError escaping from a mapping function into the orchestrator."""
    from citecheck.sources.base import SourceError
    from citecheck.sources.errors import MalformedResponseError

    def wrap(name: str, fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await fn(self, *args, **kwargs)
            except SourceError:
                raise
            except (AttributeError, TypeError, KeyError, IndexError, ValueError) as exc:
                raise MalformedResponseError(
                    self.name, f"unexpected response content ({type(exc).__name__})"
                ) from None

        return method

    for name in _GUARDED:
        if name in vars(cls):
            setattr(cls, name, wrap(name, vars(cls)[name]))
    return cls
