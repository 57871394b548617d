"""Turn a request (JSON text or BibTeX, or uploaded files) into citations, safely.

Only what the request holds is read: no path, URL or file named inside an input is followed.
A ``.tex`` upload is read for its own ``thebibliography`` (the ``.bib`` files it names are on
the client's disk, not the server's: upload them instead).

Counted before the work: a request's entries are counted as the input is split, before any
entry is parsed (parsing is what costs), and a request over ``max_citations`` is refused then
(`count_entries`). Uploads are decoded as the command line decodes files
(`citecheck.extract.decode`). These functions run in the service's reader processes
(`citecheck.service.parsing`).

With ``claims=true`` a request's documents are also linked (`link_json_body`, `link_uploads`):
each file's in-text citation markers tied to its own entries (`claims.run.claims_of_upload`, from
the bytes sent), keyed by the entries' final ids once they are numbered across files.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from citecheck.entries import read_entries, read_text
from citecheck.extract import InputError, detect_format
from citecheck.extract.cli import number_citations
from citecheck.extract.decode import decode
from citecheck.model import Citation, ClaimCheck, DocumentFinding

if TYPE_CHECKING:
    from citecheck.model import Verdict
    from citecheck.remote.paper import Paper

#: upload suffix → reader format
UPLOAD_FORMATS = {
    ".bib": "bibtex", ".bibtex": "bibtex", ".bbl": "bbl", ".tex": "tex", ".md": "markdown",
    ".markdown": "markdown", ".txt": "text", ".pdf": "pdf", ".docx": "docx", ".jsonl": "jsonl",
}
#: formats a JSON body may name for its "text"
TEXT_FORMATS = ("bibtex", "text", "markdown", "bbl", "jsonl")
#: a JSON body is an object of strings: deeper nesting is refused before it is parsed
MAX_JSON_DEPTH = 32
#: lines of a plain-text list allowed per citation (its entries are counted only below this)
LINES_PER_CITATION = 20
#: citing sentences (``claims=true``) allowed per citation allowed, and their characters
#: (sentence and clause) per request: a marker-dense paragraph repeats its ~2,400 characters for
#: every marker (an 80 KB upload gave 46 MB of citing text)
CLAIMS_PER_CITATION = 5
MAX_CLAIMS_CHARS = 8_000_000

_BIBTEX_ENTRY_RE = re.compile(r"@[ \t\r\n]*([A-Za-z]+)[ \t\r\n]*[{(]")
_BIBTEX_NOT_WORKS = {"string", "preamble", "comment", "xdata"}


@dataclass
class DocumentClaims:
    """``claims=true``: each entry's citing sentences by its final citation id (none for an entry
    of a file without markers) and the documents' findings, read with the citations."""

    by_id: dict[str, list[ClaimCheck]] = field(default_factory=dict)
    findings: list[DocumentFinding] = field(default_factory=list)

    async def attach(self, verdict: Verdict) -> Verdict:
        """Give ``verdict`` its citing sentences, "not judged": the service has no model. Marking
        them is CPU work (each sentence's markers are stripped, ~0.3 ms for a long one): done in a
        thread, so that the event loop runs between sentences."""
        verdict.claims = self.by_id.get(verdict.citation.id)
        if verdict.claims:
            await asyncio.to_thread(_mark_not_judged, verdict)
        return verdict


def _mark_not_judged(verdict: Verdict) -> None:
    from citecheck.claims.run import judge_verdicts

    asyncio.run(judge_verdicts([verdict], None))


#: a read with ``claims=true``: the citations, numbered, and what linking their documents found
Linked = tuple[list[Citation], DocumentClaims]
#: what linking one file found, by the ids its own entries have (`claims.run.claims_by_entry`)
Found = tuple[dict[str, list[ClaimCheck]], list[DocumentFinding]]


class RequestInputError(ValueError):
    """The request cannot be read; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def safe_name(filename: str | None) -> str:
    """The uploaded file's base name, for provenance only (never opened)."""
    name = PurePath((filename or "upload").replace("\\", "/")).name
    return "".join(ch for ch in name if ch.isprintable())[:120] or "upload"


def _over(count: int, max_citations: int, what: str) -> RequestInputError:
    return RequestInputError(f"{count} {what}, over the limit of {max_citations} citations per "
                             "request", 413)


def count_entries(text: str, fmt: str, name: str, max_citations: int) -> None:
    """Refuse (413) a text whose entries, counted as it is split, are over ``max_citations``."""
    if fmt == "bibtex":
        count = sum(1 for m in _BIBTEX_ENTRY_RE.finditer(text)
                    if m.group(1).lower() not in _BIBTEX_NOT_WORKS)
    elif fmt == "jsonl":
        count = sum(1 for line in text.split("\n") if line.strip())
    elif fmt in ("bbl", "tex"):
        count = text.count("\\bibitem") + text.count("\\entry{")
    else:  # a list: one entry per line at most, and splitting costs per line
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > LINES_PER_CITATION * max_citations:
            raise RequestInputError(
                f"{name}: {lines} lines, over the limit of {LINES_PER_CITATION * max_citations} "
                f"lines of text per request ({LINES_PER_CITATION} per citation allowed)", 413)
        from citecheck.extract.text import split_entries

        count = len(split_entries(text))
    if count > max_citations:
        raise _over(count, max_citations, f"entries in {name}")


