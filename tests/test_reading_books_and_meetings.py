"""Reading books, theses, chapters and meetings: a meeting's name without its place, a book's edition
and publisher, a thesis's degree, a proceedings paper's host. Strings are made up in the layouts
found in reference lists."""

from __future__ import annotations

import pytest

from citecheck.reading.combine import read_reference
from citecheck.reading.refparse import parse_reference
from tests.fakes import read_pdf_record


@pytest.mark.parametrize(("raw", "title"), [
    ("V. Doe et al., Proc. 30th ICRC (icrc1084), Merida( Mexico)2007 ;arXiv .org:astro -ph/0710.3063.",
     "Proc. 30th ICRC (icrc 1084)"),
    ("Meeting #33 Sophia Antipolis, France, 2 nd -6 th September 2019", "Meeting #33"),
    ("Meeting #85, Newport Beach California, UNITED STATES, 16th Sep 2019 -17th Sep 2019", "Meeting #85"),
    ("H. Doe et al. Proc. 30th ICRC, Merida, 2007.", "Proc. 30th ICRC"),
])
def test_meeting_place_is_no_part_of_its_name(raw: str, title: str) -> None:
    assert read_reference(raw).record.title == title


def test_known_places() -> None:
    from citecheck.places import known_place
    assert known_place("Mérida") and known_place("Newport Beach") and known_place("Ljubljana")
    assert not known_place("Physics") and not known_place("Nature") and not known_place("Science")


def test_a_season_is_a_whole_word() -> None:
    rec = parse_reference("Kohonen, T. Self-Organizing Maps 2001 Springer Heidelberg").record
    assert "Springer" in f"{rec.title} {rec.publisher} {rec.container_title}"


@pytest.mark.parametrize(("raw", "title"), [
    ("V. Aynutdinov et al., Proc. Int. ARENA2008 Workshop,Rome ,2008 ;to be publ .NIM -A,2008 .",
     "Proc. Int. ARENA2008 Workshop"),
    ("I. Belolaptikov et al., Proc. 3rd Nestor Int. Workshop, Pylos( Greece)1993 ;DESY -94-049",
     "Proc. 3rd Nestor Int. Workshop"),
    ("Meeting #119, Wroclaw (Poland), 26-30 August 2019", "Meeting #119"),
    ("F. U. Bernlochner, K. Tackmann, 7th International Workshop on the CKM Unitarity Triangle(CKM2012) Cincinnati, "
     "Ohio, USA, September 28- October 2, 2012, (2013), arXiv:1303.0958", "7th International Workshop on the CKM Unitarity "
     "Triangle(CKM2012)"),
])
def test_meeting_place_after_a_parenthesis_or_before_a_semicolon(raw: str, title: str) -> None:
    assert read_reference(raw).record.title == title


def test_edition_after_a_title_and_a_spaced_ordinal() -> None:
    rec = read_reference("E.W. Weisstein, Concise Encyclopedia of Mathematics, 2 n d edition. New York:CRC Press ,( 2002).")
    assert (rec.record.title, rec.record.publisher) == ("Concise Encyclopedia of Mathematics", "CRC Press")


@pytest.mark.parametrize(("raw", "title"), [
    ("Millroth, H., Reforming Compilation of Logic Programs, Ph.D. Thesis, Computing Science Department, Uppsala "
     "University, 1990.", "Reforming Compilation of Logic Programs"),
    ("Oliver, R.L. A Cognitive Model of the Antecedents and Consequences of Satisfaction Decisions 1980 Journal of "
     "Marketing Research 17 449--460", "A Cognitive Model of the Antecedents and Consequences of Satisfaction Decisions"),
])
def test_degree_before_thesis_and_a_title_opening_with_a(raw: str, title: str) -> None:
    assert parse_reference(raw).record.title == title


@pytest.mark.parametrize(("text", "title", "volume", "page", "publisher"), [
    # Springer's and EPJ's book layout: the locator ends the title, the imprint is the last sentence
    ("Weinberg, S.: The Quantum Theory of Fields, vol. 1. Cambridge University Press, Cambridge (1995)",
     "The Quantum Theory of Fields", "1", None, "Cambridge University Press"),
    ("Author, I., Writer, J.: Extra Dimensions in Space and Time, p. 27. Springer,Berlin ( 2009)",
     "Extra Dimensions in Space and Time", None, "27", "Springer"),
    ("A. Author and B. Writer, Theory of Polarization: A ModernApproach ,pp .31 -68.Berlin ,Heidelberg "
     ":Springer Berlin Heidelberg, 2007.", "Theory of Polarization: A Modern Approach", None, "31-68",
     "Springer Berlin Heidelberg"),
])
def test_springer_book_layout(text: str, title: str, volume: str | None, page: str | None, publisher: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.type, rec.title, rec.container_title) == ("book", title, None)
    assert (rec.volume, rec.page, rec.publisher) == (volume, page, publisher)


