"""DBLP's ``dblp.xml.gz``: one element per publication under ``<dblp>`` (``article``,
``inproceedings``, ``incollection``, ``book``, ``proceedings``, ``phdthesis``, ...), read with
``iterparse`` and cleared as it goes, so memory stays flat over the 4 GB file.

The file declares its character entities (``&uuml;``) in ``dblp.dtd``; they are the HTML Latin-1
names, so the parser is given Python's table instead of the DTD. Person pages (``www``) are
skipped. DBLP author names carry homonym numbers ("Wei Wang 0001"), which are dropped.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from citecheck.index.dumps.base import Deletion, DumpReader, Item, iter_members
from citecheck.model import Name, Record
from citecheck.sources._common import clean_text, date_parts, finish, split_name

TYPES = {"article": "article-journal", "inproceedings": "paper-conference",
         "incollection": "chapter", "book": "book", "proceedings": "book",
         "phdthesis": "thesis", "mastersthesis": "thesis", "data": "dataset"}
_HOMONYM_RE = re.compile(r"\s+\d{4}$")
_DOI_RE = re.compile(r"doi\.org/(10\.\S+)", re.I)
_ARXIV_RE = re.compile(r"arxiv\.org/abs/([^\s?#]+)", re.I)


def _text(elem: ET.Element) -> str:
    return "".join(elem.itertext())


def _names(elem: ET.Element, tag: str) -> list[Name]:
    out = []
    for child in elem.findall(tag):
        name = split_name(_HOMONYM_RE.sub("", _text(child)))
        if name is not None:
            out.append(name)
    return out


def csl_from_dblp(elem: ET.Element) -> dict[str, Any]:
    """One DBLP publication element as the CSL item stored."""
    def field(tag: str) -> str | None:
        child = elem.find(tag)
        return clean_text(_text(child)) if child is not None else None

    key = elem.get("key") or ""
    title = (field("title") or "").rstrip(".") or None
    journal, volume = field("journal"), field("volume")
    doi = arxiv = None
    for ee in elem.findall("ee"):
        link = _text(ee)
        doi = doi or ((m := _DOI_RE.search(link)) and m.group(1))
        arxiv = arxiv or ((m := _ARXIV_RE.search(link)) and m.group(1))
    if journal == "CoRR" and volume and volume.startswith("abs/"):
        arxiv = arxiv or volume[4:]
    ctype = TYPES.get(elem.tag, "document")
    if journal == "CoRR":
        ctype = "article"
    record = Record(
        type=ctype, title=title, author=_names(elem, "author"), editor=_names(elem, "editor"),
        issued=date_parts(field("year")), volume=volume, issue=field("number"),
        page=field("pages"), publisher=field("publisher"), DOI=doi,
        URL=f"https://dblp.org/rec/{key}" if key else None, ISBN=field("isbn"),
    )
    record.container_title = journal or field("booktitle")
    if key:
        record.custom["dblp"] = key
    record = finish(record, source_api="dblp", arxiv=arxiv)
    if not record.id and key:
        record.id = f"dblp:{key}"
    return record.to_csl()


def _parser() -> ET.XMLParser:
    parser = ET.XMLParser(target=ET.TreeBuilder())
    parser.entity.update({n: chr(c) for n, c in html.entities.name2codepoint.items()})
    return parser


class DblpReader(DumpReader):
    name = "dblp"
    description = "DBLP dblp.xml(.gz)"

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        for name, fh in iter_members(path, (".xml",)):
            yield from self._stream(fh, name)

    def _stream(self, fh: IO[str], name: str) -> Iterator[Item]:
        depth, n, root = 0, 0, None
        try:
            for event, elem in ET.iterparse(fh, events=("start", "end"), parser=_parser()):
                if event == "start":
                    depth += 1
                    root = elem if root is None else root
                    continue
                depth -= 1
                if depth != 1:
                    continue
                n += 1
                if elem.tag in TYPES:
                    location = f"{name}:{elem.tag} {elem.get('key') or n}"
                    try:
                        yield Item(location, csl=csl_from_dblp(elem))
                    except (ValueError, TypeError) as exc:
                        yield Item(location, error=f"DBLP record: {exc}")
                elem.clear()
                if root is not None and n % 1000 == 0:
                    root.clear()  # drop the cleared children's shells too
        except ET.ParseError as exc:
            yield Item(f"{name}:{exc.position[0]}", error=f"invalid XML: {exc}")
