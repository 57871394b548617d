"""SARIF 2.1.0: one result per MINOR, MAJOR or UNVERIFIED citation, at the entry's file and line.

Code-scanning services (GitHub, GitLab, VS Code's SARIF viewer) read this and annotate the bad
entry in place. Levels: MAJOR → error, MINOR → warning, UNVERIFIED → note. Each result's rule is
the kind of its worst discrepancy (``citecheck/mismatch``, ``citecheck/identifier-conflict``, …),
``citecheck/not-found`` for a work no source holds, ``citecheck/unverified`` when the sources
that could decide did not answer; every rule carries help text. A citation of a retracted or
withdrawn work (EXACT or MINOR: the cited work was found) gets one more result, a warning under
``citecheck/retracted``; every result on such a citation carries the flag as its ``retracted``
property.

With ``--claims`` (and only then: a run without it writes the same log as before) five more rules
and their results: ``citecheck/orphan-marker`` and ``citecheck/ambiguous-marker`` (warnings at the
marker's line), ``citecheck/uncited-entry`` (a note at the entry's line), and, for citing sentences
a model judged, ``citecheck/contradicted-claim`` (error) and ``citecheck/unrelated-claim``
(warning) at the marker's line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, get_args

from citecheck import __version__
from citecheck.model import ClaimCheck, DiscrepancyKind, DocumentFinding, Label, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.claims import entry_places, unsupported
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
#: --claims: the documents' findings and the citing sentences a cited work does not support
_CLAIM_RULES: dict[str, tuple[str, str, str]] = {
    "orphan-marker": ("A citation marker has no entry", "warning",
                      "The text cites a reference (a number, an author and year, a key) that the "
                      "reference list does not hold: add the entry or correct the marker."),
    "ambiguous-marker": ("A citation marker fits several entries", "warning",
                         "An author–year marker matches more than one entry of the reference list: "
                         "tell them apart (2019a, 2019b) or add what the marker leaves out."),
    "uncited-entry": ("An entry is never cited in the text", "note",
                      "No marker of the text cites this entry of the reference list: cite it where "
                      "it is used, or remove it."),
    "contradicted-claim": ("The cited work's abstract contradicts the citing sentence", "error",
                           "A model compared the sentence with the cited work's abstract and found "
                           "that the abstract says otherwise (the quote in the message). Check the "
                           "sentence against the paper; correct the claim or the citation."),
    "unrelated-claim": ("The cited work is about something else", "warning",
                        "A model compared the sentence with the cited work's abstract and found the "
                        "work is about another subject. The wrong work may be cited: check that the "
                        "marker points at the paper meant."),
}
_CLAIM_LEVELS = {"CONTRADICTED": ("contradicted-claim", "error"), "UNRELATED": ("unrelated-claim", "warning")}
#: labels whose match is the cited work, so its retraction concerns the citation
_FOUND = (Label.EXACT, Label.MINOR)


def _rule_id(kind: str) -> str:
    return "citecheck/" + kind.replace("_", "-")


def rules(claims: bool = False) -> list[dict[str, Any]]:
    """Every rule; ``claims``: with the rules of the --claims results."""
    out = []
    for kind in get_args(DiscrepancyKind):
        short, help_text = _KIND_HELP.get(kind, _KIND_HELP["other"])
        out.append(_rule(kind, short, "warning", help_text))
    for kind, (short, level, help_text) in (_EXTRA_RULES | (_CLAIM_RULES if claims else {})).items():
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
    out.update(_locations(prov.file, prov.line))
    return out


def _locations(file: str | None, line: int | None) -> dict[str, Any]:
    """``{"locations": [...]}`` at a file's line; empty for no file or standard input."""
    if not file or file.startswith("<"):
        return {}
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(file)}}
    if line and line >= 1:
        physical["region"] = {"startLine": line}
    return {"locations": [{"physicalLocation": physical}]}


def _fingerprint(*parts: object) -> str:
    return hashlib.sha256("\0".join(str(p) for p in parts).encode()).hexdigest()[:32]


def finding_result(finding: DocumentFinding, rule_index: dict[str, int],
                   entries: dict[str, tuple[str | None, int | None]]) -> dict[str, Any]:
    """A document finding at its marker's line (an uncited entry: at the entry's)."""
    rule = _rule_id(finding.kind)
    file, line = finding.file, finding.line
    if file is None and finding.citation_id in entries:
        file, line = entries[finding.citation_id or ""]
    out: dict[str, Any] = {
        "ruleId": rule, "ruleIndex": rule_index[rule], "level": _CLAIM_RULES[finding.kind][1],
        "message": {"text": finding.message},
        "partialFingerprints": {"citecheckFinding/v1": _fingerprint(
            finding.kind, file, finding.marker, finding.citation_id, *finding.candidates)},
        "properties": {"kind": finding.kind, "marker": finding.marker, "citation_id": finding.citation_id,
                       "candidates": finding.candidates},
    }
    out.update(_locations(file, line))
    return out


def claim_result(verdict: Verdict, claim: ClaimCheck, rule_index: dict[str, int]) -> dict[str, Any]:
    """A citing sentence the cited work does not support, at its marker's line."""
    kind, level = _CLAIM_LEVELS[claim.label or ""]
    quote = f' The abstract ({claim.abstract_source or "?"}) says: "{claim.quote}".' if claim.quote else ""
    text = (f'{claim.label}: "{claim.sentence}" cites {claim.marker}, '
            f"{citation_short(verdict.citation)}.{quote} {claim.rationale}").strip()
    out: dict[str, Any] = {
        "ruleId": _rule_id(kind), "ruleIndex": rule_index[_rule_id(kind)], "level": level,
        "message": {"text": text},
        "partialFingerprints": {"citecheckClaim/v1": _fingerprint(
            claim.file, verdict.citation.id, claim.marker, claim.sentence)},
        "properties": {"label": claim.label, "citation_id": verdict.citation.id, "marker": claim.marker,
                       "quote": claim.quote, "model": claim.model, "abstract_source": claim.abstract_source},
    }
    out.update(_locations(claim.file, claim.line))
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


def render_sarif(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding] | None = None) -> str:
    """The SARIF log; ``findings`` (None: --claims not asked) adds the claims' rules and results."""
    rule_list = rules(claims=findings is not None)
    index = {r["id"]: i for i, r in enumerate(rule_list)}
    results = [r for v in verdicts for r in results_for(v, index)]
    if findings is not None:
        entries = entry_places(verdicts)
        results += [finding_result(f, index, entries) for f in findings]
        results += [claim_result(v, c, index) for v, c in unsupported(verdicts)]
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
        return render_sarif(verdicts, self.findings)
