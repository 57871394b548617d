"""Word .docx: paragraphs after the References heading, each one reference."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck.entries import read_entries, read_path
from citecheck.extract import InputError
from citecheck.extract.docx import docx_paragraphs
from citecheck.extract.docx import read_docx as found_docx
from citecheck.model import Citation
from citecheck.normalize import fold, normalize_doi, title_similarity


def read_docx(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_docx: its entries, read."""
    return read_entries(found_docx(*args, **kwargs), kwargs.get("defer", False))



DOCS = Path(__file__).resolve().parent / "data" / "documents"


def _docx(paragraphs: list[tuple[str | None, str]]) -> bytes:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(
        f'<w:p>{f"<w:pPr><w:pStyle w:val={chr(34)}{s}{chr(34)}/></w:pPr>" if s else ""}'
        f'<w:r><w:t xml:space="preserve">{t}</w:t></w:r></w:p>' for s, t in paragraphs)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", f'<w:document xmlns:w="{w}"><w:body>{body}</w:body></w:document>')
    return buf.getvalue()


def test_word_fixture_reference_section() -> None:
    cites = read_path(DOCS / "authoryear-word.docx")
    exp = [json.loads(x) for x in (DOCS / "authoryear-expected.jsonl").read_text("utf-8").splitlines()]
    assert len(cites) == len(exp) == 12  # the appendix paragraph after the next heading is not read
    paragraphs = docx_paragraphs((DOCS / "authoryear-word.docx").read_bytes(), "x")
    for c, e in zip(cites, exp, strict=True):
        f = c.fields
        assert c.error is None and c.provenance.format == "docx"
        assert paragraphs[c.provenance.line - 1][1].startswith(e["author"][0]["family"])
        assert [fold(a.family or "") for a in f.author] == [fold(a["family"]) for a in e["author"]], c.raw
        assert title_similarity(f.title, e["title"]) > 0.9, c.raw
        assert (f.volume, f.page, f.year) == (e["volume"], e["page"], e["issued"]["date-parts"][0][0])
        assert normalize_doi(e["DOI"]) == f.DOI


