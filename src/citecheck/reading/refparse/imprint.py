"""A book's imprint and editors: 'Place: Publisher', cities, '(eds.)' / 'edited by', a
trailing place or publisher after a book's title, conference locations."""

from __future__ import annotations

import re
from dataclasses import dataclass

import regex

from citecheck.reading.refparse.lexicon import (
    BOOK_HINT_RE,
    CONF_RE,
    COUNTRIES,
    LOCATOR,
    PUBLISHER_NAMES,
    REPORT_RE,
    THESIS_RE,
    TRIM,
    US_STATE_RE,
)
from citecheck.reading.refparse.sentences import sentence_boundaries
from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re, compile_regex

# the place starts with a capital of any script or a letter of an uncased one ("Москва", "北京")
_CAP = r"[\p{Lu}\p{Lt}\p{Lo}]"
PUBLISHER_RE = compile_regex(rf"^(?P<place>{_CAP}[\w .,'’-]{{1,40}}?)\s*:\s*(?P<pub>[^:]{{2,80}}?)$")


_EDS_WORD = r"(?:eds?|Eds?|editors?|Editors?|Hrsg|Hg|éds?)\.?"


# "J. Smith (ed.), Book" / "(M. Cooper & W. Stiles, Eds.) Book" / "A. Jonaitis, ed., Book" /
# "Bohringer H., Pratt G.W., eds, ESO Astrophys. Symp."
_LEADING_EDITORS_RE = compile_re(
    rf"^\(?[^()]{{0,150}}?[\s,(]\(?{_EDS_WORD}\)?\s*[,:)]?\s*(?P<rest>[A-Z\d\"“].+)$"
)


# "Book. Ed. Anja Müller" / "Book, edited by X and Y" / "Book, ed. by X"
_TRAILING_EDITORS_RE = compile_re(
    r"[,.]?\s*(?:\b(?:[Ee]d(?:ited)?\.?\s+by|[Ee]ds?\.|[Hh]rsg\.\s+v(?:on)?\.?)|\bEd\.)\s+.*$"
)


# "Book. Eds. Ann Smith and Bo Li. Trier: WVT" / "Book, ed. Michael Herren. Toronto": the names
# run to the first period that is not an initial's.
_MID_EDITORS_RE = compile_re(
    r"[.,]\s+(?:[Ee]ds?\.|[Ee]dited by|[Ee]d\. by|[Hh]rsg\. v(?:on)?\.?)\s+"
    r"(?:[^.]|(?<=\b[A-Z])\.)+?[a-zà-ÿ]{2}\s*\.(?:\s+(?P<rest>[A-Z].*))?$"
)


def strip_editors(text: str) -> str:
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


PAREN_PUB_RE = compile_re(
    r"\s*\((?P<body>[^():]*?(?:\b(?:eds?|edn|edition|tr|trans|transl|hrsg|Hg)\b\.?|(?<=\w):\s[A-Z][^():]*|"
    r"\bPress\b|\bVerlag\b)[^()]*)\)\s*$",
    re.I,
)


def pull_parenthetical(title: str | None, tail: Tail) -> str | None:
    """'Title (Cambridge: CUP)' / 'Title (2nd ed.)' / 'Title (tr. X)': keep the title only."""
    if not title:
        return title
    m = PAREN_PUB_RE.search(title)
    if not m or m.start() < 8:
        return title
    body = m.group("body").strip(" ,.")
    pm = re.match(r"^(?P<place>[^:]{2,40}):\s*(?P<pub>.+)$", body)
    if pm and not tail.publisher:
        tail.place = tail.place or pm.group("place").strip()
        tail.publisher = pm.group("pub").strip(" ,.")
    return title[: m.start()].rstrip(" ,.")


_PAREN_TAIL_RE = compile_re(
    rf"\s*\(\s*(?P<body>[^()]{{2,80}}?)\s*\)(?P<loc>(?:\s*,?\s*{LOCATOR})*)\s*[.,;]?\s*$", re.I)


@dataclass(frozen=True)
class ParenImprint:
    before: str  # the text before the parenthesis
    place: str | None
    publisher: str
    locator: str | None  # "p. 123", "Chap. 8" after it


