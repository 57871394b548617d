"""Citations derived from real records (tests/data/verify/records.jsonl) the way people, or language
models, write or corrupt them: faithful variants, single minor corruptions, fabrications, and the
score bands each must land in. tests/test_verify_compare.py checks them on the fixture's records,
tests/test_verify_corpus.py over corpus records, tests/test_verify_reviewer.py with the reviewer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from citecheck.model import Name, Record, set_year
from citecheck.normalize import initials, normalize_doi

DATA = Path(__file__).parent / "data" / "verify" / "records.jsonl"


MINOR_BAND = (5.0, 9.0)  # one minor corruption lands here


MAJOR_MAX = 3.0  # another work


def load_records() -> list[Record]:
    with DATA.open(encoding="utf-8") as fh:
        return [Record.from_csl(json.loads(line)) for line in fh if line.strip()]


RECORDS = load_records()


BY_ID = {r.id: r for r in RECORDS}


def cited_from(record: Record) -> Record:
    """What a faithful citation of `record` carries: the bibliographic fields, no custom extras."""
    data = record.to_csl()
    custom = data.pop("custom", {}) or {}
    for key in ("URL", "ISSN", "publisher", "container-title-short"):
        data.pop(key, None)
    cited = Record.from_csl(data)
    if custom.get("arxiv"):
        cited.custom["arxiv"] = custom["arxiv"]
    return cited


# -- faithful variants ------------------------------------------------------------------------


def _dblp_numbers(r: Record) -> bool:
    return any((a.family or "").isdigit() for a in r.author)


def v_initials(r: Record) -> Record | None:
    c = cited_from(r)
    if not any(a.given for a in c.author) or _dblp_numbers(r):
        return None
    for a in c.author:
        if a.given:
            a.given = ". ".join(initials(a.given).upper()) + "."
    return c


def v_et_al(r: Record) -> Record | None:
    c = cited_from(r)
    if len(c.author) < 3:
        return None
    c.author = c.author[:1]
    c.custom["authors_truncated"] = True
    return c


def v_abbrev_journal(r: Record) -> Record | None:
    if not r.container_title_short:
        return None
    c = cited_from(r)
    c.container_title = r.container_title_short
    return c


def v_endash_pages(r: Record) -> Record | None:
    if not r.page or "-" not in r.page:
        return None
    c = cited_from(r)
    c.page = r.page.replace("-", "–")
    return c


def v_first_page(r: Record) -> Record | None:
    if not r.page or "-" not in r.page:
        return None
    c = cited_from(r)
    c.page = r.first_page
    return c


def v_arxiv_version(r: Record) -> Record | None:
    if not r.arxiv:
        return None
    c = cited_from(r)
    c.custom["arxiv"] = f"arXiv:{r.arxiv}v3"
    return c


def v_minimal(r: Record) -> Record | None:
    """Title, first author and year only: incomplete but faithful."""
    if not r.title or not r.author:
        return None
    c = Record(title=r.title, author=r.author[:1], issued=r.issued)
    c.custom["authors_truncated"] = len(r.author) > 1
    return c


def v_no_title(r: Record) -> Record | None:
    """APS style: authors, journal, volume, page, year."""
    if not (r.container_title and r.volume and r.page):
        return None
    c = cited_from(r)
    c.title = None
    c.DOI = None
    c.page = r.first_page
    return c


def v_title_markup(r: Record) -> Record | None:
    if not r.title:
        return None
    c = cited_from(r)
    words = r.title.split()
    c.title = "{" + " ".join(f"{{{w}}}" if i % 3 == 0 else w for i, w in enumerate(words)) + "}."
    c.title = c.title.upper() if len(words) % 2 else c.title
    return c


def v_ascii_names(r: Record) -> Record | None:
    if not any(a.family and not a.family.isascii() for a in r.author):
        return None
    c = cited_from(r)
    for a in c.author:
        if a.family:
            a.family = (a.family.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
                        .replace("ń", "n").replace("ć", "c"))
    return c


def v_the_collaboration(r: Record) -> Record | None:
    if not any(a.literal for a in r.author):
        return None
    c = cited_from(r)
    c.author = [Name(literal="The " + a.literal) for a in c.author if a.literal][:1]
    c.custom["authors_truncated"] = len(r.author) > 1
    return c


def v_doi_url(r: Record) -> Record | None:
    if not r.DOI:
        return None
    c = cited_from(r)
    c.DOI = "https://doi.org/" + r.DOI.upper()
    return c


FAITHFUL: dict[str, Callable[[Record], Record | None]] = {
    "initials": v_initials,
    "et_al": v_et_al,
    "abbrev_journal": v_abbrev_journal,
    "endash_pages": v_endash_pages,
    "first_page": v_first_page,
    "arxiv_version": v_arxiv_version,
    "minimal": v_minimal,
    "no_title": v_no_title,
    "title_markup": v_title_markup,
    "ascii_names": v_ascii_names,
    "the_collaboration": v_the_collaboration,
    "doi_url": v_doi_url,
}


# -- single minor corruptions: (generator, expected field, expected kind or None) -------------


_SWAP_WORDS = ["novel", "robust", "efficient", "quantum", "general", "random", "linear"]


def _persons(r: Record) -> list[int]:
    return [i for i, a in enumerate(r.author)
            if a.family and len(a.family) >= 4 and not a.family.isdigit()]


def arxiv_years(r: Record) -> set[int]:
    """Years a faithful citation may give: the arXiv submission year of the record."""
    years = set()
    if r.custom.get("arxiv_submitted"):
        years.add(int(str(r.custom["arxiv_submitted"])[:4]))
    m = re.match(r"(?:[a-z.\-]+/)?(\d{2})\d{2}", r.arxiv or "", re.I)
    if m:
        yy = int(m.group(1))
        years.add(1900 + yy if yy >= 91 else 2000 + yy)
    return years


def m_year(delta: int) -> Callable[[Record], Record | None]:
    def make(r: Record) -> Record | None:
        if not r.year or r.year + delta in arxiv_years(r):
            return None
        c = cited_from(r)
        set_year(c, r.year + delta)
        return c

    return make


def m_drop_author(r: Record) -> Record | None:
    if not 3 <= len(r.author) <= 12 or any(a.literal for a in r.author):
        return None
    c = cited_from(r)
    del c.author[1]
    return c


def m_add_author(r: Record) -> Record | None:
    if not 1 <= len(r.author) <= 12 or any(a.literal for a in r.author):
        return None
    c = cited_from(r)
    c.author.insert(1, Name(family="Hendricksen", given="Pauline"))
    return c


def m_swap_authors(r: Record) -> Record | None:
    if not 2 <= len(r.author) <= 12 or any(a.literal for a in r.author):
        return None
    c = cited_from(r)
    if c.author[0].family == c.author[1].family:
        return None
    c.author[0], c.author[1] = c.author[1], c.author[0]
    return c


def m_misspell(r: Record) -> Record | None:
    idx = _persons(r)
    if not idx:
        return None
    c = cited_from(r)
    a = c.author[idx[-1]]
    head, _, fam = (a.family or "").rpartition(" ")
    if len(fam) < 4:
        return None
    fam = fam[:2] + fam[3] + fam[2] + fam[4:] if fam[2] != fam[3] else fam[:-1] + "x"
    a.family = f"{head} {fam}".strip()
    return c


def m_wrong_initial(r: Record) -> Record | None:
    idx = [i for i in _persons(r) if r.author[i].given]
    if not idx or _dblp_numbers(r):
        return None
    c = cited_from(r)
    a = c.author[idx[0]]
    first = initials(a.given)[:1].upper()
    a.given = ("Q." if first != "Q" else "Z.")
    return c


def m_title_word_changed(r: Record) -> Record | None:
    words = (r.title or "").split()
    if len(words) < 5:
        return None
    c = cited_from(r)
    i = max(range(len(words)), key=lambda k: (len(words[k]), -k))
    words[i] = next(w for w in _SWAP_WORDS if w not in words[i].lower())
    c.title = " ".join(words)
    return c


def m_title_word_dropped(r: Record) -> Record | None:
    words = (r.title or "").split()
    if len(words) < 5:
        return None
    c = cited_from(r)
    i = max(range(len(words)), key=lambda k: (len(words[k]), -k))
    del words[i]
    c.title = " ".join(words)
    return c


def m_title_word_added(r: Record) -> Record | None:
    words = (r.title or "").split()
    if len(words) < 4:
        return None
    c = cited_from(r)
    words.insert(len(words) // 2, "Scalable")
    c.title = " ".join(words)
    return c


def m_volume(r: Record) -> Record | None:
    if not r.volume or not r.volume.isdigit():
        return None
    c = cited_from(r)
    c.volume = str(int(r.volume) + 3)
    return c


def m_page(r: Record) -> Record | None:
    fp = r.first_page or ""
    digits = re.sub(r"\D", "", fp)
    if not digits or len(digits) < 2:
        return None
    c = cited_from(r)
    c.page = str(int(digits) + 17)
    return c


_SIBLING = re.compile(r"\b([A-E])$")


def m_sibling_journal(r: Record) -> Record | None:
    name = r.container_title or ""
    match = _SIBLING.search(name)
    if not match:
        return None
    c = cited_from(r)
    c.container_title = name[:-1] + ("B" if match.group(1) != "B" else "C")
    return c


def m_doi_char(r: Record) -> Record | None:
    if not r.DOI or r.DOI.startswith("10.48550") or normalize_doi(r.DOI) != r.DOI.lower():
        return None  # (SICI DOIs with "<...>" are cut short by normalize_doi)
    c = cited_from(r)
    doi = r.DOI
    i = max(i for i, ch in enumerate(doi) if ch.isdigit())
    c.DOI = doi[:i] + str((int(doi[i]) + 1) % 10) + doi[i + 1:]
    return c


def m_arxiv_char(r: Record) -> Record | None:
    if not r.arxiv:
        return None
    c = cited_from(r)
    a = r.arxiv
    c.custom["arxiv"] = a[:-1] + str((int(a[-1]) + 1) % 10)
    c.DOI = None if (c.DOI or "").startswith("10.48550") else c.DOI
    return c


def m_wrong_venue(r: Record) -> Record | None:
    if not r.container_title:
        return None
    c = cited_from(r)
    c.container_title = ("Journal of Fluid Mechanics" if "fluid" not in r.container_title.lower()
                         else "Nature Physics")
    return c


MINOR: dict[str, tuple[Callable[[Record], Record | None], str, str | None]] = {
    "year+1": (m_year(1), "issued", "mismatch"),
    "year-2": (m_year(-2), "issued", "mismatch"),
    "year+3": (m_year(3), "issued", "mismatch"),
    "drop_author": (m_drop_author, "author", "missing_author"),
    "add_author": (m_add_author, "author", "extra_author"),
    "swap_authors": (m_swap_authors, "author", "swapped_authors"),
    "misspell_author": (m_misspell, "author", "misspelled"),
    "wrong_initial": (m_wrong_initial, "author", "mismatch"),
    "title_word_changed": (m_title_word_changed, "title", "mismatch"),
    "title_word_dropped": (m_title_word_dropped, "title", "mismatch"),
    "title_word_added": (m_title_word_added, "title", "mismatch"),
    "volume": (m_volume, "volume", "mismatch"),
    "page": (m_page, "page", "mismatch"),
    "sibling_journal": (m_sibling_journal, "container-title", "mismatch"),
    "wrong_venue": (m_wrong_venue, "container-title", "mismatch"),
    "doi_char": (m_doi_char, "DOI", "mismatch"),
    "arxiv_char": (m_arxiv_char, "arxiv", "mismatch"),
}


# -- fabrications: a real record's identifier dressed in another work's text ------------------


def fabricate(r: Record, other: Record, *, title: bool = True, authors: bool = True) -> Record:
    c = cited_from(r)
    if title:
        c.title = other.title
    if authors:
        c.author = [a.model_copy() for a in other.author[:4]]
        c.custom["authors_truncated"] = len(other.author) > 4
    return c


def cases(generators: dict, records: list[Record]) -> list[tuple[str, str]]:
    return [(name, r.id) for name, gen in generators.items() for r in records
            if (gen if callable(gen) else gen[0])(r) is not None]
