"""A self-contained HTML report: a summary with a small chart, then one card per citation.

Everything comes from this module and `html_assets` (inline CSS, a few lines of inline script
for the label filter and the search box): no external script, style, font or image, so the
file works from disk, offline and printed. Every string that comes from the input or a record
goes through `_e` (``html.escape``), so a citation holding ``<script>`` shows as text; links
are written only for http(s) URLs the tool builds (doi.org, arxiv.org) or a record's own
http(s) URL.

With ``--claims`` the page adds the documents' findings at the top and, in each card, the citing
sentences beside the words of the cited work's abstract that decided their label; without it,
the page is what it was.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from citecheck import __version__
from citecheck.model import ClaimCheck, Discrepancy, DocumentFinding, Label, Record, Verdict
from citecheck.report.base import ReportFormat
from citecheck.report.claims import (
    UNSUPPORTED,
    claim_label,
    claim_where,
    claims_line,
    entry_places,
    finding_where,
)
from citecheck.report.describe import where
from citecheck.report.html_assets import CLAIM_COLOURS, CLAIMS_CSS, COLOURS, CSS, JS
from citecheck.report.summary import label_counts, paper_lines, source_coverage
from citecheck.retraction import describe

#: the fields shown side by side: (CSL field, heading)
FIELDS = [
    ("author", "authors"), ("title", "title"), ("issued", "year"),
    ("container-title", "journal / venue"), ("volume", "volume"), ("issue", "issue"),
    ("page", "page"), ("DOI", "DOI"), ("arxiv", "arXiv"),
]
_ALIASES = {"year": "issued", "journal": "container-title", "pages": "page", "doi": "DOI",
            "authors": "author", "container_title": "container-title"}


def _e(text: object) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def _safe_url(url: str | None) -> str | None:
    if url and url.strip().lower().startswith(("https://", "http://")):
        return url.strip()
    return None


def field_value(record: Record, field: str) -> str:
    """The value of one CSL field as a person reads it."""
    if field == "author":
        return "; ".join(n.display() for n in record.author) + (
            " et al." if record.authors_truncated else "")
    if field == "issued":
        return str(record.year) if record.year else ""
    if field == "container-title":
        return record.container_title or record.container_title_short or ""
    if field == "arxiv":
        return record.arxiv or ""
    value = getattr(record, field, None)
    return "" if value is None else str(value)


def record_links(record: Record) -> list[tuple[str, str]]:
    """(text, URL) for a record: its DOI, arXiv id and own page, all http(s)."""
    links: list[tuple[str, str]] = []
    if record.DOI:
        links.append((f"doi:{record.DOI}", "https://doi.org/" + quote(record.DOI, safe="/()-._;:")))
    if record.arxiv:
        links.append((f"arXiv:{record.arxiv}", "https://arxiv.org/abs/" + quote(record.arxiv, safe="/.-")))
    own = _safe_url(record.URL)
    if own and all(own.lower() != url.lower() for _, url in links) and not (
            record.DOI and "doi.org/" in own.lower()):
        links.append(("source page", own))
    return links


def _chart(counts: dict[str, int]) -> str:
    """A horizontal bar per label, as inline SVG."""
    total = max(1, max(counts.values(), default=0))
    rows = []
    for i, (label, n) in enumerate(counts.items()):
        y = i * 22
        width = 0 if n == 0 else max(2, round(220 * n / total))
        rows.append(
            f'<text x="0" y="{y + 15}" font-size="12">{_e(label)}</text>'
            f'<rect x="90" y="{y + 3}" width="{width}" height="15" fill="{COLOURS[label]}" rx="2"/>'
            f'<text x="{96 + width}" y="{y + 15}" font-size="12">{n}</text>')
    height = 22 * len(counts)
    return (f'<svg class="chart" role="img" aria-label="citations per label" width="360" '
            f'height="{height}" viewBox="0 0 360 {height}" xmlns="http://www.w3.org/2000/svg">'
            + "".join(rows) + "</svg>")


def _summary(verdicts: Sequence[Verdict], seconds: float | None) -> str:
    counts = label_counts(verdicts)
    boxes = "".join(
        f'<span class="count" style="--c:{COLOURS[label]}"><b style="color:{COLOURS[label]}">{n}</b> '
        f"{_e(label)}</span>" for label, n in counts.items())
    coverage = source_coverage(verdicts)
    sources = "; ".join(
        f"{_e(name)}: asked {row['asked']}, answered {row['answered']}, failed {row['failed']}, "
        f"skipped {row['skipped']}" for name, row in coverage.items())
    took = f" in {seconds:.1f} s" if seconds is not None else ""
    retracted = [n for n, v in enumerate(verdicts, 1) if v.retracted]
    warn = (f'<p class="retracted">{len(retracted)} citation(s) of a retracted work: '
            + ", ".join(f'<a href="#c{n}">#{n}</a>' for n in retracted) + "</p>") if retracted else ""
    return (f'<section class="summary"><div><div class="counts">{boxes}</div>{warn}'
            f'<p class="meta">{len(verdicts)} citation(s) checked{took}. Sources — '
            f"{sources or 'none'}</p></div>{_chart(counts)}</section>")


def _controls(counts: dict[str, int]) -> str:
    boxes = "".join(
        f'<label style="color:{COLOURS[label]}"><input type="checkbox" value="{_e(label)}" checked> '
        f"{_e(label)} ({n})</label>" for label, n in counts.items())
    return (f'<nav class="controls" aria-label="filter">{boxes}'
            '<input type="search" id="q" placeholder="search citations, authors, DOIs…" '
            'aria-label="search"> <span class="meta"><span id="shown">0</span> shown</span></nav>')


def _diff_for(field: str, discrepancies: Sequence[Discrepancy]) -> Discrepancy | None:
    for d in discrepancies:
        if _ALIASES.get(d.field, d.field) == field:
            return d
    return None


def _fields_table(verdict: Verdict) -> str:
    cited = verdict.citation.fields
    found = verdict.match
    rows = []
    known = {f for f, _ in FIELDS}
    extra = [(d.field, d.field) for d in verdict.discrepancies if _ALIASES.get(d.field, d.field) not in known]
    for field, heading in [*FIELDS, *extra]:
        c = field_value(cited, field) if field in known else ""
        f = field_value(found, field) if found is not None and field in known else ""
        d = _diff_for(field, verdict.discrepancies)
        if d is not None:
            c = c or (d.cited or "")
            f = f or (d.found or "")
        if not (c or f or d):
            continue
        kind = ""
        cls = ""
        if d is not None:
            cls = f' class="diff {_e(d.severity)}"'
            kind = f'<span class="kind">{_e(d.kind.replace("_", " "))}, {_e(d.severity)}' + (
                f": {_e(d.detail)}" if d.detail else "") + "</span>"
        rows.append(f"<tr{cls}><th>{_e(heading)}</th><td data-col=\"cited\">{_e(c)}</td>"
                    f"<td data-col=\"found\">{_e(f)}{kind}</td></tr>")
    if not rows:
        return ""
    return ('<table class="fields"><thead><tr><th>field</th><th>cited</th><th>found</th></tr></thead>'
            "<tbody>" + "".join(rows) + "</tbody></table>")


def _found(verdict: Verdict) -> str:
    m = verdict.match
    if m is None:
        return '<p class="found">No matching record found.</p>'
    links = " · ".join(f'<a href="{_e(url)}" target="_blank" rel="noopener noreferrer">{_e(text)}</a>'
                       for text, url in record_links(m))
    how = f" (from {_e(verdict.match_source)}, matched by {_e(verdict.matched_by)})"
    return f'<p class="found">Found: <b>{_e(m.title or m.id)}</b>{how}{" — " + links if links else ""}</p>'


def _sources(verdict: Verdict) -> str:
    items = [f"<li>{_e(s.source)}: {_e(s.status)}" + (f" — {_e(s.reason)}" if s.reason else "") + "</li>"
             for s in verdict.sources]
    items += [f"<li>{_e(line)}</li>" for line in verdict.evidence]
    return f'<ul class="sources">{"".join(items)}</ul>' if items else ""


def _claim_row(claim: ClaimCheck) -> str:
    """A citing sentence beside the abstract's words that decided its label."""
    label = claim_label(claim)
    cls = ' class="unsupported"' if label in UNSUPPORTED else ""
    said = f'<span class="where">{_e(claim_where(claim))} <code>{_e(claim.marker)}</code></span><br>' \
           f"{_e(claim.sentence)}"
    quote = f"<q>{_e(claim.quote)}</q>" if claim.quote else ""
    about = [f"abstract from {claim.abstract_source}" if claim.abstract_source else "",
             claim.model or "", claim.rationale]
    note = "; ".join(a for a in about if a)
    return (f'<tr{cls}><td data-col="the text says">{said}</td>'
            f'<td class="support" data-col="support"><span class="slabel" style="--s:{CLAIM_COLOURS.get(label, COLOURS["UNVERIFIED"])}">'
            f'{_e(label)}</span></td><td data-col="the abstract says">{quote}'
            f'{f"""<span class="kind">{_e(note)}</span>""" if note else ""}</td></tr>')


