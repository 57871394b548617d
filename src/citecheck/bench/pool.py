"""The pool of real physics records a benchmark is drawn from, and what it must not collide with.

Records come from CSL-JSON corpus files (gzip JSONL). Each gets a subfield from its arXiv
categories, else from its journal. The same files give the "known" sets (titles, DOIs, arXiv
ids, journal/volume/page triples) that fabricated and corrupted citations are checked against.
Everything is read in sorted order so that the pool is identical from run to run.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from citecheck.model import Name, Record
from citecheck.normalize import (
    canonical_journal,
    normalize_arxiv,
    normalize_doi,
    normalize_title,
)

SUBFIELDS: tuple[str, ...] = (
    "astro-ph", "cond-mat", "quant-ph", "hep-th", "hep-ph", "hep-ex", "gr-qc", "nucl",
    "other-physics",
)

# arXiv archives (primary category prefix) → subfield. Old cond-mat archives count as cond-mat.
_ARCHIVES = {
    "astro-ph": "astro-ph", "cond-mat": "cond-mat", "supr-con": "cond-mat", "mtrl-th": "cond-mat",
    "quant-ph": "quant-ph", "hep-th": "hep-th", "hep-ph": "hep-ph", "hep-ex": "hep-ex",
    "gr-qc": "gr-qc", "nucl-th": "nucl", "nucl-ex": "nucl",
    "physics": "other-physics", "hep-lat": "other-physics", "math-ph": "other-physics",
    "chao-dyn": "other-physics", "nlin": "other-physics", "patt-sol": "other-physics",
    "adap-org": "other-physics", "solv-int": "other-physics", "acc-phys": "other-physics",
    "ao-sci": "other-physics", "atom-ph": "other-physics", "chem-ph": "other-physics",
    "plasm-ph": "other-physics", "bayes-an": "other-physics",
}

# Journals (canonical key of the full title) → subfield, for records without categories.
_JOURNAL_SUBFIELD_NAMES = {
    "cond-mat": [
        "Physical Review B", "Journal of Physics: Condensed Matter", "Physica B: Condensed Matter",
        "Physica C: Superconductivity and its Applications", "Solid State Communications",
        "Superconductor Science and Technology", "Physical Review Materials",
        "Journal of Physics and Chemistry of Solids", "Journal of Low Temperature Physics",
        "physica status solidi (b)", "Journal of Magnetism and Magnetic Materials",
        "Physica B", "Physica C",
    ],
    "astro-ph": [
        "The Astrophysical Journal", "Monthly Notices of the Royal Astronomical Society",
        "Astronomy & Astrophysics", "The Astronomical Journal",
        "The Astrophysical Journal Supplement Series", "The Astrophysical Journal Letters",
        "Journal of Cosmology and Astroparticle Physics",
    ],
    "quant-ph": ["Physical Review A", "Quantum", "PRX Quantum", "npj Quantum Information"],
    "hep-ph": ["Physical Review D", "Journal of High Energy Physics", "Nuclear Physics B",
               "Physics Letters B", "The European Physical Journal C"],
    "gr-qc": ["Classical and Quantum Gravity", "General Relativity and Gravitation"],
    "nucl": ["Physical Review C", "Nuclear Physics A", "The European Physical Journal A"],
    "other-physics": [
        "Physical Review Letters", "Physical Review", "Journal of Applied Physics",
        "Applied Physics Letters", "Review of Scientific Instruments", "Hyperfine Interactions",
        "Reviews of Modern Physics", "New Journal of Physics", "Physics Letters A",
        "Zeitschrift für Physik", "Journal of the Physical Society of Japan",
        "The Journal of Chemical Physics", "Physical Review E", "Physical Review X",
        "Nuclear Instruments and Methods in Physics Research Section A: Accelerators, "
        "Spectrometers, Detectors and Associated Equipment",
        "Nuclear Instruments and Methods in Physics Research Section B: Beam Interactions "
        "with Materials and Atoms",
        "Journal of Instrumentation", "Computer Physics Communications", "Physical Review Research",
    ],
}


def _journal_subfields() -> dict[str, str]:
    out: dict[str, str] = {}
    for sub, names in _JOURNAL_SUBFIELD_NAMES.items():
        for name in names:
            out[canonical_journal(name)] = sub
    return out


_SAFE_TITLE_RE = re.compile(r"[$\\{}^_]")
_GLUED_WORDS_RE = re.compile(r"[a-z]{2}[A-Z][a-z]")
_NOT_A_NAME_RE = re.compile(r"\b(?:for the|on behalf|presented by|project|group|team)\b|"
                            r"collaboration\b.*\b\w", re.I)
_GLUED_INITIALS_RE = re.compile(r"\s[A-Z]{1,2}\.?(?:\s[A-Z]\.?)*$")


def subfield_of(record: Record) -> str | None:
    """Physics subfield from the primary arXiv category, else from the journal; None if not physics."""
    cats = record.custom.get("categories") or []
    if isinstance(cats, list) and cats:
        archive = str(cats[0]).split(".")[0]
        return _ARCHIVES.get(archive)
    if record.container_title:
        return _journal_subfields().get(canonical_journal(record.container_title))
    return None


@dataclass(frozen=True)
class PoolRecord:
    record: Record
    file: str  # corpus file name the record came from
    subfield: str

    @property
    def rich(self) -> bool:
        """Has a journal reference (container, volume, page) or a publisher DOI."""
        r = self.record
        return bool((r.container_title and r.volume and r.first_page) or r.DOI)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def iter_corpus(files: Sequence[Path]) -> Iterator[tuple[str, dict[str, object]]]:
    """(file name, CSL item) for every line of the given gzip/plain JSONL files, files sorted."""
    for path in sorted(Path(p) for p in files):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line:
                    yield path.name, json.loads(line)


def usable(record: Record) -> bool:
    """Enough metadata to be cited: a plain title of 4+ words, authors and a year."""
    if not record.title or not record.author or record.year is None:
        return False
    if _SAFE_TITLE_RE.search(record.title):
        return False  # LaTeX-heavy titles make faithful renderings ambiguous
    words = normalize_title(record.title).split()
    if not 4 <= len(words) <= 30:
        return False
    if record.container_title and _GLUED_WORDS_RE.search(record.container_title):
        return False  # "Lect. NotesPhys.": a source-data slip a faithful citation would not copy
    return all(_plausible_name(n) for n in record.author)


def _plausible_name(n: Name) -> bool:
    """Source-data slips are left out: initials glued to a family name ("Pimentel L O"),
    "for the X collaboration" split into given/family, "X and presented by Y" literals."""
    if n.literal:
        return not _NOT_A_NAME_RE.search(n.literal) and " and " not in n.literal
    if not n.family or _GLUED_INITIALS_RE.search(n.family):
        return False
    whole = f"{n.given or ''} {n.family}"
    return not _NOT_A_NAME_RE.search(whole) and len(whole.split()) <= 5


@dataclass
class Known:
    """Everything the corpus holds that a fabricated or corrupted citation must not hit."""

    titles: list[str] = field(default_factory=list)  # normalised, sorted, unique
    dois: set[str] = field(default_factory=set)
    arxiv: set[str] = field(default_factory=set)
    jvp: set[tuple[str, str, str]] = field(default_factory=set)
    #: old-style arXiv "archive/yymm" → highest sequence number seen (paperscape is complete
    #: for 1991-1996, so a higher number there is a paper that never existed)
    arxiv_month_max: dict[str, int] = field(default_factory=dict)

    def add(self, record: Record) -> None:
        doi = normalize_doi(record.DOI)
        if doi:
            self.dois.add(doi)
        ax = normalize_arxiv(record.arxiv)
        if ax:
            self.arxiv.add(ax)
            if "/" in ax:
                month, seq = ax[:-3], int(ax[-3:])
                self.arxiv_month_max[month] = max(self.arxiv_month_max.get(month, 0), seq)
        if record.container_title and record.volume and record.first_page:
            self.jvp.add(jvp_key(record.container_title, record.volume, record.first_page))

    def arxiv_is_free(self, ident: str) -> bool:
        """Not in the corpus, and not inside an old-style month the corpus covers."""
        if ident in self.arxiv:
            return False
        if "/" in ident:
            month, seq = ident[:-3], int(ident[-3:])
            if month in self.arxiv_month_max and seq <= self.arxiv_month_max[month] + 20:
                return False
        return True

    @cached_property
    def title_set(self) -> set[str]:
        return set(self.titles)


def jvp_key(container: str, volume: str, first_page: str) -> tuple[str, str, str]:
    """The key of a journal, volume and first page (`Record.first_page`: the range already cut)."""
    return canonical_journal(container), volume.strip().lower(), first_page.strip().lower()


@dataclass
class Pool:
    records: list[PoolRecord]
    known: Known
    file_hashes: dict[str, str]

    def by_subfield(self) -> dict[str, list[PoolRecord]]:
        out: dict[str, list[PoolRecord]] = defaultdict(list)
        for pr in self.records:
            out[pr.subfield].append(pr)
        return out


def load_pool(files: Sequence[Path], collision_files: Sequence[Path] | None = None) -> Pool:
    """Usable physics records of `files`; `known` covers `collision_files` too (default: files)."""
    files = sorted(Path(f) for f in files)
    extra = sorted(Path(f) for f in (collision_files or []) if Path(f) not in files)
    known = Known()
    titles: set[str] = set()
    title_counts: Counter[str] = Counter()
    records: list[PoolRecord] = []

    def take(item: dict[str, object]) -> Record:
        """The corpus item as a record, counted in the known sets and the title counts."""
        record = Record.from_csl(item)
        known.add(record)
        key = normalize_title(record.title)
        if key:
            titles.add(key)
            title_counts[key] += 1
        return record

    for name, item in iter_corpus(files):
        record = take(item)
        if not usable(record):
            continue
        sub = subfield_of(record)
        if sub is not None:
            records.append(PoolRecord(record=record, file=name, subfield=sub))
    for _, item in iter_corpus(extra):
        take(item)
    # A title the corpus holds twice (preprint + published, duplicated rows) has no single
    # right answer; leave such works out of the pool.
    records = [pr for pr in records if title_counts[normalize_title(pr.record.title)] == 1]
    records.sort(key=lambda pr: pr.record.id)
    known.titles = sorted(titles)
    hashes = {p.name: file_sha256(p) for p in [*files, *extra]}
    return Pool(records=records, known=known, file_hashes=hashes)
