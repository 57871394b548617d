"""Does the cited work say that? `judge_claim` scored on SciFact's labelled claim–abstract pairs.

    # once: the evaluation set, from a SciFact copy (claims_dev.jsonl + corpus.jsonl, or the
    # CSV export claims_validation.csv + corpus_train.csv); it is kept outside the repository
    python benchmarks/claims_support.py build --scifact DIR --out PAIRS.jsonl

    # the loopback stand-in (tests/servers/llm.py: lexical_support; the direct stand-in always
    # answers SUPPORTED): wiring, no model
    python benchmarks/claims_support.py run --pairs PAIRS.jsonl --standin

    # a real model behind an OpenAI-compatible endpoint (llama-server, vLLM, ...)
    CITECHECK_LLM_URL=http://127.0.0.1:8088/v1 python benchmarks/claims_support.py run \
        --pairs PAIRS.jsonl --llm openai-compatible:qwen2.5-coder-1.5b --n 80

Labels: SUPPORTED (SciFact SUPPORT), CONTRADICTED (CONTRADICT), CANNOT_TELL (a document the
claim's citing sentence cited in which the annotators found no rationale), UNRELATED (the claim
against a random corpus abstract whose title shares no content word with the claim or with the
title of the claim's own cited document). Judges:

    support   citecheck.claims.support.judge_claim: sentence + title + abstract
    direct    the same model, the sentence alone ("from your own knowledge, is this true?"):
              SUPPORTED, CONTRADICTED or CANNOT_TELL; it cannot say UNRELATED, it sees no work

Reports macro-F1 over the four labels, per-label precision/recall, the share of answers voided
for a quote not in the abstract, failed calls, seconds and model tokens per claim.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import csv
import hashlib
import io
import json
import os
import random
import re
import sys
import time
import tokenize
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from citecheck.claims.support import Abstract, judge_claim  # noqa: E402
from citecheck.llm import make_model  # noqa: E402
from citecheck.llm.base import Model  # noqa: E402
from citecheck.llm.roles import DATA_RULE, ask  # noqa: E402
from citecheck.sources.config import load_config  # noqa: E402

LABELS = ("SUPPORTED", "CONTRADICTED", "UNRELATED", "CANNOT_TELL")
GOLD_OF = {"SUPPORT": "SUPPORTED", "CONTRADICT": "CONTRADICTED"}
JUDGES = ("support", "direct")

DIRECT_PROMPT = (
    "You check a sentence from a scientific text (field \"sentence\") without seeing the work it "
    "cites: from your own knowledge, decide whether its claim is true. label SUPPORTED: it is "
    "true; CONTRADICTED: it is false; CANNOT_TELL: you do not know. rationale: one sentence. "
    + DATA_RULE
)


class DirectAnswer(BaseModel):
    """The direct baseline's answer: the sentence judged from the model's own knowledge."""

    model_config = ConfigDict(extra="forbid")

    label: Literal["SUPPORTED", "CONTRADICTED", "CANNOT_TELL"]
    rationale: str = Field(default="", max_length=600)


# --- SciFact ---------------------------------------------------------------------------------

Claim = dict[str, Any]  # id, claim, evidence {doc_id: SUPPORT|CONTRADICT}, cited [doc_id]
Corpus = dict[int, tuple[str, str]]  # doc_id → (title, abstract)


def _ints(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


def _numpy_strings(text: str) -> list[str]:
    """The strings of a numpy array's repr (``['a.' 'b.']``), as the CSV export writes them."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return [ast.literal_eval(t.string) for t in tokens if t.type == tokenize.STRING]


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: not JSON ({exc.msg})") from None
    return rows


