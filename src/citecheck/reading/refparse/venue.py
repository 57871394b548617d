"""Venue / volume / pages: find the numbers (labelled 'vol. 5, no. 2, pp. 10-20' or bare
'12(3), 45-67') and split the text before them into title and venue (head.py); without
numbers, a book or proceedings (books.py)."""

from __future__ import annotations

import re

from citecheck.reading.refparse.books import split_no_numbers
from citecheck.reading.refparse.head import split_head
from citecheck.reading.refparse.imprint import split_publisher, strip_editors
from citecheck.reading.refparse.journals import (
    ends_with_journal,
    known_journal_suffix,
    looks_like_journal_end,
    names_a_venue,
    unpunctuated_journal_start,
)
from citecheck.reading.refparse.lexicon import (
    CONF_RE,
    PAGE,
    PAGES,
    TRIM,
    TRIM_KEEP_DOT,
    clean_field,
    norm_pages,
)
from citecheck.reading.refparse.scripts import CJK_CHAR
from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re
from citecheck.venues import (
    YEAR_VOLUME_JOURNALS,
    canonical_journal,
    known_journal,
    names_known_journal,
    year_volume_form,
)
from citecheck.years import year_pattern

# Labels before the number ("vol. 5", "no. 2", "pp. 10-20"; German "Bd. 5", "Band 20", "Jahrg. 22", "Heft 9", "Seiten 986-990") or, in Chinese, Japanese and Korean,
# around it: "第58巻", "41卷", "제19권" (volume), "第3号", "3期", "제1호" (issue), "99-114頁", "127-180쪽"
_LABELLED_VOL_RE = compile_re(
    r"\b(?:vol(?:ume)?\.?|v\.|Bd\.|(?-i:Band)(?=\s*\d)|t\.|Jahrg?\.|Jg\.|(?-i:V)(?=\d{1,4},))\s*([A-Z]?\d+[A-Za-z]?|(?-i:[IVXLC]{1,7})\b)"
    r"|(?:第|제)?\s*(?<!\d)(\d{1,5})\s*(?:巻|卷|권|집)",
    re.I,
)


_LABELLED_NO_RE = compile_re(
    r"\b(?:no\.?|nr\.?|num\.?|number|issue|n°|№|(?-i:n)\.(?=\s*\d)|(?-i:Heft|H\.)(?=\s*\d))\s*(\d+(?:[-–/]\d+)?[A-Za-z]?)"  # (ABNT "n. 3")
    r"|(?:第|제)?\s*(?<!\d)(\d{1,4})\s*(?:号|號|호|期)",
    re.I,
)


_LABELLED_PP_RE = compile_re(
    rf"\b(?:pp?\.|pp\b|pages?|(?<![A-Z]\.)S\.(?=\s*\d)|(?-i:Seiten?)(?=\s*\d)|(?<![,;]\s)(?-i:p)(?=\s?\d{{1,6}}\s*[.,;]?\s*$))\s*({PAGES})|(?<![\w-])({PAGES})\s*(?:頁|页|쪽|면)", re.I
)


def _number(m: re.Match[str]) -> str:
    """The number of a labelled match, whichever side its label stood on."""
    return m.group(1) or m.group(2)


# "12(3), 45-67" / "12(3):45-67" / "58 (5): 1583" / "26: 841-860" / "75, 024519" / "26 (2-3)"; in a
# script without spaces the volume may be glued to the journal ("石堂論叢55", "새국어생활13(3)"), when
# no number follows ("담론201, 11(3), 117-150": the digits are the name's)
_VOL_ISSUE_PAGES_RE = compile_re(
    # a double volume "68–69" only when a page follows ("Solid State NMR 68–69, 1-12", "289–290: 718")
    rf"(?:(?<![\w.])|(?<={CJK_CHAR})(?=\d{{1,5}}(?:\(\d{{1,4}}\))?\D*$))(?P<vol>[A-Z]?\d{{1,5}}[A-Z]?(?:[-–]\d{{1,5}}(?=\s*[,:]\s*{PAGE}|\s+{PAGES}\s*(?:[,.;]|$)))?)(?:\.(?P<dotissue>\d{{1,3}})(?=\s*[:,(]))?\s*"
    rf"(?:,?\s*\(\s*(?P<issue>[\w\s,./&–-]{{1,15}}?)\s*\))?\s*"
    # "Phonetica 61: 4, 220-233" / "Oper. Res. 36, 3, 454-469": an issue before a page range
    rf"(?:[:,]\s*(?P<commaissue>\d{{1,4}})\s*(?:[,:]\s*(?={PAGE}\s*[-–])|:\s*(?=\d)))?"
    rf"(?:(?:[:,]\s*|\s+|(?<=[,:])|(?<=[,:]\s))(?:pp?\.\s*)?(?P<page>{PAGES}))?(?=\s*(?:[,.;(\[]|$))"
)