def _capped(citations: list[Citation], max_citations: int) -> list[Citation]:
    if len(citations) > max_citations:
        raise _over(len(citations), max_citations, "citations")
    return citations


def _text_citations(text: str, name: str, fmt: str | None, max_citations: int) -> list[Citation]:
    if "\0" in text:
        raise InputError(name, f"contains a NUL character at character {text.index(chr(0))}: "
                               "not a text file")
    fmt = fmt or detect_format(name, text)
    if fmt in ("text", "markdown", "bibtex", "jsonl", "bbl", "tex"):
        count_entries(text, fmt, name, max_citations)
    if fmt == "tex":
        from citecheck.extract.latex import read_bbl

        if "\\bibitem" not in text:
            raise InputError(name, "no thebibliography in this .tex; upload the .bib or .bbl it uses")
        return read_entries(read_bbl(text, name))
    return read_text(text, name, fmt)


def citations_from_upload(filename: str | None, data: bytes, max_citations: int) -> list[Citation]:
    name = safe_name(filename)
    fmt = UPLOAD_FORMATS.get(PurePath(name).suffix.lower())
    if fmt is None:
        raise RequestInputError(
            f"{name}: unsupported file type (use {' '.join(sorted(set(UPLOAD_FORMATS)))})", 415)
    if not data:
        raise InputError(name, "file is empty")
    if fmt == "pdf":
        from citecheck.extract.pdf import read_pdf

        return _capped(read_entries(read_pdf(data, name)), max_citations)
    if fmt == "docx":
        from citecheck.extract.docx import read_docx

        return _capped(read_entries(read_docx(data, name)), max_citations)
    decoded = decode(data, name)  # the command line's decoder: BOMs, UTF-16/32, Latin-1 with a note
    citations = _text_citations(decoded.text, name, fmt, max_citations)
    if decoded.note:
        for citation in citations:
            citation.parse_warnings.append(f"{name}: {decoded.note}")
    return citations


def json_depth(value: Any) -> int:
    """How deeply a parsed JSON value nests arrays and objects (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def citations_from_json(body: Any, max_citations: int, allow_fetch: bool = False) -> list[Citation]:
    """``{"text": ..., "format"?: ...}``, ``{"bibtex": ...}`` or, where the operator allows it,
    ``{"paper": "arXiv:…" | "doi:…" | "https://…"}``."""
    if not isinstance(body, dict):
        raise RequestInputError('the JSON body must be an object: {"text": ...} or {"bibtex": ...}')
    if "paper" in body:
        return _capped(fetched_paper(body["paper"], allow_fetch).citations, max_citations)
    if isinstance(body.get("bibtex"), str):
        return _text_citations(body["bibtex"], "<bibtex>", "bibtex", max_citations)
    if isinstance(body.get("text"), str):
        fmt = body.get("format")
        if fmt is not None and fmt not in TEXT_FORMATS:
            raise RequestInputError(f"format must be one of {', '.join(TEXT_FORMATS)}")
        return _text_citations(body["text"], "<text>", fmt, max_citations)
    raise RequestInputError('give "text" or "bibtex" as a string')


def fetched_paper(paper: Any, allow_fetch: bool) -> Paper:
    """A paper the service fetches (`citecheck.remote`), only where the operator allows it."""
    if not allow_fetch:
        raise RequestInputError("this service does not fetch papers (its operator can allow it: "
                                "citecheck serve --allow-fetch); send the references instead", 403)
    from citecheck.remote import FetchError
    from citecheck.remote.paper import fetch_paper
    from citecheck.remote.targets import parse_target

    target = parse_target(paper) if isinstance(paper, str) and "\0" not in paper else None
    if target is None:
        raise RequestInputError('"paper" must be an arXiv id (arXiv:2401.01234), a DOI (doi:10.…) '
                                "or an https:// URL")
    try:
        return fetch_paper(target)
    except FetchError as exc:
        raise RequestInputError(str(exc), 422) from exc


def parsed_json(body: bytes) -> Any:
    """A JSON body, parsed. Its nesting is bounded: the parser itself stops at Python's recursion
    limit (about 1,000 levels), and anything over `MAX_JSON_DEPTH` is refused."""
    try:
        parsed = json.loads(body)
    except RecursionError as exc:
        raise RequestInputError(f"the JSON body nests too deeply (the limit is {MAX_JSON_DEPTH} "
                                "levels)") from exc
    except ValueError as exc:
        raise RequestInputError(f"the body is not valid JSON: {exc}") from exc
    depth = json_depth(parsed)
    if depth > MAX_JSON_DEPTH:
        raise RequestInputError(f"the JSON body nests {depth} levels deep, over the limit of "
                                f"{MAX_JSON_DEPTH}")
    return parsed


def read_json_body(body: bytes, max_citations: int, allow_fetch: bool = False) -> list[Citation]:
    """A JSON body's citations, numbered."""
    return numbered([citations_from_json(parsed_json(body), max_citations, allow_fetch)])


