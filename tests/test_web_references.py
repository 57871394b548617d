"""Web pages and software cited by their name and URL: read as such (title = the name, the URL
kept, type webpage or software), checked by their URL with --check-urls, and never an ERROR, a
match on the year alone or a MAJOR for want of a bibliographic record."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from citecheck.checker import Checker
from citecheck.coverage import cited_by_url, web_type
from citecheck.entries import read_text
from citecheck.model import Citation, Label, Verdict
from citecheck.sources.config import load_config
from citecheck.sources.urls import UrlSource
from tests.fakes import OTHER, REAL, MemorySource
from tests.servers.base import LoopbackServer, Request, Response

ELMA = ("Elma Clean 65, (accessed Oct. 18, 2016). "
        "http://www.elma-ultrasonic.com/fileadmin/downloads/S_EC.pdf.")
LARSOFT = "LArSoft, (accessed Oct. 18, 2016). http://larsoft.org."
GANGLIA = "Ganglia, September, 2014. http://ganglia.info/."
CSS = ("Control system studio, (accessed Oct. 18, 2016). http://controlsystemstudio.org/; "
       "developer's manual: http://cs-studio.sourceforge.net/docbook/.")
FREEIPMI = "Gnu freeipmi, September, 2014. http://www.gnu.org/software/freeipmi/."

#: an ISO access date after the URL; a URL closed by a parenthesis it does not open
TABULA = "Tabula. http://tabula.technology. Accessed: 2015-05-13."
VWR = "VWR https://us.vwr.com/store/product/24725854/)(accessed: January2019)."

#: what each reads as: title, URL, type, year
READS = {
    ELMA: ("Elma Clean 65", "http://www.elma-ultrasonic.com/fileadmin/downloads/S_EC.pdf", "webpage", None),
    LARSOFT: ("LArSoft", "http://larsoft.org", "webpage", None),
    GANGLIA: ("Ganglia", "http://ganglia.info/", "webpage", 2014),
    CSS: ("Control system studio", "http://controlsystemstudio.org/", "webpage", None),
    FREEIPMI: ("Gnu freeipmi", "http://www.gnu.org/software/freeipmi/", "software", 2014),
    TABULA: ("Tabula", "http://tabula.technology", "webpage", None),
    VWR: ("VWR", "https://us.vwr.com/store/product/24725854/", "webpage", None),
}
ARTICLE = ("M. Mali, J. Roos, A. Shengelaya, H. Keller and K. Conder, 25Mg NMR study of the MgB2 "
           "superconductor, Phys. Rev. B 65, 100518 (2002). http://example.org/papers/mgb2.pdf")


def _read(text: str) -> Citation:
    [citation] = read_text(text + "\n", name="refs.txt")
    return citation


def _check(texts: list[str], *sources: object, offline: bool = True) -> list[Verdict]:
    # a mirror of the scholarly services: a journal article it lacks would be MAJOR
    mirror = MemorySource([REAL, OTHER], name="mirror", scopes=("scholarly",))
    checker = Checker(use_index=False, sources=[mirror, *sources], offline=offline)  # type: ignore[list-item]
    return checker.check_citations([_read(t) for t in texts])


@pytest.mark.parametrize("text", list(READS))
def test_a_name_and_a_url_is_read_as_a_web_page_or_software(text: str) -> None:
    fields = _read(text).fields
    title, url, kind, year = READS[text]
    assert (fields.title, fields.URL, fields.type, fields.year) == (title, url, kind, year)
    assert not (fields.author or fields.container_title or fields.volume or fields.DOI)


def test_the_label_of_a_further_url_is_kept_as_the_note() -> None:
    assert _read(CSS).fields.custom["note"] == "developer's manual"


@pytest.mark.parametrize("text", list(READS))
def test_a_web_reference_not_found_is_unverified_never_error_major_or_a_year_match(text: str) -> None:
    [v] = _check([text])
    assert v.label is Label.UNVERIFIED, v.rationale
    assert v.match is None, v.rationale  # no unrelated record matched on the year alone
    assert "(--check-urls)" in v.rationale


def test_a_bare_url_is_a_web_page_to_check_not_an_error() -> None:
    citation = _read("http://example.org/datasheets/agent-65.pdf")
    assert citation.fields.type == "webpage" and citation.fields.title is None and cited_by_url(citation)
    [v] = _check(["http://example.org/datasheets/agent-65.pdf"])
    assert v.label is Label.UNVERIFIED and "(--check-urls)" in v.rationale, v.rationale
    assert v.rationale.startswith("No work matching the cited URL found"), v.rationale


def test_software_is_told_by_its_url_or_name() -> None:
    assert web_type("Gnu freeipmi", "http://www.gnu.org/software/freeipmi/") == "software"
    assert web_type("numpy", "https://github.com/numpy/numpy") == "software"
    assert web_type("The ROOT software framework", "https://root.cern") == "software"
    assert web_type("Ganglia", "http://ganglia.info/") == "webpage"


@pytest.mark.parametrize("text", [
    # a person's name is no name of a page: the title is missing, the reading stays an article's
    "Smith J, 2014. http://example.org/smith.pdf",
    # a journal reference with a URL, a journal's name with a URL
    "Phys. Rev. Lett. 65, 2016. http://example.org/prl.pdf",
    "Nature, 2014. http://www.nature.com",
    # a title of more words than a name has
    "A survey of the cleaning agents used in the assembly of detectors, 2016. http://example.org/a.pdf",
])
def test_more_than_a_name_before_the_url_is_no_web_reference(text: str) -> None:
    assert _read(text).fields.type not in ("webpage", "software")


def test_a_journal_article_with_a_url_stays_an_article_and_is_found() -> None:
    citation = _read(ARTICLE)
    assert citation.fields.type == "article-journal" and not cited_by_url(citation)
    [v] = _check([ARTICLE])
    assert v.label is Label.EXACT and v.match is not None and v.match.id == REAL.id, v.rationale


def test_a_doi_url_is_a_doi() -> None:
    text = "25Mg NMR study of the MgB2 superconductor, https://doi.org/10.1103/PhysRevB.65.100518"
    citation = _read(text)
    assert citation.fields.DOI == "10.1103/physrevb.65.100518"
    assert citation.fields.type not in ("webpage", "software")
    [v] = _check([text])
    assert v.match is not None and v.match.id == REAL.id, v.rationale


# -- --check-urls: the cited URL is what gets checked ---------------------------------------------
@pytest.fixture
def site() -> Iterator[LoopbackServer]:
    def answer(req: Request) -> Response:
        if req.path == "/larsoft":
            return Response(200, "<html><head><title>LArSoft</title></head></html>",
                            {"content-type": "text/html"})
        return Response(404, "<title>Not Found</title>", {"content-type": "text/html"})

    with LoopbackServer(answer) as srv:
        yield srv


def test_check_urls_fetches_the_page_of_a_short_name(site: LoopbackServer) -> None:
    urls = UrlSource(load_config(env={}), allow_loopback=True)
    found, gone = _check([f"LArSoft, (accessed Oct. 18, 2016). {site.url}/larsoft.",
                          f"Gnu freeipmi, September, 2014. {site.url}/software/freeipmi/."],
                         urls, offline=False)
    assert found.label is Label.EXACT and found.match is not None, found.rationale
    assert found.match_source == "url" and site.url + "/larsoft" == found.match.URL
    assert gone.label is Label.UNVERIFIED and gone.match is None, gone.rationale  # link rot is no fabrication
    assert "(--check-urls)" not in gone.rationale and "fetched" in gone.rationale, gone.rationale
