"""Readings mended in the session of 2026-12-06 (strings written for the tests, in the layouts the
fixes are about): a title that opens with "Collaboration" after an IOP name and year, a run of volume
and page that a page range shows to predate six-digit article numbers, and a journal with a colon kept
when its volume and page ran together."""

from __future__ import annotations

import pytest

from citecheck.extract.combine import read_reference
from citecheck.extract.pdftext import clean_pdf_text
from citecheck.extract.refparse import parse_reference
from citecheck.model import Record


def _read(text: str) -> Record:
    return parse_reference(clean_pdf_text(text)).record


def _authors(rec: Record) -> list[str]:
    return [a.literal or (f"{a.family}, {a.given}" if a.given else a.family or "") for a in rec.author]


@pytest.mark.parametrize("text,authors,title", [
    ("Smith J 2010 Collaboration networks in high energy physics J. Phys. Conf. Ser. 219 042001",
     ["Smith, J."], "Collaboration networks in high energy physics"),
    ("Doe J and Roe R 2015 Open Collaboration in particle physics Eur. Phys. J. C 75 123",
     ["Doe, J.", "Roe, R."], "Open Collaboration in particle physics"),
    ("Doe J, Roe R. Open Collaboration in particle physics. Eur Phys J C. 2015;75:123.",
     ["Doe, J.", "Roe, R."], "Open Collaboration in particle physics"),
])
def test_a_title_opening_with_collaboration_is_no_author(text: str, authors: list[str], title: str) -> None:
    for rec in (_read(text), read_reference(text).record):
        assert _authors(rec) == authors
        assert rec.title == title


@pytest.mark.parametrize("text,authors", [
    ("ATLAS Collaboration 2012 Phys. Lett. B 716 1", ["ATLAS Collaboration"]),
    ("CMS Collaboration et al 2012 Observation of a new boson Phys. Lett. B 716 30", ["CMS Collaboration"]),
    ("ATLAS and CMS Collaborations 2015 Combined measurement of the Higgs boson mass Phys. Rev. Lett. 114 191803",
     ["ATLAS Collaboration", "CMS Collaboration"]),
    ("Planck Collaboration XIII 2016 Cosmological parameters Astron. Astrophys. 594 A13", ["Planck Collaboration"]),
    ("CMS Collaboration in: Proc. of the Conf. on High Energy Physics 2012", ["CMS Collaboration"]),
    ("LIGO Scientific Collaboration and Virgo Collaboration 2016 Observation of gravitational waves "
     "Phys. Rev. Lett. 116 061102", ["LIGO Scientific Collaboration", "Virgo Collaboration"]),
])
def test_collaborations_still_sign(text: str, authors: list[str]) -> None:
    assert _authors(_read(text)) == authors


def test_a_page_range_after_a_run_of_seven_digits_is_no_article_number() -> None:
    # Phys. Rev. B of 1995: volume 51, pages 15197–15202 (six-digit article numbers came in 2016)
    rec = _read("Gilbert G, Smith T and Doe R 1995 Magnetic properties of layered cuprates Phys. Rev. B 5115197 -202")
    assert rec.container_title == "Phys. Rev. B"
    assert rec.volume is None and rec.page is None  # not volume 5, article 115197: never guessed
    assert "5115197" in (rec.custom.get("note") or "")
    # without a range the six-digit article number is read as before
    rec = _read("Gilbert G and Doe R 2012 Gravitational waves from binaries Class. Quantum Grav. 29245007")
    assert (rec.container_title, rec.volume, rec.page) == ("Class. Quantum Grav.", "29", "245007")


def test_a_journal_with_a_colon_is_kept_when_volume_and_page_ran_together() -> None:
    rec = _read("Gilbert G, Smith T and Doe R 2001 Magnetic properties of layered cuprates "
                "J. Phys.: Condens. Matter 139445 -54")
    assert rec.title == "Magnetic properties of layered cuprates"
    assert rec.container_title == "J. Phys.: Condens. Matter"
    assert rec.publisher is None  # not read as "Place: Publisher"
    assert "139445" in (rec.custom.get("note") or "")
