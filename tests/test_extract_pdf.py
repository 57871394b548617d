"""PDF references: real pdflatex output (REVTeX two-column, natbib, biblatex, hand-typed)."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from citecheck.entries import read_entries, read_path
from citecheck.extract import InputError
from citecheck.extract.pdf import join_lines, parse_pages, split_reference_text
from citecheck.extract.pdf import read_pdf as found_pdf
from citecheck.model import Citation
from citecheck.normalize import (
    canonical_journal,
    fold,
    journal_key,
    normalize_doi,
    title_similarity,
)


def read_pdf(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_pdf: its entries, read."""
    return read_entries(found_pdf(*args, **kwargs), kwargs.get("defer", False))


DOCS = Path(__file__).resolve().parent / "data" / "documents"


def expected(stem: str) -> list[dict]:
    text = (DOCS / f"{stem}-expected.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def first_page(page: str) -> str:
    return re.split(r"[-–]", page)[0]


def test_revtex_two_column_pdf_without_heading() -> None:
    cites = read_path(DOCS / "aps-prl.pdf")
    exp = expected("physics")
    bibitems = (DOCS / "aps-prl.bbl").read_text().count("\\bibitem ")
    assert len(cites) == bibitems == 16
    assert [c.provenance.key for c in cites] == [str(i) for i in range(1, 17)]
    for c, e in zip(cites, exp, strict=True):
        f = c.fields
        assert c.error is None
        assert [fold(a.family or "") for a in f.author] == [fold(a["family"]) for a in e["author"]], c.raw
        assert canonical_journal(f.container_title) == canonical_journal(
            e.get("container-title-short") or e["container-title"]), c.raw
        if e["key"] == "Stahn2007":
            continue  # "JHEP 2007, 034": volume 2007 reads as a year (reference-parser limit)
        assert f.volume == e["volume"] and f.first_page == first_page(e["page"]), c.raw
        assert f.year == e["issued"]["date-parts"][0][0], c.raw


def test_natbib_author_year_pdf_hanging_indent_and_page_break() -> None:
    cites = read_path(DOCS / "natbib-plainnat.pdf")
    exp = {e["key"]: e for e in expected("authoryear")}
    order = re.findall(r"\\bibitem\[[^\]]*\]\{([^}]*)\}", (DOCS / "natbib-plainnat.bbl").read_text())
    assert len(cites) == len(order) == 12
    assert {c.fields.author[0].family for c in cites[5:6]} == {"Gueniche"}  # first on page 2
    assert [c.provenance.page for c in cites] == [1] * 5 + [2] * 7
    for c, key in zip(cites, order, strict=True):
        e, f = exp[key], c.fields
        assert c.error is None
        assert [fold(a.family or "") for a in f.author] == [fold(a["family"]) for a in e["author"]], c.raw
        assert title_similarity(f.title, e["title"]) > 0.9, c.raw
        assert journal_key(f.container_title) == journal_key(e["container-title"]), c.raw
        assert (f.volume, f.page, f.year) == (e["volume"], e["page"], e["issued"]["date-parts"][0][0])
        assert normalize_doi(e["DOI"]) == f.DOI, c.raw


def test_biblatex_two_column_pdf() -> None:
    cites = read_path(DOCS / "biblatex-authoryear.pdf")
    exp = {e["key"]: e for e in expected("authoryear")}
    order = re.findall(r"\\entry\{([^}]*)\}", (DOCS / "biblatex-authoryear.bbl").read_text())
    assert len(cites) == len(order) == 12
    for c, key in zip(cites, order, strict=True):
        e, f = exp[key], c.fields
        assert c.error is None
        assert normalize_doi(e["DOI"]) == f.DOI, c.raw  # DOIs broken over lines are re-joined
        assert (f.volume, f.page, f.year) == (e["volume"], e["page"], e["issued"]["date-parts"][0][0])
        if "Pucha la" in c.raw:
            continue  # OT1 "\\l" is "l" + an overlaid slash glyph: pypdf emits "Pucha la" (known)
        assert fold(f.author[0].family or "")[:5] == fold(e["author"][0]["family"])[:5], c.raw
    # "– (2007)": biblatex's dash for "same authors as above"
    dashed = cites[3]
    assert [a.family for a in dashed.fields.author] == ["Brommer", "Gähler"]
    assert any("repeated" in w for w in dashed.parse_warnings)


def test_hand_typed_numbered_pdf_with_alpha_label() -> None:
    cites = read_path(DOCS / "thebibliography-inline.pdf")
    assert [c.provenance.key for c in cites] == ["1", "2", "3", "Khavkine and Christensen(2007)"]
    assert cites[0].fields.author[1].family == "Paczyński"  # "Paczy´nski" recomposed
    assert cites[1].fields.DOI == "10.1088/1367-2630/9/8/278"
    assert cites[3].fields.title.startswith("q-Deformed")  # "q-" + "Deformed" keeps the hyphen
    assert cites[3].fields.custom.get("arxiv") == "0704.0278"


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler's pdftotext not installed")
def test_pdftotext_backend_agrees_on_revtex() -> None:
    data = (DOCS / "aps-prl.pdf").read_bytes()
    a = [c.fields.first_page for c in read_pdf(data, "a.pdf", backend="pdftotext")]
    b = [c.fields.first_page for c in read_pdf(data, "a.pdf", backend="pypdf")]
    assert a == b and len(a) == 16


def test_pages_option() -> None:
    assert parse_pages(None, 3) == [1, 2, 3]
    assert parse_pages("2-", 5) == [2, 3, 4, 5]
    assert parse_pages("1,3-4", 9) == [1, 3, 4]
    for bad in ("x", "3-1", "0", "-"):
        with pytest.raises(ValueError):
            parse_pages(bad, 5)
    data = (DOCS / "natbib-plainnat.pdf").read_bytes()
    page2 = read_pdf(data, "n.pdf", pages="2")  # no heading on page 2: the pages are taken whole
    assert [c.fields.author[0].family for c in page2][:2] == ["Gueniche", "Jaśkiewicz"]
    assert len(page2) == 7
    with pytest.raises(InputError, match="outside"):
        read_pdf(data, "n.pdf", pages="7-9")


def test_pdf_without_text_layer() -> None:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=595, height=842)
    buf = io.BytesIO()
    writer.write(buf)
    with pytest.raises(InputError, match="no text layer"):
        read_pdf(buf.getvalue(), "scan.pdf")


