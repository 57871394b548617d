"""``--claims``: each document's markers linked to its entries, the findings, and each citing
sentence attached to its entry's verdict — judged against the matched work's abstract when a
model is given (`claims.support`), "not judged" otherwise.

Works on finished verdicts: the entries are read again from each document (reading is cheap
beside checking) and matched to the verdicts by where they were found (file, key, line, page,
text), so ids renumbered across several inputs still meet.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from citecheck.claims.body import Segment
from citecheck.claims.link import Linkage, link_markers
from citecheck.claims.support import Abstract, judge_claim
from citecheck.llm.base import Model
from citecheck.model import Citation, ClaimCheck, DocumentFinding, Label, Verdict

__all__ = ["abstract_of", "attach_claims", "claims_by_entry", "claims_of_upload", "document_linkage",
           "judge_verdicts"]

#: model calls in flight at once
CONCURRENCY = 4


def document_linkage(path: str) -> tuple[Linkage, list[Citation]]:
    """The linkage of one document and the entries it was made with."""
    from citecheck.claims.body import body_segments
    from citecheck.claims.link import read_document

    data, citations = read_document(path)
    return link_markers(body_segments(path, data), citations), citations


def _place(cit: Citation) -> tuple[object, ...]:
    p = cit.provenance
    return (Path(p.file).name if p.file else None, p.key, p.line, p.page, cit.raw.strip()[:300])


def abstract_of(verdict: Verdict) -> Abstract | None:
    """The matched work's abstract: CSL's ``abstract`` variable, as its source gave it (the
    source named in ``custom["abstract_source"]``, else the one that matched)."""
    record = verdict.match
    text = (record.model_extra or {}).get("abstract") if record is not None else None
    if record is None or not isinstance(text, str) or not text.strip():
        return None
    return Abstract(text, str(record.custom.get("abstract_source") or verdict.match_source or "index"))


async def _judge(model: Model | None, verdict: Verdict, checks: list[ClaimCheck],
                 limit: asyncio.Semaphore) -> None:
    if verdict.label in (Label.MAJOR, Label.ERROR) or verdict.match is None:
        for c in checks:
            c.rationale = "support not judged: no real work was matched to this entry"
        return
    from citecheck.claims.sentences import strip_markers

    abstract = abstract_of(verdict)
    for c in checks:
        claim = strip_markers(c.sentence, [c.marker]) if model is not None else c.sentence
        async with limit:
            got = await judge_claim(model, claim, verdict.match.title, abstract)
        c.label, c.quote, c.rationale = got.label, got.quote, got.rationale
        c.model, c.abstract_source = got.model, got.abstract_source


def _findings(linkage: Linkage, rename: dict[str, str], entries: dict[str, Citation]) -> list[DocumentFinding]:
    out = []
    for f in linkage.findings:
        m = f.marker
        entry = entries.get(f.citation_id or "")
        where = entry.provenance if entry is not None and m is None else None  # an uncited entry: where it is
        out.append(DocumentFinding(
            kind=f.kind, message=f.message, file=m.file if m else (where.file if where else None),
            line=m.line if m else (where.line if where else None),
            page=m.page if m else (where.page if where else None), marker=m.text if m else None,
            citation_id=rename.get(f.citation_id or "", f.citation_id),
            candidates=[rename.get(c, c) for c in f.candidates]))
    return out


def claims_by_entry(linkage: Linkage, citations: Sequence[Citation]
                    ) -> tuple[dict[str, list[ClaimCheck]], list[DocumentFinding]]:
    """Each entry's citing sentences (not judged yet), by citation id — every entry of a
    document that cites at all gets a list, empty when never cited; none when it has no
    markers — and the document's findings."""
    if not linkage.markers:
        return {}, []
    by_id: dict[str, list[ClaimCheck]] = {c.id: [] for c in citations}
    for link in linkage.links:
        mk = link.marker
        by_id.setdefault(link.citation_id, []).append(ClaimCheck(
            sentence=link.sentence, clause=link.clause, marker=" ".join(mk.text.split()),
            file=mk.file, line=mk.line, page=mk.page))
    return by_id, _findings(linkage, {}, {c.id: c for c in citations})


async def judge_verdicts(verdicts: Sequence[Verdict], model: Model | None) -> None:
    """Judge every citing sentence attached to ``verdicts`` (``model`` None: "not judged")."""
    limit = asyncio.Semaphore(CONCURRENCY)
    await asyncio.gather(*(_judge(model, v, v.claims, limit) for v in verdicts if v.claims))


async def attach_claims(paths: Sequence[str], verdicts: Sequence[Verdict],
                        model: Model | None = None,
                        documents: Sequence[tuple[list[Segment], list[Citation]]] = ()) -> list[DocumentFinding]:
    """Give every verdict of an entry of ``paths`` (or of ``documents``: bodies already read, with
    their entries — remote papers) its ``claims`` (an empty list: never cited) and return the
    documents' findings. Inputs with no body (BibTeX, JSONL) are skipped."""
    by_place = {_place(v.citation): v for v in verdicts}
    findings: list[DocumentFinding] = []
    linkages = [document_linkage(path) for path in paths]
    linkages += [(link_markers(body, citations), citations) for body, citations in documents]
    for linkage, citations in linkages:
        by_id, found = claims_by_entry(linkage, citations)
        rename: dict[str, str] = {}
        for cit in citations:
            verdict = by_place.get(_place(cit))
            if verdict is not None and cit.id in by_id:
                rename[cit.id] = verdict.citation.id
                verdict.claims = by_id[cit.id]
        for f in found:
            f.citation_id = rename.get(f.citation_id or "", f.citation_id)
            f.candidates = [rename.get(c, c) for c in f.candidates]
        findings.extend(found)
    await judge_verdicts(verdicts, model)
    return findings


def claims_of_upload(name: str, data: bytes, citations: Sequence[Citation]
                     ) -> tuple[dict[str, list[ClaimCheck]], list[DocumentFinding]]:
    """`claims_by_entry` for a document sent to the service (never read from or beside a path)."""
    from citecheck.claims.body import upload_segments

    return claims_by_entry(link_markers(upload_segments(name, data), list(citations)), citations)
