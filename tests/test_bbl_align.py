"""A .bbl aligned with its .bib (citecheck.bench.bbl_align), on an invented pair in tests/data/bbl."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from citecheck.bench.bbl_align import (
    align,
    bib_entries,
    bibitem_text,
    decode_field,
    load_bbl_set,
    paper_rows,
    row_of,
    segments_of,
    split_bbl,
)
from citecheck.bench.parsing_data import LabelledReference

DATA = Path(__file__).parent / "data" / "bbl"
BBL = (DATA / "sample.bbl").read_text(encoding="utf-8")
BIB = (DATA / "sample.bib").read_text(encoding="utf-8")
ENTRIES = bib_entries(BIB)
SOURCES = {item.key: item.source for item in split_bbl(BBL)}


def _aligned(key: str) -> tuple[str, dict[str, str]]:
    text = bibitem_text(SOURCES[key])
    al = align(text, ENTRIES[key])
    assert not al.problem
    return text, al.gold()


def test_split_keeps_every_bibitem_and_its_bracketed_label() -> None:
    items = split_bbl(BBL)
    assert [i.key for i in items] == ["Quark:2019ab", "Collab:2020xy", "mueller18", "nebel17", "lonely",
                                      "stern16"]
    assert items[2].label.startswith("{\\citenamefont{{M\\\"uller} et~al.}(2018{\\natexlab{a}})")
    assert items[3].label == "{{Nebel} \\& {Staub}(2017)}"
    assert "\\end{thebibliography}" not in items[-1].source


def test_bibitem_text_is_what_the_page_shows() -> None:
    assert bibitem_text(SOURCES["Quark:2019ab"]) == (
        "A. Quark, B. Gluon and C. Higgs, A toy model of ν masses, Phys. Rev. D 99 (2019) 012345 [1901.00001].")
    assert bibitem_text(SOURCES["mueller18"]) == (
        "D. Müller, E. Stern, and F. Komet, ApJ 850, 42 (2018a), arXiv:1801.00003.")
    assert bibitem_text(SOURCES["nebel17"]) == "Nebel, G., & Staub, H. 2017, MNRAS, 470, 1234, doi: 10.1000/toy.3"
    assert bibitem_text(SOURCES["stern16"]) == (
        "E. Stern. Dust in invented galaxies. Mon. Not. R. Astron. Soc., 460(1):100–110, 2016.")


def test_bib_strings_and_journal_macros_are_resolved() -> None:
    assert ENTRIES["Quark:2019ab"]["journal"] == "Phys. Rev. D"
    assert decode_field(ENTRIES["mueller18"]["journal"]) == "ApJ"
    assert decode_field(ENTRIES["nebel17"]["journal"]) == "MNRAS"
    assert decode_field("JCAP") == "JCAP"  # a journal's own upper-case name is no macro


def test_jhep_like_entry_is_aligned_field_by_field() -> None:
    text, gold = _aligned("Quark:2019ab")
    assert gold == {"authors": "A. Quark, B. Gluon and C. Higgs", "title": "A toy model of ν masses",
                    "container-title": "Phys. Rev. D", "volume": "99", "page": "012345", "year": "2019",
                    "arxiv": "1901.00001"}
    al = align(text, ENTRIES["Quark:2019ab"])
    assert "doi" in al.missing  # the DOI is a link target: the page does not show it
    segs, spaced = segments_of(text, al.spans)
    assert LabelledReference("x", "d", "bbl-physics", segs, spaced=spaced).text == text
    assert [label for label, _ in segs] == ["author", "other", "title", "other", "container", "volume", "other",
                                            "date", "other", "pages", "other", "identifier", "other"]


def test_a_collaboration_signs_for_its_authors() -> None:
    _, gold = _aligned("Collab:2020xy")
    assert gold["authors"] == "TOY collaboration"
    assert gold["volume"] == "05" and gold["page"] == "123" and gold["year"] == "2020"


def test_revtex_markup_and_natbib_year_letter() -> None:
    text, gold = _aligned("mueller18")
    assert gold["authors"] == "D. Müller, E. Stern, and F. Komet"
    assert gold["container-title"] == "ApJ" and gold["page"] == "42"
    assert gold["year"] == "2018"  # the span is "2018a", the gold the year
    assert gold["arxiv"] == "1801.00003"
    assert "title" in align(text, ENTRIES["mueller18"]).missing


def test_surname_first_authors_end_with_the_last_initials() -> None:
    _, gold = _aligned("nebel17")
    assert gold["authors"] == "Nebel, G., & Staub, H."
    assert gold["doi"] == "10.1000/toy.3"


def test_the_first_page_is_not_an_issue_number_equal_to_it() -> None:
    text = "E. Stern. Dust. J. Dust, 460(1):1–12, 2016."
    al = align(text, {"author": "Stern, Eva", "title": "Dust", "journal": "J. Dust", "volume": "460",
                      "number": "1", "pages": "1--12", "year": "2016"})
    assert text[slice(*al.spans["page"])] == "1–12"
    _, gold = _aligned("stern16")
    assert gold["page"] == "100" and gold["volume"] == "460"


def test_problems_drop_an_entry() -> None:
    twice = align("A. Bee, 2001, Title, 2001.", {"author": "Bee, A.", "title": "Title", "year": "2001"})
    assert twice.problem == "year ambiguous"
    dash = align("———. 2001, Title.", {"author": "Bee, A.", "title": "Title", "year": "2001"})
    assert dash.problem == "authors shown as a dash"
    short = align("A. Bee, C. Dee, Title, 2001.",
                  {"author": "Bee, A. and Dee, C. and Eff, G.", "title": "Title", "year": "2001"})
    assert short.problem == "authors incomplete"


def test_paper_rows_count_what_they_drop() -> None:
    rows, dropped = paper_rows(BBL, [BIB], "toy-paper", "mixed")
    # most of this paper's entries print their titles: the two that do not are incomplete
    assert dropped == {"key not in the .bib": 1, "title not found": 2}
    assert [r["id"] for r in rows] == ["bbl-physics:toy-paper#Quark:2019ab", "bbl-physics:toy-paper#Collab:2020xy",
                                       "bbl-physics:toy-paper#stern16"]
    # a paper whose style prints no titles keeps its title-less entries
    start, end = BBL.index("\\bibitem[{\\citenamefont"), BBL.index("\\bibitem{lonely}")
    rows, dropped = paper_rows(BBL[start:end], [BIB], "title-less")
    assert len(rows) == 2 and not dropped


def test_rows_load_as_labelled_references(tmp_path: Path) -> None:
    text = bibitem_text(SOURCES["Quark:2019ab"])
    row = row_of("toy-paper", "Quark:2019ab", "JHEP", align(text, ENTRIES["Quark:2019ab"]))
    row["field"] = "hep"
    path = tmp_path / "set.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(row) + "\n")
    (ref,) = load_bbl_set(path)
    assert ref.text == text
    assert ref.document == "toy-paper" and ref.corpus == "bbl-physics" and ref.split == "validation"
    assert ref.gold["title"] == "A toy model of ν masses" and ref.gold["field"] == "hep"


def test_mciteplus_entries_show_their_switched_title() -> None:
    bbl = ("\\begin{mcitethebibliography}{1}\n\\bibitem{toy}\nA.~Bee, \\ifthenelse{\\boolean{articletitles}}"
           "{\\emph{{A title}}, }{}\\href{http://dx.doi.org/10.1000/x}{Phys.\\ Rev.\\ \\textbf{D1} (2001) 1}\\relax\n"
           "\\mciteBstWouldAddEndPuncttrue\n\\mciteSetBstMidEndSepPunct{\\mcitedefaultmidpunct}\n"
           "{\\mcitedefaultendpunct}{\\mcitedefaultseppunct}\\relax\n\\EndOfBibitem\n\\end{mcitethebibliography}\n")
    (item,) = split_bbl(bbl)
    assert bibitem_text(item.source) == "A. Bee, A title, Phys. Rev. D1 (2001) 1"
