"""Author comparison edge cases: transliteration, markup, name order, collaborations, et al."""

from __future__ import annotations

from citecheck.model import Name, Record
from citecheck.verify.authors import compare_authors
from citecheck.verify.compare import assess
from tests.fakes import read_pdf_record


def rec(*names: Name, truncated: bool = False) -> Record:
    r = Record(author=list(names))
    if truncated:
        r.custom["authors_truncated"] = True
    return r


FOUND = rec(Name(family="Müller", given="Jan"), Name(family="Ch'ng", given="Shin-Fang"),
            Name(family="Hippel", given="Georg M.", **{"non-dropping-particle": "von"}),
            Name(family="Zhang", given="Ningyu"))


def test_spelling_variants_of_the_same_names_agree() -> None:
    variants = [
        [Name(family="Mueller", given="J."), Name(family="Ch&apos;ng", given="S.-F."),
         Name(family="von Hippel", given="G. M."), Name(family="Zhang", given="N.")],
        [Name(family="M{\\\"u}ller", given="Jan"), Name(family="Chng", given="Shin-Fang"),
         Name(family="Hippel", given="Georg"), Name(family="Ningyu", given="Zhang")],
        [Name(literal="Jan Muller"), Name(family="Shin-Fang Ch'ng"), Name(family="von Hippel"),
         Name(family="Zhang N")],
    ]
    for names in variants:
        a = assess(rec(*names), FOUND)
        assert a.score == 10.0 and not a.discrepancies, (names, a.rationale)


def test_et_al_written_as_an_author_means_truncated() -> None:
    cited = rec(Name(family="Müller", given="J."), Name(literal="et al."))
    assert assess(cited, FOUND).score == 10.0
    cited = rec(Name(family="Müller", given="J."), Name(family="others"))
    assert assess(cited, FOUND).score == 10.0
    # without "et al." a short list of a four-author paper has dropped authors
    a = assess(rec(Name(family="Müller", given="J.")), FOUND)
    assert [d.kind for d in a.discrepancies] == ["missing_author"]


def test_other_given_name_is_flagged() -> None:
    cited = rec(Name(family="Müller", given="Jonas"), Name(family="Ch'ng", given="Shin-Fang"),
                Name(family="von Hippel", given="Georg"), Name(family="Zhang", given="Ningyu"))
    a = assess(cited, FOUND)
    assert [d.detail for d in a.discrepancies] == ["given name differs"]
    assert 7.0 <= a.score < 9.5


def test_namesakes_do_not_make_a_list_match() -> None:
    found = rec(Name(family="Wang", given="Yuxiao"), Name(family="Liu", given="Ting"),
                Name(family="Zhao", given="Long"), Name(family="Yuan", given="Liangzhe"))
    cited = rec(Name(family="Wang", given="Peng"), Name(family="Liu", given="Huikang"),
                Name(family="So", given="Anthony"), Name(family="Balzano", given="Laura"))
    comp = compare_authors(cited, found)
    assert comp is not None and comp.overlap < 0.34
    assert any(d.severity == "major" for d in assess(cited, found).discrepancies)


def test_collaboration_against_member_list_is_not_compared() -> None:
    members = rec(*[Name(family=f"Member{i:02d}", given="A.") for i in range(40)])
    members.title = "Search for new phenomena with the ATLAS detector"
    cited = rec(Name(literal="ATLAS Collaboration"))
    assert compare_authors(cited, members) is None
    assert compare_authors(rec(Name(family="Member00", given="A.")),
                           rec(Name(literal="ATLAS Collaboration"))) is None


def test_huge_author_lists_stay_fast() -> None:
    import time

    found = rec(*[Name(family=f"Physicist{i:04d}x", given="A. B.") for i in range(3000)])
    cited = rec(*[Name(family=f"Other{i:04d}", given="C.") for i in range(3000)])
    start = time.perf_counter()
    a = assess(cited, found)
    assert time.perf_counter() - start < 30.0  # guards against quadratic blow-up, not a speed test
    assert any(d.severity == "major" for d in a.discrepancies)
    same = rec(*[n.model_copy() for n in found.author])
    assert assess(same, found).score == 10.0


