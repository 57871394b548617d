"""Find DOIs, arXiv ids and URLs in a reference string and cut them out of it.

Identifiers are taken out before LaTeX/Markdown clean-up (which would mangle ``_`` and ``%`` in
them) and before the field parser (whose year and page patterns would otherwise bite into
"2104.14294" or "10.1103/PhysRevLett.81.4412").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citecheck.folding import caseless
from citecheck.identifiers import (
    ARXIV_NEW,
    ARXIV_OLD_NUMBER,
    ARXIV_VERSION,
    DOI_BODY,
    doi_extent,
    plausible_arxiv_new,
)
from citecheck.normalize import normalize_arxiv, normalize_doi
from citecheck.regex_cache import compile_re

_ARXIV_ARCHIVES = (
    r"(?:astro-ph|cond-mat|gr-qc|hep-ex|hep-lat|hep-ph|hep-th|math-ph|nlin|nucl-ex|nucl-th|"
    r"physics|quant-ph|math|cs|q-bio|q-fin|stat|eess|econ|chao-dyn|solv-int|patt-sol|adap-org|"
    r"comp-gas|alg-geom|dg-ga|funct-an|q-alg|chem-ph|atom-ph|acc-phys|ao-sci|bayes-an|"
    r"cmp-lg|mtrl-th|plasm-ph|supr-con)"
)
_ARXIV_OLD = rf"{_ARXIV_ARCHIVES}(?:\.[A-Za-z]{{2}})?{ARXIV_OLD_NUMBER}(?:{ARXIV_VERSION})?"
_ARXIV_NEW = rf"{ARXIV_NEW}(?:{ARXIV_VERSION})?"
# the categories after an id: "[hep-ph]", "[astro-ph.CO]", Zotero's "[cs, stat]", "[cond-mat, physics:quant-ph]"
_CATEGORY = r"[a-z\-]+(?:[.:]\s?[A-Za-z\-]+)*"
_CATEGORIES = rf"\[\s*{_CATEGORY}(?:\s*,\s*{_CATEGORY})*\s*\]"
# Wrapped forms: LaTeX \url{...}, \href{...}{...}, \doi{...}, \eprint{...}, Markdown <...>.
_WRAP_RE = compile_re(r"\\(?:url|doi|eprint|arxiv|nolinkurl)\s*\{([^{}]*)\}|\\href\s*\{([^{}]*)\}\s*\{[^{}]*\}")
_MD_LINK_RE = compile_re(r"\[([^\]]{1,500})\]\((https?://[^)\s]+)\)")
_ANGLE_RE = compile_re(r"<(https?://[^>\s]+)>")

_ARXIV_RES = [
    compile_re(
        r"(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/\s*(" + _ARXIV_NEW + "|"
        + _ARXIV_OLD + r")(?:\.pdf)?/?",
        re.I,
    ),
    compile_re(
        r"(?:(?:e-?print|preprint)\s*,?\s*)?(?:arxiv\s*(?:preprint|e-?print)?\s*)?"
        # (a new-style number after an archive's name: "arXiv:astro-ph/0710.3063", "arxiv:cs.LG/1301.0604")
        r"arxiv\s*[:.]?\s*(?:[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2,5})?/(?=\d{4}\.))?(" + _ARXIV_NEW + "|" + _ARXIV_OLD + r")"
        rf"(?:\s*{_CATEGORIES})?",
        re.I,
    ),
    compile_re(r"(?<![\w/.])(" + _ARXIV_OLD + rf")(?:\s*{_CATEGORIES})?"),
    # DBLP and Semantic Scholar write the id as a volume: "CoRR abs/2305.13349", "ArXiv, abs/…"
    compile_re(r"(?<![\w/.])abs/(" + _ARXIV_NEW + "|" + _ARXIV_OLD + r")", re.I),
    # IOP's "(Preprint 1402.1200)", "e-print 1704.01114": the archive's name left out
    compile_re(r"\b(?:e-?print|preprint)\s*:?\s*(" + _ARXIV_NEW + r")(?!\d|\.\d)", re.I),
]
# the literal part of each pattern above, in lower case: a string without it is not searched
_ARXIV_NEEDLES = list(zip(_ARXIV_RES, ("arxiv.org/", "arxiv", "/", "abs/", "print"),
                          strict=True))
# A bare new-style id standing alone between commas, in brackets, before its category ("2009.09208
# [cond-mat, physics:quant-ph]") or at the end ("… (2017), 1704.01114"): taken only when arXiv numbered that month that way (`plausible_arxiv_new`).
_BARE_ARXIV_NEW_RE = compile_re(
    r"(?:^|(?<=[,;(\[]))\s*(" + _ARXIV_NEW + rf")(?:\s*{_CATEGORIES})?\s*(?=[,;)\]]|\.?\s*$)"
)
_DOI_RE = compile_re(
    r"(?:(?:https?://)?(?:dx\.)?doi\.org/|\bdoi\s*[:=]?\s*|\bDOI\s*[:=]?\s*)?"
    rf"({DOI_BODY})",
    re.I,
)
_URL_RE = compile_re(r"(?:https?://|www\.)[^\s<>\"{}]+", re.I)
_URL_LEADIN_RE = compile_re(
    r"(?:\[\s*online\s*\]\.?\s*)?(?:available(?:\s+(?:at|from|online))?|retrieved(?:\s+\w+\s+\d{1,2},?\s*\d{4},?)?\s+from|"
    r"accessed\s+from|url|link|online)\s*:?\s*$",
    re.I,
)
_ACCESSED_WORDS = ("accessed", "retrieved", "viewed", "visited", "abgerufen")
_ACCESSED_RE = compile_re(
    rf"[\[(]?\s*\b(?:last\s+)?(?:{'|'.join(_ACCESSED_WORDS)})\b\s*(?:on\s*)?:?\s*"
    r"[\w ,./-]{0,30}?\d{4}(?:-\d{1,2}){0,2}\s*[\])]?\.?",  # "Accessed: 2015-05-12." whole
    re.I,
)
_RETRIEVED_RE = compile_re(
    r"[.,]?\s*\b(?:Retrieved|Accessed|Viewed)\b(?:\s+(?:on\s+)?[\w ,/.-]{0,30}?\d{4})?,?\s*"
    r"(?:from|at|via)?\s*(?:[^:.]{0,60}:)?\s*$",
    re.I,
)
_ISSN_RE = compile_re(r"\be?ISSN\s*:?\s*\d{4}-?\d{3}[\dXx](?:\s*,\s*\d{4}-?\d{3}[\dXx])*", re.I)
_ISBN_RE = compile_re(r"\bISBN(?:-1[03])?\s*:?\s*[\dXx][\d\-\sXx]{8,16}[\dXx]", re.I)
_PMID_RE = compile_re(r"\b(?:PMID|PMCID)\s*:?\s*(?:PMC)?\d+", re.I)
# Math Reviews and zbMATH numbers (AMS style): "… 351–399. MR 990772", "MR1946364", "Zbl 0694.53074"
_MR_RE = compile_re(r"(?<![\w.])(?:MR\s?:?\s?\d{5,8}|Zbl\s?:?\s?\d{4}\.\d{5})(?:\s?\([^()]{1,40}\))?(?![\w.])")
_PII_RE = compile_re(r"(?:\bdoi\s*:\s*)?\S+\s?\[pii\]\s*[;,.]?", re.I)
_EMPTY_BRACKETS_RE = compile_re(r"[\[(<]\s*[\])>]")


def _broken_doi_rest(raw: str, after: str) -> str | None:
    """The rest of a DOI that PDF text broke at a space, or None. Only a suffix without a digit so far
    is cut short ("10.1103/PhysRevLett .100.228502", "10.5194/npg- 19-227-2012", "10.1093/molbev /msu300",
    "10.1016/j. memsci.2011.11.020"); its rest has a digit and a separator inside, so a year after a
    sentence stop ("…/xyz. 2015 reprint") is no part of it."""
    suffix = raw.split("/", 1)[1]
    if any(c.isdigit() for c in suffix) or not suffix.rstrip(".-/") or len(suffix) > 24:
        return None
    gap = len(after) - len(after.lstrip())
    if not 1 <= gap <= 2 or not (word := after[gap:].split(None, 1)[0] if after[gap:] else ""):
        return None
    body = word.rstrip(".,;:")
    if not (suffix.endswith((".", "-", "/")) or body[:1] in "./-") or not any(c.isdigit() for c in body):
        return None
    if not any(c in "./-" for c in body[1:]) and body[:1] not in "./-":
        return None
    return after[: gap + len(word)] if all(c.isalnum() or c in "./-()_" for c in body) else None


@dataclass(frozen=True)
class Identifiers:
    doi: str | None
    arxiv: str | None
    url: str | None
    rest: str  # the input with the identifiers (and their lead-in words) removed


def _cut(text: str, span: tuple[int, int]) -> str:
    start, end = span
    before = text[:start]
    lead = _URL_LEADIN_RE.search(before)
    if lead:
        before = before[: lead.start()]
    return before.rstrip() + " " + text[end:].lstrip()


@lru_cache(maxsize=4096)
def extract_identifiers(text: str) -> Identifiers:
    """DOI, arXiv id and first URL of a reference; ``rest`` is the text without them.
    Remembered (the result is frozen): the rules and the labeller each ask it of the same text."""
    # Unwrap \url{..} and Markdown links so the identifiers inside are seen.
    if "\\" in text:
        text = _WRAP_RE.sub(lambda m: " " + (m.group(1) or m.group(2) or "") + " ", text)
    if "](" in text:
        text = _MD_LINK_RE.sub(lambda m: m.group(1) + " " + m.group(2)
                               if m.group(1) != m.group(2) else m.group(2), text)
    if "<" in text:
        text = _ANGLE_RE.sub(lambda m: " " + m.group(1) + " ", text)
    low = caseless(text)  # (each pattern below is searched only where its literal part is)

    arxiv: str | None = None
    for regex, needle in _ARXIV_NEEDLES:
        m = regex.search(text) if needle in low else None
        if m:
            arxiv = normalize_arxiv(m.group(1))
            if arxiv:
                text = _cut(text, m.span())
                break
    if not arxiv:
        m = _BARE_ARXIV_NEW_RE.search(text)
        if m and plausible_arxiv_new(m.group(1)):
            arxiv = normalize_arxiv(m.group(1))
            text = _cut(text, m.span())
    if arxiv:
        # The same id written twice ("[arXiv:X](https://arxiv.org/abs/X)"): no copy stays behind
        # to be read as title words.
        for regex in _ARXIV_RES:
            while (m := regex.search(text)) and normalize_arxiv(m.group(1)) == arxiv:
                text = _cut(text, m.span())
    doi: str | None = None
    m = _DOI_RE.search(text) if "10." in text else None
    if m:
        raw, start = m.group(1), m.start(1)
        if (rest := _broken_doi_rest(raw, text[m.end(1):])) is not None:
            text = text[:start] + raw + rest.lstrip() + text[m.end(1) + len(rest):]
            raw += rest.lstrip()
        # A DOI ends at whitespace; prose punctuation and unbalanced brackets are trimmed by
        # normalize_doi. Cut only what the DOI really covers.
        doi = normalize_doi(raw)
        if doi:
            end = start + doi_extent(raw)
            text = _cut(text, (m.start(), end))
            if not arxiv:
                from citecheck.normalize import arxiv_from_doi

                arxiv = arxiv_from_doi(doi)
    url: str | None = None
    m = _URL_RE.search(text) if "http" in low or "www." in low else None
    if m:
        raw_url = m.group(0).rstrip(".,;:)]}'\"")
        if ")" in raw_url and "(" not in raw_url[: raw_url.index(")")]:  # "…/24725854/)(accessed: …)"
            raw_url = raw_url[: raw_url.index(")")]
        if raw_url.count("(") > raw_url.count(")") and m.group(0)[len(raw_url):].startswith(")"):
            raw_url += ")"
        url = raw_url if raw_url.lower().startswith("http") else "https://" + raw_url
        text = _cut(text, (m.start(), m.start() + len(raw_url)))
        # Further URLs are dropped from the text too (they are not title words).
        text = _URL_RE.sub(" ", text)
    if doi is None and url:
        # A doi.org URL that the DOI regex missed (encoded slashes).
        doi = normalize_doi(url) if "doi.org" in url.lower() else None
    if url:
        text = _RETRIEVED_RE.sub(" ", text.rstrip(" .,;"))
    if any(word in low for word in _ACCESSED_WORDS):
        text = _ACCESSED_RE.sub(" ", text)
    if "isbn" in low:
        text = _ISBN_RE.sub(" ", text)
    if "issn" in low:
        text = _ISSN_RE.sub(" ", text)  # a journal's ISSN (JabRef/IOP): "… 486 57-59 ISSN 0921-4526"
    if "pmid" in low or "pmcid" in low:
        text = _PMID_RE.sub(" ", text)
    if "[pii]" in low:
        text = _PII_RE.sub(" ", text)  # PubMed's "doi: S0304-3959(13)00330-8 [pii]": the publisher's item id
    if "MR" in text or "Zbl" in text:
        text = _MR_RE.sub(" ", text)
    text = _EMPTY_BRACKETS_RE.sub(" ", text)
    text = re.sub(r"\b(?:doi|DOI)\s*:?\s*$", "", text.rstrip(" .,;"))
    text = _GAP_BEFORE_SEMICOLON_RE.sub(";", text)  # "(1999), [arXiv:…]; Phys. Lett." → "(1999); Phys. Lett."
    return Identifiers(doi=doi, arxiv=arxiv, url=url, rest=text)


#: what an identifier cut out between a work and the next leaves: "(1999), ; Phys. Lett. B 4"
_GAP_BEFORE_SEMICOLON_RE = compile_re(r"(?<=\S)[\s,]*,[\s,]*;|(?<=\S)\s+;")
