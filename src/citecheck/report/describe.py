"""Short human descriptions of records and discrepancies, shared by the text formats."""

from __future__ import annotations

from citecheck.model import Citation, Discrepancy, Record, Verdict


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


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def citation_short(citation: Citation, limit: int = 160) -> str:
    """A person's reading of a citation: 'Smith et al. (2019) Title …' or, without a title,
    'Smith (2019) Phys. Rev. B 75, 024519'. Falls back to the raw text when nothing was parsed."""
    fields = citation.fields
    if citation.error is None:
        who = fields.authors_short()
        head = f"{who} ({fields.year})" if who and fields.year else who or (
            str(fields.year) if fields.year else "")
        venue = fields.container_title_short or fields.container_title
        body = fields.title or " ".join(
            p for p in (venue, fields.volume and f"{fields.volume},", fields.page) if p).rstrip(",")
        if not body:
            ident = cited_identifier(fields)
            body = ident or ""
        text = " ".join(p for p in (head, body) if p)
        if text:
            return _cut(text, limit)
    return _cut(citation.raw, limit)


def cited_identifier(record: Record) -> str | None:
    if record.DOI:
        return f"doi:{record.DOI}"
    if record.arxiv:
        return f"arXiv:{record.arxiv}"
    return None