def load_scifact(folder: Path) -> tuple[list[Claim], Corpus]:
    """SciFact's dev claims and corpus, from the original JSONL or the CSV export."""
    if (folder / "claims_dev.jsonl").exists():
        claims = [{"id": c["id"], "claim": c["claim"], "cited": list(c["cited_doc_ids"]),
                   "evidence": {int(d): r[0]["label"] for d, r in c["evidence"].items()}}
                  for c in _read_jsonl(folder / "claims_dev.jsonl")]
        corpus = {int(d["doc_id"]): (d["title"], " ".join(d["abstract"]))
                  for d in _read_jsonl(folder / "corpus.jsonl")}
        return claims, corpus
    if not (folder / "claims_validation.csv").exists():
        raise SystemExit(f"{folder}: neither claims_dev.jsonl nor claims_validation.csv")
    by_id: dict[int, Claim] = {}
    with open(folder / "claims_validation.csv", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            claim = by_id.setdefault(int(row["id"]), {"id": int(row["id"]), "claim": row["claim"],
                                                     "cited": _ints(row["cited_doc_ids"]),
                                                     "evidence": {}})
            if row["evidence_doc_id"]:
                claim["evidence"][int(row["evidence_doc_id"])] = row["evidence_label"]
    csv.field_size_limit(1 << 24)
    with open(folder / "corpus_train.csv", encoding="utf-8", newline="") as f:
        corpus = {int(d["doc_id"]): (d["title"], " ".join(_numpy_strings(d["abstract"])))
                  for d in csv.DictReader(f)}
    return list(by_id.values()), corpus


_STOP = {"with", "from", "that", "this", "their", "there", "these", "those", "which", "into",
         "than", "have", "been", "were", "does", "after", "among", "between", "during", "about",
         "patients", "study", "cells", "effect", "effects", "human", "increased", "associated"}


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9\-]{3,}", text.lower()) if w not in _STOP}


def _unrelated_doc(claim: Claim, corpus: Corpus, docs: list[int], rng: random.Random) -> int:
    """A random abstract whose title shares no content word with the claim or its cited titles."""
    near = _content(claim["claim"])
    for d in claim["cited"]:
        near |= _content(corpus.get(d, ("", ""))[0])
    while True:
        doc = rng.choice(docs)
        if doc not in claim["cited"] and not (_content(corpus[doc][0]) & near):
            return doc


def candidate_pairs(claims: list[Claim], corpus: Corpus, rng: random.Random) -> dict[str, list[tuple[Claim, int]]]:
    """Every (claim, document) pair of each label; UNRELATED: one random document per claim."""
    found: dict[str, list[tuple[Claim, int]]] = {label: [] for label in LABELS}
    docs = sorted(corpus)
    for claim in sorted(claims, key=lambda c: c["id"]):
        for doc in claim["cited"]:
            if doc in corpus:
                found[GOLD_OF.get(claim["evidence"].get(doc, ""), "CANNOT_TELL")].append((claim, doc))
        found["UNRELATED"].append((claim, _unrelated_doc(claim, corpus, docs, rng)))
    return found


def build_pairs(claims: list[Claim], corpus: Corpus, per_label: int, seed: int) -> list[dict[str, Any]]:
    """``per_label`` pairs of each label (fewer where SciFact has fewer), interleaved by label so
    that the first 4k pairs hold k of each; deterministic for a seed."""
    rng = random.Random(seed)
    chosen = {}
    for label, pairs in candidate_pairs(claims, corpus, rng).items():
        rng.shuffle(pairs)
        chosen[label] = pairs[:per_label]
    out = []
    for i in range(per_label):
        for label in LABELS:
            if i < len(chosen[label]):
                claim, doc = chosen[label][i]
                title, abstract = corpus[doc]
                out.append({"id": f"sf{claim['id']}-{doc}", "claim_id": claim["id"], "doc_id": doc,
                            "label": label, "sentence": claim["claim"], "title": title,
                            "abstract": abstract})
    return out


def read_pairs(path: Path) -> list[dict[str, Any]]:
    pairs = _read_jsonl(path)
    for n, pair in enumerate(pairs, 1):
        missing = {"id", "label", "sentence", "abstract"} - pair.keys()
        if missing or pair["label"] not in LABELS:
            raise SystemExit(f"{path}: entry {n} ({pair.get('id')}): "
                             + (f"missing {sorted(missing)}" if missing else f"label {pair['label']!r}"))
    return pairs


