"""Year pass: pick the publication year and cut the date out of the text."""

from __future__ import annotations

import re

from citecheck.model import set_year
from citecheck.reading.refparse.lexicon import CJK, LOCATOR, MONTH, MONTH_DAY
from citecheck.reading.refparse.state import ParseState
from citecheck.regex_cache import compile_re
from citecheck.years import YEAR

_PAREN_YEAR_RE = compile_re(
    rf"\(\s*(?:{MONTH}(?:\s*[-–/]\s*{MONTH})?\s*(?:\d{{1,2}})?,?\s*)?(?:\d{{1,2}}\s+{MONTH}\s+)?({YEAR})[a-z]?"
    rf"(?:\s*,?\s*{MONTH_DAY})?\s*\)"
)


# "29/10/2010", "03.12.2019": a numeric date
_NUMERIC_DATE_RE = compile_re(rf"(?<![\w/.])\d{{1,2}}([/.])\d{{1,2}}\1({YEAR})(?![\w/])")


_BARE_YEAR_RE = compile_re(rf"(?<![\w./:–—-])({YEAR})[a-z]?(?![\w/–—-]|\.\d|-\d)")


# CNKI / Vancouver: "临床口腔医学杂志2012;28(4):217-8" — the year glued to a journal in Han characters
_CJK_GLUED_YEAR_RE = compile_re(rf"(?<={CJK})({YEAR})(?=\s*;\s*\d)")


_SPAN_BEFORE_RE = compile_re(rf"{YEAR}\s*[-–—]\s*$")


_SPAN_AFTER_RE = compile_re(rf"\s*[-–—]\s*{YEAR}(?!\d)")


def _in_year_span(text: str, m: re.Match[str]) -> bool:
    """'the 2003 – 2004 season': a span of years inside a title, not the publication date."""
    return bool(_SPAN_BEFORE_RE.search(text, 0, m.start()) or _SPAN_AFTER_RE.match(text, m.end()))


def _choose_year(text: str) -> tuple[int | None, tuple[int, int] | None, bool]:
    """(year, span to remove, parenthesised?). Prefers '(2019)'; else the last bare year."""
    paren = list(_PAREN_YEAR_RE.finditer(text))
    if paren:
        m = paren[0] if len(paren) == 1 or paren[0].start() < len(text) // 2 else paren[-1]
        return int(m.group(1)), m.span(), True
    numeric = _NUMERIC_DATE_RE.search(text)
    if numeric:
        return int(numeric.group(2)), numeric.span(), False
    bare = [m for m in _BARE_YEAR_RE.finditer(text) if not _in_year_span(text, m)]
    if len(bare) > 1:
        # ACS "J. Am. Chem. Soc. 2024, 31, 1812": a year-like number after the volume is a page
        pages = [
            m
            for m in bare
            if re.search(rf"(?<![\w.]){YEAR}\s*,\s*\d{{1,5}}\s*,\s*$", text[: m.start()])
        ]
        if len(pages) < len(bare):
            bare = [m for m in bare if m not in pages]
    if len(bare) > 1 and re.match(
        rf"(?:\s+{MONTH_DAY})?\s*;\s*$", text[bare[-2].end() : bare[-1].start()]
    ):
        # Vancouver "Int J Math Math Sci. 2003;2003(34):2157-76": the volume is the year again
        bare = bare[:-1]
    if bare:
        m = bare[-1]
        start, end = m.span()
        # Take a month written next to it ("December 1993", "1993 Dec") along.
        before = re.search(
            rf"(?:\d{{1,2}}\s+)?{MONTH}\s*(?:\d{{1,2}},?\s*)?(?:[-–]\s*{MONTH}\s*)?$", text[:start]
        )
        if before:
            start = before.start()
        after = re.match(rf"\s*,?\s*{MONTH}(?:\s*\d{{1,2}})?", text[end:])
        if after and not re.match(r"\s*,", text[end:]):
            end += after.end()
        return int(m.group(1)), (start, end), False
    glued = _CJK_GLUED_YEAR_RE.search(text)
    if glued:
        return int(glued.group(1)), glued.span(1), False
    return None, None, False


