"""Run the checker (full pipeline, ablations, baselines) over benchmark items and score it.

Each configuration yields one prediction row per item: the gold label and everything needed to
see why a miss happened (parsed fields, the matched record, the discrepancies, which stage
decided). Rows decided on the score can be re-labelled under other thresholds without running
the checker again (`relabel`), which is what calibration does.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from citecheck.bench.dataset import BenchItem
from citecheck.bench.metrics import breakdown, classification
from citecheck.decide import Thresholds, load_thresholds, score_label
from citecheck.model import Assessment, Citation, Discrepancy, Label, Verdict
from citecheck.normalize import normalize_arxiv, normalize_doi, title_similarity

#: ablation name → CheckOptions switches
ABLATIONS: dict[str, dict[str, bool]] = {
    "full": {},
    "no-reviewer": {"reviewer": False},
    "no-journal-lookup": {"journal_lookup": False},
    "identifiers-only": {"title_search": False, "journal_lookup": False},
    "title-search-only": {"identifier_lookup": False, "journal_lookup": False},
}
BASELINES: tuple[str, ...] = ("title-exists", "identifier-resolves")
#: a baseline's "title exists": an index title this similar (normalised) to the cited one
BASELINE_TITLE_SIMILARITY = 0.9


@dataclass
class RunResult:
    name: str
    rows: list[dict[str, Any]]
    seconds: float  # wall time of checking (parsing excluded)
    parse_seconds: float = 0.0
    metrics: dict[str, Any] = field(default_factory=dict)

    @property
    def throughput(self) -> float:
        return len(self.rows) / self.seconds if self.seconds > 0 else 0.0


def citations_for(items: Sequence[BenchItem]) -> tuple[list[Citation], float]:
    start = time.perf_counter()
    cits = [item.to_citation() for item in items]
    return cits, time.perf_counter() - start


def _parse_problem(item: BenchItem, cit: Citation) -> str | None:
    """A field the text shows that the parser did not read back (None: parse looks right)."""
    if cit.error:
        return "unreadable"
    f, cited = cit.fields, item.cited
    shown = set(item.shown)
    if "title" in shown and title_similarity(f.title, cited.get("title")) < 0.9:
        return "title"
    if "DOI" in shown and normalize_doi(f.DOI) != normalize_doi(cited.get("DOI")):
        return "DOI"
    arxiv = (cited.get("custom") or {}).get("arxiv")
    if "arxiv" in shown and normalize_arxiv(f.arxiv) != normalize_arxiv(arxiv) \
            and normalize_arxiv(f.DOI or "") != normalize_arxiv(arxiv):
        return "arxiv"
    year = (cited.get("issued") or {}).get("date-parts", [[None]])[0][0]
    if "issued" in shown and f.year != year:
        return "year"
    if "volume" in shown and (f.volume or "").strip() != str(cited.get("volume") or ""):
        return "volume"
    if "author" in shown and not f.author:
        return "author"
    return None


def _stage(row: dict[str, Any]) -> str | None:
    """Where a miss most likely comes from: parser, retrieval, comparator/decision, abstention."""
    if row["gold"] == row["pred"]:
        return None
    if row["pred"] in ("UNVERIFIED", "ERROR"):
        return "abstained" if row["pred"] == "UNVERIFIED" else "error"
    if row["gold"] in ("EXACT", "MINOR"):
        if row["parse_problem"]:
            return "parser"
        if row["match_id"] != row["source_id"]:
            return "retrieval"
        return "comparator"
    # gold MAJOR predicted as a real work
    if row["parse_problem"]:
        return "parser"
    return "comparator"


def _row(item: BenchItem, cit: Citation, verdict: Verdict | None, pred: str,
         **extra: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": item.id, "gold": item.label, "pred": pred, "corruption": item.corruption,
        "subfield": item.subfield, "style": item.style, "format": item.format,
        "source_id": item.source_id, "detail": item.detail,
        "parse_confidence": round(cit.parse_confidence, 3),
        "parse_problem": _parse_problem(item, cit),
        "parsed": {k: v for k, v in {
            "title": cit.fields.title, "authors": len(cit.fields.author), "year": cit.fields.year,
            "container": cit.fields.container_title, "volume": cit.fields.volume,
            "page": cit.fields.page, "DOI": cit.fields.DOI, "arxiv": cit.fields.arxiv,
        }.items() if v},
    }
    if verdict is not None:
        row.update({
            "score": None if verdict.score is None else round(verdict.score, 4),
            "confidence": round(verdict.confidence, 4),
            "decided_by": verdict.decided_by,
            "match_id": verdict.match.id if verdict.match else None,
            "matched_by": verdict.matched_by,
            "discrepancies": [f"{d.field}:{d.kind}:{d.severity}" for d in verdict.discrepancies],
            "rationale": verdict.rationale[:400],
            "_disc": [d.model_dump() for d in verdict.discrepancies],
        })
    else:
        row.update({"score": None, "confidence": 0.0, "decided_by": "baseline", "match_id": None,
                    "matched_by": None, "discrepancies": [], "rationale": ""})
    row.update(extra)
    row["stage"] = _stage(row)
    return row


def _demoted(verdict: Verdict, thresholds: Thresholds) -> bool:
    """The checker turns a score-EXACT into MINOR after deciding when a cited identifier does not
    resolve or resolves to another work; such a verdict stays at most MINOR under any thresholds."""
    if verdict.decided_by != "score" or verdict.score is None:
        return False
    for d in verdict.discrepancies:
        if d.kind == "identifier_conflict" or "has no such" in (d.detail or ""):
            return True
    base = score_label(Assessment(score=verdict.score, confidence=verdict.confidence,
                             discrepancies=verdict.discrepancies), thresholds)
    return base is Label.EXACT and verdict.label is Label.MINOR


def relabel(rows: Sequence[dict[str, Any]], thresholds: Thresholds) -> list[str]:
    """Predictions under other thresholds; only score-decided rows can change."""
    out = []
    for row in rows:
        if row.get("decided_by") != "score" or row.get("score") is None:
            out.append(row["pred"])
            continue
        label = score_label(Assessment(score=row["score"], confidence=row["confidence"],
                                  discrepancies=[Discrepancy.model_validate(d)
                                                 for d in row.get("_disc", [])]), thresholds)
        if label is Label.EXACT and row.get("demoted"):
            label = Label.MINOR
        out.append(label.value)
    return out


def run_checker(items: Sequence[BenchItem], *, index: str | Path | None,
                thresholds: Thresholds | str | Path | None = None, ablation: str = "full",
                concurrency: int = 16, covers: Sequence[str] | None = None) -> RunResult:
    """The checker, offline against `index`, with one ablation's switches.

    `covers`: the index's coverage scopes instead of its own (``("all",)`` for a data set drawn
    from the index's records, which is a closed world by construction)."""
    from citecheck.checker import Checker, CheckOptions

    if ablation not in ABLATIONS:
        raise ValueError(f"unknown ablation {ablation!r}; known: {', '.join(ABLATIONS)}")
    thr = thresholds if isinstance(thresholds, Thresholds) else load_thresholds(thresholds)
    options = CheckOptions(concurrency=concurrency, **ABLATIONS[ablation])
    checker = Checker(index=index, offline=True, thresholds=thr, options=options, index_covers=covers)
    citations, parse_s = citations_for(items)
    start = time.perf_counter()
    verdicts = checker.check_citations(citations)
    seconds = time.perf_counter() - start
    by_id = {v.citation.id: v for v in verdicts}
    rows = []
    for item, cit in zip(items, citations, strict=True):
        v = by_id.get(cit.id)
        if v is None:  # the checker must answer for every citation; count it as an error
            rows.append(_row(item, cit, None, "ERROR"))
            continue
        rows.append(_row(item, cit, v, v.label.value, demoted=_demoted(v, thr)))
    return RunResult(name=ablation, rows=rows, seconds=seconds, parse_seconds=parse_s)


