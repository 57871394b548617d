"""The verifier on HALLMARK's dev split: real citations (VALID) and real hallucinations.

Each entry is paired with its source record in the corpus (by DOI, else by normalised title —
no retrieval involved) and assessed; the labels come from the shipped thresholds. Skipped when
../shared/data is absent. `python -m tests.test_verify_hallmark` prints the per-type table.
"""

from __future__ import annotations

import collections
import gzip
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from citecheck.decide import load_thresholds, score_label
from citecheck.model import Name, Record, set_year
from citecheck.normalize import normalize_doi
from citecheck.verify.compare import assess, identity_mismatch
from citecheck.verify.titles import title_key

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"

pytestmark = pytest.mark.corpus


def cited_from_bibtex(fields: dict[str, str]) -> Record:
    c = Record(title=fields.get("title"))
    for part in re.split(r"\s+and\s+", fields.get("author", "")):
        part = part.strip()
        if not part:
            continue
        if part.lower() == "others":
            c.custom["authors_truncated"] = True
            continue
        if "," in part:
            family, given = (x.strip() for x in part.split(",", 1))
        else:
            given, _, family = part.rpartition(" ")
        c.author.append(Name(family=family, given=given or None))
    if fields.get("year", "").isdigit():
        set_year(c, int(fields["year"]))
    c.container_title = fields.get("booktitle") or fields.get("journal")
    c.DOI, c.volume, c.page = fields.get("doi"), fields.get("volume"), fields.get("pages")
    return c


@lru_cache(maxsize=1)
def evaluate() -> dict[str, collections.Counter]:
    if not SHARED.is_dir():
        pytest.skip(f"../shared/data not found: {SHARED}")
    by_title: dict[str, Record] = {}
    by_doi: dict[str, Record] = {}
    with gzip.open(SHARED / "corpus" / "hallmark-valid.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = Record.from_csl(json.loads(line))
            if r.title:
                by_title.setdefault(title_key(r.title), r)
            if r.DOI:
                by_doi[normalize_doi(r.DOI) or ""] = r
    thresholds = load_thresholds()
    stats: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    with (SHARED / "hallmark" / "dev_public.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            entry = json.loads(line)
            kind = entry.get("hallucination_type") or "VALID"
            cited = cited_from_bibtex(entry["fields"])
            found = by_doi.get(normalize_doi(cited.DOI) or "") if cited.DOI else None
            if found is None and cited.title:
                found = by_title.get(title_key(cited.title))
            if found is None:
                stats[kind]["no record"] += 1
                continue
            label = "MAJOR" if identity_mismatch(cited, found) else score_label(
                assess(cited, found), thresholds).value
            stats[kind][label] += 1
    return stats


def share(counter: collections.Counter, *labels: str) -> float:
    judged = sum(v for k, v in counter.items() if k != "no record")
    return sum(counter[label] for label in labels) / judged


def test_valid_citations_are_exact() -> None:
    assert share(evaluate()["VALID"], "EXACT") >= 0.97


@pytest.mark.parametrize(("kind", "labels", "floor"), [
    ("placeholder_authors", ("MAJOR",), 0.95),
    ("merged_citation", ("MAJOR",), 0.9),
    ("chimeric_title", ("MAJOR",), 0.9),
    ("hybrid_fabrication", ("MAJOR",), 0.9),
    ("partial_author_list", ("MINOR", "MAJOR"), 0.95),
    ("future_date", ("MINOR", "MAJOR"), 0.95),
    ("preprint_as_published", ("MINOR", "MAJOR"), 0.9),
    ("arxiv_version_mismatch", ("MINOR", "MAJOR"), 0.9),
])
def test_hallucinations_are_not_exact(kind: str, labels: tuple[str, ...], floor: float) -> None:
    assert share(evaluate()[kind], *labels) >= floor, evaluate()[kind]


if __name__ == "__main__":
    for kind, counter in sorted(evaluate().items()):
        print(f"{kind:25} {dict(counter)}")
