"""Labelled reference strings for training and measuring the token labeller.

Reads ../shared/data/parsing: GROBID's citation training corpus (``grobid-train/tei/*.xml``,
Apache-2.0, PDF-extracted references with inline TEI labels) and AnyStyle's gold set
(``anystyle-gold.jsonl``, BSD-2-Clause, ``segments``). Every reference becomes a list of
``(label, text)`` segments in the printed order; the split into train / validation / test is
deterministic and by source document where one is known (a GROBID TEI file is one document;
AnyStyle's references carry no document, so they are split one by one by id).
"""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["LabelledReference", "load_anystyle", "load_grobid", "split_of"]

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
    corpus: str  # "grobid" | "anystyle"
    segments: list[tuple[str, str]] = field(default_factory=list)
    gold: dict[str, object] = field(default_factory=dict)  # the corpus's own field values

    spaced: list[bool] = field(default_factory=list)  # segments[i] is preceded by a space

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
        return split_of(self.corpus, self.document)


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
