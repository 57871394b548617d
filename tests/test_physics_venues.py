"""Which references are physics (and so asked of INSPIRE): journals from data
(src/citecheck/data/physics-venues.txt, built by scripts/build_physics_venues.py), not a hand
list — over a committed sample of the corpus, the whole corpus where ../shared/data is present, and
journals the corpus does not hold ("Pramana")."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from citecheck.model import Record
from citecheck.sources.physics import is_physics, is_physics_venue, physics_venues, venue_keys

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "data" / "physics" / "venues-sample.jsonl"
CORPUS = ROOT.parent / "shared" / "data" / "corpus"


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_physics_venues", ROOT / "scripts" / "build_physics_venues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _venue_of(row: dict) -> bool:
    return is_physics_venue(row.get("container-title")) or is_physics_venue(row.get("container-title-short"))


def test_sample_of_the_corpus_physics_venues_are_recognised_and_others_are_not() -> None:
    rows = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    assert sum(r["physics"] for r in rows) == 40 and len(rows) == 75
    wrong = [(r["container-title"], r["physics"]) for r in rows if _venue_of(r) != r["physics"]]
    assert wrong == []


@pytest.mark.parametrize("name", [
    "Pramana", "Pramana - J. Phys.", "Pramana – Journal of Physics", "Pramana J. Phys.",
    "JETP Lett.", "JETP Letters", "Nuovo Cim. A", "Il Nuovo Cimento B", "Fortsch. Phys.", "Yad. Fiz.",
    "Sov. J. Nucl. Phys.", "Prog. Theor. Phys.", "JINST", "JHEP", "JCAP", "MNRAS", "Phys. Lett. B",
    "Chinese Physics C", "Czech. J. Phys.",
])
def test_physics_journals_beyond_the_corpus_are_recognised(name: str) -> None:
    assert is_physics_venue(name)
    assert is_physics(Record(**{"container-title": name}))


@pytest.mark.parametrize("name", [
    "Nature", "Science", "Cell", "Proc. Natl. Acad. Sci. USA", "J. Physiol.", "Journal of Physiology",
    "Physical Therapy", "The Journal of Physical Chemistry A", "Geophys. Res. Lett.",
    "Journal of Physical Oceanography", "Biophysical Journal", "IEEE Trans. Pattern Anal. Mach. Intell.",
    "Annals of Mathematics", "NeurIPS", "Nuclear Medicine and Biology", "",
])
def test_other_fields_and_multidisciplinary_journals_are_not_physics(name: str) -> None:
    assert not is_physics_venue(name)


def test_a_series_letter_and_a_leading_article_do_not_hide_a_listed_journal() -> None:
    assert {"nuovocimento", "nuovocimentob"} <= venue_keys("Il Nuovo Cimento B")
    assert "pramana" in physics_venues()


def _corpus_rows() -> list[dict]:
    if not CORPUS.is_dir():
        pytest.skip(f"{CORPUS} not found: the corpus-wide check needs ../shared/data/corpus")
    rows = []
    for path in sorted(CORPUS.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            rows.extend(json.loads(line) for line in fh if line.strip())
    return rows


def test_every_physics_journal_of_the_corpus_is_recognised() -> None:
    _corpus_rows()  # skips without the corpus
    build = _build_script()
    kept, physics, _ = build.corpus_venues(CORPUS)
    assert len(kept) > 100
    missing = sorted(k for k in kept if not venue_keys(k) & physics_venues())
    assert missing == [], "the venue list is older than the corpus: rerun scripts/build_physics_venues.py"
    # the venues physics records name that are left out: chemistry, materials, optics, mathematics
    # and the multidisciplinary journals, where physics records are a minority
    left_out = {k for k in physics if k not in kept}
    assert left_out <= {
        "nature", "naturecommunications", "science", "nanoletters", "journalofmaterialsscience",
        "journalofchemicalphysics", "chemicalphysicsletters", "journalofphysicalchemistrya",
        "philosophicalmagazine", "solidstatecommunications", "superconductorscienceandtechnology",
        "journaloftheopticalsocietyofamericab", "symmetryintegrabilityandgeometrymethodsandapplications"}, left_out


def test_records_of_other_fields_are_not_taken_for_physics_by_their_journal() -> None:
    build = _build_script()
    flagged = []
    for row in _corpus_rows():
        other = (row.get("custom") or {}).get("source") == "rpatrik96/hallmark" or build.is_physics_record(row) is False
        if other and _venue_of(row):
            flagged.append(row.get("container-title"))
    # 6 of the 940 that name a venue: works of other fields (math, q-bio, stat) in physics journals
    assert len(flagged) <= 6, flagged
    assert all(is_physics_venue(name) and "Phys" in str(name) for name in flagged)
