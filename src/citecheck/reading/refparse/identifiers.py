"""Identifiers pass: cut DOI, arXiv id and URL out of the text, clean what is left."""

from __future__ import annotations

import re

from citecheck.model import Record
from citecheck.reading.cleanup import clean_reference
from citecheck.reading.identifiers import extract_identifiers
from citecheck.reading.refparse.lexicon import REPORT_RE, THESIS_RE
from citecheck.reading.refparse.scripts import normalize_punctuation
from citecheck.reading.refparse.state import ParseState
from citecheck.regex_cache import compile_re

#: "ArXiv e-prints" (how ADS names the arXiv in a journal's place) beside the arXiv id, with the "p."
#: ADS writes before the id ("arXiv e-prints, p. arXiv:2001.01234"; natbib's AAS styles: "page arXiv:…"):
#: neither title nor journal, the id says it all
#: a laboratory's report number ("Tech. Rep. LA-UR-15-12345", "CERN-TH-2015-123", "SLAC-PUB-1234",
#: "FERMILAB-PUB-15-123-T"): the report's number, cut out so that it is read as no title or pages
_REPORT_NO_RE = compile_re(
    r"(?:\b(?:Tech(?:nical)?\.?\s*Rep(?:ort)?\.?|Report|Preprint|(?:(?:CMS|ATLAS|LHCb|ALICE)\s+)?"
    r"(?:Physics\s+Analysis\s+Summary|(?:Conference|Public|Internal)\s+Note)|Technical\s+Design\s+Report)"
    r"\s*(?:No\.?\s*)?)?"
    r"\b(?P<id>(?:LA-UR|SLAC-PUB|SLAC-R|FERMILAB-(?:PUB|CONF|THESIS|TM|FN)|CERN-(?:TH|EP|PH-TH|PH-EP|LHCC|THESIS|"
    r"OPEN|ACC|SPSC)|ATLAS-(?:CONF|PHYS-PUB|PHYS-CONF)|CMS-(?:PAS|DP|NOTE)|LHCb-(?:CONF|PAPER|PUB)|ALICE-PUBLIC|"
    r"BNL|LBNL|ANL|ORNL|KEK|INFN|IPPP|MIT-CTP|DESY|NIKHEF|DAMTP|CP3|LAPTH|SISSA|IFIC)"
    r"(?:[-/ ][A-Z0-9]{1,8}){1,5}"
    # any laboratory's: capitalised words, then a year (or its two digits) and a number
    # ("CERN-2012-003", "ILC-REPORT-2013-040", "CLICDP-PUB-2016-001", "CERN-LEP-84-01")
    r"|[A-Z][A-Za-z]{1,12}(?:-[A-Z][A-Za-z]{0,12}){0,3}-(?:\d{2}|\d{4})-\d{2,5}(?:-[A-Z])?)\b"
)
_EPRINTS_RE = compile_re(r"\s*[,;.]?\s*\b(?P<name>arxiv\.?\s+e\s?-?\s?prints?)\b(?:\s*,\s*p(?:age|\.)?(?![.\s]*\w))?", re.I)


def _eprints_venue(rest: str, record: Record) -> str:
    """"Title. arXiv e-prints, July 2019" without the id: the arXiv is the venue, and no title's."""
    m = _EPRINTS_RE.search(rest)
    if m is None or m.start() < 8 or rest[m.start():m.end()].lstrip()[:1] not in ",;.":
        return rest
    record.container_title = m.group("name")
    return rest[: m.start()] + rest[m.end() :]


def identifiers_pass(text: str, record: Record, warnings: list[str]) -> ParseState:
    """The first pass: it builds the state the other passes share. Full-width punctuation
    (CJK references) is made ASCII first (scripts.py)."""
    ids = extract_identifiers(normalize_punctuation(text))
    rest = _EPRINTS_RE.sub("", ids.rest) if ids.arxiv else _eprints_venue(ids.rest, record)
    report = _REPORT_NO_RE.search(rest)
    if report and report.start() > 0:
        record.number = report.group("id")
        rest = rest[: report.start()] + rest[report.end() :]
    s = clean_reference(rest)
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
        report=bool(REPORT_RE.search(s)) or bool(record.number),
    )