# IOP text that lost the space between volume and page: six digits or more, or five and a page range's
# end ("Phys. Lett. B 386131 -7", "Commun. Math. Phys. 277497 -529", "Astrophys. Bull. 62162 -92",
# "Nucl. Phys. A 834777c"), after a journal's end (`journals.ends_with_journal`)
_RUN_TOGETHER_RE = compile_re(r"(?<=\s)(?:\d{6,9}[a-z]?|\d{5,9}[a-z]?\s?[-–]\s?\d{1,4})(?=\s*[.;]?\s*$)")


def _run_together(text: str) -> re.Match[str] | None:
    m = _RUN_TOGETHER_RE.search(text)
    return m if m is not None and ends_with_journal(text[: m.start()]) else None


# A page range on its own ("In Book Title, 422-434."), not a span of years.
# "…Res. ;(122):" before the pages: an issue with no volume (the year cut out before it)
_LONE_ISSUE_RE = compile_re(r"(?<=[^\W\d_]\.)\s*;?\s*\((\d{1,4})\)\s*:\s*$")


# NLM's supplement after the volume, without parentheses: "67 Suppl 2:7-13", "124 Suppl:A123"
_SUPPLEMENT_RE = compile_re(r"(?<![\w.])(\d{1,5})\s+(Suppl(?:ement)?\.?(?:\s*\d{1,3}|\s+[A-Z])?)\s*:")


_BARE_RANGE_RE = compile_re(r"(?<![\w.])(\d{1,5})\s*[-–]\s*(\d{1,5})(?!\w|\.\d)(?=\s*(?:[,.;]|$))")


# After "AMEE Guide No. 158": a sentence end, then a journal and its volume ("Medical Teacher, 45")
_AFTER_TITLE_NO_RE = compile_re(
    r"\.\s+(?!S\.\s*\d|Pp?\.)[A-Z][^.]*?(?:\.\s*[A-Z][^.]*?)*\.?[,\s]\s*(?:[Vv]ol\.?\s*)?\d{1,5}\b"
)


def _labelled_issue(zone: str) -> re.Match[str] | None:
    """The issue label ('no. 2'), skipping a numbered item inside the title ('AMEE Guide No.
    158. Medical Teacher, 45, pp.574-584'): one closed by a sentence end before a journal name
    and its volume."""
    for m in _LABELLED_NO_RE.finditer(zone):
        if not _AFTER_TITLE_NO_RE.match(zone, m.end()):
            return m
    return None


def _parse_numbers(zone: str, tail: Tail) -> None:
    """Fill volume/issue/page from labelled tokens ('vol. 5, no. 2, pp. 10-20')."""
    m = _LABELLED_VOL_RE.search(zone)
    if m:
        tail.volume = _number(m)
    m = _labelled_issue(zone)
    if m:
        tail.issue = _number(m)
    m = _LABELLED_PP_RE.search(zone)
    if m:
        tail.page = norm_pages(_number(m))


