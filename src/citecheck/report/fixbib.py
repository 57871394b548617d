"""Corrected BibTeX: EXACT and MINOR entries rewritten from the matched record.

Fields the record lacks keep the cited value; MAJOR, UNVERIFIED and ERROR entries are kept
commented out with the reason, so nothing the user gave disappears.
"""

from __future__ import annotations

from collections.abc import Sequence

from citecheck.model import Label, Record, Verdict
from citecheck.verify.faces import year_faces


def corrected_record(verdict: Verdict) -> Record:
    """The cited fields, overwritten by every field the matched record has."""
    cited = verdict.citation.fields.to_csl()
    found = verdict.match.to_csl() if verdict.match else {}
    merged = {**cited, **{k: v for k, v in found.items() if v not in (None, "", [], {})}}
    custom = {**cited.get("custom", {}), **found.get("custom", {})}
    if custom:
        merged["custom"] = custom
    if verdict.match is not None:  # a face of the work the citation gave faithfully stays as given
        fields, match = verdict.citation.fields, verdict.match
        if fields.year and fields.year in {y for _, y in year_faces(fields, match)}:
            merged["issued"] = cited["issued"]
        if fields.title and any(t.title.casefold() == fields.title.casefold() for t in match.titles):
            merged["title"] = fields.title
    return Record.from_csl(merged)


def _comment(text: str) -> str:
    return "\n".join("% " + line for line in text.strip().splitlines())


def render_fixed_bibtex(verdicts: Sequence[Verdict]) -> str:
    from citecheck.export import record_to_bibtex

    chunks = ["% Corrected by citecheck: EXACT/MINOR entries rewritten from the matched record.\n"]
    for v in verdicts:
        key = v.citation.provenance.key or v.citation.id
        if v.label in (Label.EXACT, Label.MINOR) and v.match is not None:
            if v.label is Label.MINOR:
                fixed = "; ".join(f"{d.field}: {d.cited!s} → {d.found!s}" for d in v.discrepancies)
                chunks.append(_comment(f"citecheck MINOR, corrected: {fixed}"))
            chunks.append(record_to_bibtex(corrected_record(v), key))
        else:
            chunks.append(_comment(f"citecheck {v.label.value}: {v.rationale}\n{v.citation.raw}"))
        chunks.append("")
    return "\n".join(chunks)
