"""benchmarks/parser_accuracy.py's author-word scorer: PDF glue that GROBID's gold keeps and the
reading sets apart scores as the same name; real names that end like glue stay whole."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from parser_accuracy import Tally, _name_words, score

from citecheck.model import Record


def _authors_right(gold: str, reading: list[str]) -> bool:
    tally = Tally()
    rec = Record.model_validate({"author": [{"literal": n} if " " not in n else
                                            {"family": n.split()[-1], "given": " ".join(n.split()[:-1])}
                                            for n in reading]})
    score(rec, {"author": [gold]}, tally, gold, "anystyle")
    return tally.tp["authors"] == 1


def test_a_family_name_glued_to_the_initial_after_it_is_set_apart() -> None:
    assert _name_words("Clark P. C., KlessenR .S .,Bromm V .") == {"clark", "klessen", "bromm"}
    assert _name_words("ThomasC .Marshall") == {"thomas", "marshall"}
    assert _name_words("McDonald J, DiCaprio L") == {"mcdonald", "dicaprio"}


def test_a_family_name_glued_to_and_matches_the_reading_that_sets_it_apart() -> None:
    assert _authors_right("M.C .Gonzalez -Garciaand M .Maltoni", ["M. C. Gonzalez-Garcia", "M. Maltoni"])
    assert _authors_right("Kraus A .L., Ireland M .J.", ["A. L. Kraus", "M. J. Ireland"])
    assert not _authors_right("M.C .Gonzalez -Garciaand M .Maltoni", ["M. C. Gonzalez-Garcia"])
    assert not _authors_right("Kraus A .L., Holland M .J.", ["A. L. Kraus", "M. J. Ireland"])