_VANCOUVER_VOL_RE = compile_re(r"\s*;\s*(?=[A-Z]?\d)")


_DOUBLE_PUNCT_RE = compile_re(r"([.,;:])(?:\s*[.,;:])+(?=\s|$)")


_EMPTY_TAIL_PUNCT_RE = compile_re(r"[\s,;:]+\)")


def _single_punct(m: re.Match[str]) -> str:
    # "J. Magn. Reson., Ser. A": an abbreviation's period and a comma are both real
    if m.group(0) in (".,", ".:") and m.start() > 0 and m.string[m.start() - 1].isalpha():
        return m.group(0)
    if m.group(0) == ". :" and _PLACE_ABBREV_END_RE.search(m.string, 0, m.start()):
        return m.group(0)  # GOST's "М. : Наука" (Moscow : publisher): the place's period and the colon
    return m.group(1)


_PLACE_ABBREV_END_RE = compile_re(r"(?<![^\W\d_])[^\W\d_][^\W\d_]?[^\W\d_]?$")


def _tidy(text: str) -> str:
    """Punctuation left behind where the year was cut out: '. : X' → '. X', 'Y, )' → 'Y)'."""
    text = _EMPTY_TAIL_PUNCT_RE.sub(")", text)
    text = re.sub(r"\(\s*\)", " ", text)
    text = _DOUBLE_PUNCT_RE.sub(_single_punct, text)
    return re.sub(r"\s{2,}", " ", text)


# The date right after the authors (APA, astronomy): ", 2019a." / "(2019 [1990])" / "(2019, May 3)."
# A month is a whole word: "2006, Decay of …" is no December.
_YEAR_AFTER_AUTHORS_RE = compile_re(
    rf"^\s*[,.]?\s*\(?\s*({YEAR})[a-z]?(?:\s*\[\d{{4}}\])?\s*\)?(?:\s*,?\s*{MONTH_DAY}(?![^\W\d_])\)?)?\s*[.,:]?\s*"
)
_SPAN_AFTER_AUTHORS_RE = compile_re(r"\s*[,.]?\s*\(?\s*\d{4}\s*[-–]")


# INSPIRE's "Phys. Rev. D 88 (2013) 10, 105030": volume (year) issue, page — the issue gets the label
# INSPIRE's older style gave it ("no.10"), so that cutting the year out leaves no "88 10, 105030"
_INSPIRE_ISSUE_RE = compile_re(
    rf"(?<![\w.])([A-Z]?\d{{1,5}}\s*\(\s*{YEAR}\s*\))\s*(\d{{1,3}})\s*,\s*(?=[A-Z]?\d{{1,7}}\b)"
)


# arXiv authors' "Optics Letters 32, 15 (2007) 2206-2208", "Physical Review B 76, 10 (2007) 100406(R)":
# volume, issue (year) page — the issue is written as one, so that cutting the year out leaves no "32, 15
# 2206-2208" (a volume 15 and its page)
_ISSUE_YEAR_PAGE_RE = compile_re(
    rf"(?<![\w.])([A-Z]?\d{{1,5}}),\s*(\d{{1,3}})\s*(\(\s*{YEAR}\s*\))\s+"
    r"(?=[A-Z]?\d{1,7}(?:\s*[-–]\s*\d{1,7})?(?:\([A-Z]\))?\s*(?:[.,;]|$))"
)


def year_pass(st: ParseState) -> None:
    """The publication year: the one right after the authors when there is one (APA,
    astronomy), else the one `_choose_year` picks anywhere in the rest; cut out of ``rest``."""
    st.rest = _INSPIRE_ISSUE_RE.sub(r"\1 no. \2, ", st.rest)
    st.rest = _ISSUE_YEAR_PAGE_RE.sub(r"\1(\2) \3 ", st.rest)
    m = _YEAR_AFTER_AUTHORS_RE.match(st.rest)
    if st.named_authors and m and not _SPAN_AFTER_AUTHORS_RE.match(st.rest):
        year: int | None = _year_after_authors(st, m)
    else:
        year = _year_anywhere(st)
    if year is not None:
        set_year(st.record, year)


