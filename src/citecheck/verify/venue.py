"""Venue comparison: journals (full, ISO-4 abbreviated, sibling sections) and conferences.

`canonical_journal` resolves the abbreviations in the shipped table; for the many journals not
in it, an abbreviation is accepted when each of its words is a prefix of the corresponding word
of the full name ("Int. J. Approx. Reason." ~ "International Journal of Approximate Reasoning").
Conference names are reduced to their series ("Proceedings of the 40th International Conference
on Machine Learning" → "icml") before comparison.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from rapidfuzz import fuzz

from citecheck.function_words import VENUE_STOP_WORDS
from citecheck.normalize import (
    canonical_journal,
    fold,
    journal_key,
    journal_table,
    letters_in_parent,
)
from citecheck.regex_cache import compile_re

VenueMatch = Literal["same", "sibling", "different"]

_DROP = compile_re(
    r"\b(proceedings|proc|procs|annual|conference|conf|symposium|symp|workshop|workshops|meeting|"
    r"international|intl|int|ieee|acm|cvf|siam|track|main|volume|vol|part|edition|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(st|nd|rd|th)|\d+)\b"
)
# Conference series by their usual names (the keys are what _DROP leaves of the full name).
_SERIES = {
    "neurips": "neurips", "nips": "neurips", "neuralinformationprocessingsystems": "neurips",
    "advancesneuralinformationprocessingsystems": "neurips",
    "icml": "icml", "machinelearning": "icml", "pmlr": "pmlr",
    "iclr": "iclr", "learningrepresentations": "iclr",
    "cvpr": "cvpr", "computervisionpatternrecognition": "cvpr",
    "iccv": "iccv", "computervision": "iccv",
    "eccv": "eccv", "europeancomputervision": "eccv",
    "acl": "acl", "associationcomputationallinguistics": "acl",
    "emnlp": "emnlp", "empiricalmethodsnaturallanguageprocessing": "emnlp",
    "naacl": "naacl",
    "northamericanchapterassociationcomputationallinguistics": "naacl",
    "northamericanchapterassociationcomputationallinguisticshumanlanguagetechnologies": "naacl",
    "aaai": "aaai",
    "ijcai": "ijcai", "jointartificialintelligence": "ijcai",
    "kdd": "kdd", "sigkdd": "kdd", "knowledgediscoverydatamining": "kdd",
    "aistats": "aistats", "artificialintelligencestatistics": "aistats",
    "uai": "uai", "uncertaintyartificialintelligence": "uai",
    "colt": "colt", "learningtheory": "colt", "computationallearningtheory": "colt",
    "corl": "corl", "robotlearning": "corl",
    "icra": "icra", "roboticsautomation": "icra",
    "iros": "iros", "intelligentrobotssystems": "iros",
    "www": "www", "worldwideweb": "www", "webconference": "www",
    "sigir": "sigir", "researchdevelopmentinformationretrieval": "sigir",
    "interspeech": "interspeech", "icassp": "icassp",
    "acousticsspeechsignalprocessing": "icassp",
    "tmlr": "tmlr", "transactionsmachinelearningresearch": "tmlr",
    "jmlr": "jmlr", "journalmachinelearningresearch": "jmlr",
}
_PREPRINT = compile_re(r"^(arxiv|corr|biorxiv|medrxiv|chemrxiv|ssrn|preprint|eprint|researchsquare|"
                       r"techrxiv|osf|psyarxiv|openreview)")


_PUBLISHERS = {"ieee", "acm", "siam", "aip", "iop", "aps"}
_SECTION_WORDS = {"part", "section", "series", "sect", "ser", "pt"}


@lru_cache(maxsize=16384)
def words(name: str) -> tuple[str, ...]:
    text = fold(name.replace("\\&", "&"))
    text = re.sub(r"\([^)]*\)", " ", text)  # "(SIAM)", "(CVPR)": publisher or acronym asides
    text = re.sub(r"\bunited states of america\b|\bu\.?\s?s\.?\s?a\b\.?", " usa ", text)
    return tuple(w for w in re.split(r"[^a-z0-9&]+", text)
                 if w and w not in VENUE_STOP_WORDS and w not in _SECTION_WORDS)


@lru_cache(maxsize=16384)
def _main_words(name: str) -> tuple[str, ...]:
    """Words of the name before a subtitle colon ('… Part B: Neuropsychiatric Genetics')."""
    head = name.split(":", 1)[0]
    return words(head) if head != name else ()


def _acronym_of(short: str, long_: tuple[str, ...]) -> bool:
    """'JAMA' for 'Journal of the American Medical Association', 'TPAMI' for 'IEEE Transactions
    on Pattern Analysis and Machine Intelligence'."""
    if not (2 <= len(short) <= 8 and short.isalpha()) or len(long_) < 2:
        return False
    key = short.lower()
    initials = "".join(w[0] for w in long_)
    bare = "".join(w[0] for w in long_ if w not in _PUBLISHERS)
    return key in (initials, bare)


@lru_cache(maxsize=16384)
def series_key(name: str) -> str:
    """'Proceedings of the 40th International Conference on Machine Learning' → 'icml'."""
    text = fold(name)
    text = re.sub(r"\(([^)]*)\)", r" \1 ", text)  # "(ICML)" → its acronym is a word too
    ws = [w for w in re.split(r"[^a-z0-9]+", _DROP.sub(" ", text)) if w and w not in VENUE_STOP_WORDS]
    for w in ws:  # an acronym anywhere in the name names the series
        if w in _SERIES and len(w) <= 12:
            return _SERIES[w]
    joined = "".join(ws)
    return _SERIES.get(joined, joined)