def test_not_a_pdf() -> None:
    with pytest.raises(InputError, match="not a PDF"):
        read_pdf(b"hello", "x.pdf")
    with pytest.raises(InputError, match="cannot read PDF"):
        read_pdf(b"%PDF-1.4\n garbage", "y.pdf")


def test_join_lines() -> None:
    assert join_lines(["A. Mur-", "phy, Phys. Rev."]) == "A. Murphy, Phys. Rev."
    assert join_lines(["doi: 10.1088/", "0965-0393/15/3/008. Next"]) == "doi: 10.1088/0965-0393/15/3/008. Next"
    assert join_lines(["J. K¨onig and", "B. Paczy´nski"]) == "J. König and B. Paczyński"
    assert join_lines(["doi: 10 . 1007 / s11249 -", "004-8088-7."]) == "doi: 10.1007/s11249-004-8088-7."


def _synthetic(n: int, wraps: list[int], two_col: bool, dot: bool = False) -> str:
    """A layout-text page set: heading, n numbered refs wrapped at given widths, page numbers."""
    refs = [f"{f'{i}.' if dot else f'[{i}]'} A. Author{i} and B. Other, Phys. Rev. B {10 + i}, "
            f"{100 + i} ({1990 + i % 30})." for i in range(1, n + 1)]
    lines = ["Some body text of the paper.", "References"]
    for i, ref in enumerate(refs):
        width = wraps[i % len(wraps)]
        words, cur = ref.split(), ""
        first = True
        for w in words:
            if cur and len(cur) + len(w) + 1 > width:
                lines.append(cur if first else "    " + cur)
                first, cur = False, w
            else:
                cur = f"{cur} {w}".strip()
        lines.append(cur if first else "    " + cur)
    per_page = 50 if two_col else 25
    pages = [lines[k: k + per_page] for k in range(0, len(lines), per_page)]
    out = []
    for number, page in enumerate(pages, start=1):
        if two_col:
            half = (len(page) + 1) // 2
            left, right = page[:half], page[half:]
            page = [f"{(left[k] if k < len(left) else ''):<60}    {(right[k] if k < len(right) else '')}"
                    for k in range(half)]
        out.append("\n".join([*page, " " * 30 + str(number)]))  # page-number footer
    return "\f".join(out)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 40), st.lists(st.integers(30, 55), min_size=1, max_size=4), st.booleans(),
       st.booleans())
