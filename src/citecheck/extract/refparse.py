"""Rule-based parser for one reference string (any common citation style) into a CSL `Record`.

The parser works in passes over a cleaned string: pull out identifiers (DOI, arXiv, URL), pick
the publication year, consume the author list from the front with a small name grammar, then
split what is left into title and the venue tail (journal, volume, issue, pages, publisher).
It never raises on odd input; a doubtful parse gets a low ``confidence`` so that a later
(LLM) parser can re-parse it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from citecheck.extract import names as N
from citecheck.extract.cleanup import clean_reference
from citecheck.extract.identifiers import extract_identifiers
from citecheck.model import Name, Record, set_year

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
    r"Winter)\.?"
)
_YEAR = r"(?:1[6-9]\d\d|20\d\d)"
# A year in parentheses, maybe with month/day: "(2019)", "(2019a)", "(May 2019)", "(2019, May 3)".
_PAREN_YEAR_RE = re.compile(
    rf"\(\s*(?:{_MONTH}\s*(?:\d{{1,2}},?\s*)?)?(?:\d{{1,2}}\s+{_MONTH}\s+)?({_YEAR})[a-z]?"
    rf"(?:\s*,?\s*{_MONTH}(?:\s*\d{{1,2}})?)?\s*\)"
)
_BARE_YEAR_RE = re.compile(rf"(?<![\w./:–—-])({_YEAR})[a-z]?(?![\w/–—-]|\.\d|-\d)")
_ND_RE = re.compile(r"\(\s*n\.\s?d\.\s*\)")

# -- venue tail ---------------------------------------------------------------------------------

_PAGE = r"[A-Za-z]{0,2}\d+[A-Za-z]?"
_PAGES = rf"{_PAGE}(?:\s*(?:[-–—‐]+|--)\s*{_PAGE})?"
_LABELLED_VOL_RE = re.compile(r"\b(?:vol(?:ume)?\.?|Bd\.|t\.)\s*([A-Z]?\d+[A-Za-z]?)", re.I)
_LABELLED_NO_RE = re.compile(r"\b(?:no\.?|nr\.?|num\.?|number|issue|n°|№)\s*(\d+(?:[-–/]\d+)?[A-Za-z]?)", re.I)
_LABELLED_PP_RE = re.compile(rf"\b(?:pp?\.|pages?|S\.)\s*({_PAGES})", re.I)
_ARTNO_RE = re.compile(r"\b(?:art(?:icle)?\.?\s*(?:no\.?|number)|Article|e)\s*([A-Za-z]?\d+)", re.I)
# "12(3), 45-67" / "12(3):45-67" / "58 (5): 1583" / "26: 841-860" / "75, 024519" / "26 (2-3)"
_VOL_ISSUE_PAGES_RE = re.compile(
    rf"(?<![\w.])([A-Z]?\d{{1,5}}[A-Z]?)\s*(?:\(\s*([\w\s,/–-]{{1,15}}?)\s*\))?\s*"
    rf"(?:(?:[:,]\s*|\s+)(?:pp?\.\s*)?({_PAGES}))?(?=\s*(?:[,.;(]|$))"
)
_PUBLISHER_RE = re.compile(r"^(?P<place>[A-Z][\w .,'’-]{1,40}?)\s*:\s*(?P<pub>[^:]{2,80}?)$")
_IN_RE = re.compile(r"^(?:In|in|IN)\s*:?\s+")
_EDS_RE = re.compile(r"\(?\b(?:eds?|Hrsg|Hg)\.?\)?,?", re.I)
_THESIS_RE = re.compile(r"\b(?:Ph\.?\s?D\.?|doctoral|master'?s?|M\.?Sc?\.?|diploma|bachelor'?s?)\s*"
                        r"(?:thesis|dissertation)|\bthesis\b|\bdissertation\b", re.I)
_REPORT_RE = re.compile(r"\b(?:tech(?:nical|\.)?\s*rep(?:ort|\.)?|report|working paper|white paper|"
                        r"memorandum|preprint CERN|CERN-|FERMILAB-|SLAC-)", re.I)
_CONF_RE = re.compile(r"\b(?:proc(?:eedings|\.)?|conf(?:erence|\.)?|symp(?:osium|\.)?|workshop|"
                      r"congress|meeting|colloquium|summer school|ICML|NeurIPS|NIPS|ICLR|CVPR|ICCV|"
                      r"ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGIR|SIGMOD|VLDB|STOC|FOCS|SODA|"
                      r"CHI|UIST|ICRA|IROS|INTERSPEECH|ICASSP|WWW)\b", re.I)
_BOOK_HINT_RE = re.compile(r"\b(?:press|verlag|publish(?:ers?|ing)|books|edition|ed\.|wiley|"
                           r"springer|elsevier|academic|university|routledge|sage|macmillan|"
                           r"harper|penguin|norton|mcgraw|addison|prentice|oxford|cambridge)\b", re.I)
_QUOTE_RE = re.compile(r"[\"“”„«»]\s*(.+?)\s*[\"“”«»](?!\w)|(?<!\w)[‘']\s*(.{8,}?)\s*[’'](?!\w)")
_SENT_END_RE = re.compile(r"([.?!])\s+(?=[\"“‘'(\[]?[A-Z0-9À-Þ])")
_SPACE_RE = re.compile(r"\s+")
_TRIM = " \t,;:.-–—/"
_TRIM_KEEP_DOT = " \t,;:-–—/("
# Words whose period does not end a sentence: name initials, abbreviations common in titles.
_NON_TERMINAL = frozenset(
    ["al", "vs", "eg", "ie", "cf", "etc", "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "no", "vol", "pp", "ed", "eds", "fig", "eq", "ref", "refs", "approx", "ca", "inc", "ltd", "co", "corp", "dept", "univ", "u.s", "u.k", "e.g", "i.e"]
)


def _clean_field(value: str | None) -> str | None:
    if value is None:
        return None
    value = _SPACE_RE.sub(" ", value).strip()
    value = value.strip(" \t,;:")
    # Trailing period unless it closes an abbreviation in an abbreviated name ("Phys. Rev. Lett.").
    if value.endswith(".") and not (
        re.search(r"(?:\b[A-Z][a-z]{0,8}|\b[A-Z])\.$", value) and "." in value[:-1]
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


def _sentence_boundaries(text: str) -> list[int]:
    """Indices just after each sentence-ending punctuation mark that is not an abbreviation."""
    out: list[int] = []
    for m in _SENT_END_RE.finditer(text):
        if m.group(1) == ".":
            before = text[: m.start()]
            word = re.search(r"([\w.'’]+)$", before)
            token = word.group(1) if word else ""
            bare = token.rstrip(".").lower()
            if len(token) == 1 and token.isupper():
                continue  # an initial "A."
            if re.fullmatch(r"(?:[A-Z]\.)+[A-Z]", token) or bare in _NON_TERMINAL:
                continue
        out.append(m.end(1))
    return out


def _first_sentence(text: str) -> tuple[str, str]:
    cuts = _sentence_boundaries(text)
    if not cuts:
        return text, ""
    return text[: cuts[0]], text[cuts[0] :]


@dataclass
class _Tail:
    container: str | None = None
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    publisher: str | None = None
    place: str | None = None
    title_extra: str | None = None  # text before the venue when it was not split off


def _norm_pages(value: str) -> str:
    value = re.sub(r"\s*(?:--|[-–—‐])+\s*", "-", value.strip())
    return value


def _parse_numbers(zone: str, tail: _Tail) -> None:
    """Fill volume/issue/page from labelled tokens ('vol. 5, no. 2, pp. 10-20')."""
    m = _LABELLED_VOL_RE.search(zone)
    if m:
        tail.volume = m.group(1)
    m = _LABELLED_NO_RE.search(zone)
    if m:
        tail.issue = m.group(1)
    m = _LABELLED_PP_RE.search(zone)
    if m:
        tail.page = _norm_pages(m.group(1))


def _split_venue(rest: str, comma_style: bool, title_known: bool = False) -> tuple[str | None, _Tail]:
    """Split 'Title. Journal, 12(3), 45-67' into title and the venue fields."""
    tail = _Tail()
    text = rest.strip(_TRIM)
    if not text:
        return None, tail
    # Labelled numbers anywhere ("vol. 5", "no. 2", "pp. 10-20"): the venue starts before them.
    labelled = [m for r in (_LABELLED_VOL_RE, _LABELLED_NO_RE, _LABELLED_PP_RE)
                if (m := r.search(text))]
    if labelled:
        _parse_numbers(text, tail)
        start = min(m.start() for m in labelled)
        head = text[:start].rstrip(_TRIM_KEEP_DOT)
        if not tail.volume:
            # Chicago "Journal 12, no. 3": the volume is the number just before the labels.
            vm = re.search(r"(?<![\w.])([A-Z]?\d{1,5}[A-Z]?)\s*$", head)
            if vm and re.search(r"[A-Za-z]", head[: vm.start()]):
                tail.volume = vm.group(1)
                head = head[: vm.start()].rstrip(_TRIM)
        if not tail.page:
            pm = re.search(rf"[:,]\s*({_PAGES})\s*$", text[start:])
            if pm:
                tail.page = _norm_pages(pm.group(1))
        return _split_head(head, tail, comma_style, labelled=True, title_known=title_known)
    # Unlabelled numbers: the last "volume(issue), pages" group.
    best = None
    for m in _VOL_ISSUE_PAGES_RE.finditer(text):
        if m.start() == 0:
            continue
        if not (m.group(2) or m.group(3)) and best is not None:
            continue
        prefix = text[: m.start()].rstrip()
        if not prefix or not re.search(r"[A-Za-z]", prefix):
            continue
        best = m
    if best is not None and (best.group(2) or best.group(3) or _looks_like_journal_end(text[: best.start()])):
        tail.volume = best.group(1)
        if best.group(2):
            issue = best.group(2).strip()
            tail.issue = issue
        if best.group(3):
            tail.page = _norm_pages(best.group(3))
        after = text[best.end():].strip(_TRIM)
        if not tail.page:
            m2 = re.match(rf"^(?:pp?\.\s*)?({_PAGES})\b", after)
            if m2:
                tail.page = _norm_pages(m2.group(1))
        head = text[: best.start()].rstrip(_TRIM_KEEP_DOT)
        return _split_head(head, tail, comma_style, labelled=False, title_known=title_known)
    # No numbers: a book ("Place: Publisher") or proceedings ("In Proc. X").
    if title_known:
        venue, pub = _split_publisher(_strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", text)))
        if pub:
            tail.place, tail.publisher = pub
        tail.container = _clean_field(venue)
        return None, tail
    return _split_no_numbers(text, tail, comma_style)


def _looks_like_journal_end(prefix: str) -> bool:
    prefix = prefix.rstrip(" ,")
    return bool(re.search(r"(?:[A-Z][a-z]*\.|[A-Z]{2,}|[A-Z][a-z]+)$", prefix))


def _split_head(
    head: str, tail: _Tail, comma_style: bool, labelled: bool, title_known: bool = False
) -> tuple[str | None, _Tail]:
    """`head` is 'Title. Journal' (period style) or 'Title, Journal' (comma style)."""
    head = head.strip(_TRIM_KEEP_DOT)
    if not head:
        return None, tail
    if title_known or (comma_style and "," not in head):
        tail.container = _clean_field(_strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", head)))
        return None, tail
    in_m = re.search(r"(?:^|[.,]\s+)(?:In|in)\s*:?\s+(?=[A-Z\d])", head)
    if in_m:
        title = head[: in_m.start()]
        tail.container = _clean_field(_strip_editors(head[in_m.end():]))
        return _clean_field(title), tail
    cuts = _sentence_boundaries(head)
    if cuts and not comma_style:
        title = head[: cuts[0]]
        venue = head[cuts[0]:]
        # A second sentence before the venue (subtitle or series): keep with the title unless the
        # last piece is a whole journal name.
        tail.container = _clean_field(venue)
        return _clean_field(title), tail
    if "," in head:
        # Comma style: the journal is the last comma-separated piece (physics / IEEE).
        title, _, venue = head.rpartition(",")
        if comma_style or labelled or _quoted_title_done(title):
            tail.container = _clean_field(venue)
            return _clean_field(title), tail
        tail.container = _clean_field(venue)
        return _clean_field(title), tail
    if cuts:
        title = head[: cuts[0]]
        tail.container = _clean_field(head[cuts[0]:])
        return _clean_field(title), tail
    # Only one piece: a journal (title-less physics reference) or a title.
    return None, _set(tail, container=_clean_field(head))


def _quoted_title_done(title: str) -> bool:
    return False


def _set(tail: _Tail, **kw: str | None) -> _Tail:
    for k, v in kw.items():
        setattr(tail, k, v)
    return tail


def _strip_editors(text: str) -> str:
    # "J. Smith (ed.), Book Title" / "Book Title, ed. by J. Smith": keep the book title.
    m = re.match(r"^(.{0,120}?)\((?:eds?|Hrsg|Hg)\.?\)\s*[,:]?\s*(.+)$", text, re.I)
    if m:
        return m.group(2)
    m = re.search(r",?\s*(?:ed(?:ited)?\.?\s+by|eds?\.)\s+.*$", text)
    if m and m.start() > 0:
        return text[: m.start()]
    return text


def _split_no_numbers(text: str, tail: _Tail, comma_style: bool) -> tuple[str | None, _Tail]:
    in_m = re.search(r"(?:^|[.,]\s+)(?:In|in|IN)\s*:?\s+(?=[A-Z\d\"“])", text)
    if in_m:
        title = text[: in_m.start()] if in_m.start() > 0 else None
        venue = _strip_editors(text[in_m.end():])
        venue, pub = _split_publisher(venue)
        tail.container = _clean_field(venue)
        if pub:
            tail.place, tail.publisher = pub
        return _clean_field(title) if title else None, tail
    cuts = _sentence_boundaries(text)
    if cuts:
        title = text[: cuts[0]]
        rest = text[cuts[0]:].strip(_TRIM)
        rest2, pub = _split_publisher(rest)
        if pub:
            tail.place, tail.publisher = pub
            if rest2:
                tail.container = _clean_field(rest2) if _CONF_RE.search(rest2) else None
        elif rest:
            if _BOOK_HINT_RE.search(rest) and not _CONF_RE.search(rest):
                tail.publisher = _clean_field(rest)
            else:
                tail.container = _clean_field(rest)
        return _clean_field(title), tail
    if comma_style and "," in text:
        title, _, venue = text.rpartition(",")
        venue_c = _clean_field(venue)
        if venue_c and (_CONF_RE.search(venue_c) or _BOOK_HINT_RE.search(venue_c)):
            if _BOOK_HINT_RE.search(venue_c) and not _CONF_RE.search(venue_c):
                tail.publisher = venue_c
            else:
                tail.container = venue_c
            return _clean_field(title), tail
    return _clean_field(text), tail


def _split_publisher(text: str) -> tuple[str, tuple[str | None, str] | None]:
    """'Cambridge: Polity Press' / 'Polity Press, Cambridge' → (rest, (place, publisher))."""
    parts = [p.strip() for p in re.split(r"(?<=[.,])\s+", text) if p.strip()]
    for i in range(len(parts) - 1, -1, -1):
        piece = " ".join(parts[i:]).strip(_TRIM)
        m = _PUBLISHER_RE.match(piece)
        if m and not re.search(r"\d{3,}", m.group("place")):
            return " ".join(parts[:i]).strip(_TRIM), (m.group("place").strip(), m.group("pub").strip(_TRIM))
    if _BOOK_HINT_RE.search(text) and len(text) < 100 and not _CONF_RE.search(text):
        segs = [s.strip() for s in text.split(",")]
        return "", (None, text.strip(_TRIM)) if segs else None
    return text, None


# -- main ---------------------------------------------------------------------------------------


def _choose_year(text: str) -> tuple[int | None, tuple[int, int] | None, bool]:
    """(year, span to remove, parenthesised?). Prefers '(2019)'; else the last bare year."""
    paren = list(_PAREN_YEAR_RE.finditer(text))
    if paren:
        m = paren[0] if len(paren) == 1 or paren[0].start() < len(text) // 2 else paren[-1]
        return int(m.group(1)), m.span(), True
    bare = list(_BARE_YEAR_RE.finditer(text))
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


def parse_reference(text: str) -> ParsedReference:
    """Parse one reference string into a CSL record with a confidence in 0..1."""
    warnings: list[str] = []
    record = Record()
    if not text or not text.strip():
        return ParsedReference(record, 0.0, ("empty reference",))
    try:
        return _parse(text, record, warnings)
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
    m = re.match(rf"^\s*[,.]?\s*\(?\s*({_YEAR})[a-z]?\s*\)?(?:\s*,?\s*{_MONTH}(?:\s*\d{{1,2}})?\)?)?\s*[.,:]?\s*", rest)
    if authors.names and m and not re.match(r"\s*[,.]?\s*\(?\s*\d{4}\s*[-–]", rest):
        year = int(m.group(1))
        rest = rest[m.end():]
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
            rest = rest[: span[0]] + " " + rest[span[1]:]
    if year is not None:
        set_year(record, year)

    rest = rest.strip(_TRIM)
    # Quoted title (IEEE, Chicago, MLA, ACS).
    title: str | None = None
    q = _QUOTE_RE.search(rest)
    if q and q.start() < max(8, len(rest) // 2):
        title = q.group(1) or q.group(2)
        before = rest[: q.start()].strip(_TRIM)
        rest_after = rest[q.end():].strip(_TRIM)
        if before and not record.author:
            # Authors we could not parse; keep the text as a literal rather than losing it.
            record.author = N.split_loose_authors(before)
        _, tail = _split_venue(rest_after, comma_style=True, title_known=True)
    else:
        title, tail = _split_venue(rest, comma_style)

    # Title-less physics reference: "Phys. Rev. B 75, 024519": the only head piece is the journal.
    record.title = _finish_title(title)
    record.container_title = _finish_container(tail.container)
    record.volume = tail.volume
    record.issue = tail.issue
    record.page = tail.page
    if tail.publisher:
        record.publisher = _clean_field(tail.publisher)
    if tail.place:
        record.__dict__["publisher-place"] = tail.place  # CSL key, extra field
        record.__pydantic_extra__ = {**(record.__pydantic_extra__ or {}), "publisher-place": tail.place}
        record.__dict__.pop("publisher-place", None)

    record.type = _guess_type(record, thesis, report, s)
    confidence = _confidence(record, warnings)
    return ParsedReference(record, confidence, tuple(warnings))


# A corporate author: "World Health Organization. (2020)." / "AASHTO. Title" / "OpenSEES (2012)."
_ORG_AUTHOR_RE = re.compile(
    rf"^(?P<org>[A-Z][\w.&'’ ,-]{{1,100}}?)\.?\s*(?=\(\s*{_YEAR}[a-z]?\s*\))"
    r"|^(?P<org2>[A-Z][A-Z&-]{2,}(?:\s[A-Z][A-Z&-]+){0,3})\.\s"
)
_LEADING_JUNK_RE = re.compile(r"^(?:and\s+|&\s*)")


def _finish_title(title: str | None) -> str | None:
    title = _clean_field(title)
    if not title:
        return None
    if title.endswith(".") and not re.search(r"(?:\b[A-Z]\.|\bal\.|\betc\.)$", title):
        title = title[:-1]
    title = _LEADING_JUNK_RE.sub("", title)
    if title and title[0] in "\"“‘«" and title.count(title[0]) == 1:
        title = title[1:]
    if title and title[-1] in "\"”’»" and not any(q in title[:-1] for q in "\"“‘«"):
        title = title[:-1]
    title = _clean_field(title)
    return title


def _finish_container(value: str | None) -> str | None:
    value = _clean_field(value)
    if not value:
        return None
    value = re.sub(r"^(?:In|in)\s*:?\s+", "", value)
    value = re.sub(r"\s*\(\s*\)\s*$", "", value)
    return _clean_field(value)


def _guess_type(record: Record, thesis: bool, report: bool, text: str) -> str:
    container = record.container_title or ""
    if thesis:
        return "thesis"
    if container and _CONF_RE.search(container):
        return "paper-conference"
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


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _names(names: list[Name]) -> list[str]:  # debugging aid
    return [n.display() for n in names]
