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


@pytest.mark.parametrize("text,count,last", [
    ("Provost, F. and Fawcett, T", 2, ("Fawcett", "T.")),  # an author span without its closing period
    ("Smith, J, Doe, R", 2, ("Doe", "R.")),
    ("Kolkwitz, R. & Krieger, W", 2, ("Krieger", "W.")),
])
def test_a_bare_initial_closes_an_author_span(text: str, count: int, last: tuple[str, str]) -> None:
    from citecheck.extract import names as N

    names = N.scan_authors(text).names
    assert len(names) == count
    assert (names[-1].family, names[-1].given) == last


def test_a_bare_capital_inside_a_reference_still_needs_a_mark_after_it() -> None:
    # "Oliver, R.L. A Cognitive Model": the "A" after the initials is the title's, as before
    rec = _read("Oliver, R.L. A Cognitive Model of the Antecedents of Satisfaction Decisions. J. Mark. Res. 17, 460 (1980)")
    assert _authors(rec) == ["Oliver, R.L."]
    assert rec.title == "A Cognitive Model of the Antecedents of Satisfaction Decisions"


@pytest.mark.parametrize("text,year,note", [
    ("A. S. Monin and A. M. Yaglom, Statistical Fluid Mechanics [in Russian], Vol. 1, Nauka, Moscow (1965); "
     "English transl., Dover, Mineola, N.Y. (2007).", 1965, "English transl."),
    ("E. Noether, Invariante Variationsprobleme, Nachr. Ges. Wiss. Göttingen 2, 235 (1918) "
     "(English translation in Transport Theory Stat. Phys. 1, 186 (1971))", 1918, "English translation in"),
    ("L. D. Landau, Zh. Eksp. Teor. Fiz. 30, 1058 (1956) [Engl. transl.: Sov. Phys. JETP 3, 920 (1957)]",
     1956, "Engl. transl."),
])
def test_the_translation_after_the_work_is_a_note(text: str, year: int, note: str) -> None:
    for rec in (_read(text), read_reference(text).record):
        assert rec.year == year
        assert note in (rec.custom.get("note") or "")


def test_translation_words_inside_a_title_stay_in_it() -> None:
    rec = _read("J. Smith, A study of English translation of physics texts, J. Transl. Stud. 5, 12 (2001)")
    assert rec.title == "A study of English translation of physics texts"
    assert (rec.volume, rec.page, rec.year) == ("5", "12", 2001)


@pytest.mark.parametrize("text,title,year,note", [
    ("V. L. Ginzburg, Theoretical Physics and Astrophysics (Nauka, Moscow, 1975; Pergamon, Oxford, 1979)",
     "Theoretical Physics and Astrophysics", 1979, "Nauka, Moscow, 1975"),
    ("N. N. Bogoliubov and D. V. Shirkov, Introduction to the Theory of Quantized Fields (Nauka, Moscow, 1976; "
     "Wiley, New York, 1980), p. 123", "Introduction to the Theory of Quantized Fields", 1980, "Nauka, Moscow, 1976"),
])
def test_two_imprints_read_as_the_translation_with_the_original_noted(
    text: str, title: str, year: int, note: str
) -> None:
    rec = _read(text)
    assert (rec.title, rec.year) == (title, year)
    assert note in (rec.custom.get("note") or "")


@pytest.mark.parametrize("text,volume,issue,page", [
    ("R. Narayanan, Phys. Rev. D 88 (2013) 10, 105030 [arXiv:1307.4969 [hep-th]].", "88", "10", "105030"),
    ("A. Author, Phys. Rev. Lett. 116 (2016) 6, 061102", "116", "6", "061102"),
    ("A. Author, Eur. Phys. J. C 76 (2016) 3, 155", "76", "3", "155"),
    ("A. Author, Phys. Rev. D 88 (2013) no.10, 105030", "88", "10", "105030"),  # INSPIRE's older style, as before
    ("A. Author, JHEP 03 (2015) 001", "03", None, "001"),
    ("A. Author, Phys. Lett. B 716 (2012) 1", "716", None, "1"),
])
def test_inspire_volume_year_issue_page(text: str, volume: str, issue: str | None, page: str) -> None:
    rec = _read(text)
    assert (rec.volume, rec.issue, rec.page) == (volume, issue, page)


@pytest.mark.parametrize("text,title,year,note", [
    ("J. M. Foley, The Theory of Oral Composition, Bloomington 1988 (Rpt. 1992).",
     "The Theory of Oral Composition", 1988, "Rpt. 1992"),
    ("C. H. Whitman, Homer and the Heroic Tradition, Cambridge Mass. 1958 (rpt. New York 1965).",
     "Homer and the Heroic Tradition", 1958, "rpt. New York 1965"),
    ("H. Goldstein, Classical Mechanics (Addison-Wesley, Reading, 1950). Reprinted 1959.",
     "Classical Mechanics", 1950, "Reprinted 1959"),
    ("P. A. M. Dirac, The Principles of Quantum Mechanics (Oxford University Press, 1930) (4th ed. 1958)",
     "The Principles of Quantum Mechanics", 1930, "4th ed. 1958"),
])
def test_a_reprint_or_later_edition_after_the_work_is_a_note(text: str, title: str, year: int, note: str) -> None:
    rec = _read(text)
    assert (rec.title, rec.year) == (title, year)
    assert note in (rec.custom.get("note") or "")