_CJK_PUBLISHER_END_RE = compile_re(
    rf"(?<=\d|\))\s*,\s*(?P<pub>{CJK_CHAR}[^,\d]{{1,30}})$"
)
#: a label before a number that is no volume ("Chapter 14, Section 14.2, pp. 512")
_SECTION_LABELS = ("section", "sec.", "chapter", "chap.", "ch.", "§", "part", "eq.", "fig.")
# "(volume:issue)" after the journal: "MIS Quarterly (25:1), pp. 107-136", "지식경영연구 (18:1), pp. 117-138"
_PAREN_VOL_ISSUE = r"[,\s]*\(\s*(\d{1,4})\s*:\s*(\d{1,4}(?:[-–/]\d{1,4})?)\s*\)"
_PAREN_VOL_ISSUE_RE = compile_re(rf"{_PAREN_VOL_ISSUE}\s*$")
_PAREN_VOL_ISSUE_PAGES_RE = compile_re(rf"(?<=\S){_PAREN_VOL_ISSUE}\s*[,:]?\s*({PAGES})\s*\.?\s*$")
_VOL_BEFORE_LABELS_RE = compile_re(
    rf"(?:(?<![\w.])|(?<={CJK_CHAR}))([A-Z]?\d{{1,5}}[A-Z]?)\s*(?:,?\s*\(\s*([\w\s,/–-]{{1,15}}?)\s*\)|"
    r"\s*[:,]\s*(\d{1,4})|\.\s?(\d{1,4}))?\.?\s*$"  # biblatex: "Journal 100.16 (2003), pp. 9440–9445";
    # in a script without spaces the volume may be glued to the journal ("百濟學報22, pp.5-32")
)


# "Solid State Ionics, 53–56" before the page label: a double volume right after the name
_DOUBLE_VOL_END_RE = compile_re(
    r"(?:(?<=[^\W\d_.],\s)|(?<=[^\W\d_.]\s)|(?<=\.,\s)|(?<=\.\s))(\d{1,4})[-–](\d{1,4})\s*$"
)


def labelled_volume_at_end(text: str) -> tuple[str, str, str | None] | None:
    """(the text before, the volume, the series it numbers) when ``text`` ends with a labelled volume
    ("The New York Money Market, Vol. I", "A rebours. Vol. 7 of Oeuvres complètes"); None otherwise."""
    last = None
    for m in _LABELLED_VOL_RE.finditer(text):
        last = m
    if last is None:
        return None
    rest = text[last.end() :].strip(" .,;")
    series = rest[3:].strip() if rest.startswith("of ") else None
    if rest and not series:
        return None
    return text[: last.start()].rstrip(" ,.;"), last.group(1) or last.group(2), series


def split_venue(
    rest: str, comma_style: bool, title_known: bool = False, has_id: bool = False
) -> tuple[str | None, Tail]:
    """Split 'Title. Journal, 12(3), 45-67' into title and the venue fields. ``has_id``: the
    reference carried a DOI or arXiv id (cut out of ``rest``)."""
    tail = Tail()
    text = _SUPPLEMENT_RE.sub(r"\1(\2):", rest.strip(TRIM))  # NLM "2017;67 Suppl 2:7-13" → "67(Suppl 2):7-13"
    if not text:
        return None, tail
    if pos := _pos_venue(text, tail):
        return pos
    # Labelled numbers anywhere ("vol. 5", "no. 2", "pp. 10-20"): the venue starts before them.
    labelled = [
        m
        for m in (
            _LABELLED_VOL_RE.search(text),
            _labelled_issue(text),
            _LABELLED_PP_RE.search(text),
        )
        if m
    ]
    if labelled:
        return _split_labelled(text, labelled, tail, comma_style, title_known)
    if glued := _run_together(text):
        # which digits are the volume cannot be told; the journal before them, and so the title's
        # end, can: the numbers are kept as a note, never guessed into a volume and page
        tail.note = f"volume and page run together: {glued.group(0)}"
        head = text[: glued.start()].rstrip(TRIM_KEEP_DOT)
        return split_head(head, tail, comma_style, labelled=False, title_known=title_known, numbers=True)
    if vip := _PAREN_VOL_ISSUE_PAGES_RE.search(text):  # "MIS Quarterly (24:1), 169-196"
        tail.volume, tail.issue, tail.page = vip.group(1), vip.group(2), norm_pages(vip.group(3))
        head = text[: vip.start()].rstrip(TRIM_KEEP_DOT)
        return split_head(head, tail, comma_style, labelled=False, title_known=title_known)
    best = _volume_group(text, comma_style, has_id)
    if best is not None and (_beyond_volume(best) or looks_like_journal_end(text[: best.start()])):
        tail.volume = norm_pages(best.group("vol"))
        if _article_of_year_volume(text, best):
            tail.volume, tail.page = None, tail.volume  # "J. Stat. Mech. (2007) P06012": the year is the volume
        issue = best.group("issue") or best.group("dotissue") or best.group("commaissue")
        if issue:
            tail.issue = issue.strip()
        if best.group("page"):
            tail.page = norm_pages(best.group("page"))
        after = text[best.end() :].strip(TRIM)
        if not tail.page:
            m2 = re.match(rf"^(?:pp?\.\s*)?({PAGES})\b", after)
            if m2:
                tail.page = norm_pages(m2.group(1))
        head = text[: best.start()].rstrip(TRIM_KEEP_DOT)
        return split_head(head, tail, comma_style, labelled=False, title_known=title_known)
    rng = _last_page_range(text)
    if rng is not None and (lone := _LONE_ISSUE_RE.search(text, 0, rng.start())):
        # NLM "Clin Orthop Relat Res. 1977;(122):37-45": an issue and no volume; the text before
        # is "Title. Journal" as before any volume
        tail.issue, tail.page = lone.group(1), norm_pages(rng.group(0))
        head = text[: lone.start()].rstrip(TRIM_KEEP_DOT)
        return split_head(head, tail, comma_style, labelled=False, title_known=title_known)
    if rng is not None:
        tail.page = norm_pages(rng.group(0))
        text = (text[: rng.start()].rstrip(TRIM_KEEP_DOT) + " " + text[rng.end() :]).strip()
    # No numbers: a book ("Place: Publisher") or proceedings ("In Proc. X").
    if title_known:
        chapter = bool(re.match(r"^(?:In|in)\s*:?\s+", text))
        venue, pub = split_publisher(
            strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", text)), hint=not chapter
        )
        if pub:
            tail.place, tail.publisher = pub
        tail.container = clean_field(venue)
        return None, tail
    return split_no_numbers(text, tail, comma_style and has_id, comma_style)


