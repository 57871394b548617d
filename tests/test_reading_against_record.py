"""A reading set right against the record found (`reading.reconcile.without_misread_title`):
title-less styles leave the parser guessing, and a name, a journal or a fragment of the record's
title it took for the title is no claim of the citation once the record is identified without it.
Verification then compares the repaired reading with the record."""

from __future__ import annotations

import pytest

from citecheck.entries import read_text
from citecheck.model import Candidate, Name, Record, set_year
from citecheck.reading.reconcile import assess_reading, best_reading, reading_mismatch
from citecheck.verify.compare import assess
from tests.variants import BY_ID


def _physrevlett_citation(title: str | None) -> tuple[Record, Record]:
    r = BY_ID["doi:10.1103/physrevlett.81.4412"]
    c = Record(title=title, author=[Name(family="Stepanow", given="S."),
                                    Name(family="Sommer", given="J.-U."),
                                    Name(family="Erukhimovich", given="I. Ya.")],
               container_title="Phys. Rev. Lett.", volume="81", page="4412")
    set_year(c, 1998)
    return c, r


@pytest.mark.parametrize("made_up", ["F. B. McLean", "I. Ya. Erukhimovich", "Lect", "Phys. Rev.",
                                     "Juergen Appel, and A. I. Lvovsky", "z"])
def test_title_made_up_by_the_parser_does_not_make_a_journal_reference_major(made_up: str) -> None:
    """Title-less styles: an author name or a journal fragment read as the 'title' is no claim;
    the journal reference identifies the record and the rest agrees."""
    c, r = _physrevlett_citation(made_up)
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert reading_mismatch(c, r) is None


def test_names_read_as_the_title_go_back_to_the_author_list() -> None:
    c, r = _physrevlett_citation("I. Ya. Erukhimovich")
    c.author = c.author[:2]  # the parser took the last author for the title
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale


def test_a_real_looking_other_title_on_a_journal_reference_stays_major() -> None:
    c, r = _physrevlett_citation("Kinks and Particles of Chern-Simons Gravity")
    a = assess_reading(c, r)
    assert any(d.field == "title" and d.severity == "major" for d in a.discrepancies)
    # and a made-up title is still compared when nothing but the title identifies the record
    c, r = _physrevlett_citation("F. B. McLean")
    c.volume, c.page = "80", "1"
    assert any(d.field == "title" for d in assess_reading(c, r).discrepancies)


@pytest.mark.parametrize("journal", ["Physical Review Letters", "physical review letters", "Phys. Rev. Lett."])
def test_the_journal_read_as_the_title_is_the_journal(journal: str) -> None:
    """Title-less style with the journal as the only text segment: it names the venue, not a
    fabricated title."""
    c, r = _physrevlett_citation(journal)
    c.container_title = None
    a = assess_reading(c, r)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    assert reading_mismatch(c, r) is None
    c.page = "4413"
    assert [d.field for d in assess_reading(c, r).discrepancies] == ["page"]


def test_verification_alone_compares_the_reading_as_it_is() -> None:
    """The comparator repairs nothing: the made-up title is compared as cited."""
    c, r = _physrevlett_citation("F. B. McLean")
    assert any(d.field == "title" for d in assess(c, r).discrepancies)
    assert not assess_reading(c, r).discrepancies


#: the arXiv record of a JPSJ article (arxiv-browse, tests/data/abs_files: 0704.0670): printed 2008,
#: posted 2007 — a citation of the preprint may give 2007, one of the journal article owes 2008
_JPSJ_RECORD = {
    "id": "doi:10.1143/jpsj.77.014201", "type": "article-journal",
    "title": "Complete Set of Polarization Transfer Observables for the ¹² C(p,n) Reaction at 296 MeV and 0°",
    "author": [{"family": "Dozono", "given": "M."}, {"family": "Wakasa", "given": "T."},
               {"family": "Ihara", "given": "E."}, {"family": "Asaji", "given": "S."},
               {"family": "Fujita", "given": "K."}, {"family": "Hatanaka", "given": "K."},
               {"family": "Ishida", "given": "T."}, {"family": "Kaneda", "given": "T."},
               {"family": "Matsubara", "given": "H."}, {"family": "Nagasue", "given": "Y."},
               {"family": "Noro", "given": "T."}, {"family": "Sakemi", "given": "Y."},
               {"family": "Shimizu", "given": "Y."}, {"family": "Takeda", "given": "H."},
               {"family": "Tameshige", "given": "Y."}, {"family": "Tamii", "given": "A."},
               {"family": "Yamada", "given": "Y."}],
    "issued": {"date-parts": [[2008]]}, "container-title": "J. Phys. Soc. Jap.", "volume": "77",
    "page": "014201", "DOI": "10.1143/jpsj.77.014201",
    "custom": {"arxiv": "0704.0670", "journal_ref": "J.Phys.Soc.Jap.77:014201,2008", "arxiv_submitted": "2007-04-05"},
}


