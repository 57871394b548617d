"""Reading identifiers in a reference's text: arXiv ids in their old, new, bare and spaced forms, DOIs
and what is glued onto them, PubMed tags that leave the other fields alone."""

from __future__ import annotations

import pytest

from citecheck.reading.combine import read_reference
from citecheck.reading.identifiers import extract_identifiers
from citecheck.reading.pdftext import clean_pdf_text
from citecheck.reading.refparse import parse_reference
from tests.fakes import read_pdf_record


def test_archive_prefix_before_a_new_style_arxiv_number() -> None:
    from citecheck.reading.identifiers import extract_identifiers
    assert extract_identifiers("Proc. ICRC 2007; arXiv:astro-ph/0710.3063.").arxiv == "0710.3063"


def test_comma_and_a_word_end_a_doi() -> None:
    from citecheck.identifiers import normalize_doi
    from citecheck.reading.combine import read_reference
    rec = read_reference("M. Shalchi, L. Tomio, Phys. Lett. B (2017),http ://dx.doi.org/10.1016/j.physletb.2017.05.070,"
                         "in press ( Erratum).").record
    assert (rec.DOI, rec.title, rec.container_title) == ("10.1016/j.physletb.2017.05.070", None, "Phys. Lett. B")
    assert normalize_doi("doi:10.1002/abc,123") == "10.1002/abc,123"  # a comma before a digit stays


@pytest.mark.parametrize(("raw", "arxiv"), [
    ("E. Author et al. (2017), 1704.01114", "1704.01114"),
    ("A. Author, Phys. Rev. D 95, 1234 (2017) [1701.01234].", "1701.01234"),
    ("Author A and Writer B 2014 (Preprint 1402.1200)", "1402.1200"),
    ("A. Author, Some title, e-print 0911.1234.", "0911.1234"),
    ("A. Author, Phys. Lett. B 734, 290 (2014), 1209.1687", "1209.1687"),
    # not a month arXiv numbered that way: no id
    ("A. Author, Some title, 1399.12345", None),
    ("A. Author, Some title, 2020.1234", None),
    ("A. Author, Some title, 0612.1234", None),  # four digits after the dot before April 2007
    ("A. Author, Some title, 1501.1234", None),  # four digits after the dot from 2015 on
    # inside a sentence, not standing alone
    ("A. Author, The 1704.01114 puzzle, Phys. Rev. D 1, 2 (2017).", None),
])
def test_bare_and_preprint_arxiv_ids(raw: str, arxiv: str | None) -> None:
    assert extract_identifiers(raw).arxiv == arxiv


def test_spaced_arxiv_id_with_version_is_joined() -> None:
    assert "arXiv:1401.4024v2" in clean_pdf_text("V. Author, The null energy condition, arXiv:1401. 4024v2.")
    rec = parse_reference(clean_pdf_text("V. Author, The null energy condition, arXiv:1401. 4024v2.")).record
    assert rec.title == "The null energy condition" and rec.arxiv == "1401.4024"


@pytest.mark.parametrize(("ident", "plausible"), [
    ("0704.0001", True), ("1412.9999", True), ("1501.00001", True), ("2104.14294v2", True),
    ("0612.1234", False), ("1501.1234", False), ("1412.12345", False), ("1399.12345", False), ("2020.1234", False),
])
def test_plausible_arxiv_new(ident: str, plausible: bool) -> None:
    from citecheck.identifiers import plausible_arxiv_new

    assert plausible_arxiv_new(ident) is plausible


@pytest.mark.parametrize(("text", "arxiv"), [
    # the category after the id is the identifier's, not a title: no clean-up split ("mesh all")
    ("I. Author, E. Writer and O. Other, arXiv:1101.3711v1[cond-mat.mes-hall] (2010)", "1101.3711"),
    ("A. Author, arXiv:1501.01234 [physics.acc-ph].", "1501.01234"),
    # IOP's preprint and a URL broken by the PDF's spacing
    ("Author A, Writer B and Other C 2014 (Preprint 1403 .4822) URL http: // arxiv.org /abs/1403. 4822",
     "1403.4822"),
    ("A. Author and B. Writer. 2019. Some neural title. arxiv:cs.LG/1906.08495", "1906.08495"),
])
def test_arxiv_forms_leave_no_title_behind(text: str, arxiv: str) -> None:
    rec = read_reference(text).record
    assert rec.arxiv == arxiv
    assert rec.title in (None, "Some neural title")


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
    rec = read_pdf_record("Abuhelaiqa, M. et al. Stable perovskite solar cells. Energy Environ. Sci., 12, 1910-1917, "
                "doi:10.1039/c9ee00453j(2019).")
    assert (rec.DOI, rec.year) == ("10.1039/c9ee00453j", 2019)


