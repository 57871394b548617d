"""The parser's shared vocabulary: months and years, page numbers, conference, thesis,
report and book-trade words, places, and `clean_field` (trim a field's punctuation)."""

from __future__ import annotations

import re

from citecheck.function_words import FUNCTION_WORDS as TITLE_FUNCTION_WORDS
from citecheck.names import TEXT_PARTICLES
from citecheck.regex_cache import compile_re
from citecheck.years import MONTHS, OTHER_MONTHS, YEAR

#: an English month, abbreviated to its first three letters or written out ("Jan", "January"; "Sept" too)
_ENGLISH_MONTH = "|".join("Sep(?:t(?:ember)?)?" if m == "September" else f"{m[:3]}(?:{m[3:]})?" if m[3:] else m
                          for m in MONTHS)
MONTH = (
    rf"(?:{_ENGLISH_MONTH}|Spring|Summer|Fall|Autumn|Winter|{OTHER_MONTHS})(?:\.|(?![^\W\d_]))"  # (not "Springer")
)


#: a letter of a script written without capitals or spaces between words (Han, kana, Hangul)
CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"


# A year in parentheses, maybe with month/day: "(2019)", "(2019a)", "(May 2019)", "(2019, May 3)".
# The month and day after a year: "May 3", "March 25-26", "25-26 March", "May-June".
MONTH_DAY = (
    rf"(?:{MONTH}(?:\s*\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?|\s*[-–/]\s*{MONTH})?|"
    rf"\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+{MONTH})"
)


# a day's date, the day written: "Nov. 10, 1934", "12 March 2004"
DAY_DATE_RE = compile_re(rf"\b{MONTH}\s*\d{{1,2}},?\s*{YEAR}\b|\b\d{{1,2}}\s+{MONTH}\s*,?\s*{YEAR}\b")


# (an article number with a section letter inside: PTEP's "083C01")
# (Science's and Science Advances' article numbers: "eaay0668")
# (AIP's conference-issue article numbers: J. Appl. Phys. "07A316", Rev. Sci. Instrum. "10E516")
PAGE = r"(?:e[a-z]{3}\d{4}|\d{2}[A-H]\d{3}(?!\w)|[A-Za-z]{0,2}\d+(?:(?<=\d{3})[A-J]\d{2}(?!\d))?[A-Za-z]?)"


PAGES = rf"{PAGE}(?:\s*(?:[-–—‐]+|--)\s*{PAGE})?"


EDS_RE = compile_re(r"\(?(?:\b(?:eds?|editors?|Hrsg|Hg)\b|(?<!\w)éds?(?!\w))\.?\)?,?", re.I)


THESIS_RE = compile_re(
    r"\b(?:Ph\.?\s?D\.?|doctoral|master['’]?s?|M\.?Sc?\.?|diploma|bachelor'?s?)\s*"
    r"(?:thesis|dissertation)|\bthesis\b|\bdissertation\b|\bдис\.|\bдиссертаци",  # (GOST "дис. … канд. наук")
    re.I,
)


REPORT_RE = compile_re(
    r"\b(?:tech(?:nical|\.)?\s*rep(?:ort|\.)?|report|working paper|white paper|"
    r"memorandum|preprint CERN|CERN-|FERMILAB-|SLAC-)",
    re.I,
)


CONF_RE = compile_re(
    r"\b(?:proc(?:eedings|\.)?|conf(?:erence|\.)?|symp(?:osium|\.)?|workshop|"
    r"congress|meeting|colloquium|summer school|ICML|NeurIPS|NIPS|ICLR|CVPR|ICCV|"
    r"ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGIR|SIGMOD|VLDB|STOC|FOCS|SODA|"
    r"CHI|UIST|ICRA|IROS|INTERSPEECH|ICASSP|WWW|Advances in Neural Information)\b",
    re.I,
)


# a place in a book after its imprint: "ch 3", "p 12", "pp 10–20", "section 4.2", "Chap. 8"
LOCATOR = r"(?:ch|chap|chapter|sec|sect|section|§|pp?|eq|fig|vol|volume)\.?\s*\d+(?:\.\d+)*(?:\s*[-–]\s*\d+)?"


