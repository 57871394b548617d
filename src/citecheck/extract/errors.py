"""Input errors: always name the file (and the line or entry when known)."""

from __future__ import annotations

from citecheck.errors import CitecheckError


class InputError(CitecheckError):
    """A whole input could not be read (missing, binary, empty, oversized, undecodable)."""

    def __init__(self, name: str, reason: str, line: int | None = None) -> None:
        where = f"{name}:{line}" if line else name
        super().__init__(f"{where}: {reason}")
        self.name = name
        self.reason = reason
        self.line = line
