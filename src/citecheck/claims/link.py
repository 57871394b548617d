"""Markers tied to entries, and what does not tie: findings that need no network and no model.

- a numeric marker names an entry's printed label ("[12]" → the entry labelled 12; by position
  when the list prints no labels);
- a key (``\\cite{k}``, ``[@k]``) names the entry with that BibTeX / ``\\bibitem`` key;
- an author–year marker names the entry whose first author and year agree (the second author
  too for "Smith and Lee"; "et al." wants two or more authors); "2019a"/"2019b" choose among one
  author's works of a year by the letter printed in the entry, else by their order in the list.

Findings: ``orphan-marker`` (a marker with no entry), ``uncited-entry`` (an entry no marker
cites; only said of a document that cites at all, never after ``\\nocite{*}``) and
``ambiguous-marker`` (an author–year marker that fits several entries).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from citecheck.claims.body import Segment
from citecheck.claims.markers import Marker, Ref, find_latex_markers, find_text_markers
from citecheck.claims.sentences import Sentences
from citecheck.model import Citation
from citecheck.names import first_author_key, name_key

__all__ = ["Finding", "Link", "Linkage", "link_document", "link_markers", "read_document"]

FindingKind = Literal["orphan-marker", "uncited-entry", "ambiguous-marker"]

_NOCITE_RE = re.compile(r"\\nocite\s*\{([^{}]*)\}")
_YEAR_RE = re.compile(r"(\d{4})([a-z]?)$")


@dataclass(frozen=True)
class Link:
    """One marker's reference to one entry, with the sentence it supports."""

    marker: Marker
    ref: Ref
    citation_id: str
    sentence: str
    clause: str


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    message: str
    marker: Marker | None = None
    citation_id: str | None = None
    candidates: tuple[str, ...] = ()


@dataclass
class Linkage:
    markers: list[Marker] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def cited_by(self, citation_id: str) -> list[Link]:
        return [link for link in self.links if link.citation_id == citation_id]


class _Entries:
    """The entries a marker can name, indexed by label, key, and first author and year."""

    def __init__(self, citations: list[Citation]) -> None:
        self.citations = citations
        self.by_key: dict[str, str] = {}
        for cit in citations:
            key = cit.provenance.key
            if key and key not in self.by_key:
                self.by_key[key] = cit.id
        labelled = any(k.isdigit() for k in self.by_key)
        self.by_number = {k: v for k, v in self.by_key.items() if k.isdigit()} if labelled else {
            str(i): cit.id for i, cit in enumerate(citations, start=1)}

    def numeric(self, label: str) -> list[str]:
        found = self.by_number.get(label)
        return [found] if found else []

    def key(self, label: str) -> list[str]:
        found = self.by_key.get(label)
        return [found] if found else []

    def author_year(self, ref: Ref) -> list[str]:
        m = _YEAR_RE.match(ref.year or "")
        if not m or not ref.names:
            return []
        year, letter = int(m.group(1)), m.group(2)
        first = name_key(ref.names[0])
        fits = [c for c in self.citations if c.fields.year == year and first_author_key(c.fields) == first
                and _more_authors_fit(c, ref)]
        if len(fits) > 1 and letter:
            printed = [c for c in fits if re.search(rf"\b{year}{letter}\b", c.raw)]
            if printed:
                return [c.id for c in printed]
            index = ord(letter) - ord("a")
            return [fits[index].id] if index < len(fits) else []
        return [c.id for c in fits]


def _more_authors_fit(cit: Citation, ref: Ref) -> bool:
    authors = cit.fields.author
    if ref.et_al:
        return len(authors) >= 2
    if len(ref.names) >= 2:
        keys = [name_key(a.family or a.literal) for a in authors]
        return all(name_key(n) in keys for n in ref.names[1:])
    return True


def _markers(segment: Segment, labels: set[str]) -> list[Marker]:
    if segment.syntax == "latex":
        found = find_latex_markers(segment.text, segment.first_line, segment.file)
    else:
        found = find_text_markers(segment.text, segment.first_line, segment.file, labels=labels)
    if segment.page is not None:
        found = [Marker(m.style, m.text, m.start, m.end, m.refs, m.line, m.file, segment.page, m.narrative)
                 for m in found]
    return found


