"""A work's abstract as each service sends it, made plain text: one reader per wire format.

- OpenAlex: ``abstract_inverted_index`` (word → positions), rebuilt in order;
- Crossref: ``abstract`` in JATS XML (``<jats:p>``, ``<jats:title>Abstract</jats:title>``);
- Semantic Scholar: ``abstract`` (plain text, may be null);
- arXiv: the Atom entry's ``summary``;
- INSPIRE-HEP: ``metadata.abstracts[].value`` (the arXiv one first);
- DataCite: ``attributes.descriptions[]`` of ``descriptionType`` "Abstract".

Each returns None when the work has no abstract. Markup goes through `markup.plain_text` (the
one text cleaner of every adapter); a leading "Abstract" heading is dropped; an abstract is
capped at `MAX_ABSTRACT` characters (a judge reads the start; a hostile body stays small).
"""

from __future__ import annotations

import re
from typing import Any

from citecheck.markup import plain_text
from citecheck.model import Record

__all__ = ["MAX_ABSTRACT", "arxiv_abstract", "crossref_abstract", "datacite_abstract",
           "inspire_abstract", "keep_abstract", "openalex_abstract", "s2_abstract"]

MAX_ABSTRACT = 8000
#: positions in an inverted index past this are not rebuilt (a real abstract has a few hundred)
MAX_POSITIONS = 5000

_HEADING_RE = re.compile(r"^\s*(?:abstract|summary)\s*[:.]?\s+", re.I)


def _clean(text: object) -> str | None:
    if not isinstance(text, str) or not text.strip():
        return None
    plain = _HEADING_RE.sub("", plain_text(text[: MAX_ABSTRACT * 4]))
    return plain[:MAX_ABSTRACT] or None


def openalex_abstract(work: dict[str, Any]) -> str | None:
    index = work.get("abstract_inverted_index")
    if not isinstance(index, dict) or not index:
        return None
    slots: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(positions, list):
            continue
        for pos in positions:
            if isinstance(pos, int) and 0 <= pos < MAX_POSITIONS:
                slots[pos] = str(word)
    return _clean(" ".join(slots[p] for p in sorted(slots)))


def crossref_abstract(message: dict[str, Any]) -> str | None:
    return _clean(message.get("abstract"))


def s2_abstract(paper: dict[str, Any]) -> str | None:
    return _clean(paper.get("abstract"))


def arxiv_abstract(summary: str | None) -> str | None:
    return _clean(summary)


def inspire_abstract(metadata: dict[str, Any]) -> str | None:
    abstracts = [a for a in metadata.get("abstracts") or [] if isinstance(a, dict)]
    abstracts.sort(key=lambda a: a.get("source") != "arXiv")
    return next((text for a in abstracts if (text := _clean(a.get("value")))), None)


def datacite_abstract(attributes: dict[str, Any]) -> str | None:
    for item in attributes.get("descriptions") or []:
        if isinstance(item, dict) and item.get("descriptionType") == "Abstract":
            text = _clean(item.get("description"))
            if text:
                return text
    return None


def keep_abstract(record: Record, text: str | None, source: str) -> None:
    """Keep ``text`` as the record's CSL ``abstract``, and which source gave it."""
    if text:
        extra = record.__pydantic_extra__
        if extra is not None:
            extra["abstract"] = text
            record.custom["abstract_source"] = source