def test_reprint_words_inside_a_title_stay_in_it() -> None:
    rec = _read("A. Smith, Reprint of a classic paper, Phys. Rev. 12, 34 (1990)")
    assert (rec.title, rec.year, rec.volume) == ("Reprint of a classic paper", 1990, "12")


@pytest.mark.parametrize("text", [
    "J. M. Foley, Traditional Oral Epic, London and New York 1990.",
    "W. J. Ong, Orality and Literacy: The Technologizing of the Word, New York and London 1982.",
])
def test_two_cities_after_a_books_title_are_its_imprint(text: str) -> None:
    rec = _read(text)
    assert rec.title in ("Traditional Oral Epic", "Orality and Literacy: The Technologizing of the Word")


@pytest.mark.parametrize("text,journal,volume,page", [
    ("Bharadwaj, A. S. 2000. 'A Resource-Based Perspective on Information Technology Capability and Firm "
     "Performance,' MIS Quarterly (24:1), pp. 169-196.", "MIS Quarterly", "24", "169-196"),
    ("Bharadwaj, A. S. 2000. A Resource-Based Perspective on Information Technology Capability and Firm "
     "Performance. MIS Quarterly (24:1), 169-196.", "MIS Quarterly", "24", "169-196"),
    ("박상찬, 차현진 2017. '지식창출과 활용의 괴리: 녹색기술인증의 제도론적 분석,' 지식경영연구 (18:1), pp. 117-138.",
     "지식경영연구", "18", "117-138"),
])
def test_volume_and_issue_in_parentheses_after_the_journal(text: str, journal: str, volume: str, page: str) -> None:
    rec = _read(text)
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


def test_the_korean_cumulative_number_label_is_no_part_of_the_journal() -> None:
    rec = _read("김흥규, 'Q방법론의 유용성,' 주관성연구, 통권제1호, pp.15-33, 1996.")
    assert (rec.container_title, rec.page, rec.year) == ("주관성연구", "15-33", 1996)


@pytest.mark.parametrize("raw,doi", [
    ("10.1016/j.pain.2013.06.022[doi]", "10.1016/j.pain.2013.06.022"),  # PubMed's tag
    ("10.1039/c9ee00453j(2019)", "10.1039/c9ee00453j"),  # the year glued on
    ("10.14191/atmos.2019.29.5.551(inkoreanwithenglishabstract", "10.14191/atmos.2019.29.5.551"),
    ("10.1086/145812')", "10.1086/145812"),
    ("10.1016/S0140-6736(20)30183-5", "10.1016/s0140-6736(20)30183-5"),  # a DOI's own parentheses stay
    ("10.1016/0370-2693(89)90001-X.", "10.1016/0370-2693(89)90001-x"),
])
def test_what_is_glued_onto_a_doi_is_no_part_of_it(raw: str, doi: str) -> None:
    from citecheck.identifiers import normalize_doi

    assert normalize_doi(raw) == doi


def test_a_year_glued_to_a_doi_stays_the_references_year() -> None:
    rec = _read("Abuhelaiqa, M. et al. Stable perovskite solar cells. Energy Environ. Sci., 12, 1910-1917, "
                "doi:10.1039/c9ee00453j(2019).")
    assert (rec.DOI, rec.year) == ("10.1039/c9ee00453j", 2019)


def test_pubmed_pii_and_doi_tags_leave_the_journal_alone() -> None:
    rec = _read("JI, R. R., BERTA, T. & NEDERGAARD, M. 2013. Glia and pain: Is chronic pain a gliopathy? Pain. "
                "doi:S0304-3959(13)00330-8[pii]; 10.1016/j.pain.2013.06.022[doi]")
    assert (rec.container_title, rec.DOI) == ("Pain", "10.1016/j.pain.2013.06.022")


@pytest.mark.parametrize("text,year,note", [
    ("Fleck, Ludwik. Genesis and Development of a Scientific Fact. University Of Chicago Press, 1981[1935].",
     1981, "1935"),
    ("Prip-Møller, Johannes. Chinese Buddhist Monasteries. Hong Kong: Hong Kong University Press, 1967 "
     "[Copenhagen: G.E.C., 1937].", 1967, "Copenhagen: G.E.C., 1937"),
    ("Marshall Sahlins, Âge de Pierre, âge d’abondance, Paris, 1976 (édition originale : Stone Age Economics, 1972).",
     1976, "édition originale"),
    ("M. Planck, The Theory of Heat Radiation, Dover, New York, 1959 (originally published 1914).",
     1959, "originally published 1914"),
])
def test_the_originals_year_after_the_editions_is_a_note(text: str, year: int, note: str) -> None:
    rec = _read(text)
    assert rec.year == year
    assert note in (rec.custom.get("note") or "")


