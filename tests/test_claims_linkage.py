"""In-text citation markers linked to their entries, and the findings of what does not link."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck.claims.link import link_document
from citecheck.claims.markers import find_latex_markers, find_text_markers, numeric_range
from citecheck.claims.sentences import context_of, strip_markers

DATA = Path(__file__).parent / "data"
CLAIMS = DATA / "claims"
DOCS = DATA / "documents"


def _labels(text: str) -> list[list[str | None]]:
    return [[r.label for r in m.refs] for m in find_text_markers(text)]


def test_numeric_markers_expand_lists_ranges_and_chains() -> None:
    text = "Shown [1, 3–5] and [7]–[9]; also [12,14] and superscripts¹⁻³."
    assert _labels(text) == [["1", "3", "4", "5"], ["7", "8", "9"], ["12", "14"], ["1", "2", "3"]]


@pytest.mark.parametrize("text", [
    "a markdown link [text](http://example.org)",
    "a footnote[^1] mark",
    "an interval [0, 1) is not [2019a]",
    "an array a[1] index",
])
def test_bracketed_things_that_are_not_numeric_markers(text: str) -> None:
    assert [m for m in find_text_markers(text) if m.style == "numeric"] == []


def test_numeric_range_refuses_years_and_reversed_ranges() -> None:
    assert numeric_range("3-5") == ["3", "4", "5"]
    assert numeric_range("1-2019") is None
    assert numeric_range("5-3") is None


def test_author_year_parenthetical_and_narrative_forms() -> None:
    text = ("Seen before (Smith et al., 2019; Lee & Kim 2020a, 2021), and Brown and Green (2018) agree; "
            "see also (e.g., van der Waals 1873, p. 4).")
    refs = [(r.names, r.et_al, r.year) for m in find_text_markers(text) for r in m.refs]
    assert refs == [
        (("Smith",), True, "2019"), (("Lee", "Kim"), False, "2020a"), (("Lee", "Kim"), False, "2021"),
        (("Brown", "Green"), False, "2018"), (("van der Waals",), False, "1873"),
    ]


@pytest.mark.parametrize("text", [
    "In March (2019) nothing happened.",
    "However (2019) is not a name.",
    "See Table (2019) and the years (1999–2001).",
])
def test_parenthesised_years_after_ordinary_words_are_not_markers(text: str) -> None:
    assert find_text_markers(text) == []


def test_pandoc_keys_and_not_email_addresses() -> None:
    text = "As [@smith2019, p. 3; -@lee2020] showed and @doe2021 says; mail me at someone@example.org."
    assert _labels(text) == [["smith2019", "lee2020"], ["doe2021"]]


def test_latex_cite_variants_and_nocite() -> None:
    tex = r"As in \citep[see][p.~3]{a, b} and \textcite{c}. \nocite{*} \parencites{d}{e} \cite*{f}"
    markers = find_latex_markers(tex)
    assert [[r.label for r in m.refs] for m in markers] == [["a", "b"], ["c"], ["d", "e"], ["f"]]
    assert [m.narrative for m in markers] == [False, True, False, False]


def test_sentence_skips_abbreviations_and_clause_stays_inside_brackets() -> None:
    text = ("First sentence ends here. As Smith et al. showed in Fig. 2 of Ref. 3, spins relax slowly [4]; "
            "others (Lee 2020; Kim 2021) disagree. Next sentence.")
    start = text.index("[4]")
    ctx = context_of(text, start, start + 3)
    assert ctx.sentence.startswith("As Smith et al. showed in Fig. 2 of Ref. 3")
    assert ctx.sentence.endswith("disagree.")
    assert ctx.clause == "As Smith et al. showed in Fig. 2 of Ref. 3, spins relax slowly [4]"
    start = text.index("(Lee")
    assert "others (Lee 2020; Kim 2021) disagree." in context_of(text, start, start + 20).clause


def test_latex_sentence_is_plain_text_with_keys() -> None:
    tex = "\\section{Intro}\nCollision times \\citep{Puchaa2008}, friction \\citep{Bec2004} differ.\n"
    start = tex.index("\\citep{Bec")
    ctx = context_of(tex, start, start + len("\\citep{Bec2004}"), latex=True)
    assert ctx.sentence == "Collision times [Puchaa2008] , friction [Bec2004] differ."


def test_strip_markers_leaves_the_claim() -> None:
    assert strip_markers("Spins relax slowly [4], as shown (Lee 2020).", ["[4]", "Lee 2020"]) == (
        "Spins relax slowly, as shown.")


def _links(path: Path) -> list[tuple[int, str, str]]:
    linkage = link_document(str(path))
    return [(link.marker.line, link.marker.text, link.citation_id) for link in linkage.links]


def test_numeric_report_links_orphans_and_uncited_entries() -> None:
    linkage = link_document(str(CLAIMS / "numeric-report.md"))
    got = [(link.marker.text, link.citation_id.split("#")[1]) for link in linkage.links]
    assert got == [("[1]", "1"), ("[2, 3]", "2"), ("[2, 3]", "3"), ("[3]–[5]", "3"), ("[3]–[5]", "4"),
                   ("[3]–[5]", "5"), ("[4]", "4")]
    kinds = sorted((f.kind, f.marker.text if f.marker else f.citation_id) for f in linkage.findings)
    assert kinds == [("orphan-marker", "[9]"), ("uncited-entry", "numeric-report.md#6")]
    assert all(f.kind != "orphan-marker" or "Einstein" not in f.message for f in linkage.findings)


def test_author_year_report_links_letters_and_reports_ambiguity() -> None:
    linkage = link_document(str(CLAIMS / "authoryear-report.md"))
    got = [(link.marker.text.replace("\n", " "), link.citation_id.split("#")[1]) for link in linkage.links]
    assert got == [
        ("(Blake & Glazebrook, 2003; Seo and Eisenstein 2003)", "1"),
        ("(Blake & Glazebrook, 2003; Seo and Eisenstein 2003)", "2"),
        ("Eisenstein et al. (2005)", "3"),
        ("(Brommer and Gähler 2007a, 2007b)", "4"),
        ("(Brommer and Gähler 2007a, 2007b)", "5"),
        ("Weinberg et al. (2013)", "6"),
    ]
    findings = {f.kind: f for f in linkage.findings}
    assert findings["ambiguous-marker"].candidates == ("authoryear-report.md#7", "authoryear-report.md#8")
    assert "Doe et al. 2015" in findings["orphan-marker"].message
    assert [f.citation_id for f in linkage.findings if f.kind == "uncited-entry"] == ["authoryear-report.md#9"]
    weinberg = linkage.links[-1]
    assert weinberg.sentence == "Weinberg et al. (2013) review the field."


def test_pandoc_markdown_uses_the_bibliography_of_its_front_matter() -> None:
    linkage = link_document(str(CLAIMS / "pandoc-report.md"))
    assert [link.citation_id for link in linkage.links] == ["blake2003", "seo2003", "eisenstein2005"]
    assert sorted((f.kind, f.citation_id) for f in linkage.findings) == [
        ("orphan-marker", None), ("uncited-entry", "weinberg2013")]


@pytest.mark.parametrize("name", ["natbib-plainnat.tex", "biblatex-authoryear.tex", "aps-prl.tex",
                                  "ieee-journal.tex", "thebibliography-inline.tex"])
def test_latex_documents_link_every_cite_to_its_entry(name: str) -> None:
    linkage = link_document(str(DOCS / name))
    keys = [r.label for m in linkage.markers for r in m.refs]
    assert keys and [link.citation_id for link in linkage.links] == keys
    assert linkage.findings == []
    assert all(link.marker.line > 1 for link in linkage.links)


@pytest.mark.parametrize(("name", "style"), [("ieee-journal.pdf", "numeric"), ("aps-prl.pdf", "numeric"),
                                             ("biblatex-authoryear.pdf", "author-year")])
def test_pdf_markers_link_with_their_page(name: str, style: str) -> None:
    linkage = link_document(str(DOCS / name))
    linked = [link for link in linkage.links if link.marker.style == style]
    assert len(linked) >= 10
    assert all(link.marker.page in (1, 2) for link in linked)
    assert linked[0].marker.page == 1
    orphans = [f for f in linkage.findings if f.kind == "orphan-marker"]
    assert len(orphans) <= 1  # "Pucha la" (ł split by the PDF's text layer) is the one known miss


def test_word_document_links_author_year_markers() -> None:
    linkage = link_document(str(DOCS / "authoryear-word.docx"))
    assert [link.citation_id for link in linkage.links] == ["authoryear-word.docx#1", "authoryear-word.docx#2"]
    assert {f.kind for f in linkage.findings} == {"uncited-entry"}


def test_reference_lists_without_a_body_have_no_markers() -> None:
    linkage = link_document(str(DOCS / "ieee.bib"))
    assert linkage.markers == [] and linkage.findings == []


def test_alpha_labels_and_a_list_without_heading() -> None:
    from citecheck.claims.body import Segment
    from citecheck.claims.link import link_markers
    from citecheck.model import Citation, Provenance

    cites = [Citation(id=f"d#{k}", raw=k, provenance=Provenance(key=k)) for k in ("Knu84", "GMS94")]
    linkage = link_markers([Segment("As [Knu84, GMS94] and [Knu84] show; [Foo] is no label.", "d")], cites)
    assert [link.citation_id for link in linkage.links] == ["d#Knu84", "d#GMS94", "d#Knu84"]
    assert linkage.findings == []


def test_numbered_list_without_heading_is_not_read_as_markers() -> None:
    from citecheck.claims.body import list_start

    lines = ["Spins relax [1] slowly [2].", "", "[1] A. Author, J. Phys. 1, 2 (2000).",
             "[2] B. Author, J. Phys. 3, 4 (2001).", "[3] C. Author, J. Phys. 5, 6 (2002)."]
    assert list_start(lines) == 2
    assert list_start(lines[:1]) is None


def test_gold_documents_link_with_high_precision_and_recall() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("claims_bench", Path(__file__).parents[1] / "benchmarks" / "claims.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.evaluate(sorted(CLAIMS.glob("gold-*.jsonl")))
    assert result["precision"] >= 0.95 and result["recall"] >= 0.95
    assert result["findings_found"] == result["findings_gold"]


def test_pandoc_markdown_is_checked_against_its_front_matter_bib() -> None:
    from citecheck.entries import read_path

    cites = read_path(CLAIMS / "pandoc-report.md")
    assert [c.id for c in cites] == ["blake2003", "seo2003", "eisenstein2005", "weinberg2013"]
    assert all(c.provenance.file and c.provenance.file.endswith("pandoc-refs.bib") for c in cites)


def test_front_matter_bibliography_never_leaves_the_folder(tmp_path: Path) -> None:
    from citecheck.extract.text import front_matter_bibliography

    (tmp_path / "doc").mkdir()
    (tmp_path / "outside.bib").write_text("@article{a, title={T}, year={2000}}")
    text = "---\nbibliography: ../outside.bib\n---\nText [@a].\n"
    assert front_matter_bibliography(str(tmp_path / "doc" / "r.md"), text) is None


def test_front_matter_bib_is_read_only_for_a_file_the_user_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An upload or stdin called "x.md" says nothing about where it lives: its front matter never
    reads a file (here one in the working folder) into the report."""
    from citecheck.entries import read_bytes, read_path

    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret.bib").write_text("@article{s, title={Server secret}, year={2000}}")
    doc = b"---\nbibliography: secret.bib\n---\n\n## References\n\n[1] A. Author, J. Phys. 1, 2 (2000).\n"
    assert all("secret" not in c.raw.lower() for c in read_bytes(doc, "x.md"))
    (tmp_path / "x.md").write_bytes(doc)
    assert [c.id for c in read_path(tmp_path / "x.md")] == ["s"]  # a named file: its .bib is read


def test_a_run_on_text_dense_with_markers_links_in_bounded_time_and_size() -> None:
    """Sentences are found once per text and a run-on "sentence" is shown in windows of
    MAX_SENTENCE and a half: 40,000 markers cost seconds, not minutes, and each link's sentence
    stays short (a hostile upload cannot make the report quadratic)."""
    import time

    from citecheck.claims.body import Segment
    from citecheck.claims.link import link_markers
    from citecheck.claims.sentences import MAX_SENTENCE
    from citecheck.model import Citation, Provenance

    cites = [Citation(id=f"d#{k}", raw="x", provenance=Provenance(key=str(k))) for k in range(1, 37)]
    body = " ".join(f"[{i % 36 + 1}]" for i in range(40_000))
    started = time.perf_counter()
    linkage = link_markers([Segment(body, "d.md")], cites)
    assert time.perf_counter() - started < 30  # about 1 s alone; was 25 s before
    assert len(linkage.links) == 40_000
    assert max(len(link.sentence) for link in linkage.links) <= MAX_SENTENCE * 3 // 2
    assert all(link.marker.text in link.sentence for link in linkage.links[::997])
