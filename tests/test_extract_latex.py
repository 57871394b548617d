"""LaTeX inputs: real REVTeX/natbib/biblatex .bbl files and .tex + .bib projects."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck.entries import read_entries, read_path
from citecheck.extract import InputError
from citecheck.extract.latex import read_bbl as found_bbl
from citecheck.extract.latex import read_tex as found_tex
from citecheck.model import Citation
from citecheck.normalize import fold, journal_key, normalize_doi, title_similarity


def read_bbl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_bbl: its entries, read."""
    return read_entries(found_bbl(*args, **kwargs), kwargs.get("defer", False))


def read_tex(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_tex: its entries, read."""
    return read_entries(found_tex(*args, **kwargs), kwargs.get("defer", False))



DOCS = Path(__file__).resolve().parent / "data" / "documents"


def expected(stem: str) -> list[dict]:
    text = (DOCS / f"{stem}-expected.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def families(names) -> list[str]:
    return [fold(n.family or n.literal or "") for n in names]


def first_page(page: str) -> str:
    return re.split(r"[-–]", page)[0]


def test_revtex_bbl_without_titles_reads_bibinfo_fields() -> None:
    text = (DOCS / "aps-prl.bbl").read_text(encoding="utf-8")
    cites = read_bbl(text, "aps-prl.bbl")
    exp = expected("physics")
    assert len(cites) == text.count("\\bibitem ") == len(exp) == 16
    assert [c.id for c in cites] == [e["key"] for e in exp]
    for c, e in zip(cites, exp, strict=True):
        f = c.fields
        assert c.error is None
        assert f.title is None  # PRL style drops article titles
        assert families(f.author) == [fold(a["family"]) for a in e["author"]], c.id
        assert f.container_title == (e.get("container-title-short") or e["container-title"])
        assert f.volume == e["volume"]
        assert f.first_page == first_page(e["page"])
        assert f.year == e["issued"]["date-parts"][0][0], c.id  # Stahn2007: from the label
        assert normalize_doi(e["DOI"]) == f.DOI
        assert c.provenance.key == e["key"] and c.provenance.line and c.provenance.format == "bbl"
    by_id = {c.id: c.fields for c in cites}
    assert by_id["Narayan1992"].author[1].family == "Paczyński"  # \'n → ń
    assert by_id["Pala2007"].author[2].family == "König"
    assert by_id["Yuan2007"].author[1].family == "De Raedt"
    assert by_id["Chen2007"].author[1].given == "X.-L."


@pytest.mark.parametrize("stem", ["natbib-plainnat", "biblatex-authoryear"])
def test_author_year_bbl(stem: str) -> None:
    text = (DOCS / f"{stem}.bbl").read_text(encoding="utf-8")
    cites = read_bbl(text, f"{stem}.bbl")
    exp = {e["key"]: e for e in expected("authoryear")}
    count = text.count("\\bibitem[") or text.count("\\entry{")
    assert len(cites) == count == len(exp)
    assert sorted(c.id for c in cites) == sorted(exp)
    for c in cites:
        e, f = exp[c.id], c.fields
        assert c.error is None
        assert families(f.author) == [fold(a["family"]) for a in e["author"]], c.id
        assert title_similarity(f.title, e["title"]) > 0.97, (c.id, f.title)
        assert journal_key(f.container_title) == journal_key(e["container-title"]), c.id
        assert f.volume == e["volume"] and f.page == e["page"], c.id
        assert f.year == e["issued"]["date-parts"][0][0]
        assert normalize_doi(e["DOI"]) == f.DOI


def test_tex_project_reads_the_bib_and_keeps_cite_order() -> None:
    cites = read_path(DOCS / "aps-prl.tex")
    exp = expected("physics")
    assert [c.id for c in cites] == [e["key"] for e in exp]
    for c, e in zip(cites, exp, strict=True):
        assert c.error is None
        assert title_similarity(c.fields.title, e["title"]) > 0.95, c.id  # the .bib has titles
        assert normalize_doi(e["DOI"]) == c.fields.DOI
        assert c.fields.page.replace("--", "-") == e["page"]
        assert c.provenance.file.endswith("physics.bib")


def test_tex_missing_bib_is_an_error_citation_naming_both(tmp_path: Path) -> None:
    tex = tmp_path / "paper.tex"
    tex.write_text("Hello \\cite{a}.\n\\bibliography{refs/missing}\n", encoding="utf-8")
    cites = read_tex(tex.read_text(), str(tex))
    assert len(cites) == 1 and cites[0].error
    assert str(tex) in cites[0].error and str(tmp_path / "refs" / "missing.bib") in cites[0].error


def test_tex_falls_back_to_compiled_bbl_when_bib_missing(tmp_path: Path) -> None:
    shutil.copy(DOCS / "aps-prl.tex", tmp_path)
    shutil.copy(DOCS / "aps-prl.bbl", tmp_path)
    cites = read_path(tmp_path / "aps-prl.tex")
    assert len(cites) == 16 and all(c.error is None for c in cites)
    assert all("not found" in " ".join(c.parse_warnings) for c in cites)


def test_tex_cited_key_not_in_bib_is_reported(tmp_path: Path) -> None:
    shutil.copy(DOCS / "physics.bib", tmp_path)
    tex = tmp_path / "p.tex"
    tex.write_text("\\cite{Gutman2008,Ghost2020}\\citep[p.~3]{Stahn2007}\n"
                   "% \\cite{Commented2000}\n\\bibliography{physics}\n", encoding="utf-8")
    cites = read_path(tex)
    assert [c.id for c in cites if not c.error] == ["Gutman2008", "Stahn2007"]
    errors = [c for c in cites if c.error]
    assert len(errors) == 1 and "Ghost2020" in errors[0].error


def test_addbibresource_and_nocite_star(tmp_path: Path) -> None:
    shutil.copy(DOCS / "authoryear.bib", tmp_path)
    tex = tmp_path / "b.tex"
    tex.write_text("\\addbibresource{authoryear.bib}\n\\nocite{*}\n\\printbibliography\n")
    assert len(read_path(tex)) == 12


def test_inline_thebibliography_with_accents_and_lines() -> None:
    cites = read_path(DOCS / "thebibliography-inline.tex")
    assert [c.id for c in cites] == ["narayan", "pala", "cerda", "khavkine"]
    lines = (DOCS / "thebibliography-inline.tex").read_text().splitlines()
    for c in cites:
        assert lines[c.provenance.line - 1].lstrip().startswith("\\bibitem"), c.id
    f = {c.id: c.fields for c in cites}
    assert [a.family for a in f["narayan"].author] == ["Narayan", "Paczyński", "Piran"]
    assert f["narayan"].container_title == "Astrophys. J." and f["narayan"].page == "L83"
    assert f["pala"].DOI == "10.1088/1367-2630/9/8/278" and f["pala"].author[2].family == "König"
    assert f["cerda"].author[0].family == "Cerdá-Durán" and f["cerda"].year == 2007
    assert f["khavkine"].custom.get("arxiv") == "0704.0278"
    assert f["khavkine"].volume == "24" and f["khavkine"].first_page == "3271"


def test_broken_items_are_reported_not_dropped() -> None:
    text = ("\\begin{thebibliography}{9}\n\\bibitem{ok} A. Author, Phys. Rev. B 75, 1 (2007).\n"
            "\\bibitem\n\\bibitem{empty}\n\\bibitem{unbalanced} B. {Author, J. Phys. 1, 2 (2001).\n"
            "\\end{thebibliography}\n")
    cites = read_bbl(text, "x.bbl")
    assert len(cites) == 4
    assert cites[0].error is None and cites[0].fields.volume == "75"
    assert cites[1].error and "without a {key}" in cites[1].error and "x.bbl:3" in cites[1].error
    assert cites[2].error and "empty" in cites[2].error
    assert cites[3].id == "unbalanced"


def test_bbl_without_items_is_an_input_error() -> None:
    with pytest.raises(InputError, match="no \\\\bibitem"):
        read_bbl("just some text", "y.bbl")


_TOKENS = st.sampled_from([
    "\\bibitem", "{", "}", "[", "]", "\\bibinfo {author} {", "\\bibinfo {journal} {", "\\bibnamefont {",
    "\\newblock ", "\\entry{k}{article}{}", "\\endentry", "\\field{title}{", "\\name{author}{1}{}{",
    "\\verb{doi}\n\\verb 10.1/x\n\\endverb", "%", "\n", " A. Author, ", "Phys. Rev. B 75, 1 (2007).",
    "\\'e", "\\\"o", "~", "$x$", "\\textbf{", "key", "(2001)", "\\href {https://doi.org/10.1/y} {",
    "\\begin{thebibliography}{9}", "\\end{thebibliography}", "\\bibliography{nofile}", "\\cite{key}",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_TOKENS, max_size=40))
def test_fuzz_read_bbl(tokens: list[str]) -> None:
    text = "".join(tokens)
    try:
        cites = read_bbl(text, "fuzz.bbl")
    except InputError:
        return
    stripped = re.sub(r"(?<!\\)%[^\n]*", "", text)
    if "\\entry" not in stripped:
        assert len(cites) == len(re.findall(r"\\bibitem(?![A-Za-z])", stripped))
    for c in cites:
        assert c.error or c.fields is not None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(_TOKENS, max_size=40))
def test_fuzz_read_tex(tmp_path: Path, tokens: list[str]) -> None:
    try:
        cites = read_tex("".join(tokens), str(tmp_path / "fuzz.tex"))
    except InputError:
        return
    assert all(c.error or c.id for c in cites)


def test_ieee_bbl_rendered_text() -> None:
    cites = read_path(DOCS / "ieee-journal.bbl")
    exp = {e["key"]: e for e in expected("ieee")}
    assert len(cites) == len(exp) == 36
    for c in cites:
        e, f = exp[c.id], c.fields
        assert c.error is None
        assert [fold(a.family or "") for a in f.author] == [fold(a["family"]) for a in e["author"]], c.raw
        assert title_similarity(f.title, e["title"]) > 0.95, c.raw
        assert (f.volume, f.first_page, f.year) == (
            e["volume"], first_page(e["page"]), e["issued"]["date-parts"][0][0]), c.raw


def test_input_files_are_followed(tmp_path: Path) -> None:
    (tmp_path / "sec").mkdir()
    (tmp_path / "sec" / "intro.tex").write_text("See \\cite{Stahn2007}.\n", encoding="utf-8")
    (tmp_path / "refs.tex").write_text(
        "\n\\begin{thebibliography}{1}\n\\bibitem{x} A. Author, Phys. Rev. B 75, 1 (2007).\n"
        "\\end{thebibliography}\n", encoding="utf-8")
    shutil.copy(DOCS / "physics.bib", tmp_path)
    main = tmp_path / "main.tex"
    main.write_text("\\input{sec/intro}\n\\include{refs}\n\\bibliography{physics}\n", encoding="utf-8")
    cites = read_path(main)
    assert [c.id for c in cites] == ["x", "Stahn2007"]
    assert cites[0].provenance.file == str(tmp_path / "refs.tex") and cites[0].provenance.line == 3


def test_lower_case_abbreviation_inside_a_journal_name() -> None:
    # "Phys. kondens. Materie", "Z. angew. Math. Mech.": a lower-case abbreviated word after an
    # abbreviated one is part of the journal's name, not the end of the title
    text = (
        "\\begin{thebibliography}{9}\n"
        "\\bibitem{MacLaughlin1970} D. E.~MacLaughlin and D.~Rossier, \\emph{Nuclear Spin-lattice "
        "Relaxation in the Mixed State of Superconducting Niobium}, Phys. kondens. Materie "
        "\\textbf{11}, 43 (1970).\n"
        "\\bibitem{Mueller1932} H.~M\\\"uller, \\emph{\\\"Uber die Randwertaufgabe der "
        "W\\\"armeleitung}, Z. angew. Math. Mech. \\textbf{12}, 45 (1932).\n"
        "\\end{thebibliography}\n"
    )
    first, second = read_bbl(text, "x.bbl")
    f = first.fields
    assert first.error is None
    assert [a.family for a in f.author] == ["MacLaughlin", "Rossier"]
    assert f.title == "Nuclear Spin-lattice Relaxation in the Mixed State of Superconducting Niobium"
    assert (f.container_title, f.volume, f.page, f.year) == ("Phys. kondens. Materie", "11", "43", 1970)
    f = second.fields
    assert f.title == "Über die Randwertaufgabe der Wärmeleitung"
    assert (f.container_title, f.volume, f.page, f.year) == ("Z. angew. Math. Mech.", "12", "45", 1932)
