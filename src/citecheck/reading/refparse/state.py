"""The state that flows through the parser's passes, and the parser's result."""

from __future__ import annotations

from dataclasses import dataclass, field

from citecheck.model import Record


@dataclass(frozen=True)
class ParsedReference:
    record: Record
    confidence: float
    warnings: tuple[str, ...]


@dataclass
class Tail:
    """The venue side of a reference, as the title/venue split found it."""

    container: str | None = None
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    publisher: str | None = None
    place: str | None = None
    note: str | None = None  # an edition / editor / translator remark between title and imprint

    def add_note(self, text: str | None) -> None:
        """Another remark after those already noted ("; " between them)."""
        if text:
            self.note = f"{self.note}; {text}" if self.note else text


@dataclass
class ParseState:
    """What one reference's passes share.

    ``text`` is the cleaned reference without its identifiers (and, after the several-works
    pass, without the works after the first) and never changes after those two passes; ``rest`` is the part no pass has consumed yet (the authors pass cuts the
    names off its front, the year pass cuts the date out). ``title`` and ``tail`` are the raw
    split of ``rest`` into title and venue; ``record`` collects the finished fields.
    """

    text: str
    record: Record
    warnings: list[str]
    rest: str = ""
    has_id: bool = False  # a DOI or arXiv id was cut out of the text
    thesis: bool = False  # the text names a thesis / dissertation
    report: bool = False  # the text names a technical report / working paper
    named_authors: bool = False  # the author grammar read personal names (not an organisation)
    comma_style: bool = False  # "A. Author, Title, Journal 12, 34" (physics / IEEE)
    journal_only: bool = False  # the entry is a journal's name and numbers only (journals.py)
    layout_type: str | None = None  # the CSL type a layout states ("[J]" in GB/T 7714, gbt.py)
    paren_imprint: bool = False  # the date closed a parenthesis with more in it: "(Kluwer, New York, 1991)"
    before_year: str | None = None  # the text before a bare year between two words ("Title 2003 Journal 38")
    title: str | None = None
    tail: Tail = field(default_factory=Tail)
