"""Property test: assess never crashes on arbitrary records and keeps its output in range."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck.model import DateParts, Name, Record
from citecheck.verify.compare import assess, identity_mismatch

text = st.one_of(st.none(), st.text(max_size=40),
                 st.sampled_from(["", " ", "Phys. Rev. B", "10.1103/x", "arXiv:2101.00001v2", "L54",
                                  "12–", "-", "0", "The ATLAS Collaboration", "{\\\"o}", "$\\alpha$"]))
names = st.builds(Name, family=text, given=text, literal=text,
                  **{"non-dropping-particle": st.one_of(st.none(), st.sampled_from(["van", "de", ""]))})
dates = st.one_of(
    st.none(),
    st.builds(DateParts, **{"date-parts": st.lists(st.lists(
        st.one_of(st.integers(-5000, 5000), st.text(max_size=5)), max_size=3), max_size=2)}),
)
custom = st.dictionaries(st.sampled_from(["arxiv", "arxiv_submitted", "authors_truncated", "other_dois"]),
                         st.one_of(st.none(), st.text(max_size=20), st.booleans(),
                                   st.lists(st.text(max_size=15), max_size=2)), max_size=4)
records = st.builds(
    Record, title=text, author=st.lists(names, max_size=6), issued=dates,
    container_title=text, container_title_short=text, volume=text, issue=text, page=text,
    number=text, DOI=text, custom=custom,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records, records)
def test_assess_total_and_in_range(cited: Record, found: Record) -> None:
    a = assess(cited, found)
    assert 0.0 <= a.score <= 10.0
    assert 0.0 <= a.confidence <= 1.0
    for key in ("title_similarity", "author_match"):
        if key in a.field_scores:
            assert 0.0 <= a.field_scores[key] <= 1.0
    assert a.rationale.endswith(".")
    assert identity_mismatch(cited, found, a) == identity_mismatch(cited, found)


@settings(max_examples=150, deadline=None)
@given(records)
def test_record_against_itself_has_no_major_discrepancy(record: Record) -> None:
    a = assess(record, record)
    assert a.score == 10.0 and not a.discrepancies, a.discrepancies
