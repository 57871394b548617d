"""Build src/citecheck/data/physics-venues.txt: the journals whose references are asked of INSPIRE.

One venue key a line (``venues.canonical_journal`` of a name: "Phys. Rev. Lett." and "Physical
Review Letters" share one), from two sources:

- the corpus (../shared/data/corpus): the container titles (full and short) of physics records —
  arXiv physics categories, or INSPIRE provenance (the ATLAS/CMS bibliographies, written by INSPIRE's
  BibTeX export) — whose name says physics, or where physics records are most of those naming it
  (so that Nature, Science and PNAS, where physics is a minority, stay out);
- JabRef's journal abbreviation lists (github.com/JabRef/abbrv.jabref.org, CC0-1.0:
  ``journals/journal_abbreviations_geology_physics.csv`` and ``…_astronomy.csv``): each journal whose
  full name says physics or astronomy (``physics.says_physics``: not chemistry, geophysics,
  biophysics or physiology), under its full name, its abbreviation, the titles in brackets
  (translations: "[JETP Letters]") and a one-word proper name before a dash ("Pramana – Journal
  of Physics" gives "Pramana").

Deterministic (sorted output). Prints how many keys each source gave.

Usage: python scripts/build_physics_venues.py --jabref PATH/abbrv.jabref.org/journals
       [--corpus ../shared/data/corpus] [--out src/citecheck/data/physics-venues.txt]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from citecheck.sources.physics import PHYSICS_ARCHIVES, says_physics, venue_keys
from citecheck.venues import canonical_journal

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "citecheck" / "data" / "physics-venues.txt"
JABREF_FILES = ("journal_abbreviations_geology_physics.csv", "journal_abbreviations_astronomy.csv")
#: the corpus files written from INSPIRE's own BibTeX export (every record is a physics work)
INSPIRE_SOURCES = frozenset({"yong7/HyydiffXS_ITN"})
_HEAD_RE = re.compile(r"\s+[-–—:]\s+")
_JREF_HEAD_RE = re.compile(r"\s*([^\W\d][^\d(]{2,}?)[\s,.:]*(?=\d|\()")
#: a translated or original title in brackets ("Pis’ma v Zh. Eksp. Teor. Fiz. [JETP Letters]")
_BRACKETS_RE = re.compile(r"\[([^\]]+)\]")


def _records(corpus: Path) -> Iterator[dict]:
    """The corpus's records, but the share-alike (ODbL) paperscape file's: nothing derived from it
    may go into the core install."""
    for path in sorted(corpus.glob("*.jsonl.gz")):
        if path.name.startswith("paperscape"):
            continue
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)


def is_physics_record(record: dict) -> bool | None:
    """True for a physics record, False for one of another field, None when the record does not
    say (no categories, not from INSPIRE)."""
    custom = record.get("custom") or {}
    if custom.get("source") in INSPIRE_SOURCES:
        return True
    cats = [str(c) for c in custom.get("categories") or []]
    if not cats:
        return None
    return cats[0].split(".")[0] in PHYSICS_ARCHIVES


def journal_ref_name(ref: str | None) -> str | None:
    """The journal of an arXiv journal reference: what comes before its first number ("Nuovo
    Cimento B 113 (1998) 549" → "Nuovo Cimento B")."""
    match = _JREF_HEAD_RE.match(ref or "")
    return match.group(1) if match else None


def corpus_venues(corpus: Path) -> tuple[set[str], Counter[str], Counter[str]]:
    """Physics venue keys of the corpus, with the physics and all counts of every key: a venue of
    physics records whose name says physics (`physics.says_physics`), or one where physics records
    are most of those that name it (records that do not say their field count against)."""
    physics: Counter[str] = Counter()
    every: Counter[str] = Counter()
    named: dict[str, set[str]] = {}
    for record in _records(corpus):
        written = [record.get("container-title"), record.get("container-title-short"),
                   journal_ref_name((record.get("custom") or {}).get("journal_ref"))]
        names = {canonical_journal(n): n for n in written if n}
        physical = is_physics_record(record) is True
        for key, name in names.items():
            every[key] += 1
            named.setdefault(key, set()).add(name)
            if physical:
                physics[key] += 1
    keep = {k for k in physics if any(map(says_physics, named[k])) or 2 * physics[k] > every[k]}
    return keep, physics, every


def jabref_venues(folder: Path) -> set[str]:
    keys: set[str] = set()
    for name in JABREF_FILES:
        with (folder / name).open(encoding="utf-8", newline="") as fh:
            for row in csv.reader(fh, skipinitialspace=True):
                if len(row) < 2 or not says_physics(row[0]):
                    continue
                full, abbrev = row[0].strip(), row[1].strip()
                head = _HEAD_RE.split(full, maxsplit=1)[0]
                names = [_BRACKETS_RE.sub("", full), _BRACKETS_RE.sub("", abbrev),
                         *_BRACKETS_RE.findall(full), *_BRACKETS_RE.findall(abbrev)]
                if len(head.split()) == 1:
                    names.append(head)
                for n in names:
                    keys |= venue_keys(n)
    return keys


def measure(corpus: Path) -> str:
    """How the list (as installed) sorts the corpus's records by their venue: physics records
    recognised, and records of other fields (non-physics arXiv categories, HALLMARK's ML entries)
    taken for physics."""
    from citecheck.sources.physics import is_physics_venue

    physics = found = other = flagged = 0
    for record in _records(corpus):
        if not record.get("container-title"):
            continue
        kind = False if (record.get("custom") or {}).get("source") == "rpatrik96/hallmark" else is_physics_record(record)
        says = is_physics_venue(record.get("container-title")) or is_physics_venue(record.get("container-title-short"))
        if kind:
            physics, found = physics + 1, found + says
        elif kind is False:
            other, flagged = other + 1, flagged + says
    return (f"physics records with a venue recognised: {found} of {physics}; records of other fields "
            f"taken for physics by their venue: {flagged} of {other}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jabref", type=Path, required=True, help="abbrv.jabref.org's journals/ folder")
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "corpus")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    from_corpus, physics, every = corpus_venues(args.corpus)
    from_jabref = jabref_venues(args.jabref)
    held_out = sorted(k for k in physics if k not in from_corpus)
    keys = sorted(from_corpus | {s for k in from_corpus for s in venue_keys(k)} | from_jabref)
    header = [
        "# Physics venues (venues.canonical_journal keys), one a line; built by scripts/build_physics_venues.py",
        "# from ../shared/data/corpus (physics records' container titles) and JabRef's journal abbreviation",
        "# lists (github.com/JabRef/abbrv.jabref.org, CC0-1.0). Do not edit by hand: rebuild.",
    ]
    args.out.write_text("\n".join(header + keys) + "\n", encoding="utf-8")
    print(f"{len(keys)} keys: {len(from_corpus)} from the corpus, {len(from_jabref)} from JabRef "
          f"({len(from_corpus & from_jabref)} in both); held out (physics a minority there): "
          f"{', '.join(f'{k} ({physics[k]}/{every[k]})' for k in held_out)}")
    if args.out == OUT:
        print(measure(args.corpus))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
