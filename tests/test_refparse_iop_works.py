"""IOP/Harvard author–year without "and", and entries that cite several works.

Each string is read field by field and then checked end to end against a small local index that
holds its record (plus, for several-works entries, the record of the second work): every one must
come out EXACT and matched to the first work.
"""

from __future__ import annotations

import json

import pytest

from citecheck.index.build import build_index
from citecheck.index.search import LocalIndex
from citecheck.model import Label
from citecheck.reading.combine import read_reference
from citecheck.reading.refparse import parse_reference
from tests.fakes import verdict_of


def _names(*pairs: str) -> list[dict[str, str]]:
    return [{"family": f, "given": g} for f, g in (p.split(" ", 1) for p in pairs)]


def _art(rid: str, title: str, authors: list[dict[str, str]], journal: str, vol: str, page: str,
         year: int) -> dict[str, object]:
    return {"id": rid, "type": "article-journal", "title": title, "author": authors,
            "container-title": journal, "volume": vol, "page": page,
            "issued": {"date-parts": [[year]]}}


NOVO8 = _names("Novoselov K. S.", "Geim A. K.", "Morozov S. V.", "Jiang D.", "Zhang Y.",
               "Dubonos S. V.", "Grigorieva I. V.", "Firsov A. A.")
RECORDS = [
    _art("novo05", "Two-dimensional gas of massless Dirac fermions in graphene",
         _names("Novoselov K. S.", "Geim A. K."), "Nature", "438", "197-200", 2005),
    _art("novo04", "Electric field effect in atomically thin carbon films", NOVO8, "Science", "306",
         "666-669", 2004),
    {"id": "landau77", "type": "book", "title": "Quantum Mechanics",
     "author": _names("Landau L. D.", "Lifshitz E. M."), "publisher": "Pergamon",
     "publisher-place": "Oxford", "issued": {"date-parts": [[1977]]}},
    _art("smith12", "Layered transport in thin films", _names("Smith J. A.", "Jones B. C.", "Brown D."),
         "Nature", "489", "282-285", 2012),
    _art("jpa1", "Exact spectra of a quartic oscillator", _names("Smith J.", "Lee K."),
         "Journal of Physics A: Mathematical and General", "31", "L11-L16", 1998),
    _art("jpa2", "Spectral zeta functions of quartic oscillators", _names("Smith J.", "Lee K."),
         "Journal of Physics A: Mathematical and General", "31", "4723-4740", 1998),
    _art("plb600", "Sum rules for heavy quarks", _names("Author A. B."), "Physics Letters B", "600",
         "1-8", 2004),
    _art("plb605", "Erratum to Sum rules for heavy quarks", _names("Author A. B."),
         "Physics Letters B", "605", "211", 2005),
    _art("rmp81", "The electronic properties of graphene",
         _names("Castro Neto A. H.", "Guinea F.", "Peres N. M. R.", "Novoselov K. S.", "Geim A. K."),
         "Reviews of Modern Physics", "81", "109-162", 2009),
    _art("apjs192", "Seven-year Wilkinson Microwave Anisotropy Probe observations",
         _names("Komatsu E."), "The Astrophysical Journal Supplement Series", "192", "18", 2011),
    _art("apjs208", "Nine-year Wilkinson Microwave Anisotropy Probe observations",
         _names("Hinshaw G."), "The Astrophysical Journal Supplement Series", "208", "19", 2013),
]

# string → (record id, authors' family names, year, journal, volume, first page)
IOP = {
    "Novoselov K S, Geim A K 2005 Nature 438 197":
        ("novo05", ["Novoselov", "Geim"], 2005, "Nature", "438", "197"),
    "Novoselov K S, Geim A K, Morozov S V, Jiang D, Zhang Y, Dubonos S V, Grigorieva I V and "
    "Firsov A A 2004 Science 306 666":
        ("novo04", [n["family"] for n in NOVO8], 2004, "Science", "306", "666"),
    "Smith J A, Jones B C and Brown D 2012 Nature 489 282":
        ("smith12", ["Smith", "Jones", "Brown"], 2012, "Nature", "489", "282"),
}
LANDAU = "Landau L D and Lifshitz E M 1977 Quantum Mechanics (Oxford: Pergamon) ch 3"
# string → (record id, journal, volume, first page, year, the note the later works leave)
SEVERAL = {
    "J. Smith and K. Lee, J. Phys. A 31, L11 (1998); 31, 4723 (1998)":
        ("jpa1", "J. Phys. A", "31", "L11", 1998, "31, 4723 (1998)"),
    "A. B. Author, Phys. Lett. B 600, 1 (2004) [Erratum-ibid. B605 (2005) 211]":
        ("plb600", "Phys. Lett. B", "600", "1", 2004, "[Erratum-ibid. B605 (2005) 211]"),
    "A. H. Castro Neto, F. Guinea, N. M. R. Peres, K. S. Novoselov and A. K. Geim, "
    "Rev. Mod. Phys. 81, 109 (2009) and references therein":
        ("rmp81", "Rev. Mod. Phys.", "81", "109", 2009, "and references therein"),
    "Komatsu, E. 2011, ApJS, 192, 18 - 2011, ApJS, 208, 19":
        ("apjs192", "ApJS", "192", "18", 2011, "2011, ApJS, 208, 19"),
}


