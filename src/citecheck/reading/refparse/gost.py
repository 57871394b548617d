"""The Russian GOST layout (GOST R 7.0.5 / 7.1): "Title // Journal. Year. Vol. N, No. M. P. a–b.",
and books: "Title. — 2-е изд. — М.: Наука, 1974. — 752 с." (areas after ". — ").

    Иванов И. И., Петров П. П. Название статьи // Журнал. 2015. Т. 147, № 3. С. 112–120.
    Ivanov I. I. Title / I. I. Ivanov // Journal. — 2015. — Vol. 147. — P. 112–120.

The double slash separates the work from the publication that holds it; a single slash after the
title opens the statement of responsibility (the authors again), and the elements of the venue
are divided by ". " or " — ". Numbers carry labels, in Cyrillic or Latin script: Т./Vol. (volume),
№/No./Вып./Iss. (issue), С./P./pp. (pages). Nothing else uses a spaced " // " but a URL broken by
spaces ("http : // host/path", in PDF text), which is told by the scheme before it; the split
is taken only then (with the authors and the year already cut out).
"""

from __future__ import annotations

import re

from citecheck.model import Name
from citecheck.names import ET_AL_WORDS
from citecheck.reading.author_blocks import split_loose_authors
from citecheck.reading.refparse.lexicon import TRIM
from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re

#: "Title // Journal": the separator, spaced (a URL's "//" never is)
_SPLIT_RE = compile_re(r"\s+//\s+")
#: the statement of responsibility after the title: "Title / I. I. Ivanov, P. P. Petrov"
_RESPONSIBILITY_RE = compile_re(r"\s+/\s+(.*)$")
#: a URL broken by spaces ("http : // host/path"): the text before ends in a scheme
_SCHEME_END_RE = compile_re(r"(?:https?|ftp)\s*[:.]?$", re.I)
#: "[и др.]", "[et al.]": the list goes on
_AND_OTHERS_RE = compile_re(rf"\[?\s*(?:и\s+др|{ET_AL_WORDS})\.?\s*\]?", re.I)
_NUM = r"(\d+[A-Za-zА-Яа-я]?)"
_RANGE = r"(\d+(?:\s*[-–—]\s*\d+)?)"
#: labelled numbers, each after a boundary (start, ". ", ", ", " — ")
_VOLUME_RE = compile_re(rf"(?:^|[.,;]\s+|\s[—–]\s*)(?:Т|Том|Vol|V)\.?\s*{_NUM}(?![\w])")
_ISSUE_RE = compile_re(r"(?:^|[.,;]\s+|\s[—–]\s*|\s)(?:№|No\.?|N|[Вв]ып\.?|Iss\.?|Issue)\s*"
                       r"(\d+(?:\s*[-–/]\s*\d+)?)(?![\w])")
_PAGES_RE = compile_re(rf"(?:^|[.,;]\s+|\s[—–]\s*)(?:С|P|pp|Pp|S)\.\s*{_RANGE}(?![\w])")
#: a book's extent closing a GOST entry: "М.: Наука, 1989. 768 с." (768 pages)
EXTENT_RE = compile_re(r"[.,]?\s*(?:[—–]\s*)?\b\d{1,4}\s?с\.?\s*$|[.,]\s*[—–]\s*\d{1,4}\s?pp?\.?\s*$")  # (or "— 752 p.")


