"""Rule-based parser for one reference string (any common citation style) into a CSL `Record`.

The parser works in passes over a cleaned string: pull out identifiers (DOI, arXiv, URL), pick
the publication year, consume the author list from the front with a small name grammar, then
split what is left into title and the venue tail (journal, volume, issue, pages, publisher).
It never raises on odd input; a doubtful parse gets a low ``confidence`` so that a later
(LLM) parser can re-parse it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citecheck.extract import names as N
from citecheck.extract.cleanup import clean_reference
from citecheck.extract.identifiers import extract_identifiers
from citecheck.model import Name, Record, set_year
from citecheck.normalize import journal_key, journal_table

__all__ = ["ParsedReference", "parse_reference"]


@dataclass(frozen=True)
class ParsedReference:
    record: Record
    confidence: float
    warnings: tuple[str, ...]


# -- years --------------------------------------------------------------------------------------

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summer|Fall|Autumn|"
    r"Winter|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|"
    r"novembre|décembre|Januar|Februar|März|Juni|Juli|Oktober|Dezember)\.?"
)
_YEAR = r"(?:1[6-9]\d\d|20\d\d)"
# A year in parentheses, maybe with month/day: "(2019)", "(2019a)", "(May 2019)", "(2019, May 3)".
# The month and day after a year: "May 3", "March 25-26", "25-26 March", "May-June".
_MONTH_DAY = (
    rf"(?:{_MONTH}(?:\s*\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?|\s*[-–/]\s*{_MONTH})?|"
    rf"\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+{_MONTH})"
)
_PAREN_YEAR_RE = re.compile(
    rf"\(\s*(?:{_MONTH}(?:\s*[-–/]\s*{_MONTH})?\s*(?:\d{{1,2}})?,?\s*)?(?:\d{{1,2}}\s+{_MONTH}\s+)?({_YEAR})[a-z]?"
    rf"(?:\s*,?\s*{_MONTH_DAY})?\s*\)"
)
# "29/10/2010", "03.12.2019": a numeric date
_NUMERIC_DATE_RE = re.compile(rf"(?<![\w/.])\d{{1,2}}([/.])\d{{1,2}}\1({_YEAR})(?![\w/])")
_BARE_YEAR_RE = re.compile(rf"(?<![\w./:–—-])({_YEAR})[a-z]?(?![\w/–—-]|\.\d|-\d)")
_ND_RE = re.compile(r"\(\s*n\.\s?d\.\s*\)")

# -- venue tail ---------------------------------------------------------------------------------

_PAGE = r"[A-Za-z]{0,2}\d+[A-Za-z]?"
_PAGES = rf"{_PAGE}(?:\s*(?:[-–—‐]+|--)\s*{_PAGE})?"
_LABELLED_VOL_RE = re.compile(
    r"\b(?:vol(?:ume)?\.?|v\.|Bd\.|t\.)\s*([A-Z]?\d+[A-Za-z]?|(?-i:[IVXLC]{1,7})\b)", re.I
)
_LABELLED_NO_RE = re.compile(r"\b(?:no\.?|nr\.?|num\.?|number|issue|n°|№)\s*(\d+(?:[-–/]\d+)?[A-Za-z]?)", re.I)
_LABELLED_PP_RE = re.compile(rf"\b(?:pp?\.|pp\b|pages?|S\.)\s*({_PAGES})", re.I)
_ARTNO_RE = re.compile(r"\b(?:art(?:icle)?\.?\s*(?:no\.?|number)|Article|e)\s*([A-Za-z]?\d+)", re.I)
# "12(3), 45-67" / "12(3):45-67" / "58 (5): 1583" / "26: 841-860" / "75, 024519" / "26 (2-3)"
_VOL_ISSUE_PAGES_RE = re.compile(
    # a double volume "68–69" only when a page follows ("Solid State NMR 68–69, 1-12", "289–290: 718")
    rf"(?<![\w.])(?P<vol>[A-Z]?\d{{1,5}}[A-Z]?(?:[-–]\d{{1,5}}(?=\s*[,:]\s*{_PAGE}|\s+{_PAGES}\s*(?:[,.;]|$)))?)(?:\.(?P<dotissue>\d{{1,3}})(?=\s*[:,(]))?\s*"
    rf"(?:,?\s*\(\s*(?P<issue>[\w\s,./&–-]{{1,15}}?)\s*\))?\s*"
    # "Phonetica 61: 4, 220-233" / "Oper. Res. 36, 3, 454-469": an issue before a page range
    rf"(?:[:,]\s*(?P<issue2>\d{{1,4}})\s*(?:[,:]\s*(?={_PAGE}\s*[-–])|:\s*(?=\d)))?"
    rf"(?:(?:[:,]\s*|\s+|(?<=[,:])|(?<=[,:]\s))(?:pp?\.\s*)?(?P<page>{_PAGES}))?(?=\s*(?:[,.;(\[]|$))"
)
# A page range on its own ("In Book Title, 422-434."), not a span of years.
_BARE_RANGE_RE = re.compile(r"(?<![\w.])(\d{1,5})\s*[-–]\s*(\d{1,5})(?!\w|\.\d)(?=\s*(?:[,.;]|$))")
_PUBLISHER_RE = re.compile(r"^(?P<place>[A-Z][\w .,'’-]{1,40}?)\s*:\s*(?P<pub>[^:]{2,80}?)$")
_IN_RE = re.compile(r"^(?:In|in|IN)\s*:?\s+")
_EDS_RE = re.compile(r"\(?(?:\b(?:eds?|editors?|Hrsg|Hg)\b|(?<!\w)éds?(?!\w))\.?\)?,?", re.I)
_THESIS_RE = re.compile(r"\b(?:Ph\.?\s?D\.?|doctoral|master['’]?s?|M\.?Sc?\.?|diploma|bachelor'?s?)\s*"
                        r"(?:thesis|dissertation)|\bthesis\b|\bdissertation\b", re.I)
_REPORT_RE = re.compile(r"\b(?:tech(?:nical|\.)?\s*rep(?:ort|\.)?|report|working paper|white paper|"
                        r"memorandum|preprint CERN|CERN-|FERMILAB-|SLAC-)", re.I)
_CONF_RE = re.compile(r"\b(?:proc(?:eedings|\.)?|conf(?:erence|\.)?|symp(?:osium|\.)?|workshop|"
                      r"congress|meeting|colloquium|summer school|ICML|NeurIPS|NIPS|ICLR|CVPR|ICCV|"
                      r"ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGIR|SIGMOD|VLDB|STOC|FOCS|SODA|"
                      r"CHI|UIST|ICRA|IROS|INTERSPEECH|ICASSP|WWW|Advances in Neural Information)\b", re.I)
_BOOK_HINT_RE = re.compile(r"\b(?:press|verlag|publish(?:ers?|ing)|books|edition|ed\.|wiley|"
                           r"inc|pub|publications|associates|ltd|gmbh|co\.|"
                           r"springer|elsevier|academic|university|routledge|sage|macmillan|"
                           r"harper|penguin|norton|mcgraw|addison|prentice|oxford|cambridge)\b", re.I)
_QUOTE_RE = re.compile(r"[\"“”„«»]\s*(.+?)\s*[\"“”«»](?!\w)|(?<!\w)[‘']\s*(.{8,}?)\s*[’'](?!\w)")
_SENT_END_RE = re.compile(r"([.?!])\s+(?=[\"“‘'(\[]?[A-Z0-9À-Þ])")
_SPACE_RE = re.compile(r"\s+")
_TRIM = " \t,;:.-–—/"
_TRIM_KEEP_DOT = " \t,;:-–—/("
# Words whose period does not end a sentence: name initials, abbreviations common in titles.
_NON_TERMINAL = frozenset(
    ["al", "vs", "eg", "ie", "cf", "etc", "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "no", "vol", "pp", "ed", "eds", "fig", "eq", "ref", "refs", "approx", "ca", "inc", "ltd", "co", "corp", "dept", "univ", "u.s", "u.k", "e.g", "i.e", "trans", "transl", "trad", "tr", "hrsg", "comp"]
)


_ABBREV_END_RE = re.compile(r"(?:\b[A-Z][a-z]{0,8}|\b[A-Z])\.$")


def _clean_field(value: str | None) -> str | None:
    if value is None:
        return None
    value = _SPACE_RE.sub(" ", value).strip()
    value = value.strip(" \t,;:")
    # Trailing period unless it closes an abbreviation in an abbreviated name ("Phys. Rev. Lett.").
    if value.endswith(".") and not (
        _ABBREV_END_RE.search(value) and "." in value[:-1]
    ):
        value = value[:-1].rstrip()
    if len(value) >= 2 and value[0] in "\"“'‘«" and value[-1] in "\"”'’»":
        value = value[1:-1].strip()
    value = value.strip(" \t,;:")
    if value.count("(") < value.count(")") and value.endswith(")"):
        value = value[:-1].rstrip()
    if value.count("(") > value.count(")") and value.startswith("("):
        value = value[1:].lstrip()
    return value or None


# Words that end in a period inside abbreviated journal names ("Phys. Rev. Lett.", "J Neurosci.")
_ABBREV_TEXT = """phys rev lett appl astrophys astron chem math nucl proc ann mod sci opt soc comm commun
    mech biol eng res trans int natl acad inst rep struct mater theor comput stat geophys environ
    instrum interact reson rept temp spectrosc surf cryst radiat accel metall mach grav anal inorg
    mag intell eff diffus naturforsch artif scr crystallogr vac helv funct geom anorg numer front
    liq knowl polon contemp graph allg tech angew biochim coord electrochim synth simul hum mat
    rel multim oper veh akad equilib bioenerg phil
    med mol lond jpn am br can eur ind adv curr clin exp gen lab microbiol neurosci psychol sociol
    econ polit philos hist lit ling educ manag rec bull mem zool bot ecol evol genet immunol
    pharmacol physiol biochem biophys surg anat ther dis infect vet agric nutr technol electron
    electr syst softw inf netw secur cryptogr quant gravit part condens annu jour sect ser suppl
    spec rend zeitschr zh fiz eksp teor pisma meteorol oceanogr atmos hydrol geol mineral petrol
    planet sol terr cosmol relativ dyn thermodyn magn supercond semicond pure nat rheum psychiatry
    neurol cardiol oncol pediatr obstet gynecol dermatol ophthalmol radiol anesth orthop urol
    gastroenterol hepatol endocrinol metab nephrol pulm respir crit emerg fam prev publ res
    dev cogn behav neuropsychol linguist anthropol archaeol geogr stud rev repts jahrb math
    assoc ass conf symp workshop meet prog biogeochem volc geotherm drill met sustain compd
    geochem cosmochim palaeogeogr palaeoclimatol palaeoecol sedim tecton seismol mon not roy
    ital sov jetp russ chin korean indian austral zh"""
# Endings of abbreviated compound words: "Europhys.", "Geochem.", "Neurobiol.", "Bioinform."
_ABBREV_ENDINGS = ("phys", "chem", "biol", "geol", "astron", "math", "sci", "techn", "mech",
                   "electr", "comput", "inform", "physiol", "pharmacol", "lett", "proc")
# Lower-case abbreviations in ISO-4 style names ("J. geophys. Res.", "Earth planet. Sci. Lett.")
_LOWER_ABBREV = frozenset(
    ["geophys", "astrophys", "planet", "phys", "chem", "sci", "res", "lett", "biol", "math",
     "mech", "appl", "astron", "geol", "geochem", "volc", "geotherm", "seismol", "soc"]
)
_ABBREV_WORDS = frozenset(_ABBREV_TEXT.split())
_WEAK_BEFORE = re.compile(r"(?:^|[\s(])[A-Z]$")


def _boundary_kind(text: str, pos: int) -> int:
    """0: not a boundary, 1: a '.' boundary, 2: a '?'/'!' boundary (weaker)."""
    mark = text[pos]
    if mark != ".":
        return 2
    word = re.search(r"([\w.'’-]+)$", text[:pos])
    token = word.group(1) if word else ""
    bare = token.rstrip(".").lower()
    if len(token) == 1 and token.isupper():
        return 0  # an initial "A."
    if re.fullmatch(r"(?:[A-Z]\.)+[A-Z]", token) or bare in _NON_TERMINAL:
        return 0
    mixed_case = token[:1].isupper() and (len(bare) == 1 or token[1:].rstrip(".").islower())
    if mixed_case and (
        bare in _ABBREV_WORDS or bare.endswith(_ABBREV_ENDINGS) or _WEAK_BEFORE.search(text[:pos])
    ):
        return 0  # part of an abbreviated journal name
    if token.islower() and bare in _LOWER_ABBREV:
        return 0  # part of an abbreviated journal name
    if token.isalpha() and token.islower() and len(token) <= 9 and (
        (before := _ABBREV_BEFORE_RE.search(text, 0, pos - len(token)))
        and _boundary_kind(text, before.start(1)) == 0
    ):
        # "Phys. kondens. Materie", "Z. angew. Math. Phys.": a lower-case abbreviation inside a
        # journal name, right after an abbreviated word of it
        return 0
    return 1


# A capitalised word and a period right before: "Phys. ", "Z. "
_ABBREV_BEFORE_RE = re.compile(r"(?<![\w.])(?:[A-Z]|[A-Z][a-z]{1,11})(\.)\s+$")


_PART_NO_RE = re.compile(r"\d{1,2}\.\s+[A-Z][a-z]")
# (not "Guide No. 12. Journal": the number of a labelled item ends a sentence)
_PART_NO_BEFORE_RE = re.compile(r"[A-Za-z](?<!\b[Nn]o)\.\s+\d{1,2}$")
# "II. ESCO-Kongreß in Dubrovnik" / "2. Mitteilung": a part number opening the text
_LEADING_PART_NO_RE = re.compile(r"^\s*(?:\d{1,2}|[IVXLC]{1,7})$")


def _sentence_boundaries(text: str) -> list[int]:
    """Indices just after sentence-ending punctuation that is not an abbreviation; '.' first."""
    dots: list[int] = []
    marks: list[int] = []
    for m in _SENT_END_RE.finditer(text):
        if _PART_NO_RE.match(text, m.end()) or _PART_NO_BEFORE_RE.search(text, 0, m.start(1)):
            continue  # "Title: neurobiology. 1. Anatomy": a numbered part of the title
        if _LEADING_PART_NO_RE.match(text, 0, m.start(1)) and re.match(r"\S+\s+\S", text[m.end():]):
            continue  # "II. ESCO-Kongreß in Dubrovnik": the title opens with a part number
        kind = _boundary_kind(text, m.start(1))
        if kind == 1:
            dots.append(m.end(1))
        elif kind == 2:
            marks.append(m.end(1))
    return dots or marks


@dataclass
class _Tail:
    container: str | None = None
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    publisher: str | None = None
    place: str | None = None
    note: str | None = None  # an edition / editor / translator remark between title and imprint


def _norm_pages(value: str) -> str:
    value = re.sub(r"\s*(?:--|[-–—‐])+\s*", "-", value.strip())
    return value


# After "AMEE Guide No. 158": a sentence end, then a journal and its volume ("Medical Teacher, 45")
_AFTER_TITLE_NO_RE = re.compile(
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


def _parse_numbers(zone: str, tail: _Tail) -> None:
    """Fill volume/issue/page from labelled tokens ('vol. 5, no. 2, pp. 10-20')."""
    m = _LABELLED_VOL_RE.search(zone)
    if m:
        tail.volume = m.group(1)
    m = _labelled_issue(zone)
    if m:
        tail.issue = m.group(1)
    m = _LABELLED_PP_RE.search(zone)
    if m:
        tail.page = _norm_pages(m.group(1))


def _pick_quote(rest: str, have_authors: bool) -> re.Match[str] | None:
    """The quoted title: a quotation near the start (the longest one there), not a quoted word
    inside an unquoted title ('Finding “meaning” in psychology')."""
    best = None
    limit = 15 if have_authors else max(15, len(rest) // 2)
    for q in _QUOTE_RE.finditer(rest):
        if q.start() > limit:
            break
        body = q.group(1) or q.group(2) or ""
        if best is None or len(body) > len(best.group(1) or best.group(2) or ""):
            best = q
    if best is None:
        return None
    before = rest[: best.start()].rstrip()
    after = rest[best.end():]
    # A quoted word inside an unquoted title ('Finding “meaning” in psychology', '“Like” and
    # language ideology'): text runs on before or after the quotation.
    if best.start() > 2 and have_authors and (
        re.search(r"[a-z]{3,}$", before) or len(re.findall(r"\b[a-z]{2,}\b", before)) >= 1
    ):
        return None
    if re.match(r"\s+(?!in\b|and\s+[\"“‘'«]|In\b)[a-z]{2,}", after) or re.match(r":\s", after):
        return None
    return best


_VOL_BEFORE_LABELS_RE = re.compile(
    r"(?<![\w.])([A-Z]?\d{1,5}[A-Z]?)\s*(?:,?\s*\(\s*([\w\s,/–-]{1,15}?)\s*\)|"
    r"\s*[:,]\s*(\d{1,4}))?\s*$"
)
# "Solid State Ionics, 53–56" before the page label: a double volume right after the name
_DOUBLE_VOL_END_RE = re.compile(r"(?:(?<=[^\W\d_.],\s)|(?<=[^\W\d_.]\s)|(?<=\.,\s)|(?<=\.\s))(\d{1,4})[-–](\d{1,4})\s*$")


def _split_venue(
    rest: str, comma_style: bool, title_known: bool = False, has_id: bool = False
) -> tuple[str | None, _Tail]:
    """Split 'Title. Journal, 12(3), 45-67' into title and the venue fields. ``has_id``: the
    reference carried a DOI or arXiv id (cut out of ``rest``)."""
    tail = _Tail()
    text = rest.strip(_TRIM)
    if not text:
        return None, tail
    # Labelled numbers anywhere ("vol. 5", "no. 2", "pp. 10-20"): the venue starts before them.
    labelled = [m for m in (_LABELLED_VOL_RE.search(text), _labelled_issue(text),
                            _LABELLED_PP_RE.search(text)) if m]
    if labelled:
        _parse_numbers(text, tail)
        start = min(m.start() for m in labelled)
        head = text[:start].rstrip(_TRIM_KEEP_DOT)
        head = _drop_newspaper_section(head)
        if head.count("(") > head.count(")"):
            # "Monographs of the Society 54 (serial no. 220)": a label inside parentheses
            head = re.sub(r"\s*\([^()]*$", "", head)
        if not tail.volume:
            # "Journal 12, no. 3" / "Nat Genet, 21(1): p. 70": the volume just before the labels.
            vm = _VOL_BEFORE_LABELS_RE.search(head)
            dv = _DOUBLE_VOL_END_RE.search(head)
            if dv and int(dv.group(1)) < int(dv.group(2)) <= int(dv.group(1)) + 10 and not (
                re.fullmatch(r"(?:1[89]|20)\d\d", dv.group(1))
            ):
                tail.volume = dv.group(0).strip()  # a double volume, not a page range
                head = head[: dv.start()].rstrip(_TRIM_KEEP_DOT)
                vm = None
            year_like = bool(vm and re.fullmatch(r"(?:1[89]|20)\d\d", vm.group(1)))
            if vm and re.search(r"[A-Za-z]", head[: vm.start()]) and not (
                year_like and _CONF_RE.search(head)  # "Proceedings of NAACL-HLT 2019 (pp. 1-9)"
            ):
                tail.volume = vm.group(1)
                if (vm.group(2) or vm.group(3)) and not tail.issue:
                    tail.issue = (vm.group(2) or vm.group(3)).strip()
                head = head[: vm.start()].rstrip(_TRIM_KEEP_DOT)
        if not tail.volume:
            # "Harvard Business Review, XLII (September, 1964), pp. 164": a Roman volume
            rm = re.search(r",\s*([IVXLC]{1,7})\s*[,.]?\s*$", head)
            if rm:
                tail.volume = rm.group(1)
                head = head[: rm.start()]
        if not tail.page:
            pm = re.search(rf"[:,]\s*({_PAGES})\s*$", text[start:])
            if pm:
                tail.page = _norm_pages(pm.group(1))
        return _split_head(head, tail, comma_style, labelled=True, title_known=title_known)
    # Unlabelled numbers: the last "volume(issue), pages" group.
    best = None
    for m in _VOL_ISSUE_PAGES_RE.finditer(text):
        full = m.group("issue") or m.group("page") or m.group("dotissue") or m.group("issue2")
        if m.start() == 0 or (not full and best is not None):
            continue
        if not full and re.match(r"\.\d", text[m.end():]):
            continue  # "Claude 3.5 Sonnet", "Python 3.11": a version number in a title
        if m.group("dotissue") and full == m.group("dotissue") and re.search(r"[^\W\d_]{3}", text[m.end():]):
            continue  # "Type checking in Python 3.11, Journal of X": a version, the venue runs on
        if not full and re.fullmatch(r"(?:1[5-9]|20)\d\d", m.group("vol")):
            continue  # "The Year 2000", "1492-2000": a year, not a volume
        if _VERSION_RE.search(text, 0, m.start()):
            continue  # "WOPPER, Version 1.3: A Monte Carlo ...": a software version
        prefix = text[: m.start()].rstrip()
        if not prefix or not re.search(r"[A-Za-z]", prefix):
            continue
        best = m
    if best is not None and not (
        best.group("issue") or best.group("page") or best.group("dotissue") or best.group("issue2")
    ) and has_id and comma_style and not _names_a_venue(
        text[: best.start()].rstrip(" ,").rpartition(",")[2].strip()
    ):
        best = None  # "A. Author, HI velocity dispersion in NGC 1058, arXiv:…": a title's number
    if best is not None and (
        best.group("issue") or best.group("page") or best.group("dotissue")
        or best.group("issue2") or _looks_like_journal_end(text[: best.start()])
    ):
        tail.volume = _norm_pages(best.group("vol"))
        issue = best.group("issue") or best.group("dotissue") or best.group("issue2")
        if issue:
            tail.issue = issue.strip()
        if best.group("page"):
            tail.page = _norm_pages(best.group("page"))
        after = text[best.end():].strip(_TRIM)
        if not tail.page:
            m2 = re.match(rf"^(?:pp?\.\s*)?({_PAGES})\b", after)
            if m2:
                tail.page = _norm_pages(m2.group(1))
        head = text[: best.start()].rstrip(_TRIM_KEEP_DOT)
        return _split_head(head, tail, comma_style, labelled=False, title_known=title_known)
    rng = _last_page_range(text)
    if rng is not None:
        tail.page = _norm_pages(rng.group(0))
        text = (text[: rng.start()].rstrip(_TRIM_KEEP_DOT) + " " + text[rng.end():]).strip()
    # No numbers: a book ("Place: Publisher") or proceedings ("In Proc. X").
    if title_known:
        chapter = bool(re.match(r"^(?:In|in)\s*:?\s+", text))
        venue, pub = _split_publisher(_strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", text)),
                                      hint=not chapter)
        if pub:
            tail.place, tail.publisher = pub
        tail.container = _clean_field(venue)
        return None, tail
    return _split_no_numbers(text, tail, comma_style and has_id, comma_style)


_TITLE_ABBREV_TAIL_RE = re.compile(r"(?<=\.)\s+([A-Z][a-z]{1,4})\.?$")
_NOT_ABBREV = frozenset({"Part.", "Vol.", "No.", "Ed.", "Eds.", "Suppl."})
_SECTION_RE = re.compile(r",\s*sec(?:t(?:ion)?)?\.?\s*[A-Z]?\d{0,3}[A-Z]?$", re.I)


def _drop_newspaper_section(head: str) -> str:
    """'Los Angeles Times, sec. 1A' → 'Los Angeles Times'; but 'Nucl. Instrum. Methods Phys.
    Res., Sect. A' keeps its section: a letter alone after an abbreviated name is the journal's."""
    m = _SECTION_RE.search(head)
    if not m:
        return head
    if not re.search(r"\d", m.group(0)) and head[: m.start()].rstrip().endswith("."):
        return head
    return head[: m.start()]
_VERSION_RE = re.compile(r"\b(?:[Vv]ersion|[Rr]elease|[Vv]er\.)\s*$")


def _last_page_range(text: str) -> re.Match[str] | None:
    for m in reversed(list(_BARE_RANGE_RE.finditer(text))):
        a, b = m.group(1), m.group(2)
        if len(a) == 4 and len(b) == 4 and 1000 < int(a) < 2100 and 1000 < int(b) < 2100:
            continue  # "1935-1936" is a span of years
        if m.start() > 0:
            return m
    return None


def _looks_like_journal_end(prefix: str) -> bool:
    prefix = prefix.rstrip(" ,")
    return bool(re.search(r"(?:[A-Z][a-z]*\.|[A-Z]{2,}|[A-Z][a-z]+)$", prefix))


_PIECE_START_RE = re.compile(r"(?:^|[.,;:]\s+)(?=\S)")


def _known_journal_suffix(head: str) -> int | None:
    """Start of the longest trailing piece of ``head`` that is a journal in the abbreviation
    table (abbreviated or full name), or None."""
    table = journal_table()
    for m in _PIECE_START_RE.finditer(head):
        suffix = head[m.end():]
        if len(suffix) > 80:
            continue
        key = journal_key(suffix.rstrip(" .,"))
        if key and (key in table or key in _journal_values()):
            return m.end()
    return None


@lru_cache(maxsize=1)
def _journal_values() -> frozenset[str]:
    return frozenset(journal_key(v) for v in journal_table().values())


def _split_head(
    head: str, tail: _Tail, comma_style: bool, labelled: bool, title_known: bool = False
) -> tuple[str | None, _Tail]:
    """`head` is 'Title. Journal' (period style) or 'Title, Journal' (comma style)."""
    head = head.strip(_TRIM_KEEP_DOT)
    if not head:
        return None, tail
    if title_known:
        tail.container = _clean_field(_strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", head)))
        return None, tail
    in_m = re.search(r"(?:^|[.,]\s+)(?:(?:In|in)\s*:\s+|(?:In|in)\s+(?=[A-Z\d]))", head)
    if in_m:
        title = head[: in_m.start()]
        tail.container = _clean_field(_strip_editors(head[in_m.end():]))
        return _clean_field(title), tail
    known = _known_journal_suffix(head)
    comma = _comma_venue_start(head) if comma_style else None
    if known is not None and (comma is None or known <= comma):
        # "Title, Class. Quant. Grav." — a journal from the abbreviation table ends the head
        tail.container = _clean_field(head[known:])
        return _clean_field(head[:known]) if known else None, tail
    cuts = _sentence_boundaries(head)
    if comma is not None:
        cuts = _title_question_cuts(head, cuts)
    if not cuts and comma is None:
        roman = _ROMAN_PART_END_RE.search(head)
        if roman and _journal_like(head[roman.end():]) and len(head[: roman.start()].split()) >= 3:
            # "Properties of Superconducting Materials I. Phase Transitions": a title ending in
            # a one-letter part number, taken for an initial by the sentence splitter
            cuts = [roman.end(1)]
        lower = _lower_venue_cut(head)
        if lower is not None:
            # "TITLE IN CAPITALS. photographies" / "Title. eLife": a lower-case journal name
            tail.container = _clean_field(head[lower:])
            return _clean_field(head[:lower]), tail
    if comma is not None:
        # Comma style "Authors, Title, Journal Vol, Page": the journal is the last comma piece,
        # whatever abbreviations it holds ("Electrochim. Acta", "Z. Phys. A: At. Nucl.").
        cut = _comma_cut(head, comma, cuts)
        tail.container = _clean_field(head[cut:])
        return (_clean_field(head[:cut]) if cut else None), tail
    if cuts:
        # "Title. Journal": the first real sentence end closes the title, unless the text up to
        # the last one runs on as a sentence and the last piece reads like a journal's name
        # ("Title: neurobiology. Anatomy and connectivity. Brain Research Reviews").
        if len(cuts) > 1 and _journal_like(head[cuts[-1]:]) and _sentence_like(
            head[cuts[0]: cuts[-1]]
        ):
            cuts = [cuts[-1]]
        title = head[: cuts[0]]
        tail.container = _clean_field(head[cuts[0]:])
        return _clean_field(title), tail
    if "," in head:
        first, _, after = head.partition(",")
        if (_names_a_venue(first.strip()) and _sentence_like(after)
                and not _names_a_venue(after.rpartition(",")[2].strip())):
            # ADS "Authors, 1999. J. geophys. Res., Paleointensity record from …, 104": the
            # journal before the title
            tail.container = _clean_field(first)
            return _clean_field(after), tail
        # Comma style: the journal is the last comma-separated piece (physics / IEEE).
        title, _, venue = head.rpartition(",")
        tail.container = _clean_field(venue)
        return _clean_field(title), tail
    # Only one piece: a journal (title-less physics reference) or, when it reads like a
    # sentence, a title whose venue was not written. In the comma style a lone piece right
    # before "volume, page" is the journal however it is written ("A. Moreau and D. Felbacq,
    # journal of the european optical society : rapid publications 3, 08132 (2008)").
    lone_journal = (comma_style and not labelled and tail.volume and tail.page
                    and head.count("(") == head.count(")"))  # not "(Series name 2,2)"
    if _reads_like_title(head) and not lone_journal:
        return _clean_field(head), tail
    tail.container = _clean_field(head)
    return None, tail


# A one-letter Roman part number after a lower-case word, then a capitalised piece
# ("and I. D. Novikov" is an initial)
_ROMAN_PART_END_RE = re.compile(r"(?<=[a-z]{3}\s)(?<!\band\s)[IVX](\.)\s+(?=[A-Z][a-z])")
_LOWER_VENUE_RE = re.compile(r"([.?!])\s+(?=[a-z])")


def _lower_venue_cut(head: str) -> int | None:
    """Start of a journal whose name begins in lower case ('photographies', 'eLife', 'npj
    Digital Medicine') after the title's closing period, which the sentence splitter skips:
    the last piece is a short name, not running text."""
    for m in reversed(list(_LOWER_VENUE_RE.finditer(head))):
        piece = head[m.end():].strip(" .")
        words = piece.split()
        before = head[: m.start(1)]
        if (not words or len(words) > 6 or words[0].lower() in _FUNCTION_WORDS
                or re.search(r"[.?!]\s", piece) or _sentence_like(piece)
                or len(re.findall(r"[^\W\d_]{2,}", before)) < 2 or _boundary_kind(head, m.start(1)) != 1
                or not re.search(r"[^\W\d_]{2}$", before)):
            return None
        return m.end()
    return None


# ", Ser. A" / ", Sect. A" / ", B" after an abbreviated name is part of the journal's name.
_SUBSERIES_RE = re.compile(
    r"^(?:(?:Ser(?:ies)?|Sect(?:ion)?|Sec|Part|Pt)\.?\s*(?:[A-Z]|\d{1,2}|[IVX]{1,4})|[A-Z])\.?$"
)
_TITLE_WORD_RE = re.compile(r"(?<![\w.])[a-z][a-z'’-]{2,}(?![\w.])")


def _comma_venue_start(head: str) -> int | None:
    """Start of the journal in a comma-style head 'Title, Journal' (None: no usable comma)."""
    idx = head.rfind(",")
    if idx < 0:
        return None
    start = idx + 1
    if _SUBSERIES_RE.match(head[start:].strip()) and head[:idx].rstrip().endswith("."):
        prev = head.rfind(",", 0, idx)
        start = prev + 1 if prev >= 0 else 0
    if _abbreviated_piece(head[start:], 1):
        # "Bull. USSR Acad. Sci., Phys. Ser." / "Izv. Akad. Nauk SSSR, Ser. Fiz.": abbreviated
        # pieces before an abbreviated last piece are one journal name written with commas
        while start > 0 and _abbreviated_piece(
            head[(prev := head.rfind(",", 0, start - 1)) + 1: start - 1], 2
        ):
            start = prev + 1
    piece = head[start:]
    if not re.search(r"[A-Za-z]", piece):
        return None
    words = [w for w in _TITLE_WORD_RE.findall(piece) if w not in _FUNCTION_WORDS]
    if len(words) > 3:
        return None  # the last piece reads like running text, not a journal name
    return start + (len(piece) - len(piece.lstrip()))


_ABBREV_WORD_RE = re.compile(r"[A-Z][a-z]{0,9}\.")


def _abbreviated_piece(piece: str, need: int) -> bool:
    """A comma piece of a journal's abbreviated name ('Bull. USSR Acad. Sci.', 'Phys. Ser.'):
    capitalised words only, at least ``need`` of them abbreviations ending in a period, one
    longer than an initial ('J. K. L.' is a run of initials)."""
    words = piece.split()
    if not 1 <= len(words) <= 6 or not all(
        w[0].isupper() or w in _FUNCTION_WORDS for w in words
    ):
        return False
    abbrevs = [w for w in words if _ABBREV_WORD_RE.fullmatch(w)
               and w[:-1].lower() not in _NON_TERMINAL]
    return len(abbrevs) >= need and any(len(w) > 2 for w in abbrevs)


def _abbreviated_journal(piece: str, part: str) -> bool:
    """'Image Vis. Comput.': a short comma piece of capitalised words, abbreviated at the
    period that would cut it (`part` ends 'Vis.') and at its end ('Comput.')."""
    piece = piece.strip()
    words = piece.split()
    return (2 <= len(words) <= 6 and all(w[0].isupper() or w in _FUNCTION_WORDS for w in words)
            and sum(w.endswith(".") for w in words) >= 2
            and not re.search(r"[a-z]\s+[A-Z]\.", part)  # "Gustin J. Ap. J.": a name's initial
            and bool(re.search(r"(?<![\w.])[A-Z][a-z]{1,9}\.$", part.strip()))
            and bool(re.search(r"(?<![\w.])[A-Z][a-z]{1,9}\.$", piece)))


def _comma_cut(head: str, comma: int, cuts: list[int]) -> int:
    """Where the journal starts in a comma-style head, given the last comma piece and the
    sentence ends: 'Title, Quebec, Canada. Meteoritics' / 'Title (in Russian). Nedra, Leningrad'
    are 'Title. Journal' after all, 'Title, Electrochim. Acta' is not."""
    inside = [c for c in cuts if c > comma]
    if inside:
        part = head[comma: inside[0]].strip()
        word = part.strip(" .")
        one_word = bool(re.fullmatch(r"[A-Z][\w'’-]*", word)) and word not in _COUNTRIES
        abbrevs = bool(re.fullmatch(r"(?:[A-Z][\w'’-]*\.\s*:?\s*|[A-Z]\s*:?\s+)+", part))
        if one_word or (abbrevs and part.count(".") >= 2) or _abbreviated_journal(head[comma:], part):
            # one capitalised word and a period, or only abbreviations ("Z. Phys. A: At."):
            # the journal's abbreviated name, not a title and a journal
            return comma
        return inside[0]
    before = [c for c in cuts if c < comma]
    if before:
        venue = head[before[0]:]
        if len(before) == 1 and len(venue.split()) <= 8:
            return before[0]  # "Title. Journal, Place" / "Title. Journal, Series A"
    return comma


_FUNCTION_WORDS = frozenset(
    ["of", "and", "the", "in", "for", "on", "at", "to", "a", "an", "de", "des", "du", "la", "le", "les", "und", "für", "et", "&", "y", "del", "della", "di", "van", "von"]
)


def _journal_like(text: str) -> bool:
    """'Brain Research Reviews', 'Journal of Applied Ecology': capitalised words (and function
    words) only."""
    words = re.findall(r"[^\W\d_][\w'’&-]*", text)
    return 1 <= len(words) <= 10 and all(
        w[0].isupper() or w.lower() in _FUNCTION_WORDS for w in words
    ) and words[0][0].isupper()


def _sentence_like(text: str) -> bool:
    """Running text: at least two lower-case words that are not function words."""
    lower = [w for w in re.findall(r"(?<![\w.])[a-z][a-z'’-]{2,}\b", text) if w not in _FUNCTION_WORDS]
    return len(lower) >= 2


def _reads_like_title(text: str) -> bool:
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    lower = [w for w in words if w[0].islower() and w.lower() not in _FUNCTION_WORDS]
    return len(words) >= 6 and len(lower) >= 2


_EDS_WORD = r"(?:eds?|Eds?|editors?|Editors?|Hrsg|Hg|éds?)\.?"
# "J. Smith (ed.), Book" / "(M. Cooper & W. Stiles, Eds.) Book" / "A. Jonaitis, ed., Book" /
# "Bohringer H., Pratt G.W., eds, ESO Astrophys. Symp."
_LEADING_EDITORS_RE = re.compile(
    rf"^\(?[^()]{{0,150}}?[\s,(]\(?{_EDS_WORD}\)?\s*[,:)]?\s*(?P<rest>[A-Z\d\"“].+)$"
)
# "Book. Ed. Anja Müller" / "Book, edited by X and Y" / "Book, ed. by X"
_TRAILING_EDITORS_RE = re.compile(
    r"[,.]?\s*(?:\b(?:[Ee]d(?:ited)?\.?\s+by|[Ee]ds?\.|[Hh]rsg\.\s+v(?:on)?\.?)|\bEd\.)\s+.*$"
)


# "Book. Eds. Ann Smith and Bo Li. Trier: WVT" / "Book, ed. Michael Herren. Toronto": the names
# run to the first period that is not an initial's.
_MID_EDITORS_RE = re.compile(
    r"[.,]\s+(?:[Ee]ds?\.|[Ee]dited by|[Ee]d\. by|[Hh]rsg\. v(?:on)?\.?)\s+"
    r"(?:[^.]|(?<=\b[A-Z])\.)+?[a-zà-ÿ]{2}\s*\.(?:\s+(?P<rest>[A-Z].*))?$"
)


def _strip_editors(text: str) -> str:
    """Keep the book title of 'Editors (eds.), Book Title' or 'Book Title, ed. by Editors'."""
    mid = _MID_EDITORS_RE.search(text)
    if mid and mid.start() > 3:
        return text[: mid.start()] + (". " + mid.group("rest") if mid.group("rest") else "")
    m = _LEADING_EDITORS_RE.match(text)
    if m and len(m.group("rest")) > 3:
        text = m.group("rest")
    m = _TRAILING_EDITORS_RE.search(text)
    if m and m.start() > 0:
        text = text[: m.start()]
    return text


def _split_no_numbers(
    text: str, tail: _Tail, whole_title: bool, comma_style: bool = False
) -> tuple[str | None, _Tail]:
    """``whole_title``: comma style up to an identifier ("A. Author, Title, arXiv:…"): no venue
    unless the last comma piece names one, so '?', ':' and '.' inside the title do not cut it."""
    # "Title (Toronto: University of Toronto Press)": the parenthesis holds the publisher.
    paren = _PAREN_PUB_RE.search(text)
    if paren and paren.end() >= len(text.rstrip(" .")) and paren.start() > 8:
        return _pull_parenthetical(text.rstrip(" ."), tail), tail
    in_m = re.search(r"(?:^|[.,]\s+)(?:In|in|IN)\s*:?\s+(?=[A-Z\d\"“])", text)
    if not in_m and tail.page and "," in text:
        # "Title, Revue d'histoire de l'Église de France, 1966, 5-23": pages and a named venue
        head, _, piece = text.rpartition(",")
        piece = piece.strip(_TRIM_KEEP_DOT)
        if len(head) > 10 and piece and _names_a_venue(piece):
            tail.container = _clean_field(piece)
            return _clean_field(head), tail
    if in_m:
        title = text[: in_m.start()] if in_m.start() > 0 else None
        venue = _strip_editors(text[in_m.end():])
        venue, pub = _split_publisher(venue)
        tail.container = _clean_field(venue)
        if pub:
            tail.place, tail.publisher = pub
        return _clean_field(title) if title else None, tail
    if whole_title:
        idx = text.rfind(",")
        piece = text[idx + 1:].strip(_TRIM_KEEP_DOT) if idx > 0 else ""
        if piece and _names_a_venue(piece):
            tail.container = _clean_field(piece)
            return _clean_field(text[:idx]), tail
        return _clean_field(text), tail
    cuts = _sentence_boundaries(text)
    if comma_style:
        cuts = _title_question_cuts(text, cuts)
    if cuts:
        title = text[: cuts[0]]
        rest = text[cuts[0]:].strip(_TRIM)
        rest2, pub = _split_publisher(rest)
        if pub:
            tail.place, tail.publisher = pub
            if rest2 and _CONF_RE.search(rest2):
                tail.container = _clean_field(rest2)
            elif rest2:
                # "2nd edition", "Edited by X", "2 vols", a series or a subtitle between the
                # title and the imprint: no field of its own, but never dropped
                tail.note = _clean_field(rest2)
        elif rest:
            if _BOOK_HINT_RE.search(rest) and not _CONF_RE.search(rest):
                tail.publisher = _clean_field(rest)
            else:
                tail.container = _clean_field(rest)
        return _clean_field(title), tail
    if "," in text:
        return _split_comma_book(text, tail)
    return _clean_field(text), tail


def _title_question_cuts(text: str, cuts: list[int]) -> list[int]:
    """Comma style 'A. Author, Does Money Buy Happiness? Evidence from Lottery Winners, J. Econ.
    Perspect.': a '?' or '!' followed by a capitalised subtitle that runs to the next comma is
    inside the title; drop such cuts (not one before a venue's name: 'Why? Phys. Rev., …')."""
    keep = []
    for c in cuts:
        nxt = text.find(",", c)
        if text[c - 1] in "?!" and nxt > c:
            piece = text[c:nxt].strip()
            if (re.match(r"[A-Z]", piece) and not _names_a_venue(piece)
                    and not any(c < d < nxt for d in cuts)):
                continue
        keep.append(c)
    return keep


_VENUE_WORD_RE = re.compile(
    r"^(?:The\s+)?(?:Journal|Annals|Transactions|Reviews?|Letters|Bulletin|Proceedings|Acta|"
    r"Zeitschrift|Revue|Rivista|Physical|Nature|Science)\b"
)


def _names_a_venue(piece: str) -> bool:
    """'Phys. Rev. B' / 'Journal of X' / a known journal, not the end of a title."""
    if len(piece.split()) > 10:
        return False
    if re.fullmatch(r"(?:(?:[A-Z][\w'’&-]*\.?|(?<=\s)(?!(?:and|of|the|in|et|und|al)\.)[a-z]{2,9}\.)\s*:?\s*)+", piece) and piece.count(".") >= 2:
        return True  # only abbreviations: "Phys. Rev. B", "Nucl. Phys.", "J. geophys. Res."
    key = journal_key(piece)
    return bool(key and (key in journal_table() or key in _journal_values())) or bool(
        _VENUE_WORD_RE.match(piece) or _CONF_RE.search(piece)
    )


# A periodical's word anywhere in a name: "Polish Journal of Radiology", "IEEE Transactions on X"
_PERIODICAL_WORD_RE = re.compile(
    r"\b(?:Journal|Transactions|Letters|Proceedings|Annals|Bulletin|Reviews?|Magazine|Quarterly)\b"
)


def _names_a_journal(piece: str) -> bool:
    """A periodical's name rather than a publisher's: a known journal or a capitalised name
    with a periodical's word, and no book-trade word ('Harvard Business Review Press')."""
    if _BOOK_HINT_RE.search(piece):
        return False
    return _names_a_venue(piece) or bool(_journal_like(piece) and _PERIODICAL_WORD_RE.search(piece))


_EDITION_RE = re.compile(
    r"^(?:\d+(?:st|nd|rd|th|e|ème)|first|second|third|revised|rev\.|new)\s+(?:ed|edn|edition|éd)\.?$", re.I
)
_PAGE_REF_RE = re.compile(r"^(?:pp?\.?|pages?|S\.)\s*\d+(?:\s*-\s*\d+)?$|^\d+\s*(?:pp?|pages|S)\.?$", re.I)
_SMALL_WORDS = frozenset({"of", "and", "the", "&", "de", "du", "des", "und", "für", "di", "la"})


def _looks_like_publisher_piece(piece: str, n_title_words: int) -> bool:
    if _BOOK_HINT_RE.search(piece) and len(piece.split()) <= 8:
        return True
    words = piece.split()
    if not words or len(words) > 4 or not piece[:1].isupper():
        return False
    if any(not (w[:1].isupper() or w.lower() in _SMALL_WORDS) for w in words):
        return False
    return (len(words) <= 2 and n_title_words >= 3) or (len(words) <= 3 and n_title_words >= 4)


def _split_comma_book(text: str, tail: _Tail) -> tuple[str | None, _Tail]:
    """'Title, Publisher, Place, p 32' (comma style without volume numbers)."""
    pieces = [p.strip() for p in text.split(",")]
    taken: list[str] = []
    while len(pieces) > 1:
        piece = pieces[-1].strip(" .")
        title_words = len(" ".join(pieces[:-1]).split())
        if not piece or _PAGE_REF_RE.match(piece) or _EDITION_RE.match(piece) or (
            piece.isdecimal() and taken  # a page count after the publisher ("Vigot, 2010, 837")
        ):
            pieces.pop()
        elif _CONF_RE.search(piece) and not tail.container:
            tail.container = _clean_field(piece)
            pieces.pop()
        elif not taken and not tail.container and len(pieces) > 2 and (
            _US_STATE_RE.match(piece) or piece in _COUNTRIES or re.match(r"^at\s+[A-Z]", piece)
        ) and any(_CONF_RE.search(p) for p in pieces[:-1]):
            pieces.pop()  # "Proceedings of X, at Long Beach, CA": the conference's place
        elif not taken and not tail.container and _names_a_journal(piece):
            # "Title, Polish Journal of Radiology, 2024": a journal, not a book's publisher
            tail.container = _clean_field(piece)
            pieces.pop()
            break
        elif (pm := _PUBLISHER_RE.match(piece)) and _plausible_imprint(pm.group("place"), pm.group("pub")):
            taken.insert(0, piece)
            pieces.pop()
            break  # "Title: Spirituality, Philosophy and Gender, Oxford: Blackwell"
        elif _looks_like_publisher_piece(piece, title_words + (1 if taken else 0)):
            taken.insert(0, piece)
            pieces.pop()
        else:
            break
    if taken:
        # "University of Chicago Press" / "Paris, Gallimard": the last hinted piece is the publisher.
        pub = next((t for t in reversed(taken) if _BOOK_HINT_RE.search(t)), taken[-1])
        places = [t for t in taken if t is not pub]
        pm = _PUBLISHER_RE.match(pub)
        if pm:
            places.append(pm.group("place"))
            pub = pm.group("pub")
        tail.publisher = _clean_field(pub)
        if places:
            tail.place = _clean_field(", ".join(places))
    return _clean_field(", ".join(pieces)), tail


_PAREN_PUB_RE = re.compile(
    r"\s*\((?P<body>[^():]*?(?:\b(?:eds?|edn|edition|tr|trans|transl|hrsg|Hg)\b\.?|(?<=\w):\s[A-Z][^():]*|"
    r"\bPress\b|\bVerlag\b)[^()]*)\)\s*$",
    re.I,
)


def _pull_parenthetical(title: str | None, tail: _Tail) -> str | None:
    """'Title (Cambridge: CUP)' / 'Title (2nd ed.)' / 'Title (tr. X)': keep the title only."""
    if not title:
        return title
    m = _PAREN_PUB_RE.search(title)
    if not m or m.start() < 8:
        return title
    body = m.group("body").strip(" ,.")
    pm = re.match(r"^(?P<place>[^:]{2,40}):\s*(?P<pub>.+)$", body)
    if pm and not tail.publisher:
        tail.place = tail.place or pm.group("place").strip()
        tail.publisher = pm.group("pub").strip(" ,.")
    return title[: m.start()].rstrip(" ,.")


_PLACE_PARTICLES = frozenset(["am", "an", "upon", "on", "de", "do", "da", "del", "di", "du", "la", "le",
                              "les", "sur", "en", "im", "and", "y"])


def _is_place(text: str) -> bool:
    """'New York', 'New Brunswick, N.J.', 'Issy-les-Moulineaux', 'Rio de Janeiro'."""
    words = text.replace(",", " ").split()
    return 1 <= len(words) <= 4 and words[0][:1].isupper() and all(
        w[:1].isupper() or w.lower() in _PLACE_PARTICLES for w in words
    )


# Cities where books are commonly published: a venue that is only one of these (with maybe a
# state or country) is the place of a book's imprint, not a journal.
_CITIES = frozenset(
    c.strip().lower()
    for c in (  # noqa: SIM905  (one string is easier to extend)
        'London|New York|Paris|Berlin|Oxford|Cambridge|Chicago|Boston|Edinburgh|Dublin|Toronto|'
        'Montreal|Montréal|Amsterdam|Leipzig|Munich|München|Rome|Roma|Madrid|Barcelona|Vienna|Wien|Tokyo|'
        'Moscow|Moskva|St Petersburg|St. Petersburg|Warsaw|Warszawa|Kraków|Krakow|Prague|Praha|Budapest|'
        'Brussels|Bruxelles|Geneva|Genève|Zurich|Zürich|Basel|Bern|Stuttgart|Frankfurt|Hamburg|Cologne|'
        'Köln|Heidelberg|Göttingen|Tübingen|Milan|Milano|Florence|Firenze|Turin|Torino|Bologna|Naples|'
        'Napoli|Lisbon|Lisboa|Porto|Stockholm|Copenhagen|Oslo|Helsinki|Athens|Philadelphia|Princeton|'
        'Baltimore|Washington|New Haven|Berkeley|Los Angeles|San Francisco|Minneapolis|Ann Arbor|Ithaca|'
        'Durham|New Brunswick|Lyon|Lille|Toulouse|Bordeaux|Marseille|Strasbourg|Rennes|Grenoble|'
        'Montpellier|Nancy|Sydney|Melbourne|Canberra|Wellington|Beijing|Shanghai|Delhi|New Delhi|Mumbai|'
        'Calcutta|Kolkata|Madras|São Paulo|Sao Paulo|Rio de Janeiro|Buenos Aires|Mexico|Santiago|Lima|'
        'Bogotá|Caracas|Belo Horizonte|Brasília|Porto Alegre|Recife|Curitiba|Coimbra|Seville|Sevilla|'
        'Valencia|Salamanca|Leiden|Utrecht|Louvain|Leuven|Ghent|Gent|Antwerp|Dordrecht|Singapore|'
        'Hong Kong|Taipei|Seoul|Kyoto|Osaka|Glasgow|Manchester|Birmingham|Liverpool|Leeds|Bristol|'
        'Aberdeen|St Andrews|Harmondsworth|Basingstoke|Abingdon|Oxon|Chichester|Hoboken|Amherst|Evanston|'
        'Bloomington|Urbana|Champaign|Madison|Austin|Houston|Dallas|Atlanta|Pittsburgh|Cleveland|Detroit|'
        'Seattle|Portland|Denver|Boulder|Tucson|Phoenix|Nashville|Columbus|Cincinnati|Indianapolis|Albany|'
        'Buffalo|Rochester|Syracuse|Hanover|Lanham|Thousand Oaks|Newbury Park|Beverly Hills|Belmont|'
        'Upper Saddle River|Englewood Cliffs|Menlo Park|Palo Alto|Stanford|Norwood|Norwich|Dresden|Jena|'
        'Halle|Bonn|Mainz|Trier|Freiburg|Münster|Marburg|Giessen|Kiel|Bremen|Hannover|Nürnberg|Nuremberg|'
        'Würzburg|Regensburg|Augsburg|Innsbruck|Salzburg|Graz|Reading|New Jersey|Harlow|Malden|Oakland'
    ).split("|")
)
_CITY_RE = re.compile(r"^(?:[A-Z][\w'’.-]*(?:\s+(?:[A-Z][\w'’.-]*|de|do|da|am|upon|on|sur))*)"
                      r"(?:\s*(?:,|and|&)\s*[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)*$")


def _is_city(text: str) -> bool:
    """'London', 'New York', 'London and New York', 'Berkeley, CA', 'Leipzig, Germany'."""
    text = text.strip(" .,;:")
    if not text or len(text) > 60 or not _CITY_RE.match(text):
        return False
    pieces = [p.strip(" .") for p in re.split(r"\s*(?:,|\band\b|&)\s*", text) if p.strip(" .")]
    if not pieces:
        return False
    cities = 0
    for p in pieces:
        key = p.lower()
        if key in _CITIES or " ".join(key.split()) in _CITIES:
            cities += 1
        elif not (_US_STATE_RE.match(p) or p in _COUNTRIES):
            return False
    return cities >= 1


def _plausible_imprint(place: str, pub: str) -> bool:
    if not _is_place(place) or len(pub.split()) > 8:
        return False
    if _is_city(place):
        return True
    # "Title: Subtitle" also has a colon: a long place needs a comma or a publisher-like name
    return len(place.split()) <= 2 or "," in place or bool(_BOOK_HINT_RE.search(pub))


def _split_publisher(text: str, hint: bool = True) -> tuple[str, tuple[str | None, str] | None]:
    """'Cambridge: Polity Press' / 'New Brunswick, N.J.: Rutgers UP' → (rest, (place, publisher))."""
    parts = [p.strip() for p in re.split(r"(?<=[.,])\s+", text) if p.strip()]
    found: tuple[int, re.Match[str]] | None = None
    for i in range(len(parts) - 1, -1, -1):
        piece = " ".join(parts[i:]).strip(_TRIM)
        m = _PUBLISHER_RE.match(piece)
        if m and _plausible_imprint(m.group("place"), m.group("pub")):
            found = (i, m)
        elif found is not None:
            break
    if found is not None:
        i, m = found
        return " ".join(parts[:i]).strip(_TRIM), (m.group("place").strip(" ,"), m.group("pub").strip(_TRIM))
    if hint and _BOOK_HINT_RE.search(text) and len(text) < 100 and not _CONF_RE.search(text):
        return "", (None, text.strip(_TRIM))
    return text, None


# -- main ---------------------------------------------------------------------------------------


_SPAN_BEFORE_RE = re.compile(rf"{_YEAR}\s*[-–—]\s*$")
_SPAN_AFTER_RE = re.compile(rf"\s*[-–—]\s*{_YEAR}(?!\d)")


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
        pages = [m for m in bare
                 if re.search(rf"(?<![\w.]){_YEAR}\s*,\s*\d{{1,5}}\s*,\s*$", text[: m.start()])]
        if len(pages) < len(bare):
            bare = [m for m in bare if m not in pages]
    if len(bare) > 1 and re.match(rf"(?:\s+{_MONTH_DAY})?\s*;\s*$", text[bare[-2].end(): bare[-1].start()]):
        # Vancouver "Int J Math Math Sci. 2003;2003(34):2157-76": the volume is the year again
        bare = bare[:-1]
    if bare:
        m = bare[-1]
        start, end = m.span()
        # Take a month written next to it ("December 1993", "1993 Dec") along.
        before = re.search(rf"(?:\d{{1,2}}\s+)?{_MONTH}\s*(?:\d{{1,2}},?\s*)?(?:[-–]\s*{_MONTH}\s*)?$", text[:start])
        if before:
            start = before.start()
        after = re.match(rf"\s*,?\s*{_MONTH}(?:\s*\d{{1,2}})?", text[end:])
        if after and not re.match(r"\s*,", text[end:]):
            end += after.end()
        return int(m.group(1)), (start, end), False
    return None, None, False


_MAX_LEN = 2000
_VANCOUVER_VOL_RE = re.compile(r"\s*;\s*(?=[A-Z]?\d)")


def parse_reference(text: str) -> ParsedReference:
    """Parse one reference string into a CSL record with a confidence in 0..1."""
    warnings: list[str] = []
    record = Record()
    if not text or not text.strip():
        return ParsedReference(record, 0.0, ("empty reference",))
    if len(text) > _MAX_LEN:
        # Longer than any real reference: a paragraph or a whole list. Parse the start only so
        # that a runaway input cannot stall a batch; the low confidence sends it to review.
        text = text[:_MAX_LEN]
        warnings.append(f"reference longer than {_MAX_LEN} characters; only the start was parsed")
    try:
        parsed = _parse(text, record, warnings)
        if len(text) >= _MAX_LEN:
            return ParsedReference(parsed.record, min(parsed.confidence, 0.3), parsed.warnings)
        return parsed
    except (RecursionError, ValueError, IndexError) as exc:  # never let one entry sink a batch
        return ParsedReference(record, 0.0, (f"parser failed: {exc}",))


def _parse(text: str, record: Record, warnings: list[str]) -> ParsedReference:
    ids = extract_identifiers(text)
    s = clean_reference(ids.rest)
    if ids.doi:
        record.DOI = ids.doi
    if ids.arxiv:
        record.custom["arxiv"] = ids.arxiv
    if ids.url:
        record.URL = ids.url

    thesis = bool(_THESIS_RE.search(s))
    report = bool(_REPORT_RE.search(s))

    # Authors from the front.
    authors = N.scan_authors(s)
    record.author = authors.names
    if authors.truncated:
        record.custom["authors_truncated"] = True
    if not authors.names and not authors.end:
        org = _ORG_AUTHOR_RE.match(s)
        group = ("org" if org.group("org") else "org2") if org else None
        if org and group and not re.search(r"\d", org.group(group)) and len(org.group(group).split()) <= 12:
            record.author = [Name(literal=org.group(group).strip(" ,."))]
            authors.end = org.end(group)
    rest = s[authors.end:]
    sep = rest[:3]
    comma_style = bool(authors.names) and sep.lstrip().startswith(",") and not re.match(
        r"\s*,\s*\(?" + _YEAR, rest
    )
    if record.author and _EDS_RE.match(rest.strip(" ,")):
        # "Smith, J. (Ed.)." — the names are editors of a book.
        m = _EDS_RE.match(rest.strip(" ,"))
        if m:
            rest = rest.strip(" ,")[m.end():]
            record.editor, record.author = record.author, []

    # Year: prefer the one right after the authors (APA, astronomy), else as chosen globally.
    year = None
    m = re.match(rf"^\s*[,.]?\s*\(?\s*({_YEAR})[a-z]?(?:\s*\[\d{{4}}\])?\s*\)?(?:\s*,?\s*{_MONTH_DAY}\)?)?\s*[.,:]?\s*", rest)
    if authors.names and m and not re.match(r"\s*[,.]?\s*\(?\s*\d{4}\s*[-–]", rest):
        year = int(m.group(1))
        rest = rest[m.end():]
        # "..., Wiley, 1946." repeats it; not the tail of an article number ("76, 042007")
        rest = re.sub(rf"[,.;]?\s*\(?(?<![\w.]){year}\)?[.;]?\s*$", "", rest)
        # ACM: "Journal 127, 1 (2001), 287–296" repeats it after the volume and issue
        rest = re.sub(rf"(?<![\w.])(\d{{1,5}}),\s*(\d{{1,4}}(?:[-–]\d{{1,4}})?)\s*\(\s*{year}\s*\)(?=\s*[,:])",
                      r"\1(\2)", rest)
        rest = re.sub(rf"(?<=\d)\s*\(\s*{year}\s*\)(?=\s*[,:]\s*\w)", "", rest)
        comma_style = False
        if _ND_RE.match(rest):
            rest = rest[_ND_RE.match(rest).end():]  # type: ignore[union-attr]
    else:
        nd = _ND_RE.match(rest.strip(" ,."))
        if nd:
            rest = rest.strip(" ,.")[nd.end():]
        y, span, _paren = _choose_year(rest)
        if y is not None and span is not None:
            year = y
            inside_sentence = not _paren and bool(
                re.search(r"[^\W\d_]\s$", rest[: span[0]]) and re.match(r"\s[a-z]", rest[span[1]:])
            )
            if not inside_sentence:  # "un programme de travail 2013 peu axé": keep title words
                after = rest[span[1]:]
                if not _paren and (vm := _VANCOUVER_VOL_RE.match(after)):
                    # Vancouver "Journal. 2022;9.": the volume follows the year; the separator
                    # between them would be left behind alone (". ;9")
                    after = after[vm.end():]
                rest = _tidy(rest[: span[0]] + " " + after)
    if year is not None:
        set_year(record, year)

    rest = rest.strip(_TRIM)
    # Quoted title (IEEE, Chicago, MLA, ACS).
    title: str | None = None
    q = _pick_quote(rest, bool(record.author))
    if q:
        title = q.group(1) or q.group(2)
        before = rest[: q.start()].strip(_TRIM)
        rest_after = rest[q.end():].strip(_TRIM)
        if before and not record.author:
            # Authors we could not parse; keep the text as a literal rather than losing it.
            record.author = N.split_loose_authors(before)
        _, tail = _split_venue(rest_after, comma_style=True, title_known=True)
    else:
        title, tail = _split_venue(rest, comma_style, has_id=bool(ids.doi or ids.arxiv))

    # Title-less physics reference: "Phys. Rev. B 75, 024519": the only head piece is the journal.
    if thesis and title:
        tm = _THESIS_RE.search(title)
        if tm and tm.start() > 10:
            # "Title PhD thesis University of X": the rest names the school
            school = title[tm.end():].strip(" ,.;:")
            title = title[: tm.start()]
            if school and not tail.publisher:
                tail.publisher = school
    record.title = _finish_title(_pull_parenthetical(title, tail))
    container = _finish_container(tail.container)
    if container and (thesis or report) and (_THESIS_RE.match(container) or _REPORT_RE.match(container)):
        # "Ph.D. dissertation, California Institute of Technology": the school, not a venue
        school = re.sub(r"^[^,]*,\s*", "", container) if "," in container else None
        tail.publisher = tail.publisher or school
        container = None
    if container and not (tail.volume or tail.page) and _IN_MARK_RE.search(s):
        stripped = _strip_location(container)  # "In 8th SMIRT, Brussels, Belgium"
        if stripped != container and _looks_like_imprint(container) and not _looks_like_imprint(stripped):
            container = stripped
    if container and _CONF_RE.search(container):
        container = _strip_location(container)
    elif container and not (tail.volume or tail.page) and _looks_like_imprint(container):
        pm = _PUBLISHER_RE.match(container)
        if pm and not tail.publisher:
            tail.place, tail.publisher = pm.group("place"), pm.group("pub")
        tail.publisher = tail.publisher or container  # "Sinauer Associates, Inc., Sunderland, MA"
        container = None
    container = _venue_extras(container, tail)
    if (container and not record.title and record.author and tail.volume and not tail.page
            and re.search(rf"\bVol\.?\s*{re.escape(tail.volume)}\b", s) and not _names_a_venue(container)):
        # "Myers, M. G. The New York Money Market, Vol. I. New York: Columbia UP": a book's
        # volume; the only piece before it is the title
        record.title, container = _finish_title(container), None
    if container and record.title and (tail.volume or tail.page):
        # "… Preliminary Analysis. Serb. Astron. J., 174": a journal abbreviation's first word
        # split off into the title ('Serb.'); a title does not end in a lone short abbreviation
        am = _TITLE_ABBREV_TAIL_RE.search(record.title)
        abbrev = f"{am.group(1)}." if am else ""
        if (am and abbrev not in _NOT_ABBREV and len(record.title[: am.start()].split()) >= 3
                and re.match(r"[A-Z][a-z]{0,6}\.", container)  # the journal is abbreviated too
                and re.search(re.escape(abbrev) + r"\s*" + re.escape(container[:4]), s)):
            record.title = record.title[: am.start()].rstrip(" .") or record.title
            container = f"{abbrev} {container}"
    record.container_title = container
    record.volume = tail.volume
    record.issue = tail.issue
    record.page = tail.page
    if tail.publisher:
        record.publisher = _clean_field(tail.publisher)
    if tail.note:
        record.custom["note"] = tail.note
    if tail.place:
        setattr(record, "publisher-place", tail.place)  # a CSL key the model keeps as an extra

    record.type = _guess_type(record, thesis, report, s)
    confidence = _confidence(record, warnings)
    return ParsedReference(record, confidence, tuple(warnings))


# A corporate author: "World Health Organization. (2020)." / "AASHTO. Title" / "OpenSEES (2012)."
_ORG_AUTHOR_RE = re.compile(
    rf"^(?P<org>[A-Z][\w.&'’ ,-]{{1,100}}?)\.?\s*(?=\(\s*{_YEAR}[a-z]?\s*\))"
    r"|^(?P<org2>[A-Z][A-Z&-]{2,}(?:\s[A-Z][A-Z&-]+){0,3})\.\s"
)
_DOUBLE_PUNCT_RE = re.compile(r"([.,;:])(?:\s*[.,;:])+(?=\s|$)")
_EMPTY_TAIL_PUNCT_RE = re.compile(r"[\s,;:]+\)")


def _single_punct(m: re.Match[str]) -> str:
    # "J. Magn. Reson., Ser. A": an abbreviation's period and a comma are both real
    if m.group(0) in (".,", ".:") and m.start() > 0 and m.string[m.start() - 1].isalpha():
        return m.group(0)
    return m.group(1)


def _tidy(text: str) -> str:
    """Punctuation left behind where the year was cut out: '. : X' → '. X', 'Y, )' → 'Y)'."""
    text = _EMPTY_TAIL_PUNCT_RE.sub(")", text)
    text = re.sub(r"\(\s*\)", " ", text)
    text = _DOUBLE_PUNCT_RE.sub(_single_punct, text)
    return re.sub(r"\s{2,}", " ", text)


_LEADING_JUNK_RE = re.compile(r"^(?:and\s+|&\s*)")


_TRANSLATOR_RE = re.compile(r"\s*\((?:tr|trans|transl|trad)\.[^()]*\)")
_TITLE_EDITOR_RE = re.compile(r",\s*(?:ed\.|eds\.|edited by|trans\.|transl\.|trad\.)\s+[A-Z][^,]*$")


def _finish_title(title: str | None) -> str | None:
    title = _clean_field(title)
    if not title:
        return None
    title = _TRANSLATOR_RE.sub("", title)
    title = _TITLE_EDITOR_RE.sub("", title)
    if title.endswith(".") and not re.search(r"(?:\b[A-Z]\.|\bal\.|\betc\.)$", title):
        title = title[:-1]
    title = _LEADING_JUNK_RE.sub("", title)
    if title and title[0] in "\"“‘«" and title.count(title[0]) == 1:
        title = title[1:]
    if title and title[-1] in "\"”’»" and not any(q in title[:-1] for q in "\"“‘«"):
        title = title[:-1]
    title = _clean_field(title)
    return title


_TRAILING_DATE_RE = re.compile(
    rf"(?:,\s*|\s+)(?:\d{{1,2}}\s+{_MONTH}|{_MONTH}(?:\s+\d{{1,2}})?|\d{{1,2}})\.?$", re.I
)


_US_STATE_RE = re.compile(r"^(?:[A-Z]{2}|[A-Z]\.[A-Z]\.|D\.C\.?)$")
_COUNTRIES = frozenset(
    ["USA", "UK", "Canada", "Japan", "China", "Germany", "France", "Italy", "Spain", "Belgium", "Netherlands", "Switzerland", "Austria", "Australia", "Brazil", "India", "Korea", "Greece", "Portugal", "Sweden", "Norway", "Denmark", "Finland", "Poland", "Russia", "Israel", "Mexico", "Singapore", "Taiwan", "Turkey", "Ireland", "Scotland", "England", "Hungary", "Czech", "Republic"]
)


def _strip_location(container: str) -> str:
    """'8th U.S. National Conference on X, San Francisco, CA' → drop the trailing place."""
    pieces = [p.strip() for p in container.split(",")]
    dropped = 0
    while len(pieces) > 1 and dropped < 2:
        last = pieces[-1].rstrip(".")
        if _US_STATE_RE.match(last) or last in _COUNTRIES or (
            _is_place(last) and dropped == 1 and not _CONF_RE.search(last)
        ):
            pieces.pop()
            dropped += 1
            continue
        if dropped == 0 and _is_place(last) and len(pieces) > 2 and not _CONF_RE.search(last):
            pieces.pop()
            dropped += 1
            continue
        break
    return ", ".join(pieces)


# "American Mathematical Society" alone after a title: a book's publisher
_SOCIETY_PUB_RE = re.compile(r"^(?:The\s+)?(?:[A-Z][\w'’-]+\s+){1,4}(?:Society|Association|Institute|"
                             r"Foundation|Council|Academy)$")


def _looks_like_imprint(text: str) -> bool:
    """A book's publisher and place rather than a periodical's name."""
    pieces = [p.strip(" .") for p in text.split(",")]
    if len(pieces) >= 2 and any(_US_STATE_RE.match(p) or p in _COUNTRIES or _is_city(p)
                                for p in pieces[1:]):
        return True
    if _SOCIETY_PUB_RE.match(text):
        return True
    pm = _PUBLISHER_RE.match(text)
    if pm and _plausible_imprint(pm.group("place"), pm.group("pub")):
        return True
    return bool(re.search(r"\b(?:Inc|Ltd|GmbH|Pub|Publishers?|Publications|Press|Verlag|"
                          r"Associates|Books)\b", text))


_MONTH_DAY_PAREN_RE = re.compile(rf"\s+{_MONTH}\s*\(\d{{1,2}}\)$")
_PAREN_MONTH_RE = re.compile(rf"\s*\(\s*{_MONTH}(?:\s*[-–/]\s*{_MONTH})?\s*\)\s*$", re.I)


def _finish_container(value: str | None) -> str | None:
    value = _clean_field(value)
    if not value:
        return None
    value = _TRAILING_DATE_RE.sub("", value)
    value = _PAREN_MONTH_RE.sub("", value)
    value = _MONTH_DAY_PAREN_RE.sub("", value)
    value = re.sub(r"^(?:In|in)\s*:?\s+", "", value)
    value = _PRESENTED_AT_RE.sub("", value)
    value = _strip_editors(value)
    value = _SPECIAL_ISSUE_RE.sub("", value)
    value = re.sub(r"[\s,]*\(\s*\d*\s*\)\s*$", "", value)  # "Journal (39)", "Journal, (10)"
    return _clean_field(value)


# Notes that stand where a venue would: "Preprint", "Unpublished manuscript", "Retrieved from".
_NOT_VENUE_RE = re.compile(
    r"^(?:(?:an?\s+)?(?:unpublished\s+)?(?:preprint(?:\s+at)?|manuscript|unpublished(?:\s+\w+)?|working paper|"
    r"draft|mimeo(?:graph)?)|in\s+press|submitted(?:\s+\w+)?|forthcoming|to\s+appear|"
    r"(?:retrieved|available|accessed|downloaded)(?:\s+\w+)?(?:\s+(?:from|at))?|retirado\s+de|"
    r"dispon[ií]vel\s+em|consult[ée]\s+le|online|web|internet|\[?online\]?|"
    r"(?:[A-Z][\w.]*\s+)?Patent\s*(?:No\.?\s*)?[\d,.\s]+|"
    r"(?:translated|trans\.|transl\.)\s+(?:by|from)\b.*)\.?$",
    re.I,
)
# Publishers that follow a venue after a period: "Computer Vision (CVPR). IEEE"
_TRAILING_PUB_RE = re.compile(
    r"^(?P<venue>.{8,}?)[.,]\s+(?P<pub>(?:IEEE|ACM|SIAM|AIAA|AAAI|Springer|Elsevier|Wiley|"
    r"Morgan Kaufmann|MIT Press|Kluwer|North[- ]Holland|Birkh[aä]user|World Scientific|Pergamon|"
    r"CRC Press|Academic Press|Routledge|Sage|SPIE|AIP|IOP|OSA|Curran Associates)"
    r"(?:[\w\s&.-]{0,25}(?:Press|Publishing|Publishers|Verlag|Society|Inc\.?|Ltd\.?))?"
    r"|[A-Z][\w&'’-]*(?:[\s-][A-Z][\w&'’-]*){0,3}[\s-](?:Press|Verlag|Publishers|Publishing|"
    r"Editores|Éditions|Editions))"
    r"(?:,\s*(?P<place>[A-Z][\w .,'’-]{1,30}))?$"
)
_ROMAN_VOL_RE = re.compile(r"(?P<sep>,\s*|\s+)(?P<vol>[IVXLC]{2,7})$")
_PAREN_PAGES_RE = re.compile(r"\s*\((?:pp?\.\s*)?(\d{1,5}\s*[-–—]\s*\d{1,5})\)$")


# "Norton Anthology, 5th edn. 2 vols. (…)" / "Handbook, 2nd ed.": the edition ends the name
_EDITION_NOTE_RE = re.compile(
    r",\s*(?:\d+(?:st|nd|rd|th|e)|[Ss]econd|[Tt]hird|[Ff]ourth|[Rr]evised|[Nn]ew)\s+"
    r"(?:edn|ed|edition|éd)\b.*$"
)
# "Hanson, S. (trans.). Minneapolis": a translator before the imprint
_LEADING_TRANSLATOR_RE = re.compile(r"^[^()]{2,60}\((?:trans|transl|tr)\.?\)[.,]?\s*")


def _trailing_imprint(container: str, tail: _Tail) -> str:
    """'Book Title. Washington, D.C.: Counterpoint' / 'Book Title. Toronto' / 'Book, Berlin':
    the place and publisher of a book written after the title of the book that holds a chapter."""
    for cut in reversed(_sentence_boundaries(container)):
        piece = container[cut:].strip(" .,")
        pm = _PUBLISHER_RE.match(piece)
        if pm and _plausible_imprint(pm.group("place"), pm.group("pub")):
            tail.place = tail.place or pm.group("place").strip(" ,")
            tail.publisher = tail.publisher or pm.group("pub").strip(_TRIM)
            return container[:cut].rstrip(" .,")
        if _is_city(piece):
            tail.place = tail.place or piece
            return container[:cut].rstrip(" .,")
    head, sep, last = container.rpartition(",")
    if sep and len(head) > 10 and _is_city(last) and not _CONF_RE.search(container):
        tail.place = tail.place or last.strip(" .")
        return head.rstrip(" ,")
    return container


def _venue_extras(container: str | None, tail: _Tail) -> str | None:
    """Things that end up in the venue of a book or chapter and are not its name: a note
    ('Preprint'), the place alone ('London'), a trailing publisher ('… (CVPR). IEEE'), pages in
    parentheses ('Book title (111–144)'), a Roman volume ('Lunar and Planetary Science XXI')."""
    if not container:
        return container
    if _NOT_VENUE_RE.match(container) or not re.search(r"\w", container) or (
        container.startswith("[") and container.endswith("]")
    ):
        return None
    if container.endswith(")") and not tail.publisher:
        # "Book Title (Munich: G. Ricordi)": the imprint in parentheses
        container = _pull_parenthetical(container, tail) or container
    if not tail.volume and not tail.issue and _is_city(container):
        tail.place = tail.place or container
        return None
    container = _EDITION_NOTE_RE.sub("", container)
    tr = _LEADING_TRANSLATOR_RE.match(container)
    if tr and tr.end() < len(container):
        container = container[tr.end():]
        if not tail.volume and not tail.issue and _is_city(container):
            tail.place = tail.place or container
            return None
    pm = _PAREN_PAGES_RE.search(container)
    if pm and pm.start() > 3:
        if not tail.page:
            tail.page = _norm_pages(pm.group(1))
        container = container[: pm.start()].rstrip(" ,.")
    if not tail.volume and not tail.issue:
        container = _trailing_imprint(container, tail)
    tp = _TRAILING_PUB_RE.match(container)
    if tp and not tail.publisher:
        tail.publisher = tp.group("pub").strip(" .,")
        if tp.group("place") and not tail.place:
            tail.place = tp.group("place").strip(" .,")
        container = tp.group("venue").rstrip(" ,")
    if not tail.volume:
        rm = _ROMAN_VOL_RE.search(container)
        if rm and rm.start() > 3 and (rm.group("sep").strip() or len(rm.group("vol")) >= 3):
            key = journal_key(container)
            if not (key in journal_table() or key in _journal_values()):
                tail.volume = rm.group("vol")
                container = container[: rm.start()].rstrip(" ,")
    return container or None


_PRESENTED_AT_RE = re.compile(r"^(?:(?:Paper|Poster|Talk)\s+)?presented\s+at\s+(?:the\s+)?(?=[A-Z\d])",
                              re.I)
_SPECIAL_ISSUE_RE = re.compile(r"\s*[,:.]\s*Special Issue\b.*$", re.I)


_IN_MARK_RE = re.compile(r"(?:^|[.,”\"]\s*)(?:In|in):?\s+(?=[A-Z\d])")


def _guess_type(record: Record, thesis: bool, report: bool, text: str) -> str:
    container = record.container_title or ""
    if thesis:
        return "thesis"
    if container and _CONF_RE.search(container):
        return "paper-conference"
    in_book = bool(container and _IN_MARK_RE.search(text))
    if in_book:
        # "In Advances in ... (Vol. 33)", "In J. Smith (ed.), Book": a proceedings or a chapter
        return "chapter" if (record.editor or record.publisher or _EDS_RE.search(text)) else "paper-conference"
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
    if not (record.container_title or record.publisher or record.year or record.DOI
            or record.arxiv or record.URL):
        score -= 0.1
        warnings.append("nothing but a title")
    if record.title and len(record.title) > 300:
        score -= 0.3
        warnings.append("title suspiciously long")
    if record.title and len(record.title) < 4 and not has_ref:
        score -= 0.2
        warnings.append("title suspiciously short")
    return max(0.0, min(1.0, round(score, 3)))