def cut_paren_imprint(text: str, year_closed: bool) -> ParenImprint | None:
    """'Title (Kluwer, New York)', 'Title (Springer), p. 12' — a final parenthesis that the year
    closed (years.py, `ParseState.paren_imprint`) or that reads as an imprint ("(Dover Publications,
    Mineola, NY)") holds the publisher and place."""
    m = _PAREN_TAIL_RE.search(text)
    if not m or m.start() < 8:
        return None
    body = m.group("body").strip(" ,.;")
    if (not body[:1].isupper() or any(c.isdigit() for c in body) or THESIS_RE.search(body)
            or REPORT_RE.search(body) or CONF_RE.search(body)
            or not (year_closed or looks_like_imprint(body))):
        return None  # "(in Russian, 1999)", "(PhD thesis, MIT, 2001)", "(Proc. ICRC, 2017)"
    pm = PUBLISHER_RE.match(body)
    if pm and plausible_imprint(pm.group("place"), pm.group("pub")):
        place, pub = pm.group("place").strip(" ,"), pm.group("pub")
    else:
        pub, _, place = body.partition(",")
    locator = m.group("loc").strip(" ,") or None
    return ParenImprint(text[: m.start()], place.strip(" ,") or None, pub.strip(TRIM), locator)


# Springer's and EPJ's book layout: "Title, vol. 1. Cambridge University Press, Cambridge (1995)",
# "Title, p. 27. Springer, Berlin (2009)" — a locator ends the title, the imprint is the last sentence
_SENTENCE_IMPRINT_RE = compile_re(
    rf"^(?P<before>.{{8,}}?),\s*(?P<loc>{LOCATOR})\.\s+(?P<body>[A-Z][^.()]{{2,80}}?)\s*[.,;]?\s*$", re.I)


def cut_sentence_imprint(text: str) -> ParenImprint | None:
    """The publisher and place written as the last sentence after a book's volume or page (the year
    already cut out); None unless that sentence reads as an imprint ("Springer, Berlin")."""
    m = _SENTENCE_IMPRINT_RE.match(text)
    if not m or not re.search(r"[,:]", m.group("body")) or not looks_like_imprint(m.group("body")):
        return None
    body = m.group("body")
    pm = PUBLISHER_RE.match(body)
    if pm and plausible_imprint(pm.group("place"), pm.group("pub")):  # "Berlin, Heidelberg: Springer"
        place, pub = pm.group("place"), pm.group("pub")
    else:
        pub, _, place = body.partition(",")
    return ParenImprint(m.group("before"), place.strip(" ,") or None, pub.strip(TRIM), m.group("loc"))


def cut_final_imprint(text: str) -> ParenImprint | None:
    """APA's and Harvard's book imprint, "Place: Publisher" as the text's last sentence (". Reading,
    Massachusetts: Addison-Wesley.", ". Berlin: de Gruyter"), when it reads as an imprint (a known
    place, or a short one before a publisher-like name); None otherwise."""
    text = text.strip().rstrip(".").rstrip()
    cut = text.rfind(". ")
    body = text[cut + 2 :].strip()
    if cut < 8 or ":" not in body or "(" in body or not body[:1].isalpha():
        return None
    pm = PUBLISHER_RE.match(body)
    if pm is None or not plausible_imprint(pm.group("place"), pm.group("pub")):
        return None
    return ParenImprint(text[:cut], pm.group("place").strip(" ,") or None, pm.group("pub").strip(TRIM), None)


_PLACE_PARTICLES = frozenset(
    [
        "am",
        "an",
        "upon",
        "on",
        "de",
        "do",
        "da",
        "del",
        "di",
        "du",
        "la",
        "le",
        "les",
        "sur",
        "en",
        "im",
        "and",
        "y",
    ]
)


def _capital(word: str) -> bool:
    """A capital of any script, or a letter of a script without case ("北京", "서울")."""
    return word[:1].isalpha() and not word[:1].islower()


def _is_place(text: str) -> bool:
    """'New York', 'New Brunswick, N.J.', 'Issy-les-Moulineaux', 'Rio de Janeiro'."""
    words = text.replace(",", " ").split()
    return (
        1 <= len(words) <= 4
        and _capital(words[0])
        and all(_capital(w) or w.lower() in _PLACE_PARTICLES for w in words)
    )


