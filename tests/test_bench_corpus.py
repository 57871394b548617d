"""The committed physics benchmark against the whole shared corpus (skipped without ../shared/data)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from rapidfuzz import fuzz, process

from citecheck.bench.dataset import read_dataset, read_manifest
from citecheck.bench.generate import label_counts
from citecheck.bench.pool import file_sha256, load_pool
from citecheck.normalize import normalize_arxiv, normalize_doi, normalize_title

pytestmark = pytest.mark.corpus

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "physics"


@pytest.fixture(scope="module")
def corpus_files(shared_data: Path) -> list[Path]:
    return sorted((shared_data / "corpus").glob("*.jsonl.gz"))


@pytest.fixture(scope="module")
def pool(corpus_files: list[Path]):
    return load_pool(corpus_files)


def test_manifest_names_the_corpus_it_was_built_from(corpus_files: list[Path]) -> None:
    manifest = read_manifest(BENCH)
    assert manifest["seed"] == 0 and manifest["size"] == 982 and manifest["val_size"] == 190
    assert manifest["corpus_files"] == {p.name: file_sha256(p) for p in corpus_files}
    assert manifest["splits"]["validation"]["items"] == 190
    assert manifest["splits"]["test"]["items"] == 792


def test_benchmark_sizes_and_mix() -> None:
    items = read_dataset(BENCH)
    assert len(items) == 982
    assert Counter(i.label for i in items) == label_counts(982)
    assert Counter(i.split for i in items) == {"validation": 190, "test": 792}
    val = [i for i in read_dataset(BENCH, "validation")]
    assert {i.split for i in val} == {"validation"}
    assert len({i.subfield for i in items}) == 9


def test_fabrications_absent_and_identifiers_free(pool) -> None:
    titles = pool.known.titles
    for item in read_dataset(BENCH):
        if item.corruption in ("fabricated", "fabricated_doi", "fabricated_arxiv",
                               "chimeric_title", "real_doi_dressed", "real_arxiv_dressed"):
            hit = process.extractOne(normalize_title(item.cited["title"]), titles, scorer=fuzz.ratio)
            assert hit is not None and hit[1] < 80, item.id
        doi = normalize_doi(item.cited.get("DOI"))
        arxiv = normalize_arxiv((item.cited.get("custom") or {}).get("arxiv"))
        if item.corruption in ("doi_char", "fabricated_doi"):
            assert doi not in pool.known.dois, item.id
        if item.corruption in ("arxiv_char", "fabricated_arxiv"):
            assert arxiv not in pool.known.arxiv, item.id
        if item.corruption in ("real_doi_dressed",):
            assert doi in pool.known.dois, item.id
        if item.corruption in ("real_arxiv_dressed",):
            assert arxiv in pool.known.arxiv, item.id


@pytest.mark.slow
def test_rebuilding_gives_the_committed_bytes(corpus_files: list[Path], tmp_path: Path) -> None:
    from citecheck.bench.generate import generate_to

    generate_to(tmp_path / "physics", corpus_files, seed=0)
    for name in ("validation.jsonl", "test.jsonl", "manifest.json"):
        assert (tmp_path / "physics" / name).read_bytes() == (BENCH / name).read_bytes(), name
    json.loads((tmp_path / "physics" / "manifest.json").read_text())
