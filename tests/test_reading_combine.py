"""Combining the rules' reading with the labeller's, field by field: made-up titles dropped only when
the labeller is sure, fuller journals, misread names, volumes, titles run into the journal (strings
copied from GROBID's citation corpus, Apache-2.0, tests/data/parsing/NOTICE.md)."""

from __future__ import annotations

import pytest

from citecheck.model import Name, Record
from citecheck.reading.combine import (
    _fuller_journal,
    _made_up_title,
    _misread_names,
    _title_like,
    combine,
    read_reference,
)
from citecheck.reading.labeller import LabelledReading
from citecheck.reading.refparse import ParsedReference


def _scored(confidence: dict[str, float], **fields: object) -> LabelledReading:
    return LabelledReading(Record(**fields), confidence)  # type: ignore[arg-type]


def test_made_up_titles() -> None:
    for junk in ("al", "Nucl. Instr", "arXiv.org", "Nature, 1991V349 665", "Int. J. Mod. Phys. A21S1 117"):
        assert _made_up_title(junk), junk
    for title in ("Metacaspases", "Quantum criticality in heavy-fermion metals", "Die Vielfalt der Verbaende"):
        assert not _made_up_title(title), title
    assert not _title_like("Nucl. Instr") and _title_like("Quantum criticality")


def test_a_sure_no_title_drops_only_a_made_up_title() -> None:
    rules = ParsedReference(Record(title="Nucl. Instr", container_title="Meth. A", volume="465"), 1.0, ())
    sure = _scored({"no-title": 0.99, "container": 0.99}, container_title="Nucl. Instr. Meth. A", volume="465")
    rec, origin = combine(rules, sure, pdf_like=False)
    assert rec.title is None and origin["title"] == "labeller"
    assert rec.container_title == "Nucl. Instr. Meth. A"
    unsure = _scored({"no-title": 0.6}, volume="465")
    assert combine(rules, unsure, pdf_like=False)[0].title == "Nucl. Instr"
    real = ParsedReference(Record(title="Metacaspases", container_title="Cell Death Differ."), 1.0, ())
    assert combine(real, sure, pdf_like=False)[0].title == "Metacaspases"


def test_fuller_journal_needs_abbreviations_or_a_known_name() -> None:
    rec = Record(container_title="Phys")
    assert _fuller_journal(rec, _scored({"container": 0.99}, container_title="Astropart. Phys."))
    assert not _fuller_journal(rec, _scored({"container": 0.5}, container_title="Astropart. Phys."))
    title_end = _scored({"container": 0.99}, container_title="Argentina. Gondwana Research")
    assert not _fuller_journal(Record(container_title="Gondwana Research"), title_end)
    assert _fuller_journal(Record(container_title="V69"), _scored({"container": 0.97},
                                                                  container_title="Physics of Atomic Nuclei"))


def test_misread_names_take_the_labellers_authors() -> None:
    rules = ParsedReference(Record(author=[Name(family="Waxman", given="E."), Name(family="Phys", given="J. Bahcall")],
                                   container_title="Phys. Rev. D"), 1.0, ())
    assert _misread_names(rules.record)
    model = _scored({"author": 0.9}, author=[Name(family="Waxman", given="E."), Name(family="Bahcall", given="J.")])
    rec, origin = combine(rules, model, pdf_like=False)
    assert [a.family for a in rec.author] == ["Waxman", "Bahcall"] and origin["author"] == "labeller"


def test_sure_volume_only_where_the_rules_have_none() -> None:
    rules = ParsedReference(Record(container_title="Phys. Rev. D"), 1.0, ())
    rec, _ = combine(rules, _scored({"volume": 0.99}, volume="47"), pdf_like=False)
    assert rec.volume == "47"
    rec, _ = combine(rules, _scored({"volume": 0.8}, volume="47"), pdf_like=False)
    assert rec.volume is None
    rules = ParsedReference(Record(container_title="Phys. Rev. D", volume="48"), 1.0, ())
    assert combine(rules, _scored({"volume": 0.99}, volume="47"), pdf_like=False)[0].volume == "48"


def test_end_to_end_physics_strings() -> None:
    rec = read_reference("L. Nellen, K. Mannheim and P. Biermann Phys. Rev. D47( 1993)5270 .").record
    assert [a.family for a in rec.author] == ["Nellen", "Mannheim", "Biermann"]
    assert (rec.container_title, rec.volume, rec.first_page, rec.year) == ("Phys. Rev. D", "47", "5270", 1993)
    rec = read_reference("T. Matsuzaki et al., Nucl. Instr. Meth. A 465 (2001) 365.").record
    assert rec.title is None and rec.container_title == "Nucl. Instr. Meth. A"


