"""The verifier at scale: the same variants and corruptions over a sample of real corpus records.

Skipped when ../shared/data is absent. `python -m tests.test_verify_corpus [N]` prints the
per-case table (pass rates, score percentiles) and the assessment rate.
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
import time
from functools import lru_cache
from pathlib import Path

import pytest

from citecheck.model import Record
from citecheck.verify.compare import assess, identity_mismatch
from tests.variants import FAITHFUL, MAJOR_MAX, MINOR, MINOR_BAND, fabricate

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpus"
# Permissively licensed corpus files only (paperscape is ODbL; not needed here).
FILES = ["arxiv-browse", "bibliotex", "hyydiffxs-atlas-cms", "refchecker-api-cache",
         "semanticscholar-cassettes", "habanero-cassettes", "hallmark-valid"]

pytestmark = pytest.mark.corpus


@lru_cache(maxsize=1)
def _rows() -> tuple[dict, ...]:
    rows: list[dict] = []
    for name in FILES:
        with gzip.open(SHARED / f"{name}.jsonl.gz", "rt", encoding="utf-8") as fh:
            rows.extend(json.loads(line) for line in fh)
    return tuple(rows)


def sample_records(n: int, seed: int = 7) -> list[Record]:
    if not SHARED.is_dir():
        pytest.skip(f"../shared/data not found: {SHARED}")
    rows = list(_rows())
    rng = random.Random(seed)
    rng.shuffle(rows)
    return [Record.from_csl(r) for r in rows[:n]]


def run_cases(records: list[Record]) -> dict[str, dict[str, list]]:
    """case name → {'ok': [bool], 'score': [float], 'bad': [example]}."""
    out: dict[str, dict[str, list]] = {}

    def note(case: str, ok: bool, score: float, example: object) -> None:
        slot = out.setdefault(case, {"ok": [], "score": [], "bad": []})
        slot["ok"].append(ok)
        slot["score"].append(score)
        if not ok and len(slot["bad"]) < 5:
            slot["bad"].append(example)

    for r in records:
        for name, gen in FAITHFUL.items():
            c = gen(r)
            if c is not None:
                a = assess(c, r)
                ok = a.score >= 9.5 and not a.discrepancies and not identity_mismatch(c, r)
                note(f"faithful:{name}", ok, a.score, (r.id, a.rationale))
        for name, (gen, field, kind) in MINOR.items():
            c = gen(r)
            if c is not None:
                a = assess(c, r)
                hit = any(d.field == field and (kind is None or d.kind == kind) for d in a.discrepancies)
                ok = hit and MINOR_BAND[0] <= a.score <= MINOR_BAND[1] and not identity_mismatch(c, r)
                note(f"minor:{name}", ok, a.score, (r.id, a.score, a.rationale))
    rng = random.Random(11)
    usable = [r for r in records if r.title and r.author]
    for r in usable:
        other = rng.choice(usable)
        if other.id == r.id or {a.family for a in other.author} & {a.family for a in r.author}:
            continue
        c = fabricate(r, other)
        a = assess(c, r)
        ok = a.score <= MAJOR_MAX and bool(identity_mismatch(c, r))
        note("major:fabricated_title_authors", ok, a.score, (r.id, other.id, a.rationale))
        c = fabricate(r, other, authors=False)
        a = assess(c, r)
        ok = a.score <= MAJOR_MAX and bool(identity_mismatch(c, r))
        note("major:fabricated_title", ok, a.score, (r.id, other.id, a.rationale))
        if len(r.author) >= 2 and len(other.author) >= 2:
            c = fabricate(r, other, title=False)
            a = assess(c, r)
            ok = a.score <= MAJOR_MAX and bool(identity_mismatch(c, r))
            note("major:fabricated_authors", ok, a.score, (r.id, other.id, a.rationale))
    return out


def rate(slot: dict[str, list]) -> float:
    return sum(slot["ok"]) / len(slot["ok"])


def test_corpus_pass_rates() -> None:
    results = run_cases(sample_records(600))
    floors = {"faithful": 0.97, "minor": 0.90, "major": 0.95}
    failures = []
    for case, slot in results.items():
        if len(slot["ok"]) >= 10 and rate(slot) < floors[case.split(":")[0]]:
            failures.append((case, round(rate(slot), 3), slot["bad"][:2]))
    assert not failures, failures



def main(n: int) -> None:
    records = sample_records(n)
    start = time.perf_counter()
    results = run_cases(records)
    elapsed = time.perf_counter() - start
    total = sum(len(s["ok"]) for s in results.values())
    print(f"{n} records, {total} assessments in {elapsed:.2f}s ({total / elapsed:,.0f}/s incl. case building)")
    print(f"{'case':38} {'n':>5} {'pass':>6} {'p10':>5} {'median':>6} {'p90':>5}")
    for case, slot in sorted(results.items()):
        sc = sorted(slot["score"])
        q = statistics.quantiles(sc, n=10) if len(sc) >= 2 else [sc[0]] * 9
        print(f"{case:38} {len(sc):5d} {rate(slot):6.3f} {q[0]:5.1f} {statistics.median(sc):6.2f} {q[-1]:5.1f}")
    for case, slot in sorted(results.items()):
        for bad in slot["bad"][:3]:
            print("  FAIL", case, bad)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
