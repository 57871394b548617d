"""A learned token labeller for reference strings (a linear-chain CRF, python-crfsuite).

The model (``data/labeller.crfsuite``, built by ``scripts/train_labeller.py`` from GROBID's and
AnyStyle's labelled references; see ``data/LICENSES-labeller.md``) gives every token of the raw string
one of: author, editor, date, title, container, collection, volume, issue, pages, publisher,
location, identifier, url, note, other. `read_labelled` turns the labelled spans into a CSL
`Record`; identifiers (DOI, arXiv id) are always taken by rule, never from the model.

Features per token (the word's own computed once per distinct word and cached: `_word_features`,
`_neighbour`; the context ones built from small cached tuples): the word (folded), its shape (case,
digits, length, "xX" for a glued word such as "andM"), prefix and suffix, whether it is a year, a long
number (an article number), an initial, a known English word, a word of a known journal name or
abbreviation, a family- or given-name word (data/names.txt.gz, scripts/build_names.py), a month; whether
white space precedes/follows it (PDF text loses and adds spaces), its relative position, the start of a
number range; the left context (inside quotes or brackets, after the year, after "et al", how many
sentence stops came before, the last punctuation mark); the word and shape of the tokens ±1 and ±2 and
the flags of ±1. `read_labelled_scored` adds, per field, the model's marginal probability (how sure it
is), which reading/combine.py weighs. Feature names are pinned to the model's by tests/test_labeller.py
(`test_model_and_code_have_the_same_features`): a change here needs the model retrained
(scripts/train_labeller.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

from citecheck.function_words import FUNCTION_WORDS
from citecheck.model import Record, set_year
from citecheck.names import name_words
from citecheck.reading.author_blocks import authors_of_block
from citecheck.reading.identifiers import extract_identifiers
from citecheck.reading.pdftext import artefact_count, clean_pdf_text, is_known_word, is_pdf_like
from citecheck.venues import journal_reference, journal_table
from citecheck.years import MONTH_ABBREVIATIONS, MONTHS, YEAR

__all__ = ["LABELS", "LEXICON_NAME", "LabelledReading", "Token", "features", "journal_lexicon", "label_tokens",
           "read_labelled", "read_labelled_scored", "tokenize"]

LABELS = ("author", "editor", "date", "title", "container", "collection", "volume", "issue", "pages",
          "publisher", "location", "identifier", "url", "note", "other")
MODEL_NAME = "labeller.crfsuite"
_TOKEN_RE = re.compile(r"\d+|[^\W\d_]+|\S")  # (digits first: faster, the same tokens)
# (a year as the model was trained to see one: up to 2049; changing it needs the model retrained)
_YEAR_RE = re.compile(rf"^(?!20[5-9]\d){YEAR}$")
_MONTHS = frozenset([*MONTH_ABBREVIATIONS, "sept", *(m.lower() for m in MONTHS)])
_ORDINARY = FUNCTION_WORDS | {"vol", "no", "pp", "p", "eds", "ed", "et", "al"}


class Token(NamedTuple):
    text: str
    start: int
    end: int
    space_before: bool


_new_token = tuple.__new__  # (Token's own __new__ is a Python function: twice the cost)


def tokenize(text: str) -> list[Token]:
    out = []
    for m in _TOKEN_RE.finditer(text):
        start, end = m.span()
        out.append(_new_token(Token, (text[start:end], start, end, start > 0 and text[start - 1].isspace())))
    return out


#: the journal words and names the model was trained with (written by scripts/train_labeller.py beside
#: the model): the abbreviation table grows, the model's features must not change under it
LEXICON_NAME = "labeller-journals.json"


def journal_lexicon(table: dict[str, str]) -> dict[str, list[str]]:
    """The labeller's journal features from an abbreviation table: "words" (of the names, and
    common abbreviated words) and "keys" (whole names, folded)."""
    return {"words": sorted(_words_of(table)), "keys": sorted(_keys_of(table))}


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, frozenset[str]]:
    ref = resources.files("citecheck.data").joinpath(LEXICON_NAME)
    if ref.is_file():
        data = json.loads(ref.read_text(encoding="utf-8"))
    else:  # no frozen copy: the table as it is now
        data = journal_lexicon(journal_table())
    return {k: frozenset(data[k]) for k in ("words", "keys")}


def _journal_words() -> frozenset[str]:
    return _lexicon()["words"]


def _words_of(table: dict[str, str]) -> frozenset[str]:
    words: set[str] = set()
    for full in table.values():
        words.update(w.lower() for w in re.findall(r"[^\W\d_]+", full) if len(w) > 1)
    words.update(["phys", "rev", "lett", "nucl", "astrophys", "astron", "j", "proc", "soc", "chem",
                  "math", "sci", "acad", "natl", "ann", "mod", "theor", "appl", "opt", "instrum",
                  "meth", "res", "mater", "int", "commun", "trans", "ieee", "acta", "jhep", "jcap",
                  "mnras", "apj", "prl", "prd", "prb", "nature", "science", "cond", "matt", "gen",
                  "relat", "gravit", "quantum", "grav", "class", "eur", "nuovo", "cim", "rep", "prog",
                  "biol", "med", "geophys", "lond", "bull", "z", "zh", "eksp", "teor", "fiz", "sov"])
    return frozenset(words)


def _shape(w: str) -> str:
    if w.isdigit():
        return f"d{min(len(w), 5)}"
    if len(w) == 1 and not w.isalnum():
        return "p" + w
    if w.isupper():
        return "X1" if len(w) == 1 else "XX"
    if w[:1].isupper():
        return "Xx" if w[1:].islower() else "XxX"
    return "x" if w.islower() else "xX"  # "xX": a glued word ("andM", "etal")


@lru_cache(maxsize=65536)
def _word_features(w: str) -> tuple[str, ...]:
    low = w.lower()
    out = [f"w={low}" if len(low) < 25 else "w=LONG", f"s={_shape(w)}", f"len={min(len(w), 12)}"]
    if w.isalpha():
        out.append(f"suf={low[-3:]}")
        out.append(f"pre={low[:3]}")
        out.extend(_flags(w, low))
        if low in _MONTHS:
            out.append("month")
        if low in _ORDINARY:
            out.append("ord")
        if low.startswith("and") and len(w) > 3 and w[3].isupper():
            out.append("and_glued")
    if _YEAR_RE.match(w):
        out.append("year")
    elif w.isdigit() and len(w) >= 5:
        out.append("longnum")  # an article number ("054912"), not a year
    return tuple(out)


def _flags(w: str, low: str) -> list[str]:
    out = []
    if is_known_word(low):
        out.append("dict")
    if low in _journal_words():
        out.append("jw")
    name = name_words().get(low)
    if name and w[:1].isupper():
        out.append("name_" + name)
    return out


@lru_cache(maxsize=65536)
def _neighbour(w: str, off: int) -> tuple[str, ...]:
    """The features a token lends its neighbours: word and shape (±1, ±2), and its flags (±1)."""
    base = _word_features(w)
    if abs(off) == 1:
        keep = [x for x in base if not x.startswith(("len=", "suf=", "pre="))]
        return tuple(f"{off}:{x}" for x in keep)
    return (f"{off}:{base[0]}", f"{off}:{base[1]}")


def _journal_keys() -> frozenset[str]:
    return _lexicon()["keys"]


def _keys_of(table: dict[str, str]) -> frozenset[str]:
    keys = {k for k in table if not k.startswith("_")}
    keys.update(re.sub(r"[^a-z&]", "", v.lower()) for v in table.values())
    return frozenset(k for k in keys if len(k) >= 3)


@lru_cache(maxsize=2)
def _prefixes(keys: frozenset[str]) -> frozenset[str]:
    return frozenset(k[:n] for k in keys for n in range(1, len(k) + 1))


_BREAKS = frozenset(",;:()[]\"“”")


def _in_journal(tokens: list[Token]) -> list[bool]:
    """Tokens covered by a run that spells a known journal name or abbreviation ("Phys .Rev .Lett")."""
    keys = _journal_keys()
    prefixes = _prefixes(keys)
    texts = [t.text for t in tokens]
    words = [x.lower() if x.isalnum() or x == "&" else "" for x in texts]
    n = len(tokens)
    marked = [False] * n
    for i, w in enumerate(words):
        if not w or w not in prefixes or not w.isalpha():
            continue
        key = ""
        for j in range(i, min(n, i + 16)):
            if texts[j] in _BREAKS or texts[j].isdigit():
                break
            key += words[j]
            if key not in prefixes:  # no longer run spells a name either
                break
            if key in keys and not (j + 1 < n and words[j + 1].isalpha() and key + words[j + 1] in keys):
                for k in range(i, j + 1):
                    marked[k] = True
    return marked


_PUNCT = frozenset(".,;:()[]\"“”«»-–/&'’")
_QUOTES = frozenset("\"“”«»")


def _is_stop(tokens: list[Token], i: int) -> bool:
    """A sentence stop: ". " after a word longer than an initial ("Phys .Rev" is no stop)."""
    return (tokens[i].text == "." and i + 1 < len(tokens) and tokens[i + 1].space_before
            and i > 0 and len(tokens[i - 1].text) > 1)


@lru_cache(maxsize=1024)
def _left_features(stops: int, last_punct: str, quote: bool, paren: bool, year: bool, etal: bool) -> tuple[str, ...]:
    f = [f"stops={stops}", f"lp={last_punct}"]
    for on, name in ((quote, "inquote"), (paren, "inparen"), (year, "after_year"), (etal, "after_etal")):
        if on:
            f.append(name)
    return tuple(f)


def _state(tokens: list[Token], stops_at: list[bool]) -> list[tuple[str, ...]]:
    """Left-to-right context of each token: inside quotes or brackets, after the year, after "et al",
    how many sentence stops (". ") came before, the last punctuation mark before it."""
    out: list[tuple[str, ...]] = []
    quote = paren = stops = 0
    seen_year = seen_etal = False
    last_punct = "^"
    prev = ""
    for i, t in enumerate(tokens):
        out.append(_left_features(stops if stops < 3 else 3, last_punct, quote % 2 == 1, paren > 0, seen_year, seen_etal))
        x = t.text
        if x in _PUNCT:
            last_punct = x
            if x in _QUOTES:
                quote += 1
            elif x in "([":
                paren += 1
            elif x in ")]":
                paren = max(0, paren - 1)
            elif stops_at[i]:
                stops += 1
        elif x.isdigit():
            if not seen_year and _YEAR_RE.match(x):
                seen_year = True
        elif len(x) == 2 and x.lower() == "al" and prev.lower() == "et":
            seen_etal = True
        prev = x
    return out


#: per offset, word → what it lends (`_neighbour` through a plain dict: an lru_cache of two arguments
#: costs three times a dict look-up, and this runs four times a token); emptied past 65,536 words
_LENT: dict[int, dict[str, tuple[str, ...]]] = {-2: {}, -1: {}, 1: {}, 2: {}}


def _around(texts: list[str], off: int) -> list[tuple[str, ...]]:
    """What the token ``off`` places away lends each token (`_neighbour`; "none" past either end)."""
    none = (f"{off}:none",)
    n = len(texts)
    cache = _LENT[off]
    if len(cache) > 65536:
        cache.clear()
    lent = [cache.get(x) or cache.setdefault(x, _neighbour(x, off)) for x in (texts[:off] if off < 0 else texts[off:])]
    return [none] * min(-off, n) + lent if off < 0 else lent + [none] * min(off, n)


@lru_cache(maxsize=4096)
def _local_features(space: bool, first: int, last: bool, nosp_after: bool,
                    journal: tuple[bool, bool, bool],  # this token's, the one before's, the next's
                    mark: str) -> tuple[str, ...]:
    f = ["sp" if space else "nosp"]
    if first < 3:
        f.append(f"first{first}")
    if last:
        f.append("last")
    if nosp_after:
        f.append("nosp_after")
    for on, name in zip(journal, ("journal", "-1:journal", "1:journal"), strict=True):
        if on:
            f.append(name)
    if mark:
        f.append(mark)
    return tuple(f)


def _locals(tokens: list[Token], texts: list[str], journal: list[bool]) -> list[tuple[str, ...]]:
    """Each token's own marks: near the start or the end, white space, a known journal around it, an
    initial, a number range."""
    n = len(tokens)
    flags = [False, *journal, False]
    out = []
    for i, t in enumerate(tokens):
        x = t.text
        nxt = texts[i + 1] if i + 1 < n else ""
        mark = ""
        if nxt == "." and len(x) == 1 and x.isupper():
            mark = "initial"
        elif x.isdigit() and nxt in ("-", "–") and i + 2 < n and texts[i + 2].isdigit():
            mark = "range"
        out.append(_local_features(t.space_before, i if i < 3 else 3, i >= n - 2,
                                   i + 1 < n and not tokens[i + 1].space_before,
                                   (flags[i + 1], flags[i], flags[i + 2]), mark))
    return out


_HEADS = tuple(("bias", f"pos={k}") for k in range(10))


def features(tokens: list[Token]) -> list[list[str]]:
    n = len(tokens)
    texts = [t.text for t in tokens]
    journal = _in_journal(tokens)
    stops_at = [x == "." and _is_stop(tokens, i) for i, x in enumerate(texts)]
    state = _state(tokens, stops_at)
    own = [_word_features(x) for x in texts]
    local = _locals(tokens, texts, journal)
    m2, m1, p1, p2 = (_around(texts, off) for off in (-2, -1, 1, 2))
    step = max(n, 1)
    return [[*_HEADS[10 * i // step], *own[i], *state[i],
             *local[i], *m2[i], *m1[i], *p1[i], *p2[i]] for i in range(n)]


@lru_cache(maxsize=1)
def _tagger() -> object | None:
    import pycrfsuite

    ref = resources.files("citecheck.data").joinpath(MODEL_NAME)
    if not ref.is_file():
        return None
    tagger = pycrfsuite.Tagger()
    with resources.as_file(ref) as path:
        tagger.open(str(Path(path)))
    return tagger


def label_tokens(text: str) -> list[tuple[str, Token]]:
    """Every token of ``text`` with the model's label; empty when no model ships."""
    tagger = _tagger()
    tokens = tokenize(text)
    if tagger is None or not tokens:
        return []
    tags = tagger.tag(features(tokens))  # type: ignore[attr-defined]  # pycrfsuite is untyped; _tagger returns a Tagger
    return list(zip(tags, tokens, strict=True))


