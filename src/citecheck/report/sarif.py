"""SARIF 2.1.0: one result per MINOR, MAJOR or UNVERIFIED citation, at the entry's file and line.

Code-scanning services (GitHub, GitLab, VS Code's SARIF viewer) read this and annotate the bad
entry in place. Levels: MAJOR → error, MINOR → warning, UNVERIFIED → note. Each result's rule is
the kind of its worst discrepancy (``citecheck/mismatch``, ``citecheck/identifier-conflict``, …),
``citecheck/not-found`` for a work no source holds, ``citecheck/unverified`` when the sources
that could decide did not answer; every rule carries help text. A citation of a retracted or
withdrawn work (EXACT or MINOR: the cited work was found) gets one more result, a warning under
``citecheck/retracted``; every result on such a citation carries the flag as its ``retracted``
property.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, get_args

from citecheck import __version__
from citecheck.model import DiscrepancyKind, Label, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.describe import citation_short, discrepancy_text, record_short
from citecheck.retraction import describe

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {Label.MAJOR: "error", Label.MINOR: "warning", Label.UNVERIFIED: "note"}

_KIND_HELP: dict[str, tuple[str, str]] = {
    "mismatch": ("A cited field disagrees with the record found",
                 "The cited work exists, but a field (title, year, journal, volume, page, authors) "
                 "differs from the record. Check the field against the found record and correct it."),
    "missing_in_record": ("A cited field cannot be confirmed",
                          "The record found lacks a field the citation gives, so that value could "
                          "not be checked. Confirm it against the publisher's page."),
    "extra_author": ("The citation names an author the record does not have",
                     "Remove the extra author or check that the right work is cited."),
    "missing_author": ("The citation leaves out an author of the record",
                       "Add the missing author(s) or mark the list as truncated (et al.)."),
    "swapped_authors": ("The authors are cited in another order",
                        "Put the authors in the order of the record."),
    "misspelled": ("A name or word is misspelled",
                   "Correct the spelling to match the record."),
    "identifier_conflict": ("The DOI or arXiv id points at another work",
                            "The identifier resolves to a different work than the one described. "
                            "This is a typical sign of a fabricated or mixed-up citation: find the "
                            "real identifier of the cited work, or the work the identifier names."),
    "other": ("Another difference from the record", "See the message for the difference."),
}
_EXTRA_RULES: dict[str, tuple[str, str, str]] = {
    "not-found": ("No such work was found", "error",
                  "No source that could hold this work has it: the citation may be fabricated. "
                  "Find the work (publisher, DOI) or remove the citation."),
    "unverified": ("The citation could not be checked", "note",
                   "The sources that could decide did not answer (offline, rate-limited, no key, "
                   "or outside their coverage). Check it by hand or run again online."),
    "retracted": ("The cited work was retracted or withdrawn", "warning",
                  "The work exists and is cited correctly, but it has been retracted (or withdrawn) "
                  "by its publisher. Check the retraction notice and whether the citation should stay."),
}
#: labels whose match is the cited work, so its retraction concerns the citation
_FOUND = (Label.EXACT, Label.MINOR)


def _rule_id(kind: str) -> str:
    return "citecheck/" + kind.replace("_", "-")


def rules() -> list[dict[str, Any]]:
    out = []
    for kind in get_args(DiscrepancyKind):
        short, help_text = _KIND_HELP.get(kind, _KIND_HELP["other"])
        out.append(_rule(kind, short, "warning", help_text))
    for kind, (short, level, help_text) in _EXTRA_RULES.items():
        out.append(_rule(kind, short, level, help_text))
    return out


def _rule(kind: str, short: str, level: str, help_text: str) -> dict[str, Any]:
    return {
        "id": _rule_id(kind),
        "name": "".join(w.capitalize() for w in kind.replace("-", "_").split("_")),
        "shortDescription": {"text": short},
        "fullDescription": {"text": help_text},
        "help": {"text": help_text, "markdown": f"**{short}.** {help_text}"},
        "defaultConfiguration": {"level": level},
    }


def primary_kind(verdict: Verdict) -> str:
    """The rule a verdict is filed under: its worst discrepancy's kind, or why it has none."""
    if verdict.label is Label.UNVERIFIED:
        return "unverified"
    worst = sorted(verdict.discrepancies, key=lambda d: d.severity != "major")
    if worst:
        return worst[0].kind
    return "not-found" if verdict.label is Label.MAJOR else "other"


def artifact_uri(file: str) -> str:
    """A path relative to the working folder when it is under it (what code scanning wants)."""
    path = Path(file)
    if path.is_absolute():
        try:
            return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            return path.as_uri()
    return path.as_posix()


def _message(verdict: Verdict) -> str:
    parts = [f"{verdict.label.value}: {citation_short(verdict.citation)}.", verdict.rationale]
    parts += [discrepancy_text(d) + "." for d in verdict.discrepancies]
    if verdict.match is not None:
        parts.append(f"Found: {record_short(verdict.match)} "
                     f"({verdict.match_source}, matched by {verdict.matched_by}).")
    return " ".join(p for p in parts if p)


def result(verdict: Verdict, rule_index: dict[str, int], kind: str | None = None) -> dict[str, Any]:
    """The result for `verdict` under its primary rule, or under `kind` when given."""
    retracted = kind == "retracted"
    kind = kind or primary_kind(verdict)
    prov = verdict.citation.provenance
    fingerprint = hashlib.sha256(
        f"{prov.file}\0{prov.key}\0{verdict.citation.raw}".encode()).hexdigest()[:32]
    out: dict[str, Any] = {
        "ruleId": _rule_id(kind),
        "ruleIndex": rule_index[_rule_id(kind)],
        "level": "warning" if retracted else LEVELS[verdict.label],
        "message": {"text": _retracted_message(verdict) if retracted else _message(verdict)},
        "partialFingerprints": {"citecheckCitation/v1": fingerprint},
        "properties": {
            "label": verdict.label.value, "citation_id": verdict.citation.id,
            "score": verdict.score, "kinds": sorted({d.kind for d in verdict.discrepancies}),
            "match": verdict.match.to_csl() if verdict.match else None,
            "retracted": verdict.retracted,
        },
    }
    if prov.file and not prov.file.startswith("<"):
        physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(prov.file)}}
        if prov.line and prov.line >= 1:
            physical["region"] = {"startLine": prov.line}
        out["locations"] = [{"physicalLocation": physical}]
    return out


def _retracted_message(verdict: Verdict) -> str:
    found = f" Found: {record_short(verdict.match)}." if verdict.match is not None else ""
    return (f"{citation_short(verdict.citation)} cites a withdrawn work: "
            f"{describe(verdict.retracted or {})}.{found}")


def results_for(verdict: Verdict, rule_index: dict[str, int]) -> list[dict[str, Any]]:
    """The results one verdict files: its label's, and a retraction warning when it has one."""
    out = [result(verdict, rule_index)] if verdict.label in LEVELS else []
    if verdict.retracted and verdict.label in _FOUND:
        out.append(result(verdict, rule_index, "retracted"))
    return out


def render_sarif(verdicts: Sequence[Verdict]) -> str:
    rule_list = rules()
    index = {r["id"]: i for i, r in enumerate(rule_list)}
    results = [r for v in verdicts for r in results_for(v, index)]
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "citecheck", "version": __version__, "rules": rule_list}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


class SarifFormat(ReportFormat):
    name = "sarif"
    media_type = "application/sarif+json"
    suffix = ".sarif"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_sarif(verdicts)
