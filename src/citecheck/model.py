"""The one data model every stage speaks.

`Record` is a CSL-JSON item (what Crossref, Zotero, citeproc and pandoc speak): the index stores
them, sources return them, citations are parsed into them and corrected output is written from
them. Field names never change between stages; hyphenated CSL keys are reachable by their
pythonic attribute names (``record.container_title``) and serialise back under the CSL name.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from citecheck.regex_cache import compile_re

OUTPUT_SCHEMA_VERSION = "1.0"


class Label(StrEnum):
    EXACT = "EXACT"  # a real work, cited faithfully
    MINOR = "MINOR"  # a real work, some metadata wrong
    MAJOR = "MAJOR"  # no such work, or the identifier points at another work
    UNVERIFIED = "UNVERIFIED"  # the sources that could decide did not answer
    ERROR = "ERROR"  # the input entry could not be read or parsed

    @property
    def severity(self) -> int:
        """Order used by ``--fail-on``: higher is worse; UNVERIFIED never fails a run alone, and
        ERROR (an entry that could not be checked) fails any ``--fail-on`` but ``never``."""
        return {"EXACT": 0, "UNVERIFIED": 0, "ERROR": 0, "MINOR": 1, "MAJOR": 2}[self.value]


_ATOMS = (str, int, float, bool, type(None))


def _fresh(value: Any) -> Any:
    """A copy of a field's value sharing nothing mutable with it (strings and numbers are shared)."""
    if isinstance(value, _ATOMS):
        return value
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, BaseModel):
        return value.__deepcopy__()
    return copy.deepcopy(value)


class _CslModel(BaseModel):
    """A CSL model whose deep copy (``model_copy(deep=True)``, ``copy.deepcopy``) copies only what
    is mutable: the generic one walks every string of every name through ``copy.deepcopy``, and a
    reading is copied several times per citation (a tenth of the checker's time went there)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        new = self.__copy__()  # a new __dict__, fields-set and extras; values still shared
        for key, value in new.__dict__.items():
            if not isinstance(value, _ATOMS):
                new.__dict__[key] = _fresh(value)
        if new.__pydantic_extra__:
            for key, value in new.__pydantic_extra__.items():
                new.__pydantic_extra__[key] = _fresh(value)
        return new


class Name(_CslModel):
    """A CSL name: a person (family/given) or a literal (collaboration, organisation)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    family: str | None = None
    given: str | None = None
    literal: str | None = None
    suffix: str | None = None
    non_dropping_particle: str | None = Field(default=None, alias="non-dropping-particle")
    dropping_particle: str | None = Field(default=None, alias="dropping-particle")

    def display(self) -> str:
        if self.literal:
            return self.literal
        parts = [self.given, self.dropping_particle, self.non_dropping_particle, self.family]
        return " ".join(p for p in parts if p)


