"""The held-out labelled reference sets (UMass; GROBID's evaluation files), and bootstrap intervals of F1.

Runs on tests/data/umass and tests/data/grobid-eval (three references each, written in the sets' formats); needs
neither ../shared nor the network."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from citecheck.bench.metrics import bootstrap_f1, f1_of
from citecheck.bench.parsing_data import grobid_eval_rows, load_grobid_eval, load_umass, umass_row

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = Path(__file__).parent / "data" / "umass" / "sample.docs"


def _rows(split: str = "testing") -> list[dict[str, object]]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    return [row for n, line in enumerate(lines) if (row := umass_row(line, split, n)) is not None]


def _fetch_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fetch_umass", ROOT / "scripts" / "fetch_umass.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_labels_follow_the_innermost_field_and_the_tokeniser_spaces_are_taken_out() -> None:
    first = _rows()[0]
    assert first["segments"] == [["other", "[4]"],
                                 ["author", "A. Einstein, B. Podolsky and N. Rosen,"],
                                 ["container", "Phys. Rev."], ["volume", "47,"], ["pages", "777"],
                                 ["date", "(1935)."]]
    assert first["gold"] == {"author": ["A. Einstein, B. Podolsky and N. Rosen,"],
                             "container-title": "Phys. Rev.", "volume": "47", "pages": "777",
                             "date": "(1935)."}
    assert first["id"] == "umass:testing:0000" and first["split"] == "test"


def test_quotes_pair_up_and_a_line_break_hyphen_stays() -> None:
    second, third = _rows()[1:]
    assert ["title", '"A relation between distance and radial velocity among extra-galactic nebulae,"'] \
        in second["segments"]
    assert third["gold"]["title"] == "Mathematische Grundlagen der Quanten- mechanik"


def test_a_stray_close_tag_and_a_bracket_outside_any_field_read_as_other() -> None:
    third = _rows()[2]
    assert third["segments"][-4:] == [["publisher", "Springer,"], ["location", "Berlin,"],
                                      ["date", "1932"], ["other", ")."]]
    assert ["other", "("] in third["segments"]
    assert not any("<" in text for _, text in third["segments"])


def test_load_umass_reads_the_converted_file_with_the_sets_own_split(tmp_path: Path) -> None:
    path = tmp_path / "umass.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for row in _rows("dev"):
            fh.write(json.dumps(row) + "\n")
    refs = list(load_umass(path))
    assert [r.split for r in refs] == ["validation"] * 3
    assert refs[0].text == "[4] A. Einstein, B. Podolsky and N. Rosen, Phys. Rev. 47, 777 (1935)."
    assert refs[2].text.endswith("(Springer, Berlin, 1932).")
    for ref in refs:  # every labelled span is the text it labels
        assert [ref.text[a:b] for _, a, b in ref.spans()] == [t for _, t in ref.segments]
        assert ref.document == ref.id and ref.corpus == "umass"


def test_the_fetch_script_converts_a_local_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fetch = _fetch_script()
    for name in fetch.FILES:
        (tmp_path / f"{name}.docs").write_bytes(SAMPLE.read_bytes())
    out = tmp_path / "out.jsonl.gz"
    assert fetch.main(["--from", str(tmp_path), "--out", str(out)]) == 0
    assert len(list(load_umass(out))) == 9
    assert "is not the measured copy's" in capsys.readouterr().err


def test_bootstrap_intervals_resample_whole_documents() -> None:
    same = [[(3, 1, 1), (2, 0, 0)]] * 50
    assert bootstrap_f1(same) == [(pytest.approx(0.75), pytest.approx(0.75)), (1.0, 1.0)]
    mixed = [[(1, 0, 0)]] * 80 + [[(0, 1, 1)]] * 20
    (lo, hi), = bootstrap_f1(mixed, seed=1)
    assert lo < f1_of((80, 20, 20)) < hi and hi - lo < 0.2
    assert bootstrap_f1(mixed, seed=1) == bootstrap_f1(mixed, seed=1)
    assert bootstrap_f1([]) == []
    # a draw with no value of the field at all tells nothing of its F1 (not an F1 of 0)
    rare = [[(1, 0, 0)]] * 2 + [[(0, 0, 0)]] * 48
    assert bootstrap_f1(rare) == [(1.0, 1.0)]


GROBID_EVAL_SAMPLE = Path(__file__).parent / "data" / "grobid-eval" / "sample.tei.xml"


def test_grobid_evaluation_rows_carry_their_paper_and_the_training_corpus_gold_keys() -> None:
    rows = list(grobid_eval_rows(GROBID_EVAL_SAMPLE))
    assert [r["document"] for r in rows] == ["https://arxiv.org/pdf/0000.00001.pdf"] * 2 + [
        "https://doi.org/10.0000/example"]
    assert rows[0]["gold"] == {"authors": "A. Einstein, B. Podolsky and N. Rosen", "title": None,
                               "container-title": "Phys .Rev .", "volume": "47", "page": "777",
                               "year": "1935", "arxiv": None, "doi": None}
    assert rows[1]["gold"]["title"].startswith("A relation") and rows[1]["gold"]["year"] == "1929"
    assert rows[2]["gold"]["title"] == "Mathematische Grundlagen der Quanten-mechanik"


def test_the_grobid_evaluation_fetch_script_converts_a_local_copy(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("fetch_grobid_eval", ROOT / "scripts" / "fetch_grobid_eval.py")
    assert spec is not None and spec.loader is not None
    fetch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fetch)
    for name in fetch.SHA256:
        (tmp_path / name).write_bytes(GROBID_EVAL_SAMPLE.read_bytes())
    out = tmp_path / "out.jsonl.gz"
    assert fetch.main(["--from", str(tmp_path), "--out", str(out)]) == 0
    refs = list(load_grobid_eval(out))
    assert len(refs) == 6 and {r.split for r in refs} == {"test"}
    assert refs[0].text == "A. Einstein, B. Podolsky and N. Rosen, Phys .Rev .47 ,777 -780( 1935)."
    for ref in refs:
        assert [ref.text[a:b] for _, a, b in ref.spans()] == [t for _, t in ref.segments]
