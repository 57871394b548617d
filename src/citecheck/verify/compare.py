"""Deterministic field-by-field comparison of a citation with a real record.

The score starts at 10 and each discrepancy takes off a penalty sized to how much it says about
the citation: a year off by one is drift (MINOR), a different title is another work (MAJOR).
A field the citation omits is never a discrepancy; a field the record lacks cannot be checked and
only lowers the confidence.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import Levenshtein

from citecheck.model import Assessment, Discrepancy, Record
from citecheck.normalize import (
    arxiv_from_doi,
    canonical_journal,
    normalize_arxiv,
    normalize_doi,
    title_similarity,
)
from citecheck.verify.authors import AuthorComparison, compare_authors

# Penalties (points off 10).
P_TITLE_MINOR = 2.0  # a word changed/dropped
P_TITLE_MEDIUM = 3.5  # several words differ, same work
P_TITLE_MAJOR = 8.0  # a different title altogether
P_AUTHOR = 2.0  # per dropped/added author (capped)
P_AUTHOR_MAJOR = 6.0  # author list describes other people
P_SWAP = 1.5
P_MISSPELL = 1.5
P_INITIAL = 1.0
P_YEAR = 2.0
P_VENUE = 2.0
P_VOLUME = 2.0
P_PAGE = 2.0
P_ID = 2.5

TITLE_SAME = 0.97
TITLE_CLOSE = 0.85
TITLE_RELATED = 0.60
IDENTITY_TITLE = 0.5  # below this the titles name different works


def _year_from(value: object) -> int | None:
    match = re.match(r"(\d{4})", str(value or ""))
    return int(match.group(1)) if match else None


def _pages(value: str | None) -> str:
    if not value:
        return ""
    first = re.split(r"[-–—]+", value.strip())[0].strip()
    return first.lower()


def _page_equal(a: str, b: str) -> bool:
    if a == b:
        return True
    # "L54" vs "54", "e1002" vs "1002", leading zeros in article numbers
    da, db = re.sub(r"\D", "", a).lstrip("0"), re.sub(r"\D", "", b).lstrip("0")
    return bool(da) and da == db


def _venue_keys(record: Record) -> set[str]:
    keys = {canonical_journal(record.container_title), canonical_journal(record.container_title_short)}
    return {k for k in keys if k}


def _venue_match(cited: str, found: set[str]) -> str:
    """'same', 'sibling' (Phys. Rev. B vs D) or 'different'."""
    key = canonical_journal(cited)
    if not key or key in found:
        return "same"
    for other in found:
        if len(key) >= 6 and (key.startswith(other) or other.startswith(key)):
            # "physicalreview" vs "physicalreviewb" is a sibling, longer common prefixes are abbreviation noise
            if abs(len(key) - len(other)) <= 1:
                return "sibling"
            return "same"
        if Levenshtein.normalized_similarity(key, other) >= 0.9:
            return "sibling" if key[:-1] == other[:-1] else "same"
    return "different"


def _doi_close(a: str, b: str) -> bool:
    return Levenshtein.distance(a, b) <= 2


def assess(cited: Record, found: Record) -> Assessment:
    """Compare what the citation says with the real record."""
    score = 10.0
    issues: list[Discrepancy] = []
    agreed: list[str] = []
    field_scores: dict[str, float] = {}
    checked = 0.0  # weight of fields compared (for confidence)

    # -- title --------------------------------------------------------------------------------
    if cited.title and found.title:
        sim = title_similarity(cited.title, found.title)
        field_scores["title_similarity"] = round(sim, 4)
        checked += 3
        if sim >= TITLE_SAME:
            agreed.append("title")
        elif sim >= TITLE_CLOSE:
            score -= P_TITLE_MINOR
            issues.append(Discrepancy(field="title", cited=cited.title, found=found.title,
                                      kind="mismatch", detail="title words differ"))
        elif sim >= TITLE_RELATED:
            score -= P_TITLE_MEDIUM
            issues.append(Discrepancy(field="title", cited=cited.title, found=found.title,
                                      kind="mismatch", detail="title differs in several words"))
        else:
            score -= P_TITLE_MAJOR
            issues.append(Discrepancy(field="title", cited=cited.title, found=found.title,
                                      kind="mismatch", severity="major", detail="a different title"))

    # -- authors ------------------------------------------------------------------------------
    comparison = compare_authors(cited, found)
    if comparison is not None:
        checked += 2
        field_scores["author_match"] = round(comparison.overlap, 4)
        score -= _author_penalty(comparison, issues, cited, found, agreed)

    # -- year ---------------------------------------------------------------------------------
    if cited.year and found.year:
        checked += 1
        alt = _year_from(found.custom.get("arxiv_submitted"))
        if cited.year == found.year or (alt is not None and cited.year == alt):
            agreed.append("year")
        else:
            gap = abs(cited.year - found.year)
            score -= P_YEAR if gap <= 2 else P_YEAR + 0.5
            issues.append(Discrepancy(field="issued", cited=str(cited.year), found=str(found.year),
                                      kind="mismatch", detail=f"year off by {gap}"))

    # -- venue --------------------------------------------------------------------------------
    found_venues = _venue_keys(found)
    cited_venue = cited.container_title or cited.container_title_short
    if cited_venue and found_venues and not _is_preprint_venue(cited_venue, found):
        checked += 1
        how = _venue_match(cited_venue, found_venues)
        if how == "same":
            agreed.append("journal")
        else:
            score -= P_VENUE
            issues.append(Discrepancy(
                field="container-title", cited=cited_venue,
                found=found.container_title or found.container_title_short, kind="mismatch",
                detail="sibling journal" if how == "sibling" else "different venue"))

    # -- volume / pages -----------------------------------------------------------------------
    if cited.volume and found.volume:
        checked += 0.5
        if re.sub(r"\D", "", cited.volume) == re.sub(r"\D", "", found.volume) or cited.volume == found.volume:
            agreed.append("volume")
        else:
            score -= P_VOLUME
            issues.append(Discrepancy(field="volume", cited=cited.volume, found=found.volume))
    cp, fp = _pages(cited.page), _pages(found.page)
    if cp and fp:
        checked += 0.5
        if _page_equal(cp, fp):
            agreed.append("page")
        else:
            score -= P_PAGE
            issues.append(Discrepancy(field="page", cited=cited.page, found=found.page))

    # -- identifiers --------------------------------------------------------------------------
    cdoi, fdoi = normalize_doi(cited.DOI), normalize_doi(found.DOI)
    c_arxiv = normalize_arxiv(cited.arxiv) or arxiv_from_doi(cdoi)
    f_arxiv = normalize_arxiv(found.arxiv)
    if cdoi and not arxiv_from_doi(cdoi):
        other = {normalize_doi(d) for d in found.custom.get("other_dois", []) or []}
        if fdoi:
            checked += 1
            if cdoi == fdoi or cdoi in other:
                agreed.append("DOI")
            else:
                score -= P_ID
                issues.append(Discrepancy(
                    field="DOI", cited=cdoi, found=fdoi,
                    detail="one or two characters differ" if _doi_close(cdoi, fdoi) else "a different DOI"))
    if c_arxiv and f_arxiv:
        checked += 1
        if c_arxiv == f_arxiv:
            agreed.append("arXiv id")
        else:
            score -= P_ID
            issues.append(Discrepancy(field="arxiv", cited=c_arxiv, found=f_arxiv))

    score = max(0.0, min(10.0, score))
    confidence = round(min(1.0, 0.35 + checked / 9.0), 3)
    return Assessment(score=round(score, 3), confidence=confidence, discrepancies=issues,
                      rationale=_rationale(agreed, issues), field_scores=field_scores)


def _is_preprint_venue(cited_venue: str, found: Record) -> bool:
    """Citing the arXiv preprint of a published work names 'arXiv' as venue: not a conflict."""
    key = canonical_journal(cited_venue)
    return key.startswith("arxiv") or key in {"preprint", "eprint"}


def _author_penalty(
    comp: AuthorComparison, issues: list[Discrepancy], cited: Record, found: Record, agreed: list[str]
) -> float:
    cited_names = "; ".join(n.display() for n in cited.author)
    found_names = "; ".join(n.display() for n in found.author[:12])
    if (comp.cited >= 2 and comp.overlap < 0.34) or (comp.cited == 1 and comp.matched == 0):
        issues.append(Discrepancy(field="author", cited=cited_names, found=found_names, kind="mismatch",
                                  severity="major", detail="the authors are other people"))
        return P_AUTHOR_MAJOR
    penalty = 0.0
    if comp.extra:
        penalty += min(2, len(comp.extra)) * P_AUTHOR
        issues.append(Discrepancy(field="author", cited=", ".join(comp.extra), kind="extra_author",
                                  detail="not an author of the record"))
    if comp.missing:
        penalty += P_AUTHOR
        issues.append(Discrepancy(field="author", found=", ".join(comp.missing), kind="missing_author",
                                  detail="author of the record missing from the citation"))
    for wrong, right in comp.misspelled:
        penalty += P_MISSPELL
        issues.append(Discrepancy(field="author", cited=wrong, found=right, kind="misspelled"))
    if comp.swapped:
        penalty += P_SWAP
        issues.append(Discrepancy(field="author", cited=cited_names, found=found_names,
                                  kind="swapped_authors", detail="author order differs"))
    if comp.wrong_initials:
        penalty += P_INITIAL
        issues.append(Discrepancy(field="author", cited=", ".join(comp.wrong_initials), kind="mismatch",
                                  detail="wrong initial"))
    if penalty == 0:
        agreed.append("authors")
    return min(penalty, 5.0)


def _rationale(agreed: list[str], issues: list[Discrepancy]) -> str:
    parts = []
    if agreed:
        parts.append("Matches on " + ", ".join(dict.fromkeys(agreed)))
    if issues:
        described = []
        for d in issues[:4]:
            if d.cited and d.found and len((d.cited or "") + (d.found or "")) < 80:
                described.append(f"{d.field} {d.cited!r} cited, record says {d.found!r}")
            else:
                described.append(f"{d.field}: {d.detail or d.kind}")
        parts.append("; ".join(described))
    elif agreed:
        parts[-1] += "; no discrepancies"
    return (". ".join(parts) + ".") if parts else "Nothing comparable between citation and record."


def identity_mismatch(cited: Record, found: Record) -> str | None:
    """Why the citation's text describes another work than `found` (None when it doesn't)."""
    comp = compare_authors(cited, found)
    authors_differ = comp is not None and comp.matched == 0
    if cited.title and found.title:
        sim = title_similarity(cited.title, found.title)
        if sim < 0.5:
            return f"title similarity {sim:.2f}"
        if sim < TITLE_CLOSE and authors_differ:
            return f"title similarity {sim:.2f} and no author in common"
        return None
    if authors_differ:
        return "no author in common"
    return None
