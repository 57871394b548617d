"""Helpers the tests share: an in-memory Source (no index, no network), small local indexes,
records and citations, and readers of a reference's text."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from citecheck.model import Citation, Label, Record
from citecheck.normalize import canonical_journal, normalize_arxiv, normalize_doi, title_similarity
from citecheck.sources.base import Source, SourceError

if TYPE_CHECKING:
    from citecheck.sources.local import LocalIndexSource


class MemorySource(Source):
    supports = frozenset({"doi", "arxiv", "journal", "search"})

    def __init__(self, records: Iterable[Record], name: str = "memory", fail: str | None = None,
                 scopes: tuple[str, ...] = ("all",)) -> None:
        self.records = list(records)
        self.name = name
        #: a closed world by default, as the decision tests assume; () for a partial source
        self.scopes = scopes
        self.fail = fail  # reason to raise SourceError on every call
        self.calls = 0

    def _check(self) -> None:
        self.calls += 1
        if self.fail:
            raise SourceError(self.name, self.fail)

    async def lookup_doi(self, doi: str) -> Record | None:
        self._check()
        return next((r for r in self.records if normalize_doi(r.DOI) == doi), None)

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        self._check()
        return next((r for r in self.records if normalize_arxiv(r.arxiv) == arxiv_id), None)

    async def lookup_journal(self, journal: str, volume: str, page: str, year: int | None = None) -> list[Record]:
        self._check()
        key = canonical_journal(journal)
        return [
            r for r in self.records
            if r.volume == volume and r.first_page == page
            and key in {canonical_journal(r.container_title), canonical_journal(r.container_title_short)}
        ]

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        self._check()
        scored = sorted(
            self.records, key=lambda r: title_similarity(citation.fields.title, r.title), reverse=True
        )
        return scored[:limit]


def sql_statements(index: object, run: object) -> list[str]:
    """The SQL statements an open `LocalIndex` ran while ``run()`` ran (its connection traced)."""
    seen: list[str] = []
    conn = index._conn()  # type: ignore[attr-defined]
    conn.set_trace_callback(seen.append)
    try:
        run()  # type: ignore[operator]
    finally:
        conn.set_trace_callback(None)
    return seen


#: the index fixture's records (real CSL-JSON; tests/data/README)
RECORDS = Path(__file__).resolve().parent / "data" / "index" / "records.jsonl"


def records_index(folder: Path) -> object:
    """A `LocalIndex` of `RECORDS`, built in ``folder`` (each test module opens its own: the index
    remembers queries per open instance)."""
    from citecheck.index.build import build_index
    from citecheck.index.search import LocalIndex

    build_index(folder / "index.sqlite", [RECORDS])
    return LocalIndex(folder / "index.sqlite")


def devset_batch(folder: Path, n: int) -> Path:
    """A JSONL batch (``{"id", "text"|"bibtex"}`` lines) of the first ``n`` items of tests/data/bench's
    devset, written into ``folder``."""
    devset = Path(__file__).resolve().parent / "data" / "bench" / "devset.jsonl"
    batch = folder / "batch.jsonl"
    with batch.open("w", encoding="utf-8") as fh:
        for line in devset.read_text(encoding="utf-8").splitlines()[:n]:
            item = json.loads(line)
            text = {"bibtex": item["bibtex"]} if item.get("bibtex") else {"text": item["text"]}
            fh.write(json.dumps({"id": item["id"], **text}) + "\n")
    return batch


def closed_world_index(folder: Path, records: Iterable[dict[str, object]]) -> Path:
    """A real local index of these CSL records, declared complete (``--covers all``), built in ``folder``."""
    from citecheck.index.build import build_index

    (folder / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    build_index(folder / "ix.db", [folder / "r.jsonl"], covers=["all"])
    return folder / "ix.db"


def read_pdf_record(text: str) -> Record:
    """The rules' reading of a reference as a PDF gives it: the PDF clean-up, then the parser."""
    from citecheck.extract.pdftext import clean_pdf_text
    from citecheck.extract.refparse import parse_reference

    return parse_reference(clean_pdf_text(text)).record


def author_strings(rec: Record) -> list[str]:
    """A record's authors as "Family, Given" (or the family or literal name alone)."""
    return [a.literal or (f"{a.family}, {a.given}" if a.given else a.family or "") for a in rec.author]


def index_source(folder: Path, records: Iterable[dict[str, object]]) -> LocalIndexSource:
    """A `LocalIndexSource` over a real index of these CSL records, built in ``folder``, declared complete."""
    from citecheck.index.build import build_index
    from citecheck.sources.local import LocalIndexSource

    src = folder / "r.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    build_index(folder / "i.db", [src])
    return LocalIndexSource(folder / "i.db", scopes=("all",))


def check_text(source: Source, text: str, **options: bool) -> tuple[Label, str]:
    """The label and rationale of one free-text reference checked offline against ``source`` alone."""
    from citecheck.checker import Checker, CheckOptions
    from citecheck.extract import read_text

    [citation] = read_text(json.dumps({"id": "c", "text": text}, ensure_ascii=False) + "\n", "c.jsonl")
    checker = Checker(use_index=False, sources=[source], offline=True, options=CheckOptions(**options))
    [verdict] = checker.check_citations([citation])
    return verdict.label, verdict.rationale or ""
