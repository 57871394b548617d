"""OpenAlex's work types, the documented vocabulary and older values still in snapshots, as CSL
types; real works from tests/data/replay/openalex.jsonl (front-matter/commonmeta-py, MIT)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.coverage import _CSL_TYPES
from citecheck.sources.openalex import TYPES, to_record, work_type
from tests.servers.replay import read_interactions

REPLAY = Path(__file__).parent / "data" / "replay" / "openalex.jsonl"
#: https://developers.openalex.org/api-reference/work-types
DOCUMENTED = ("article", "book", "book-chapter", "dataset", "dissertation", "editorial", "erratum", "letter",
              "libguides", "other", "paratext", "peer-review", "preprint", "reference-entry", "report",
              "retraction", "review", "standard", "supplementary-materials")


def test_real_works_of_newer_types_keep_their_type() -> None:
    works = {json.loads(r["body"])["results"][0]["type"]: json.loads(r["body"])["results"][0]
             for r in read_interactions(REPLAY)}
    assert to_record(works["peer-review"]).type == "review"
    assert to_record(works["conference-paper"]).type == "paper-conference"
    assert to_record(works["dataset"]).type == "dataset"
    assert to_record(works["other"]).type == "document"  # a blog post: OpenAlex says no more


@pytest.mark.parametrize("kind", DOCUMENTED)
def test_every_documented_type_is_mapped_to_a_type_coverage_knows(kind: str) -> None:
    ctype = TYPES[kind]
    assert ctype in _CSL_TYPES or ctype in {"document", "review"}, ctype
    assert (ctype == "document") == (kind in {"other", "paratext"})


def test_crossref_type_is_used_where_openalex_is_generic() -> None:
    assert work_type({"type": "other", "type_crossref": "proceedings-article"}) == "paper-conference"
    assert work_type({"type": "paratext", "type_crossref": "book-chapter"}) == "chapter"
    assert work_type({"type": "newer-than-this-table", "type_crossref": "monograph"}) == "book"
    assert work_type({"type": "article", "type_crossref": "posted-content"}) == "article-journal"
    assert work_type({"type": "other"}) == "document"