class DateParts(_CslModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    date_parts: list[list[int | str]] | None = Field(default=None, alias="date-parts")
    literal: str | None = None
    raw: str | None = None


def year_of(date_parts: list[list[int | str]] | None) -> int | None:
    """The year of CSL ``date-parts`` (its first part), None when there is none."""
    if date_parts:
        try:
            return int(date_parts[0][0])
        except (ValueError, TypeError, IndexError):
            return None
    return None


#: publication dates a record may hold, by kind. Deposit and index dates (Crossref's ``created``,
#: ``deposited``, ``indexed``) are never publication dates and have no kind here.
DATE_KINDS = ("issued", "print", "online", "posted", "accepted")


@dataclass(frozen=True, slots=True)
class TitleFace:
    """One title of a work and what it is: "title" (as the source gives it), "subtitle" (title
    and subtitle joined), "original" (the original-language title), "short", "preprint"."""

    kind: str
    title: str


class Version(_CslModel):
    """Another version of the work than the record's own fields describe: "journal" (where a
    preprint appeared) or "preprint", with the year of that version when the source gives it."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    kind: Literal["journal", "preprint"] = "journal"
    year: int | None = None
    container_title: str | None = Field(default=None, alias="container-title")
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    DOI: str | None = None
    source: str | None = None  # the field it was read from ("journal_ref", "publication_info", ...)


_PAGE_LABEL_RE = compile_re(r"^\s*(?:pp?\.|pages?|art\.|no\.)\s*", re.IGNORECASE)
# what ends a first page: a range's dash (a Japanese wave dash too: "243~251"), a list's comma
_PAGE_END_RE = compile_re(r"[-–—‐‑~〜～]+|,")


def first_page_of(page: str | None) -> str | None:
    """A page field's first page: "1755-1769", "243~251", "pp. 12–15", "1, 46, 48 passim" → "1755", "243",
    "12", "1"; None for an empty field."""
    if not page:
        return None
    return _PAGE_END_RE.split(_PAGE_LABEL_RE.sub("", page.strip()))[0].strip() or None


class Record(_CslModel):
    """A CSL-JSON item. Unknown CSL keys are kept (``extra='allow'``)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str = ""
    type: str = "article-journal"
    title: str | None = None
    author: list[Name] = Field(default_factory=list)
    editor: list[Name] = Field(default_factory=list)
    issued: DateParts | None = None
    container_title: str | None = Field(default=None, alias="container-title")
    container_title_short: str | None = Field(default=None, alias="container-title-short")
    collection_title: str | None = Field(default=None, alias="collection-title")
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    number: str | None = None
    publisher: str | None = None
    DOI: str | None = None
    URL: str | None = None
    ISBN: str | None = None
    custom: dict[str, Any] = Field(default_factory=dict)

    # -- convenience accessors (derived, never stored twice) --------------------------------
    @property
    def year(self) -> int | None:
        return year_of(self.issued.date_parts) if self.issued else None

    # -- faces: every date, title and version the source gives (stored in ``custom``) ------
    @property
    def dates(self) -> dict[str, list[int]]:
        """Publication dates by kind (`DATE_KINDS`: issued, print, online, posted, accepted) as
        date-parts ``[Y, M, D]``; empty when the source gave only ``issued`` (or nothing)."""
        raw = self.custom.get("dates")
        if not isinstance(raw, dict):
            return {}
        return {k: [int(x) for x in v] for k, v in raw.items()
                if k in DATE_KINDS and isinstance(v, list) and v and all(isinstance(x, int) for x in v)}

    def set_date(self, kind: str, parts: list[int] | None) -> None:
        """Keep one publication date of the given kind (deposit/index dates are none)."""
        if kind not in DATE_KINDS:
            raise ValueError(f"unknown date kind {kind!r} (one of {', '.join(DATE_KINDS)})")
        if parts:
            self.custom.setdefault("dates", {})[kind] = [int(x) for x in parts]

    @property
    def titles(self) -> list[TitleFace]:
        """Every title the record holds: ``title`` first (kind "title"), then the others the
        source gives (subtitle joined, original, short, the preprint's, translated)."""
        out = [TitleFace(kind="title", title=self.title)] if self.title else []
        for item in self.custom.get("titles") or []:
            if isinstance(item, dict) and isinstance(item.get("title"), str) and item["title"]:
                out.append(TitleFace(kind=str(item.get("kind") or "title"), title=item["title"]))
        return out

    def add_title(self, kind: str, title: str | None) -> None:
        """Keep another title of the work (not one the record already holds, letter case aside)."""
        if not title or not title.strip():
            return
        if any(t.title.casefold() == title.casefold() for t in self.titles):
            return
        self.custom.setdefault("titles", []).append({"kind": kind, "title": title})

    @property
    def versions(self) -> list[Version]:
        """Other versions of the work the source names (a preprint's journal version from its
        journal reference, each INSPIRE publication_info, S2's journal), each with its year."""
        out = []
        for item in self.custom.get("versions") or []:
            if isinstance(item, dict):
                out.append(Version.model_validate(item))
        return out

    def add_version(self, version: Version) -> None:
        data = version.model_dump(by_alias=True, exclude_none=True)
        if len(data) > 1 and data not in (self.custom.get("versions") or []):
            self.custom.setdefault("versions", []).append(data)

    @property
    def arxiv(self) -> str | None:
        value = self.custom.get("arxiv")
        return str(value) if value else None

    @property
    def first_page(self) -> str | None:
        return first_page_of(self.page)

    @property
    def authors_truncated(self) -> bool:
        return bool(self.custom.get("authors_truncated"))

    def authors_short(self) -> str:
        """'Smith', 'Smith & Jones' or 'Smith et al.' for messages and reports."""
        names = [n.family or n.literal or "" for n in self.author if n.family or n.literal]
        if not names:
            return ""
        if len(names) > 2 or self.authors_truncated:
            return f"{names[0]} et al."
        return " & ".join(names)

    def to_csl(self) -> dict[str, Any]:
        """Serialise back to CSL-JSON (hyphenated keys, empty fields dropped)."""
        data = self.model_dump(by_alias=True, exclude_none=True)
        for key in ("author", "editor", "custom"):
            if not data.get(key):
                data.pop(key, None)
        return data

    @classmethod
    def from_csl(cls, item: dict[str, Any]) -> Record:
        return cls.model_validate(item)


def set_year(record: Record, year: int | None) -> None:
    record.issued = DateParts(**{"date-parts": [[year]]}) if year is not None else None


class Provenance(BaseModel):
    """Where a citation came from, so a report can point the user back at it."""

    model_config = ConfigDict(extra="forbid")

    file: str | None = None  # path, or "<stdin>"
    line: int | None = None  # 1-based line of the entry's start
    page: int | None = None  # 1-based PDF page where the entry starts (PDF inputs only)
    key: str | None = None  # BibTeX key, \bibitem key, JSONL id
    index: int = 0  # position of the citation within its input (0-based)
    format: str | None = None  # bibtex | text | markdown | jsonl | bbl | tex | pdf


class Citation(BaseModel):
    """One citation as the user wrote it, plus the fields parsed from it."""

    id: str  # stable id: the input's own id/key when it has one, else file#index
    raw: str  # the text (or BibTeX source) as found in the input
    fields: Record = Field(default_factory=Record)  # parsed fields, CSL names
    provenance: Provenance = Field(default_factory=Provenance)
    parse_confidence: float = 1.0  # 0..1; low values may be re-parsed by an LLM parser
    parse_warnings: list[str] = Field(default_factory=list)
    error: str | None = None  # set when the entry could not be read; becomes an ERROR verdict
    # other readings of `raw` (mostly another title), produced once with the fields by the reading
    # stage (reading/refparse/readings.py; None: not produced yet); retrieval searches them when
    # the fields find nothing
    readings: list[Record] | None = None
    # an entry found but not read yet: a free-text entry extract left for the reading stage
    # (`extract.unread`), or a JSON Lines line offline batches read in the worker process that
    # checks it; `reading.read_entries` reads both. None once read
    pending: dict[str, Any] | None = Field(default=None, exclude=True, repr=False)


#: formats whose entries arrive with their fields (a BibTeX or CSL entry, a .bbl's ``\bibitem``):
#: nothing in their text to read again
STRUCTURED_FORMATS = frozenset({"bibtex", "csl", "bbl"})


def free_text(citation: Citation) -> bool:
    """Whether the entry is a reference's free text rather than a structured entry (one of
    `STRUCTURED_FORMATS`, or a BibTeX or JSON entry pasted as text): only a free-text entry is read
    by the reading stage, and has other readings of its text to search and judge by."""
    return citation.provenance.format not in STRUCTURED_FORMATS and citation.raw.lstrip()[:1] not in "@{"


DiscrepancyKind = Literal[
    "mismatch",  # both sides have the field and they disagree
    "missing_in_record",  # cited value absent from the record (cannot be confirmed)
    "extra_author",
    "missing_author",
    "swapped_authors",
    "misspelled",
    "identifier_conflict",  # DOI/arXiv id resolves to a different work
    "other",
]


class Discrepancy(BaseModel):
    field: str  # CSL field name: title, author, issued, container-title, volume, page, DOI, arxiv
    cited: str | None = None
    found: str | None = None
    kind: DiscrepancyKind = "mismatch"
    severity: Literal["minor", "major"] = "minor"
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class Signals:
    """Cheap agreement signals retrieval ranks and accepts candidates by (see `retrieve.py`)."""

    title_similarity: float = 0.0  # 0..1, `titles.title_similarity`
    year_agree: bool | None = None  # years within one; None when either is missing
    author_agree: bool | None = None  # the first cited author is among the record's first five
    author_collective: bool = False  # ... and it is only a collaboration name
    initial_clash: bool = False  # ... but the first given initial differs from every namesake's
    also_matched_by: str | None = None  # a second cascade stage found the same record

    @property
    def personal_author_agrees(self) -> bool:
        """An author agrees, and not only a collaboration name (which matches hundreds)."""
        return bool(self.author_agree) and not self.author_collective


class Candidate(BaseModel):
    """A record a source proposed for a citation, with the signals that chose it."""

    record: Record
    source: str  # "index", "crossref", "arxiv", ...
    matched_by: Literal["doi", "arxiv", "journal", "title", "web", "other"] = "title"
    score: float = 0.0  # retrieval score 0..1 (title similarity combined with agreement)
    signals: Signals = Field(default_factory=Signals)


class Assessment(BaseModel):
    """What the verifier says about one citation vs one candidate."""

    score: float  # 0..10
    confidence: float  # 0..1
    discrepancies: list[Discrepancy] = Field(default_factory=list)
    rationale: str = ""
    field_scores: dict[str, float] = Field(default_factory=dict)
    compared: list[str] | None = None  # the fields the comparator could compare (None: not told)


class SourceStatus(BaseModel):
    """Whether a source was asked about a citation and how it answered."""

    source: str
    status: Literal["answered", "failed", "skipped"]
    reason: str | None = None


SupportLabel = Literal["SUPPORTED", "CONTRADICTED", "UNRELATED", "CANNOT_TELL"]


class ClaimCheck(BaseModel):
    """One sentence of the document that cites this entry, and whether the cited work supports
    it (``label`` None: not judged — no model, or support not asked)."""

    sentence: str
    clause: str | None = None
    marker: str  # the marker as written: "[3]", "(Smith et al., 2019)", "\\citep{smith}"
    file: str | None = None
    line: int | None = None
    page: int | None = None
    label: SupportLabel | None = None
    quote: str | None = None  # the abstract's words that decide it (found in the abstract)
    rationale: str = ""
    model: str | None = None
    abstract_source: str | None = None


class DocumentFinding(BaseModel):
    """What the linkage of markers to entries found wrong in a document, with no network and no
    model: a marker no entry answers, an entry no marker cites, a marker that fits several."""

    kind: Literal["orphan-marker", "uncited-entry", "ambiguous-marker"]
    message: str
    file: str | None = None
    line: int | None = None
    page: int | None = None
    marker: str | None = None
    citation_id: str | None = None
    candidates: list[str] = Field(default_factory=list)


class Verdict(BaseModel):
    """The decision for one citation, with everything a person needs to act on it."""

    citation: Citation
    label: Label
    score: float | None = None
    confidence: float = 0.0
    discrepancies: list[Discrepancy] = Field(default_factory=list)
    rationale: str = ""
    match: Record | None = None
    match_source: str | None = None
    matched_by: str | None = None
    evidence: list[str] = Field(default_factory=list)
    sources: list[SourceStatus] = Field(default_factory=list)
    thresholds: dict[str, float] = Field(default_factory=dict)
    reviewer: str | None = None  # what the reviewer pass did, when it ran
    #: what fixed the label: "score" (thresholds on the score; re-thresholdable), "reviewer"
    #: (identifier points at another work), "not_found", "unverified" or "error"
    decided_by: Literal["score", "reviewer", "not_found", "unverified", "error"] = "score"
    #: the matched work was retracted or withdrawn: kind, notice (DOI), date, source
    #: (citecheck.retraction); the label stays what the comparison says
    retracted: dict[str, Any] | None = None
    #: the document's sentences that cite this entry (``--claims``); None when not asked
    claims: list[ClaimCheck] | None = None

    def to_json(self) -> dict[str, Any]:
        """The documented output object (docs/output-format.md)."""
        cit = self.citation
        return {
            "id": cit.id,
            "label": self.label.value,
            "score": None if self.score is None else round(self.score, 3),
            "confidence": round(self.confidence, 3),
            "rationale": self.rationale,
            "discrepancies": [d.model_dump(exclude_none=True) for d in self.discrepancies],
            "citation": {
                "raw": cit.raw,
                "fields": cit.fields.to_csl(),
                "provenance": cit.provenance.model_dump(exclude_none=True),
                "parse_confidence": round(cit.parse_confidence, 3),
                "parse_warnings": cit.parse_warnings,
                "error": cit.error,
            },
            # the abstract (kept for --claims) is evidence for a judge, not part of the match shown
            "match": {k: v for k, v in self.match.to_csl().items() if k != "abstract"} if self.match else None,
            "match_source": self.match_source,
            "matched_by": self.matched_by,
            "evidence": self.evidence,
            "sources": [s.model_dump(exclude_none=True) for s in self.sources],
            "thresholds": self.thresholds,
            "reviewer": self.reviewer,
            "decided_by": self.decided_by,
            "retracted": self.retracted,
            **({"claims": [c.model_dump(exclude_none=True) for c in self.claims]} if self.claims is not None else {}),
        }
