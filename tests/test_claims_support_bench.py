"""The support benchmark (benchmarks/claims_support.py) runs end to end over loopback: pairs built
from a SciFact-format folder, judged by the lexical stand-in, scored per label."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from citecheck.llm import make_model
from tests.servers.llm import FakeModelServer, lexical_support

_spec = importlib.util.spec_from_file_location(
    "claims_support_bench", Path(__file__).parents[1] / "benchmarks" / "claims_support.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench  # pydantic resolves the script's annotations through it
_spec.loader.exec_module(bench)

DIABETES = ("Metformin is the first drug for type 2 diabetes. In a trial of 400 adults, metformin "
            "lowered fasting glucose in patients with type 2 diabetes by 1.2 mmol/L. Weight did "
            "not change.")
GLACIERS = ("Alpine glaciers lost mass between 2000 and 2019. Meltwater runoff peaked in August. "
            "Debris cover slowed the ablation of ice tongues.")
PHARMA = ("We measured the plasma half-life of metformin after a single oral dose in twelve "
          "healthy volunteers. Renal clearance exceeded creatinine clearance.")

PAIRS = [
    {"id": "p1", "label": "SUPPORTED", "title": "Metformin trial", "abstract": DIABETES,
     "sentence": "Metformin lowers fasting glucose in type 2 diabetes patients."},
    {"id": "p2", "label": "UNRELATED", "title": "Alpine glaciers", "abstract": GLACIERS,
     "sentence": "Metformin lowers fasting glucose in type 2 diabetes patients."},
    {"id": "p3", "label": "CANNOT_TELL", "title": "Metformin kinetics", "abstract": PHARMA,
     "sentence": "Metformin reduces appetite in adolescents."},
    {"id": "p4", "label": "CONTRADICTED", "title": "Metformin trial", "abstract": DIABETES,
     "sentence": "Metformin raises fasting glucose in type 2 diabetes patients."},
    {"id": "p5", "label": "UNRELATED", "title": "Metformin trial", "abstract": DIABETES,
     "sentence": "Glacier meltwater runoff peaks in spring."},
]


async def _run(server: FakeModelServer, judge: str, monkeypatch: Any) -> dict[str, Any]:
    monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
    model = make_model("openai-compatible:lexical-standin")
    try:
        result: dict[str, Any] = await bench.evaluate(model, judge, PAIRS)
        return result
    finally:
        await model.aclose()


async def test_stand_in_scores_each_label_with_times_and_tokens(monkeypatch: Any) -> None:
    with FakeModelServer({"SupportAnswer": lexical_support}) as server:
        result = await _run(server, "support", monkeypatch)
    preds = {r["id"]: r["pred"] for r in result["rows"]}
    # the stand-in reads overlap, not negation: the contradicted sentence comes back SUPPORTED
    assert preds == {"p1": "SUPPORTED", "p2": "UNRELATED", "p3": "CANNOT_TELL",
                     "p4": "SUPPORTED", "p5": "UNRELATED"}
    assert result["n"] == 5 and result["accuracy"] == 0.8
    per = result["per_label"]
    assert per["SUPPORTED"]["precision"] == 0.5 and per["SUPPORTED"]["recall"] == 1.0
    assert per["CONTRADICTED"]["recall"] == 0.0 and per["UNRELATED"]["f1"] == 1.0
    assert abs(result["macro_f1"] - (2 / 3 + 0 + 1 + 1) / 4) < 1e-9
    assert result["void_share"] == 0 and result["failed"] == 0
    assert result["tokens_per_claim"] == 150  # the loopback's reported usage per call
    assert result["s_per_claim"] > 0 and all(r["seconds"] > 0 for r in result["rows"])


async def test_made_up_quote_is_counted_void(monkeypatch: Any) -> None:
    def invent(_: dict[str, Any]) -> dict[str, Any]:
        return {"label": "SUPPORTED", "quote": "the drug cured every patient", "rationale": "x"}

    with FakeModelServer({"SupportAnswer": invent}) as server:
        result = await _run(server, "support", monkeypatch)
    assert result["void"] == 5 and result["void_share"] == 1.0
    assert {r["pred"] for r in result["rows"]} == {"CANNOT_TELL"}


async def test_direct_baseline_sees_the_sentence_alone(monkeypatch: Any) -> None:
    with FakeModelServer({"DirectAnswer": lambda _: {"label": "CONTRADICTED"}}) as server:
        result = await _run(server, "direct", monkeypatch)
        payloads = [json.loads([m for m in r["body"]["messages"] if m["role"] == "user"][-1]["content"])
                    for r in server.by_schema("DirectAnswer")]
    assert len(payloads) == 5 and all(set(p) == {"sentence"} for p in payloads)
    assert result["per_label"]["CONTRADICTED"]["recall"] == 1.0 and result["accuracy"] == 0.2


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_pairs_take_scifact_labels_and_a_foreign_abstract(tmp_path: Path) -> None:
    corpus = [{"doc_id": 10, "title": "Metformin and glucose", "abstract": ["A.", "B."]},
              {"doc_id": 11, "title": "Metformin kinetics", "abstract": ["C."]},
              {"doc_id": 12, "title": "Metformin in mice", "abstract": ["D."]},
              {"doc_id": 20, "title": "Alpine glacier retreat", "abstract": ["E."]},
              {"doc_id": 21, "title": "Ocean salinity trends", "abstract": ["F."]}]
    claims = [{"id": 1, "claim": "Metformin lowers glucose.", "cited_doc_ids": [10, 11],
               "evidence": {"10": [{"sentences": [0], "label": "SUPPORT"}]}},
              {"id": 2, "claim": "Metformin raises glucose.", "cited_doc_ids": [12],
               "evidence": {"12": [{"sentences": [0], "label": "CONTRADICT"}]}}]
    _write_jsonl(tmp_path / "corpus.jsonl", corpus)
    _write_jsonl(tmp_path / "claims_dev.jsonl", claims)
    loaded = bench.load_scifact(tmp_path)
    pairs = bench.build_pairs(*loaded, per_label=2, seed=1)
    got = {(p["claim_id"], p["doc_id"]): p["label"] for p in pairs if p["label"] != "UNRELATED"}
    assert got == {(1, 10): "SUPPORTED", (1, 11): "CANNOT_TELL", (2, 12): "CONTRADICTED"}
    unrelated = [p for p in pairs if p["label"] == "UNRELATED"]
    assert len(unrelated) == 2 and {p["doc_id"] for p in unrelated} <= {20, 21}
    assert pairs[0]["label"] == "SUPPORTED" and pairs[1]["label"] == "CONTRADICTED"
    assert pairs[0]["abstract"] == "A. B."
    assert bench.build_pairs(*loaded, per_label=2, seed=1) == pairs
