"""A word list held as the sorted lines of its data file and looked up by bisection.

Hashing tens of thousands of words into a dict takes longer than reading the file, for the few dozen
words one reference asks about; the lists (data/names.txt.gz, data/vocabulary.txt.gz) are written
sorted by their build scripts, so a lookup is a bisection into the lines."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping

__all__ = ["SortedLines"]


class SortedLines(Mapping[str, str]):
    """word → value over sorted lines; a subclass says how a word's line reads (`get`, `__iter__`)."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines

    def line_from(self, head: str) -> str | None:
        """The first line at or after `head` in sort order, when it starts with `head`."""
        i = bisect_left(self._lines, head)
        return self._lines[i] if i < len(self._lines) and self._lines[i].startswith(head) else None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.get(word) is not None

    def __getitem__(self, word: str) -> str:
        value = self.get(word)
        if value is None:
            raise KeyError(word)
        return value

    def __len__(self) -> int:
        return len(self._lines)