def test_title_that_was_the_journals_start_goes_with_it() -> None:
    rules = ParsedReference(Record(title="Muon Catal", container_title="Fusion", volume="7"), 1.0, ())
    model = _scored({"container": 0.74, "no-title": 0.7}, container_title="Muon Catal. Fusion", volume="7")
    rec, origin = combine(rules, model, pdf_like=False)
    assert rec.container_title == "Muon Catal. Fusion" and rec.title is None
    assert origin == {"container_title": "labeller", "title": "labeller"}


def test_inner_title_after_a_last_author() -> None:
    mine = "C. Meier Non-CMC solutions of the Einstein constraint equations"
    rules = ParsedReference(Record(title=mine), 0.7, ())
    model = _scored({"title": 0.9}, title="Non-CMC solutions of the Einstein constraint equations")
    assert combine(rules, model, pdf_like=False)[0].title == model.record.title


def test_a_title_is_never_dropped_when_nothing_would_locate_the_work() -> None:
    # a CJK entry: the rules' title is all there is (GROBID test split)
    rules = ParsedReference(Record(title="五臟图考", issued={"date-parts": [[1994]]}), 0.55, ())
    rec, _ = combine(rules, _scored({"no-title": 0.99}), pdf_like=False)
    assert rec.title == "五臟图考"
    rules = ParsedReference(Record(title="靳士英. 五臟图考. 中华医史杂誌", container_title="24"), 0.7, ())
    assert combine(rules, _scored({"no-title": 0.99}), pdf_like=False)[0].title == rules.record.title


def test_no_volume_without_a_journal() -> None:
    # the rules read the whole CJK entry as a title: a volume alone would find some other work
    rules = ParsedReference(Record(title="周兵, 周杰. 灼口汤治疗阴虚型灼口综合征观察. 临床口腔医学杂志2012;28(4)"), 0.7, ())
    assert combine(rules, _scored({"volume": 0.99}, volume="28"), pdf_like=False)[0].volume is None


def test_a_subtitle_is_not_cut_off() -> None:
    from citecheck.reading.combine import _inner_title

    mine = "Passenger cars - test track for a severe lane-change manoeuvre - part 2: Obstacle avoidance"
    assert not _inner_title(mine, "Passenger cars - test track for a severe lane-change manoeuvre - part 2")
    assert _inner_title("Quantum criticality. Nucl. Phys", "Quantum criticality")


def test_iop_title_run_into_the_journal() -> None:
    # IOP style: nothing but a space between title and journal; the rules read no journal
    rules = ParsedReference(Record(title="Indecomposable fusion products Nucl. Phys. B", volume="477"), 1.0, ())
    model = _scored({"container": 0.99, "title": 0.97, "volume": 0.99},
                    title="Indecomposable fusion products", container_title="Nucl. Phys. B", volume="477")
    rec, origin = combine(rules, model, pdf_like=False)
    assert (rec.title, rec.container_title) == ("Indecomposable fusion products", "Nucl. Phys. B")
    assert origin == {"title": "labeller", "container_title": "labeller"}
    unsure = _scored({"container": 0.6}, title="Indecomposable fusion products", container_title="Nucl. Phys. B")
    assert combine(rules, unsure, pdf_like=False)[0].container_title is None


def test_a_colon_before_the_rest_of_the_reference_is_no_subtitle() -> None:
    from citecheck.reading.combine import _inner_title

    rest = "Probabilistic surface reconstruction: Bodin, T., Salmon, M., 2012. J. Geophys. Res., 117"
    assert _inner_title(rest, "Probabilistic surface reconstruction")


def test_cjk_title_run_into_the_journal() -> None:
    title = "李元青, 孙红. 中药治疗化疗所致周围神经病变的效果. 中国康复理论与实践 23(11)"
    rules = ParsedReference(Record(title=title), 0.7, ())
    model = _scored({"container": 0.97, "volume": 0.99}, title="中药治疗化疗所致周围神经病变的效果",
                    container_title="中国康复理论与实践", volume="23")
    rec, _ = combine(rules, model, pdf_like=False)
    assert (rec.title, rec.container_title) == ("中药治疗化疗所致周围神经病变的效果", "中国康复理论与实践")
    # without the labeller's title, the journal stays in the rules' title and is not taken alone
    alone = _scored({"container": 0.97, "volume": 0.99}, container_title="中国康复理论与实践", volume="23")
    assert combine(rules, alone, pdf_like=False)[0].container_title is None


