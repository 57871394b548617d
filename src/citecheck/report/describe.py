"""Short human descriptions of records and discrepancies, shared by the text formats."""

from __future__ import annotations

from citecheck.model import Discrepancy, Record, Verdict


def record_short(record: Record) -> str:
    """'Title — Author et al. (2007), Phys. Rev. B 75, 024519, doi:…'"""
    parts = []
    if record.title:
        parts.append(record.title)
    who = record.authors_short()
    when = f" ({record.year})" if record.year else ""
    if who or when:
        parts.append(f"{who}{when}".strip())
    venue = record.container_title_short or record.container_title
    if venue:
        parts.append(" ".join(p for p in (venue, record.volume, record.page) if p))
    if record.DOI:
        parts.append(f"doi:{record.DOI}")
    elif record.arxiv:
        parts.append(f"arXiv:{record.arxiv}")
    return " — ".join(parts[:2]) + (", " + ", ".join(parts[2:]) if len(parts) > 2 else "")


def discrepancy_text(d: Discrepancy) -> str:
    if d.detail and not (d.cited or d.found):
        return f"{d.field}: {d.detail}"
    text = f"{d.field}: cited {d.cited or '—'}, found {d.found or '—'}"
    return f"{text} ({d.detail})" if d.detail else text


def where(verdict: Verdict) -> str:
    prov = verdict.citation.provenance
    loc = prov.file or ""
    if prov.line:
        loc += f":{prov.line}"
    if prov.key and prov.key not in verdict.citation.id:
        loc += f" [{prov.key}]"
    return loc