# Proceedings of Science: the conference's tag is the volume ("PoS LATTICE2014 302",
# "PoS(LATTICE 2014)302", "PoS CD15, 009", "PoSLATTICE2013 039"), as INSPIRE records it; the year
# is already cut out; the page may be missing ("PoS LATTICE 2014"). SLAC's eConf and Conf. Proc. C
# likewise, as INSPIRE records them: "eConf C0303241 TULT009", "Conf. Proc. C 680519, 367".
_POS_RE = compile_re(
    r"(?:^|(?<=[\s,.;:]))(?:PoS\s*\(?\s*(?P<tag>[A-Za-z][A-Za-z&+-]*\s?-?\d{2,4}(?!\d)[A-Za-z]?)\s*\)?"
    r"|(?P<econf>eConf)\s*(?P<etag>C\d{6,7})|(?P<cproc>Conf\.\s?Proc\.\s?C)\s?(?P<ctag>\d{6}))"
    r"(?:\s*[,;:]?\s*(?P<page>(?(econf)[A-Z]{2,6}\d{2,4}|\d{1,4})|\d{1,4})\b|\s*$)"
)


def _pos_venue(text: str, tail: Tail) -> tuple[str | None, Tail] | None:
    """'Title, PoS LATTICE2014 302': the title before, the venue fields from the PoS reference."""
    m = _POS_RE.search(text)
    if m is None or re.search(r"[^\W\d_]{3}", text[m.end() :]):
        return None  # more words after it: not the reference's own venue
    tail.container = "eConf" if m.group("econf") else "Conf. Proc. C" if m.group("cproc") else "PoS"
    tail.volume = re.sub(r"[\s-]", "", m.group("tag") or m.group("etag") or m.group("ctag"))
    tail.page = m.group("page") or None
    return clean_field(text[: m.start()]) or None, tail