_ACM_DATE = rf"\(\s*(?:{MONTH}\s*)?({YEAR})\s*\)"
_ACM_VOL_ISSUE_DATE_RE = compile_re(
    rf"(?<![\w.])(\d{{1,5}}),\s*(\d{{1,4}}(?:[-–]\d{{1,4}})?)\s*{_ACM_DATE}(?=\s*[,:])"
)


def _year_after_authors(st: ParseState, m: re.Match[str]) -> int:
    year = int(m.group(1))
    rest = st.rest[m.end() :]
    # "..., Wiley, 1946." repeats it; not the tail of an article number ("76, 042007"), nor a
    # meeting's name ("Proc. 34th Int. Cosmic Ray Conference (ICRC 2015)")
    if not re.search(rf"\([^\W\d_][\w-]*\s?{year}\)[.;]?\s*$", rest):
        rest = re.sub(rf"[,.;]?\s*\(?(?<![\w.]){year}\)?[.;]?\s*$", "", rest)
    # ACM: "Journal 127, 1 (2001), 287–296" / "51, 1 (January 2008), 107–113" repeats it
    # after the volume and issue
    same = str(year)
    rest = _ACM_VOL_ISSUE_DATE_RE.sub(
        lambda m: f"{m.group(1)}({m.group(2)})" if m.group(3) == same else m.group(0), rest)
    # … and Vancouver after the journal: "Paik HY, … 2008 Dietary Goals … Korean J Nutr 2008;41:887-99"
    rest = re.sub(rf"([^\W\d_]\.?)\s+{year}\s*;\s*(?=[A-Z]?\d)", r"\1 ", rest)
    st.comma_style = False
    st.rest = rest
    return year


_IMPRINT_CLOSE_RE = compile_re(rf"\s*\)(?:\s*,?\s*{LOCATOR})*\s*[.,;]?\s*", re.I)  # "…, 1961), Chap. 8."
_OPEN_PAREN_RE = compile_re(r"\((?=[^()]*[^\W\d_]{2})[^()]*[,:]\s*$")


def _closes_imprint(before: str, after: str) -> bool:
    """The year ends a final parenthesis that holds more ("(Kluwer, New York, 1991)", "(Springer,
    2006)"): AIP/APS write a book's publisher, place and year there."""
    return bool(_IMPRINT_CLOSE_RE.fullmatch(after) and _OPEN_PAREN_RE.search(before))


def _year_anywhere(st: ParseState) -> int | None:
    rest = st.rest
    y, span, paren = _choose_year(rest)
    year = None
    if y is not None and span is not None:
        year = y
        inside_sentence = not paren and bool(
            re.search(r"[^\W\d_]\s$", rest[: span[0]]) and re.match(r"\s[a-z]", rest[span[1] :])
        )
        if not inside_sentence:  # "un programme de travail 2013 peu axé": keep title words
            after = rest[span[1] :]
            st.paren_imprint = not paren and _closes_imprint(rest[: span[0]], after)
            if not paren and re.search(r"[^\W\d_]{3}\s$", rest[: span[0]]) and re.match(r"\s[A-Z]", after):
                st.before_year = rest[: span[0]].strip()  # "… Pattern Recognition 2003 Int. J. of …"
            if not paren and (vm := _VANCOUVER_VOL_RE.match(after)):
                # Vancouver "Journal. 2022;9.": the volume follows the year; the separator
                # between them would be left behind alone (". ;9")
                after = after[vm.end() :]
            rest = _tidy(rest[: span[0]] + " " + after)
    st.rest = rest
    return year