def test_a_reading_that_takes_the_journal_into_the_title_still_owes_the_printed_year() -> None:
    """IOP layout, the preprint's year cited for the journal article: a reading of the text that ends
    the title with the journal ("… and 0° J. Phys. Soc. Jap", no journal) must not pass for a citation
    of the preprint; the journal stays in the comparison and the year is a discrepancy."""
    text = ("Dozono M et al. 2007 Complete Set of Polarization Transfer Observables for the ¹² C(p,n) "
            "Reaction at 296 MeV and 0° J. Phys. Soc. Jap. 77 014201")
    citation = read_text(text)[0]
    record = Record.model_validate(_JPSJ_RECORD)
    cited, assessment = best_reading(citation, Candidate(record=record, source="index", matched_by="journal"))
    assert cited.container_title == "J. Phys. Soc. Jap."
    assert [d.field for d in assessment.discrepancies] == ["issued"], assessment.rationale


def test_a_book_cited_with_its_pages_is_compared_by_its_title() -> None:
    """"Computer Graphics: Principles and Practice, pp. 992-996, Addison-Wesley": the reader takes the
    book for the venue of a title-less reference; against the book's record the text re-read around the
    record's title compares the title too (as good a score, more fields compared)."""
    text = ("Foley, J. D., van Dam, A., Feiner, S. K., Hughes, J. F., Computer Graphics: Principles and "
            "Practice, pp. 992-996, Addison-Wesley, Massachusetts 1990.")
    citation = read_text(text)[0]
    assert citation.fields.title is None
    record = Record.model_validate({
        "type": "book", "title": "Computer Graphics: Principles and Practice", "publisher": "Addison-Wesley",
        "author": [{"family": "Foley", "given": "J. D."}, {"family": "van Dam", "given": "A."},
                   {"family": "Feiner", "given": "S. K."}, {"family": "Hughes", "given": "J. F."}],
        "issued": {"date-parts": [[1990]]}})
    cited, assessment = best_reading(citation, Candidate(record=record, source="index", matched_by="other"))
    assert cited.title == "Computer Graphics: Principles and Practice"
    assert not assessment.discrepancies and "title" in (assessment.compared or []), assessment.rationale


def test_the_last_word_of_a_title_cut_at_an_abbreviation_leaves_the_venue() -> None:
    """"H. Weyl, Uber die Gleichverteilung von Zahlen mod. Eins, Math. Ann. 77 …": the reader cut the title
    at "mod." and read "Eins, Math. Ann." as the venue; re-read around the record's title, the venue is
    "Math. Ann." alone."""
    citation = read_text("H. Weyl, Uber die Gleichverteilung von Zahlen mod. Eins, Math. Ann. 77 (1916), no. 3, "
                         "313-352.")[0]
    record = Record.model_validate({
        "type": "article-journal", "title": "Uber die Gleichverteilung von Zahlen mod. Eins",
        "container-title": "Math. Ann.", "author": [{"family": "Weyl", "given": "H."}], "volume": "77",
        "page": "313-352", "issued": {"date-parts": [[1916]]}})
    cited, assessment = best_reading(citation, Candidate(record=record, source="index", matched_by="title"))
    assert (cited.container_title or "").rstrip(".") == "Math. Ann" and not assessment.discrepancies, assessment.rationale


def test_the_text_is_re_read_around_the_title_as_the_reading_read_it() -> None:
    """PDF text re-read around the record's title is cleaned as the reading cleans it: a glued "and"
    is no part of the next author's given name."""
    from citecheck.model import Citation
    from citecheck.reading.refparse.realign import realign

    raw = ("Geraint J .A. Doe,Jordan Roe,Jack O. Poe ,andJonathan R. Moe .Parametrizations of the 21-cm "
           "global signal and parameter estimation from single-dipole experiments .MNRAS, 455(4):3829–3840, 2016.")
    found = Record(title="Parametrizations of the 21-cm global signal and parameter estimation from "
                         "single-dipole experiments")
    fields = realign(Citation(id="c", raw=raw, fields=Record(title="Parametrizations")), found)
    assert fields is not None and fields.title == found.title
    assert [(a.given, a.family) for a in fields.author][-1] == ("Jonathan R.", "Moe")
