"""HALLMARK (rpatrik96/hallmark) evaluation: VALID vs HALLUCINATED BibTeX-like entries.

Each entry's ``fields`` dict is read as a BibTeX entry (`record_from_bibtex_fields`) and checked
offline. EXACT → VALID; MINOR or MAJOR → HALLUCINATED; UNVERIFIED and ERROR are not accusations
(they count as VALID) and are reported separately.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from citecheck.bench.dataset import DatasetError
from citecheck.bench.metrics import binary
from citecheck.decide import Thresholds
from citecheck.model import Citation, Provenance

if TYPE_CHECKING:
    from citecheck.sources.base import Source

#: published reference points (HALLMARK paper / leaderboard), for the report
REFERENCE_POINTS: tuple[tuple[str, str], ...] = (
    ("bibtex-check (test split)", "F1 0.901 at 11.5 % FPR"),
    ("Claude Sonnet 4.6 zero-shot (dev split)", "F1 0.840"),
)


@dataclass(frozen=True)
class HallmarkEntry:
    key: str
    entry_type: str
    fields: dict[str, str]
    label: str  # VALID | HALLUCINATED
    hallucination_type: str | None
    tier: int | None


def read_hallmark(path: str | Path) -> list[HallmarkEntry]:
    path = Path(path)
    entries: list[HallmarkEntry] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError as exc:
        raise DatasetError(f"{path}: no such HALLMARK file") from exc
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            fields = {str(k): str(v) for k, v in (d.get("fields") or {}).items() if v is not None}
            entries.append(HallmarkEntry(
                key=str(d.get("bibtex_key") or f"{path.name}:{n}"),
                entry_type=str(d.get("bibtex_type") or "misc"), fields=fields,
                label=str(d["label"]), hallucination_type=d.get("hallucination_type"),
                tier=d.get("difficulty_tier"),
            ))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise DatasetError(f"{path}:{n}: not a HALLMARK entry: {exc}") from exc
    return entries


def to_citation(entry: HallmarkEntry, name: str) -> Citation:
    from citecheck.extract.bibtex import record_from_bibtex_fields

    raw = "@{}{{{},\n{}\n}}".format(entry.entry_type, entry.key, ",\n".join(
        f"  {k} = {{{v}}}" for k, v in entry.fields.items()))
    prov = Provenance(file=name, key=entry.key, format="bibtex")
    try:
        record = record_from_bibtex_fields(entry.entry_type, entry.fields)
    except Exception as exc:  # one unreadable entry becomes an ERROR verdict, not a crash
        return Citation(id=entry.key, raw=raw, provenance=prov, error=f"{name}: {entry.key}: {exc}")
    record.id = entry.key
    return Citation(id=entry.key, raw=raw, fields=record, provenance=prov)


def evaluate_hallmark(path: str | Path, *, index: str | Path | None,
                      thresholds: Thresholds | str | Path | None = None,
                      concurrency: int = 16, covers: Sequence[str] | None = None,
                      sources: Sequence[Source] | None = None) -> dict[str, Any]:
    """Check every entry offline (with `sources`: against them too, e.g. a DOI registry);
    return metrics and per-entry rows. `covers` overrides the index's coverage scopes."""
    from citecheck.checker import Checker, CheckOptions

    entries = read_hallmark(path)
    citations = [to_citation(e, Path(path).name) for e in entries]
    checker = Checker(index=index, offline=True, thresholds=thresholds, sources=sources,
                      options=CheckOptions(concurrency=concurrency), index_covers=covers)
    start = time.perf_counter()
    verdicts = checker.check_citations(citations)
    seconds = time.perf_counter() - start
    by_id = {v.citation.id: v for v in verdicts}
    rows = []
    for e, c in zip(entries, citations, strict=True):
        v = by_id.get(c.id)
        label = v.label.value if v else "ERROR"
        rows.append({
            "id": e.key, "gold": e.label, "type": e.hallucination_type or "valid", "tier": e.tier,
            "pred": label, "accused": label in ("MINOR", "MAJOR"),
            "score": v.score if v else None, "decided_by": v.decided_by if v else "error",
            "match_id": v.match.id if v and v.match else None,
            "discrepancies": [f"{d.field}:{d.kind}" for d in v.discrepancies] if v else [],
            "rationale": (v.rationale[:300] if v else ""),
        })
    return {"metrics": hallmark_metrics(rows, seconds), "rows": rows}


def hallmark_metrics(rows: Sequence[dict[str, Any]], seconds: float = 0.0) -> dict[str, Any]:
    gold = [r["gold"] == "HALLUCINATED" for r in rows]
    any_label = binary(gold, [r["accused"] for r in rows])
    major_only = binary(gold, [r["pred"] == "MAJOR" for r in rows])
    per_type: dict[str, dict[str, Any]] = {}
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r["type"]].append(r)
    for name in sorted(groups):
        members = groups[name]
        preds = Counter(r["pred"] for r in members)
        accused = sum(1 for r in members if r["accused"])
        per_type[name] = {"n": len(members), "tier": members[0]["tier"], "accused": accused,
                          "rate": accused / len(members), "labels": dict(sorted(preds.items()))}
    valid = [r for r in rows if r["gold"] == "VALID"]
    return {
        "n": len(rows),
        "hallucinated": sum(gold),
        "valid": len(valid),
        "any_label": any_label,  # MINOR or MAJOR = hallucinated
        "major_only": major_only,  # only MAJOR = hallucinated
        "unverified": sum(1 for r in rows if r["pred"] == "UNVERIFIED"),
        "errors": sum(1 for r in rows if r["pred"] == "ERROR"),
        "valid_labels": dict(sorted(Counter(r["pred"] for r in valid).items())),
        "per_type": per_type,
        "seconds": round(seconds, 3),
        "citations_per_second": round(len(rows) / seconds, 2) if seconds else 0.0,
    }


def hallmark_markdown(metrics: dict[str, Any], source: str, command: str) -> str:
    a, m = metrics["any_label"], metrics["major_only"]
    lines = [
        f"# HALLMARK: {source}", "", f"Command: `{command}`", "",
        f"{metrics['n']} entries ({metrics['hallucinated']} HALLUCINATED, {metrics['valid']} VALID); "
        f"UNVERIFIED {metrics['unverified']}, ERROR {metrics['errors']} (both count as not accused).",
        "",
        "| mapping | detection rate | FPR | precision | F1 | MCC |",
        "|---|---:|---:|---:|---:|---:|",
        f"| MINOR or MAJOR = hallucinated | {a['detection_rate']:.3f} | {a['fpr']:.3f} | "
        f"{a['precision']:.3f} | {a['f1']:.3f} | {a['mcc']:.3f} |",
        f"| MAJOR only = hallucinated | {m['detection_rate']:.3f} | {m['fpr']:.3f} | "
        f"{m['precision']:.3f} | {m['f1']:.3f} | {m['mcc']:.3f} |",
        "", "Reference points: " + "; ".join(f"{k}: {v}" for k, v in REFERENCE_POINTS) + ".", "",
        "| hallucination type | tier | n | flagged | rate | labels |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, t in metrics["per_type"].items():
        labels = ", ".join(f"{k} {v}" for k, v in t["labels"].items())
        lines.append(f"| {name} | {t['tier'] if t['tier'] is not None else '-'} | {t['n']} | "
                     f"{t['accused']} | {t['rate']:.3f} | {labels} |")
    lines.append("")
    return "\n".join(lines)