def test_runs_field_codes_and_deleted_text() -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = (f'<w:document xmlns:w="{w}"><w:body><w:p><w:r><w:t>References</w:t></w:r></w:p>'
           '<w:p><w:r><w:instrText> ADDIN ZOTERO_BIBL {} </w:instrText></w:r>'
           '<w:r><w:t xml:space="preserve">Smith, J. (2001). A </w:t></w:r><w:del><w:r>'
           '<w:delText>deleted </w:delText></w:r></w:del><w:r><w:t>title. Nature, 4, 5-6.</w:t></w:r></w:p>'
           '</w:body></w:document>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", xml)
    cites = read_docx(buf.getvalue(), "z.docx")
    assert len(cites) == 1
    assert "ZOTERO" not in cites[0].raw and "deleted" not in cites[0].raw
    assert cites[0].fields.year == 2001


def test_no_heading_reads_whole_document() -> None:
    data = _docx([(None, "Smith, J. (2001). A title. Nature, 4, 5-6."),
                  (None, "Doe, A. (1999). Other title. Science, 7, 8-9.")])
    assert len(read_docx(data, "plain.docx")) == 2


def test_bad_docx_inputs() -> None:
    with pytest.raises(InputError, match="bad zip"):
        read_docx(b"not a zip", "a.docx")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("other.xml", "<x/>")
    with pytest.raises(InputError, match=r"no word/document\.xml"):
        read_docx(buf.getvalue(), "b.docx")
    with pytest.raises(InputError, match="no text"):
        read_docx(_docx([]), "c.docx")


def _zipped(xml: bytes | str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/document.xml", xml)
    return buf.getvalue()


def test_word_fixture_paragraphs_and_styles() -> None:
    paragraphs = docx_paragraphs((DOCS / "authoryear-word.docx").read_bytes(), "x")
    assert [s for s, _ in paragraphs] == ["Title", "Heading1", "", "Heading1", *["Bibliography"] * 12,
                                          "Heading1", ""]
    assert paragraphs[4][1].startswith("Puchała, Z., & Rolski, T. (2008). The exact asymptotic")
    assert paragraphs[-1][1] == "Smith, J. (2020). Not a reference of the main list. Journal of Nothing, 1, 1."


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_word_fixture_in_utf16_reads_the_same(encoding: str) -> None:
    data = (DOCS / "authoryear-word.docx").read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        xml = zf.read("word/document.xml").decode("utf-8")
    wide = _zipped(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode(encoding))
    assert docx_paragraphs(wide, "wide.docx") == docx_paragraphs(data, "x")


def test_nested_paragraphs_tables_and_properties() -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = (f'<w:document xmlns:w="{w}"><w:body><w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr>'
           '<w:r><w:t>A</w:t><w:tab/><w:t>B</w:t></w:r><w:r><w:txbx><w:p><w:pPr><w:pStyle w:val="Inner"/>'
           '</w:pPr><w:r><w:t>inner</w:t></w:r></w:p></w:txbx></w:r><w:r><w:noBreakHyphen/><w:t>x</w:t>'
           '</w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:pPr><w:pStyle w:val="Cell"/></w:pPr><w:r><w:t>cell</w:t>'
           '<w:br/><w:t>two</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:sectPr/></w:body></w:document>')
    # a text box's paragraph belongs to the paragraph around it; its style does not
    assert docx_paragraphs(_zipped(xml), "n.docx") == [("Heading", "A Binner-x"), ("Cell", "cell two")]


def test_finished_runs_are_freed_inside_a_paragraph() -> None:
    import tracemalloc

    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    runs = b"<w:r><w:rPr><w:i/></w:rPr></w:r>" * 150_000  # 450,000 elements, no text
    data = _zipped(f'<w:document xmlns:w="{w}"><w:body><w:p>'.encode() + runs
                   + b"<w:r><w:t>end</w:t></w:r></w:p></w:body></w:document>")
    tracemalloc.start()
    try:
        paragraphs = docx_paragraphs(data, "runs.docx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert paragraphs == [("", "end")]
    assert peak < 8 << 20, f"{peak >> 20} MiB traced (with the runs kept: about 60 MiB)"


def test_paragraph_text_is_capped() -> None:
    from citecheck.extract.docx import MAX_PARAGRAPH_CHARS

    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    text = "<w:r><w:t>" + "a" * (MAX_PARAGRAPH_CHARS // 2) + "</w:t></w:r>"
    xml = f'<w:document xmlns:w="{w}"><w:body><w:p/><w:p>{text * 3}</w:p></w:body></w:document>'
    with pytest.raises(InputError, match=r"^long\.docx: paragraph 2 of word/document\.xml has over "
                                         r"1,000,000 characters; not read$"):
        docx_paragraphs(_zipped(xml), "long.docx")


def test_deep_nesting_is_refused() -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = f'<w:document xmlns:w="{w}"><w:body><w:p>' + "<w:r>" * 5_000 + "</w:r>" * 5_000 + "</w:p></w:body></w:document>"
    with pytest.raises(InputError, match=r"^deep\.docx: word/document\.xml nests elements over 1,000 deep"):
        docx_paragraphs(_zipped(xml), "deep.docx")


@pytest.mark.parametrize("prolog", [
    '<!DOCTYPE w:document SYSTEM "file:///etc/passwd">',
    '<!DOCTYPE w:document [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE w:document [<!ENTITY e "x">]>',
])
def test_any_doctype_is_refused(prolog: str) -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = f'<?xml version="1.0"?>{prolog}<w:document xmlns:w="{w}"><w:body><w:p><w:r><w:t>&e;</w:t></w:r></w:p></w:body></w:document>'
    with pytest.raises(InputError, match=r"^dtd\.docx: word/document\.xml declares a DOCTYPE"):
        docx_paragraphs(_zipped(xml), "dtd.docx")


def test_undeclared_entity_is_not_valid_xml() -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = f'<w:document xmlns:w="{w}"><w:body><w:p><w:r><w:t>&e;</w:t></w:r></w:p></w:body></w:document>'
    with pytest.raises(InputError, match=r"^e\.docx: word/document\.xml is not valid XML: undefined entity"):
        docx_paragraphs(_zipped(xml), "e.docx")

# -- fuzzing: any paragraphs, any bytes: citations or a clear InputError, never a crash ----------

_PARA = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=120)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([None, "Heading1", "Normal", "Title"]), _PARA), max_size=12))
def test_fuzz_read_docx_paragraphs(paragraphs: list[tuple[str | None, str]]) -> None:
    data = _docx([(style, escape(text)) for style, text in paragraphs])
    try:
        citations = read_docx(data, "fuzz.docx")
    except InputError as exc:
        assert "fuzz.docx" in str(exc)
        return
    for c in citations:  # none at all is fine: the CLI says "no citations found"
        assert c.raw.strip() or c.error
        assert c.provenance.file == "fuzz.docx"


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_read_docx_bytes(data: bytes) -> None:
    with pytest.raises(InputError):
        read_docx(data, "junk.docx")
