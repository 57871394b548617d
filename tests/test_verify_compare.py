"""The deterministic verifier on real records: faithful variants, single corruptions, fabrications.

Each case derives a citation from a real record (tests/data/verify/records.jsonl) the way people
(or language models) write or corrupt citations, and checks the field, kind and score band.
The same generators drive tests/test_verify_corpus.py over thousands of corpus records.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from citecheck.model import Name, Record, set_year
from citecheck.normalize import initials, normalize_doi
from citecheck.verify.compare import assess, identity_mismatch

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


# ===== tests ==================================================================================


def test_fixture_loads() -> None:
    assert len(RECORDS) == 20


def test_identical_record_scores_ten() -> None:
    for r in RECORDS:
        a = assess(r, r)
        assert a.score == 10.0, (r.id, a.discrepancies)
        assert not a.discrepancies
        assert a.field_scores["author_match"] == 1.0
        if r.title:
            assert a.field_scores["title_similarity"] == 1.0


@pytest.mark.parametrize(("variant", "rid"), cases(FAITHFUL, RECORDS))
def test_faithful_variants(variant: str, rid: str) -> None:
    r = BY_ID[rid]
    c = FAITHFUL[variant](r)
    assert c is not None
    a = assess(c, r)
    assert a.score >= 9.5 and not a.discrepancies, (a.rationale, a.discrepancies)
    assert not identity_mismatch(c, r)


@pytest.mark.parametrize(("corruption", "rid"), cases(MINOR, RECORDS))
def test_single_minor_corruption(corruption: str, rid: str) -> None:
    r = BY_ID[rid]
    gen, field, kind = MINOR[corruption]
    c = gen(r)
    assert c is not None
    a = assess(c, r)
    fields = [(d.field, d.kind) for d in a.discrepancies]
    assert any(f == field and (kind is None or k == kind) for f, k in fields), (a.rationale, fields)
    assert MINOR_BAND[0] <= a.score <= MINOR_BAND[1], (a.score, a.rationale)
    assert all(d.severity == "minor" for d in a.discrepancies), a.discrepancies
    assert not identity_mismatch(c, r), a.rationale


def test_two_minor_corruptions_score_lower_than_one() -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    one = m_year(1)(r)
    assert one is not None
    two = m_volume(one)
    assert two is not None
    two.issued = one.issued
    a1, a2 = assess(one, r), assess(two, r)
    assert a2.score < a1.score
    assert {d.field for d in a2.discrepancies} == {"issued", "volume"}


@pytest.mark.parametrize("rid", [r.id for r in RECORDS if r.title and r.author])
def test_real_identifier_with_fabricated_text_is_identity_mismatch(rid: str) -> None:
    r = BY_ID[rid]
    rng = random.Random(rid)
    others = [o for o in RECORDS if o.id != rid and o.title and o.author
              and not ({a.family for a in o.author} & {a.family for a in r.author})]
    other = rng.choice(others)
    c = fabricate(r, other)
    a = assess(c, r)
    assert a.score <= MAJOR_MAX, (a.score, a.rationale)
    assert identity_mismatch(c, r)
    assert any(d.severity == "major" for d in a.discrepancies)
    assert a.field_scores["title_similarity"] < 0.6


@pytest.mark.parametrize("rid", [r.id for r in RECORDS if r.title and r.author])
def test_fabricated_title_alone_is_major(rid: str) -> None:
    """Real authors + a title they never wrote (HALLMARK's chimeric_title)."""
    r = BY_ID[rid]
    other = RECORDS[(RECORDS.index(r) + 7) % len(RECORDS)]
    if not other.title or other.title == r.title:
        pytest.skip("no distinct title")
    c = fabricate(r, other, authors=False)
    c.DOI = None
    a = assess(c, r)
    assert a.score <= MAJOR_MAX, (a.score, a.rationale)
    assert identity_mismatch(c, r)


def test_title_less_citation_judged_on_journal_fields() -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = Record(author=[Name(family="Stepanow", given="S."), Name(family="Sommer", given="J.-U."),
                       Name(family="Erukhimovich", given="I. Ya.")],
               container_title="Phys. Rev. Lett.", volume="81", page="4412")
    set_year(c, 1998)
    a = assess(c, r)
    assert a.score == 10.0 and "title_similarity" not in a.field_scores
    c.volume = "82"
    a = assess(c, r)
    assert [d.field for d in a.discrepancies] == ["volume"] and 5 <= a.score <= 9


def test_arxiv_year_accepted_for_the_preprint_not_for_the_journal_version() -> None:
    r = BY_ID["doi:10.1007/s00220-006-0135-9"]
    submitted = int(r.custom["arxiv_submitted"][:4])
    assert submitted != r.year
    # the preprint cited with its arXiv year: faithful
    c = cited_from(r)
    set_year(c, submitted)
    c.container_title = c.container_title_short = c.volume = c.page = c.DOI = None
    assert assess(c, r).score == 10.0
    c.container_title = "arXiv preprint"
    assert assess(c, r).score == 10.0
    # the journal version (journal and volume) cited with the preprint's year: a wrong year
    c = cited_from(r)
    set_year(c, submitted)
    a = assess(c, r)
    assert [d.field for d in a.discrepancies] == ["issued"], a.rationale


def test_collaboration_spellings() -> None:
    r = BY_ID["doi:10.1088/0264-9381/24/22/002"]
    for literal in ("LIGO Scientific Collaboration", "The LIGO Scientific Collaboration",
                    "LIGO Collaboration", "LIGO Scientific"):
        c = cited_from(r)
        c.author = [Name(literal=literal)]
        a = assess(c, r)
        assert a.score == 10.0, (literal, a.rationale)
    c = cited_from(r)
    c.author = [Name(literal="Virgo Collaboration")]
    assert assess(c, r).score < 10.0


def test_large_author_list_truncated_citation() -> None:
    r = BY_ID["doi:10.1086/518474"]
    c = cited_from(r)
    c.author = c.author[:3]
    c.custom["authors_truncated"] = True
    assert assess(c, r).score == 10.0
    # first author of a big list replaced: still this work, but flagged
    c.author[0] = Name(family="Hendricksen", given="P.")
    a = assess(c, r)
    assert any(d.field == "author" for d in a.discrepancies)


def test_dblp_disambiguation_numbers_in_family_names() -> None:
    r = BY_ID["dblp:conf/iclr/000100LDC23"]
    c = Record(title=r.title, author=[Name(family="Zhang", given="Ningyu"), Name(family="Li", given="Lei"),
                                      Name(family="Chen", given="Xiang"), Name(family="Liang", given="Xiaozhuan"),
                                      Name(family="Deng", given="Shumin"), Name(family="Chen", given="Huajun")],
               container_title="International Conference on Learning Representations")
    set_year(c, r.year)
    a = assess(c, r)
    assert a.score == 10.0, a.rationale


def test_abbreviated_page_range_and_letter_pages() -> None:
    jama = BY_ID["doi:10.1001/jama.2014.732"]
    c = cited_from(jama)
    c.page = "806–814"
    assert assess(c, jama).score == 10.0
    apj = BY_ID["doi:10.1086/186493"]
    c = cited_from(apj)
    c.page = "83"
    assert assess(c, apj).score == 10.0


def test_rationale_names_checked_and_differing_fields() -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = m_year(1)(r)
    assert c is not None
    a = assess(c, r)
    assert "title" in a.rationale and "1999" in a.rationale and "1998" in a.rationale
    assert a.rationale.endswith(".")


def test_nothing_identifying_the_record_is_major() -> None:
    """'Groot, P. J., et al. 1998, ApJ, 502, L123' against an R. A. de Groot paper elsewhere."""
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = Record(author=[Name(family="Stepanow", given="P.")], container_title="ApJ", volume="502",
               page="L123")
    c.custom["authors_truncated"] = True
    set_year(c, 1997)
    a = assess(c, r)
    assert a.score <= MAJOR_MAX, a.rationale
    assert any(d.field == "record" and d.severity == "major" for d in a.discrepancies)
    assert identity_mismatch(c, r)
    # the same slips on a citation whose journal reference still points at the record: MINOR
    c.container_title, c.volume, c.page = "Phys. Rev. Lett.", "81", "4412"
    a = assess(c, r)
    assert MINOR_BAND[0] <= a.score <= MINOR_BAND[1] and not identity_mismatch(c, r), a.rationale


def test_published_year_accepted_against_the_preprint_record() -> None:
    preprint = BY_ID["arxiv:1706.08310"]  # CMS preprint, 2017, no journal
    c = cited_from(preprint)
    c.container_title, c.volume, c.page = "Journal of High Energy Physics", "02", "026"
    set_year(c, 2018)
    a = assess(c, preprint)
    assert a.score == 10.0, a.rationale
    c.container_title = None  # no journal named: the year is simply wrong
    assert [d.field for d in assess(c, preprint).discrepancies] == ["issued"]


def test_spelling_variants_are_the_same_title_typos_are_not() -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"].model_copy()
    r.title = "Modeling the behavior of random copolymers: optimization and analysis in the center"
    c = cited_from(r)
    c.title = "Modelling the behaviour of random copolymers: optimisation and analysis in the centre"
    assert assess(c, r).score == 10.0
    short = BY_ID["doi:10.1063/1.2130690"]  # "Capturing knots in polymers"
    c = cited_from(short)
    c.title = "Capturing knot in polymers"
    assert [d.field for d in assess(c, short).discrepancies] == ["title"]


def _physrevlett_citation(title: str | None) -> tuple[Record, Record]:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = Record(title=title, author=[Name(family="Stepanow", given="S."),
                                    Name(family="Sommer", given="J.-U."),
                                    Name(family="Erukhimovich", given="I. Ya.")],
               container_title="Phys. Rev. Lett.", volume="81", page="4412")
    set_year(c, 1998)
    return c, r


@pytest.mark.parametrize("made_up", ["F. B. McLean", "I. Ya. Erukhimovich", "Lect", "Phys. Rev.",
                                     "Juergen Appel, and A. I. Lvovsky", "z"])
def test_title_made_up_by_the_parser_does_not_make_a_journal_reference_major(made_up: str) -> None:
    """Title-less styles: an author name or a journal fragment read as the 'title' is no claim;
    the journal reference identifies the record and the rest agrees."""
    c, r = _physrevlett_citation(made_up)
    a = assess(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert identity_mismatch(c, r) is None


def test_names_read_as_the_title_go_back_to_the_author_list() -> None:
    c, r = _physrevlett_citation("I. Ya. Erukhimovich")
    c.author = c.author[:2]  # the parser took the last author for the title
    a = assess(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale


def test_a_real_looking_other_title_on_a_journal_reference_stays_major() -> None:
    c, r = _physrevlett_citation("Kinks and Particles of Chern-Simons Gravity")
    a = assess(c, r)
    assert any(d.field == "title" and d.severity == "major" for d in a.discrepancies)
    # and a made-up title is still compared when nothing but the title identifies the record
    c, r = _physrevlett_citation("F. B. McLean")
    c.volume, c.page = "80", "1"
    assert any(d.field == "title" for d in assess(c, r).discrepancies)


@pytest.mark.parametrize("journal", ["Physical Review Letters", "physical review letters", "Phys. Rev. Lett."])
def test_the_journal_read_as_the_title_is_the_journal(journal: str) -> None:
    """Title-less style with the journal as the only text segment: it names the venue, not a
    fabricated title."""
    c, r = _physrevlett_citation(journal)
    c.container_title = None
    a = assess(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert identity_mismatch(c, r) is None
    c.page = "4413"
    assert [d.field for d in assess(c, r).discrepancies] == ["page"]


LONG = ("Search for new phenomena in final states with an energetic jet and large missing transverse "
        "momentum in pp collisions at 8 TeV with the ATLAS detector")


@pytest.mark.parametrize(("cited", "found"), [
    (LONG.replace("final states", "final atlas"), LONG),
    (LONG.replace("energetic", "hadronic"), LONG),
    (LONG, LONG.replace("missing", "missing scalar")),
])
def test_one_content_word_replaced_in_a_long_title_is_minor(cited: str, found: str) -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"].model_copy()
    r.title = found
    c = cited_from(r)
    c.title = cited
    a = assess(c, r)
    assert [d.field for d in a.discrepancies] == ["title"] and MINOR_BAND[0] <= a.score <= MINOR_BAND[1]


@pytest.mark.parametrize(("cited", "found"), [
    (LONG.replace("pp", "$pp$").replace("8 TeV", "$\\sqrt{s}=8$~TeV"), LONG.replace("8 TeV", "√s = 8 TeV")),
    ("Non-linear dynamics of $\\alpha$-particles in the colour field of a QCD string: a study",
     "Nonlinear Dynamics of α-Particles in the Color Field of a QCD String. A Study"),
    ("Electron-hole pair creation energy in SiO<sub>2</sub> films of the MOS structure",
     "Electron-hole pair creation energy in SiO₂ films of the MOS structure"),
    ("Ursell operators in statistical physics III: thermodynamic properties of degenerate gases",
     "Ursell Operators in Statistical Physics 3: Thermodynamic Properties of Degenerate Gases"),
    ("Schrödinger cat states in a μSR experiment on superconducting thin films",
     "Schroedinger cat states in a muSR experiment on superconducting thin films"),
])
def test_legitimate_title_variation_is_not_a_changed_word(cited: str, found: str) -> None:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"].model_copy()
    r.title = found
    c = cited_from(r)
    c.title = cited
    a = assess(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale


def _apj(page: str, container: str = "The Astrophysical Journal") -> Record:
    return Record.from_csl({
        "id": "apj", "type": "article-journal",
        "title": "Dramatic Variability of X-ray Absorption Lines in the Black Hole Candidate Cygnus X-1",
        "author": [{"family": "Chang", "given": "C."}, {"family": "Cui", "given": "W."}],
        "issued": {"date-parts": [[2007]]}, "container-title": container,
        "volume": "663", "page": page})


@pytest.mark.parametrize(("cited_venue", "page", "container", "flagged"), [
    ("The Astrophysical Journal Letters", "1207", "The Astrophysical Journal", True),  # main-journal page
    ("ApJL", "1207", "The Astrophysical Journal", True),
    ("ApJ Lett.", "L12", "The Astrophysical Journal", False),  # a letter filed under ApJ
    ("ApJ", "L12", "The Astrophysical Journal", False),
    ("ApJ", "15", "The Astrophysical Journal Letters", False),  # a letter cited under ApJ
    ("ApJ Letters", "15", "The Astrophysical Journal Letters", False),
])
def test_letters_cited_for_a_main_journal_paper(cited_venue: str, page: str, container: str,
                                                flagged: bool) -> None:
    """ApJ prints its letters in its own volumes on 'L' pages: 'ApJ Letters' for ApJ 663, 1207
    names the wrong journal; for ApJ 663, L12 it is just how letters are cited."""
    found = _apj(page, container)
    cited = found.model_copy(deep=True)
    cited.container_title = cited_venue
    a = assess(cited, found)
    assert any(d.field == "container-title" for d in a.discrepancies) is flagged, a.rationale


def test_several_title_words_and_every_locator_wrong_is_another_work() -> None:
    """Real authors, a title sharing only some words, and year, volume and page all different:
    not a slip in a citation of this record (the chimeric-title fabrication)."""
    found = Record.from_csl({
        "id": "r", "type": "article-journal", "title": "Self-consistent definition of the neutron capture "
        "cross section of polarized targets", "author": [{"family": "Ivanov", "given": "A. N."},
                                                         {"family": "Wellenzohn", "given": "M."}],
        "issued": {"date-parts": [[2008]]}, "container-title": "JHEP", "volume": "2008", "page": "112"})
    cited = found.model_copy(deep=True)
    cited.title = "Self-consistent definition of the capture cross section for polarized neutrons"
    set_year(cited, 2010)
    cited.volume, cited.page = "2013", "711"
    a = assess(cited, found)
    assert [d.detail for d in a.discrepancies if d.field == "title"] == ["3 title words differ"]
    assert any(d.field == "record" and d.severity == "major" for d in a.discrepancies), a.rationale
    assert a.score < 3.0
    # the same title change with the journal reference intact still names the record
    cited.volume, cited.page = found.volume, found.page
    set_year(cited, 2008)
    a = assess(cited, found)
    assert not any(d.severity == "major" for d in a.discrepancies), a.rationale


def test_acm_volume_issue_without_page_is_not_a_wrong_page() -> None:
    """ACM writes 'Scientific Reports 5, 1 (2015)': volume 5, issue 1, no page; APS writes the
    same shape with a page. A number equal to the record's issue is read as the issue."""
    found = Record.from_csl({"id": "r", "type": "article-journal", "title": "Single-molecule FRET studies",
                             "container-title": "Scientific Reports", "volume": "5", "issue": "1",
                             "number": "16696", "issued": {"date-parts": [[2015]]}})
    cited = found.model_copy(deep=True)
    cited.issue, cited.number, cited.page = None, None, "1"
    a = assess(cited, found)
    assert not a.discrepancies and a.score == 10.0, a.rationale
    cited.page = "2"  # neither the article number nor the issue
    assert [d.field for d in assess(cited, found).discrepancies] == ["page"]


@pytest.mark.parametrize(("cited_volume", "flagged"), [("56", False), ("53", False), ("53-56", False),
                                                       ("54", True), ("57", True)])
def test_one_end_of_a_double_volume_is_the_volume(cited_volume: str, flagged: bool) -> None:
    found = Record(title="Diffusion-induced spin-lattice relaxation of 8Li in beta-LiAl",
                   container_title="Solid State Ionics", volume="53–56", page="426-430")
    cited = found.model_copy(deep=True)
    cited.volume = cited_volume
    assert any(d.field == "volume" for d in assess(cited, found).discrepancies) is flagged