def test_pubmed_pii_and_doi_tags_leave_the_journal_alone() -> None:
    rec = read_pdf_record("JI, R. R., BERTA, T. & NEDERGAARD, M. 2013. Glia and pain: Is chronic pain a gliopathy? Pain. "
                "doi:S0304-3959(13)00330-8[pii]; 10.1016/j.pain.2013.06.022[doi]")
    assert (rec.container_title, rec.DOI) == ("Pain", "10.1016/j.pain.2013.06.022")


@pytest.mark.parametrize("raw,doi", [
    ("10.1103/PhysRevD.11.395.URL", "10.1103/physrevd.11.395"),  # "doi:X. URL https://…" without its space
    ("10.1126/science.1193063.PMID:20847271", "10.1126/science.1193063"),
    ("10.1007/JHEP11(2013)158.URL", "10.1007/jhep11(2013)158"),
    ("doi :10.1103/physrevd.11.395.url", "10.1103/physrevd.11.395"),  # as a lower-casing export gives it
    ("10.16368/j.issn.1674-8999.2002.01.016.", "10.16368/j.issn.1674-8999.2002.01.016"),  # a DOI's own "issn"
])
def test_the_next_fields_label_glued_onto_a_doi_is_no_part_of_it(raw: str, doi: str) -> None:
    from citecheck.identifiers import normalize_doi

    assert normalize_doi(raw) == doi


@pytest.mark.parametrize("text,doi", [
    ("Phys. Rev. Lett. 100 (2008) 228502. doi:10.1103/PhysRevLett .100.228502.", "10.1103/physrevlett.100.228502"),
    ("Nonlin. Processes Geophys. 19, 227-238. doi: 10.5194/npg- 19-227-2012.", "10.5194/npg-19-227-2012"),
    ("Mol Biol Evol 32:268-274. doi: 10.1093/molbev /msu300.", "10.1093/molbev/msu300"),
    ("J. Membr. Sci. 2012. http://dx.doi.org/10.1016/j. memsci.2011.11.020", "10.1016/j.memsci.2011.11.020"),
    # a whole DOI's suffix has a digit: what follows a space is the reference's, not the DOI's
    ("Nature 1999. doi:10.1038/nature12373. 2015-16 reprint", "10.1038/nature12373"),
    # a letters-only suffix before a year is left alone (a year is no DOI's rest)
    ("Some title. doi:10.1000/xyz. 2015 reprint", "10.1000/xyz"),
])
def test_a_doi_broken_at_a_space_is_joined_again(text: str, doi: str) -> None:
    assert extract_identifiers(text).doi == doi


def test_a_broken_doi_leaves_the_page_range_alone() -> None:
    rec = read_pdf_record("A. A. Tsonis, K. L. Swanson, Topology and predictability of el Niño and laNiña networks ,"
                          "Phys .Rev .Lett .100 ( 2008)228 -502.doi :10.1103/PhysRevLett .100.228502.")
    assert (rec.DOI, rec.volume, rec.year) == ("10.1103/physrevlett.100.228502", "100", 2008)


def test_a_parenthesis_the_url_does_not_open_ends_it() -> None:
    ids = extract_identifiers("VWR https://us.vwr.com/store/product/24725854/)(accessed: January2019).")
    assert ids.url == "https://us.vwr.com/store/product/24725854/"
    wiki = extract_identifiers("Quark, https://en.wikipedia.org/wiki/Quark_(particle), 2020.")
    assert wiki.url == "https://en.wikipedia.org/wiki/Quark_(particle)"


def test_an_iso_access_date_is_cut_whole() -> None:
    # its month and day were read as pages ("05-12") and its text as the title's
    ids = extract_identifiers("Poppler. http://poppler.freedesktop.org. Accessed: 2015-05-12.")
    assert "05" not in ids.rest and "Accessed" not in ids.rest
    rec = read_reference("LAMBRECHT meteo GmbH. Lambrecht Weather Station. URL https://www.lambrecht.net/"
                         "wetterstation/. accessed on 2019-08-20.").record
    assert rec.page is None


@pytest.mark.parametrize(("raw", "arxiv", "title"), [
    ("G. B. Mbeng, A. Russomanno, and G. E. Santoro, The quantum ising chain for beginners, 2009.09208 "
     "[cond-mat, physics:quant-ph]", "2009.09208", "The quantum ising chain for beginners"),
    ("A. B. Smith, Title of the paper here, arXiv:1303.0958 [cond-mat, physics:quant-ph].", "1303.0958",
     "Title of the paper here"),
    ("Vaswani, A. et al. Attention Is All You Need. arXiv:1706.03762 [cs, stat] (2017).", "1706.03762",
     "Attention Is All You Need"),
])
def test_an_arxiv_ids_list_of_categories_leaves_the_title(raw: str, arxiv: str, title: str) -> None:
    rec = read_reference(raw).record
    assert (rec.arxiv, rec.title) == (arxiv, title)
