"""Deep copies of the CSL models equal the record, share nothing mutable and keep which fields were set."""

from __future__ import annotations

import copy

import pytest

from citecheck.model import DateParts, Name, Record


def _record() -> Record:
    return Record.model_validate({
        "id": "doi:10.1/x", "title": "A title", "volume": "3",
        "author": [{"family": "Doe", "given": "J.", "note": ["kept"]}, {"literal": "ATLAS Collaboration"}],
        "issued": {"date-parts": [[2001, 5]]}, "custom": {"arxiv": "0101.0001", "nested": {"a": [1]}},
        "language": ["en", ["x"]],
    })


@pytest.mark.parametrize("how", ["model_copy", "deepcopy"])
def test_a_deep_copy_equals_the_record_and_shares_nothing_mutable(how: str) -> None:
    rec = _record()
    dup = rec.model_copy(deep=True) if how == "model_copy" else copy.deepcopy(rec)
    assert dup == rec and dup.model_dump(by_alias=True) == rec.model_dump(by_alias=True)
    assert dup.model_fields_set == rec.model_fields_set and dup.model_extra == rec.model_extra
    dup.author[0].family = "Roe"
    dup.author[0].note.append("changed")  # type: ignore[attr-defined]
    dup.author.append(Name(family="New"))
    assert dup.issued is not None and dup.issued.date_parts is not None
    dup.issued.date_parts[0][0] = 1999
    dup.custom["nested"]["a"].append(2)
    dup.language[1].append("y")  # type: ignore[attr-defined]
    assert rec.author[0].family == "Doe" and rec.author[0].note == ["kept"]  # type: ignore[attr-defined]
    assert len(rec.author) == 2
    assert rec.issued == DateParts.model_validate({"date-parts": [[2001, 5]]})
    assert rec.custom["nested"] == {"a": [1]} and rec.language == ["en", ["x"]]  # type: ignore[attr-defined]


def test_a_deep_copy_keeps_which_fields_were_set() -> None:
    rec = Record(title="Only a title")
    dup = rec.model_copy(deep=True)
    assert dup.model_fields_set == {"title"}
    assert dup.model_dump(exclude_unset=True) == {"title": "Only a title"}
