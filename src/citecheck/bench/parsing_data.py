"""Labelled reference strings for training and measuring the token labeller.

Reads ../shared/data/parsing: GROBID's citation training corpus (``grobid-train/tei/*.xml``,
Apache-2.0, PDF-extracted references with inline TEI labels) and AnyStyle's gold set
(``anystyle-gold.jsonl``, BSD-2-Clause, ``segments``); and the UMass Citation Field Extraction
set (Anzaroot & McCallum 2013: references from arXiv PDFs, nested inline labels; no licence, so
it is fetched and converted locally by scripts/fetch_umass.py, never stored here). Every reference
becomes a list of ``(label, text)`` segments in the printed order; the split into train /
validation / test is deterministic and by source document where one is known (a GROBID TEI file is
one document; AnyStyle's and UMass's references carry no document, so they are split one by one by
id — UMass keeps its own training / dev / testing files as its split). GROBID's citation
*evaluation* files (CERN's arXiv and INSPIRE-HEP physics references, Apache-2.0, not part of the
training corpus) are converted by scripts/build_grobid_eval.py into
benchmarks/data/grobid-eval/grobid-eval.jsonl.gz, each reference with its source paper.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from citecheck.years import YEAR

__all__ = ["LabelledReference", "grobid_eval_rows", "load_anystyle", "load_grobid", "load_grobid_eval",
           "load_rendered", "load_umass", "split_of", "umass_row"]

_TEI = "{http://www.tei-c.org/ns/1.0}"
_SPACE_RE = re.compile(r"\s+")

#: GROBID/AnyStyle label → the labeller's label
_ANYSTYLE_LABELS = {
    "author": "author", "editor": "editor", "translator": "editor", "date": "date",
    "title": "title", "journal": "container", "container-title": "container",
    "collection-title": "collection", "volume": "volume", "pages": "pages",
    "publisher": "publisher", "location": "location", "doi": "identifier", "isbn": "identifier",
    "url": "url", "note": "note", "genre": "note", "edition": "note",
    "citation-number": "other",
}


@dataclass
class LabelledReference:
    id: str
    document: str  # the source document (TEI file), or the id when none is known
    corpus: str  # "grobid" | "anystyle" | "rendered"
    segments: list[tuple[str, str]] = field(default_factory=list)
    gold: dict[str, object] = field(default_factory=dict)  # the corpus's own field values

    spaced: list[bool] = field(default_factory=list)  # segments[i] is preceded by a space
    fixed_split: str = ""  # the corpus's own split, where it has one (UMass's three files)

    @property
    def text(self) -> str:
        return "".join((" " if i and self.spaced[i] else "") + t for i, (_, t) in enumerate(self.segments))

    def spans(self) -> list[tuple[str, int, int]]:
        """(label, start, end) of each segment in `text`."""
        out, pos = [], 0
        for i, (label, t) in enumerate(self.segments):
            pos += 1 if i and self.spaced[i] else 0
            out.append((label, pos, pos + len(t)))
            pos += len(t)
        return out

    @property
    def split(self) -> str:
        return self.fixed_split or split_of(self.corpus, self.document)


def split_of(corpus: str, document: str) -> str:
    """'train' (80 %), 'validation' (10 %) or 'test' (10 %), fixed by a hash of the document."""
    h = int(hashlib.sha1(f"{corpus}:{document}".encode()).hexdigest()[:8], 16) % 10
    return "test" if h == 0 else "validation" if h == 1 else "train"


def _grobid_label(el: ET.Element, has_article_title: bool) -> str:
    tag = el.tag.replace(_TEI, "")
    if tag == "title":
        level = el.get("level", "a")
        if level == "a":
            return "title"
        if level == "j":
            return "container"
        if level == "m":
            return "container" if has_article_title else "title"
        return "collection"
    if tag == "biblScope":
        unit = (el.get("unit") or el.get("type") or "").lower()
        return {"vol": "volume", "volume": "volume", "issue": "issue", "pp": "pages",
                "page": "pages"}.get(unit, "other")
    if tag == "orgName" and el.get("type") == "collaboration":
        return "author"  # "ATLAS Collaboration": the author of the work (CSL literal name)
    return {"author": "author", "editor": "editor", "date": "date", "publisher": "publisher",
            "pubPlace": "location", "idno": "identifier", "ptr": "url", "note": "note",
            "orgName": "publisher", "institution": "publisher"}.get(tag, "other")


def _bibl_segments(bibl: ET.Element) -> tuple[list[tuple[str, str]], list[bool]]:
    """The labelled pieces of a ``<bibl>`` and, for each, whether white space precedes it (the
    spacing of the PDF text is kept: "Phys .Rev" stays, "(<date>2011</date>)" has none)."""
    has_a = any(t.get("level", "a") == "a" for t in bibl.iter(f"{_TEI}title"))
    segs: list[tuple[str, str]] = []
    spaced: list[bool] = []
    pending = False

    def add(label: str, text: str | None) -> None:
        nonlocal pending
        raw = _SPACE_RE.sub(" ", text or "")
        core = raw.strip()
        if not core:
            pending = pending or bool(raw)
            return
        spaced.append(pending or raw.startswith(" "))
        segs.append((label, core))
        pending = raw.endswith(" ")

    add("other", bibl.text)
    for child in bibl:
        if child.tag.replace(_TEI, "") == "lb":
            pending = True
        else:
            add(_grobid_label(child, has_a), "".join(child.itertext()))
        add("other", child.tail)
    return segs, spaced


def load_grobid(root: Path) -> Iterator[LabelledReference]:
    """Every ``<bibl>`` of the TEI files under ``root/tei`` (sorted by file name)."""
    gold_by_text: dict[tuple[str, str], dict[str, object]] = {}
    jsonl = root / "grobid-train.jsonl"
    if jsonl.exists():
        for line in jsonl.open(encoding="utf-8"):
            row = json.loads(line)
            gold_by_text[(row["file"], _SPACE_RE.sub("", row["text"]))] = row["gold"]
    for path in sorted((root / "tei").glob("*.xml")):
        try:
            tree = ET.parse(path)
        except ET.ParseError:
            continue
        for n, bibl in enumerate(tree.iter(f"{_TEI}bibl")):
            segs, spaced = _bibl_segments(bibl)
            if not segs:
                continue
            ref = LabelledReference(f"grobid:{path.name}#{n}", path.name, "grobid", segs, spaced=spaced)
            ref.gold = gold_by_text.get((path.name, _SPACE_RE.sub("", ref.text)), {})
            yield ref


def load_anystyle(path: Path) -> Iterator[LabelledReference]:
    for line in path.open(encoding="utf-8"):
        row = json.loads(line)
        segs = [(_ANYSTYLE_LABELS.get(lab, "other"), _SPACE_RE.sub(" ", text).strip())
                for lab, text in row["segments"]]
        segs = [s for s in segs if s[1]]
        yield LabelledReference(row["id"], row["id"], "anystyle", segs, row.get("fields", {}),
                                spaced=[True] * len(segs))


# --- UMass Citation Field Extraction (Anzaroot & McCallum 2013) ---------------------------------
#
# One reference a line, every tag and word a space-separated token: ``<authors> <person>
# <person-first> E. </person-first> … </authors> <title> … </title> <venue> <journal> Phys . Rev .
# </journal> <volume> D43 </volume> … </venue>``. The innermost tag that names a field decides the
# label; words directly inside <authors> or <editor> ("and", "et al") belong to it, words directly
# inside <venue> ("in :") are "other".

#: UMass tag → the labeller's label (tags not listed: "other")
_UMASS_LABELS = {
    "ref-marker": "other", "authors": "author", "person": "author", "person-first": "author",
    "person-middle": "author", "person-last": "author", "person-affix": "author", "editor": "editor",
    "title": "title", "subtitle": "title", "chapter": "title", "journal": "container",
    "booktitle": "container", "series": "collection", "volume": "volume", "number": "issue",
    "pages": "pages", "date": "date", "year": "date", "month": "date", "publisher": "publisher",
    "address": "location", "institution": "publisher", "school": "publisher",
    "organization": "publisher", "department": "publisher", "reference_id": "identifier",
    "category": "identifier", "web": "url", "tech": "note", "status": "note", "thesis": "note",
    "edition": "note", "language": "note", "note": "note",
}
#: the tags that open a field (the tags inside them only refine it)
_UMASS_FIELDS = frozenset(_UMASS_LABELS) - {"person", "person-first", "person-middle", "person-last",
                                             "person-affix", "year", "month"}
_UMASS_SPLITS = {"training": "train", "dev": "validation", "testing": "test"}
# "</<reference_id>": a close tag typed twice over, in the distributed files
_UMASS_TAG_RE = re.compile(r"(</?)<?([a-z][a-z_-]*)>")
#: the tokeniser split punctuation off the words ("Phys . Rev .", "Montroll ,"); the PDF text had none
_SPACE_BEFORE_RE = re.compile(r" (?=[,.;:)\]]+(?:\s|$))")
_SPACE_AFTER_RE = re.compile(r"(?<=[(\[]) ")


def _umass_detokenised(text: str) -> str:
    """The tokeniser's spaces taken out again: before closing punctuation, after an opening
    bracket, inside a pair of straight quotes ('" A study , "' → '"A study,"')."""
    words: list[str] = []
    glue, quotes = False, 0
    for word in _SPACE_AFTER_RE.sub("", _SPACE_BEFORE_RE.sub("", text)).split(" "):
        closing = word == '"' and quotes % 2 == 1
        if words and (glue or closing):
            words[-1] += word
        else:
            words.append(word)
        glue = word == '"' and not closing
        quotes += word == '"'
    return " ".join(words)


def _umass_tokens(line: str) -> Iterator[tuple[str, str]]:
    """("open" | "close" | "word", text) for each tag and word of a line."""
    for token in line.split():
        pos = 0
        for m in _UMASS_TAG_RE.finditer(token):
            if m.start() > pos:
                yield "word", token[pos:m.start()]
            yield ("close" if m.group(1) == "</" else "open"), m.group(2)
            pos = m.end()
        if pos < len(token):
            yield "word", token[pos:]


def _umass_segments(line: str) -> list[tuple[str, str]]:
    """(label, words) pieces: one per field element, words joined by single spaces as tokenised."""
    stack: list[tuple[str, int]] = []  # open field tags and the number of the element
    pieces: list[tuple[str, int, list[str]]] = []
    opened = 0
    for kind, text in _umass_tokens(line):
        if kind == "open":
            opened += 1
            if text in _UMASS_FIELDS:
                stack.append((text, opened))
        elif kind == "close":
            if stack and stack[-1][0] == text:
                stack.pop()
        else:
            tag, element = stack[-1] if stack else ("", 0)
            label = _UMASS_LABELS.get(tag, "other")
            if pieces and pieces[-1][:2] == (label, element):
                pieces[-1][2].append(text)
            else:
                pieces.append((label, element, [text]))
    return [(label, " ".join(words)) for label, _, words in pieces]


def _umass_gold(segs: list[tuple[str, str]]) -> dict[str, object]:
    """The field values in AnyStyle's keys (`benchmarks/labeller_eval.py` scores them so): the
    first segment of each field, separator punctuation trimmed; authors as printed, one string."""
    first: dict[str, str] = {}
    for label, text in segs:
        first.setdefault(label, text.strip(" ,;:"))
    gold: dict[str, object] = {}
    for label, key in (("title", "title"), ("container", "container-title"), ("volume", "volume"),
                       ("issue", "issue"), ("pages", "pages"), ("date", "date"),
                       ("publisher", "publisher")):
        if first.get(label):
            gold[key] = first[label]
    authors = [text for label, text in segs if label == "author"]
    if authors:
        gold["author"] = authors
    return gold


def umass_row(line: str, split: str, number: int) -> dict[str, object] | None:
    """One line of a UMass file as the JSONL row `load_umass` reads (None for an empty line).
    `split` is the file's stem ("training", "dev", "testing"); `number` the line's, from 0."""
    segs = [(label, _umass_detokenised(text)) for label, text in _umass_segments(line)]
    segs = [(label, text) for label, text in segs if text]
    if not segs:
        return None
    # a segment that starts with closing punctuation was glued to the word before it
    spaced = [i > 0 and not re.match(r"[,.;:)\]]+(?:\s|$)", text) and not segs[i - 1][1].endswith(("(", "["))
              for i, (_, text) in enumerate(segs)]
    return {"id": f"umass:{split}:{number:04d}", "split": _UMASS_SPLITS.get(split, split),
            "segments": [list(s) for s in segs], "spaced": spaced, "gold": _umass_gold(segs)}


def load_umass(path: Path) -> Iterator[LabelledReference]:
    """The converted UMass set (``umass-citation.jsonl.gz``, written by scripts/fetch_umass.py).
    The distributed files name no source paper, so each reference is its own document."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            segs = [(label, text) for label, text in row["segments"]]
            yield LabelledReference(row["id"], row["id"], "umass", segs, row["gold"],
                                    spaced=row["spaced"], fixed_split=row["split"])