def split_gost(rest: str) -> tuple[str, Tail, list[Name]] | None:
    """(title, venue tail, the authors of the statement of responsibility) of a GOST reference's
    remainder, or None when it is not one. The heading names only the first author (GOST puts
    up to three after the title), so the statement is the fuller list when it has one."""
    parts = _SPLIT_RE.split(rest.strip(TRIM), maxsplit=1)
    if len(parts) == 1:
        return _book(parts[0])
    if _SCHEME_END_RE.search(parts[0]):
        return None
    resp = _RESPONSIBILITY_RE.search(parts[0])
    title = parts[0][: resp.start()] if resp else parts[0]
    title = title.strip(TRIM)
    authors = split_loose_authors(_AND_OTHERS_RE.sub("", resp.group(1)).strip(TRIM)) if resp else []
    venue = parts[1].strip(TRIM)
    if not title or not venue:
        return None
    tail = Tail()
    starts = [len(venue)]
    for regex, attr in ((_VOLUME_RE, "volume"), (_ISSUE_RE, "issue"), (_PAGES_RE, "page")):
        m = regex.search(venue)
        if m:
            setattr(tail, attr, re.sub(r"\s*[-–—]\s*", "-", m.group(1)))
            starts.append(m.start())
    container = venue[: min(starts)].strip(TRIM)  # (and what is left of a cut-out element: " — .")
    tail.container = container or None
    return title, tail, [n for n in authors if n.family]


#: the areas of a GOST book entry, each after ". — ": "Title. — 2-е изд. — М.: Наука"
_AREA_RE = compile_re(r"\.\s+[—–]\s+")
#: the publication area: "М.: Наука", "Москва : Наука", "Moscow: Nauka" (the year is cut out already)
_IMPRINT_RE = compile_re(r"^(?P<place>[^:;,—–]{1,40}?)\s*:\s*(?P<publisher>[^:;—–]{2,80}?)[\s,.]*$")


def _book(rest: str) -> tuple[str, Tail, list[Name]] | None:
    """'Квантовая механика. — М.: Наука' (a book: title area, ". — ", then an edition and the
    publication area): the title, and the place and publisher; None when no area is an imprint. A
    thesis ("Title : дис. … канд. физ.-мат. наук / Name. — М.") names the place alone."""
    areas = _AREA_RE.split(rest)
    thesis = _THESIS_INFO_RE.search(areas[0])
    imprint_re = _PLACE_ONLY_RE if thesis else _IMPRINT_RE
    imprint = next((m for area in areas[1:] if (m := imprint_re.match(area.strip()))), None)
    if imprint is None:
        return None
    resp = _RESPONSIBILITY_RE.search(areas[0])
    head = areas[0][: resp.start()] if resp else areas[0]
    title = (head[: thesis.start()] if thesis else head).strip(TRIM)
    authors = split_loose_authors(_AND_OTHERS_RE.sub("", resp.group(1)).strip(TRIM)) if resp else []
    tail = Tail(place=imprint.group("place").strip(" ,"), publisher=imprint.groupdict().get("publisher"))
    notes = [a.strip(TRIM) for a in areas[1:] if not imprint_re.match(a.strip()) and a.strip(TRIM)]
    if thesis:
        notes.insert(0, head[thesis.end():].strip(TRIM))  # "дис. … канд. физ.-мат. наук : 01.04.08"
    tail.note = "; ".join(n for n in notes if n) or None  # (and "2-е изд., перераб.": the edition area)
    return (title, tail, [n for n in authors if n.family]) if title else None


#: a thesis's other title information: "Title : дис. … канд. физ.-мат. наук", "… : автореф. дис. …"
_THESIS_INFO_RE = compile_re(r"\s:\s(?=(?:автореф\.\s*)?дис(?:с|\.))")
#: a thesis's publication area: the place alone ("М.", "Новосибирск")
_PLACE_ONLY_RE = compile_re(r"^(?P<place>[^\W\d_][^:;—–\d]{0,30}?)[\s,.]*$")


def fuller_authors(heading: list[Name], listed: list[Name]) -> list[Name]:
    """The statement of responsibility's authors when they extend the heading's (same first
    author, more names); else the heading's."""
    if len(listed) <= len(heading):
        return heading
    if heading and (heading[0].family or "").casefold() != (listed[0].family or "").casefold():
        return heading
    return listed


def cut_extent(rest: str) -> tuple[str, str | None]:
    """(the text without a closing extent "768 с.", the extent or None)."""
    m = EXTENT_RE.search(rest)
    if not m or m.start() < 10:
        return rest, None
    return rest[: m.start()], m.group(0).strip(" .,—–")


__all__ = ["cut_extent", "fuller_authors", "split_gost"]
