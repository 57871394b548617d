"""Last passes: text no field took becomes a note, then the work type and the confidence."""

from __future__ import annotations

import re

from citecheck.extract.errors import NOT_A_REFERENCE
from citecheck.function_words import PROSE_FUNCTION_WORDS
from citecheck.model import Record
from citecheck.names import alternation
from citecheck.reading.refparse.lexicon import CONF_RE, DAY_DATE_RE, EDS_RE, IN_MARK_RE
from citecheck.reading.refparse.state import ParsedReference, ParseState
from citecheck.regex_cache import compile_re


def _guess_type(record: Record, thesis: bool, report: bool, text: str) -> str:
    container = record.container_title or ""
    if thesis:
        return "thesis"
    if container and CONF_RE.search(container):
        return "paper-conference"
    in_book = bool(container and IN_MARK_RE.search(text))
    if in_book:
        # "In Advances in ... (Vol. 33)", "In J. Smith (ed.), Book": a proceedings or a chapter
        return (
            "chapter"
            if (record.editor or record.publisher or EDS_RE.search(text))
            else "paper-conference"
        )
    if record.container_title and (record.volume or record.page):
        return "article-journal"
    if report and not record.container_title:
        return "report"
    if record.arxiv and not record.container_title:
        return "article"
    if record.publisher and not record.container_title:
        return "book"
    if record.container_title and re.match(r"^(?:In|in)\b", text):
        return "chapter"
    return "article-journal"


def _confidence(record: Record, warnings: list[str]) -> float:
    score = 1.0
    has_ref = bool(record.container_title and record.volume and record.page)
    if not record.author:
        score -= 0.3
        warnings.append("no authors found")
    if not record.title and not has_ref and not (record.DOI or record.arxiv):
        score -= 0.45
        warnings.append("no title and no journal/volume/page")
    if record.year is None:
        score -= 0.15
        warnings.append("no year found")
        if not record.author and not (record.DOI or record.arxiv):
            score -= 0.15  # neither names nor a date: probably not a reference at all
    if not (
        record.container_title
        or record.publisher
        or record.year
        or record.DOI
        or record.arxiv
        or record.URL
    ):
        score -= 0.1
        warnings.append("nothing but a title")
    if record.title and len(record.title) > 300:
        score -= 0.3
        warnings.append("title suspiciously long")
    if record.title and len(record.title) < 4 and not has_ref:
        score -= 0.2
        warnings.append("title suspiciously short")
    return max(0.0, min(1.0, round(score, 3)))


def leftovers_pass(st: ParseState) -> None:
    """Text between the title and the imprint that no field took ('2nd edition', 'Edited by
    X') is kept as a note, never dropped; the place of publication is a CSL extra."""
    if st.tail.note:  # after a note of the several-works pass, if any
        earlier = st.record.custom.get("note")
        st.record.custom["note"] = f"{earlier}; {st.tail.note}" if earlier else st.tail.note
    if st.tail.place:
        setattr(
            st.record, "publisher-place", st.tail.place
        )  # a CSL key the model keeps as an extra


# A sentence in the reference list, not a work: REVTeX puts a paper's footnotes there ("In order to
# obtain the universal entropy, here the boundary conditions should be chosen …", "A caveat of the
# calculation is that …"). Told by a verb of running text and function words, with no name, date,
# venue or identifier read.
_PROSE_VERB_RE = compile_re(
    r"\b(?:is|are|was|were|be|been|can|cannot|could|may|might|should|would|will|must|has|have|had|does|do|"
    r"implies|see|note|we|our|us)\b", re.I)
_FUNCTION_WORD_RE = compile_re(rf"\b{alternation(PROSE_FUNCTION_WORDS)}\b")


def _prose_note(st: ParseState) -> None:
    """A footnote read as a title becomes the note it is (the title left empty, a warning said)."""
    r = st.record
    title = r.title or ""
    if (r.author or r.issued or r.page or r.DOI or r.arxiv or r.URL or r.publisher or len(title.split()) < 10
            or not _prose(title) or (r.container_title and not _PROSE_VERB_RE.search(r.container_title))):
        return  # (a number in the sentence may have been read as a volume: "… as the CFT 25, thus …")
    note = "; ".join(filter(None, (r.custom.get("note"), title, r.container_title)))
    r.custom["note"], r.title, r.container_title, r.volume, r.issue = note, None, None, None, None
    st.warnings.append(f"{NOT_A_REFERENCE}: a sentence with no name, date or venue")


def _prose(text: str) -> bool:
    return bool(_PROSE_VERB_RE.search(text)) and len(_FUNCTION_WORD_RE.findall(text.lower())) >= 3


def _periodical_issue(st: ParseState) -> None:
    """"Science News Letter, Nov. 10, 1934.": a name of a few capitalised words and a day's date, no
    author and nothing else, is a periodical's issue (a book has no day), read as the venue."""
    r = st.record
    words = (r.title or "").split()
    if (r.author or r.container_title or r.volume or r.page or r.publisher or not 1 <= len(words) <= 5
            or not all(w[:1].isupper() for w in words) or not DAY_DATE_RE.search(st.text)):
        return
    r.container_title, r.title = r.title, None


# What follows a title that is an edited book's, not the cited chapter's: its editors, in parentheses
# or after a series and its volume ("Geometric Flows (H.-D. Cao and S.-T. Yau, eds.), Surveys in
# Differential Geometry, vol. XII, …, pp. 113-165"; "Theory and Simulation of Hard-Sphere Fluids,
# Lecture Notes in Physics, vol. 753, A. Mulero, ed. (Springer, 2008), pp. 183-245")
_EDITORS_AFTER_RE = compile_re(
    r"[\s,.]*(?:\((?P<peds>[^()]{3,150}?),?\s*(?:eds?|editors?)\.?\)|"
    r"(?:[^,()]{3,80},\s*(?:[Vv]ol\.?|[Vv]olume)\s*[\dIVXLC]{1,5}\s*,\s*)?"
    r"(?:[A-Z][\w'’.-]*\s+){1,4}[A-Z][\w'’-]+,?\s*\(?(?<!\w)(?:eds?|editors?)\.)"  # (person names)
)


def _edited_book_title(st: ParseState) -> None:
    """"C. Gerhardt, Geometric Flows (Cao and Yau, eds.), …, pp. 113-165": the title read is the book's
    its editors made, the pages the cited chapter's, whose own title the text does not give — the book
    becomes the container (its series the collection), the title is left empty."""
    r = st.record
    if not (r.title and r.author and r.page and "-" in r.page) or st.thesis or IN_MARK_RE.search(st.text):
        return
    if ", " in r.title:  # "Chapter, Book (E. Editor, ed.)" read as one title: the chapter's is in it
        return
    at = st.text.find(r.title)
    if at < 0 or st.text[at - 1 : at] in ("“", '"', "'", "‘", "«") or not _EDITORS_AFTER_RE.match(
            st.text, at + len(r.title)):  # (a quoted title is the work's own)
        return
    if r.container_title and r.container_title != r.title:
        r.collection_title = r.collection_title or r.container_title
    r.container_title, r.title = r.title, None
    st.layout_type = st.layout_type or "chapter"


def finish(st: ParseState) -> ParsedReference:
    """The work type, then the confidence (which adds its warnings)."""
    record = st.record
    _prose_note(st)
    _periodical_issue(st)
    _edited_book_title(st)
    record.type = st.layout_type or _guess_type(record, st.thesis, st.report, st.text)
    confidence = _confidence(record, st.warnings)
    return ParsedReference(record, confidence, tuple(st.warnings))
