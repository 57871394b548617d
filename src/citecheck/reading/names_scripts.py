"""Author lists in scripts without case: Chinese, Japanese and Korean (Han, kana, Hangul), and
Arabic, Persian and Hebrew (APA lists only).

A CJK personal name is one token, family name first, without spaces ("李明", "山田太郎",
"김철수") or with one space between family and given name ("山田 太郎"). Names are separated by
commas (GB/T 7714, APA) or the ideographic comma "、" (full-width "，" is made "," by
`refparse.scripts.normalize_punctuation`; "、" is kept, titles use it too); the list ends at a period, a colon (SIST / IPSJ
"山田太郎, 鈴木一郎: Title"), a parenthesised year or a year (also after a comma, when the title follows: "田尻義了, 2004, Title, Journal 18") — or, for names of two to four characters, a bare
comma before a longer run of the script ("李明, 王芳, 传播学视角下…") — and may close with the CJK words
for "and others": 等 (Chinese), 他 / ほか / 外 (Japanese), 외 / 등 (Korean).

`parse_person` (citecheck/names.py) stores an unspaced name whole in ``family`` and a spaced
one as family + given; the comparator keys both on the whole name (verify/authors.py).

Names in the other scripts without case (Arabic, Persian, Hebrew, written right to left) are
read in the APA form only, where a parenthesised year closes the list and so vouches for it:
"حسين، طه (1926).", "עגנון, ש. י. (1945)." — family name, comma, given name or initials.
"""

from __future__ import annotations

import re

from citecheck.model import Name
from citecheck.names import CJK, ET_AL_SHORT, parse_person
from citecheck.regex_cache import compile_regex
from citecheck.years import year_pattern

#: one name: 2–10 CJK characters, or family and given name in Han / kana with a space between
#: ("山田 太郎"; Korean writes its names unspaced but for "권 진", and a title's words with spaces)
_KANJI = r"\p{Han}\p{Hiragana}\p{Katakana}ー々"
_NAME = (rf"(?:[{_KANJI}]{{1,4}}[ ][{_KANJI}]{{1,4}}(?![{CJK}])|\p{{Hangul}}[ ]\p{{Hangul}}{{1,2}}(?![{CJK}])"
         rf"|[{CJK}]{{2,10}}(?![{CJK}]))")
#: names joined by periods ("최경원.임연옥.윤현숙(2012)", "최지수. 윤석민 (2019)", "馬淵久夫.平尾良光,
#: 1987", "山田太郎・鈴木花子：Title"): only before a parenthesised year, or unspaced before a comma
#: or the SIST / IPSJ colon, so that "王五. 题名研究. 物理学报, 2018" keeps its title
_DOT_LIST_RE = compile_regex(
    rf"(?P<names>{_NAME}(?:\.\s?{_NAME})+)(?=\s*\(\d{{4}})|(?P<names>{_NAME}(?:[.․·・]{_NAME})+)(?=\s*[,(:])"
)
#: "and others" closing the list, as a list member ("李明, 等.") or glued on ("山田太郎ほか")
_OTHERS = r"(?:等人?|他|ほか|外(?:\s*\d+\s*人)?|외(?:\s*\d+\s*인)?|등)"
#: a CJK name with the marker glued to it ("山田太郎ほか"), and the marker at the end of one
_GLUED_OTHERS_RE = compile_regex(rf"[{CJK}]+{_OTHERS}")
_OTHERS_END_RE = compile_regex(rf"{_OTHERS}$")
_LIST_RE = compile_regex(
    rf"(?P<names>{_NAME}(?:(?:\s*[,;、]\s*|\s*,?\s*&\s*){_NAME})*)"
    rf"(?:\s*[,;、]?\s*(?P<others>{_OTHERS}|{ET_AL_SHORT}))?"
    rf"(?=\s*(?:[.:]|\(|\d{{4}}\b|$|,\s*['\"“‘]|,\s*{year_pattern(1500)}[a-z]?\s*[,.]\s*[^\s\d]))"
)
#: Chinese and Korean names (two to four characters; a Japanese first name up to five, "木村雄四郞")
#: closed by a bare comma before the title, a longer run of the script (GB/T 7714 lists written with
#: commas only)
_BARE_COMMA_LIST_RE = compile_regex(
    rf"(?P<names>[{CJK}]{{2,5}}(?:\s*[,、]\s*[{CJK}]{{2,4}})*)\s*,\s*(?=[{CJK}]{{5,}})"
)
_SEP_RE = compile_regex(r"\s*,?\s*&\s*|\s*[,;、]\s*|\.\s?|[․·・]")