# Cities where books are commonly published: a venue that is only one of these (with maybe a
# state or country) is the place of a book's imprint, not a journal.
_CITIES = frozenset(
    c.strip().lower()
    for c in (  # noqa: SIM905  (one string is easier to extend)
        "London|New York|Paris|Berlin|Oxford|Cambridge|Chicago|Boston|Edinburgh|Dublin|Toronto|"
        "Montreal|Montréal|Amsterdam|Leipzig|Munich|München|Rome|Roma|Madrid|Barcelona|Vienna|Wien|Tokyo|"
        "Moscow|Moskva|St Petersburg|St. Petersburg|Warsaw|Warszawa|Kraków|Krakow|Prague|Praha|Budapest|"
        "Brussels|Bruxelles|Geneva|Genève|Zurich|Zürich|Basel|Bern|Stuttgart|Frankfurt|Hamburg|Cologne|"
        "Köln|Heidelberg|Göttingen|Tübingen|Milan|Milano|Florence|Firenze|Turin|Torino|Bologna|Naples|"
        "Napoli|Lisbon|Lisboa|Porto|Stockholm|Copenhagen|Oslo|Helsinki|Athens|Philadelphia|Princeton|"
        "Baltimore|Washington|New Haven|Berkeley|Los Angeles|San Francisco|Minneapolis|Ann Arbor|Ithaca|"
        "Durham|New Brunswick|Lyon|Lille|Toulouse|Bordeaux|Marseille|Strasbourg|Rennes|Grenoble|"
        "Montpellier|Nancy|Sydney|Melbourne|Canberra|Wellington|Beijing|Shanghai|Delhi|New Delhi|Mumbai|"
        "Calcutta|Kolkata|Madras|São Paulo|Sao Paulo|Rio de Janeiro|Buenos Aires|Mexico|Santiago|Lima|"
        "Bogotá|Caracas|Belo Horizonte|Brasília|Porto Alegre|Recife|Curitiba|Coimbra|Seville|Sevilla|"
        "Valencia|Salamanca|Leiden|Utrecht|Louvain|Leuven|Ghent|Gent|Antwerp|Dordrecht|Singapore|"
        "Hong Kong|Taipei|Seoul|Kyoto|Osaka|Glasgow|Manchester|Birmingham|Liverpool|Leeds|Bristol|"
        "Aberdeen|St Andrews|Harmondsworth|Basingstoke|Abingdon|Oxon|Chichester|Hoboken|Amherst|Evanston|"
        "Bloomington|Urbana|Champaign|Madison|Austin|Houston|Dallas|Atlanta|Pittsburgh|Cleveland|Detroit|"
        "Seattle|Portland|Denver|Boulder|Tucson|Phoenix|Nashville|Columbus|Cincinnati|Indianapolis|Albany|"
        "Buffalo|Rochester|Syracuse|Hanover|Lanham|Thousand Oaks|Newbury Park|Beverly Hills|Belmont|"
        "Upper Saddle River|Englewood Cliffs|Menlo Park|Palo Alto|Stanford|Norwood|Norwich|Dresden|Jena|"
        "Halle|Bonn|Mainz|Trier|Freiburg|Münster|Marburg|Giessen|Kiel|Bremen|Hannover|Nürnberg|Nuremberg|"
        "Würzburg|Regensburg|Augsburg|Innsbruck|Salzburg|Graz|Reading|New Jersey|Harlow|Malden|Oakland|"
        # other scripts; "М." (Moscow), "Л." (Leningrad), "СПб." (St Petersburg) in GOST imprints
        "Москва|М|Ленинград|Л|Санкт-Петербург|СПб|Киев|Київ|Минск|Новосибирск|Екатеринбург|"
        "Казань|Томск|Харьков|Одесса|София|"
        "北京|上海|南京|天津|武汉|广州|杭州|西安|成都|合肥|長沙|长沙|台北|香港|東京|京都|大阪|"
        "서울|Αθήνα|Θεσσαλονίκη"
    ).split("|")
)


_CITY_RE = compile_regex(
    rf"^(?:{_CAP}[\w'’.-]*(?:\s+(?:{_CAP}[\w'’.-]*|de|do|da|am|upon|on|sur))*)"
    rf"(?:\s*(?:,|and|&)\s*{_CAP}[\w'’.-]*(?:\s+{_CAP}[\w'’.-]*)*)*$"
)


def is_city(text: str) -> bool:
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
        elif not (US_STATE_RE.match(p) or p in COUNTRIES):
            return False
    return cities >= 1