def is_preprint_venue(name: str | None) -> bool:
    key = canonical_journal(name)
    return bool(key) and bool(_PREPRINT.match(key))


def _subsequence(a: str, b: str) -> bool:
    it = iter(b)
    return all(ch in it for ch in a)


def _abbrev_of(short: tuple[str, ...], long_: tuple[str, ...]) -> VenueMatch | None:
    """Each word of `short` a prefix of the matching word of `long_` (ISO-4 style)."""
    if len(short) != len(long_) or not short:
        return None
    sibling = False
    for a, b in zip(short, long_, strict=True):
        if b.startswith(a) or (len(a) >= 3 and a[0] == b[0] and _subsequence(a, b)):
            continue  # "phys" ~ "physics", ISO-4 contractions: "natl" ~ "national"
        if len(a) == 1 and len(b) == 1:  # section letter: Phys. Rev. B vs Phys. Rev. D
            sibling = True
            continue
        return None
    return "sibling" if sibling else "same"


@lru_cache(maxsize=65536)
def compare_venues(cited: str, found: str) -> VenueMatch:
    """How the cited venue name relates to one name of the record's venue."""
    ck, fk = canonical_journal(cited), canonical_journal(found)
    if not ck or not fk or ck == fk:
        return "same"
    if ck[:-1] == fk[:-1] and len(ck) == len(fk) and len(ck) >= 6 and not (ck[-1] + fk[-1]).isdecimal():
        return "sibling"  # physicalreviewb vs physicalreviewd
    if abs(len(ck) - len(fk)) == 1 and len(ck) >= 6 and (ck.startswith(fk) or fk.startswith(ck)):
        tail = ck[-1] if len(ck) > len(fk) else fk[-1]
        if tail.isalpha():
            return "sibling"  # nuclearphysics vs nuclearphysicsb
    cw, fw = words(cited), words(found)
    mc, mf = _main_words(cited), _main_words(found)
    for short, long_ in ((cw, fw), (fw, cw), (cw, mf), (mf, cw), (fw, mc), (mc, fw)):
        how = _abbrev_of(short, long_)
        if how:
            return how
    for name, other in ((cited, fw), (found, cw)):
        if " " not in name.strip() and _acronym_of(name.strip(), other):
            return "same"
    # "X Letters" vs "X": another journal (Physical Review Letters vs Physical Review), except
    # where the letters are printed in X's own volumes ("ApJL" for a letter filed under ApJ)
    hc, hf = _without_letters(cited), _without_letters(found)
    if hc != cited.strip() and hf != found.strip() and hc and hf:
        return compare_venues(hc, hf)  # both letters journals ("ApJ Letters", "The ... Journal Letters")
    letters = _letters_of(cited, found)
    if letters:
        return letters
    cs, fs = series_key(cited), series_key(found)
    if cs and fs and (cs == fs or (len(cs) >= 8 and len(fs) >= 8 and fuzz.ratio(cs, fs) >= 90)):
        return "same"
    # Conference names written in many ways: most words in common is the same venue.
    if len(cw) >= 3 and len(fw) >= 3 and fuzz.token_set_ratio(" ".join(cw), " ".join(fw)) >= 90:
        return "same"
    return "different"


_LETTERS_TAIL = ("letters", "lett", "l")


def _letters_of(cited: str, found: str) -> VenueMatch | None:
    """'same'/'sibling' when one name is the other's letters journal, None otherwise."""
    for a, b in ((cited, found), (found, cited)):
        parent = _letters_parent(a, b)
        if parent is not None:
            return "same" if parent else "sibling"
    return None


def _letters_parent(letters: str, parent: str) -> bool | None:
    """None unless `letters` names the letters journal of `parent`; then whether `parent`
    prints its letters in its own volumes (ApJ, MNRAS) rather than as a journal of their own."""
    for a, b in ((canonical_journal(letters), canonical_journal(parent)),
                 (journal_key(letters), journal_key(parent))):
        if len(b) >= 3 and a.startswith(b) and a[len(b):] in _LETTERS_TAIL:
            return canonical_journal_key(b) in letters_in_parent()
    # full words: "MNRAS Letters" vs "Monthly Notices of the Royal Astronomical Society"
    head = _without_letters(letters)
    if head != letters.strip() and head and compare_venues(head, parent) == "same":
        return canonical_journal(parent) in letters_in_parent()
    return None


def _without_letters(name: str) -> str:
    return re.sub(r"[\s.,:]*\b(?:letters|lett|l)\b[\s.]*$", "", name.strip(), flags=re.I)


def cites_letters_of(cited: str, found: str) -> bool:
    """The cited name is the letters section of the record's journal ('ApJ Lett.' for 'ApJ')."""
    return bool(_letters_parent(cited, found))


def canonical_journal_key(key: str) -> str:
    """The canonical key of an already normalised journal key ('apj' → 'astrophysicaljournal')."""
    full = journal_table().get(key)
    return journal_key(full) if full else key


def venue_names(container_title: str | None, container_title_short: str | None) -> list[str]:
    return [n for n in (container_title, container_title_short) if n and n.strip()]


def best_venue_match(cited: str, found_names: list[str]) -> VenueMatch:
    order = {"same": 0, "sibling": 1, "different": 2}
    return min((compare_venues(cited, f) for f in found_names), key=order.__getitem__,
               default="same")
