"""Issue 13 (seventh session of 2026-12-05): a Title-Case title read as names after an initials-first
list ("C. Vafa, Black Holes and Mirror Symmetry", "Yu. I. Manin, Gauge Fields and Complex Geometry"),
an inverted reading that leaves the last author's family name over as the title ("Niyti, G. Sawhney,
M.K. Sharma, R.K. Gupta, Phys. Rev. C"), a journal opening the reference before "Vol." ("FEBS Letters,
Vol. 372"), German "Band" and "Seiten". Strings are made up in the same layouts unless they quote
the train split's."""

from __future__ import annotations

import pytest

from citecheck.extract.combine import read_reference
from citecheck.extract.pdftext import clean_pdf_text
from citecheck.extract.refparse import parse_reference


def _read(text: str):  # type: ignore[no-untyped-def]
    return parse_reference(clean_pdf_text(text)).record


@pytest.mark.parametrize(("text", "title"), [
    ("M. Aganagic, C. Vafa, Black Holes and Mirror Symmetry, Adv. Theor. Math. Phys. 8, 939 (2004).",
     "Black Holes and Mirror Symmetry"),
    ("M. Aganagic, C. Vafa, Mirror Symmetry and Topological Strings, Adv. Theor. Math. Phys. 8, 939 (2004).",
     "Mirror Symmetry and Topological Strings"),
    # the PDF lost the comma before the journal
    ("M. Aganagic, C. Vafa, Mirror Symmetry and Supermanifolds Adv. Theor. Math. Phys. 8 (2004) 939.",
     "Mirror Symmetry and Supermanifolds"),
    ("Yu.I Manin, Gauge Fields and Complex Geometry, Springer-Verlag, (1988)",  # (train split)
     "Gauge Fields and Complex Geometry"),
    ("Yu. I. Manin, Gauge Fields and Complex Geometry (Springer-Verlag, Berlin, 1988).",
     "Gauge Fields and Complex Geometry"),
    # "Lines" is a family name too: the words after "and" are not a name, so the chain is no list
    ("A. B. Author, Wilson Lines and Gauge Invariance, Phys. Rev. D 12, 345 (1999).",
     "Wilson Lines and Gauge Invariance"),
    ("Author, A. B., Wilson Lines and Gauge Invariance, Phys. Rev. D 12, 345 (1999).",
     "Wilson Lines and Gauge Invariance"),
])
def test_title_case_words_after_initials_first_names_are_the_title(text: str, title: str) -> None:
    rec = _read(text)
    assert len(rec.author) in (1, 2)
    assert rec.title == title


@pytest.mark.parametrize(("text", "families"), [
    # written-out names among initials-first ones, and Chicago's inverted first author, still read
    ("W. J. Kossler, Nathan Abraham, C. E. Stronach and Allan J. Greer, Muon spin rotation in cuprates, "
     "Phys. Rev. B 3, 4 (1999).", ["Kossler", "Abraham", "Stronach", "Greer"]),
    ("Marzlin, K.-P., Juergen Appel, and Barry C. Sanders, Coherent control of atoms, Phys. Rev. A 3, 4 (1999).",
     ["Marzlin", "Appel", "Sanders"]),
    ("A. B. Author and C. Writer, Dark Energy and the Accelerating Universe, Phys. Rev. D 12, 345 (1999).",
     ["Author", "Writer"]),
    ("Hemingway, Ernest. For Whom the Bell Tolls. New York: Charles Scribner's Sons, 1940.", ["Hemingway"]),
])
def test_names_around_title_case_titles_still_read(text: str, families: list[str]) -> None:
    assert [a.family for a in _read(text).author] == families


@pytest.mark.parametrize(("text", "families", "title"), [
    ("Niyti, G. Sawhney, M.K. Sharma, R.K. Gupta, Phys. Rev. C 91 (2015) 054606.",  # (train split)
     ["Niyti", "Sawhney", "Sharma", "Gupta"], None),
    ("Smith, A. Jones, B.C. Brown, Fusion of heavy ions near the barrier, Phys. Rev. C 91 (2015) 054606.",
     ["Smith", "Jones", "Brown"], "Fusion of heavy ions near the barrier"),
    # every name inverted (APA without commas between them): kept so
    ("Sasayama, D. Hattori, K. Teraishi, T. Title of the work. J. Psych. 3, 4 (2001).",
     ["Sasayama", "Hattori", "Teraishi"], "Title of the work"),
    # the word left over is a plain word: the title's
    ("Sasayama, D. Hattori, K. Teraishi, T. Superconductivity, a review, J. Psych. 3, 4 (2001).",
     ["Sasayama", "Hattori", "Teraishi"], "Superconductivity, a review"),
])
def test_a_family_name_left_over_reads_the_list_given_name_first(
        text: str, families: list[str], title: str | None) -> None:
    rec = _read(text)
    assert [a.family for a in rec.author] == families
    assert rec.title == title


