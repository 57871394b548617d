"""Benchmark items and the dataset directory they live in (JSONL per split + manifest.json)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from citecheck.errors import CitecheckError
from citecheck.model import Citation, Provenance

GOLD_LABELS: tuple[str, ...] = ("EXACT", "MINOR", "MAJOR")
SPLITS: tuple[str, ...] = ("validation", "test")


class DatasetError(CitecheckError, ValueError):
    """A dataset file is missing or malformed (the message names file and line)."""


class BenchItem(BaseModel):
    """One labelled citation of the benchmark."""

    model_config = ConfigDict(extra="forbid")

    id: str
    split: str  # validation | test | dev
    label: Literal["EXACT", "MINOR", "MAJOR"]
    corruption: str  # "none" for EXACT, else a kind from corrupt.MINOR_KINDS / MAJOR_KINDS
    subfield: str
    style: str
    format: Literal["text", "bibtex"]
    text: str  # the citation as rendered (a reference string or a BibTeX entry)
    shown: list[str] = []  # CSL fields visible in the text ("arxiv" for the arXiv id)
    changed: list[str] = []  # fields the corruption altered (empty for EXACT)
    detail: str = ""  # what was changed, for people reading a failure
    source_id: str | None = None  # the real record the citation is (or was) of
    source_file: str | None = None  # corpus file of that record
    template_id: str | None = None  # real record a fabrication borrowed its shape from
    source: dict[str, Any] | None = None  # that record, CSL-JSON
    cited: dict[str, Any]  # the record as rendered (after corruption), CSL-JSON

    def to_citation(self) -> Citation:
        """The citation the checker sees: parsed exactly as a user's input would be."""
        if self.format == "bibtex":
            from citecheck.extract.bibtex import read_bibtex

            found = read_bibtex(self.text, f"{self.id}.bib")
            if found:
                cit = found[0]
                cit.id = self.id
                return cit
            return Citation(id=self.id, raw=self.text, error="no BibTeX entry found",
                            provenance=Provenance(key=self.id, format="bibtex"))
        from citecheck.entries import read_entries
        from citecheck.extract.unread import Unread, unread

        entry = unread(self.id, self.text, Provenance(key=self.id, format="text"), Unread(self.text))
        return read_entries([entry])[0]


def _dump(item: BenchItem) -> str:
    return json.dumps(item.model_dump(exclude_none=True), ensure_ascii=False, sort_keys=True)


def write_jsonl(items: Iterable[BenchItem], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for item in items:
            fh.write(_dump(item) + "\n")


def read_jsonl(path: Path) -> list[BenchItem]:
    items: list[BenchItem] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError as exc:
        raise DatasetError(f"{path}: no such dataset file") from exc
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            items.append(BenchItem.model_validate_json(line))
        except ValidationError as exc:
            raise DatasetError(f"{path}:{n}: not a benchmark item: {exc.errors()[0]['msg']}") from exc
    return items


def summary(items: Sequence[BenchItem]) -> dict[str, Any]:
    def count(key: str) -> dict[str, int]:
        return dict(sorted(Counter(getattr(i, key) for i in items).items()))

    return {"items": len(items), "label": count("label"), "subfield": count("subfield"),
            "style": count("style"), "corruption": count("corruption")}


def write_dataset(directory: Path, items: Sequence[BenchItem], manifest: dict[str, Any]) -> None:
    """One JSONL per split (validation.jsonl, test.jsonl, ...) and manifest.json."""
    directory.mkdir(parents=True, exist_ok=True)
    splits = sorted({i.split for i in items})
    for split in splits:
        write_jsonl([i for i in items if i.split == split], directory / f"{split}.jsonl")
    manifest = dict(manifest)
    manifest["splits"] = {s: summary([i for i in items if i.split == s]) for s in splits}
    (directory / "manifest.json").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


def read_dataset(path: str | Path, split: str | None = None) -> list[BenchItem]:
    """Items of a dataset directory (one split, or all) or of a single JSONL file."""
    path = Path(path)
    if path.is_dir():
        if split is not None:
            return read_jsonl(path / f"{split}.jsonl")
        files = sorted(path.glob("*.jsonl"))
        if not files:
            raise DatasetError(f"{path}: no *.jsonl split files in this directory")
        return [item for f in files for item in read_jsonl(f)]
    items = read_jsonl(path)
    if split is not None:
        items = [i for i in items if i.split == split]
    return items


def read_manifest(directory: str | Path) -> dict[str, Any]:
    path = Path(directory) / "manifest.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DatasetError(f"{path}: no manifest") from exc
    return data
