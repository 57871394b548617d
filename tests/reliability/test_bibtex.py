"""BibTeX as BibTeX writes it: @string with # concatenation, month macros, crossref, xdata;
CSL-JSON numbers where the schema allows them."""

from __future__ import annotations

import json
from typing import Any

from citecheck.entries import read_entries
from citecheck.extract.bibmacros import expand
from citecheck.extract.bibtex import read_bibtex
from citecheck.extract.jsonl import read_jsonl as found_jsonl
from citecheck.model import Citation


def read_jsonl(*args: Any, **kwargs: Any) -> list[Citation]:
    """`extract`'s read_jsonl: its entries, read."""
    return read_entries(found_jsonl(*args, **kwargs), kwargs.get("defer", False))



BIB = r"""
@string{prl = "Phys. Rev."}
@string{prlfull = prl # " Lett."}
@string{ann = {Annual}}
@article{concat,
  title = "Measurement of " # {{W}} # " mass",
  author = {Doe, Jane},
  journal = prlfull,
  year = 2001, month = jan, volume = 87, pages = {1--4}
}
@proceedings{conf,
  title = ann # { Conference on Things},
  year = {1999}, publisher = {ACM}, address = {Paris}, editor = {Smith, Ann}
}
@inproceedings{paper,
  title = {A Paper in the Proceedings},
  author = {Roe, Richard},
  crossref = {conf},
  pages = {10--20}
}
@xdata{acm, publisher = {ACM Press}, address = {New York}}
@book{withx, title = {A Book}, author = {Poe, Edgar}, year = 2010, xdata = {acm}}
@article{orphan, title = {Orphaned Child Entry}, author = {Zoe, Z}, crossref = {nowhere}, year = 2000}
@article{hash, title = {C# for Scientists}, author = {Doe, J}, year = 2005}
"""


def _by_id() -> dict[str, object]:
    return {c.id: c for c in read_bibtex(BIB, "refs.bib")}


def test_string_macros_concatenate() -> None:
    cites = _by_id()
    fields = cites["concat"].fields  # type: ignore[attr-defined]
    assert fields.title == "Measurement of W mass"
    assert fields.container_title == "Phys. Rev. Lett."
    assert fields.issued.date_parts[0][:2] == [2001, 1]
    assert cites["conf"].fields.title == "Annual Conference on Things"  # type: ignore[attr-defined]
    assert cites["hash"].fields.title == "C# for Scientists"  # type: ignore[attr-defined]


def test_crossref_inheritance() -> None:
    paper = _by_id()["paper"].fields  # type: ignore[attr-defined]
    assert paper.title == "A Paper in the Proceedings"
    assert paper.container_title == "Annual Conference on Things"
    assert paper.year == 1999 and paper.publisher == "ACM"
    assert [e.family for e in paper.editor] == ["Smith"]


def test_xdata_inheritance_and_xdata_is_not_a_work() -> None:
    cites = _by_id()
    assert "acm" not in cites
    assert cites["withx"].fields.publisher == "ACM Press"  # type: ignore[attr-defined]


def test_missing_crossref_parent_is_a_warning() -> None:
    orphan = _by_id()["orphan"]
    assert orphan.error is None  # type: ignore[attr-defined]
    assert any("crossref entry 'nowhere' not found" in w
               for w in orphan.parse_warnings)  # type: ignore[attr-defined]


def test_expand_keeps_malformed_values() -> None:
    assert expand('"Broken {"', {}) == "Broken {"
    assert expand("{A} # unknownmacro", {}) == "Aunknownmacro"


def test_numeric_csl_fields_are_accepted() -> None:
    line = json.dumps({"id": "n1", "csl": {"type": "article-journal", "title": "Numbers",
                                           "volume": 12, "issue": 3, "page": 101}})
    cite = read_jsonl(line + "\n", "b.jsonl")[0]
    assert cite.error is None
    assert (cite.fields.volume, cite.fields.issue, cite.fields.page) == ("12", "3", "101")


def test_invalid_csl_names_the_field() -> None:
    line = json.dumps({"id": "n2", "csl": {"title": "X", "author": "not a list"}})
    cite = read_jsonl(line + "\n", "b.jsonl")[0]
    assert cite.error and "'author'" in cite.error
