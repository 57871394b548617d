"""Markdown report of one benchmark run (full pipeline, ablations and baselines side by side)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from citecheck.bench.metrics import CLASSES, PRED_COLUMNS


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def summary_table(runs: Sequence[dict[str, Any]]) -> list[str]:
    lines = [
        "| run | n | accuracy | macro-F1 | EXACT F1 | MINOR F1 | MAJOR F1 | MAJOR recall | "
        "false accusation (EXACT→MAJOR) | real→MAJOR | UNVERIFIED | ERROR | citations/s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for m in runs:
        pc = m["per_class"]
        lines.append(
            f"| {m['name']} | {m['n']} | {_pct(m['accuracy'])} | {_pct(m['macro_f1'])} | "
            f"{_pct(pc['EXACT']['f1'])} | {_pct(pc['MINOR']['f1'])} | {_pct(pc['MAJOR']['f1'])} | "
            f"{_pct(m['major_recall'])} | {_pct(m['false_accusation_rate'])} "
            f"({m['false_accusations']}) | {m['real_called_major']} | {m['unverified']} | "
            f"{m['errors']} | {m['citations_per_second']:.0f} |")
    return lines


def per_class_table(m: dict[str, Any]) -> list[str]:
    lines = ["| class | precision | recall | F1 | support |", "|---|---:|---:|---:|---:|"]
    for c in CLASSES:
        pc = m["per_class"][c]
        lines.append(f"| {c} | {_pct(pc['precision'])} | {_pct(pc['recall'])} | {_pct(pc['f1'])} | "
                     f"{pc['support']} |")
    return lines


def confusion_table(m: dict[str, Any]) -> list[str]:
    lines = ["| gold \\ predicted | " + " | ".join(PRED_COLUMNS) + " |",
             "|---|" + "---:|" * len(PRED_COLUMNS)]
    for g in CLASSES:
        lines.append(f"| {g} | " + " | ".join(str(m["confusion"][g][p]) for p in PRED_COLUMNS) + " |")
    return lines


def breakdown_table(title: str, groups: dict[str, dict[str, Any]]) -> list[str]:
    lines = [f"| {title} | n | correct | accuracy | misses (predicted as) |",
             "|---|---:|---:|---:|---|"]
    for name, g in groups.items():
        misses = ", ".join(f"{k} {v}" for k, v in g["misses"].items()) or "-"
        lines.append(f"| {name} | {g['n']} | {g['correct']} | {_pct(g['accuracy'])} | {misses} |")
    return lines


def render_report(runs: Sequence[dict[str, Any]], *, dataset: str, split: str, command: str,
                  thresholds: dict[str, Any] | None = None,
                  misses: Sequence[dict[str, Any]] = ()) -> str:
    main = runs[0]
    out = [f"# citecheck benchmark: {dataset} ({split})", "", f"Command: `{command}`", ""]
    if thresholds:
        out += [f"Thresholds: τ_E = {thresholds.get('exact')}, τ_M = {thresholds.get('minor')} "
                f"({thresholds.get('source', '')})", ""]
    out += ["UNVERIFIED and ERROR predictions count as wrong for accuracy and F1.", ""]
    out += ["## Summary", "", *summary_table(runs), ""]
    out += [f"## {main['name']}: per class", "", *per_class_table(main), ""]
    out += ["Confusion matrix:", "", *confusion_table(main), ""]
    out += ["## By corruption type", "", *breakdown_table("corruption", main["by_corruption"]), ""]
    out += ["## By subfield", "", *breakdown_table("subfield", main["by_subfield"]), ""]
    out += ["## By style", "", *breakdown_table("style", main["by_style"]), ""]
    out += ["## Where the misses come from", "",
            "parser: a field the text shows was not read back; retrieval: a real work matched the "
            "wrong record or none; comparator: the right record (or, for MAJOR, a wrong one) was "
            "found and the decision was wrong.", "",
            *breakdown_table("stage", main["miss_stage"]), ""]
    if misses:
        out += ["## Misses", "", "| id | gold | predicted | corruption | style | stage | detail |",
                "|---|---|---|---|---|---|---|"]
        for r in misses[:80]:
            detail = (r.get("detail") or "").replace("|", "/")[:90]
            out.append(f"| {r['id']} | {r['gold']} | {r['pred']} | {r['corruption']} | "
                       f"{r['style']} | {r['stage']} | {detail} |")
        out.append("")
    return "\n".join(out)
