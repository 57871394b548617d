"""Small helpers the adapters share when mapping native responses to CSL `Record`s."""

from __future__ import annotations

import functools
import re
import unicodedata
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

from citecheck.identifiers import arxiv_from_doi, normalize_arxiv, normalize_doi
from citecheck.markup import plain_text
from citecheck.model import DateParts, Name, Record
from citecheck.names import is_affiliation, parse_person

T = TypeVar("T")

_WS_RE = re.compile(r"\s+")
_DOI_URL_RE = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.I)
#: a parenthesised aside in a written name: a nickname, a registry's number
_PARENTHESES_RE = re.compile(r"\s*\([^()]*\)")


def clean_text(value: Any) -> str | None:
    """A field's text as a reader sees it (`markup.plain_text`: tags, entities, MathML and TeX
    turned into text, whitespace collapsed); the first non-empty value of a list."""
    if value is None:
        return None
    if isinstance(value, list):
        value = next((v for v in value if v), None)
        if value is None:
            return None
    return plain_text(str(value)) or None


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
    """A name as a service writes it ("Given Family", "Family, Given", an organisation) as a CSL
    name; None for debris that is no name (")", "; Gpt", ",LAGEP, Université de Lyon").

    A nickname or number in parentheses is dropped ("Po-Yao (Bernie) Huang", "Mihai G Netea
    (15649)"); a name given in two scripts, comma-separated ("Kyriacos, Κυριάκος, Athanasiou,
    Αθανασίου"), is read in its Latin spelling, in the order written; an institution is a
    literal (`names.is_affiliation`)."""
    text = _PARENTHESES_RE.sub(" ", clean_text(display) or "").strip()
    if not text or not (text[0].isalpha() or text[0] in "'’‘"):  # "'t Hooft", "’t Hooft"
        return None
    text = _latin_spelling(text)
    if is_affiliation(text):
        return Name(literal=text)
    name = parse_person(text)
    return name if name.family or name.given or name.literal else None


def _latin_spelling(text: str) -> str:
    parts = [p.strip() for p in text.split(",")] if "," in text and not text.isascii() else []
    latin = [p for p in parts if p and all(unicodedata.name(c, "").startswith("LATIN")
                                           for c in p if c.isalpha())]
    return " ".join(latin) if latin and len(latin) < len(parts) else text


def author_names(written: Iterable[str | None]) -> list[Name]:
    """A service's author list as CSL names: debris dropped, and institutions dropped where
    persons are listed too (an affiliation sent as an author: "Alan Turing Institute" beside
    the people who work there); a list of institutions only (a dataset's creator) is kept."""
    names = [n for w in written if (n := split_name(w)) is not None]
    if any(not n.literal for n in names):
        names = [n for n in names if not (n.literal and is_affiliation(n.literal))]
    return names


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


#: a path segment that climbs ("." or ".."), "\\" counted as a separator as some servers do
_CLIMBING = re.compile(r"(?:^|[/\\])\.{1,2}(?:$|[/\\])")
#: what every batch filter and query syntax carries as it is (OpenAlex ``doi:a|b``, Crossref
#: ``doi:a,doi:b``, INSPIRE ``doi a or doi b``)
_PLAIN_DOI = re.compile(r"10\.[0-9.]+/[A-Za-z0-9._/-]+", re.ASCII)
_DOI_HEAD = re.compile(r"10\.[0-9.]+/", re.ASCII)


def identifier_path(identifier: str) -> str:
    """A DOI (or arXiv id) for a URL path below an endpoint (``/works/{here}``): every character
    but "/" percent-encoded; and "/" too when a segment would be "." or "..", so that the whole
    identifier is one segment. No identifier can reach another path on the source's host."""
    if _CLIMBING.search(identifier):
        return urllib.parse.quote(identifier, safe="")
    return urllib.parse.quote(identifier, safe="/")


def batchable_doi(doi: str, also: str = "") -> bool:
    """Whether a DOI can go into a batch filter or query: ASCII letters, digits, ``._/-`` and
    the characters `also` names that this source's syntax carries too (Crossref's and OpenAlex's
    filters carry the parentheses of "10.1007/JHEP04(2019)063"; INSPIRE's query does not). Any
    other DOI (SICI DOIs with "<", ";", ":"; DOIs with "," or "|") is looked up alone, its path
    built by `identifier_path`."""
    if _PLAIN_DOI.fullmatch(doi):
        return True
    head = _DOI_HEAD.match(doi)
    rest = doi[head.end():] if head else "\n"
    return bool(also) and all(c.isascii() and (c.isalnum() or c in "._/-" + also) for c in rest)


__all__ = ["author_names", "batchable_doi", "clean_id", "clean_text", "date_parts", "finish", "guarded",
           "identifier_path", "page_range", "search_terms", "split_name"]


_GUARDED = ("lookup_doi", "lookup_arxiv", "lookup_journal", "search", "search_text",
            "lookup_doi_many", "lookup_arxiv_many")


def guarded(cls: type[T]) -> type[T]:
    """Class decorator: a body of an unexpected shape (a string where a dict was promised, a
    list of the wrong things) surfaces as `MalformedResponseError`, never as a TypeError or
    KeyError escaping from a mapping function into the orchestrator; so does any other
    exception (MemoryError, RecursionError, UnicodeError): every failure of a source is a
    `SourceError` of that source."""
    from citecheck.sources.base import SourceError
    from citecheck.sources.errors import MalformedResponseError

    def wrap(name: str, fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await fn(self, *args, **kwargs)
            except SourceError:
                raise
            except Exception as exc:  # any other failure: see the docstring
                raise MalformedResponseError(
                    self.name, f"unexpected response content ({type(exc).__name__})"
                ) from None

        return method

    for name in _GUARDED:
        if name in vars(cls):
            setattr(cls, name, wrap(name, vars(cls)[name]))
    return cls