def _split_labelled(
    text: str, labelled: list[re.Match[str]], tail: Tail, comma_style: bool, title_known: bool
) -> tuple[str | None, Tail]:
    """The venue before labelled numbers; the volume may stand unlabelled before them."""
    _parse_numbers(text, tail)
    start = min(m.start() for m in labelled)
    head = text[:start].rstrip(TRIM_KEEP_DOT)
    head = _drop_newspaper_section(head)
    if head.count("(") > head.count(")"):
        # "Monographs of the Society 54 (serial no. 220)": a label inside parentheses
        head = re.sub(r"\s*\([^()]*$", "", head)
    if not tail.volume and not tail.publisher and (pub := _CJK_PUBLISHER_END_RE.search(head)):
        # Japanese / Korean: "Title, 建築雑誌 44(535), 日本建築学会, pp.1373-1376": the society after the volume
        tail.publisher, head = pub.group("pub"), head[: pub.start()]
    if not tail.volume and (vi := _PAREN_VOL_ISSUE_RE.search(head)):
        tail.volume, tail.issue = vi.group(1), tail.issue or vi.group(2)  # MIS Quarterly's "(25:1), pp. 107-136"
        head = head[: vi.start()].rstrip(TRIM_KEEP_DOT)
    if not tail.volume:
        # "Journal 12, no. 3" / "Nat Genet, 21(1): p. 70": the volume just before the labels.
        vm = _VOL_BEFORE_LABELS_RE.search(head)
        if vm and vm.group(4) and head[: vm.start()].rstrip().casefold().endswith(_SECTION_LABELS):
            vm = None  # "Chapter 14, Section 14.2, pp. 512": a section's number, no volume and issue
        dv = _DOUBLE_VOL_END_RE.search(head)
        if (
            dv
            and int(dv.group(1)) < int(dv.group(2)) <= int(dv.group(1)) + 10
            and not (re.fullmatch(year_pattern(1800), dv.group(1)))
        ):
            tail.volume = dv.group(0).strip()  # a double volume, not a page range
            head = head[: dv.start()].rstrip(TRIM_KEEP_DOT)
            vm = None
        year_like = bool(vm and re.fullmatch(year_pattern(1800), vm.group(1)))
        if (
            vm
            and re.search(r"[^\W\d_]", head[: vm.start()])
            and not (
                year_like and CONF_RE.search(head)  # "Proceedings of NAACL-HLT 2019 (pp. 1-9)"
            )
        ):
            tail.volume = vm.group(1)
            if (vm.group(2) or vm.group(3) or vm.group(4)) and not tail.issue:
                tail.issue = (vm.group(2) or vm.group(3) or vm.group(4)).strip()
            head = head[: vm.start()].rstrip(TRIM_KEEP_DOT)
    if not tail.volume:
        # "Harvard Business Review, XLII (September, 1964), pp. 164": a Roman volume
        rm = re.search(r",\s*([IVXLC]{1,7})\s*[,.]?\s*$", head)
        if rm:
            tail.volume = rm.group(1)
            head = head[: rm.start()]
    if not tail.page:
        pm = re.search(rf"[:,]\s*({PAGES})\s*$", text[start:])
        if pm:
            tail.page = norm_pages(pm.group(1))
    return split_head(head, tail, comma_style, labelled=True, title_known=title_known)


def _volume_group(text: str, comma_style: bool, has_id: bool) -> re.Match[str] | None:
    """The last unlabelled "volume(issue), pages" group that is not a year, a version or a
    number inside the title."""
    best = None
    matches = list(_VOL_ISSUE_PAGES_RE.finditer(text))
    i = 0
    while i < len(matches):
        m, i = matches[i], i + 1
        full = _beyond_volume(m)
        if m.start() == 0 or (not full and best is not None):
            continue
        if not full and re.match(r"\.\d", text[m.end() :]):
            continue  # "Claude 3.5 Sonnet", "Python 3.11": a version number in a title
        if (
            m.group("dotissue")
            and full == m.group("dotissue")
            and re.search(r"[^\W\d_]{3}", text[m.end() :])
        ):
            continue  # "Type checking in Python 3.11, Journal of X": a version, the venue runs on
        if not full and re.fullmatch(year_pattern(1500), m.group("vol")):
            continue  # "The Year 2000", "1492-2000": a year, not a volume
        if _ends_in_word(text[: m.start()].rstrip(), _VERSION_WORDS):
            continue  # "WOPPER, Version 1.3: A Monte Carlo ...": a software version
        prefix = text[: m.start()].rstrip()
        if not prefix or not re.search(r"[^\W\d_]", prefix):  # a venue in any script ("北京園林. 1")
            continue
        if _ends_in_word(prefix.removesuffix("."), _SERIES_WORDS) and (comma := _SERIES_NO_RE.match(text, m.start())):
            # "Bulletin du Muséum Ser. 2, 1: 686-687": the series' number, then the volume
            matches = matches[:i] + list(_VOL_ISSUE_PAGES_RE.finditer(text, comma.end()))
            continue
        best = m
    if (
        best is not None
        and not _beyond_volume(best)
        and has_id
        and comma_style
        and not _venue_piece(text[: best.start()].rstrip(" ,").rpartition(",")[2].strip())
    ):
        best = None  # "A. Author, HI velocity dispersion in NGC 1058, arXiv:…": a title's number
    return best