def test_a_book_page_after_a_comma_stays_a_book() -> None:
    rec = read_pdf_record("Stephen H. Kellert, In the Wake of Chaos: Unpredictable Order in Dynamical Systems, "
                "University of Chicago Press, 1993, p 32, ISBN 0-226-42976-8.")
    assert (rec.container_title, rec.publisher) == (None, "University of Chicago Press")


@pytest.mark.parametrize(("text", "title", "host", "publisher"), [
    # GB/T 7714 proceedings papers: the host after "//", then the imprint
    ("[5] 陈七, 周八. 激光冷却原子[C]//第十届全国量子光学会议论文集. 上海: 复旦大学出版社, 2008: 12-15.",
     "激光冷却原子", "第十届全国量子光学会议论文集", "复旦大学出版社"),
    ("[6] Chen Q, Zhou B. Laser cooling of atoms[C]//Proceedings of the 10th National Conference on Quantum "
     "Optics. Shanghai: Fudan University Press, 2008: 12-15.",
     "Laser cooling of atoms", "Proceedings of the 10th National Conference on Quantum Optics", "Fudan University Press"),
])
def test_gbt_proceedings_paper_keeps_its_host(text: str, title: str, host: str, publisher: str) -> None:
    rec = read_pdf_record(text)
    assert (rec.title, rec.container_title, rec.publisher, rec.page) == (title, host, publisher, "12-15")


@pytest.mark.parametrize("text,title,note", [
    ("Kohonen, T. Self-Organizing Maps 2001 Springer Heidelberg", "Self-Organizing Maps", None),
    ("Kohonen, T. Self-Organizing Maps 2001 Series in Information Sciences 3 Springer", "Self-Organizing Maps",
     "Series in Information Sciences 3"),
    ("Spence, R. Information Visualization 2000 Addison Wesley", "Information Visualization", None),
])
def test_a_bare_year_between_a_books_title_and_its_publisher_ends_the_title(
    text: str, title: str, note: str | None
) -> None:
    rec = read_pdf_record(text)
    assert rec.title == title
    assert rec.custom.get("note") == note


@pytest.mark.parametrize(("text", "book", "series"), [
    ("C. Gerhardt, Geometric Flows (Huai-Dong Cao and Shing-Tung Yau, eds.), Surveys in Differential Geometry, "
     "vol. XII, International Press of Boston, Somerville, MA, 2008, pp. 113--165",
     "Geometric Flows", "Surveys in Differential Geometry"),
    ("M. L. de Haro, S. B. Yuste, and A. Santos, Theory and Simulation of Hard-Sphere Fluids and Related Systems, "
     "Lectures Notes in Physics, vol. 753, Angel Mulero, ed. (Springer, Berlin, 2008), pp. 183-245",
     "Theory and Simulation of Hard-Sphere Fluids and Related Systems", "Lectures Notes in Physics"),
])
def test_an_edited_book_is_the_container_of_an_untitled_chapter(text: str, book: str, series: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title, rec.collection_title, rec.type) == (None, book, series, "chapter")


@pytest.mark.parametrize("text", [
    "L. D. Landau, Collected Papers (D. ter Haar, ed.), Pergamon, Oxford, 1965",  # the book itself: no pages
    "A. Author, Chapter title here, Book title (E. Editor, ed.), Publisher, 2001, pp. 1-10",  # two titles
    "A. Author, Chapter title here, in Book title (E. Editor, ed.), Publisher, 2001, pp. 1-10",  # "in"
    "S. Author, Some chapter, Lecture Notes in Physics, vol. 753, Springer, Berlin, 2008, pp. 183-245",  # no editor
])
def test_a_title_before_no_editors_stays_the_title(text: str) -> None:
    assert read_reference(text).record.title


@pytest.mark.parametrize(("raw", "title"), [
    ("McCullough, P., & MacKenty, J. 2012, Considerations for using Spatial Scans with WFC3, Tech. rep.",
     "Considerations for using Spatial Scans with WFC3"),
    ("Cutri, R. M., Wright, E. L., Conrow, T., et al. 2013, Explanatory Supplement to the AllWISE Data Release "
     "Products, Technical Report", "Explanatory Supplement to the AllWISE Data Release Products"),
    ("J. Doe, U. Roe, and V. Poe, Sliding drops on dry & wet substrates, Working paper (2024).",
     "Sliding drops on dry & wet substrates"),
])
def test_a_reports_genre_after_its_title_leaves_it(raw: str, title: str) -> None:
    assert read_reference(raw).record.title == title


@pytest.mark.parametrize("raw", [
    "Doe R.D., Roe T., Poe M., 2015, in Proc. 34th Int. Cosmic Ray Conference (ICRC 2015), arXiv:1509.06322",
    "Doe M., Roe A., et al., 2015, in Proc. 34th Int. Cosmic Ray Conference (ICRC2015),arXiv :1509.02896",
])
def test_an_untitled_proceedings_paper_keeps_its_meeting_as_venue(raw: str) -> None:
    rec = read_reference(raw).record
    assert rec.title is None and rec.year == 2015
    assert rec.container_title is not None and rec.container_title.endswith("2015)")
