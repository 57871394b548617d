"""Re-reading a citation's text around a candidate's title (parser-mistake recovery)."""

from __future__ import annotations

from citecheck.model import Citation, Name, Provenance, Record
from citecheck.reading.refparse.realign import realign

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


def test_title_glued_in_front_of_the_journal_is_cut_from_the_venue() -> None:
    raw = ("Marzlin, K. -P., Juergen Appel, and A. I. Lvovsky. 2008. “Spin stiffness in the frustrated "
           "Heisenberg antiferromagnet.” Physical Review A 77: 043813.")
    bad = citation(raw, title="Juergen Appel, and A. I. Lvovsky",
                   container_title="“Spin stiffness in the frustrated Heisenberg antiferromagnet.” Physical Review A",
                   volume="77", page="043813")
    fixed = realign(bad, FOUND)
    assert fixed is not None
    assert fixed.title == "Spin stiffness in the frustrated Heisenberg antiferromagnet"
    assert fixed.container_title == "Physical Review A"
    # a venue that holds no part of the title is kept as cited
    ok = citation(raw.replace("Physical Review A", "Phys. Rev. A"), title="Spin stiffness",
                  container_title="Phys. Rev. A")
    fixed = realign(ok, FOUND)
    assert fixed is not None and fixed.container_title == "Phys. Rev. A"


def test_apa_authors_before_an_emphasised_title_keep_their_last_initial() -> None:
    from citecheck.entries import read_text
    from citecheck.model import Record
    from citecheck.reading.refparse.realign import realign

    raw = ("Grüter, P., Laloë, F., Meyerovich, A. E., & Mullin, W. (1996). *Ursell Operators in "
           "Statistical Physics III: thermodynamic properties of degenerate gases*. Some Journal 12, 3.")
    [citation] = read_text(raw, "x.md")
    found = Record.from_csl({"id": "x", "title": "Ursell Operators in Statistical Physics III: "
                             "thermodynamic properties of degenerate gases"})
    fields = realign(citation, found)
    assert fields is not None
    assert [(n.family, n.given) for n in fields.author] == [
        ("Grüter", "P."), ("Laloë", "F."), ("Meyerovich", "A. E."), ("Mullin", "W.")]


def test_latex_source_is_read_as_the_text_it_shows() -> None:
    raw = (r"\bibitem{Jongh1996} M.~du Croo de Jongh and P. J. H.~Denteneer, \emph{Spin stiffness in the "
           r"frustrated Heisenberg antiferromagnet}, (1996).")
    fixed = realign(citation(raw, title="Spin stiffness"), FOUND)
    assert fixed is not None
    assert [n.family for n in fixed.author] == ["du Croo de Jongh", "Denteneer"]
    assert fixed.title == "Spin stiffness in the frustrated Heisenberg antiferromagnet"


def test_a_record_titled_like_the_cited_journal_is_not_the_cited_title() -> None:
    raw = "Eriksen, P. Robust neutrino oscillations for protein folding. Artificial Intelligence in Medicine (2022)."
    cited = citation(raw, title="Robust neutrino oscillations for protein folding",
                     container_title="Artificial Intelligence in Medicine")
    assert realign(cited, Record(title="Artificial Intelligence in Medicine")) is None
    # the venue the parser glued onto a title is still re-read
    glued = citation("J. Doe, Spin stiffness in the frustrated Heisenberg antiferromagnet, Phys. Rev. B 1, 2 (1997).",
                     title="Spin stiffness", container_title="in the frustrated Heisenberg antiferromagnet, Phys. Rev. B")
    assert realign(glued, FOUND) is not None


def test_title_with_a_venue_left_after_a_comma_offers_the_text_before_it() -> None:
    from citecheck.reading.refparse.readings import alternative_readings

    raw = ("Harikrishna Narasimhan, David C. Parkes and Yaron Singer, Learnability of influence in networks, "
           "Digital Access to Scholarship at Harvard (DASH) (Harvard University), 2015.")
    cited = citation(raw, title="Learnability of influence in networks, Digital Access to Scholarship at "
                                "Harvard (DASH) (Harvard University)")
    assert "Learnability of influence in networks" in [alt.title for alt in alternative_readings(cited)]


def test_given_first_list_mixing_initials_and_full_names_is_reread_whole() -> None:
    found = Record(title="Magnetic Fields of Vortices in a Superconducting Thin Film",
                   author=[Name(family="Kossler", given="W. J."), Name(family="Abraham", given="Nathan"),
                           Name(family="Stronach", given="C. E."), Name(family="Greer", given="Allan J.")])
    raw = ("[56] W. J. Kossler, Nathan Abraham, C. E. Stronach and Allan J. Greer, Magnetic Fields of "
           "Vortices in a Superconducting Thin Film, Physics Procedia, vol. 30, pp. 241-244, 2012.")
    bad = citation(raw, title="Nathan Abraham, C. E. Stronach and Allan J. Greer, Magnetic Fields of "
                              "Vortices in a Superconducting Thin Film",
                   author=[Name(family="Kossler", given="W. J.")])
    fixed = realign(bad, found)
    assert fixed is not None
    assert fixed.title == "Magnetic Fields of Vortices in a Superconducting Thin Film"
    assert [(n.family, n.given) for n in fixed.author] == [
        ("Kossler", "W. J."), ("Abraham", "Nathan"), ("Stronach", "C. E."), ("Greer", "Allan J.")]


def test_a_two_sentence_title_cut_at_its_period_is_offered_whole() -> None:
    from citecheck.reading.refparse.readings import alternative_readings

    raw = ("Goudriana, K. The Devotio Moderna and Commemoration. The Case of St Margaret’s Convent in Gouda. "
           "Medieval Low Countries 2015, 2, 109.")
    cited = citation(raw, title="The Devotio Moderna and Commemoration",
                     container_title="The Case of St Margaret’s Convent in Gouda. Medieval Low Countries")
    titles = [alt.title for alt in alternative_readings(cited)]
    assert ("The Devotio Moderna and Commemoration. The Case of St Margaret’s Convent in Gouda"
            in titles), titles


def test_unrecognised_authors_before_a_comma_offer_the_text_after_it() -> None:
    from citecheck.reading.refparse.readings import alternative_readings

    raw = "[10] Peter Kuchment and Leonid Kunyansky, Mathematics of thermoacoustic tomography, 2008."
    cited = citation(raw, title="Peter Kuchment and Leonid Kunyansky, Mathematics of thermoacoustic tomography")
    assert "Mathematics of thermoacoustic tomography" in [alt.title for alt in alternative_readings(cited)]
