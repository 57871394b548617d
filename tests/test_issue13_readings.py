"""Issue 13 follow-up (13d): verdicts judged with the other reading of a text, CJK references read
field by field, and entries that chain several works (each with its own authors, or an erratum
in PDF spacing).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.checker import Checker, CheckOptions, _with_first_fields
from citecheck.extract import read_text
from citecheck.extract.combine import read_reference
from citecheck.extract.refparse import parse_reference
from citecheck.index.build import build_index
from citecheck.model import Label, Name, Record
from citecheck.sources.local import LocalIndexSource

# physics validation item phys-0122: a real MNRAS DOI under a fabricated title and authors
PHYS_0122 = ("J. M. Frost, C. L. Bykov, F. Bedding, G. F. Forman, and E. C. Wollack, Element Diffusion "
             "with Mixed Boundary Conditions, Monthly Notices of the Royal Astronomical Society 378, "
             "1007–1018 (2007), doi:10.1111/j.1365-2966.2007.11833.x.")
NA_I_D = {"id": "doi:10.1111/j.1365-2966.2007.11833.x", "type": "article-journal",
          "title": "The Na I D resonance lines in main sequence late-type stars",
          "author": [{"family": "Díaz", "given": "Rodrigo F."}, {"family": "Cincunegui", "given": "Carolina"},
                     {"family": "Mauas", "given": "Pablo J. D."}],
          "container-title": "Monthly Notices of the Royal Astronomical Society", "volume": "378",
          "page": "1007-1018", "issued": {"date-parts": [[2007]]}, "DOI": "10.1111/j.1365-2966.2007.11833.x"}
# a KCI/CNKI-style reference (GROBID's training corpus) and its record
CJK_TEXT = "王義文(1989). 乾隆与燕京八景. 北京園林. 1(-): 29-31."
CJK_RECORDS = [
    {"id": "wang1", "type": "article-journal", "title": "乾隆与燕京八景", "author": [{"family": "王義文"}],
     "container-title": "北京園林", "volume": "1", "page": "29-31", "issued": {"date-parts": [[1989]]}},
    {"id": "wang2", "type": "article-journal", "title": "乾隆与燕京八景(下)", "author": [{"family": "王義文"}],
     "container-title": "北京園林", "volume": "2", "page": "35-37", "issued": {"date-parts": [[1989]]}},
]


def _source(tmp_path: Path, records: list[dict[str, object]]) -> LocalIndexSource:
    src = tmp_path / "r.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    build_index(tmp_path / "i.db", [src])
    return LocalIndexSource(tmp_path / "i.db", scopes=("all",))


def _check(source: LocalIndexSource, text: str, **options: bool) -> tuple[Label, str]:
    [citation] = read_text(json.dumps({"id": "c", "text": text}, ensure_ascii=False) + "\n", "c.jsonl")
    checker = Checker(use_index=False, sources=[source], offline=True, options=CheckOptions(**options))
    [verdict] = checker.check_citations([citation])
    return verdict.label, verdict.rationale or ""


# -- the other reading corrects fields, never drops the first reading's title or authors -----------
def test_other_reading_keeps_the_first_readings_title_and_authors() -> None:
    first = Record(title="A fabricated title", author=[Name(family="Frost", given="J. M.")], volume="378")
    other = Record(volume="378", page="1007")
    merged = _with_first_fields(other, first)
    assert (merged.title, [a.family for a in merged.author]) == ("A fabricated title", ["Frost"])
    assert merged.page == "1007" and other.title is None  # the other reading itself is left alone
    corrected = Record(title="The corrected title", author=[Name(family="Doe")])
    assert _with_first_fields(corrected, first) is corrected  # what it has, it keeps


def test_real_doi_under_a_fabricated_title_is_major_without_the_reviewer(tmp_path: Path) -> None:
    label, why = _check(_source(tmp_path, [NA_I_D]), PHYS_0122, reviewer=False)
    assert label is Label.MAJOR, why
    assert "a different title" in why
    assert "from index (found by doi)" in why  # a flag names the source whose record stands against it


# -- CJK references ---------------------------------------------------------------------------------
def test_cjk_author_year_title_journal() -> None:
    rec = parse_reference(CJK_TEXT).record
    assert [a.family for a in rec.author] == ["王義文"]
    assert (rec.year, rec.title, rec.container_title) == (1989, "乾隆与燕京八景", "北京園林")
    assert (rec.volume, rec.page) == ("1", "29-31")
    rec = parse_reference("김철수, 이영희 (2010). 한국어 제목입니다. 한국학논집, 12(3), 45-67.").record
    assert [a.family for a in rec.author] == ["김철수", "이영희"]
    assert (rec.title, rec.container_title, rec.volume) == ("한국어 제목입니다", "한국학논집", "12")


@pytest.mark.parametrize(("text", "fields"), [
    # CNKI / Vancouver: names before a period, the year glued to the journal
    ("周兵, 周杰. 灼口汤治疗阴虚型灼口综合征观察. 临床口腔医学杂志2012;28(4):217-8.",
     (["周兵", "周杰"], "灼口汤治疗阴虚型灼口综合征观察", "临床口腔医学杂志", 2012, "28", "217-218")),
    ("辛宏, 李佳颖, 刘娟. 医学生BMI 与体质测试指标相关性[J].中国公共卫生,2017,33(12):1764-1766.",
     (["辛宏", "李佳颖", "刘娟"], "医学生BMI 与体质测试指标相关性", "中国公共卫生", 2017, "33", "1764-1766")),
    ("靳士英. 五臟图考. 中华医史杂誌. 1994. 24(2).",
     (["靳士英"], "五臟图考", "中华医史杂誌", 1994, "24", None)),
])
def test_cjk_vancouver_layout(text: str, fields: tuple[object, ...]) -> None:
    rec = parse_reference(text).record
    assert ([a.family for a in rec.author], rec.title, rec.container_title, rec.year, rec.volume,
            rec.page) == fields


def test_cjk_reference_of_an_indexed_work_is_exact_not_major(tmp_path: Path) -> None:
    source = _source(tmp_path, CJK_RECORDS)
    label, why = _check(source, CJK_TEXT)
    assert label is Label.EXACT, why
    label, why = _check(source, "王義文(1989). 乾隆与燕京八景(下). 北京園林. 2(-): 35-37.")
    assert label is Label.EXACT, why


# -- several works in one entry ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "first", "note"), [
    # PDF spacing: the erratum after the glued locator
    ("T. Feldmann and M. W. Y. Yip, Form factors for Λ b → Λ transitions in SCET, Phys. Rev.D85 ( 2012)"
     "014035 ,Erratum ibid .D86 ( 2012)079901 ,arXiv :1111.1844.",
     ("Phys. Rev. D", "85", "014035", 2012), "Erratum ibid. D86 (2012) 079901"),
    ("M. Shalchi, M. Yamashita, Phys. Rev. D85 (2012) 014035, Erratum",
     ("Phys. Rev. D", "85", "014035", 2012), "Erratum"),
    ("LIANG Z T, WANG X N. Phys. Rev. Lett., 2005, 94:102301 .arXiv :nucl-th/0410079;Erratum ,2006 ,96 "
     ":039901 (E)", ("Phys. Rev. Lett.", "94", "102301", 2005), "Erratum, 2006, 96:039901 (E)"),
    # chained works, each with its own author list
    ("A. Smith, Phys. Rev. D 85, 014035 (2012); B. Jones and C. Brown, Phys. Rev. D 86, 079901 (2012).",
     ("Phys. Rev. D", "85", "014035", 2012), "B. Jones and C. Brown, Phys. Rev. D 86, 079901 (2012)"),
    ("A. Smith and B. Jones, Nucl. Phys. B 600, 1 (2004); C. Doe, ibid. 605, 211 (2005).",
     ("Nucl. Phys. B", "600", "1", 2004), "C. Doe, ibid. 605, 211 (2005)"),
])
def test_several_works_keep_the_first(text: str, first: tuple[str, str, str, int], note: str) -> None:
    rec = read_reference(text).record
    assert (rec.container_title, rec.volume, rec.first_page, rec.year) == first
    assert rec.custom.get("note") == note


def test_a_semicolon_before_a_title_is_not_another_work() -> None:
    # the text after the semicolon names people but holds no volume and page of its own
    rec = parse_reference("A. Smith, Phys. Rev. D 85, 014035 (2012); B. Jones, private communication.").record
    assert (rec.volume, rec.first_page) == ("85", "014035")
    assert "B. Jones" not in (rec.custom.get("note") or "")