def _targets(entries: _Entries, marker: Marker, ref: Ref) -> list[str]:
    if marker.style == "numeric":
        return entries.numeric(ref.label or "")
    if marker.style == "key":
        return entries.key(ref.label or "")
    return entries.author_year(ref)


def _describe(ref: Ref) -> str:
    if ref.label is not None:
        return ref.label
    names = " and ".join(ref.names) + (" et al." if ref.et_al else "")
    return f"{names} {ref.year}"


def _nocite(segments: Iterable[Segment]) -> tuple[set[str], bool]:
    keys = {k.strip() for s in segments if s.syntax == "latex"
            for m in _NOCITE_RE.finditer(s.text) for k in m.group(1).split(",")}
    return keys - {"*"}, "*" in keys


def link_markers(segments: list[Segment], citations: list[Citation]) -> Linkage:
    """Find the markers of ``segments``, tie each to ``citations``, and say what does not tie."""
    entries = _Entries([c for c in citations if c.error is None])
    out = Linkage()
    printed = {k for k in entries.by_key if not k.isdigit() and len(k) <= 60}
    for segment in segments:
        sentences = Sentences(segment.text, latex=segment.syntax == "latex")
        for marker in _markers(segment, printed):
            out.markers.append(marker)
            ctx = sentences.context(marker.start, marker.end)
            for ref in marker.refs:
                _link_one(out, entries, marker, ref, ctx.sentence, ctx.clause)
    nocited, everything = _nocite(segments)
    if out.links and not everything:
        cited = ({link.citation_id for link in out.links} | {entries.by_key.get(k) for k in nocited}
                 | {c for f in out.findings for c in f.candidates})  # an ambiguous marker cites one of them
        for cit in entries.citations:
            if cit.id not in cited:
                out.findings.append(Finding("uncited-entry", "no marker in the text cites this entry",
                                            citation_id=cit.id))
    return out


def _link_one(out: Linkage, entries: _Entries, marker: Marker, ref: Ref, sentence: str, clause: str) -> None:
    targets = _targets(entries, marker, ref)
    if len(targets) == 1:
        out.links.append(Link(marker, ref, targets[0], sentence, clause))
    elif targets:
        out.findings.append(Finding(
            "ambiguous-marker",
            f"{marker.text!r} ({_describe(ref)}) fits {len(targets)} entries: {', '.join(targets)}",
            marker=marker, candidates=tuple(targets)))
    elif _could_be_a_citation(entries, marker):
        out.findings.append(Finding("orphan-marker",
                                    f"{marker.text!r} cites {_describe(ref)}, which no entry is",
                                    marker=marker))


def _could_be_a_citation(entries: _Entries, marker: Marker) -> bool:
    """A marker that ties to nothing is an orphan when the list could have held its target: a
    key when the entries have keys (a Markdown list has none: pandoc keys need the ``.bib``);
    an author–year marker when the list is an author–year list (no printed numbers) — in a
    numbered document "Einstein (1905)" is prose."""
    if not entries.citations:
        return False
    if marker.style == "key":
        return any(not k.isdigit() for k in entries.by_key)
    if marker.style == "author-year":
        return not any(k.isdigit() for k in entries.by_key)
    return True


def read_document(path: str) -> tuple[bytes, list[Citation]]:
    """A document the user named: its bytes and its entries, read as `entries.read_path` reads
    a named file (so a pandoc document's front-matter ``.bib`` beside it is followed)."""
    from pathlib import Path

    from citecheck.entries import read_bytes
    from citecheck.extract.decode import read_limited
    from citecheck.extract.text import NEAR_FILES

    data = read_limited(Path(path))
    token = NEAR_FILES.set(True)
    try:
        return data, read_bytes(data, path)
    finally:
        NEAR_FILES.reset(token)


def link_document(path: str, citations: list[Citation] | None = None) -> Linkage:
    """The linkage of the document at ``path``: its body's markers tied to its entries (read
    from the same file unless ``citations`` are given; a pandoc document's front-matter ``.bib``)."""
    from citecheck.claims.body import body_segments

    data, read = read_document(path)
    return link_markers(body_segments(path, data), read if citations is None else citations)