# a book's volume (and the series it is in) before its imprint: ", Graduate Texts in Mathematics
# Vol. 220", " (Springer Series in Synergetics vol 18)", ", Vol. 2", ", Part 1"
BOOK_VOLUME_RE = compile_re(
    r"(?P<lead>[,;]?\s*\(?\s*)(?:(?P<series>[^(),;]{3,80}?)\s*,?\s+)?(?P<volpart>\b(?:[Vv]ol(?:ume)?|Part|Pt)\.?\s*"
    r"(?P<vol>\d{1,4}[A-Z]?))\s*(?P<close>\)?)\s*$"
)


# a book series named between a book's title and its imprint: "…, Texts in Applied Mathematics (Springer)"
BOOK_SERIES_RE = compile_re(
    r"\b(?:Texts?(?:\s*in)?\b|Series|Lecture\s+Notes|Monographs?|Tracts|Library|Graduate|Undergraduate|"
    r"Studies\s+in|Its\s+Applications|Frontiers\s+in|Progress\s+in|Advances\s+in)\b"
)


# an edition after a book's title ("3rd ed.", "2nd edn", "third edition"; "3rded" glued; German,
# French and Russian ordinals "9. Auflage", "2. Aufl.", "3. éd.", "2-е изд."). (Tried only where a
# leftmost match can start — at a comma or period, or after none of them or a space — and the number
# from its first digit: linear in a run of digits or spaces, the same matches.)
EDITION_END_RE = compile_re(
    r"(?:(?=[,.])|(?<![\s,.]))[,.]?\s*+(?:(?:(?<!\d)\d++\s*+(?:st|nd|rd|th)|first|second|third|fourth|fifth|revised|new)"
    r"\s*+(?:edn|ed|edition)|(?<!\d)\d++(?:\.|-?е)\s*+(?:Auflage|Aufl|Ausgabe|éd|édition|изд|издание))\.?$",
    re.I,
)


# Publishers named by their name alone, with no "Press" or "Verlag" to tell them: a society's or a trade
# house's ("Computer Vision (CVPR). IEEE", "Gravitation (Freeman)", "Quantum Mechanics (Pergamon, Oxford)")
PUBLISHER_NAMES = (
    r"(?:IEEE|ACM|SIAM|AIAA|AAAI|ASCE|ASME|AIChE|Springer(?:-Verlag)?|Elsevier|Wiley(?:-VCH|-Interscience)?|"
    r"Morgan Kaufmann|MIT Press|Kluwer|North[- ]Holland|Birkh[aä]user|World Scientific|Pergamon|"
    r"CRC Press|Academic Press|Routledge|Sage|SPIE|AIP|IOP|OSA|Curran Associates|"
    r"Association for Computing Machinery|Institute of Electrical and Electronics Engineers|"
    r"(?:W\.\s?H\.\s)?Freeman(?:\s(?:and|&)\sCo(?:mpany|\.)?)?|Dover|(?:W\.\s?A\.\s)?Benjamin(?:[- ]Cummings)?|"
    r"Plenum|Clarendon|Interscience|Addison[- ]Wesley|McGraw[- ]Hill|Prentice[- ]Hall|Saunders|"
    r"Butterworths?(?:[- ]Heinemann)?|Longman|Dekker|Hilger|CRC|Westview|Perseus|VCH|Taylor\s?&\s?Francis|"
    r"Gordon\s(?:and|&)\sBreach|Nauka|Mir|Fizmatgiz|Fizmatlit)"
)


BOOK_HINT_RE = compile_re(
    r"\b(?:press|verlag|publish(?:ers?|ing)|books|edition|ed\.|wiley|"
    r"inc|pub|publications|associates|ltd|gmbh|co\.|"
    r"springer|elsevier|academic|university|routledge|sage|macmillan|"
    r"harper|penguin|norton|mcgraw|addison|prentice|oxford|cambridge)\b"
    # publishers in Chinese, Japanese, Korean: "科学出版社", "講談社", "幻冬舎", "岩波書店", "민음사"
    r"|(?<=[\u3040-\u9fff\uac00-\ud7af])(?:出版社|出版部|出版|書店|書房|書院|文庫|社|舎|館|堂|사|출판부)(?!\w)",
    re.I,
)


TRIM = " \t,;:.-–—/"


TRIM_KEEP_DOT = " \t,;:-–—/("


