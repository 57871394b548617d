"""Benchmark generator, dev set invariants, metrics, calibration and the evaluation harness.

Everything here runs on a fresh clone: the corpus is the package's embedded (permissively
licensed) one and the committed dev set in tests/data/bench/.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from rapidfuzz import fuzz, process

from citecheck.bench.calibrate import _label, _rows, fit_thresholds
from citecheck.bench.corrupt import MAJOR_KINDS, MINOR_KINDS
from citecheck.bench.dataset import BenchItem, read_dataset, read_jsonl, write_jsonl
from citecheck.bench.generate import build_benchmark, identifiable, label_counts
from citecheck.bench.metrics import binary, classification
from citecheck.bench.pool import SUBFIELDS, iter_corpus, load_pool, subfield_of
from citecheck.bench.render import STYLES, RenderOptions, initials, render
from citecheck.bench.run import relabel, run_checker, score_run
from citecheck.decide import Thresholds, score_label
from citecheck.index.default import embedded_corpus_path
from citecheck.model import Assessment, Discrepancy, Record
from citecheck.normalize import normalize_arxiv, normalize_doi, normalize_title

DEVSET = Path(__file__).parent / "data" / "bench" / "devset.jsonl"
FABRICATED = {"fabricated", "fabricated_doi", "fabricated_arxiv", "chimeric_title",
              "real_doi_dressed", "real_arxiv_dressed"}

RECORD = Record.from_csl({
    "id": "doi:10.1103/physrevlett.81.4412", "type": "article-journal",
    "title": "Localization transition of random copolymers at interfaces",
    "author": [{"family": "Stepanow", "given": "Semjon"}, {"family": "Sommer", "given": "Jens-Uwe"},
               {"family": "Erukhimovich", "given": "Igor Ya."}],
    "issued": {"date-parts": [[1998]]}, "container-title": "Physical Review Letters",
    "container-title-short": "Phys. Rev. Lett.", "volume": "81", "page": "4412-4415",
    "DOI": "10.1103/physrevlett.81.4412",
    "custom": {"arxiv": "cond-mat/9805021", "categories": ["cond-mat.soft"]},
})


@pytest.fixture(scope="module")
def devset() -> list[BenchItem]:
    return read_jsonl(DEVSET)


@pytest.fixture(scope="module")
def embedded() -> dict[str, set[str] | list[str]]:
    titles: set[str] = set()
    dois: set[str] = set()
    arxiv: set[str] = set()
    for _, item in iter_corpus([embedded_corpus_path()]):
        rec = Record.from_csl(item)
        if rec.title:
            titles.add(normalize_title(rec.title))
        if doi := normalize_doi(rec.DOI):
            dois.add(doi)
        if ax := normalize_arxiv(rec.arxiv):
            arxiv.add(ax)
    return {"titles": sorted(titles), "dois": dois, "arxiv": arxiv}


# -- the committed dev set ---------------------------------------------------------------------


def test_devset_label_mix_and_splits(devset: list[BenchItem]) -> None:
    assert len(devset) == 300
    assert Counter(i.label for i in devset) == label_counts(300)
    assert Counter(i.split for i in devset) == {"validation": 60, "test": 240}
    assert len({i.id for i in devset}) == 300
    assert set(Counter(i.subfield for i in devset)) == set(SUBFIELDS)
    # every split holds every label, and the mix is close to the target in both
    for split in ("validation", "test"):
        part = [i for i in devset if i.split == split]
        mix = Counter(i.label for i in part)
        for label, share in (("EXACT", 0.36), ("MINOR", 0.31), ("MAJOR", 0.33)):
            assert abs(mix[label] / len(part) - share) < 0.03, (split, mix)


def test_devset_draws_only_permissive_files(devset: list[BenchItem]) -> None:
    files = {i.source_file for i in devset if i.source_file}
    assert files and not any("paperscape" in f for f in files)


def test_devset_corruption_kinds_cover_the_list(devset: list[BenchItem]) -> None:
    kinds = Counter(i.corruption for i in devset)
    assert kinds["none"] == sum(1 for i in devset if i.label == "EXACT")
    assert set(MINOR_KINDS) <= set(kinds)
    assert set(MAJOR_KINDS) <= set(kinds)
    for item in devset:
        expected = {"EXACT": {"none"}, "MINOR": set(MINOR_KINDS), "MAJOR": set(MAJOR_KINDS)}
        assert item.corruption in expected[item.label]


def test_devset_fabricated_titles_absent_from_corpus(devset: list[BenchItem], embedded) -> None:
    titles = embedded["titles"]
    for item in devset:
        if item.corruption in FABRICATED:
            key = normalize_title(item.cited["title"])
            hit = process.extractOne(key, titles, scorer=fuzz.ratio)
            assert hit is not None and hit[1] < 80, (item.id, item.cited["title"], hit)


def test_devset_corrupted_identifiers_do_not_collide(devset: list[BenchItem], embedded) -> None:
    checked = 0
    for item in devset:
        doi = normalize_doi(item.cited.get("DOI"))
        arxiv = normalize_arxiv((item.cited.get("custom") or {}).get("arxiv"))
        if item.corruption in ("doi_char", "fabricated_doi"):
            assert doi and doi not in embedded["dois"], item.id
            assert doi != normalize_doi((item.source or {}).get("DOI")), item.id
            checked += 1
        if item.corruption in ("arxiv_char", "fabricated_arxiv"):
            assert arxiv and arxiv not in embedded["arxiv"], item.id
            checked += 1
        if item.corruption in ("real_doi_dressed",):
            assert doi in embedded["dois"], item.id  # the real identifier is kept
    assert checked >= 10


def test_devset_exact_items_render_their_record_unchanged(devset: list[BenchItem]) -> None:
    for item in devset:
        assert item.source is None or item.source["id"] == item.source_id
        if item.label == "EXACT":
            src = dict(item.source or {})
            src.pop("id", None)
            assert src == item.cited, item.id
        elif item.label == "MINOR":
            src = dict(item.source or {})
            src.pop("id", None)
            assert src != item.cited, item.id


def test_devset_minor_items_stay_identifiable(devset: list[BenchItem]) -> None:
    fields = {"year_drift": {"issued"}, "volume_changed": {"volume"}, "page_changed": {"page"},
              "sibling_journal": {"container-title"}, "doi_char": {"DOI"}, "arxiv_char": {"arxiv"},
              "title_word_changed": {"title"}, "title_word_dropped": {"title"}}
    for item in devset:
        if item.label != "MINOR":
            continue
        changed = frozenset(item.changed)
        if item.corruption == "two_fields":
            assert len(changed) == 2, item.id
        else:
            assert changed == frozenset(fields.get(item.corruption, {"author"})), item.id
        assert changed <= set(item.shown), item.id  # the corruption is visible
        assert identifiable(frozenset(item.shown), changed), item.id


# -- generation ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_pool():
    return load_pool([embedded_corpus_path()])


def test_same_seed_same_bytes(small_pool, tmp_path: Path) -> None:
    def build(seed: int, name: str) -> bytes:
        items = build_benchmark([], seed=seed, size=45, val_size=9, pool=small_pool)
        write_jsonl(items, tmp_path / name)
        return (tmp_path / name).read_bytes()

    first, again, other = build(5, "a.jsonl"), build(5, "b.jsonl"), build(6, "c.jsonl")
    assert first == again
    assert first != other
    items = read_jsonl(tmp_path / "a.jsonl")
    assert Counter(i.label for i in items) == label_counts(45)
    assert Counter(i.split for i in items) == {"validation": 9, "test": 36}


def test_label_counts_follow_the_paper_mix() -> None:
    assert label_counts(982) == {"EXACT": 354, "MINOR": 304, "MAJOR": 324}
    assert sum(label_counts(301).values()) == 301


def test_subfield_from_categories_then_venue() -> None:
    assert subfield_of(RECORD) == "cond-mat"
    r = Record(title="x", container_title="Phys. Rev. C")
    assert subfield_of(r) == "nucl"
    assert subfield_of(Record(title="x", custom={"categories": ["cs.LG"]})) is None
    assert subfield_of(Record(title="x", custom={"categories": ["nucl-ex"]})) == "nucl"


# -- rendering ----------------------------------------------------------------------------------


def test_initials() -> None:
    assert initials("Jens-Uwe") == "J.-U."
    assert initials("Igor Ya.") == "I. Ya."
    assert initials("R. M. L.", compact=True) == "R.M.L."


@pytest.mark.parametrize("style", STYLES)
def test_every_style_renders_and_reports_what_it_shows(style: str) -> None:
    out = render(RECORD, style, random.Random(1))
    assert out is not None
    assert "author" in out.shown
    if "title" in out.shown:
        assert "copolymers" in out.text.lower()
    if "DOI" in out.shown:
        assert "physrevlett.81.4412" in out.text.lower()
    assert out.format == ("bibtex" if style == "bibtex" else "text")


def test_render_refuses_what_a_style_cannot_show() -> None:
    assert render(RECORD, "aps", random.Random(0), RenderOptions(show=frozenset({"title"}))) is None
    no_arxiv = RECORD.model_copy(update={"custom": {}})
    assert render(no_arxiv, "arxiv", random.Random(0)) is None


def test_bibtex_rendering_reads_back(devset: list[BenchItem]) -> None:
    items = [i for i in devset if i.format == "bibtex" and i.label == "EXACT"]
    assert items
    for item in items:
        cit = item.to_citation()
        assert cit.error is None
        assert normalize_title(cit.fields.title) == normalize_title(item.cited["title"]), item.id


# -- metrics and calibration --------------------------------------------------------------------


def test_classification_counts_abstentions_as_wrong() -> None:
    gold = ["EXACT", "EXACT", "MINOR", "MAJOR", "MAJOR", "EXACT"]
    pred = ["EXACT", "MAJOR", "MINOR", "MAJOR", "UNVERIFIED", "EXACT"]
    m = classification(gold, pred)
    assert m["accuracy"] == pytest.approx(4 / 6)
    assert m["false_accusations"] == 1
    assert m["false_accusation_rate"] == pytest.approx(1 / 3)
    assert m["per_class"]["MAJOR"]["precision"] == pytest.approx(1 / 2)
    assert m["per_class"]["MAJOR"]["recall"] == pytest.approx(1 / 2)
    assert m["unverified"] == 1
    assert m["confusion"]["MAJOR"]["UNVERIFIED"] == 1


def test_binary_metrics() -> None:
    m = binary([True, True, False, False], [True, False, True, False])
    assert m["detection_rate"] == 0.5 and m["fpr"] == 0.5 and m["mcc"] == 0.0
    assert binary([True, False], [True, False])["mcc"] == pytest.approx(1.0)


def _synthetic_rows() -> list[dict]:
    rng = random.Random(0)
    rows = []
    for gold, lo, hi in (("EXACT", 9.8, 10.0), ("MINOR", 5.0, 9.2), ("MAJOR", 0.5, 2.6)):
        for _ in range(20):
            rows.append({"gold": gold, "pred": "EXACT", "score": round(rng.uniform(lo, hi), 2),
                         "confidence": 1.0, "decided_by": "score", "_disc": []})
    rows.append({"gold": "MAJOR", "pred": "MAJOR", "score": None, "confidence": 0.9,
                 "decided_by": "not_found", "_disc": []})
    return rows


def test_calibration_separates_the_classes_with_a_margin() -> None:
    rows = _synthetic_rows()
    thr, metrics = fit_thresholds(rows)
    assert metrics["macro_f1"] == pytest.approx(1.0)
    assert 9.2 < thr.exact <= 9.8
    assert 2.6 < thr.minor <= 5.0
    # max-margin tie-break: τ_M near the middle of the gap between MAJOR and MINOR scores
    top_major = max(r["score"] for r in rows if r["gold"] == "MAJOR" and r["score"] is not None)
    low_minor = min(r["score"] for r in rows if r["gold"] == "MINOR")
    assert abs(thr.minor - (top_major + low_minor) / 2) <= 0.1


def test_fast_relabel_agrees_with_decide() -> None:
    rng = random.Random(3)
    rows = []
    for _ in range(200):
        disc = [Discrepancy(field="title", severity=rng.choice(["minor", "major"])).model_dump()
                for _ in range(rng.randint(0, 1))]
        rows.append({"gold": "EXACT", "pred": "EXACT", "score": round(rng.uniform(0, 10), 1),
                     "confidence": 1.0, "decided_by": "score", "_disc": disc})
    fast = _rows(rows)
    for _ in range(20):
        tm = round(rng.uniform(0, 10), 1)
        te = round(rng.uniform(tm, 10), 1)
        thr = Thresholds(exact=te, minor=tm)
        slow = relabel(rows, thr)
        assert slow == [_label(r, tm, te) for r in fast]
        for row, label in zip(rows, slow, strict=True):
            expected = score_label(Assessment(score=row["score"], confidence=1.0,
                                         discrepancies=[Discrepancy(**d) for d in row["_disc"]]),
                              thr)
            assert label == expected.value


# -- the harness against the embedded index ------------------------------------------------------


def test_run_checker_answers_every_item(devset: list[BenchItem]) -> None:
    items = [i for i in devset if i.split == "validation"]
    result = run_checker(items, index=None, covers=("all",))
    assert [r["id"] for r in result.rows] == [i.id for i in items]
    metrics = score_run(result)
    assert metrics["n"] == len(items)
    assert set(metrics["by_corruption"]) == {i.corruption for i in items}
    # a floor, not a target: the pipeline must at least beat the trivial baselines by far
    assert metrics["macro_f1"] > 0.7, metrics["confusion"]


def test_cli_run_and_calibrate(tmp_path: Path, devset: list[BenchItem]) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    data = tmp_path / "mini.jsonl"
    write_jsonl([i for i in devset if i.split == "validation"][:24], data)
    runner = CliRunner()
    out = tmp_path / "run"
    res = runner.invoke(app, ["bench", "run", str(data), "--split", "validation", "--out", str(out),
                              "--baseline", "title-exists", "--covers", "all"])
    assert res.exit_code == 0, res.output
    metrics = json.loads((out / "metrics.json").read_text())
    assert [r["name"] for r in metrics["runs"]] == ["full", "baseline:title-exists"]
    assert (out / "report.md").read_text().startswith("# citecheck benchmark")
    assert len((out / "predictions-full.jsonl").read_text().splitlines()) == 24
    thr = tmp_path / "thr.json"
    res = runner.invoke(app, ["calibrate", str(data), "--out", str(thr)])
    assert res.exit_code == 0, res.output
    fitted = Thresholds.model_validate_json(thr.read_text())
    assert fitted.minor <= fitted.exact and "calibrate" in fitted.source
    res = runner.invoke(app, ["calibrate", str(data), "--out", str(thr), "--split", "test"])
    assert res.exit_code == 2


def test_cli_reports_a_missing_dataset(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    res = CliRunner().invoke(app, ["bench", "run", str(tmp_path / "nope.jsonl"), "--out",
                                   str(tmp_path / "o")])
    assert res.exit_code == 2
    assert "nope.jsonl" in res.output


def test_read_dataset_names_the_bad_line(tmp_path: Path) -> None:
    from citecheck.bench.dataset import DatasetError

    bad = tmp_path / "bad.jsonl"
    bad.write_text(DEVSET.read_text().splitlines()[0] + "\n{\"id\": 1}\n")
    with pytest.raises(DatasetError, match=r"bad.jsonl:2"):
        read_dataset(bad)


def test_hallmark_sample_every_entry_answered() -> None:
    from citecheck.bench.hallmark import evaluate_hallmark, read_hallmark

    path = Path(__file__).parent / "data" / "bench" / "hallmark-sample.jsonl"
    result = evaluate_hallmark(path, index=None)
    assert len(result["rows"]) == len(read_hallmark(path))
    m = result["metrics"]
    assert m["valid"] == 10 and m["hallucinated"] == 28
    assert set(m["per_type"]) >= {"valid", "fabricated_doi", "plausible_fabrication"}
    assert 0.0 <= m["any_label"]["fpr"] <= 1.0


def test_cli_build_accepts_the_corpus_and_out_options(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    corpus = str(embedded_corpus_path())
    runner = CliRunner()
    a = runner.invoke(app, ["bench", "build", str(tmp_path / "a"), corpus, "--size", "40", "--val-size", "8"])
    b = runner.invoke(app, ["bench", "build", "--corpus", corpus, "--out", str(tmp_path / "b"),
                            "--size", "40", "--val-size", "8"])
    assert a.exit_code == 0 and b.exit_code == 0, (a.output, b.output)
    assert (tmp_path / "a" / "test.jsonl").read_bytes() == (tmp_path / "b" / "test.jsonl").read_bytes()
    assert runner.invoke(app, ["bench", "build", "--out", str(tmp_path / "c")]).exit_code == 2


def test_cli_run_refuses_an_outdated_index_with_a_clear_error(tmp_path: Path) -> None:
    """An index of an older schema is exit 2 with "rebuild it", not a traceback mid-run."""
    import sqlite3

    from typer.testing import CliRunner

    from citecheck.cli import app
    from citecheck.index.build import build_index

    src = tmp_path / "r.jsonl"
    src.write_text(json.dumps({"id": "r1", "type": "article-journal", "title": "A title here"}) + "\n",
                   encoding="utf-8")
    db = tmp_path / "old.sqlite"
    build_index(db, [src])
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    data = tmp_path / "items.jsonl"
    data.write_text("", encoding="utf-8")
    res = CliRunner().invoke(app, ["bench", "run", str(data), "--index", str(db), "--out",
                                   str(tmp_path / "out")])
    assert res.exit_code == 2, res.output
    assert "rebuild it" in res.output
