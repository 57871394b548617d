"""What a build did: the counts by kind and file, and the first reasons of each kind as examples.

Below both the writer (`build`) and the feed (`pipeline`), which count into the same object.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_REASONS = 200  # reasons kept per kind; the counts stay exact


@dataclass
class BuildStats:
    """What a build did. ``errors`` / ``duplicate_ids`` hold the first few reasons as examples."""

    read: int = 0  # items read from the files (good or bad)
    stored: int = 0  # new records added
    updated: int = 0  # existing records whose stored JSON changed
    duplicates: int = 0  # items that matched a record already present (same id, DOI or arXiv id)
    skipped: int = 0  # items not indexed (unreadable, invalid, nothing to find them by)
    deleted: int = 0  # records removed because the dump marks them deleted or merged away
    errors: list[str] = field(default_factory=list)  # "file:line: reason" for skipped items
    duplicate_ids: list[str] = field(default_factory=list)  # "file:line: id (matched by x)"
    files: list[str] = field(default_factory=list)
    per_file: list[dict[str, Any]] = field(default_factory=list)  # the counts above, by file
    records: int = 0  # records in the index after the build
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)  # wall seconds: load, indexes, fts

    def note(self, bucket: list[str], text: str) -> None:
        """Keep ``text`` as an example reason in ``bucket`` (the first `MAX_REASONS` only)."""
        if len(bucket) < MAX_REASONS:
            bucket.append(text)

    def as_dict(self) -> dict[str, Any]:
        return {
            "read": self.read, "stored": self.stored, "updated": self.updated,
            "duplicates": self.duplicates, "skipped": self.skipped, "deleted": self.deleted,
            "records": self.records,
            "seconds": round(self.seconds, 3), "phases": self.phases,
            "files": self.files, "errors": self.errors,
            "duplicate_ids": self.duplicate_ids,
        }