def _claims(verdict: Verdict) -> str:
    """--claims: the sentences of the document that cite this entry (none: never cited)."""
    if verdict.claims is None:
        return ""
    if not verdict.claims:
        return '<p class="meta">Citing sentences: none (the text never cites this entry).</p>'
    return ('<table class="claims"><thead><tr><th>the text says</th><th class="support">support</th>'
            "<th>the abstract says</th></tr></thead><tbody>"
            + "".join(_claim_row(c) for c in verdict.claims) + "</tbody></table>")


def _findings(verdicts: Sequence[Verdict], findings: Sequence[DocumentFinding] | None) -> str:
    """--claims: the documents' findings and the sentences found unsupported, linked to their cards."""
    if findings is None:
        return ""
    entries, cards = entry_places(verdicts), {v.citation.id: n for n, v in enumerate(verdicts, 1)}
    items = []
    for f in findings:
        targets = [cards[i] for i in (f.citation_id, *f.candidates) if i in cards]
        link = "".join(f' <a href="#c{n}">#{n}</a>' for n in targets)
        marker = f" <code>{_e(f.marker)}</code>" if f.marker else ""
        items.append(f'<li><b>{_e(f.kind)}</b> <span class="where">{_e(finding_where(f, entries))}</span>'
                     f"{marker}{link}: {_e(f.message)}</li>")
    bad = [n for n, v in enumerate(verdicts, 1) if any(c.label in UNSUPPORTED for c in v.claims or [])]
    warn = ('<p class="retracted">Citing sentences the cited work does not support: '
            + ", ".join(f'<a href="#c{n}">#{n}</a>' for n in bad) + "</p>") if bad else ""
    listed = f"<ul>{''.join(items)}</ul>" if items else \
        '<p class="meta">None: every marker has an entry, and every entry is cited.</p>'
    return (f'<section class="findings"><h2>Document findings ({len(findings)})</h2>'
            f'<p class="meta">{_e(claims_line(verdicts))}</p>{warn}{listed}</section>')


