"""The full Russian GOST layout: "Авторы. Название // Журнал. Год. Т. N, № M. С. a–b."
and its Latin-script analogue ("Vol. N. P. a–b") parse into title, journal, year, volume, issue
and pages, and are EXACT against an index holding the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.index.build import build_index
from citecheck.model import Label
from citecheck.reading.refparse import parse_reference
from citecheck.reading.refparse.gost import split_gost
from tests.fakes import read_pdf_record

RU = "Иванов И. И., Петров П. П. Название статьи // Журнал. 2015. Т. 147. С. 112–120."
LATIN = "Ivanov I. I. Title // Journal. 2015. Vol. 147. P. 112–120."
JETP = ("Иванов И. И. Квантовые флуктуации в сверхпроводящих наноструктурах / И. И. Иванов, "
        "П. П. Петров // Журнал экспериментальной и теоретической физики. — 2015. — Т. 147, № 3. — "
        "С. 112–120.")
JETP_LATIN = ("Sidorov S. S., Kuznetsov K. K. Vortex pinning in thin superconducting films // Journal of "
              "Experimental and Theoretical Physics. 2016. Vol. 122, No. 4. P. 701–709.")

RECORDS = [
    {"id": "ru", "type": "article-journal", "title": "Название статьи",
     "author": [{"family": "Иванов", "given": "Иван Иванович"}, {"family": "Петров", "given": "Пётр Петрович"}],
     "issued": {"date-parts": [[2015]]}, "container-title": "Журнал", "volume": "147", "page": "112-120"},
    {"id": "latin", "type": "article-journal", "title": "Title", "author": [{"family": "Ivanov", "given": "I. I."}],
     "issued": {"date-parts": [[2015]]}, "container-title": "Journal", "volume": "147", "page": "112-120"},
    {"id": "jetp", "type": "article-journal", "title": "Квантовые флуктуации в сверхпроводящих наноструктурах",
     "author": [{"family": "Иванов", "given": "Иван Иванович"}, {"family": "Петров", "given": "Пётр Петрович"}],
     "issued": {"date-parts": [[2015]]}, "container-title": "Журнал экспериментальной и теоретической физики",
     "volume": "147", "issue": "3", "page": "112-120"},
    {"id": "jetp-latin", "type": "article-journal", "title": "Vortex pinning in thin superconducting films",
     "author": [{"family": "Sidorov", "given": "Sergei"}, {"family": "Kuznetsov", "given": "Kirill"}],
     "issued": {"date-parts": [[2016]]}, "container-title": "Journal of Experimental and Theoretical Physics",
     "volume": "122", "issue": "4", "page": "701-709"},
]
CASES = {"ru": RU, "latin": LATIN, "jetp": JETP, "jetp-latin": JETP_LATIN}


@pytest.mark.parametrize("key", sorted(CASES))
def test_gost_fields(key: str) -> None:
    parsed = parse_reference(CASES[key])
    got = parsed.record.to_csl()
    want = next(r for r in RECORDS if r["id"] == key)
    for field in ("title", "container-title", "volume", "issue", "page"):
        assert got.get(field) == want.get(field), (field, got)
    assert parsed.record.year == want["issued"]["date-parts"][0][0]
    assert parsed.confidence >= 0.8


def test_the_split_needs_a_spaced_double_slash() -> None:
    assert split_gost("Title. See http://example.org/a//b") is None
    assert split_gost(" // Journal. Vol. 1") is None
    # PDF text breaks URLs with spaces: never a GOST split
    assert split_gost("Title, http : // reference.wolfram.com/language/tutorial/x.html") is None
    assert split_gost("Climate portal. Available from: http : // sdwebx .worldbank .org/ portal") is None
    assert split_gost("Database, NIST, http: // cccbdb.nist.gov/") is None
    title, tail, _ = split_gost("Статья // Письма в ЖЭТФ. Т. 91, вып. 5. С. 10–15") or ("", None, [])
    assert title == "Статья" and tail is not None
    assert (tail.container, tail.volume, tail.issue, tail.page) == ("Письма в ЖЭТФ", "91", "5", "10-15")


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("gost")
    source = folder / "records.jsonl"
    source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RECORDS), encoding="utf-8")
    build_index(folder / "index.sqlite", [source])
    return Checker(index=folder / "index.sqlite", offline=True)


@pytest.mark.parametrize("key", sorted(CASES))
def test_gost_citation_is_exact(checker: Checker, key: str) -> None:
    [verdict] = checker.check_text(CASES[key], fmt="text")
    assert verdict.label is Label.EXACT, (verdict.rationale, verdict.citation.fields.to_csl())
    assert verdict.match is not None and verdict.match.id == key


@pytest.mark.parametrize(("text", "title", "place", "publisher", "note"), [
    # GOST 7.1 books: title area, ". — ", edition area, publication area (place : publisher, year), extent
    ("Ландау Л. Д., Лифшиц Е. М. Квантовая механика. — М.: Наука, 1974. — 752 с.",
     "Квантовая механика", "М.", "Наука", "752 с"),
    ("Ландау Л. Д., Лифшиц Е. М. Квантовая механика. — М. : Наука, 1974. — 752 с.",
     "Квантовая механика", "М.", "Наука", "752 с"),
    ("Ландау Л. Д., Лифшиц Е. М. Квантовая механика : учебное пособие. — 3-е изд. — Москва : Наука, 1974. — 752 с.",
     "Квантовая механика : учебное пособие", "Москва", "Наука", "3-е изд; 752 с"),
    ("Smith J. Quantum mechanics. — Moscow: Nauka, 1974. — 752 p.",
     "Quantum mechanics", "Moscow", "Nauka", "752 p"),
])
def test_gost_book_areas(text: str, title: str, place: str, publisher: str, note: str) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title
    assert (getattr(rec, "publisher-place"), rec.publisher) == (place, publisher)
    assert rec.custom.get("note") == note
    assert rec.type == "book" and rec.year == 1974


def test_gost_statement_of_responsibility_in_a_book() -> None:
    rec = read_pdf_record("Ландау Л. Д. Квантовая механика / Л. Д. Ландау, Е. М. Лифшиц. — М.: Наука, 1974. — 752 с.")
    assert rec.title == "Квантовая механика"
    assert [a.family for a in rec.author] == ["Ландау", "Лифшиц"]


@pytest.mark.parametrize("text", [
    "Сидоров С. С. Физика плазмы : дис. ... д-ра физ.-мат. наук : 01.04.08 / Сидоров Сергей Сергеевич. — М., 2005. — 300 с.",
    "Сидоров С. С. Физика плазмы : автореф. дис. ... канд. физ.-мат. наук. — Новосибирск, 2005. — 20 с.",
])
def test_gost_thesis(text: str) -> None:
    rec = read_pdf_record(text)
    assert rec.title == "Физика плазмы"
    assert rec.type == "thesis" and rec.year == 2005
    assert "дис." in rec.custom.get("note", "")
