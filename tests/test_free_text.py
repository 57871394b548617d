"""Free text or a structured entry: one rule (`model.free_text`) for extract, the reading stage and
retrieval. A structured entry (BibTeX, CSL, a ``.bbl``'s ``\\bibitem``, or BibTeX or JSON pasted as
text) has nothing in its text to read again: no other reading, no text to search by."""

from __future__ import annotations

import pytest

from citecheck.model import Citation, Provenance, Record, free_text
from citecheck.reading import other_readings
from citecheck.reading.reconcile import text_readings
from citecheck.reading.refparse.realign import realign

TEXT = "B. Holst, N. Nettelmann and R. Redmer, Equation of state for dense hydrogen, Contrib. Plasma Phys. 47, 368 (2007)."
FOUND = Record(title="Equation of state for dense hydrogen")


@pytest.mark.parametrize(("fmt", "raw", "free"), [
    ("bibtex", TEXT, False), ("csl", TEXT, False), ("bbl", TEXT, False),
    ("text", TEXT, True), ("markdown", TEXT, True), ("pdf", TEXT, True), ("jsonl", TEXT, True),
    ("docx", TEXT, True), ("tex", TEXT, True), (None, TEXT, True),
    ("text", "@article{holst07, title={Equation of state}}", False), ("jsonl", '{"title": "Equation"}', False),
])
def test_one_rule_says_which_entries_are_free_text(fmt: str | None, raw: str, free: bool) -> None:
    citation = Citation(id="c", raw=raw, fields=Record(title="Equation of state"),
                        provenance=Provenance(format=fmt))
    assert free_text(citation) is free
    assert bool(text_readings(citation).text()) is free
    if not free:
        assert other_readings(citation) == [] and realign(citation, FOUND) is None
