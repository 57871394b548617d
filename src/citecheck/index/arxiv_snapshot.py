"""The arXiv metadata snapshot (Kaggle ``arxiv-metadata-oai-snapshot.json``) as CSL-JSON.

Each line is one paper: ``id``, ``title``, ``authors`` (a LaTeX author line), ``authors_parsed``
(``[family, given, suffix]`` triples), ``journal-ref``, ``doi``, ``categories`` (space separated),
``versions`` (``[{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}, ...]``).
"""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime
from typing import Any

from citecheck.index.journal_ref import journal_version
from citecheck.markup import plain_text
from citecheck.model import Record, Version
from citecheck.normalize import normalize_arxiv, normalize_doi

_SPACES_RE = re.compile(r"\s+")


def is_arxiv_snapshot_item(item: dict[str, Any]) -> bool:
    """A snapshot line, not a CSL item: CSL has no ``authors_parsed``/``versions``."""
    return "authors_parsed" in item or (
        "versions" in item and isinstance(item.get("categories"), str)
    )


def _latex_to_text(text: str) -> str:
    """A snapshot field (LaTeX: "M\\"obius", "$\\alpha$") as text: `markup.plain_text`, the one
    rule every adapter and dump reader applies."""
    return plain_text(text)


def _year(item: dict[str, Any], arxiv_id: str) -> int | None:
    versions = item.get("versions") or []
    if versions and isinstance(versions[0], dict) and versions[0].get("created"):
        try:
            return parsedate_to_datetime(str(versions[0]["created"])).year
        except (TypeError, ValueError):
            pass
    digits = re.search(r"(\d{2})(\d{2})[.\d]", arxiv_id.split("/")[-1])
    if digits:
        yy = int(digits.group(1))
        return 1900 + yy if yy >= 91 else 2000 + yy
    return None


def _keep_faces(custom: dict[str, Any], item: dict[str, Any], arxiv_id: str, version: Version | None) -> None:
    """The preprint's year (v1) and the journal version its journal-ref names, as the arXiv
    adapter keeps them (`Record.dates`, `Record.versions`)."""
    face = Record(custom=custom)
    posted = _year(item, arxiv_id)
    if posted:
        face.set_date("posted", [posted])
    if version is not None:
        face.add_version(version)
    custom.update(face.custom)


def csl_from_arxiv_snapshot(item: dict[str, Any]) -> dict[str, Any]:
    """Map one snapshot line to a CSL item; raises ValueError when it has no usable arXiv id."""
    arxiv_id = normalize_arxiv(str(item.get("id") or ""))
    if not arxiv_id:
        raise ValueError(f"no arXiv id in {str(item.get('id'))[:60]!r}")
    authors: list[dict[str, str]] = []
    for parts in item.get("authors_parsed") or []:
        if not isinstance(parts, list) or not parts:
            continue
        family = _latex_to_text(str(parts[0] or ""))
        given = _latex_to_text(str(parts[1] or "")) if len(parts) > 1 else ""
        suffix = _latex_to_text(str(parts[2] or "")) if len(parts) > 2 else ""
        if not family:
            continue
        if not given and "collaboration" in family.lower():
            authors.append({"literal": family})
            continue
        name = {"family": family}
        if given:
            name["given"] = given
        if suffix:
            name["suffix"] = suffix
        authors.append(name)
    doi_field = str(item.get("doi") or "")
    doi = normalize_doi(doi_field.split()[0]) if doi_field.strip() else None
    journal_ref = _SPACES_RE.sub(" ", str(item.get("journal-ref") or "")).strip()
    categories = str(item.get("categories") or "").split()
    csl: dict[str, Any] = {
        "id": f"doi:{doi}" if doi else f"arxiv:{arxiv_id}",
        "type": "article-journal" if (doi or journal_ref) else "article",
        "title": _latex_to_text(str(item.get("title") or "")),
    }
    if authors:
        csl["author"] = authors
    # the published year when the journal-ref names one (as the corpus does), else v1's year
    version = journal_version(journal_ref)
    year = version.year if version and version.year else _year(item, arxiv_id)
    if year:
        csl["issued"] = {"date-parts": [[year]]}
    if doi:
        csl["DOI"] = doi
    csl["URL"] = f"https://arxiv.org/abs/{arxiv_id}"
    custom: dict[str, Any] = {"arxiv": arxiv_id, "source": "arxiv-snapshot"}
    if categories:
        custom["categories"] = categories
    if journal_ref:
        custom["journal_ref"] = journal_ref
    _keep_faces(custom, item, arxiv_id, version)
    if item.get("report-no"):
        custom["report_no"] = str(item["report-no"])
    csl["custom"] = custom
    return csl
