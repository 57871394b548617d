"""Input errors: always name the file (and the line or entry when known)."""

from __future__ import annotations

from citecheck.errors import CitecheckError

#: the start of a parse warning saying an entry of the reference list is a note, not a work; what follows
#: the colon says why ("a sentence with no name, date or venue", "no bibliographic fields")
NOT_A_REFERENCE = "note, not a reference"


class InputError(CitecheckError):
    """A whole input could not be read (missing, binary, empty, oversized, undecodable)."""

    def __init__(self, name: str, reason: str, line: int | None = None) -> None:
        where = f"{name}:{line}" if line else name
        super().__init__(f"{where}: {reason}")
        self.name = name
        self.reason = reason
        self.line = line
