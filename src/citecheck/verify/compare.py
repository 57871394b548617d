"""Deterministic field-by-field comparison of a citation with a real record.

The score starts at 10 and each discrepancy takes off a penalty sized to how much it says about
the citation: a year off by one is drift (MINOR), a different title is another work (MAJOR).
Minor penalties add up with diminishing weight — five small slips on a real work still describe
that work — while an identity mismatch (another title, other authors) is taken off in full.
A field the citation omits is never a discrepancy; a field the record lacks cannot be checked and
only lowers the confidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz.distance import Levenshtein

from citecheck.identifiers import normalize_doi, record_arxiv, record_doi
from citecheck.model import Assessment, Discrepancy, Record, first_page_of
from citecheck.names import is_misread_name
from citecheck.venues import same_year_volume, year_volume
from citecheck.verify.authors import AuthorComparison, compare_authors
from citecheck.verify.faces import (
    PUBLISHED,
    cited_face,
    describe_faces,
    journal_year_known,
    year_faces,
)
from citecheck.verify.titles import TITLE_CLOSE, TitleComparison, compare_titles
from citecheck.verify.venue import (
    best_venue_match,
    cites_letters_of,
    is_preprint_venue,
    venue_names,
)

# Penalties (points off 10). One minor slip lands in 6..8.5; another work lands at or below 3.
P_TITLE_WORD = 2.0  # one word changed/dropped/added
P_TITLE_WORDS = 2.5  # two words
P_TITLE_RELATED = 3.5  # several words differ, still recognisably the same title
P_TITLE_MAJOR = 8.0  # a different title altogether
P_AUTHOR = 2.0  # per dropped/added author (two at most counted)
P_AUTHOR_MAJOR = 7.0  # the author list describes other people
P_SWAP = 1.5
P_MISSPELL = 1.5
P_INITIAL = 1.0
P_YEAR = (2.0, 2.5, 3.0, 3.5)  # off by 1, 2, 3, more
P_VENUE_SIBLING = 2.0
P_VENUE = 2.0
P_VOLUME = 2.0
P_PAGE = 2.0
P_ISSUE = 0.5
P_ID = 2.5
P_IDENTITY = 7.0  # several slips and nothing that identifies the record
MINOR_FULL = 4.0  # minor penalties beyond this count half ...
MINOR_CAP = 6.5  # ... and never more than this in total

AUTHORS_OTHER = 0.34  # fewer cited authors than this share in the record: other people
IDENTITY_TITLE = 0.5  # below this character similarity the titles name different works

# Field weights for the confidence: how much of the citation could be checked.
_WEIGHTS = {"title": 3.0, "author": 2.0, "issued": 1.0, "container-title": 1.0, "volume": 0.5,
            "page": 0.5, "DOI": 1.0, "arxiv": 1.0}


def _first_page(value: str | None) -> str:
    return (first_page_of(value) or "").lower()


def _page_equal(a: str, b: str) -> bool:
    if a == b:
        return True
    # "L54" vs "54", "e1002" vs "1002", leading zeros in article numbers ("024519" vs "24519")
    da, db = re.sub(r"\D", "", a).lstrip("0"), re.sub(r"\D", "", b).lstrip("0")
    return bool(da) and da == db


def _numbers(value: str) -> set[str]:
    return {n.lstrip("0") for n in re.findall(r"\d+", value)}


def _is_range(a: str, b: str) -> bool:
    """One of the two volumes is a double volume ('53–56', '289-290')."""
    return any(re.fullmatch(r"\s*\d+\s*[-–—/]+\s*\d+\s*", v) for v in (a, b))


def _lead_number(value: str) -> str:
    """'81' from '81', '81 (4)', 'Vol. 81'; '' when there is no number."""
    match = re.search(r"\d+", value)
    return match.group(0).lstrip("0") if match else ""


class _Scorer:
    """Collects agreements, discrepancies and penalties for one comparison."""

    def __init__(self) -> None:
        self.agreed: list[str] = []
        self.issues: list[Discrepancy] = []
        self.notes: list[str] = []  # rationale fragments, one per discrepancy group
        self.minor = 0.0
        self.major = 0.0
        self.checked_fields: set[str] = set()
        self.title_close = False  # title differs by a word or two: still names this work
        self.scores: dict[str, float] = {}  # per-field similarities (Assessment.field_scores)

    def check(self, field: str) -> None:
        self.checked_fields.add(field)

    @property
    def checked(self) -> float:
        """Weight of the fields that could be compared (each is checked once)."""
        return sum(_WEIGHTS.get(f, 0.5) for f in self.checked_fields)

    def agree(self, what: str) -> None:
        self.agreed.append(what)

    def flag(self, penalty: float, note: str, **kwargs: object) -> None:
        d = Discrepancy(**kwargs)
        self.issues.append(d)
        self.notes.append(note)
        if d.severity == "major":
            self.major += penalty
        else:
            self.minor += penalty

    def score(self) -> float:
        minor = self.minor if self.minor <= MINOR_FULL else MINOR_FULL + (self.minor - MINOR_FULL) / 2
        return max(0.0, min(10.0, 10.0 - min(minor, MINOR_CAP) - self.major))


def assess(cited: Record, found: Record) -> Assessment:
    """Compare what the citation says (`cited`) with the real record (`found`), as the face of it
    the citation cites (`verify.faces`: its closest title, the journal version it names)."""
    face, notes = cited_face(cited, found)
    return assess_face(cited, face, notes)


def assess_face(cited: Record, found: Record, notes: Iterable[str] = ()) -> Assessment:
    """`assess` with the face of the record already taken (`found`: `cited_face`'s); `notes` open
    the rationale (the face taken, a reading set right against it)."""
    s = _Scorer()
    s.notes.extend(notes)
    _title(cited, found, s)
    comparison = compare_authors(cited, found)
    if comparison is not None:
        s.check("author")
        s.scores["author_match"] = round(comparison.overlap, 4)
        _authors(comparison, cited, found, s)
    elif cited.author and found.author:
        s.scores["author_match"] = 1.0  # collaboration vs its members: nothing contradicts
    _year(cited, found, s)
    _venue(cited, found, s)
    _volume_page_issue(cited, found, s)
    _identifiers(cited, found, s)
    _identity(comparison, s)
    confidence = round(min(1.0, 0.35 + s.checked / 9.0), 3) if s.checked else 0.1
    return Assessment(score=round(s.score(), 3), confidence=confidence, discrepancies=s.issues,
                      rationale=_rationale(s), field_scores=s.scores, compared=sorted(s.checked_fields))


def identified_without_title(cited: Record, found: Record) -> bool:
    """The record is identified without the title: same DOI or arXiv id, or the same journal,
    volume and first page."""
    cdoi, fdoi = normalize_doi(cited.DOI), normalize_doi(found.DOI)
    if cdoi and fdoi and cdoi == fdoi:
        return True
    ca, fa = record_arxiv(cited), record_arxiv(found)
    if ca and fa and ca == fa:
        return True
    cited_names = venue_names(cited.container_title, cited.container_title_short)
    found_names = venue_names(found.container_title, found.container_title_short)
    if not (cited_names and found_names and cited.volume and found.volume):
        return False
    if _lead_number(cited.volume) != _lead_number(found.volume) or not _lead_number(cited.volume):
        return False
    cp = _first_page(cited.page)
    fps = [p for p in (_first_page(found.page), _first_page(found.number)) if p]
    if not cp or not any(_page_equal(cp, fp) for fp in fps):
        return False
    return any(best_venue_match(c, found_names) == "same" for c in cited_names)


# -- fields -----------------------------------------------------------------------------------


def _title(cited: Record, found: Record, s: _Scorer) -> TitleComparison | None:
    if not (cited.title and cited.title.strip() and found.title and found.title.strip()):
        return None
    t = compare_titles(cited.title, found.title)
    if t.words == 0:
        return None
    s.scores["title_similarity"] = round(t.similarity, 4)
    s.scores["title_word_edits"] = float(t.word_edits)
    s.check("title")
    kw = {"field": "title", "cited": cited.title, "found": found.title, "kind": "mismatch"}
    if t.match == "same":
        s.agree("title")
    elif t.match == "close":
        s.title_close = True
        n = t.word_edits
        if n <= 1:
            s.flag(P_TITLE_WORD, "title differs by one word", detail="one title word differs", **kw)
        else:
            s.flag(P_TITLE_WORDS, f"title differs by {n} words", detail=f"{n} title words differ", **kw)
    elif t.match == "related":
        s.flag(P_TITLE_RELATED, "title differs in several words",
               detail=f"{t.word_edits} title words differ", **kw)
    else:
        s.flag(P_TITLE_MAJOR, f"a different title (record: '{clip(found.title)}')",
               severity="major", detail="a different title", **kw)
    return t


def _names(record: Record, limit: int = 12) -> str:
    names = [n.display() for n in record.author[:limit]]
    more = len(record.author) - limit
    return "; ".join(names) + (f"; … (+{more})" if more > 0 else "")


def _authors(comp: AuthorComparison, cited: Record, found: Record, s: _Scorer) -> None:
    persons = comp.cited
    if (persons >= 2 and comp.overlap < AUTHORS_OTHER) or (persons == 1 and comp.matched == 0):
        s.flag(P_AUTHOR_MAJOR, "the authors are other people", field="author", cited=_names(cited),
               found=_names(found), kind="mismatch", severity="major",
               detail="the authors are other people")
        return
    if comp.extra:
        s.flag(min(2, len(comp.extra)) * P_AUTHOR, f"{_list(comp.extra)} not an author of the record",
               field="author", cited=", ".join(comp.extra), kind="extra_author",
               detail="not an author of the record")
    if comp.missing:
        s.flag(P_AUTHOR if len(comp.missing) <= 2 else 2 * P_AUTHOR,
               f"author {_list(comp.missing)} dropped", field="author", found=", ".join(comp.missing),
               kind="missing_author", detail="author of the record missing from the citation")
    for wrong, right in comp.misspelled:
        s.flag(P_MISSPELL, f"author '{wrong}' misspelled (record: '{right}')", field="author",
               cited=wrong, found=right, kind="misspelled", detail="family name misspelled")
    if comp.swapped:
        s.flag(P_SWAP, "author order differs", field="author", cited=_names(cited), found=_names(found),
               kind="swapped_authors", detail="author order differs")
    for wrong, right in comp.wrong_initials:
        s.flag(P_INITIAL, f"initial of '{wrong}' differs (record: '{right}')", field="author",
               cited=wrong, found=right, kind="mismatch", detail="wrong initial")
    if comp.wrong_given:
        shown = ", ".join(f"'{w}' (record: '{r}')" for w, r in comp.wrong_given[:3])
        s.flag(P_INITIAL * min(2, len(comp.wrong_given)), f"given name differs: {shown}",
               field="author", cited=", ".join(w for w, _ in comp.wrong_given),
               found=", ".join(r for _, r in comp.wrong_given), kind="mismatch",
               detail="given name differs")
    if comp.clean:
        s.agree("authors")


def _year(cited: Record, found: Record, s: _Scorer) -> None:
    """The cited year against every year of the version cited (`faces.year_faces`): print,
    online or issued, the journal version's; the preprint's too unless the journal is cited.
    A record without a publication date has no year, and the cited one is not judged."""
    cy = cited.year
    faces = year_faces(cited, found) if cy else []
    if cy is None or not faces:
        return
    s.check("issued")
    years = [y for _, y in faces]
    own = [y for k, y in faces if k != "preprint"]  # the record's own dates, not the arXiv id's
    if cy in years or _published_later(cited, found, cy, own):
        s.scores["year_gap"] = 0.0
        s.agree("year")
        return
    published = [y for k, y in faces if k in PUBLISHED or k == "journal"] or years
    fy = min(published, key=lambda y: (abs(cy - y), y))
    gap = abs(cy - fy)
    s.scores["year_gap"] = float(gap)
    plain = not found.dates and not found.versions  # a record as it reads: its one year
    shown = str(fy) if plain else describe_faces(faces)
    s.flag(P_YEAR[min(gap, 4) - 1], f"year {cy} cited, record says {shown}", field="issued",
           cited=str(cy), found=str(fy), kind="mismatch",
           detail=f"year off by {gap}" + ("" if plain else f"; record: {shown}"))


def _published_later(cited: Record, found: Record, cy: int, years: list[int]) -> bool:
    """The record is the arXiv preprint and does not know when its journal version appeared; the
    citation names a journal: a year or two after the preprint's is the publication year."""
    if not found.arxiv or journal_year_known(found) or not any(0 < cy - y <= 2 for y in years):
        return False
    names = venue_names(cited.container_title, cited.container_title_short)
    return bool(names) and not any(is_preprint_venue(n) for n in names)


def _letter_in_main_journal(cited_names: list[str], found_names: list[str], page: str | None) -> bool:
    """'ApJ Letters' cited for a paper the record files under ApJ at a page without the 'L'
    that letters carry there (ApJ 663, L1 vs ApJ 663, 1207): a main-journal paper."""
    first = (page or "").strip()
    if not first or first[:1] in "Ll":
        return False
    return any(cites_letters_of(c, f) and not cites_letters_of(f, c)
               for c in cited_names for f in found_names)


def _venue(cited: Record, found: Record, s: _Scorer) -> None:
    cited_names = venue_names(cited.container_title, cited.container_title_short)
    found_names = [n for n in venue_names(found.container_title, found.container_title_short)
                   if not is_preprint_venue(n)]
    if not cited_names or not found_names or any(is_preprint_venue(n) for n in cited_names):
        return  # an arXiv venue on either side: the preprint of a published work, nothing to check
    s.check("container-title")
    order = {"same": 0, "sibling": 1, "different": 2}
    how = min((best_venue_match(c, found_names) for c in cited_names), key=order.__getitem__)
    s.scores["venue_match"] = {"same": 1.0, "sibling": 0.5, "different": 0.0}[how]
    if how == "same" and _letter_in_main_journal(cited_names, found_names, found.page):
        how = "sibling"
    if how == "same":
        s.agree("journal")
        return
    shown = found.container_title or found.container_title_short
    detail = "sibling journal" if how == "sibling" else "different venue"
    s.flag(P_VENUE_SIBLING if how == "sibling" else P_VENUE,
           f"{detail}: '{cited_names[0]}' cited, record says '{shown}'", field="container-title",
           cited=cited_names[0], found=shown, kind="mismatch", detail=detail)


def _same_volume(cited: Record, found: Record) -> bool:
    """Equal volumes, one end of a double volume ("56" for "53–56"), or a year-numbered journal's
    volume in another convention ("JHEP 05 (2007)" for Crossref's volume 2007, issue 05)."""
    c, f = cited.volume or "", found.volume or ""
    cv, fv = _lead_number(c), _lead_number(f)
    if c.strip().lower() == f.strip().lower() or (cv and cv == fv) or (_numbers(c) & _numbers(f) and _is_range(c, f)):
        return True
    return same_year_volume(_journal_of(cited, found), (cited.volume, cited.year),
                            (found.volume, found.year, found.issue))


def _journal_of(cited: Record, found: Record) -> str | None:
    return found.container_title or found.container_title_short or cited.container_title


def _volume_page_issue(cited: Record, found: Record, s: _Scorer) -> None:
    if cited.volume and found.volume and not is_preprint_venue(found.container_title):
        s.check("volume")
        if _same_volume(cited, found):
            s.agree("volume")
        else:
            shown = found.volume
            if found.issue and year_volume(_journal_of(cited, found), found.volume, found.year, found.issue):
                shown += f" (issue {found.issue})"  # JHEP's "2007" alone would not say which issue
            s.flag(P_VOLUME, f"volume {cited.volume} cited, record says {shown}",
                   field="volume", cited=cited.volume, found=found.volume, kind="mismatch")
    cp = _first_page(cited.page)
    fps = [p for p in (_first_page(found.page), _first_page(found.number)) if p]
    if cp and fps:
        s.check("page")
        if any(_page_equal(cp, fp) for fp in fps):
            s.agree("page")
        elif not cited.issue and found.issue and cp == found.issue.strip().lower():
            s.agree("issue")  # ACM "Journal 5, 1 (2015)": volume, issue; the page left out
        else:
            s.flag(P_PAGE, f"page {cited.page} cited, record says {found.page or found.number}",
                   field="page", cited=cited.page, found=found.page or found.number, kind="mismatch")
    ci, fi = (cited.issue or "").strip(), (found.issue or "").strip()
    if ci.isdecimal() and fi.isdecimal() and int(ci) != int(fi):
        s.flag(P_ISSUE, f"issue {ci} cited, record says {fi}", field="issue", cited=ci, found=fi,
               kind="mismatch")


def _identifiers(cited: Record, found: Record, s: _Scorer) -> None:
    # DataCite arXiv DOIs are compared as arXiv ids; publisher DOIs with each other.
    cdoi, fdoi = record_doi(cited), record_doi(found)
    c_arxiv, f_arxiv = record_arxiv(cited), record_arxiv(found)
    if cdoi and fdoi:
        s.check("DOI")
        extra = found.custom.get("other_dois")
        extra = [extra] if isinstance(extra, str) else extra if isinstance(extra, list) else []
        other = {normalize_doi(str(d)) for d in extra}
        if cdoi == fdoi or cdoi in other:
            s.agree("DOI")
        else:
            close = Levenshtein.distance(cdoi, fdoi) <= 2
            detail = "one or two characters differ" if close else "a different DOI"
            s.flag(P_ID, f"DOI {cdoi} cited, record has {fdoi}", field="DOI", cited=cdoi, found=fdoi,
                   kind="mismatch", detail=detail)
    if c_arxiv and f_arxiv:
        s.check("arxiv")
        if c_arxiv == f_arxiv:
            s.agree("arXiv id")
        else:
            close = Levenshtein.distance(c_arxiv, f_arxiv) <= 2
            s.flag(P_ID, f"arXiv:{c_arxiv} cited, record is arXiv:{f_arxiv}", field="arxiv",
                   cited=c_arxiv, found=f_arxiv, kind="mismatch",
                   detail="one or two characters differ" if close else "a different arXiv id")


def _locators_all_wrong(s: _Scorer) -> bool:
    """The title differs in several words and every one of year, volume and page that could
    be compared (at least two of them) disagrees."""
    wrong = {d.field for d in s.issues}
    if "title" not in wrong:
        return False
    checked = [f for f in ("issued", "volume", "page") if f in s.checked_fields]
    return len(checked) >= 2 and all(f in wrong for f in checked)


def _identity(comp: AuthorComparison | None, s: _Scorer) -> None:
    """Several discrepancies and no field that identifies the record: another work.

    Each slip alone is MINOR, but a citation whose title, authors, identifiers and journal
    reference all fail to point at the record (say "Groot 1998, ApJ 502, L123" against a de Groot
    paper in another journal) describes a different work, however the penalties add up.
    """
    if any(d.severity == "major" for d in s.issues) or len(s.issues) < 2:
        return
    agreed = set(s.agreed)
    if s.title_close or agreed & {"title", "DOI", "arXiv id"}:
        return
    # a title with several words changed, and the year, volume and page all somebody else's:
    # the same authors' (or collaboration's) other work, or none — whatever the authors say
    all_wrong = _locators_all_wrong(s)
    if not all_wrong:
        if comp is not None and comp.matched - comp.loose >= 1 and comp.overlap >= 0.5:
            return
        if ("journal" in agreed and agreed & {"volume", "page"}) or {"volume", "page"} <= agreed:
            return
    s.flag(P_IDENTITY, "nothing identifies the record as the cited work", field="record",
           kind="other", severity="major",
           detail="title differs in several words and year, volume and page all disagree" if all_wrong
           else "no title, author, identifier or journal reference of the citation matches")


# -- rationale --------------------------------------------------------------------------------


def clip(text: str | None, n: int = 70) -> str:
    text = (text or "").strip()
    return text if len(text) <= n else text[: n - 1] + "…"


def _list(names: list[str]) -> str:
    shown = ", ".join(names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _rationale(s: _Scorer) -> str:
    """'Matches on title, authors, journal, volume, page; year 2008 cited, record says 2007.'"""
    agreed = list(dict.fromkeys(s.agreed))
    if not agreed and not s.notes:
        return "Nothing comparable between citation and record."
    head = ("Matches on " + ", ".join(agreed)) if agreed else "No field matches"
    if not s.notes:
        return head + "; no discrepancies."
    return head + "; " + "; ".join(dict.fromkeys(s.notes)) + "."


# -- identity ---------------------------------------------------------------------------------


def _other_people(cited: Record, found: Record) -> bool:
    """Under the record's own title, the cited authors are other people only if at least two
    well-formed names are and none is the record's: an odd author field ("John Smith, Jane Doe"
    without "and", an address) is a discrepancy, never another work."""
    names = [n for n in cited.author if not is_misread_name(n)]
    if len(names) == len(cited.author):
        return True
    comp = compare_authors(cited.model_copy(update={"author": names}), found)
    return comp is not None and comp.cited >= 2 and (comp.matched == 0 or comp.overlap < AUTHORS_OTHER)


def identity_mismatch(cited: Record, found: Record, assessment: Assessment | None = None) -> str | None:
    """Why the citation's text describes another work than `found` (None when it doesn't).

    The title is clearly another one; or the cited authors are other people (and the title does
    not vouch for the record); or several fields differ and none identifies the record.
    `assessment`: `assess(cited, found)` when the caller has it already (it is not redone).
    """
    return face_mismatch(cited, cited_face(cited, found)[0], assessment)


def face_mismatch(cited: Record, found: Record, assessment: Assessment | None = None) -> str | None:
    """`identity_mismatch` with the face of the record already taken (`found`: `cited_face`'s)."""
    comp = compare_authors(cited, found)
    persons = comp.cited if comp is not None else 0
    authors_differ = comp is not None and (
        comp.matched == 0 or (persons >= 2 and comp.overlap < AUTHORS_OTHER)
    )
    if cited.title and found.title:
        t = compare_titles(cited.title, found.title)
        if t.words and t.match == "different":
            return f"title similarity {t.similarity:.2f}"
        if t.similarity < TITLE_CLOSE and t.match != "same" and authors_differ:
            return f"title similarity {t.similarity:.2f} and no author in common"
        if authors_differ and persons >= 2 and (t.match != "same" or _other_people(cited, found)):
            return f"none of the {persons} cited authors is an author of the record"
    elif authors_differ:
        return "no author in common"
    assessment = assessment or assess_face(cited, found)
    if any(d.field == "record" and d.severity == "major" for d in assessment.discrepancies):
        return "several fields differ and none identifies the record"
    return None