def scan_cjk_authors(text: str) -> tuple[list[Name], bool, int] | None:
    """(names, truncated, end) of a CJK author list opening ``text``, or None."""
    if not text or text[0].isascii():
        return None
    dots = _DOT_LIST_RE.match(text)
    if dots:
        return [parse_person(p) for p in _SEP_RE.split(dots.group("names")) if p], False, dots.end()
    m = _LIST_RE.match(text)
    if not m:
        bare = _BARE_COMMA_LIST_RE.match(text)
        if bare:  # "李明, 王芳, 传播学视角下网络直播的传播要素分析[J]": a comma before the title
            return [parse_person(p) for p in _SEP_RE.split(bare.group("names")) if p], False, bare.end("names")
        return None
    pieces = [p for p in _SEP_RE.split(m.group("names")) if p]
    others = bool(m.group("others"))
    if not others and pieces and _GLUED_OTHERS_RE.fullmatch(pieces[-1]):
        # "山田太郎ほか": the marker glued to the last name (only when the name stays 2+ long)
        head = _OTHERS_END_RE.sub("", pieces[-1])
        if len(head) >= 2 and len(pieces[-1]) >= 4:
            pieces[-1], others = head, True
    return [parse_person(p) for p in pieces], others, m.end()


#: a word of a script without case other than CJK (Arabic, Hebrew, Thaana, Syriac, …)
_RTL_WORD = r"(?:[\p{Arabic}\p{Hebrew}\p{Syriac}\p{Thaana}][\p{Arabic}\p{Hebrew}\p{M}'׳״-]*)"
_RTL_NAME = rf"{_RTL_WORD}(?:\s{_RTL_WORD})?\s*,\s*(?:(?:{_RTL_WORD}\.\s?)+|{_RTL_WORD}(?:\s{_RTL_WORD})?)"
#: "&", or the word "and" standing alone (و, ו are also letters inside words)
_RTL_AND = r"(?:\s*,?\s*&\s*|,?\s+(?:و|ו)\s+)"
_RTL_LIST_RE = compile_regex(
    rf"(?P<names>{_RTL_NAME}(?:{_RTL_AND}{_RTL_NAME}|\s*,\s*{_RTL_NAME})*)"
    r"(?=\s*\(\s*\d{4})"
)
_RTL_SPLIT_RE = compile_regex(rf"{_RTL_AND}|(?<=\.)\s*,\s*(?={_RTL_WORD}\s*,)")


def scan_rtl_authors(text: str) -> tuple[list[Name], int] | None:
    """(names, end) of an APA author list in Arabic, Persian or Hebrew script before "(YEAR", or None."""
    if not text or text[0].isascii():
        return None
    m = _RTL_LIST_RE.match(text)
    if not m:
        return None
    names = []
    for piece in _RTL_SPLIT_RE.split(m.group("names")):
        family, _, given = piece.partition(",")
        if family.strip():
            names.append(Name(family=family.strip(), given=given.strip(" ,") or None))
    return names, m.end()


#: a pinyin syllable (initial optional) and one that needs its initial (inside a word, where pinyin
#: writes an apostrophe or a hyphen before a syllable that has none: "Xi'an", "Guang-Yu")
_PY_FINAL = r"(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|er|ia|ie|iu|ua|uo|ui|ue|ve|a|o|e|i|u|v)"
_PY_INITIAL = r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])"
_PINYIN_RE = compile_regex(rf"{_PY_INITIAL}?{_PY_FINAL}(?:{_PY_INITIAL}{_PY_FINAL}|[-'’]{_PY_INITIAL}?{_PY_FINAL})*", re.I)
#: Chinese journals' layout (Chinese Physics C, CPL): family name in capitals, then the given name,
#: both in pinyin — "ZHAO Guang-Yu, LIU Xiao-Hong, et al."
_CAPS_PINYIN_RE = compile_regex(r"(?P<family>\p{Lu}{2,}(?:-\p{Lu}{2,})?)\s+(?P<given>\p{Lu}\p{Ll}+(?:[-'’]\p{L}\p{Ll}+)?)")
_PINYIN_SEP_RE = compile_regex(r"\s*(?:,|;|\band\b)\s*")
_PINYIN_ETAL_RE = compile_regex(rf"\s*,?\s*{ET_AL_SHORT}")
_PINYIN_END_RE = compile_regex(r"\s*[.,:]")


def scan_pinyin_authors(text: str) -> tuple[list[Name], bool, int] | None:
    """(names, truncated, end) of a "FAMILY Given" list in pinyin ("LI Wei, ZHANG San."), or None:
    the name grammar would read "LI" as initials and "Wei" as the family name."""
    names: list[Name] = []
    pos = 0
    while (m := _CAPS_PINYIN_RE.match(text, pos)) and _PINYIN_RE.fullmatch(m.group("family")) \
            and _PINYIN_RE.fullmatch(m.group("given")):
        names.append(Name(family=m.group("family").title(), given=m.group("given")))
        pos = m.end()
        if (etal := _PINYIN_ETAL_RE.match(text, pos)):
            return names, True, etal.end()
        sep = _PINYIN_SEP_RE.match(text, pos)
        if not sep or not _CAPS_PINYIN_RE.match(text, sep.end()):
            break
        pos = sep.end()
    return (names, False, pos) if names and _PINYIN_END_RE.match(text, pos) else None


__all__ = ["scan_cjk_authors", "scan_pinyin_authors", "scan_rtl_authors"]