def link_json_body(body: bytes, max_citations: int, allow_fetch: bool = False) -> Linked:
    """`read_json_body`, and its document linked: a ``"text"`` (unless its ``"format"`` is a
    reference list's) is read as the upload ``<text>``, a fetched paper by its body; a
    ``"bibtex"`` has no body."""
    parsed = parsed_json(body)
    if isinstance(parsed, dict) and "paper" in parsed:
        from citecheck.claims.link import link_markers
        from citecheck.claims.run import claims_by_entry

        paper = fetched_paper(parsed["paper"], allow_fetch)
        citations = _capped(paper.citations, max_citations)
        return _renamed([(citations, claims_by_entry(link_markers(paper.body(), citations), citations))],
                        max_citations)
    citations = citations_from_json(parsed, max_citations, allow_fetch)
    text = None if isinstance(parsed.get("bibtex"), str) else parsed.get("text")  # as citations_from_json reads
    if not isinstance(text, str) or parsed.get("format") not in (None, "text", "markdown"):
        return _renamed([(citations, ({}, []))], max_citations)
    from citecheck.claims.run import claims_of_upload

    return _renamed([(citations, claims_of_upload("<text>", text.encode("utf-8"), citations))], max_citations)


def _upload_groups(files: list[tuple[str | None, bytes]], max_citations: int
                   ) -> Iterator[tuple[str, bytes, list[Citation]]]:
    """Each uploaded file's name, bytes and citations (not numbered yet); the cap counts all
    files together."""
    left = max_citations
    for filename, data in files:
        try:
            group = citations_from_upload(filename, data, left)
        except RequestInputError as exc:
            if exc.status == 413 and left < max_citations:
                raise RequestInputError(f"the files hold more than {max_citations} citations "
                                        "together, the limit per request", 413) from exc
            raise
        yield safe_name(filename), data, group
        left -= len(group)


def read_uploads(files: list[tuple[str | None, bytes]], max_citations: int) -> list[Citation]:
    """Uploaded files' citations, numbered across files."""
    return numbered([group for _, _, group in _upload_groups(files, max_citations)])


def link_uploads(files: list[tuple[str | None, bytes]], max_citations: int) -> Linked:
    """`read_uploads`, and each file's markers linked to its own entries."""
    from citecheck.claims.run import claims_of_upload

    return _renamed([(group, claims_of_upload(name, data, group))
                     for name, data, group in _upload_groups(files, max_citations)], max_citations)


def _renamed(groups: list[tuple[list[Citation], Found]], max_citations: int) -> Linked:
    """Each file's citations with what linking it found, by the ids the file gave its entries:
    the citations numbered across files, and the claims and findings under the final ids."""
    _check_claims_size([c for _, (by_id, _) in groups for checks in by_id.values() for c in checks],
                       max_citations)
    before = [[c.id for c in group] for group, _ in groups]
    citations = numbered([group for group, _ in groups])
    claims = DocumentClaims()
    for (group, (by_id, findings)), ids in zip(groups, before, strict=True):
        rename: dict[str, str] = {}
        for old, cit in zip(ids, group, strict=True):
            rename.setdefault(old, cit.id)  # a key twice in one file: its markers name the first
        claims.by_id.update((rename.get(old, old), checks) for old, checks in by_id.items())
        for finding in findings:
            finding.citation_id = rename.get(finding.citation_id or "", finding.citation_id)
            finding.candidates = [rename.get(c, c) for c in finding.candidates]
        claims.findings.extend(findings)
    return citations, claims


def _check_claims_size(claims: list[ClaimCheck], max_citations: int) -> None:
    """Refuse (413) more than `CLAIMS_PER_CITATION` × ``max_citations`` citing sentences, or
    more than `MAX_CLAIMS_CHARS` of their text, before they are sent back to the service."""
    if len(claims) > CLAIMS_PER_CITATION * max_citations:
        raise RequestInputError(f"{len(claims)} in-text citations, over the limit of "
                                f"{CLAIMS_PER_CITATION * max_citations} per request "
                                f"({CLAIMS_PER_CITATION} per citation allowed)", 413)
    chars = sum(len(c.sentence) + len(c.clause or "") for c in claims)
    if chars > MAX_CLAIMS_CHARS:
        raise RequestInputError(f"the in-text citations' sentences hold {chars} characters, over the "
                                f"limit of {MAX_CLAIMS_CHARS} per request: split the document", 413)


def numbered(groups: list[list[Citation]]) -> list[Citation]:
    citations = [c for group in groups for c in group]
    number_citations(citations)
    return citations
