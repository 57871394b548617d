"""The reviewer pass: when does a resolved identifier need a second look, and how is it worded."""

from __future__ import annotations

from citecheck.decide import Assessed, identifier_conflict, review_rationale
from citecheck.model import Candidate, Name, Record, set_year
from citecheck.verify.compare import assess, identity_mismatch
from tests.variants import BY_ID, RECORDS, cited_from, fabricate, m_year


def needs_review(cited: Record, matched_by: str, found: Record) -> bool:
    """The real rule, as the checker applies it: verification's mismatch, the decision's rule."""
    a = assess(cited, found)
    cand = Candidate(record=found, source="index", matched_by=matched_by)  # type: ignore[arg-type]
    return identifier_conflict(Assessed(cand, cited, a, identity_mismatch(cited, found, a)))


def test_identifier_with_other_text_needs_review() -> None:
    real = BY_ID["doi:10.1103/physrevlett.81.4412"]
    other = BY_ID["doi:10.1002/ece3.2314"]
    cited = fabricate(real, other)  # real DOI, another paper's title and authors
    assert needs_review(cited, "doi", real)
    assert needs_review(cited, "arxiv", real)
    # found by title search, the same disagreement is just a poor candidate
    assert not needs_review(cited, "title", real)


def test_faithful_or_slightly_wrong_citation_needs_no_review() -> None:
    for r in RECORDS:
        for cited in (cited_from(r), m_year(1)(r)):
            if cited is None:
                continue
            assert not needs_review(cited, "doi", r), r.id


def test_title_less_citation_with_other_authors_needs_review() -> None:
    real = BY_ID["doi:10.1103/physrevlett.81.4412"]
    cited = Record(author=[Name(family="Hendricksen", given="P."), Name(family="Okafor", given="C.")],
                   container_title="Phys. Rev. Lett.", volume="81", page="4412", DOI=real.DOI)
    set_year(cited, 1998)
    assert needs_review(cited, "doi", real)


def test_review_rationale_names_identifier_and_owner() -> None:
    found = BY_ID["doi:10.1103/physrevlett.81.4412"]
    text = review_rationale("doi", "10.1103/PhysRevLett.81.4412", found)
    assert text.startswith("DOI 10.1103/PhysRevLett.81.4412 belongs to 'Localization transition")
    assert "(Stepanow et al. 1998)" in text and "not to the cited work" in text
    text = review_rationale("arxiv", "cond-mat/9805021", found)
    assert text.startswith("arXiv:cond-mat/9805021 belongs to 'Localization")