def stratified(pairs: list[dict[str, Any]], n: int | None) -> list[dict[str, Any]]:
    """The first ``n`` pairs taking the labels in turn (all of them when n is None)."""
    if n is None:
        return pairs
    queues = {label: [p for p in pairs if p["label"] == label] for label in LABELS}
    out: list[dict[str, Any]] = []
    while len(out) < n and any(queues.values()):
        for label in LABELS:
            if queues[label] and len(out) < n:
                out.append(queues[label].pop(0))
    return out


# --- judging and scoring --------------------------------------------------------------------

Outcome = dict[str, Any]  # pred, quote, void, failed
Judge = Callable[[Model, dict[str, Any]], Awaitable[Outcome]]


async def judge_support(model: Model, pair: dict[str, Any]) -> Outcome:
    j = await judge_claim(model, pair["sentence"], pair.get("title"),
                          Abstract(pair["abstract"], "scifact"))
    return {"pred": j.label, "quote": j.quote, "void": j.rationale.startswith("answer void"),
            "failed": j.rationale.startswith("the model did not answer"),
            "rationale": j.rationale[:300]}


async def judge_direct(model: Model, pair: dict[str, Any]) -> Outcome:
    try:
        answer = await ask(model, "direct", DIRECT_PROMPT, {"sentence": pair["sentence"][:2000]},
                           DirectAnswer)
    except Exception:  # a failed call judges nothing
        return {"pred": "CANNOT_TELL", "quote": None, "void": False, "failed": True, "rationale": ""}
    return {"pred": answer.label, "quote": None, "void": False, "failed": False,
            "rationale": answer.rationale[:300]}


JUDGE_OF: dict[str, Judge] = {"support": judge_support, "direct": judge_direct}


def scores(gold: Sequence[str], pred: Sequence[str]) -> dict[str, Any]:
    """Accuracy, macro-F1 over the four labels, per-label precision/recall/F1, confusion."""
    per: dict[str, dict[str, float]] = {}
    for c in LABELS:
        tp = sum(g == p == c for g, p in zip(gold, pred, strict=True))
        n_pred, n_gold = pred.count(c), gold.count(c)
        prec, rec = (tp / n_pred if n_pred else 0.0), (tp / n_gold if n_gold else 0.0)
        per[c] = {"precision": prec, "recall": rec, "support": n_gold, "predicted": n_pred,
                  "f1": 2 * prec * rec / (prec + rec) if prec + rec else 0.0}
    confusion = {g: {p: sum(a == g and b == p for a, b in zip(gold, pred, strict=True))
                     for p in LABELS} for g in LABELS}
    n = len(gold)
    return {"n": n, "accuracy": sum(g == p for g, p in zip(gold, pred, strict=True)) / n if n else 0.0,
            "macro_f1": sum(per[c]["f1"] for c in LABELS) / len(LABELS), "per_label": per,
            "confusion": confusion}


