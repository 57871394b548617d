"""Semantic Scholar datasets: ``papers`` files (gzip JSON Lines; lower-case keys: ``corpusid``,
``externalids``, ``publicationtypes``, ``publicationdate``, ``journal``, ...), and the diff
``delete_files`` (lines holding only a ``corpusid``).

Lines are renamed to the Graph API's keys and mapped by the S2 adapter's ``to_record``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from citecheck.index.dumps.base import (
    Deletion,
    DumpReader,
    Item,
    csl_of,
    iter_json_objects,
    iter_members,
)
from citecheck.sources.semanticscholar import to_record

# dataset key → Graph API key (the rest are spelled the same)
_RENAME = {"externalids": "externalIds", "publicationtypes": "publicationTypes",
           "publicationdate": "publicationDate", "publicationvenue": "publicationVenue"}


def csl_from_s2(paper: dict[str, Any]) -> dict[str, Any]:
    """One ``papers`` dataset line (or a Graph API paper object) as the CSL item stored."""
    api = {_RENAME.get(k, k): v for k, v in paper.items()}
    record = to_record(api)
    corpus = paper.get("corpusid") or (api.get("externalIds") or {}).get("CorpusId")
    if corpus is not None:
        record.custom["s2_corpus"] = str(corpus)
        if not record.id:
            record.id = f"s2-corpus:{corpus}"
    return csl_of(record)


def _is_deletion(value: dict[str, Any], name: str) -> bool:
    return set(value) <= {"corpusid", "id"} or "delete" in name.rsplit("/", 1)[-1].lower()


class S2Reader(DumpReader):
    name = "s2"
    description = "Semantic Scholar datasets 'papers' files (and diff delete files)"

    def entries(self, path: Path) -> Iterator[Item | Deletion]:
        for name, fh in iter_members(path, (".jsonl", ".json", ".gz")):
            for location, value, error in iter_json_objects(fh, name):
                if error is not None or not isinstance(value, dict):
                    yield Item(location, error=error or "expected a papers dataset line")
                    continue
                if _is_deletion(value, name):
                    corpus = value.get("corpusid", value.get("id"))
                    if corpus is not None:
                        yield Deletion(location, "s2_corpus", str(corpus))
                    continue
                try:
                    yield Item(location, csl=csl_from_s2(value))
                except (ValueError, TypeError) as exc:
                    yield Item(location, error=f"S2 paper: {exc}")