def load_rendered(path: Path) -> Iterator[LabelledReference]:
    """The rows of ``scripts/render_training.py`` (gzip JSONL); ``gold`` keeps the row's style,
    source, type and damage; the document is ``style/record id``, so a split by style holds out
    whole styles."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            gold = {k: row[k] for k in ("style", "source", "type", "damaged", "damage") if k in row}
            yield LabelledReference(row["id"], row["document"], row.get("corpus", "rendered"),
                                    [(label, text) for label, text in row["segments"]], gold,
                                    spaced=list(row["spaced"]))


# --- GROBID's citation evaluation files (evaluation-citation-*.tei.xml) ---------------------------
#
# `<listBibl>` holds the references of one paper after a comment naming it ("<!-- source:
# https://arxiv.org/pdf/1708.09379.pdf -->", sometimes followed by one naming the file it was
# labelled in).

_SOURCE_RE = re.compile(r"^\s*source:\s*(\S+)")
_YEAR_RE = re.compile(f"({YEAR})")  # the plausible years of citecheck.years


def _tei_text(el: ET.Element) -> str:
    return _SPACE_RE.sub(" ", "".join(el.itertext())).strip()


def _bibl_gold(bibl: ET.Element) -> dict[str, object]:
    """The field values in the keys of grobid-train.jsonl: authors (the author elements joined),
    title (level a, else m), container-title (level j), volume, page (the first page), year."""
    def first(tag: str, **attrs: str) -> str | None:
        for el in bibl.iter(f"{_TEI}{tag}"):
            if all((el.get(k) or "").lower() == v for k, v in attrs.items()):
                return _tei_text(el) or None
        return None

    page = first("biblScope", unit="page")
    year = _YEAR_RE.search(first("date") or "")
    idnos = {(el.get("type") or "").lower(): _tei_text(el) for el in bibl.iter(f"{_TEI}idno")}
    authors = ", ".join(text for el in bibl.iter(f"{_TEI}author") if (text := _tei_text(el)))
    pages = re.findall(r"[A-Za-z]?\d+", page or "")
    return {"authors": authors or None,
            "title": first("title", level="a") or first("title", level="m"),
            "container-title": first("title", level="j"), "volume": first("biblScope", unit="volume"),
            "page": pages[0] if pages else None, "year": year.group(1) if year else None,
            "arxiv": idnos.get("arxiv"), "doi": idnos.get("doi")}


def grobid_eval_rows(path: Path) -> Iterator[dict[str, object]]:
    """Each ``<bibl>`` of one evaluation file as a row for `load_grobid_eval`, with its paper."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.parse(path, parser=parser).getroot()
    document = ""
    for n, el in enumerate(root.iter()):
        if el.tag is ET.Comment:
            m = _SOURCE_RE.match(el.text or "")
            if m and m.group(1).startswith("http"):  # not the labelled file's name after it
                document = m.group(1)
        elif el.tag == f"{_TEI}bibl":
            segs, spaced = _bibl_segments(el)
            if segs:
                yield {"id": f"grobid-eval:{path.name}#{n}", "document": document, "file": path.name,
                       "segments": [list(s) for s in segs], "spaced": spaced, "gold": _bibl_gold(el)}


def load_grobid_eval(path: Path) -> Iterator[LabelledReference]:
    """benchmarks/data/grobid-eval/grobid-eval.jsonl.gz: all of it is a test set."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            yield LabelledReference(row["id"], row["document"], "grobid-eval",
                                    [(label, text) for label, text in row["segments"]], row["gold"],
                                    spaced=row["spaced"], fixed_split="test")
