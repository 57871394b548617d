"""The JSON schema of each role's answer (pydantic models; backends send them as JSON schema).

Out-of-range or extra values fail validation, and a failed validation is a failed call.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

CSLField = Literal["title", "author", "issued", "container-title", "volume", "issue", "page",
                   "DOI", "arxiv", "publisher", "type", "other"]
ModelKind = Literal["mismatch", "missing_in_record", "misspelled", "extra_author",
                    "missing_author", "swapped_authors", "identifier_conflict", "other"]


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ParsedName(_Closed):
    family: str = Field(max_length=120)
    given: str | None = Field(default=None, max_length=120)


class ParseAnswer(_Closed):
    """The fields of one reference, CSL names; null where the text does not say."""

    type: str | None = Field(default=None, max_length=40)
    title: str | None = Field(default=None, max_length=600)
    author: list[ParsedName] = Field(default_factory=list, max_length=100)
    issued: int | None = Field(default=None, ge=1400, le=2100, description="year")
    container_title: str | None = Field(default=None, alias="container-title", max_length=300)
    volume: str | None = Field(default=None, max_length=40)
    issue: str | None = Field(default=None, max_length=40)
    page: str | None = Field(default=None, max_length=40)
    publisher: str | None = Field(default=None, max_length=200)
    DOI: str | None = Field(default=None, max_length=200)
    arxiv: str | None = Field(default=None, max_length=60)


class ModelDiscrepancy(_Closed):
    field: CSLField
    cited: str | None = Field(default=None, max_length=600)
    found: str | None = Field(default=None, max_length=600)
    kind: ModelKind = "mismatch"


class JudgeAnswer(_Closed):
    """A judgement of a citation against one record (the paper's verifier)."""

    score: float = Field(ge=0, le=10, description="10 faithful, 6-9 a minor slip, 0-3 another work")
    confidence: float = Field(ge=0, le=1)
    discrepancies: list[ModelDiscrepancy] = Field(default_factory=list, max_length=20)
    rationale: str = Field(default="", max_length=800)


class ReviewAnswer(JudgeAnswer):
    """The reviewer's second judgement: does the text describe the work the identifier names?"""

    same_work: bool


class WebAnswer(ParseAnswer):
    """The work the web-search hits describe, read from one hit (null fields where none says)."""

    hit: int | None = Field(default=None, ge=0, le=50, description="index of the hit used")
    URL: str | None = Field(default=None, max_length=500)


__all__ = ["JudgeAnswer", "ModelDiscrepancy", "ParseAnswer", "ParsedName", "ReviewAnswer",
           "WebAnswer"]


SupportLabel = Literal["SUPPORTED", "CONTRADICTED", "UNRELATED", "CANNOT_TELL"]


class SupportAnswer(_Closed):
    """Does the cited work's abstract support the citing sentence?"""

    label: SupportLabel = Field(description="SUPPORTED, CONTRADICTED, UNRELATED (the work is about "
                                            "something else) or CANNOT_TELL")
    quote: str | None = Field(default=None, max_length=800,
                              description="the abstract's words, copied exactly, that decide it")
    rationale: str = Field(default="", max_length=600)