def test_a_title_too_short_to_search_by_is_not_taken() -> None:
    # one rule for "long enough to look a work up by" (titles.searchable_title): a Han character
    # counts as two letters, so three are too few and five are enough, as retrieval has it
    rules = ParsedReference(Record(title="王小平. '陰陽交'小議. 山東中醫學院學報"), 0.7, ())
    short = _scored({"container": 0.99, "volume": 0.99, "title": 0.9}, title="陰陽交",
                    container_title="山東中醫學院學報", volume="13")
    assert combine(rules, short, pdf_like=False)[0].title == rules.record.title
    assert combine(rules, short, pdf_like=False)[0].container_title is None  # nor the journal run into it
    whole = _scored({"container": 0.99, "volume": 0.99, "title": 0.9}, title="'陰陽交'小議",
                    container_title="山東中醫學院學報", volume="13")
    rec = combine(rules, whole, pdf_like=False)[0]
    assert (rec.title, rec.container_title) == ("'陰陽交'小議", "山東中醫學院學報")


def test_a_korean_reference_keeps_its_author_names_out_of_the_title() -> None:
    # the labeller's title and the rules' differ only in script the ASCII key folds away: compared
    # by the Unicode-aware title key, the labeller's (without "양연경,") is taken
    text = "양연경, 뮤지엄 에듀테인먼트 스마트 콘텐츠 모델 연구, 한국과학예술포럼, 17, 2014, pp.233-233."
    assert read_reference(text).record.title == "뮤지엄 에듀테인먼트 스마트 콘텐츠 모델 연구"


def test_a_title_glued_to_the_journal_keeps_the_rules_split() -> None:
    # PDF text with no space between the title's last word and the journal's first: the rules' clean-up
    # splits it, the labeller reads the glued token as the title's; the rules' title stands
    for text, title, journal in (
        ("Okvátovity , Z.; Simon ,F.; Dóra ,B.Anomalous hyperfine coupling and nuclear magnetic relaxation in "
         "WeylsemimetalsPhys .Rev . B 2016 ,94, 245141.",
         "Anomalous hyperfine coupling and nuclear magnetic relaxation in Weyl semimetals", "Phys. Rev. B"),
        ("Weber,H.W.; Sporna ,J .F.; Seidl , E .Transitionfrom Type-II to Type-I Superconductivity with Magnetic "
         "Field DirectionPhys .Rev .Lett .1978 , 41 , 1502–1506.",
         "Type-II to Type-I Superconductivity with Magnetic Field Direction", "Phys. Rev. Lett."),
        # (and the labeller's title lost its start besides)
        ("L .Bai et al.,IR observationsof MS 1054-03: Star Formation and its Evolution in Rich Galaxy "
         "ClustersAstrophys .J .664 ,181 (2007).",
         "IR observations of MS 1054-03: Star Formation and its Evolution in Rich Galaxy Clusters", "Astrophys. J."),
        # (… and its last word split off again by the labeller's own clean-up: "Superconductors Phys")
        ("Tinkham,M .Penetration Depth ,Susceptibility , and Nuclear Magnetic Resonancein Finely Divided "
         "SuperconductorsPhys .Rev. 1958 , 110 , 26–29.",
         "Penetration Depth, Susceptibility, and Nuclear Magnetic Resonance in Finely Divided Superconductors",
         "Phys. Rev."),
    ):
        rec = read_reference(text).record
        assert rec.title and rec.title.endswith(title) and rec.container_title == journal, text


def test_a_name_before_the_subtitle_stays_in_the_title() -> None:
    # the labeller reads "DIRAC" / "CHIPS" as the last author's name; the rules read the authors before it
    for text, title in (
        ("A. Tsaregorodtsev et al., DIRAC: A community grid solution, J .Phys .Conf .Ser. 119, 062048 (2008).",
         "DIRAC: A community grid solution"),
        ("C .M. Trott, B. Pindor ,P. Procopio ,R .B. Wayth, and G .Bernardi. CHIPS: The Cosmological HI Power "
         "Spectrum Estimator. ApJ, 818:139, 2016.", "CHIPS: The Cosmological HI Power Spectrum Estimator"),
    ):
        assert read_reference(text).record.title == title, text
    # without authors read before it, the word before the colon may be the author's ("Wickel: Über …")
    rec = read_reference("Wickel: Über stationäre Paralyse. Allg. Z. Psychiatr. 71, 360 (1914).").record
    assert rec.title == "Über stationäre Paralyse"


