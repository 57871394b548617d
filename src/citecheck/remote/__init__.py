"""Checking a paper where it lives: an arXiv id, a DOI or a URL instead of a local file.

`targets` tells such an argument from a path; `download` fetches over the network within size
caps and only from public hosts; `archive` unpacks an arXiv e-print in memory, refusing bombs
and members that would leave the archive; `latexsrc` finds the bibliography in the source;
`paper` ties them together into citations with their locations, the route taken and the
paper's own metadata; `listing` turns an arXiv listing into paper ids for ``citecheck batch``.
"""

from __future__ import annotations

from citecheck.errors import CitecheckError


class FetchError(CitecheckError):
    """A remote paper could not be fetched or read (no open copy, refused, too large)."""

    def __init__(self, target: str, reason: str) -> None:
        super().__init__(f"{target}: {reason}")
        self.target = target
        self.reason = reason


__all__ = ["FetchError"]