def run_baseline(items: Sequence[BenchItem], name: str, *, index: str | Path | None) -> RunResult:
    """'title-exists' or 'identifier-resolves' (see module constants)."""
    from citecheck.index.default import default_index_path
    from citecheck.index.search import LocalIndex
    from citecheck.retrieve import cited_arxiv, cited_doi

    if name not in BASELINES:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(BASELINES)}")
    idx = LocalIndex(Path(index) if index else default_index_path())
    citations, parse_s = citations_for(items)
    start = time.perf_counter()
    rows = []
    for item, cit in zip(items, citations, strict=True):
        f = cit.fields
        title_hit = None
        if f.title:
            for rec in idx.search(f.title, limit=5):
                if title_similarity(f.title, rec.title) >= BASELINE_TITLE_SIMILARITY:
                    title_hit = rec
                    break
        if name == "title-exists":
            pred = "EXACT" if title_hit else "MAJOR"
        else:
            doi, ax = cited_doi(f), cited_arxiv(f)
            unresolved = (doi and idx.by_doi(doi) is None) or (ax and idx.by_arxiv(ax) is None)
            fabricated = unresolved or (not doi and not ax and title_hit is None)
            pred = "MAJOR" if fabricated else "EXACT"
        if cit.error:
            pred = "ERROR"
        row = _row(item, cit, None, pred)
        row["match_id"] = title_hit.id if title_hit else None
        rows.append(row)
    seconds = time.perf_counter() - start
    return RunResult(name=f"baseline:{name}", rows=rows, seconds=seconds, parse_seconds=parse_s)


def score_run(result: RunResult) -> dict[str, Any]:
    rows = result.rows
    metrics = classification([r["gold"] for r in rows], [r["pred"] for r in rows])
    metrics.update({
        "name": result.name,
        "seconds": round(result.seconds, 3),
        "parse_seconds": round(result.parse_seconds, 3),
        "citations_per_second": round(result.throughput, 2),
        "by_corruption": breakdown(rows, "corruption"),
        "by_subfield": breakdown(rows, "subfield"),
        "by_style": breakdown(rows, "style"),
        "by_label_style": breakdown(rows, lambda r: f"{r['gold']}/{r['style']}"),
        "miss_stage": breakdown([r for r in rows if r["stage"]], "stage"),
        "decided_by": breakdown(rows, lambda r: str(r.get("decided_by"))),
    })
    result.metrics = metrics
    return metrics