def test_splitter_finds_every_numbered_reference(n: int, wraps: list[int], two_col: bool,
                                                  dot: bool) -> None:
    assume(n >= 8 or not two_col)  # a two-column page has more than a handful of lines
    refs = split_reference_text(_synthetic(n, wraps, two_col=two_col, dot=dot))
    assert len(refs) == n
    assert all(f"Author{i} " in r for i, r in enumerate(refs, start=1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([*"ab AZ.,-[]1290\n\f´¨", "References\n", "[1] ", "[2] ", "10.1000/x",
                                 "   ", "Smith, J.", "(2001)", "–", "Appendix\n"]), max_size=150))
def test_fuzz_splitter_never_crashes(tokens: list[str]) -> None:
    refs = split_reference_text("".join(tokens))
    assert all(isinstance(r, str) and r for r in refs)


def test_ieee_two_column_three_pages_running_headers() -> None:
    cites = read_path(DOCS / "ieee-journal.pdf")
    exp = {e["key"]: e for e in expected("ieee")}
    order = re.findall(r"\\bibitem\{([^}]*)\}", (DOCS / "ieee-journal.bbl").read_text())
    assert len(cites) == len(order) == 36
    assert [c.provenance.key for c in cites] == [str(i) for i in range(1, 37)]
    for c, key in zip(cites, order, strict=True):
        e, f = exp[key], c.fields
        assert "JOURNAL OF CITATION" not in c.raw  # running headers removed
        assert [fold(a.family or "") for a in f.author] == [fold(a["family"]) for a in e["author"]], c.raw
        assert title_similarity(f.title, e["title"]) > 0.9, c.raw
        assert canonical_journal(f.container_title) == canonical_journal(
            e.get("container-title-short") or e["container-title"]), c.raw
        assert (f.volume, f.first_page, f.year) == (
            e["volume"], first_page(e["page"]), e["issued"]["date-parts"][0][0]), c.raw


def test_references_heading_variants() -> None:
    from citecheck.extract.pdf import is_references_heading

    for ok in ("References", "REFERENCES", "R EFERENCES", "7. References", "VI. REFERENCES",
               "Bibliography", "Literature Cited", "References:"):
        assert is_references_heading(ok), ok
    for no in ("References to prior work are given below.", "[1] References", "Preferences"):
        assert not is_references_heading(no), no


def test_flat_list_split_on_blank_lines_and_name_starts() -> None:
    gapped = ("Body.\nReferences\nSmith J, Doe A. A study of things that wrap\nover two lines. "
              "Nature 1999;12:34-56.\n\nJones B. Another title. Science\n2001;3:4-5.\n\n"
              "Brown C. Third title. Cell 2002;1:1.\n")
    assert [r.split()[0] for r in split_reference_text(gapped)] == ["Smith", "Jones", "Brown"]
    flat = ("REFERENCES\nSmith, J. and Doe, A. (1999). A study of things that\nwrap. Nature, 12, 34.\n"
            "Jones, B. (2001). Another title. Science,\n3, 4.\nBrown, C. (2002). Third. Cell, 1, 1.\n")
    assert [r.split()[0] for r in split_reference_text(flat)] == ["Smith,", "Jones,", "Brown,"]
