"""Plain-text and Markdown reference lists, alone or inside a longer report.

Finds the references section (a "References"/"Bibliography"/"Works cited"/"Sources" heading in
Markdown, bold or plain form; the whole text when there is none), splits it into entries
(numbered ``[1]``/``1.``/``(1)``, bullets, blank-line separated blocks, hanging indents or one
per line) and joins wrapped lines; each entry goes to the reading stage unread (`extract.unread`).
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from citecheck.extract.unread import Unread, unread
from citecheck.model import Citation, Provenance, Record

__all__ = ["NEAR_FILES", "front_matter_bibliography", "read_reference_list", "references_section", "split_entries"]

_HEADING_WORDS = (
    r"references?(?:\s+(?:list|cited))?|bibliography|works\s+cited|literature\s+cited|"
    r"cited\s+(?:works|literature)|sources(?:\s+cited)?|citations|further\s+reading|"
    r"selected\s+references|key\s+references|reading\s+list|literatur(?:verzeichnis)?|"
    r"références|bibliographie|referencias|bibliografía"
)
_HEADING_RE = re.compile(
    rf"^\s*(?P<hashes>#{{1,6}})?\s*(?:\*\*|__)?\s*(?:[\dIVX]+\.?\s+)?(?:{_HEADING_WORDS})"
    rf"\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$",
    re.IGNORECASE,
)
_MD_HEADING_RE = re.compile(r"^\s*(#{1,6})\s+\S")
_SETEXT_RE = re.compile(r"^\s*(?:=+|-{3,})\s*$")
_ITEM_RE = re.compile(
    r"^\s*(?:\[(?P<b>[\w.+:-]{1,16})\]|\((?P<p>\d{1,4})\)|(?P<n>\d{1,4})[.)](?=\s)|(?P<bullet>[-*•+·‣▪]))\s+"
)
_HAS_DIGIT_OR_ID = re.compile(r"\d|doi|arxiv|http", re.I)


@dataclass
class Entry:
    text: str  # the entry with its label stripped and wrapped lines joined
    raw: str  # the entry's lines as found
    line: int  # 1-based line of the first line
    label: str | None  # printed label ("12" for "[12]" or "12.")
    loose: bool = False  # text outside the items of a numbered/bulleted list (maybe prose)


def references_section(lines: list[str]) -> tuple[int, int]:
    """(start, end) line indices of the references section; the whole text if none."""
    heading, found = None, None
    for i, line in enumerate(lines):
        if m := _HEADING_RE.match(line):
            heading, found = i, m
    if heading is None or found is None:
        return 0, len(lines)
    hashes = found.group("hashes")
    start = heading + 1
    if start < len(lines) and _SETEXT_RE.match(lines[start]):
        start += 1
    end = len(lines)
    if hashes:
        level = len(hashes)
        for j in range(start, len(lines)):
            m = _MD_HEADING_RE.match(lines[j])
            if m and len(m.group(1)) <= level:
                end = j
                break
    return start, end


def _join(parts: list[str]) -> str:
    out = ""
    for part in parts:
        piece = part.strip()
        if not piece:
            continue
        if out.endswith(("-", "/")) and not out.endswith((" -", " /")) and piece[:1].isalnum():
            out += piece  # a word, URL or DOI broken at a hyphen or slash
        elif out:
            out += " " + piece
        else:
            out = piece
    return out


def _is_noise(line: str) -> bool:
    s = line.strip()
    return (
        not s
        or bool(_MD_HEADING_RE.match(s))
        or bool(_SETEXT_RE.match(s))
        or s in ("```", "---", "***", "___")
        or bool(re.fullmatch(r"(?:\*\*|__)[^*_]{1,60}(?:\*\*|__):?", s))  # a bold sub-heading
    )


def split_entries(text: str) -> list[Entry]:
    """Split a document (or its references section) into reference entries."""
    lines = text.splitlines()
    start, end = references_section(lines)
    body = list(range(start, end))
    items = [i for i in body if _ITEM_RE.match(lines[i]) and not _is_noise(lines[i])]
    groups: list[list[int]] = []
    if items:
        # Numbered/bulleted list: an item runs until the next item or a blank line; text
        # after a blank line that is not an item starts an entry of its own.
        current: list[int] = []
        for i in body:
            line = lines[i]
            if _is_noise(line):
                if current:
                    groups.append(current)
                    current = []
                continue
            if _ITEM_RE.match(line) or not current:
                if current:
                    groups.append(current)
                current = [i]
            else:
                current.append(i)
        if current:
            groups.append(current)
    else:
        nonblank = [i for i in body if lines[i].strip()]
        blocks: list[list[int]] = []
        current = []
        for i in body:
            if _is_noise(lines[i]):
                if current:
                    blocks.append(current)
                    current = []
            else:
                current.append(i)
        if current:
            blocks.append(current)
        multi = sum(1 for b in blocks if len(b) > 1)
        indented = [i for i in nonblank if re.match(r"^\s{2,}\S", lines[i])]
        if indented and len(indented) < len(nonblank):
            # Hanging indent: an unindented line starts an entry, indented lines continue it.
            for b in blocks:
                for i in b:
                    if re.match(r"^\s{2,}\S", lines[i]) and groups and groups[-1][-1] == i - 1:
                        groups[-1].append(i)
                    else:
                        groups.append([i])
        elif multi and len(blocks) > 1 and multi >= len(blocks) / 2:
            groups = blocks  # blank-line separated entries, wrapped over several lines
        else:
            groups = [[i] for b in blocks for i in b]
    entries: list[Entry] = []
    for g in groups:
        raw = "\n".join(lines[i] for i in g)
        first = lines[g[0]]
        m = _ITEM_RE.match(first)
        label = None
        if m:
            label = m.group("b") or m.group("p") or m.group("n")
            first = first[m.end():]
        joined = _join([first] + [lines[i] for i in g[1:]])
        if not joined:
            continue
        if not m and not _HAS_DIGIT_OR_ID.search(joined) and "," not in joined and (
            "." not in joined.rstrip(".")
        ):
            continue  # prose or a stray word, not a reference (a numbered item always counts)
        loose = bool(items) and not m
        entries.append(Entry(text=joined, raw=raw, line=g[0] + 1, label=label, loose=loose))
    return entries


#: True while a file the user named is read (`extract.read_path`): only then may a Markdown
#: document's front matter pull in a ``.bib`` beside it — never for uploads, stdin or text
NEAR_FILES: ContextVar[bool] = ContextVar("citecheck_near_files", default=False)

_FRONT_BIB_RE = re.compile(r"\A---[ \t]*\r?\n(?:[^\n]{0,500}\n){0,60}?bibliography:[ \t]*[\"']?([^\"'\r\n]+?)[\"']?[ \t]*\r?\n")


def front_matter_bibliography(name: str, text: str) -> Path | None:
    """The ``.bib`` a pandoc Markdown document names in its YAML front matter
    (``bibliography: refs.bib``), resolved in the document's folder and never outside it; None
    when it names none, names a file that is not there, or the text is not a file the user named
    (`NEAR_FILES`: an upload's name says nothing about where it lives)."""
    if not NEAR_FILES.get() or Path(name).suffix.lower() not in (".md", ".markdown") or not text.startswith("---"):
        return None
    m = _FRONT_BIB_RE.match(text[:20000])
    if not m:
        return None
    root = Path(name).resolve().parent
    bib = (root / m.group(1).strip()).resolve()
    return bib if bib.is_relative_to(root) and bib.is_file() else None


def read_reference_list(text: str, name: str) -> list[Citation]:
    """Every reference of a plain-text or Markdown list (or report), a `Citation` left unread; a
    pandoc document whose front matter names its ``.bib`` is read from that ``.bib``."""
    bib = front_matter_bibliography(name, text)
    if bib is not None:
        from citecheck.extract.bibtex import read_bibtex
        from citecheck.extract.decode import decode, read_limited

        return read_bibtex(decode(read_limited(bib), str(bib)).text, str(bib))
    base = Path(name).name or name
    fmt = "markdown" if Path(name).suffix.lower() in (".md", ".markdown") else "text"
    citations: list[Citation] = []
    seen: set[str] = set()
    for n, entry in enumerate(split_entries(text), start=1):
        cid = f"{base}#{entry.label}" if entry.label else f"{base}#{n}"
        if cid in seen:
            cid = f"{base}#{n}"
            while cid in seen:
                cid += "'"
        seen.add(cid)
        prov = Provenance(file=name, line=entry.line, key=entry.label, index=len(citations),
                          format=fmt)
        if not re.search(r"[^\W\d_]", entry.text):
            citations.append(Citation(id=cid, raw=entry.raw, provenance=prov, parse_confidence=0.0,
                                      error=f"{name}:{entry.line}: entry has no words to parse"))
            continue
        citations.append(unread(cid, entry.raw.strip(), prov, Unread(entry.text, loose=entry.loose),
                                found=Record(id=cid)))
    return citations