def test_a_bracketed_year_after_a_page_is_still_the_year() -> None:
    assert _read("A. Smith, Nature 411, 123 [2001]").year == 2001


@pytest.mark.parametrize("text,title,note", [
    ("Kohonen, T. Self-Organizing Maps 2001 Springer Heidelberg", "Self-Organizing Maps", None),
    ("Kohonen, T. Self-Organizing Maps 2001 Series in Information Sciences 3 Springer", "Self-Organizing Maps",
     "Series in Information Sciences 3"),
    ("Spence, R. Information Visualization 2000 Addison Wesley", "Information Visualization", None),
])
def test_a_bare_year_between_a_books_title_and_its_publisher_ends_the_title(
    text: str, title: str, note: str | None
) -> None:
    rec = _read(text)
    assert rec.title == title
    assert rec.custom.get("note") == note


def test_dictionary_words_after_a_family_name_are_no_given_names() -> None:
    rec = _read("Tanenbaum, Computer Networks, 2nd Ed. (Prentice Hall 1989)")
    assert not any(a.given == "Computer Networks" for a in rec.author)
    assert "Computer Networks" in (rec.title or "")
    rec = _read("Smith, Rose Mary, A study of roses, J. Hort. Sci. 12, 34 (1990)")  # names that are words too
    assert [(a.family, a.given) for a in rec.author] == [("Smith", "Rose Mary")]


def test_the_year_repeated_before_a_vancouver_volume_is_no_part_of_the_journal() -> None:
    rec = _read("Paik HY, Kim CI, Moon HK. 2008 Dietary Goals and Dietary Guidelines for Korean Adults. "
                "Korean J Nutr 2008;41:887-99.")
    assert (rec.container_title, rec.volume, rec.page, rec.year) == ("Korean J Nutr", "41", "887-899", 2008)


def test_a_japanese_author_of_five_characters_before_a_comma() -> None:
    rec = _read("木村雄四郞, 石戶谷勉氏の逝去を悼む, 植物硏究雜誌, vol,33, no,10(植物硏究雜誌社, 1958).")
    assert [a.family for a in rec.author] == ["木村雄四郞"]
    assert (rec.title, rec.container_title, rec.volume, rec.year) == ("石戶谷勉氏の逝去を悼む", "植物硏究雜誌", "33", 1958)
    # a five-character title after a Chinese name stays the title's
    rec = _read("刘春, 舞蹈新媒体, 北京舞蹈学院学报, 2005.")
    assert [a.family for a in rec.author] == ["刘春"]


def test_an_ampersand_and_a_tilde_range_survive_the_latex_clean_up() -> None:
    # a tilde sent the whole string through pylatexenc, which dropped "&" (a column mark) and made the
    # range's tilde a space: two authors read as one person, the page range lost
    rec = _read("北鄕繁 & 鈴木輝之 (1973),鈴木輝之砂と粘土の混合土の土質工學的性 質に關する實驗的硏究,"
                "北海道大學工學部硏究報告 Vol. 68,No. 2,pp. 243~251 (In Japanese).")
    assert [a.family for a in rec.author] == ["北鄕繁", "鈴木輝之"]
    assert rec.page == "243-251"
    from citecheck.extract.cleanup import latex_to_text

    assert latex_to_text("Smith \\& Jones & Brown, Schr{\\\"o}dinger, pp. 12~15") == \
        "Smith & Jones & Brown, Schrödinger, pp. 12-15"


def test_a_record_that_lists_only_its_first_author_does_not_make_the_cited_team_other_people() -> None:
    from citecheck.verify.compare import assess, identity_mismatch

    cited = _read("Dobin, A., Davis, C. A., Schlesinger, F., Drenkow, J., Zaleski, C., Jha, S., Batut, P., "
                  "Chaisson, M., & Gingeras, T. R. (2013). STAR: ultrafast universal RNA-seq aligner. "
                  "Bioinformatics, 29 (1), 15-21.")
    record = Record.model_validate({
        "id": "doi:10.1093/bioinformatics/bts635", "type": "article-journal",
        "title": "STAR: ultrafast universal RNA-seq aligner", "container-title": "Bioinformatics",
        "author": [{"family": "Dobin", "given": "A."}], "custom": {"authors_truncated": True},
        "volume": "29", "page": "15-21", "issued": {"date-parts": [[2013]]},
    })
    assert identity_mismatch(cited, record) is None
    assert not any(d.field == "author" for d in assess(cited, record).discrepancies)
    # … while a record that lists its authors in full still tells other people apart
    full = record.model_copy(update={"author": [*record.author, *[
        {"family": f, "given": "X."} for f in ("Roe", "Poe", "Moe", "Zoe", "Kee", "Lee", "Fee", "Gee")]],
        "custom": {}})
    full = Record.model_validate(full.model_dump(by_alias=True))
    assert any(d.field == "author" for d in assess(cited, full).discrepancies)
