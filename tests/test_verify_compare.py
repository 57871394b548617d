"""The deterministic verifier on real records: faithful variants, single corruptions, fabrications.

Each case derives a citation from a real record (tests/data/verify/records.jsonl) the way people
(or language models) write or corrupt citations, and checks the field, kind and score band.
The generators are tests/variants.py's; tests/test_verify_corpus.py runs them over thousands of
corpus records.
"""

from __future__ import annotations

import random

import pytest

from citecheck.model import Name, Record, set_year
from citecheck.verify.compare import assess, identity_mismatch
from tests.variants import (
    BY_ID,
    FAITHFUL,
    MAJOR_MAX,
    MINOR,
    MINOR_BAND,
    RECORDS,
    cases,
    cited_from,
    fabricate,
    m_volume,
    m_year,
)


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


@pytest.mark.parametrize("cited_page", ["806~814", "806〜814", "pp. 806-814", "806, 810"])
def test_page_ranges_written_with_a_wave_dash_or_a_label(cited_page: str) -> None:
    jama = BY_ID["doi:10.1001/jama.2014.732"]
    c = cited_from(jama)
    c.page = cited_page
    assert assess(c, jama).score == 10.0
    assert c.first_page == "806"


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