# Words whose period does not end a sentence: name initials, abbreviations common in titles.
NON_TERMINAL = frozenset(
    [
        "al",
        "vs",
        "eg",
        "ie",
        "cf",
        "etc",
        "dr",
        "mr",
        "mrs",
        "ms",
        "st",
        "jr",
        "sr",
        "prof",
        "no",
        "vol",
        "pp",
        "ed",
        "eds",
        "fig",
        "eq",
        "ref",
        "refs",
        "approx",
        "ca",
        "inc",
        "ltd",
        "co",
        "corp",
        "dept",
        "univ",
        "u.s",
        "u.k",
        "e.g",
        "i.e",
        "trans",
        "transl",
        "trad",
        "tr",
        "hrsg",
        "comp",
    ]
)


_ABBREV_END_RE = compile_re(r"(?:\b[A-Z][a-z]{0,8}|\b[A-Z])\.$")


def clean_field(value: str | None) -> str | None:
    if value is None:
        return None
    value = " ".join(value.split())
    value = value.strip(" \t,;:")
    # Trailing period unless it closes an abbreviation in an abbreviated name ("Phys. Rev. Lett.").
    if value.endswith(".") and not (_ABBREV_END_RE.search(value) and "." in value[:-1]):
        value = value[:-1].rstrip()
    if len(value) >= 2 and value[0] in "\"“'‘«" and value[-1] in "\"”'’»":
        value = value[1:-1].strip()
    value = value.strip(" \t,;:")
    if value.count("(") < value.count(")") and value.endswith(")"):
        value = value[:-1].rstrip()
    if value.count("(") > value.count(")") and value.startswith("("):
        value = value[1:].lstrip()
    return value or None


def norm_pages(value: str) -> str:
    value = re.sub(r"\s*(?:--|[-–—‐])+\s*", "-", value.strip())
    return value


_SHORT_RANGE_RE = compile_re(r"^(?P<pre>[A-Za-z]{0,2})(?P<a>\d{2,6})-(?P=pre)?(?P<b>\d{1,5})$")


def expand_pages(value: str | None) -> str | None:
    """An abbreviated range written out (Vancouver, Chicago): "770-8" → "770-778", "1123-45"
    → "1123-1145", "e101-9" → "e101-e109"; a range that reads no other way is kept."""
    m = _SHORT_RANGE_RE.match(value or "")
    if not m or not value:
        return value
    a, b = m.group("a"), m.group("b")
    if len(b) >= len(a):
        return value
    full = a[: len(a) - len(b)] + b
    if int(full) <= int(a):
        return value  # "125-3": no reading makes it a range
    return f"{m.group('pre')}{a}-{m.group('pre')}{full}"


#: prepositions that the rules' Title Case tests ("is this run of words a venue's name?") do not pass over:
#: counted, "Learning from Physics … Spectroscopy PRX Quantum" read as one title (reading_robustness)
_NOT_FUNCTION = frozenset(("by", "from", "with"))
#: function words: English (`function_words.FUNCTION_WORDS`), the particles of running text (`names.TEXT_PARTICLES`:
#: "de", "van", "della" are articles and prepositions too), and other languages' articles and "and"s
FUNCTION_WORDS = (TITLE_FUNCTION_WORDS - _NOT_FUNCTION) | set(TEXT_PARTICLES) | {"des", "les", "und", "für", "et", "&", "y"}


US_STATE_RE = compile_re(r"^(?:[A-Z]{2}|[A-Z]\.[A-Z]\.|D\.C\.?)$")


COUNTRIES = frozenset(
    [
        "USA",
        "UK",
        "Canada",
        "Japan",
        "China",
        "Germany",
        "France",
        "Italy",
        "Spain",
        "Belgium",
        "Netherlands",
        "Switzerland",
        "Austria",
        "Australia",
        "Brazil",
        "India",
        "Korea",
        "Greece",
        "Portugal",
        "Sweden",
        "Norway",
        "Denmark",
        "Finland",
        "Poland",
        "Russia",
        "Israel",
        "Mexico",
        "Singapore",
        "Taiwan",
        "Turkey",
        "Ireland",
        "Scotland",
        "England",
        "Hungary",
        "Czech",
        "Republic",
    ]
)


IN_MARK_RE = compile_re(r"(?:^|[.,”\"]\s*)(?:In|in):?\s+(?=[A-Z\d])")
