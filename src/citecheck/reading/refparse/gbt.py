"""The Chinese national layout GB/T 7714: "Authors. Title[J]. Journal, 2018, 41(3): 456-470."

A bracketed code right after the title names the kind of work, and so ends the title wherever
the punctuation is:

    [J] journal article   [M] book        [C] proceedings   [A] part of a collection
    [D] thesis            [R] report      [P] patent        [S] standard
    [N] newspaper         [EB] web page   [DB] database     [CP] software
    [G] compilation       [K] reference   [Z] other

with an optional carrier after a slash ("[J/OL]", "[EB/OL]", "[M/CD]"). A part of a proceedings
or collection names its host after "//" ("Title[C]//Proceedings. Place: Publisher, 2019: 1-8").
The same codes are written in English-language GB/T lists ("ZHANG S, LI M, et al. Title[J].
Journal, 2019, 12(3): 45-56."), and now and then in other Chinese-made lists.
"""

from __future__ import annotations

import re

from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re

#: the code in brackets; full-width brackets are made ASCII before (scripts.py)
_MARKER_RE = compile_re(
    r"\s*\[(?P<code>J|M|C|D|R|P|S|N|A|G|K|Z|EB|DB|CP|DS|CM)(?:/(?:OL|MT|DK|CD|CM))?\]\s*"
)
#: the CSL type of each code
TYPES = {
    "J": "article-journal", "M": "book", "C": "paper-conference", "A": "chapter",
    "D": "thesis", "R": "report", "P": "patent", "S": "standard", "N": "article-newspaper",
    "EB": "webpage", "DB": "dataset", "DS": "dataset", "CP": "software", "G": "book",
    "K": "book", "Z": "document", "CM": "map",
}
_VENUE_LEAD_RE = compile_re(r"^[\s.,:;'\"”’]*(?://\s*)?")
#: the works GB/T describes by an imprint "Place: Publisher" (a thesis: "Place: School")
_IMPRINT_TYPES = frozenset({"book", "thesis", "report", "standard"})
_IMPRINT_RE = compile_re(r"^(?P<place>[^:,.;\d]{1,30}):\s*(?P<pub>[^:,;]{2,80}?)\s*(?:[,:;.]|$)")
#: a proceedings paper or a chapter names its host before the imprint: "//会议论文集. 上海: 出版社"
_HOSTED_TYPES = frozenset({"paper-conference", "chapter"})
_HOST_END_RE = compile_re(r"(?<=[^\W\d_])\.\s*(?=[^:,.;\d]{1,30}:)")
_PAGES_RE = compile_re(r"[:,]\s*(?P<page>\d+(?:\s*[-–]\s*\d+)?)\s*\.?$")


def split_gbt(rest: str) -> tuple[str, str, str] | None:
    """(title, the text after the code, CSL type) when ``rest`` (the reference after its
    authors and year) holds a GB/T type code after some title text; None otherwise."""
    m = _MARKER_RE.search(rest)
    if not m:
        return None
    title = rest[: m.start()].strip(" .,;:'\"“”‘’")  # "'Title [J],' Journal": quotes too
    if len(title) < 2 or not re.search(r"[^\W\d_]", title):
        return None
    venue = _VENUE_LEAD_RE.sub("", rest[m.end() :])
    if m.group("code") == "J" and not re.search(r"[^\W\d_]{2,}", venue):
        return None  # "Title, 城市更新[J], p.95": the code after the journal, not the title
    return title, venue, TYPES[m.group("code")]


def gbt_imprint(venue: str, kind: str) -> Tail | None:
    """The tail of a book, thesis, report or standard: "北京: 科学出版社, 2010: 12-15" →
    place 北京, publisher 科学出版社, pages 12-15 (the year is cut out before); of a proceedings
    paper or a chapter, its host before the imprint too; None for other kinds or another shape."""
    host = None
    if kind in _HOSTED_TYPES and (cut := _HOST_END_RE.search(venue)):
        host, venue = venue[: cut.start()].strip(), venue[cut.end() :]  # "Proceedings. Place: Publisher"
    m = _IMPRINT_RE.match(venue.strip())
    if (kind not in _IMPRINT_TYPES and host is None) or not m:
        return None
    tail = Tail(container=host, place=m.group("place").strip(), publisher=m.group("pub").strip())
    pages = _PAGES_RE.search(venue[m.end() - 1 :])
    if pages:
        tail.page = re.sub(r"\s*[-–]\s*", "-", pages.group("page"))
    return tail


__all__ = ["TYPES", "gbt_imprint", "split_gbt"]