def test_edited_volume_cited_by_its_editors() -> None:
    found = Record(title="Handbook of Things", editor=[Name(family="Olver", given="Frank W. J."),
                                                       Name(family="Lozier", given="Daniel W.")])
    cited = rec(Name(family="Olver", given="F. W. J."), Name(family="Lozier", given="D. W."))
    cited.title = "Handbook of Things"
    assert assess(cited, found).score == 10.0
    cited.author = [Name(family="Abramowitz", given="M."), Name(family="Stegun", given="I. A.")]
    assert assess(cited, found).score <= 3.0


def test_generational_suffix_is_not_part_of_the_family_name() -> None:
    found = rec(Name(family="Ausman Jr.", given="G. A."), Name(family="McLean", given="F. B."))
    for first in (Name(family="Ausman", given="G. A."), Name(family="Ausman", given="G. A., Jr."),
                  Name(family="Ausman Jr", given="G. A.")):
        comp = compare_authors(rec(first, Name(family="McLean", given="F. B.")), found)
        assert comp is not None and comp.clean, first
    assert assess(rec(Name(family="Ausman", given="G. A."), Name(family="McLean", given="F. B.")),
                  found).score == 10.0


def test_middle_initial_filed_with_the_family_name_agrees() -> None:
    # Crossref: family "L. Lagendijk", given "Reginald"; cited "R. L. Lagendijk"
    found = rec(Name(family="Erkin", given="Zekeriya"), Name(family="L. Lagendijk", given="Reginald"))
    for cited in (rec(Name(family="Erkin", given="Z."), Name(family="Lagendijk", given="R. L.")),
                  rec(Name(family="Erkin", given="Zekeriya"), Name(family="Lagendijk", given="Reginald L."))):
        a = assess(cited, found)
        assert a.score == 10.0 and not a.discrepancies, a.rationale


def test_given_first_names_match_a_record_with_whole_names_or_swapped_order() -> None:
    cited = rec(Name(family="Wang", given="Junrong"), Name(family="Zhang", given="Xiaozhi"),
                Name(family="Hu", given="Yue"))
    whole = rec(Name(family="Junrong Wang"), Name(family="Xiaozhi Zhang"), Name(family="Yue Hu"))
    swapped = rec(Name(family="Junrong", given="Wang"), Name(family="Xiaozhi", given="Zhang"),
                  Name(family="Yue", given="Hu"))
    for found in (whole, swapped):
        comp = compare_authors(cited, found)
        assert comp is not None and comp.matched == 3 and comp.clean, comp
        assert comp.overlap == 1.0


def test_two_word_family_name_split_elsewhere_is_the_same_person() -> None:
    found = rec(Name(family="Mendes Martins", given="Maria"), Name(family="Kumar", given="Piyush"),
                Name(family="Gopala Rao", given="A. V."))
    for cited in (
        rec(Name(family="Martins", given="Maria Mendes"), Name(family="Kumar", given="Piyush"),
            Name(family="Rao", given="A. V. Gopala")),
        rec(Name(family="Martins", given="M. Mendes"), Name(family="Kumar", given="P."),
            Name(family="Rao", given="A. V. Gopala")),
    ):
        comp = compare_authors(cited, found)
        assert comp is not None and comp.matched == 3 and comp.clean, comp
    # another person with the same family name is still told apart
    comp = compare_authors(rec(Name(family="Martins", given="Jose")), rec(Name(family="Mendes Martins", given="Maria")))
    assert comp is not None and not comp.clean