def plausible_imprint(place: str, pub: str) -> bool:
    if not _is_place(place) or len(pub.split()) > 8:
        return False
    if is_city(place):
        return True
    # "Title: Subtitle" also has a colon: a long place needs a comma or a publisher-like name
    return len(place.split()) <= 2 or "," in place or bool(BOOK_HINT_RE.search(pub))


def split_publisher(text: str, hint: bool = True) -> tuple[str, tuple[str | None, str] | None]:
    """'Cambridge: Polity Press' / 'New Brunswick, N.J.: Rutgers UP' → (rest, (place, publisher))."""
    parts = [p.strip() for p in re.split(r"(?<=[.,])\s+", text) if p.strip()]
    found: tuple[int, regex.Match[str]] | None = None
    for i in range(len(parts) - 1, -1, -1):
        piece = " ".join(parts[i:]).strip(TRIM)
        m = PUBLISHER_RE.match(piece)
        if m and plausible_imprint(m.group("place"), m.group("pub")):
            found = (i, m)
        elif found is not None:
            break
    if found is not None:
        i, m = found
        return " ".join(parts[:i]).strip(TRIM), (
            m.group("place").strip(" ,"),
            m.group("pub").strip(TRIM),
        )
    if hint and BOOK_HINT_RE.search(text) and len(text) < 100 and not CONF_RE.search(text):
        return "", (None, text.strip(TRIM))
    return text, None


def strip_location(container: str) -> str:
    """'8th U.S. National Conference on X, San Francisco, CA' → drop the trailing place."""
    pieces = [p.strip() for p in container.split(",")]
    dropped = 0
    while len(pieces) > 1 and dropped < 2:
        last = pieces[-1].rstrip(".")
        if (
            US_STATE_RE.match(last)
            or last in COUNTRIES
            or (_is_place(last) and dropped == 1 and not CONF_RE.search(last))
        ):
            pieces.pop()
            dropped += 1
            continue
        if dropped == 0 and _is_place(last) and len(pieces) > 2 and not CONF_RE.search(last):
            pieces.pop()
            dropped += 1
            continue
        break
    return ", ".join(pieces)


# "American Mathematical Society" alone after a title: a book's publisher
_SOCIETY_PUB_RE = compile_re(
    r"^(?:The\s+)?(?:[A-Z][\w'’-]+\s+){1,4}(?:Society|Association|Institute|"
    r"Foundation|Council|Academy)$"
)


_NAMED_PUBLISHER_RE = compile_re(PUBLISHER_NAMES)  # "Gravitation (Freeman)": a publisher by its name alone


def looks_like_imprint(text: str) -> bool:
    """A book's publisher and place rather than a periodical's name."""
    pieces = [p.strip(" .") for p in text.split(",")]
    if _NAMED_PUBLISHER_RE.fullmatch(pieces[0]):
        return True
    if len(pieces) >= 2 and any(
        US_STATE_RE.match(p) or p in COUNTRIES or is_city(p) for p in pieces[1:]
    ):
        return True
    if _SOCIETY_PUB_RE.match(text):
        return True
    pm = PUBLISHER_RE.match(text)
    if pm and plausible_imprint(pm.group("place"), pm.group("pub")):
        return True
    return bool(
        re.search(
            r"\b(?:Inc|Ltd|GmbH|Pub|Publishers?|Publications|Press|Verlag|"
            r"Associates|Books)\b",
            text,
        )
    )


def trailing_imprint(container: str, tail: Tail) -> str:
    """'Book Title. Washington, D.C.: Counterpoint' / 'Book Title. Toronto' / 'Book, Berlin':
    the place and publisher of a book written after the title of the book that holds a chapter."""
    for cut in reversed(sentence_boundaries(container)):
        piece = container[cut:].strip(" .,")
        pm = PUBLISHER_RE.match(piece)
        if pm and plausible_imprint(pm.group("place"), pm.group("pub")):
            tail.place = tail.place or pm.group("place").strip(" ,")
            tail.publisher = tail.publisher or pm.group("pub").strip(TRIM)
            return container[:cut].rstrip(" .,")
        if is_city(piece):
            tail.place = tail.place or piece
            return container[:cut].rstrip(" .,")
    head, sep, last = container.rpartition(",")
    if sep and len(head) > 10 and is_city(last) and not CONF_RE.search(container):
        tail.place = tail.place or last.strip(" .")
        return head.rstrip(" ,")
    return container
