"""Which command-line arguments name a remote paper: ``arXiv:2401.01234``, ``2401.01234v2``,
``hep-th/9901001``, arxiv.org ``abs``/``pdf``/``html`` URLs, ``doi:10.…`` (or a bare ``10.…/…``)
and ``https://…`` URLs.

An argument that is an existing file is always the file; a bare word that is none of these is
left to the file readers (which then say the file does not exist).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from citecheck.identifiers import (
    ARXIV_NEW,
    ARXIV_OLD_NUMBER,
    ARXIV_VERSION,
    DOI_PREFIX,
    normalize_doi,
)
from citecheck.regex_cache import compile_re

Kind = Literal["arxiv", "doi", "url"]

_NEW = rf"{ARXIV_NEW}(?:{ARXIV_VERSION})?"
_OLD = rf"[a-z][a-z\-]*(?:\.[A-Z]{{2}})?{ARXIV_OLD_NUMBER}(?:{ARXIV_VERSION})?"
_ARXIV_ID = compile_re(rf"(?:{_NEW}|{_OLD})")
_ARXIV_ARG = compile_re(rf"(?i:arxiv:)?\s*({_NEW}|{_OLD})")
_ARXIV_URL = compile_re(
    rf"https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html|e-print|format|src)/({_NEW}|{_OLD})"
    r"(?:\.pdf)?/?(?:[?#].*)?", re.I)
_BARE_DOI = compile_re(rf"{DOI_PREFIX}/\S+")
_DOI_URL = compile_re(r"https?://(?:dx\.)?doi\.org/(10\.\S+)", re.I)


@dataclass(frozen=True)
class Target:
    """A remote paper: an arXiv id (with its version, when given), a DOI or a URL."""

    kind: Kind
    value: str

    @property
    def label(self) -> str:
        """How reports and messages name it (``arXiv:2401.01234``, ``doi:10.…``, the URL)."""
        return {"arxiv": "arXiv:", "doi": "doi:", "url": ""}[self.kind] + self.value


def parse_target(arg: str) -> Target | None:
    """The remote paper `arg` names, or None for a local path (or stdin)."""
    text = arg.strip()
    if not text or text == "-" or Path(text).exists():
        return None
    if m := _ARXIV_URL.fullmatch(text):
        return Target("arxiv", m.group(1))
    if m := _ARXIV_ARG.fullmatch(text):
        return Target("arxiv", m.group(1))
    if m := _DOI_URL.fullmatch(text):
        doi = normalize_doi(m.group(1))
        return Target("doi", doi) if doi else None
    if text.lower().startswith("doi:") or _BARE_DOI.fullmatch(text):
        doi = normalize_doi(text[4:].strip() if text.lower().startswith("doi:") else text)
        return Target("doi", doi) if doi else None
    if text.lower().startswith(("https://", "http://")):
        return Target("url", text)
    return None


def arxiv_id(text: str) -> str | None:
    """The arXiv id in an identifier or arxiv.org URL (version kept), else None."""
    target = parse_target(text) if not Path(text).exists() else None
    if target is not None and target.kind == "arxiv":
        return target.value
    return None


__all__ = ["Target", "arxiv_id", "parse_target"]