def test_cited_by_the_written_out_middle_name() -> None:
    comp = compare_authors(rec(Name(family="Rao", given="Gopala")), rec(Name(family="Rao", given="A. V. Gopala")))
    assert comp is not None and comp.clean, comp
    comp = compare_authors(rec(Name(family="Rao", given="Gopala")), rec(Name(family="Rao", given="A. V. Krishna")))
    assert comp is not None and comp.wrong_initials


def test_a_list_cut_into_names_at_other_commas_is_the_same_list() -> None:
    """'Fuentes, M. C. Lopez, P. Demoulin, and J. A. Klimchuk' (Chicago: only the first name
    inverted) read as Fuentes M. C. / Lopez P. Demoulin / Klimchuk J. A."""
    found = rec(Name(family="Fuentes", given="M. C. Lopez"), Name(family="Demoulin", given="P."),
                Name(family="Klimchuk", given="J. A."))
    misread = rec(Name(family="Fuentes", given="M. C."), Name(family="Lopez", given="P. Demoulin"),
                  Name(family="Klimchuk", given="J. A."))
    a = assess(misread, found)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    # the same words with two persons in another order are a swapped list, not a re-reading
    swapped = rec(Name(family="Fuentes", given="M. C."), Name(family="Lopez", given="J. A. Klimchuk"),
                  Name(family="Demoulin", given="P."))
    assert assess(swapped, found).discrepancies
    # and another person's words are not re-read away
    other = rec(Name(family="Fuentes", given="M. C."), Name(family="Lopez", given="P. Demoulin"),
                Name(family="Klimchuk", given="J. B."))
    assert assess(other, found).discrepancies


def test_short_family_name_misspelt_with_both_initials_agreeing() -> None:
    found = rec(Name(family="Earn", given="D. J. D."))
    a = assess(rec(Name(family="Ern", given="D. J. D.")), found)
    assert [d.kind for d in a.discrepancies] == ["misspelled"], a.rationale
    # one initial is not enough for a three-letter name: "X. Li" is not "X. Lu"
    a = assess(rec(Name(family="Lu", given="X.")), rec(Name(family="Li", given="X.")))
    assert any(d.kind != "misspelled" for d in a.discrepancies), a.rationale


def test_hyphenated_and_run_together_initials_are_initials_not_a_given_name() -> None:
    found = rec(Name(family="Rugina", given="Ana-Elena"), Name(family="Kanoun", given="Karama"))
    for given in ("A-E", "A.-E.", "AE", "A. E."):
        cited = rec(Name(family="Rugina", given=given), Name(family="Kanoun", given="K"))
        comp = compare_authors(cited, found)
        assert not comp.wrong_given and not comp.wrong_initials, given
    # a different written-out given name is still caught
    comp = compare_authors(rec(Name(family="Rugina", given="Anna-Maria"), Name(family="Kanoun", given="K")), found)
    assert comp.wrong_given


def test_et_al_glued_to_a_record_name_is_a_truncated_list() -> None:
    """Some records hold 'Abachi et al.' as one family name: that is Abachi and others."""
    found = rec(Name(family="Abachi et al."))
    for cited in (rec(Name(family="Abachi"), truncated=True), rec(Name(family="Abachi", given="S."),
                                                                  Name(family="Abbott", given="B."))):
        comp = compare_authors(cited, found)
        assert comp.matched >= 1 and not comp.extra, comp
    assert compare_authors(rec(Name(family="Baffioni")), found).matched == 0
    # a collaboration the record does not name is still wrong, truncated list or not
    found = rec(Name(family="Alver", given="B."), Name(literal="PHOBOS Collaboration"), truncated=True)
    comp = compare_authors(rec(Name(family="Alver", given="B."), Name(literal="STAR Collaboration")), found)
    assert comp.extra == ["STAR Collaboration"]


