"""Issue 14: what a language model adds to the rules, and what it does alone.

Modes (each on the same sample, a fresh model state, no answer cache so that times are real):

    rules     the deterministic pipeline (no model)
    parse     rules + the model re-reading entries the rules read badly (Checker(reparser=...))
    hybrid    rules + the model judging the ambiguous band (--judge hybrid)
    llm       the model judging the best candidates (--judge llm; --max-judged of them)
    direct0   the paper's direct-LLM baseline, zero-shot: the citation alone, no retrieval
    direct3   the same with three worked examples (one per label, from the validation split)

    python benchmarks/llm.py --llm local:/path/model.gguf --index bench-out/full-corpus.db \
        --data benchmarks/physics --split test --n 24 --seed 14 --out bench-out/llm.json

    python benchmarks/llm.py --adversary ten --index bench-out/full-corpus.db --modes rules,llm \
        --max-judged 3 --n 90      # a loopback "model" that answers 10 to everything (or: zero)

Prints a Markdown table: accuracy, macro-F1, false accusations (EXACT called MAJOR, and any real
work called MAJOR), seconds and model tokens per citation, model calls.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from citecheck.bench.dataset import BenchItem, read_dataset
from citecheck.bench.metrics import classification
from citecheck.checker import Checker
from citecheck.llm import Model, ModelError, make_model
from citecheck.llm.base import Message, Usage
from citecheck.llm.judging import ModelJudge, ModelParser
from citecheck.llm.roles import DATA_RULE, data_message
from citecheck.model import Verdict

MODES = ("rules", "parse", "hybrid", "llm", "direct0", "direct3")

DIRECT_PROMPT = (
    "You check citations for hallucinations without any database: from your own knowledge, "
    "decide whether the citation (field \"citation\") describes a real work faithfully. "
    "label EXACT: a real work, every stated field right; MINOR: a real work with some metadata "
    "wrong (year, volume, page, an author or a title word); MAJOR: no such work, or its "
    "identifier belongs to another work. rationale: one sentence. " + DATA_RULE
)


class DirectAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: Literal["EXACT", "MINOR", "MAJOR"]
    rationale: str = Field(default="", max_length=400)


def sample(items: Sequence[BenchItem], n: int, seed: int) -> list[BenchItem]:
    """n items, as even over the three labels as the split allows, reproducible from the seed."""
    rng = random.Random(seed)
    by_label: dict[str, list[BenchItem]] = {}
    for item in items:
        by_label.setdefault(item.label, []).append(item)
    out: list[BenchItem] = []
    labels = sorted(by_label)
    for i, label in enumerate(labels):
        k = n // len(labels) + (1 if i < n % len(labels) else 0)
        out += rng.sample(by_label[label], min(k, len(by_label[label])))
    return out


async def run_checker(items: Sequence[BenchItem], index: Path, model: Model | None,
                      mode: str, max_judged: int) -> list[str]:
    judge = ModelJudge(model, "llm" if mode == "llm" else "hybrid", max_judged=max_judged) \
        if model is not None and mode in ("hybrid", "llm") else None
    reparser = ModelParser(model) if model is not None and mode == "parse" else None
    checker = Checker(index, offline=True, sources=[], reparser=reparser, judge=judge)
    verdicts: list[Verdict] = await checker.acheck_citations([it.to_citation() for it in items])
    return [v.label.value for v in verdicts]


def examples(shots: Sequence[BenchItem]) -> list[Message]:
    out = []
    for item in shots:
        out.append(data_message({"citation": item.text}))
        out.append(Message("assistant", json.dumps({"label": item.label, "rationale": item.detail
                                                    or "every field matches the work"})))
    return out


async def run_direct(items: Sequence[BenchItem], model: Model,
                     shots: Sequence[BenchItem]) -> list[str]:
    preds = []
    for item in items:
        messages = [Message("system", DIRECT_PROMPT), *examples(shots),
                    data_message({"citation": item.text})]
        try:
            preds.append((await model.complete(messages, DirectAnswer)).label)
        except ModelError:
            model.usage.failed += 1
            preds.append("ERROR")
    return preds


def one_per_label(items: Sequence[BenchItem], seed: int) -> list[BenchItem]:
    rng = random.Random(seed)
    return [rng.choice([i for i in items if i.label == label]) for label in ("EXACT", "MINOR", "MAJOR")]


async def run_mode(mode: str, items: Sequence[BenchItem], args: argparse.Namespace,
                   model: Model | None, shots: Sequence[BenchItem]) -> dict[str, Any]:
    before = Usage(**{k: v for k, v in vars(model.usage).items() if k != "by_role"}) if model else Usage()
    start = time.perf_counter()
    if mode.startswith("direct"):
        assert model is not None
        preds = await run_direct(items, model, shots if mode == "direct3" else [])
    else:
        preds = await run_checker(items, args.index, model, mode, args.max_judged)
    seconds = time.perf_counter() - start
    gold = [it.label for it in items]
    m = classification(gold, preds)
    u = model.usage if model else Usage()
    tokens = (u.prompt_tokens + u.completion_tokens) - (before.prompt_tokens + before.completion_tokens)
    return {"mode": mode, "n": len(items), "accuracy": m["accuracy"], "macro_f1": m["macro_f1"],
            "false_accusations": m["false_accusations"], "real_called_major": m["real_called_major"],
            "s_per_citation": seconds / len(items), "tokens_per_citation": tokens / len(items),
            "calls": u.calls - before.calls, "failed": u.failed - before.failed,
            "confusion": m["confusion"], "pred": preds, "gold": gold}


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| mode | n | accuracy | macro-F1 | EXACT→MAJOR | real→MAJOR | s/citation | tokens/citation | model calls (failed) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['mode']} | {r['n']} | {r['accuracy']:.3f} | {r['macro_f1']:.3f} | "
                     f"{r['false_accusations']} | {r['real_called_major']} | {r['s_per_citation']:.2f} | "
                     f"{r['tokens_per_citation']:.0f} | {r['calls']} ({r['failed']}) |")
    return "\n".join(lines)


def adversary(kind: str) -> Any:
    """A loopback endpoint (tests/servers/llm.py) whose judge answers 10 to everything, or 0
    with the title difference it sees (a model that obeys injected text)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.servers.llm import FakeModelServer

    def zero(p: dict[str, Any]) -> dict[str, Any]:
        return {"score": 0, "confidence": 1.0, "rationale": "fabricated", "discrepancies": [
            {"field": "title", "cited": p["parsed"].get("title"), "found": p["record"].get("title"),
             "kind": "mismatch"}]}

    def ten(_: dict[str, Any]) -> dict[str, Any]:
        return {"score": 10, "confidence": 1.0, "rationale": "perfect", "discrepancies": []}

    judge = ten if kind == "ten" else zero
    return FakeModelServer({"JudgeAnswer": judge,
                            "ReviewAnswer": lambda p: {**judge(p), "same_work": kind == "ten"}})