async def evaluate(model: Model, judge: str, pairs: list[dict[str, Any]],
                   log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """One judge over the pairs, one at a time (real per-claim times); ``log`` gets a line per
    pair, so that a long run that is cut short still tells what it judged."""
    before = model.usage.prompt_tokens + model.usage.completion_tokens
    rows, start = [], time.perf_counter()
    for pair in pairs:
        t0 = time.perf_counter()
        outcome = await JUDGE_OF[judge](model, pair)
        rows.append({"id": pair["id"], "gold": pair["label"], **outcome,
                     "seconds": round(time.perf_counter() - t0, 3)})
        if log:
            log(json.dumps({"judge": judge, **rows[-1]}, ensure_ascii=False))
    seconds = time.perf_counter() - start
    tokens = model.usage.prompt_tokens + model.usage.completion_tokens - before
    n = len(rows) or 1
    result = scores([r["gold"] for r in rows], [r["pred"] for r in rows])
    result.update({"judge": judge, "model": model.name, "void": sum(r["void"] for r in rows),
                   "void_share": sum(r["void"] for r in rows) / n,
                   "failed": sum(r["failed"] for r in rows), "s_per_claim": seconds / n,
                   "tokens_per_claim": tokens / n, "rows": rows})
    return result


def table(results: list[dict[str, Any]]) -> str:
    head = ("| judge | model | n | macro-F1 | acc | " + " | ".join(f"{c[:4]} P/R" for c in LABELS)
            + " | void | failed | s/claim | tokens/claim |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in results:
        pr = " | ".join(f"{r['per_label'][c]['precision']:.2f}/{r['per_label'][c]['recall']:.2f}"
                        for c in LABELS)
        lines.append(f"| {r['judge']} | {r['model']} | {r['n']} | {r['macro_f1']:.3f} | "
                     f"{r['accuracy']:.3f} | {pr} | {r['void_share']:.1%} | {r['failed']} | "
                     f"{r['s_per_claim']:.2f} | {r['tokens_per_claim']:.0f} |")
    return "\n".join(lines)


# --- command line ---------------------------------------------------------------------------


def standin_server() -> Any:
    """The loopback endpoint: lexical_support for the support role, SUPPORTED for direct."""
    sys.path.insert(0, str(ROOT))
    from tests.servers.llm import FakeModelServer, lexical_support

    return FakeModelServer({"SupportAnswer": lexical_support,
                            "DirectAnswer": lambda _: {"label": "SUPPORTED", "rationale": "prior"}})


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    pairs = stratified(read_pairs(args.pairs), args.n)
    server = None
    if args.standin:
        server = standin_server().start()
        os.environ["CITECHECK_LLM_URL"] = server.base_url
        args.llm = "openai-compatible:lexical-standin"
    if not args.llm:
        raise SystemExit("run needs --llm PROVIDER:MODEL or --standin")
    model = make_model(args.llm, load_config())  # CITECHECK_TIMEOUT: a CPU model is slow
    if args.max_tokens and hasattr(model, "max_tokens"):
        model.max_tokens = args.max_tokens  # an answer cut short fails validation: a failed call
    results = []
    try:
        for judge in args.judges.split(","):
            if judge not in JUDGES:
                raise SystemExit(f"unknown judge {judge!r}; known: {', '.join(JUDGES)}")
            log = (lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None
            results.append(await evaluate(model, judge, pairs, log))
            print(f"{judge}: macro-F1 {results[-1]['macro_f1']:.3f}", file=sys.stderr, flush=True)
            if args.out:
                args.out.write_text(json.dumps(results, indent=1), encoding="utf-8")
    finally:
        await model.aclose()
        if server is not None:
            server.stop()
    return results


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="the labelled pairs from a SciFact copy")
    b.add_argument("--scifact", type=Path, required=True)
    b.add_argument("--out", type=Path, required=True)
    b.add_argument("--per-label", type=int, default=60)
    b.add_argument("--seed", type=int, default=38)
    r = sub.add_parser("run", help="score the judges on the pairs")
    r.add_argument("--pairs", type=Path, required=True)
    r.add_argument("--llm", help="PROVIDER:MODEL (see docs/llm.md)")
    r.add_argument("--standin", action="store_true", help="the loopback lexical stand-in")
    r.add_argument("--judges", default=",".join(JUDGES))
    r.add_argument("--n", type=int, help="the first N pairs, labels in turn (default: all)")
    r.add_argument("--out", type=Path, help="JSON with every answer")
    r.add_argument("--progress", action="store_true", help="a JSON line per pair on stderr")
    r.add_argument("--max-tokens", type=int, help="cap on each answer's tokens (HTTP backends)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    if args.command == "build":
        pairs = build_pairs(*load_scifact(args.scifact), args.per_label, args.seed)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs)
        args.out.write_text(text, encoding="utf-8")
        counts = {label: sum(p["label"] == label for p in pairs) for label in LABELS}
        sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        print(f"{len(pairs)} pairs → {args.out}: {counts}, sha256 {sha}")
        return
    print(table(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