def test_a_collaboration_the_record_leaves_out_is_no_evidence_against_the_citation() -> None:
    """"STAR Collaboration (Abelev B. I. et al.)" against a record of the persons only: the record does not
    name the collaboration a paper was written for, so the citation's persons alone are compared; a
    record that names another collaboration still contradicts it."""
    found = rec(Name(family="Abelev", given="B. I."), Name(family="Aggarwal", given="M. M."))
    for group in ("STAR Collaboration", "Particle Data Group"):
        comp = compare_authors(rec(Name(literal=group), Name(family="Abelev", given="B. I."), truncated=True),
                               found)
        assert comp is not None and comp.clean and comp.overlap == 1.0, comp
    cited = rec(Name(family="Abelev", given="B. I."), Name(literal="STAR Collaboration"))
    assert compare_authors(cited, rec(*found.author, Name(literal="PHENIX Collaboration"))).extra == [
        "STAR Collaboration"]
    # persons who are not the record's are still other people, collaboration or not
    comp = compare_authors(rec(Name(literal="STAR Collaboration"), Name(family="Smith", given="J.")), found)
    assert comp is not None and comp.matched == 0


def test_a_record_that_lists_only_its_first_author_does_not_make_the_cited_team_other_people() -> None:
    from citecheck.verify.compare import assess, identity_mismatch

    cited = read_pdf_record("Dobin, A., Davis, C. A., Schlesinger, F., Drenkow, J., Zaleski, C., Jha, S., Batut, P., "
                  "Chaisson, M., & Gingeras, T. R. (2013). STAR: ultrafast universal RNA-seq aligner. "
                  "Bioinformatics, 29 (1), 15-21.")
    record = Record.model_validate({
        "id": "doi:10.1093/bioinformatics/bts635", "type": "article-journal",
        "title": "STAR: ultrafast universal RNA-seq aligner", "container-title": "Bioinformatics",
        "author": [{"family": "Dobin", "given": "A."}], "custom": {"authors_truncated": True},
        "volume": "29", "page": "15-21", "issued": {"date-parts": [[2013]]},
    })
    assert identity_mismatch(cited, record) is None
    assert not any(d.field == "author" for d in assess(cited, record).discrepancies)
    # … while a record that lists its authors in full still tells other people apart
    full = record.model_copy(update={"author": [*record.author, *[
        {"family": f, "given": "X."} for f in ("Roe", "Poe", "Moe", "Zoe", "Kee", "Lee", "Fee", "Gee")]],
        "custom": {}})
    full = Record.model_validate(full.model_dump(by_alias=True))
    assert any(d.field == "author" for d in assess(cited, full).discrepancies)


def test_given_and_family_name_run_together_by_pdf_text_are_the_same_person() -> None:
    found = rec(Name(family="Haverkorn", given="Marijke"), Name(family="Shukurov", given="Anvar"))
    comp = compare_authors(rec(Name(family="Haverkorn", given="Marijke"), Name(family="AnvarShukurov")), found)
    assert comp is not None and comp.matched == 2 and comp.clean, comp
    # letters that are not the record's name run together stay another name
    comp = compare_authors(rec(Name(family="Haverkorn", given="Marijke"), Name(family="AnvarShukurova")), found)
    assert comp is not None and not comp.clean


def test_a_collaborations_place_among_the_names_is_no_order() -> None:
    """"I. Arsene et al. (BRAHMS)" against a record listing the BRAHMS Collaboration first: the
    persons are in order; two persons swapped still are not."""
    found = rec(Name(literal="BRAHMS Collaboration"), Name(family="Arsene", given="I."),
                Name(family="Bearden", given="I. G."), truncated=True)
    cited = rec(Name(family="Arsene", given="I."), Name(literal="BRAHMS Collaboration"), truncated=True)
    a = assess(cited, found)
    assert a.score == 10.0 and not a.discrepancies, a.rationale
    swapped = rec(Name(family="Bearden", given="I. G."), Name(family="Arsene", given="I."),
                  Name(literal="BRAHMS Collaboration"))
    assert [d.kind for d in assess(swapped, found).discrepancies] == ["swapped_authors"]
