"""The faces of a work a citation may cite: its titles, its versions and their years.

A real work has several faces — print and online years, the preprint's year and title, a subtitle,
a translated title, the journal a preprint appeared in — and citing any face of the version cited
is faithful (`Record.dates`, `Record.titles`, `Record.versions`, kept by the source adapters):

- a citation of the journal version (a journal and a volume) owes a year of that version: issued,
  print, online, or the journal version's own year;
- a citation of the preprint (arXiv id, no journal) or of the work (title and authors only) may
  also give the preprint's year (posted, the arXiv id's year, the v1 submission);
- a title equal to any title the record holds is a title match;
- a citation of a journal compares its journal, volume and page with the version that appeared
  there (an arXiv ``journal_ref``, another INSPIRE ``publication_info``).

A record without any of these (the corpus, a BibTeX index) is compared exactly as it reads.
"""

from __future__ import annotations

import re

from citecheck.identifiers import arxiv_month
from citecheck.model import Record, TitleFace, Version, first_page_of, set_year
from citecheck.verify.titles import compare_titles
from citecheck.verify.venue import best_venue_match, is_preprint_venue, venue_names

PUBLISHED = ("print", "online", "issued")  # a journal version's own dates
_TITLE_RANK = {"same": 0, "close": 1, "related": 2, "different": 3}
_TITLE_KINDS = {"title": "other", "subtitle": "subtitled", "original": "original",
                "short": "short", "preprint": "preprint", "translated": "translated"}


def cites_journal_version(cited: Record) -> bool:
    """The citation names a journal (not a preprint server) and a volume."""
    names = venue_names(cited.container_title, cited.container_title_short)
    return bool(cited.volume) and bool(names) and not any(is_preprint_venue(n) for n in names)


def _year_from(value: object) -> int | None:
    match = re.match(r"(\d{4})", str(value or ""))
    return int(match.group(1)) if match else None


def arxiv_year(arxiv: str | None) -> int | None:
    """The submission year an arXiv id encodes (2104.14294 → 2021, hep-th/9901001 → 1999)."""
    month = arxiv_month(arxiv)
    return month[0] if month else None


def _journal_years(found: Record) -> list[tuple[str, int]]:
    dates = found.dates
    out = [(k, dates[k][0]) for k in PUBLISHED if k in dates]
    posted = dates.get("posted")
    versions = [("journal", v.year) for v in found.versions if v.kind == "journal" and v.year]
    if not out and found.year and not (posted and posted[0] == found.year) \
            and ("journal", found.year) not in versions:
        out.append(("issued", found.year))  # the record's year, unless the preprint's or a version's
    return out + versions


def _preprint_years(found: Record) -> list[tuple[str, int]]:
    dates = found.dates
    out = [("posted", dates["posted"][0])] if "posted" in dates else []
    out += [("preprint", v.year) for v in found.versions if v.kind == "preprint" and v.year]
    for year in (_year_from(found.custom.get("arxiv_submitted")), arxiv_year(found.arxiv)):
        if year:
            out.append(("preprint", year))
    return out


def year_faces(cited: Record, found: Record) -> list[tuple[str, int]]:
    """(kind, year) of every face of `found` the citation's year may name, without repeats.

    A citation of the journal version gets the journal version's years; when the record knows
    none (a preprint record, S2 giving only the preprint's date) the preprint's own date stands.
    """
    if found.year is None and not found.dates:
        return []  # no publication date: the record has no year
    faces = _journal_years(found)
    if not cites_journal_version(cited):
        faces += _preprint_years(found)
    elif not faces:
        faces = [f for f in _preprint_years(found) if f[0] == "posted"] or (
            [("issued", found.year)] if found.year else [])
    return list(dict.fromkeys(faces))


def journal_year_known(found: Record) -> bool:
    """The record knows the year its journal version appeared (so a citation of the journal owes
    it): a journal version with a year, or a journal of its own with a publication date."""
    if any(v.kind == "journal" and v.year for v in found.versions):
        return True
    names = venue_names(found.container_title, found.container_title_short)
    if not names or all(is_preprint_venue(n) for n in names):
        return False
    dates = found.dates
    return not dates or any(k in dates for k in PUBLISHED)


def describe_faces(faces: list[tuple[str, int]]) -> str:
    """'online 2019, print 2020'."""
    return ", ".join(f"{kind} {year}" for kind, year in faces)


def _best_title(cited_title: str | None, titles: list[TitleFace]) -> TitleFace | None:
    """The record's title the cited one is closest to, when the record holds several."""
    if not cited_title or len(titles) < 2:
        return None
    scored = []
    for face in titles:
        t = compare_titles(cited_title, face.title)
        scored.append((_TITLE_RANK[t.match], -t.similarity, face))
    return min(scored, key=lambda x: (x[0], x[1]))[2]


def _lead(value: str | None) -> str:
    match = re.search(r"\d+", value or "")
    return match.group(0).lstrip("0") if match else ""


def _version_score(cited: Record, names: list[str], volume: str | None, page: str | None) -> int:
    """How well a version (journal names, volume, page) fits the citation: 2 for the journal, 1
    each for the volume and the first page."""
    cited_names = venue_names(cited.container_title, cited.container_title_short)
    score = 0
    if cited_names and names and any(best_venue_match(c, names) == "same" for c in cited_names):
        score += 2
    if _lead(cited.volume) and _lead(cited.volume) == _lead(volume):
        score += 1
    if cited.first_page and page and cited.first_page.lower() == (first_page_of(page) or "").lower():
        score += 1
    return score


def _cited_version(cited: Record, found: Record) -> Version | None:
    """The journal version the citation cites, when it is not the one the record's fields show."""
    versions = [v for v in found.versions if v.kind == "journal" and v.container_title]
    cited_names = venue_names(cited.container_title, cited.container_title_short)
    if not versions or not (cited_names or cited.volume) or any(is_preprint_venue(n) for n in cited_names):
        return None
    own = [n for n in venue_names(found.container_title, found.container_title_short)
           if not is_preprint_venue(n)]
    best = max(versions, key=lambda v: _version_score(cited, [v.container_title or ""], v.volume, v.page))
    best_score = _version_score(cited, [best.container_title or ""], best.volume, best.page)
    if own and best_score <= _version_score(cited, own, found.volume, found.page):
        return None  # the record's own journal is the one cited (or as good)
    return best


def cited_face(cited: Record, found: Record) -> tuple[Record, list[str]]:
    """`found` as the face the citation cites — its title closest to the cited one, the journal
    version the citation names — and a note for each face taken other than the record's own."""
    title = _best_title(cited.title, found.titles)
    version = _cited_version(cited, found)
    if (title is None or title.title == found.title) and version is None:
        return found, []
    view = found.model_copy(deep=True)
    notes = []
    if title is not None and title.title != found.title:
        view.title = title.title
        notes.append(f"title is the record's {_TITLE_KINDS.get(title.kind, title.kind)} title")
    if version is not None:
        view.container_title, view.container_title_short = version.container_title, None
        view.volume, view.issue, view.page = version.volume, version.issue, version.page
        if version.year:
            set_year(view, version.year)
        notes.append(f"journal version from the record's {version.source or 'versions'}")
    return view, notes