@pytest.mark.parametrize(("text", "journal", "volume", "page"), [
    ("FEBS Letters, Vol. 372, p. 83 (1995)", "FEBS Letters", "372", "83"),  # (train split)
    ("Physical Review Letters, vol. 72, p. 83 (1995)", "Physical Review Letters", "72", "83"),
    ("Artificial Organs, Band 20, Nr. 9 (1996), Seiten 986-990", "Artificial Organs", "20", "986-990"),  # (train split)
])
def test_a_journal_opening_the_reference_has_no_author(text: str, journal: str, volume: str, page: str) -> None:
    rec = read_reference(text).record
    assert rec.author == []
    assert (rec.container_title, rec.volume, rec.page) == (journal, volume, page)


def test_german_seite_gives_the_page() -> None:
    rec = _read("H. Day, D. M. Wiles: J. Appl. Polym. Sci 16, 1972, Seite 203")  # (train split)
    assert rec.page == "203"


@pytest.mark.parametrize("title", ["Neutron Stars", "Cosmic Strings"])
def test_a_two_word_title_case_title_survives_the_labellers_no_title(title: str) -> None:
    # the PDF dropped the spaces after the commas: the reading is doubtful and the labeller reads no
    # title, but two capitalised dictionary words that are no names and no journal are a title
    rec = read_reference(f"A. B. Author, C. Writer,{title},Phys.Rev.D12,345(1999).").record
    assert rec.title == title
    assert rec.container_title == "Phys. Rev. D"


@pytest.mark.parametrize(("title", "reads"), [
    ("Neutron Stars", True), ("Applied Optics", False),  # a journal's name is no title of two words
    ("Brown Young", False),  # names
])
def test_two_capitalised_words_read_as_a_title(title: str, reads: bool) -> None:
    from citecheck.extract.combine import _reads_as_title

    assert _reads_as_title(title) is reads


@pytest.mark.parametrize(("text", "title", "journal"), [
    # a journal's acronym right after the title, a volume and no page, then an arXiv id
    ("C. Cartier, E.J. Copeland, R. Madden, The graceful exit in pre-big bang string cosmology JHEP 0001 (2000) "
     "arXiv:hep-th/9910169.", "The graceful exit in pre-big bang string cosmology", "JHEP"),
    # no journal's acronym: the number stays the title's
    ("A. Author, HI velocity dispersion in NGC 1058, arXiv:1901.01234 (2019).",
     "HI velocity dispersion in NGC 1058", None),
])
def test_a_known_acronym_before_a_lone_volume_is_the_journal(text: str, title: str, journal: str | None) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title) == (title, journal)


@pytest.mark.parametrize(("text", "title", "journal"), [
    # no volume (in press): an abbreviated journal right after the title, no mark between them
    ("D. H. Ping and S. Hirosawa, Mechanism of grain size refinement by Cu addition J. Appl. Phys. (1999), in press.",
     "Mechanism of grain size refinement by Cu addition", "J. Appl. Phys."),
    ("S. Garoufalidis and R. Kashaev, From state integrals to q-series Math. Res. Lett. (2017).",
     "From state integrals to q-series", "Math. Res. Lett."),
    # a book whose title ends in words of a journal's name keeps its title
    ("C. Kittel, Introduction to Solid State Physics, Wiley, New York, 1996.",
     "Introduction to Solid State Physics", None),
])
def test_an_abbreviated_journal_after_the_title_without_numbers(text: str, title: str, journal: str | None) -> None:
    rec = _read(text)
    assert rec.title == title
    assert (rec.container_title or "").rstrip(".") == (journal or "").rstrip(".")


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
    rec = _read(text)
    assert rec.title == title
    assert (getattr(rec, "publisher-place"), rec.publisher) == (place, publisher)
    assert rec.custom.get("note") == note
    assert rec.type == "book" and rec.year == 1974


