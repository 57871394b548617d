"""What every corruption shares: the kinds, the `Corruption` result, the `Context` a corruptor
draws on (checked against the corpus), the `Corruptor` protocol and the small record helpers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Protocol

from rapidfuzz import fuzz, process

from citecheck.bench.pool import Known, PoolRecord, jvp_key
from citecheck.function_words import TITLE_CONNECTORS
from citecheck.model import Name, Record
from citecheck.normalize import normalize_title, title_similarity

MINOR_KINDS: tuple[str, ...] = (
    "year_drift", "author_misspelled", "author_dropped", "author_added", "author_swapped",
    "author_replaced", "wrong_initial", "title_word_changed", "title_word_dropped",
    "volume_changed", "page_changed", "sibling_journal", "doi_char", "arxiv_char",
    "two_fields",
)
#: kinds `two_fields` combines (two different fields drifting at once, as in LLM output)
COMBINABLE = ("year_drift", "volume_changed", "page_changed", "author_dropped",
              "author_misspelled", "title_word_dropped", "wrong_initial")
MAJOR_KINDS: tuple[str, ...] = (
    "fabricated", "fabricated_doi", "fabricated_arxiv", "chimeric_title", "real_doi_dressed",
    "real_arxiv_dressed",
)
#: a fabricated title must stay below this normalised similarity to every corpus title
MAX_FABRICATED_SIMILARITY = 0.8

#: the words that join a title's topics (`function_words.TITLE_CONNECTORS`)
CONNECTORS = TITLE_CONNECTORS


@dataclass
class Corruption:
    """A corrupted (or fabricated) record and what the corruption touched."""

    record: Record  # what the citation will show
    kind: str
    detail: str
    changed: frozenset[str] = frozenset()  # CSL fields altered (arXiv id as "arxiv")
    requires: frozenset[str] = frozenset()  # fields that must be visible in the rendering
    all_authors: bool = False  # render the whole author list (author corruptions)
    template_id: str | None = None  # the real record a fabrication borrowed its shape from


@dataclass
class Context:
    """What a corruptor may draw on: the corpus' known sets and same-subfield material."""

    known: Known
    #: subfield → records (for titles, author names, journals)
    by_subfield: dict[str, list[PoolRecord]]
    _title_keys: list[str] = field(default_factory=list)

    def title_keys(self) -> list[str]:
        if not self._title_keys:
            self._title_keys = self.known.titles
        return self._title_keys

    def title_absent(self, title: str) -> bool:
        """Provably not a corpus title: normalised similarity < 0.8 to all of them."""
        key = normalize_title(title)
        if not key or key in self.known.title_set:
            return False
        keys = self.title_keys()
        cutoff = MAX_FABRICATED_SIMILARITY * 100
        if process.extractOne(key, keys, scorer=fuzz.ratio, score_cutoff=cutoff) is not None:
            return False
        # citecheck's own similarity also credits a matching prefix (dropped subtitles)
        for cand, _, _ in process.extract(key, keys, scorer=fuzz.token_set_ratio, limit=5):
            if title_similarity(key, cand) >= MAX_FABRICATED_SIMILARITY:
                return False
        return True


class Corruptor(Protocol):
    """Turns a real record into a corrupted citation record (None: not applicable)."""

    name: str

    def kinds(self, label: str) -> Sequence[str]: ...

    def corrupt(self, source: PoolRecord, label: str, kind: str, ctx: Context,
                rng: Random) -> Corruption | None: ...


def copy_record(record: Record) -> Record:
    return Record.model_validate(record.model_dump(by_alias=True))


def persons(record: Record) -> list[int]:
    return [i for i, n in enumerate(record.author) if n.family and not n.literal]


def random_person(ctx: Context, subfield: str, rng: Random, avoid: set[str]) -> Name | None:
    pool = ctx.by_subfield.get(subfield) or []
    for _ in range(50):
        pr = rng.choice(pool)
        persons = [n for n in pr.record.author if n.family and n.given and not n.literal]
        if persons:
            n = rng.choice(persons)
            if n.family and n.family.lower() not in avoid:
                return Name(family=n.family, given=n.given)
    return None


def jvp_free(record: Record, ctx: Context) -> bool:
    if not (record.container_title and record.volume and record.first_page):
        return True
    return jvp_key(record.container_title, record.volume, record.first_page) not in ctx.known.jvp