def card(verdict: Verdict, number: int) -> str:
    label = verdict.label.value
    score = "" if verdict.score is None else f'<span class="meta">score {verdict.score:.1f}</span>'
    error = (f'<p class="why">Could not read this entry: {_e(verdict.citation.error)}</p>'
             if verdict.citation.error else "")
    badge = notice = ""
    if verdict.retracted:
        badge = ' <span class="badge retracted">RETRACTED</span>'
        notice = f'<p class="retracted">{_e(describe(verdict.retracted))}</p>'
    return (
        f'<article class="card" data-label="{_e(label)}" style="--c:{COLOURS[label]}" '
        f'id="c{number}"><header><span class="badge">{_e(label)}</span> <b>#{number}</b> '
        f'<span class="where">{_e(where(verdict) or verdict.citation.id)}</span> {score}{badge}</header>'
        f'{notice}<div class="raw">{_e(verdict.citation.raw.strip())}</div>{error}'
        f"{_found(verdict)}{_fields_table(verdict)}"
        f'<p class="why">{_e(verdict.rationale)}</p>{_claims(verdict)}{_sources(verdict)}</article>')


def render_html(verdicts: Sequence[Verdict], seconds: float | None = None,
                title: str = "citecheck report", papers: Sequence[dict[str, Any]] = (),
                findings: Sequence[DocumentFinding] | None = None) -> str:
    counts = label_counts(verdicts)
    order = {label: i for i, label in enumerate([Label.MAJOR, Label.MINOR, Label.UNVERIFIED,
                                                 Label.ERROR, Label.EXACT])}
    ranked = sorted(enumerate(verdicts, 1), key=lambda p: (order[p[1].label], p[0]))
    cards = "\n".join(card(v, n) for n, v in ranked)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{CSS}{CLAIMS_CSS if findings is not None else ''}</style></head><body>"
        f'<h1>{_e(title)}</h1><p class="meta">citecheck {_e(__version__)}, {stamp}. '
        "Worst first: MAJOR, MINOR, UNVERIFIED, ERROR, EXACT.</p>"
        + "".join(f'<p class="meta paper">{_e(line)}</p>' for line in paper_lines(papers)) +
        f"{_summary(verdicts, seconds)}{_findings(verdicts, findings)}{_controls(counts)}<main>\n{cards}\n</main>"
        f"<script>{JS}</script></body></html>\n")


class HtmlFormat(ReportFormat):
    """One self-contained HTML page (see the module docstring)."""

    name = "html"
    media_type = "text/html; charset=utf-8"
    suffix = ".html"

    def render(self, verdicts: Sequence[Verdict], seconds: float | None = None) -> str:
        return render_html(verdicts, seconds, papers=self.papers, findings=self.findings)