async def main(args: argparse.Namespace) -> None:
    items = sample(read_dataset(args.data, args.split), args.n, args.seed)
    shots = one_per_label(read_dataset(args.data, "validation"), args.seed)
    server = None
    if args.adversary:
        server = adversary(args.adversary).start()
        os.environ["CITECHECK_LLM_URL"] = server.base_url
        args.llm = f"openai-compatible:always-{args.adversary}"
    model = make_model(args.llm) if args.llm else None
    rows = []
    try:
        for mode in args.modes.split(","):
            if mode not in MODES:
                sys.exit(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
            if mode != "rules" and model is None:
                sys.exit(f"mode {mode} needs --llm")
            row = await run_mode(mode, items, args, model, shots)
            rows.append(row)
            print(f"{mode}: acc {row['accuracy']:.3f} F1 {row['macro_f1']:.3f} "
                  f"{row['s_per_citation']:.2f} s/cit", file=sys.stderr, flush=True)
            if args.out:
                args.out.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()},
                                                "rows": rows}, indent=1), encoding="utf-8")
    finally:
        if model is not None:
            await model.aclose()
        if server is not None:
            server.stop()
    print(table(rows))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--llm", help="PROVIDER:MODEL (see docs/llm.md)")
    p.add_argument("--index", type=Path, required=True, help="index of the corpus")
    p.add_argument("--data", type=Path, default=Path("benchmarks/physics"))
    p.add_argument("--split", default="test")
    p.add_argument("--n", type=int, default=24)
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--modes", default=",".join(MODES))
    p.add_argument("--max-judged", type=int, default=1, help="candidates the llm mode judges")
    p.add_argument("--out", type=Path)
    p.add_argument("--adversary", choices=("ten", "zero"),
                   help="judge with a loopback endpoint answering 10 (or 0) to everything")
    return p.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
