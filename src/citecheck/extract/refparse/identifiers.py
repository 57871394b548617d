"""Identifiers pass: cut DOI, arXiv id and URL out of the text, clean what is left."""

from __future__ import annotations

import re

from citecheck.extract.cleanup import clean_reference
from citecheck.extract.identifiers import extract_identifiers
from citecheck.extract.refparse.lexicon import REPORT_RE, THESIS_RE
from citecheck.extract.refparse.scripts import normalize_punctuation
from citecheck.extract.refparse.state import ParseState
from citecheck.model import Record

#: "ArXiv e-prints" (how ADS names the arXiv in a journal's place) beside the arXiv id: neither
#: title nor journal, the id says it all
_EPRINTS_RE = re.compile(r"\s*[,;.]?\s*\barxiv\s+e\s?-?\s?prints?\b", re.I)


def identifiers_pass(text: str, record: Record, warnings: list[str]) -> ParseState:
    """The first pass: it builds the state the other passes share. Full-width punctuation
    (CJK references) is made ASCII first (scripts.py)."""
    ids = extract_identifiers(normalize_punctuation(text))
    s = clean_reference(_EPRINTS_RE.sub("", ids.rest) if ids.arxiv else ids.rest)
    if ids.doi:
        record.DOI = ids.doi
    if ids.arxiv:
        record.custom["arxiv"] = ids.arxiv
    if ids.url:
        record.URL = ids.url
    return ParseState(
        text=s,
        record=record,
        warnings=warnings,
        rest=s,
        has_id=bool(ids.doi or ids.arxiv),
        thesis=bool(THESIS_RE.search(s)),
        report=bool(REPORT_RE.search(s)),
    )