def _beyond_volume(group: re.Match[str]) -> str | None:
    """What a volume group holds besides the volume (issue, page), the first of them; None for a lone number."""
    return group.group("issue") or group.group("page") or group.group("dotissue") or group.group("commaissue")


def _article_of_year_volume(text: str, group: re.Match[str]) -> bool:
    """A lone number ending the text after a journal with a volume a year (`YEAR_VOLUME_JOURNALS`):
    its article number, the year (cut out before) standing for the volume."""
    if _beyond_volume(group):
        return False
    piece = text[: group.start()].rstrip(TRIM_KEEP_DOT).rpartition(",")[2]
    return (not text[group.end():].strip(TRIM) and not year_volume_form(group.group("vol"))
            and canonical_journal(piece) in YEAR_VOLUME_JOURNALS)


def _venue_piece(piece: str) -> bool:
    """The comma piece before a lone volume names a venue (or abbreviates a known one: "Living Rev.
    Relativity"), or ends in a known journal of two words or more, or a known acronym, after the
    title's words ("… and its progeny Phys. Rev. Lett. 105")."""
    if names_a_venue(piece) or names_known_journal(piece, dotted=True):
        return True
    start = known_journal_suffix(piece)
    if start is None:
        start = unpunctuated_journal_start(piece, True)
    if start is None or start == 0:
        return False
    journal = piece[start:].split()
    # (or one known journal's acronym: "… string cosmology JHEP 0001 (2000), arXiv:…"; "NGC" is none)
    return len(journal) >= 2 or bool(re.fullmatch(r"[A-Z]{3,6}", journal[0]) and known_journal(journal[0]))


_SECTION_RE = compile_re(r",\s*sec(?:t(?:ion)?)?\.?\s*[A-Z]?\d{0,3}[A-Z]?$", re.I)


def _drop_newspaper_section(head: str) -> str:
    """'Los Angeles Times, sec. 1A' → 'Los Angeles Times'; but 'Nucl. Instrum. Methods Phys.
    Res., Sect. A' keeps its section: a letter alone after an abbreviated name is the journal's."""
    m = _SECTION_RE.search(head)
    if not m:
        return head
    if not re.search(r"\d", m.group(0)) and head[: m.start()].rstrip().endswith("."):
        return head
    return head[: m.start()]


#: a series' label before its number ("Bulletin du Muséum Ser. 2, 1: 686-687"), a software version's
#: ("WOPPER, Version 1.3: …")
_SERIES_WORDS = ("Ser", "Series", "Serie", "Sér")
_VERSION_WORDS = ("version", "Version", "release", "Release", "ver.", "Ver.")
# the series' number, then a volume and its pages ("Ser. 2, 1: 686-687"; not "Adv. Chem. Ser. 36, 34")
_SERIES_NO_RE = compile_re(r"\d{1,2}\s*,\s*(?=\d+\s*(?:\(\s*\d+\s*\))?\s*:\s*\d)")


def _ends_in_word(text: str, words: tuple[str, ...]) -> bool:
    """``text`` ends in one of ``words`` standing alone (no letter, digit or "_" right before it)."""
    for word in words:
        if text.endswith(word):
            before = text[-len(word) - 1 : -len(word)]
            if not (before.isalnum() or before == "_"):
                return True
    return False


def _last_page_range(text: str) -> re.Match[str] | None:
    for m in reversed(list(_BARE_RANGE_RE.finditer(text))):
        a, b = m.group(1), m.group(2)
        if len(a) == 4 and len(b) == 4 and 1000 < int(a) < 2100 and 1000 < int(b) < 2100:
            continue  # "1935-1936" is a span of years
        if m.start() > 0:
            return m
    return None