def _spans(text: str, labelled: list[tuple[str, Token]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    start = end = -1
    current = None
    for label, tok in [*labelled, ("", Token("", len(text), len(text), False))]:
        if label != current:
            if current and current != "other":
                out.setdefault(current, []).append(text[start:end])
            current, start = label, tok.start
        end = tok.end
    return out


_TRIM = " \t,;:.()[]\"“”'‘’«»-–"


def _field(value: str | None, keep_dot: bool = False, pdf_like: bool = False) -> str | None:
    if not value:
        return None
    if pdf_like or artefact_count(value) or "-" in value:  # clean text needs no clean-up
        value = clean_pdf_text(value, pdf_like or None)
    value = value.strip(" \t,;:()[]\"“”'‘’«»-–" if keep_dot else _TRIM)
    return value or None


def read_labelled(text: str) -> Record | None:
    """The model's reading of a reference string as a CSL record (None when no model ships)."""
    labelled = label_tokens(text)
    return _record(text, labelled) if labelled else None


@dataclass(frozen=True)
class LabelledReading:
    """The model's record and, per label, how sure it is: for a label it gave, the smallest marginal
    probability over the label's first span; for "no-<label>" (a label it did not give), one minus the
    largest marginal of that label at any token."""

    record: Record
    confidence: dict[str, float]  # label or "no-<label>" → probability (only `SCORED`/`ABSENT`)
    #: the words (lower case) of every token labelled an author, read as names or not ("Smol", "Andrei")
    author_words: frozenset[str] = frozenset()


#: the fields whose confidence the combination weighs (marginals cost time: only these are computed)
SCORED = ("author", "title", "container", "volume")
#: the fields whose absence it weighs ("no-title": the labeller is sure there is no title)
ABSENT = ("title",)


def _confidence(tags: list[str], marginal: object) -> dict[str, float]:
    out: dict[str, float] = {}
    for label in SCORED:
        if label not in tags:
            continue
        i = tags.index(label)
        p = 1.0
        while i < len(tags) and tags[i] == label:  # the label's first span
            p = min(p, marginal(label, i))  # type: ignore[operator]
            i += 1
        out[label] = p
    for label in ABSENT:
        if label not in tags:
            out["no-" + label] = 1.0 - max(marginal(label, i) for i in range(len(tags)))  # type: ignore[operator]
    return out


def read_labelled_scored(text: str) -> LabelledReading | None:
    """`read_labelled` with the model's confidence in the fields `SCORED` (and in the absence of
    those in `ABSENT`): the combination weighs it."""
    tagger = _tagger()
    tokens = tokenize(text)
    if tagger is None or not tokens:
        return None
    tags = tagger.tag(features(tokens))  # type: ignore[attr-defined]  # pycrfsuite is untyped
    confidence = _confidence(tags, tagger.marginal)  # type: ignore[attr-defined]
    labelled = list(zip(tags, tokens, strict=True))
    named = frozenset(tok.text.lower() for tag, tok in labelled if tag == "author")
    return LabelledReading(_record(text, labelled), confidence, named)


#: words a date may hold besides numbers and marks: the months and their abbreviations
_DATE_WORDS = frozenset({m.lower() for m in MONTHS} | set(MONTH_ABBREVIATIONS) | {"sept"})


def _date_like(word: str) -> bool:
    return any(c in "0123456789" for c in word) or not any(c.isalpha() for c in word) or \
        word.lower().rstrip(".") in _DATE_WORDS


def _dated_title(labelled: list[tuple[str, Token]]) -> list[tuple[str, Token]]:
    """Words the model labelled a date that are no date, between a date and the title ("1932 Über die
    Anwendbarkeit …", "1973 ⁸Li Magnetic Dipole Moment" in IOP's author–year layout): the title's first."""
    out = list(labelled)
    for i in range(1, len(out)):
        if out[i][0] != "title" or out[i - 1][0] != "date":
            continue
        j = i - 1
        while j >= 0 and out[j][0] == "date" and not _date_like(out[j][1].text):
            j -= 1
        if j >= 0 and out[j][0] == "date" and j < i - 1:  # (a date stays before them)
            out[j + 1 : i] = [("title", tok) for _, tok in out[j + 1 : i]]
    return out


def _record(text: str, labelled: list[tuple[str, Token]]) -> Record:
    spans = _spans(text, _dated_title(labelled))
    rec = Record()
    ids = extract_identifiers(text)
    rec.DOI = ids.doi
    if ids.arxiv:
        rec.custom["arxiv"] = ids.arxiv
    if "author" in spans:
        authors = _field(spans["author"][0], keep_dot=True) or ""
        rec.author = authors_of_block(authors)
    rec.title = _field(spans.get("title", [None])[0], pdf_like=is_pdf_like(text))
    container = _field(spans.get("container", [None])[0], keep_dot=True)
    rec.container_title = container.rstrip(",;: ") if container else None
    for key, attr in (("volume", "volume"), ("issue", "issue"), ("publisher", "publisher")):
        setattr(rec, attr, _field(spans.get(key, [None])[0]))
    pages = _field(spans.get("pages", [None])[0])
    if pages:
        m = re.search(r"[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–]+\s*[A-Za-z]?\d+)?", pages)
        rec.page = re.sub(r"\s*[-–]+\s*", "-", m.group(0)) if m else None
    if rec.volume:
        m = re.search(r"[A-Z]?\d+[A-Za-z]?", rec.volume)
        rec.volume = m.group(0) if m else rec.volume
    rec.container_title, rec.volume = journal_reference(rec.container_title, rec.volume)
    if "location" in spans:
        rec.custom["publisher-place"] = _field(spans["location"][0])
    for date in spans.get("date", []):
        m = re.search(YEAR, date)
        if m:
            set_year(rec, int(m.group(0)))
            break
    return rec
