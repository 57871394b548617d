"""Re-reading a citation's text around a candidate's title (parser-mistake recovery)."""

from __future__ import annotations

from citecheck.model import Citation, Name, Provenance, Record
from citecheck.realign import realign

FOUND = Record(
    title="Spin stiffness in the frustrated Heisenberg antiferromagnet",
    author=[Name(family="du Croo de Jongh", given="M. S. L."), Name(family="Denteneer", given="P. J. H.")],
)


def citation(raw: str, **fields: object) -> Citation:
    return Citation(id="x", raw=raw, fields=Record(**fields), provenance=Provenance(format="text"))


def test_recovers_title_and_authors_from_text() -> None:
    raw = ("M. du Croo de Jongh, P. Denteneer, Spin stiffness in the frustrated Heisenberg "
           "antiferromagnet, arXiv:cond-mat/9611009 (1996).")
    bad = citation(raw, title="de Jongh, P. Denteneer, Spin stiffness in the frustrated Heisenberg antiferromagnet")
    fixed = realign(bad, FOUND)
    assert fixed is not None
    assert fixed.title == "Spin stiffness in the frustrated Heisenberg antiferromagnet"
    assert [n.family for n in fixed.author][-1] == "Denteneer"


def test_keeps_a_changed_word_from_the_text() -> None:
    raw = "A. Author, Spin stiffness in the frustrated Ising antiferromagnet, Phys. Rev. B 1, 2 (1997)."
    fixed = realign(citation(raw, title="Spin stiffness"), FOUND)
    assert fixed is not None
    assert "Ising" in (fixed.title or "")
    assert "Heisenberg" not in (fixed.title or "")


def test_absent_title_and_structured_sources_are_left_alone() -> None:
    other = citation("J. Doe, Quantum gravity in a box, Nature 1, 1 (2000).", title="Quantum gravity in a box")
    assert realign(other, FOUND) is None
    bib = Citation(id="b", raw="@article{x, title={Spin stiffness in the frustrated Heisenberg antiferromagnet}}",
                   fields=Record(title="Spin"), provenance=Provenance(format="bibtex"))
    assert realign(bib, FOUND) is None