def test_gost_statement_of_responsibility_in_a_book() -> None:
    rec = _read("Ландау Л. Д. Квантовая механика / Л. Д. Ландау, Е. М. Лифшиц. — М.: Наука, 1974. — 752 с.")
    assert rec.title == "Квантовая механика"
    assert [a.family for a in rec.author] == ["Ландау", "Лифшиц"]


@pytest.mark.parametrize("text", [
    "Сидоров С. С. Физика плазмы : дис. ... д-ра физ.-мат. наук : 01.04.08 / Сидоров Сергей Сергеевич. — М., 2005. — 300 с.",
    "Сидоров С. С. Физика плазмы : автореф. дис. ... канд. физ.-мат. наук. — Новосибирск, 2005. — 20 с.",
])
def test_gost_thesis(text: str) -> None:
    rec = _read(text)
    assert rec.title == "Физика плазмы"
    assert rec.type == "thesis" and rec.year == 2005
    assert "дис." in rec.custom.get("note", "")


@pytest.mark.parametrize(("text", "title", "host", "publisher"), [
    # GB/T 7714 proceedings papers: the host after "//", then the imprint
    ("[5] 陈七, 周八. 激光冷却原子[C]//第十届全国量子光学会议论文集. 上海: 复旦大学出版社, 2008: 12-15.",
     "激光冷却原子", "第十届全国量子光学会议论文集", "复旦大学出版社"),
    ("[6] Chen Q, Zhou B. Laser cooling of atoms[C]//Proceedings of the 10th National Conference on Quantum "
     "Optics. Shanghai: Fudan University Press, 2008: 12-15.",
     "Laser cooling of atoms", "Proceedings of the 10th National Conference on Quantum Optics", "Fudan University Press"),
])
def test_gbt_proceedings_paper_keeps_its_host(text: str, title: str, host: str, publisher: str) -> None:
    rec = _read(text)
    assert (rec.title, rec.container_title, rec.publisher, rec.page) == (title, host, publisher, "12-15")


@pytest.mark.parametrize(("text", "families", "journal"), [
    # ACS: no title, and the journal's "J." reads like the last author's initial
    ("Smith, J.; Doe, A. J. Am. Chem. Soc. 2010, 132, 1234–1240.", ["Smith", "Doe"], "J. Am. Chem. Soc."),
    ("Smith, J. B.; Doe, A. J. Chem. Phys. 2010, 132, 1234.", ["Smith", "Doe"], "J. Chem. Phys."),
    ("Doe, A. J. J. Am. Chem. Soc. 2010, 132, 1234.", ["Doe"], "J. Am. Chem. Soc."),
    # no journal starts at the "J.": it stays the author's
    ("Smith, J.; Doe, A. J. Phys. Rev. Lett. 2010, 104, 251301.", ["Smith", "Doe"], "Phys. Rev. Lett."),
])
def test_a_journals_first_word_is_no_initial(text: str, families: list[str], journal: str) -> None:
    rec = _read(text)
    assert [a.family for a in rec.author] == families
    assert rec.container_title == journal
    assert rec.title is None


def test_the_initial_stays_when_no_journal_starts_there() -> None:
    rec = _read("Smith, J.; Doe, A. J. Phys. Rev. Lett. 2010, 104, 251301.")
    assert rec.author[1].given == "A. J."


@pytest.mark.parametrize(("text", "title", "journal"), [
    # IOP: a journal the table lists without abbreviations right after the title's last word
    ("Pankov S and Dobrosavljevic V 2008 2D-MIT as self-doping of a Wigner-Mott insulator Physica B 403 1440",
     "2D-MIT as self-doping of a Wigner-Mott insulator", "Physica B"),
    ("Pankov S and Dobrosavljevic V 2008 2D-MIT as self-doping of a Wigner-MottinsulatorPhysica B 403 1440",
     "2D-MIT as self-doping of a Wigner-Mottinsulator", "Physica B"),
    # Vancouver: the known tail "Chem Commun" of a longer journal after the title's period is not cut off
    ("Tomko J. A new alkaloid from Mahonia aquifolium (Pursh) Nutt. Collect Czech Chem Commun 1987; 52:242-246.",
     "A new alkaloid from Mahonia aquifolium (Pursh) Nutt", "Collect Czech Chem Commun"),
])
def test_a_journal_without_abbreviations_after_an_iop_title(text: str, title: str, journal: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title) == (title, journal)


