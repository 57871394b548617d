"""Identifiers: DOI and arXiv-id normalisation, and which identifiers a record carries.

The one home of these rules; the parser, the index, the sources, retrieval and verification all
call them. A DOI of the arXiv DataCite prefix (``10.48550/arXiv.…``) is an arXiv id in disguise:
`record_arxiv` sees through it and `record_doi` leaves it out.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from citecheck.regex_cache import compile_re
from citecheck.years import YEAR

if TYPE_CHECKING:
    from citecheck.model import Record

#: a DOI's registrant prefix: "10." and four to nine digits (the one spelling of it in the code)
DOI_PREFIX = r"10\.\d{4,9}"
#: a new-style arXiv number, without its version: 0704.0001, 2104.14294
ARXIV_NEW = r"\d{4}\.\d{4,5}"
#: an arXiv id's version: "v2"
ARXIV_VERSION = r"v\d+"
#: an old-style arXiv id's number after its archive: "hep-th/9901001"
ARXIV_OLD_NUMBER = r"/\d{7}"
#: the DataCite DOI prefix of arXiv's own DOIs (10.48550/arXiv.2104.14294), matched case-blind
ARXIV_DOI_PREFIX = r"10\.48550/arxiv\."

#: a DOI's text; a comma before a letter ends it ("…05.070,in press": the prose goes on); a SICI
#: DOI's "<297::AID-JBM1>" or "<1179:SSARTO>" (digits, a colon) is part of it, other "<" ends it
DOI_BODY = DOI_PREFIX + r"/(?:[^\s\"<>{},]|,(?![A-Za-z])|<\d*:[^\s\"<>{}]*>)+"
DOI_RE = compile_re(DOI_BODY, re.IGNORECASE)
_DOI_PREFIX_RE = compile_re(
    r"^(?:https?://(?:dx\.)?doi\.org/|doi\.org/|doi:\s*|https?://doi\.acm\.org/)", re.IGNORECASE
)
# New style 0704.0001 / 2104.14294 (+ version); old style hep-th/9901001 or math.GT/0309136.
ARXIV_NEW_RE = compile_re(rf"(?<![\d.])({ARXIV_NEW})({ARXIV_VERSION})?(?!\d)")
ARXIV_OLD_RE = compile_re(rf"\b([a-z][a-z\-]+(?:\.[A-Z]{{2}})?{ARXIV_OLD_NUMBER})({ARXIV_VERSION})?\b")
ARXIV_DOI_RE = compile_re(rf"^{ARXIV_DOI_PREFIX}(.+)$", re.IGNORECASE)
_ARXIV_URL_RE = compile_re(r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/", re.I)
_ARXIV_PREFIX_RE = compile_re(r"^arxiv:\s*", re.I)


#: characters that end a DOI's match but are prose around it, not part of it
DOI_TRAILING = ".,;:'\"]}>[("


def normalize_doi(value: str | None) -> str | None:
    """Lower-case DOI without URL/``doi:`` prefix or trailing punctuation; None if not a DOI."""
    if not value:
        return None
    text = unicodedata.normalize("NFKC", value).strip()
    text = _DOI_PREFIX_RE.sub("", text)
    match = DOI_RE.search(text)
    if not match:
        return None
    doi = match.group(0)
    doi = doi.replace("\\_", "_").replace("%2F", "/").replace("%2f", "/")
    doi = _GLUED_TAG_RE.sub("", doi[: doi_extent(doi)]).rstrip(DOI_TRAILING)
    return doi.lower() or None


# what PDF text and exports glue onto a DOI: a year in parentheses ("10.1039/c9ee00453j(2019)"), a note
# whose parenthesis the line cut off ("…29.5.551(inkoreanwithenglishabstract"), PubMed's "[doi]" tag
_GLUED_YEAR_RE = compile_re(rf"\({YEAR}\)$")
_GLUED_WORDS_RE = compile_re(r"\([A-Za-z]{6,}$")
_TAG = r"\[(?:doi|pii)"
_GLUED_TAG_RE = compile_re(rf"{_TAG}\]?$", re.I)
_TAG_IN_RE = compile_re(rf"{_TAG}\]", re.I)
# the next field's label glued on where PDF text lost the space: "…11.395.URL https…", "…1193063.PMID:208…"
# (any case for the labels no DOI holds; "ISSN" upper case only: Chinese DOIs hold "j.issn.")
_GLUED_LABEL_RE = compile_re(r"\.(?:(?i:url|pmid|pmcid)(?![a-z])|(?:ISSN|ISBN|Epub|Available)(?![a-z])).*$")


def doi_extent(raw: str) -> int:
    """How many characters of ``raw`` (a DOI's match) are the DOI: not the prose punctuation after it
    ("…134[arXiv:…]": an opening bracket never ends a DOI), a closing bracket only when unbalanced, nor
    a year, a note or the next field's label ("….URL http…") glued on — those stay in the reference's
    text. (PubMed's "[doi]" is cut with it.)"""
    if (tag := _TAG_IN_RE.search(raw)) and tag.start() > 0:
        return tag.end()  # "…06.022[doi]": PubMed's tag goes with it
    doi = raw
    if "." in doi and (label := _GLUED_LABEL_RE.search(doi)):
        doi = doi[: label.start()]
    while doi and doi[-1] in DOI_TRAILING:
        doi = doi[:-1]
    while doi.endswith(")") and doi.count(")") > doi.count("("):
        doi = doi[:-1]
    if doi.count("(") == 1 and (m := _GLUED_YEAR_RE.search(doi) or _GLUED_WORDS_RE.search(doi)):
        doi = doi[: m.start()]  # (a DOI's own parentheses come in pairs with more inside: "(SICI)1097-…")
    return len(doi)


def normalize_arxiv(value: str | None) -> str | None:
    """arXiv id without version and prefix (``arXiv:``, URLs, the DataCite DOI); None if none."""
    if not value:
        return None
    text = value.strip()
    doi = ARXIV_DOI_RE.match(text)
    if doi:
        text = doi.group(1)
    text = _ARXIV_URL_RE.sub("", text)
    text = _ARXIV_PREFIX_RE.sub("", text)
    text = text.removesuffix(".pdf")
    match = ARXIV_NEW_RE.search(text)
    if match:
        return match.group(1)
    match = ARXIV_OLD_RE.search(text)
    if match:
        return match.group(1)
    return None


_ARXIV_MONTH = compile_re(r"(?:[a-z\-]+(?:\.[A-Za-z]{2})?/)?(\d{2})(\d{2})")


def arxiv_month(arxiv_id: str | None) -> tuple[int, int] | None:
    """(year, month) of the first version, as the identifier encodes it ("2104.14294" → (2021, 4),
    "hep-th/9901001" → (1999, 1)); None for anything else."""
    norm = normalize_arxiv(arxiv_id) if arxiv_id else None
    match = _ARXIV_MONTH.match(norm or "")
    if not match or not 1 <= int(match.group(2)) <= 12:
        return None
    yy = int(match.group(1))
    return (1900 + yy if yy >= 91 else 2000 + yy, int(match.group(2)))


def plausible_arxiv_new(ident: str) -> bool:
    """A new-style id ("YYMM.NNNN(N)", a version allowed) as arXiv numbered: four digits after the
    dot from 0704 to 1412, five from 1501 on (a bare number of that shape may be anything else)."""
    yymm, number = ident.split(".", 1)
    year, month = int(yymm[:2]), int(yymm[2:])
    digits = len(number.split("v", 1)[0])
    if not 1 <= month <= 12 or year < 7:
        return False
    return (digits == 4 and "0704" <= yymm <= "1412") or (digits == 5 and yymm >= "1501")


def arxiv_from_doi(doi: str | None) -> str | None:
    """The arXiv id inside an arXiv DataCite DOI (``10.48550/arXiv.2101.00001``), else None."""
    if doi:
        match = ARXIV_DOI_RE.match(doi)
        if match:
            return normalize_arxiv(match.group(1))
    return None


def record_arxiv(record: Record) -> str | None:
    """The arXiv id of a record: its arXiv field, or the one inside an arXiv DOI."""
    return normalize_arxiv(record.arxiv) or arxiv_from_doi(normalize_doi(record.DOI))


def record_doi(record: Record) -> str | None:
    """The record's DOI, normalised; None for an arXiv DOI (that is `record_arxiv`'s)."""
    doi = normalize_doi(record.DOI)
    return None if doi and arxiv_from_doi(doi) else doi
