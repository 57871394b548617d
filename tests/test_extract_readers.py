"""BibTeX, plain-text/Markdown and JSONL readers: every entry reported, bad ones as errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from citecheck.entries import read_entries, read_path
from citecheck.extract.bibtex import read_bibtex, record_from_bibtex_fields
from citecheck.extract.errors import InputError
from citecheck.extract.jsonl import read_jsonl as found_jsonl
from citecheck.extract.text import read_reference_list as found_reference_list
from citecheck.extract.text import split_entries
from citecheck.model import Citation, Name


def read_jsonl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_jsonl: its entries, read."""
    return read_entries(found_jsonl(*args, **kwargs), kwargs.get("defer", False))


def read_reference_list(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_reference_list: its entries, read."""
    return read_entries(found_reference_list(*args, **kwargs), kwargs.get("defer", False))



DATA = Path(__file__).resolve().parent / "data" / "parsing"


# -- BibTeX -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bib() -> dict[str, object]:
    text = (DATA / "sample.bib").read_text(encoding="utf-8")
    cits = read_bibtex(text, "refs/sample.bib")
    return {"list": cits, "by_id": {c.id: c for c in cits}, "text": text}


def test_bibtex_every_entry_reported(bib: dict) -> None:
    cits = bib["list"]
    # 9 well-formed entries + 1 broken + 1 duplicate; @string and comments are not citations
    assert len(cits) == 11
    ids = [c.id for c in cits]
    for key in ("Stepanow1998", "Dose1975", "ATLAS2012", "Vaswani2017", "vanderHeide2014",
                "McFadden2021", "CERN2019", "site", "draft"):
        assert key in ids
    assert [c.provenance.index for c in cits] == list(range(len(cits)))


def test_bibtex_fields_mapped_to_csl(bib: dict) -> None:
    c = bib["by_id"]["Stepanow1998"]
    r = c.fields
    assert r.type == "article-journal"
    assert r.container_title == "Phys. Rev. Lett."  # @string macro resolved
    assert r.page == "4412-4415"
    assert r.year == 1998 and r.issued.date_parts == [[1998, 5]]
    assert r.DOI == "10.1103/physrevlett.81.4412"
    assert r.arxiv == "cond-mat/9805021"
    assert [n.family for n in r.author] == ["Stepanow", "Sommer", "Erukhimovich"]
    assert r.author[2].given == "Igor Ya."
    assert c.provenance.key == "Stepanow1998" and c.provenance.format == "bibtex"
    assert c.provenance.file == "refs/sample.bib"
    assert c.raw.startswith("@article{Stepanow1998")


def test_bibtex_line_numbers(bib: dict) -> None:
    lines = bib["text"].splitlines()
    for c in bib["list"]:
        assert c.provenance.line is not None
        assert lines[c.provenance.line - 1].lstrip().startswith("@"), c.id


def test_bibtex_latex_and_accents(bib: dict) -> None:
    r = bib["by_id"]["Dose1975"].fields
    assert "Bremsvermögen" in r.title and "für" in r.title
    v = bib["by_id"]["Vaswani2017"].fields
    assert v.author[6] == Name(family="Kaiser", given="Łukasz")
    assert v.type == "paper-conference"
    assert v.container_title == "Advances in Neural Information Processing Systems"
    assert "β" in bib["by_id"]["McFadden2021"].fields.title


def test_bibtex_collaboration_and_others(bib: dict) -> None:
    r = bib["by_id"]["ATLAS2012"].fields
    assert r.author[0] == Name(literal="ATLAS Collaboration")
    assert r.author[1].family == "Aad"
    assert r.authors_truncated
    assert r.arxiv == "1207.7214"
    assert "{" not in r.title and "ATLAS detector" in r.title


def test_bibtex_types(bib: dict) -> None:
    by = bib["by_id"]
    assert by["vanderHeide2014"].fields.type == "book"
    assert by["vanderHeide2014"].fields.author[0].family == "van der Heide"
    assert by["vanderHeide2014"].fields.publisher == "Wiley"
    assert by["McFadden2021"].fields.type == "thesis"
    assert by["McFadden2021"].fields.publisher == "University of British Columbia"
    assert by["CERN2019"].fields.type == "report"
    assert by["CERN2019"].fields.number == "CMS-PAS-HIG-19-001"
    assert by["site"].fields.URL == "https://example.org/a_b%20c"
    assert by["draft"].fields.type == "manuscript"


def test_bibtex_bad_entries_become_errors(bib: dict) -> None:
    errors = [c for c in bib["list"] if c.error]
    assert len(errors) == 2
    broken = next(c for c in errors if "broken2020" in c.id)
    assert broken.error.startswith("refs/sample.bib:")
    assert f":{broken.provenance.line}:" in broken.error
    dup = next(c for c in errors if "duplicate" in c.error)
    assert dup.provenance.key == "Stepanow1998"
    assert dup.id != "Stepanow1998"  # ids stay unique
    assert "A duplicate key" in dup.raw
    good = [c for c in bib["list"] if not c.error]
    assert len({c.id for c in good}) == len(good)


def test_record_from_bibtex_fields_dict() -> None:
    r = record_from_bibtex_fields(
        "inproceedings",
        {"title": "Deep Residual Learning for Image Recognition",
         "author": "He, Kaiming and Zhang, Xiangyu and Ren, Shaoqing and Sun, Jian",
         "booktitle": "CVPR", "pages": "770--778", "year": "2016",
         "doi": "https://doi.org/10.1109/CVPR.2016.90"},
    )
    assert r.type == "paper-conference"
    assert r.container_title == "CVPR"
    assert r.page == "770-778"
    assert r.DOI == "10.1109/cvpr.2016.90"
    assert [n.family for n in r.author] == ["He", "Zhang", "Ren", "Sun"]
    r = record_from_bibtex_fields("misc", {"title": "X", "eprint": "arXiv:2104.14294v2",
                                           "archiveprefix": "arXiv", "author": "Jane Doe"})
    assert r.arxiv == "2104.14294" and r.type == "article"
    assert r.author == [Name(family="Doe", given="Jane")]
    unknown = record_from_bibtex_fields("weirdtype", {"title": "T"})
    assert unknown.title == "T"


def test_bibtex_author_split_after_letters_that_change_length_when_lowercased() -> None:
    """'İ'.lower() is two characters: splitting on ' and ' must not use offsets of a lowercased copy."""
    r = record_from_bibtex_fields("article", {
        "title": "Categorical Flow Maps",
        "author": "Max Welling and İsmail İlkan Ceylan and Luca Ambrogioni and Jan-Willem van de Meent"})
    assert [n.family for n in r.author] == ["Welling", "Ceylan", "Ambrogioni", "van de Meent"]
    assert r.author[1].given == "İsmail İlkan"


def test_bibtex_entirely_broken_file_still_reports() -> None:
    cits = read_bibtex("@article{a, title={x}\n@article{b, title = {y}}\n", "x.bib")
    assert [c.error is not None for c in cits] == [True, False]
    assert cits[0].error.startswith("x.bib:1:")


# -- plain text / Markdown ----------------------------------------------------------------------


def test_markdown_report_references_section() -> None:
    text = (DATA / "report.md").read_text(encoding="utf-8")
    cits = read_reference_list(text, "out/report.md")
    assert [c.id for c in cits] == ["report.md#1", "report.md#2", "report.md#3"]
    lines = text.splitlines()
    for c in cits:
        assert c.provenance.format == "markdown"
        assert lines[c.provenance.line - 1].startswith(c.id.split("#")[1] + ".")
    first, second, third = (c.fields for c in cits)
    assert first.title == "Deep learning" and first.container_title == "Nature"
    assert first.DOI == "10.1038/nature14539"
    assert len(second.author) == 8 and second.author[6].family == "Kaiser"
    assert second.container_title == "Advances in Neural Information Processing Systems"
    assert second.volume == "30"
    assert third.arxiv == "cond-mat/9805021" and third.page == "4412"


def test_text_numbered_with_continuations() -> None:
    text = (DATA / "refs.txt").read_text(encoding="utf-8")
    cits = read_reference_list(text, "refs.txt")
    assert [c.id for c in cits] == ["refs.txt#1", "refs.txt#2", "refs.txt#12", "refs.txt#13"]
    assert cits[2].fields.arxiv == "1207.7214"
    assert cits[2].fields.author[0].literal == "ATLAS Collaboration"
    assert cits[2].provenance.line == 5
    assert cits[1].fields.container_title == "Z. Phys. A"
    assert all(c.provenance.format == "text" for c in cits)


def test_text_one_per_line_and_blank_separated() -> None:
    one = "V. Dose and G. Sele, Z. Phys. A 272, 237 (1975).\nA. Author, Phys. Rev. B 75, 024519 (2007).\n"
    cits = read_reference_list(one, "a.txt")
    assert len(cits) == 2 and cits[1].provenance.line == 2 and cits[1].id == "a.txt#2"
    blank = ("LeCun, Y., Bengio, Y., & Hinton, G. (2015).\nDeep learning. Nature,\n521, 436-444.\n\n"
             "Dose, V., & Sele, G. (1975).\nBremsvermögen. Z. Phys. A, 272,\n237-243.\n")
    cits = read_reference_list(blank, "b.txt")
    assert len(cits) == 2
    assert cits[0].fields.title == "Deep learning" and cits[1].provenance.line == 5
    assert cits[1].fields.volume == "272"


def test_text_hanging_indent_and_bullets() -> None:
    hanging = ("Bibliography\n\nLeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning.\n"
               "    Nature, 521, 436-444.\nDose, V., & Sele, G. (1975). Bremsvermögen.\n"
               "    Z. Phys. A, 272, 237-243.\n")
    cits = read_reference_list(hanging, "h.txt")
    assert len(cits) == 2 and cits[0].fields.container_title == "Nature"
    bullets = "## Sources\n\n* LeCun, Y. (2015). Deep learning. Nature, 521, 436.\n* Dose, V. (1975). B. Z. Phys. A, 272, 237.\n"
    cits = read_reference_list(bullets, "b.md")
    assert len(cits) == 2 and cits[1].fields.year == 1975


def test_text_bold_heading_and_wrapped_doi() -> None:
    text = ("Intro text.\n\n**Works Cited**\n\n[1] LeCun, Y. (2015). Deep learning. Nature, 521, "
            "436-444. https://doi.org/10.1038/\nnature14539\n")
    entries = split_entries(text)
    assert len(entries) == 1
    cits = read_reference_list(text, "w.md")
    assert cits[0].fields.DOI == "10.1038/nature14539"


# -- JSONL --------------------------------------------------------------------------------------


def test_jsonl_reader() -> None:
    text = (DATA / "citations.jsonl").read_text(encoding="utf-8")
    cits = read_jsonl(text, "data/citations.jsonl")
    assert [c.id for c in cits] == ["lecun", "dose", "atlas", "citations.jsonl:5",
                                    "citations.jsonl:6", "nokey"]
    lecun, dose, atlas, broken, noid, nokey = cits
    assert lecun.fields.title == "Deep learning" and lecun.provenance.format == "jsonl"
    assert dose.fields.volume == "272" and "Bremsvermögen" in dose.fields.title
    assert atlas.fields.author[0].literal == "ATLAS Collaboration" and atlas.fields.page == "1-29"
    assert broken.error and broken.error.startswith("data/citations.jsonl:5: invalid JSON")
    assert noid.error is None and noid.fields.volume == "272" and noid.provenance.line == 6
    assert nokey.error and "data/citations.jsonl:7" in nokey.error
    assert [c.provenance.line for c in cits] == [1, 2, 4, 5, 6, 7]


def test_jsonl_bad_values() -> None:
    cits = read_jsonl('{"id": "x", "csl": {"author": "not a list"}}\n{"id": "x", "text": "A"}\n'
                      '{"id": "y", "bibtex": "@article{broken, title={"}\n', "e.jsonl")
    assert cits[0].error and "invalid CSL" in cits[0].error
    assert cits[1].error and "duplicate" in cits[1].error
    assert cits[2].error and cits[2].error.startswith("e.jsonl:3:")


def test_jsonl_text_that_is_a_bibtex_entry_is_read_as_bibtex() -> None:
    import json

    entry = ("@article{Wauters2010,\n  author = {Wauters, F. and others},\n  title = {{Precision measurements "
             "of the Co asymmetry parameter}},\n  journal = {Phys. Rev. C},\n  volume = {82},\n  pages = {055502},"
             "\n  year = {2010},\n  doi = {10.1103/PhysRevC.82.055502}\n}")
    [cit] = read_jsonl(json.dumps({"id": "w", "text": entry}) + "\n", "b.jsonl")
    assert cit.fields.title == "Precision measurements of the Co asymmetry parameter"
    assert cit.fields.container_title == "Phys. Rev. C" and cit.fields.year == 2010
    assert cit.fields.DOI == "10.1103/physrevc.82.055502" and cit.raw == entry and cit.id == "w"
    assert any("read as BibTeX" in w for w in cit.parse_warnings)
    # a reference that only starts with "@" (a handle) stays free text
    [handle] = read_jsonl(json.dumps({"id": "h", "text": "@jdoe, A blog post about spin glasses (2020)."})
                          + "\n", "b.jsonl")
    assert not any("BibTeX" in w for w in handle.parse_warnings)


# -- registry -----------------------------------------------------------------------------------


def test_read_path_dispatch(tmp_path: Path) -> None:
    assert len(read_path(DATA / "sample.bib")) == 11
    assert len(read_path(DATA / "report.md")) == 3
    assert len(read_path(DATA / "citations.jsonl")) == 6
    empty = tmp_path / "e.bib"
    empty.write_text("")
    with pytest.raises(InputError, match=r"e\.bib"):
        read_path(empty)


def test_llm_report_bold_heading_and_closing_prose() -> None:
    text = (
        "Here is a summary of the literature.\n\nTransformers (Vaswani et al., 2017) changed NLP.\n\n"
        "**References:**\n\n"
        "1) Vaswani, A., Shazeer, N., et al. (2017). Attention is all you need. *Advances in Neural "
        "Information Processing Systems*, 30.\n"
        "2) Devlin, J., Chang, M.-W., Lee, K., & Toutanova, K. (2019). **BERT: Pre-training of deep "
        "bidirectional transformers for language understanding.** *NAACL-HLT*, 4171–4186.\n\n"
        "Let me know if you need more sources, or a summary!\n"
    )
    cits = read_reference_list(text, "answer.md")
    assert [c.id for c in cits] == ["answer.md#1", "answer.md#2"]
    assert cits[0].fields.title == "Attention is all you need"
    assert cits[0].fields.volume == "30"
    assert cits[1].fields.title.startswith("BERT: Pre-training")
    assert cits[1].fields.container_title == "NAACL-HLT" and cits[1].fields.page == "4171-4186"
    # a low-confidence numbered entry is still reported (only loose prose after a list is not)
    cits = read_reference_list("References\n\n[1] see above\n[2] ibid.\n", "x.txt")
    assert [c.id for c in cits] == ["x.txt#1", "x.txt#2"]
    assert all(c.parse_confidence < 0.5 for c in cits)


def test_bibtex_dblp_corr_volume_is_the_arxiv_id() -> None:
    text = ("@article{DBLP:journals/corr/abs-2305-13349, author = {Shuoyang Wang and Guanqun Cao},\n"
            " title = {Multiclass classification}, journal = {CoRR}, volume = {abs/2305.13349}, year = {2023}}\n")
    [c] = read_bibtex(text, "dblp.bib")
    assert c.fields.arxiv == "2305.13349"
    assert c.fields.volume is None and c.fields.container_title == "CoRR"