@pytest.mark.parametrize("text", list(IOP))
def test_iop_author_year_without_and(text: str) -> None:
    _, families, year, journal, vol, page = IOP[text]
    rec = read_reference(text).record
    assert [a.family for a in rec.author] == families
    assert all(a.given and a.given.endswith(".") for a in rec.author)  # initials, not journal words
    assert (rec.container_title, rec.volume, rec.first_page, rec.year) == (journal, vol, page, year)


def test_iop_book_with_imprint_and_locator() -> None:
    rec = read_reference(LANDAU).record
    assert [(a.family, a.given) for a in rec.author] == [("Landau", "L. D."), ("Lifshitz", "E. M.")]
    assert (rec.type, rec.title, rec.publisher, rec.year) == ("book", "Quantum Mechanics", "Pergamon", 1977)
    assert rec.custom.get("note") == "ch 3"


@pytest.mark.parametrize("text", list(SEVERAL))
def test_several_works_keep_the_first(text: str) -> None:
    _, journal, vol, page, year, note = SEVERAL[text]
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume, rec.first_page, rec.year) == (journal, vol, page, year)
    assert rec.custom.get("note") == note


def test_second_work_numbers_never_overwrite_the_first() -> None:
    rec = parse_reference("J. Phys. A 31, L11 (1998); 32, 4723 (1999)").record
    assert (rec.volume, rec.first_page, rec.year) == ("31", "L11", 1998)


def test_ordinary_semicolons_are_not_a_second_work() -> None:
    # a semicolon between authors or before the pages is no second work
    rec = parse_reference("Smith, J.; Lee, K. Title of the paper. J. Phys. A 1998; 31: 4723-4730.").record
    assert "note" not in rec.custom
    assert (rec.volume, rec.first_page) == ("31", "4723")


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> LocalIndex:
    tmp = tmp_path_factory.mktemp("iop")
    src = tmp / "r.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    build_index(tmp / "i.db", [src])
    return LocalIndex(tmp / "i.db")


def _cases() -> list[tuple[str, str]]:
    return ([(t, v[0]) for t, v in IOP.items()] + [(LANDAU, "landau77")]
            + [(t, v[0]) for t, v in SEVERAL.items()])


@pytest.mark.parametrize(("text", "rid"), _cases())
def test_each_string_is_exact_end_to_end(index: LocalIndex, text: str, rid: str) -> None:
    verdict = verdict_of(index, text)
    assert verdict.match is not None and verdict.match.id == rid, verdict.rationale
    assert verdict.label == Label.EXACT, verdict.rationale


@pytest.mark.parametrize(("text", "vol", "page", "title"), [
    # Vancouver: the semicolon after the year opens the numbers of the same work
    ("L Coudrat, M Rouis, T Driss, “Emotional pictures impact repetitive sprint ability test on "
     "cycle ergometre”, Journal of Sports Sciences, 2014; 32, 892-900.", "32", "892-900", None),
    ("Hornung J, Linde K. Guidelines for the exact description. Berlin Journal of Research in "
     "Homoeopathy 1991; 1,2:121-123.", "1", "121-123", None),
    # "2006, Decay …" holds no month: the title keeps its first word
    ("Finster F, Kamran N, Smoller J, Yau S-T 2006, Decay of Solutions of the Wave Equation in the "
     "Kerr Geometry, Commun. Math. Phys., 264, 465-503.", "264", "465-503",
     "Decay of Solutions of the Wave Equation in the Kerr Geometry"),
])
def test_one_work_stays_whole(text: str, vol: str, page: str, title: str | None) -> None:
    rec = parse_reference(text).record
    assert "note" not in rec.custom
    assert (rec.volume, rec.page) == (vol, page)
    if title:
        assert rec.title == title


def test_erratum_after_glued_numbers_is_a_note() -> None:
    rec = parse_reference("T. Feldmann and M. W. Y. Yip, Form factors in SCET, Phys. Rev. D85 (2012) "
                          "014035, Erratum ibid. D86 (2012) 079901").record
    assert rec.custom.get("note") == "Erratum ibid. D86 (2012) 079901"
    assert (rec.first_page, rec.year) == ("014035", 2012)
