"""Normalisers shared by the parser, the index and the comparator.

Every comparison in citecheck goes through these, so that "Phys. Rev. Lett." and "Physical
Review Letters", "doi:10.1103/PhysRevLett.81.4412." and "10.1103/physrevlett.81.4412", or
"Schrödinger" and "Schrodinger" compare equal.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any

# -- identifiers ------------------------------------------------------------------------------

DOI_RE = re.compile(r"10\.\d{4,9}/[^\s\"<>{}]+", re.IGNORECASE)
_DOI_PREFIX_RE = re.compile(
    r"^(?:https?://(?:dx\.)?doi\.org/|doi\.org/|doi:\s*|https?://doi\.acm\.org/)", re.IGNORECASE
)
# New style 0704.0001 / 2104.14294 (+ version); old style hep-th/9901001 or math.GT/0309136.
ARXIV_NEW_RE = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(v\d+)?(?!\d)")
ARXIV_OLD_RE = re.compile(r"\b([a-z][a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?\b")
ARXIV_DOI_RE = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)


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
    # Trailing punctuation from prose; a closing bracket only when unbalanced.
    while doi and doi[-1] in ".,;:'\"]}>":
        doi = doi[:-1]
    while doi.endswith(")") and doi.count(")") > doi.count("("):
        doi = doi[:-1]
    return doi.lower() or None


def normalize_arxiv(value: str | None) -> str | None:
    """arXiv id without version and prefix (``arXiv:``, URLs, the DataCite DOI); None if none."""
    if not value:
        return None
    text = value.strip()
    doi = ARXIV_DOI_RE.match(text)
    if doi:
        text = doi.group(1)
    text = re.sub(r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/", "", text, flags=re.I)
    text = re.sub(r"^arxiv:\s*", "", text, flags=re.I)
    text = text.removesuffix(".pdf")
    match = ARXIV_NEW_RE.search(text)
    if match:
        return match.group(1)
    match = ARXIV_OLD_RE.search(text)
    if match:
        return match.group(1)
    return None


def arxiv_from_doi(doi: str | None) -> str | None:
    if doi:
        match = ARXIV_DOI_RE.match(doi)
        if match:
            return normalize_arxiv(match.group(1))
    return None


# -- text -------------------------------------------------------------------------------------

_LATEX_CMD_RE = re.compile(r"\\[a-zA-Z]+\*?\s*")
_NON_ALNUM_RE = re.compile(r"[^0-9a-z]+")
_SPECIAL_LETTERS = str.maketrans(
    {"ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d",
     "ı": "i", "œ": "oe", "Œ": "oe", "þ": "th", "ð": "d"}
)
_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi",
    "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "phi", "χ": "chi", "ψ": "psi",
    "ω": "omega", "Γ": "gamma", "Δ": "delta", "Θ": "theta", "Λ": "lambda", "Σ": "sigma",
    "Φ": "phi", "Ψ": "psi", "Ω": "omega", "ϕ": "phi", "ϵ": "epsilon", "µ": "mu",
}
_GREEK_TRANS = str.maketrans({k: f" {v} " for k, v in _GREEK.items()})


def fold(text: str) -> str:
    """Lower-case ASCII folding: accents removed, ß→ss, Greek letters spelled out."""
    if text.isascii():  # the common case; every step below is the identity on ASCII
        return text.lower()
    text = text.translate(_SPECIAL_LETTERS).translate(_GREEK_TRANS)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.lower()


@lru_cache(maxsize=65536)
def normalize_title(title: str | None) -> str:
    """Title key for similarity: folded, LaTeX commands and markup dropped, alnum words only."""
    if not title:
        return ""
    text = title.replace("$", " ").replace("{", "").replace("}", "")
    text = _LATEX_CMD_RE.sub(" ", text)
    text = fold(text)
    return _NON_ALNUM_RE.sub(" ", text).strip()


def title_words(title: str | None) -> list[str]:
    return normalize_title(title).split()


# -- names ------------------------------------------------------------------------------------

_PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "la", "le", "du",
              "dos", "das", "ten", "ter", "al", "el", "bin", "y"}


@lru_cache(maxsize=65536)
def name_key(family: str | None) -> str:
    """Family-name key: folded, particles and punctuation dropped ("van der Waals" → "waals")."""
    if not family:
        return ""
    words = [w for w in _NON_ALNUM_RE.split(fold(family)) if w]
    core = [w for w in words if w not in _PARTICLES]
    return "".join(core or words)


def initials(given: str | None) -> str:
    """First letters of the given names, folded: "Jens-Uwe" → "ju", "R. M. L." → "rml"."""
    if not given:
        return ""
    parts = re.split(r"[\s.\-‐]+", fold(given))
    return "".join(p[0] for p in parts if p and p[0].isalpha())


# -- journals ---------------------------------------------------------------------------------


def journal_key(name: str | None) -> str:
    """Key as in the abbreviation table: folded, no spaces/dots/commas/colons/hyphens/tildes."""
    if not name:
        return ""
    text = fold(name.replace("\\&", "&"))
    text = re.sub(r"^the\s+", "", text)
    return re.sub(r"[\s.,:\-~–'’()]+", "", text)


@lru_cache(maxsize=1)
def _journal_data() -> dict[str, Any]:
    with resources.files("citecheck.data").joinpath("journal-abbreviations.json").open(
        encoding="utf-8"
    ) as fh:
        return dict(json.load(fh))


@lru_cache(maxsize=1)
def journal_table() -> dict[str, str]:
    """Abbreviation key → full journal title, shipped in the package."""
    return dict(_journal_data()["table"])


@lru_cache(maxsize=1)
def letters_in_parent() -> frozenset[str]:
    """Canonical keys of journals that print their letters in their own volumes (ApJ, MNRAS):
    for these 'X Letters' names the same venue as X; elsewhere it is a sibling journal."""
    section = _journal_data().get("letters_in_parent") or {}
    names = section.get("journals", []) if isinstance(section, dict) else []
    return frozenset(canonical_journal(str(n)) for n in names)


@lru_cache(maxsize=8192)
def canonical_journal(name: str | None) -> str:
    """A key under which abbreviated and full journal names coincide."""
    key = journal_key(name)
    if not key:
        return ""
    table = journal_table()
    full = table.get(key)
    if full:
        return journal_key(full)
    return key


def title_similarity(a: str | None, b: str | None) -> float:
    """Normalised Levenshtein similarity of two titles in 0..1 (0 when either is missing).

    A citation that drops a subtitle ("Title" vs "Title: a study of X") still scores high:
    the prefix comparison is weighted a little below a full match.
    """
    from rapidfuzz.distance import Levenshtein

    na, nb = normalize_title(a), normalize_title(b)
    if not na or not nb:
        return 0.0
    full = Levenshtein.normalized_similarity(na, nb)
    short, long_ = (na, nb) if len(na) <= len(nb) else (nb, na)
    if len(short) >= 20 and len(short) >= 0.5 * len(long_):
        prefix = Levenshtein.normalized_similarity(short, long_[: len(short)])
        full = max(full, 0.92 * prefix)
    return full