@pytest.mark.parametrize("journal", ["Sov. Astron. Lett.", "Tech. Phys. Lett.", "Braz. J. Phys.", "Ukr. J. Phys."])
def test_iop_abbreviated_words_before_a_known_journal_tail(journal: str) -> None:
    # the table knows "Astron. Lett." / "Phys. Lett." / "J. Phys.": the abbreviations before are the journal's too
    rec = read_reference(f"Smith J A and Jones B 2012 Nonlinear waves in a magnetized plasma {journal} 12 345").record
    assert (rec.title, rec.container_title) == ("Nonlinear waves in a magnetized plasma", journal)


@pytest.mark.parametrize(("text", "title"), [
    # a title's last word before its period stays the title's
    ("Smith J. Measurements of fusion in Germany. Z. Phys. A 12, 345 (1999).", "Measurements of fusion in Germany"),
    ("K. Wagh, S. Thakur. (2018). Disaster Information System Using Geofence. International Journal of Recent "
     "Trends in Engineering and Research, 4(1), 397-402.", "Disaster Information System Using Geofence"),
])
def test_a_titles_last_word_is_no_journal_abbreviation(text: str, title: str) -> None:
    assert read_reference(text).record.title == title


@pytest.mark.parametrize(("text", "journal"), [
    # the head before the numbers opens with an abbreviation and holds only a journal's words: no title
    ("Gavazzi G., Boselli A., 1996, Ap.Lett.& Comm, 35, 1", "Ap. Lett.& Comm"),  # (train split)
    ("N. Toyoda, I. Yamada, Surf. Coat. Tech., 201: 8620 (2007)", "Surf. Coat. Tech."),  # (train split)
    ("Auerbach, et al., 1985, J. Microvasc. Res. 29: 401-411", "J. Microvasc. Res."),  # (train split)
])
def test_an_abbreviated_head_is_the_journal(text: str, journal: str) -> None:
    rec = read_reference(text).record
    assert (rec.title, rec.container_title) == (None, journal)


def test_a_title_opening_with_one_abbreviation_stays_a_title() -> None:
    rec = read_reference("Smith J., 1996, Dr. Strangelove Revisited, Phys. Rev., 35, 1").record
    assert (rec.title, rec.container_title) == ("Dr. Strangelove Revisited", "Phys. Rev.")


@pytest.mark.parametrize(("text", "family"), [
    # "and" inside a family name is no separator ("Copel" + "and …"); glued before an initial it is
    ("C .Cartier, J. Hwang, E. J. CopelandEvolution of cosmological perturbations in nonsingular stringcosmologies , "
     "Phys .Rev .D64(2001 ) arXiv:astro -ph/0106197.", "Copeland"),  # (train split)
    ("P. Parthasarathyand R. Sudhesh,Applied MathematicsLetters19 ,1083 ( 2006 ).", "Parthasarathy"),  # (train split)
])
def test_and_inside_a_family_name(text: str, family: str) -> None:
    assert family in [a.family for a in read_reference(text).record.author]


@pytest.mark.parametrize("text", [
    # a note's lead-in before the reference it points to (REVTeX reference lists)
    "See, e.g., A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999), and references therein.",
    "For a review see A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999).",
    "For a recent review, see A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999).",
    # an identifier between two works: the first is read whole
    "A. B. Author, Title of the first work, Phys. Rev. D 12, 345 (1999), arXiv:hep-ph/9901234; Phys. Lett. B 4, 56 (2000).",
])
def test_lead_ins_and_a_second_work(text: str) -> None:
    rec = read_reference(text).record
    assert [a.family for a in rec.author] == ["Author"]
    assert (rec.title, rec.container_title, rec.volume, rec.page) == ("Title of the first work", "Phys. Rev. D", "12", "345")


def test_a_title_opening_with_see_keeps_its_words() -> None:
    from citecheck.extract.cleanup import strip_label

    assert strip_label("See You Later: A Study. Journal 3, 4 (2000).").startswith("See You Later")