def test_the_journals_first_word_glued_to_the_title_goes_back_to_the_journal() -> None:
    for text, title, journal in (
        ("Antonenko, A. O. et al. NMR study of topological insulator Bi₂Te₃ in a wide temperature "
         "rangePhys. Solid State 59, 2331–2339 (2017).",
         "NMR study of topological insulator Bi₂Te₃ in a wide temperature range", "Phys. Solid State"),
        ("Truhlar, D. G. & Garrett, B. C. Variational Transition State TheoryAnnu. Rev. Phys. Chem. 35, 159–189 (1984).",
         "Variational Transition State Theory", "Annu. Rev. Phys. Chem."),
        ("Poquet, E., Lumbroso, N. & Soule, D. E. Étude du diamagnétisme de monocristaux de graphiteJ. Chim. Phys. "
         "57, 866–872 (1960).", "Étude du diamagnétisme de monocristaux de graphite", "J. Chim. Phys."),
    ):
        rec = read_reference(text).record
        assert (rec.title, rec.container_title) == (title, journal), text
    # a title's own last word, a comma after it, is no journal's
    rec = read_reference("J. Ellis, TikZ-Feynman: Feynman diagrams with TikZ, Comput. Phys. Commun. 210, 103 (2017).").record
    assert (rec.title, rec.container_title) == ("TikZ-Feynman: Feynman diagrams with TikZ", "Comput. Phys. Commun.")


def test_a_venue_that_ran_from_the_titles_end_gives_it_back() -> None:
    # the rules' journal ran from the title's last words ("Platinum. Phys. Rev."); the labeller read the
    # journal alone and the title whole: both are taken from it (APS/EPJ layouts, clean text)
    for text, title, journal in (
        ("A. M. Clogston, V. Jaccarino, and Y. Yafet, Interpretation of Knight Shifts and Susceptibilities of "
         "Transition Metals: Platinum. Phys. Rev. 134, A650 (1964)",
         "Interpretation of Knight Shifts and Susceptibilities of Transition Metals: Platinum", "Phys. Rev."),
        ("E. Helfand and N.R. Werthamer, Temperature and Purity Dependence of the Superconducting Critical "
         "Field, Hc2. II. Phys. Rev. 147, 288 (1966)",
         "Temperature and Purity Dependence of the Superconducting Critical Field, Hc2. II", "Phys. Rev."),
        # (a quoted word opening the title: the rules took the quote for the title)
        ("A. Aharoni, “Local” Demagnetization in a Rectangular Ferromagnetic Prism. Phys. Status Solidi B 229, "
         "1413 (2002)", "Local Demagnetization in a Rectangular Ferromagnetic Prism", "Phys. Status Solidi B"),
    ):
        rec = read_reference(text).record
        assert (rec.title, rec.container_title) == (title, journal), text
    # a journal the rules read whole stays whole, though the labeller cut its first word off
    rec = read_reference("N . M .Nusran et al.,Spatially-resolvedstudy of the Meissner effect in superconductors "
                         "using NV-centers-in-diamond optical magnetometryNew J .Phys.20 ,043010 (2018).").record
    assert rec.container_title == "New J. Phys."
    # nor a journal name the labeller cut after a function word ("… Conservation of" + "Nature")
    rec = read_reference("Cho DH. The mycoflora of higher fungi in Pyonsan Peninsula National Park. The Report of the "
                         "Korean Association for Conservation of Nature 1995;34:167-93.").record
    assert rec.container_title == "The Report of the Korean Association for Conservation of Nature"


def test_a_subtitle_of_chemical_formulas_stays_in_the_title() -> None:
    # ": LaNiO₃ and LaCuO₃" is a subtitle, not the rest of the reference (whose numbers are ASCII digits)
    rec = read_reference("J . S .Zhou ,L.G. Marshall,and J .B.Goodenough, Mass enhancement versus Stonerenhancement "
                         "in strongly correlated metallic perovskites : LaNiO₃ and LaCuO₃Phys.Rev . B 89 ,245138 "
                         "(2014).").record
    assert rec.title == ("Mass enhancement versus Stoner enhancement in strongly correlated metallic perovskites: "
                         "LaNiO₃ and LaCuO₃")


@pytest.mark.parametrize(("raw", "title"), [
    ("DEGEN L., MANNER R., AND SALOMON, G. 1992. Working with audio: integrating personal tape recorders and "
     "desktop computers. In Proceedings of CHI '92. ACM, New York, 413-418.",
     "Working with audio: integrating personal tape recorders and desktop computers"),
    ("Blodgett, S. L., Barocas, S., Daum'e, H., and Wallach, H. Language (technology) is power: A critical "
     "survey of bias in nlp. In ACL, 2020.", "Language (technology) is power: A critical survey of bias in nlp"),
])
def test_names_the_labeller_labelled_but_could_not_read_leave_the_title(raw: str, title: str) -> None:
    assert read_reference(raw).record.title == title


def test_words_the_labeller_labelled_names_that_read_as_no_names_stay_in_the_title() -> None:
    rec = read_reference("L. B. Klebanov, G. M. Maniya, and I. A. Melamed, A problem of V. M. Zolotarev and analogues "
                         "of infinitely divisible and stable distributions, Teor. Veroyatnost. i Primenen. 29 (1984), "
                         "757-760.").record
    assert rec.title is not None and rec.title.startswith("A problem of V. M. Zolotarev")
