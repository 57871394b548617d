"""Does a piece of text name a journal (or read like a title)? The abbreviation table, venue
words ('Journal of', 'Proceedings'), abbreviated names ('Bull. USSR Acad. Sci.')."""

from __future__ import annotations

import re
from collections.abc import Iterator

from citecheck.function_words import PERIOD_NO_ABBREVIATION
from citecheck.names import LATIN_AND_WORDS, alternation
from citecheck.normalize import journal_key, journal_table
from citecheck.reading.refparse.lexicon import BOOK_HINT_RE, CONF_RE, FUNCTION_WORDS, NON_TERMINAL
from citecheck.regex_cache import compile_re, compile_regex
from citecheck.venues import (
    JOURNAL_ABBREVIATIONS,
    JOURNAL_WORDS,
    abbreviated_journal_word,
    abbreviates_known_journal,
    journal_name_words,
    known_journal,
)
from citecheck.years import YEAR


def looks_like_journal_end(prefix: str) -> bool:
    """The text before a lone volume ends like a journal's name ('Phys. Rev.', 'JHEP', 'Nature',
    a series letter after an abbreviation: 'Phys. Rev. D')."""
    prefix = prefix.rstrip(" ,")
    return bool(re.search(r"(?:[A-Z][a-z]*\.|[A-Z]{2,}|[A-Z][a-z]+|[a-z]\.\s?[A-Z])$", prefix)
                or _UNCASED_PIECE_RE.search(prefix))


def ends_with_journal(prefix: str) -> bool:
    """Stricter than `looks_like_journal_end`, where a capitalised word alone may be a title's ("US
    Patent 6123456"): the text ends in an abbreviation ("Phys."), a series letter ("Physica B"), an
    acronym or capitalised syllables run together ("ApJS", "JHEP", "ChemPhysChem"), or a name the
    table knows ("J. Phys.: Condens. Matter")."""
    prefix = prefix.rstrip()
    return bool(_STRICT_JOURNAL_END_RE.search(prefix)) or known_journal_suffix(prefix) is not None


_STRICT_JOURNAL_END_RE = compile_re(r"(?:[A-Za-z]\.|(?<![\w.])[A-Z]|(?<![\w.])[A-Z][a-z]*[A-Z][A-Za-z]*)$")


#: in a script without case, a last comma piece of letters only after a title ("縄文土器の研究,
#: 考古学雑誌" before "18"; "한국어 문장 분석 연구, 언어학")
_UNCASED_PIECE_RE = compile_regex(r"\S,\s*\p{Lo}[\p{Lo}\p{M}ー・ ]{1,30}(?<! )$")


_PIECE_START_RE = compile_re(r"(?:^|[.,;:]\s+)(?=\S)")


def known_journal_suffix(head: str) -> int | None:
    """Start of the longest trailing piece of ``head`` that is a journal in the abbreviation
    table (abbreviated or full name), or None."""
    table = journal_table()
    for m in _PIECE_START_RE.finditer(head):
        suffix = head[m.end() :]
        if len(suffix) > 80:
            continue
        if known_journal(suffix.rstrip(" .,")):
            return dotted_words_before(head, _abbreviated_before(head, m.end()))
    # IOP writes the journal right after the title, without a period ("The rise of graphene Nat.
    # Mater. 6 183", "Advanced LIGO Class. Quantum Grav. 32"): the longest trailing abbreviated
    # name of two words or more from the table, starting at any word
    for m in _ABBREV_START_RE.finditer(head):
        suffix = head[m.end() :].rstrip(" .,")
        if (
            len(suffix) <= 60  # ("Nucl. Instrum. Methods Phys. Res., Sect. B")
            and len(suffix.split()) >= 2
            and len(head[: m.end()].split())
            >= 2  # a title before it ("Plasma Phys. Rep." is one name)
            and journal_key(suffix) in table
        ):
            return dotted_words_before(head, m.end())
    return _key_name_suffix(head) or _full_name_suffix(head)


_DOTTED_WORD_END_RE = compile_re(r"(?<=[^\W\d_]\s)[A-Z][a-z]{1,9}\.\s*$")


def dotted_words_before(head: str, start: int) -> int:
    """The journal's start moved back over abbreviated words right after the title's last word and
    before the journal's known tail (IOP "… plasma Sov. Astron. Lett.", "… Braz. J. Phys.": not
    "Astron. Lett.", "J. Phys."): an abbreviation of journal names' words, not a title's last word
    before its period ("… in Germany. Z. Phys.", "… Using Geofence. International Journal"). Two words
    at most, and two title words stay."""
    for _ in range(2):
        m = _DOTTED_WORD_END_RE.search(head, 0, start)
        if m is None or len(head[: m.start()].split()) < 2 or not abbreviated_journal_word(m.group(0).strip()):
            break
        start = m.start()
    return start


_CAP_WORD_START_RE = compile_re(r"(?<=[^\W\d_]\s)(?=[A-Z][a-z]+\s(?:[A-Z]|[A-Z][a-z]+)\b)")


def _key_name_suffix(head: str) -> int | None:
    """A journal the table lists under a name without abbreviations, right after the title's last
    word: "… of a Wigner-Mottinsulator Physica B" (two to four words, after three title words or more,
    one of them lower-case since the last mark)."""
    table = journal_table()
    for m in _CAP_WORD_START_RE.finditer(head):
        suffix = head[m.end() :].rstrip(" .,")
        before = head[: m.end()].split()
        since_mark = re.split(r"[.:;]\s+", head[: m.end()])[-1].split()
        if (2 <= len(suffix.split()) <= 4 and len(before) >= 3 and journal_key(suffix) in table
                and any(w[:1].islower() for w in since_mark)):
            return m.end()  # (a title's word before it, not the head of a longer name: "Nutt. Collect Czech Chem Commun")
    return None


_WORD_START_RE = compile_re(r"(?<=[^\W\d_]\s)(?=[A-Z])")


def _full_name_suffix(head: str) -> int | None:
    """A journal's full name from the table right after the title's last word ("… of the Number of
    Ions Physical Review E", "Optical rogue waves Nature"): up to six words, written out (an abbreviation's tail may be another
    journal: "Collect Czech Chem Commun"), after three words or more, not after a function word
    ("Philosophy of Science", "… of Advanced Materials")."""
    table = journal_table()
    for m in _WORD_START_RE.finditer(head):
        suffix = head[m.end() :].rstrip(" .,")
        before = head[: m.end()].split()
        if not 1 <= len(suffix.split()) <= 6 or len(before) < 3 or before[-1].lower() in FUNCTION_WORDS:
            continue
        if len(suffix.split()) == 1 and not before[-1][:1].islower():
            continue  # one word ("Nature") only after the title's lower-case last word
        if (journal_key(suffix) not in table or " " not in suffix) and known_journal(suffix):
            return m.end()
    return None


_ABBREV_START_RE = compile_re(r"(?<=\S\s)(?=[A-Z][a-z]{0,9}\.\s)")


def _abbreviated_before(head: str, start: int) -> int:
    """An earlier start when abbreviated words before the known name make a longer known one
    ("therapy Mod. Phys. Lett. A": "Mod. Phys. Lett. A", not "Phys. Lett. A")."""
    for m in _ABBREV_START_RE.finditer(head, max(0, start - 24), start):
        if known_journal(head[m.end() :].rstrip(" .,")):
            return m.end()
    run = _ABBREV_RUN_END_RE.search(head, 0, start)
    words = run.group(1).split() if run else []
    if run and (all(abbreviated_journal_word(w) for w in words if w[:1].isupper())
                # words no table lists, abbreviated all the same: "Ber. Bunsenges. Phys. Chem."
                or all(len(w) >= 4 and w.endswith(".") for w in words)):
        return run.start(1)  # "Mater. Chem. Phys.": abbreviated words before "Chem. Phys." and nothing else
    return start


# abbreviated words right before a known name, after the start or a mark ("…, Mater. Chem. Phys.")
_ABBREV_RUN_END_RE = compile_re(r"(?:^|[,;:]\s*)((?:[A-Z][a-z]{1,9}\.\s+)(?:(?:[A-Z][a-z]{1,9}\.|&|in|of)\s+){0,5})$")


def unpunctuated_journal_start(head: str, comma_style: bool = False) -> int | None:
    """Start of a journal written right after a title with no mark between (IOP: "Some theory of
    things JETP Lett."; Vancouver without the period: "… adult mammalian cells Nature", "… MCF-7
    cells Cancer Lett"): after the title's last lower-case word, a known journal (one word or
    more), or a run of capitalised words and acronyms with an abbreviation in it ('JETP Lett.',
    'Zh. Eksp. Teor. Fiz.', 'Phys. Rev. D'). The caller knows the venue's numbers follow."""
    known = _known_after_title_case(head)
    if known is None:
        known = _known_after_code(head)
    if known is not None:
        return known
    acronym = _ACRONYM_END_RE.search(head)
    if acronym and known_journal(acronym.group(1)) and len(head[: acronym.start()].split()) >= 2:
        return acronym.start(1)  # "… at the CERN LHC JINST 3", "… at 2.76TeV JHEP 03": any word before
    for m in _title_ends(head):
        suffix = head[m.end() :].strip(" .,")
        before = head[: m.end()].split()
        start = m.end() + (len(head[m.end() :]) - len(head[m.end() :].lstrip()))  # the journal's first letter
        if (
            len(suffix) > 60
            # "Title. Journal" is the sentence rules' case, "Title, Journal" the comma style's
            or _marked(head[: m.end() + 1], comma_style)
            or before[-1] in FUNCTION_WORDS  # "… Eigenschaften von Informationen Wild"
            # "Methoden der organischen Chemie"; two words before an abbreviated name of two words or
            # more ("Topological insulators Phys. World")
            or len(before) < (4 if " " not in suffix else 2 if "." in suffix and known_journal(suffix) else 3)  # ("… physics Living Rev. Relativ.")
        ):
            continue
        if suffix[:1].isupper() and (known_journal(_PLACE_END_RE.sub("", suffix)) or abbreviates_known_journal(suffix)):
            return start  # (a place after it: "Ann. Phys. (N.Y.)")
        if CAPITALISED_WORD_RE.match(suffix) and suffix.isascii() and suffix.isalpha() \
                and _sentence_case(head[: m.end()]):
            # "… social wasps to grape rot disease ecology PeerJ 5 e3223": one capitalised word
            # after a sentence-case title, right before the numbers
            return start
        raw = head[m.end() :].strip(" ,")  # its own periods kept: "Zh. Eksp. Teor. Fiz."
        if _JOURNAL_RUN_RE.fullmatch(raw) or (
            # no period at all: the last one was trimmed ("JETP Lett"), or never written ("J Phys
            # Conf Ser"); a period inside is a sentence's ("vitamin A. Eur J Biochem")
            "." not in raw
            and (_JOURNAL_RUN_RE.fullmatch(raw + ".") or _dotless_abbreviations(raw))
        ):
            return start + _title_acronym(raw)
    return _abbreviation_opens_journal(head)


def _journal_word_or_mark(word: str) -> bool:
    """A word that may be a journal's own ("Physiol", "Res", "St."), or one a mark ends."""
    bare = word.rstrip(".,:;")
    return word.endswith((".", ",", ":", ";")) or bare.lower() in JOURNAL_WORDS or abbreviated_journal_word(f"{bare}.")


def _abbreviation_opens_journal(head: str) -> int | None:
    """The first abbreviated journal word right after a lower-case title word, with four title words or
    more before it (no journal's word nor a mark among the last four), where the rest reads as a
    journal's name (capitalised or abbreviated words, "&", function words) the table does not know:
    IOP "… trace β-active nuclide depolarization Bull. USSR Acad. Sci., Phys. Ser. 52". After a
    capitalised word the journal may open with that word ("… Geographical Perspective Landscape Res.
    48", "… Segmentation Image Vis. Comput. 159"): no cut there."""
    found = list(re.finditer(r"\S+", head))
    words = [m.group(0) for m in found]
    for i in range(3, len(words)):
        word = words[i]
        if not (word.endswith(".") and word[:1].isupper() and abbreviated_journal_word(word)):
            continue
        rest, before = words[i:], words[max(0, i - 4):i]
        if not words[i - 1][:1].islower() or words[i - 1] in FUNCTION_WORDS:
            return None  # (a capitalised word before it may be the journal's: "… Perspective Landscape Res.")
        if i < 4 or any(_journal_word_or_mark(w) for w in before) or len(head) - found[i].start() > 60 \
                or not all(w[:1].isupper() or w.endswith(".") or w in ("&", "—", "–") or w in FUNCTION_WORDS for w in rest):
            return None  # (the first one only: a journal's own words follow it)
        return found[i].start()
    return None


# the title's last word before an abbreviated journal: an acronym ("… Threading and SIMD Int. J.
# Quantum Chem.", "… at the LHC Eur. Phys. J. C")
_ACRONYM_BEFORE_ABBREV_RE = compile_re(r"(?<![\w.])[A-Z][A-Za-z\d]+s?(?=\s+[A-Z][a-z]{0,9}\.\s)")
#: one capitalised word, the rest lower case ("Physica", not "JETP" or "ApJ")
CAPITALISED_WORD_RE = compile_re(r"[A-Z][a-z]+")


def _title_ends(head: str) -> list[re.Match[str]]:
    """Where the title may end before an unpunctuated journal: after a lower-case word, or after an
    acronym or capitalised word when an abbreviated journal word follows ("… Bubble Wall J. Korean
    Phys. Soc."); in text order."""
    ends = list(_LOWER_WORD_END_RE.finditer(head)) + [
        m for m in _ACRONYM_BEFORE_ABBREV_RE.finditer(head)
        # a capitalised word only before "J." (it may be a journal's own first word: "Image Vis. Comput.",
        # "Il Nuovo Cim. B"); an acronym before any abbreviated journal word
        if ((nxt := head[m.end():].split()[0][:-1]) == "J"
            or (nxt.lower() in JOURNAL_ABBREVIATIONS and not CAPITALISED_WORD_RE.fullmatch(m.group(0))))
        and m.group(0).lower() not in JOURNAL_WORDS and m.group(0).lower() not in journal_name_words()
    ]
    return sorted(ends, key=lambda m: m.start())


def _marked(text: str, comma_style: bool) -> bool:
    """A mark ending a title in `text`: not the period of a lower-case abbreviation inside a sentence
    ("instilled vs. nebulized"; "Atmos. Environ., Title" is marked)."""
    return any(text[m.start()] != "." or not _LOWER_ABBREV_END_RE.search(text, 0, m.start())
               for m in _title_marks(text, comma_style))


_LOWER_ABBREV_END_RE = compile_re(rf"(?<![\w.])(?:{'|'.join(re.escape(w) for w in sorted(NON_TERMINAL) if w.islower())})$")


def _known_after_code(head: str) -> int | None:
    """A journal from the table right after a title ending in a code or an acronym ("… CLIP bound to
    HLA-DR3 Nature", "… DNA binding by CVEBP Science", "… Escherichia coli K-12 Science"): a code is
    never the first word of a journal's name."""
    words = list(re.finditer(r"\S+", head))
    for i in range(max(3, len(words) - 5), len(words)):
        code, suffix = words[i - 1].group(0), head[words[i].start():].strip(" .,")
        if _CODE_RE.fullmatch(code) and suffix[:1].isupper() and known_journal(suffix):
            return words[i].start()
    return None


_CODE_RE = compile_re(r"[A-Z][A-Za-z]*(?:-?\d[\w-]*|[A-Z][A-Z\d-]+)s?")


def _title_acronym(raw: str) -> int:
    """Length of an acronym that ends the title before a known journal ("… and its inhibitor ICAD
    Nature 391"): the run is no journal, the rest of it is one (0: none)."""
    first, _, rest = raw.partition(" ")
    if not (re.fullmatch(r"[A-Z]{2,}s?", first) and rest) or known_journal(raw.rstrip(" .")):  # ("RNAs Science")
        return 0
    return len(first) + 1 if known_journal(rest.rstrip(" .")) else 0


_ACRONYM_END_RE = compile_re(r"(?<=\S\s)([A-Z]{4,6}|[A-Z](?=[a-z&]*[A-Z])[A-Za-z&]{1,4})\s*$")  # ("A&A", "ApJ")
_PLACE_END_RE = compile_re(r"\s*\([^()]{2,12}\)$")


def _known_after_title_case(head: str) -> int | None:
    """A journal from the table written right after a Title Case title ("… with the ATLAS
    Detector JHEP 08 009"; or an abbreviation of a name it holds: "… Gauge Theories Annals Phys."):
    the longest known suffix of one to five words, after three words or more (four before a
    one-word name)."""
    words = list(re.finditer(r"\S+", head))
    for i in range(max(3, len(words) - 5), len(words)):
        suffix = head[words[i].start() :].strip(" .,")
        prefix = head[: words[i].start()]
        if i < (4 if i == len(words) - 1 else 3) or any(_title_marks(prefix, False)):
            continue
        if _ABBREV_WORD_RE.search(head, words[i].start()) and not _ABBREV_WORD_RE.fullmatch(words[i - 1].group(0)) \
                and abbreviates_known_journal(suffix):
            return words[i].start()  # an abbreviated name: no title word ends in "Phys."
        if (journal_like(prefix) and _journal_name_word(prefix)) or not _title_case(prefix):
            continue  # "International Journal of Cosmetic Science", "… maps Connection Science": it goes on
        if known_journal(suffix):
            return words[i].start()
    return None




def _journal_name_word(text: str) -> bool:
    """A word of a known journal's name ("International", "Journal", "Physics") that is no function
    word: capitalised words before a known name may be its start ("… The Sequence of the Human
    Genome Science" may not)."""
    return any(w in journal_name_words() and w not in FUNCTION_WORDS for w in re.findall(r"[a-z]{2,}", text.lower()))


def _title_case(title: str) -> bool:
    """Most words capitalised, function words aside ("Measurement of the Double-differential
    Cross Section with the ATLAS Detector")."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", title) if w.lower() not in FUNCTION_WORDS]
    return len(words) >= 3 and sum(w[0].isupper() for w in words) >= 0.8 * len(words)


def _sentence_case(title: str) -> bool:
    """Capitals only on the first word, acronyms and a few names ("Quantum non-local effects
    with Bose-Einstein condensates"), four words or more."""
    words = re.findall(r"[^\W\d_][\w'’-]*", title)
    caps = [w for w in words[1:] if w[0].isupper() and not w.isupper()]
    return len(words) >= 4 and len(caps) <= len(words) // 5


def _dotless_abbreviations(suffix: str) -> bool:
    """'J Phys Conf Ser', 'Am J Physiol': capitalised words, two or more of them abbreviated
    words of journal names written without their periods."""
    words = suffix.split()
    return (
        2 <= len(words) <= 6
        and all(w[0].isupper() or w in FUNCTION_WORDS for w in words)
        and sum(w.lower() in JOURNAL_ABBREVIATIONS for w in words) >= 2
    )


_MARK_RE = compile_re(r"[.,;?!]['\"’”]?\s")


def _title_marks(text: str, comma_style: bool) -> Iterator[re.Match[str]]:
    """The marks that end the title before the journal: "Title. Journal", "Title,' Journal"; a bare
    comma too in the comma style ("A. Author, Title, Journal"), not in author–year IOP titles ("Noise
    filters, vertical resonance … Nucl. Instrum. Methods")."""
    return (m for m in _MARK_RE.finditer(text) if comma_style or m.group(0)[0] != "," or m.group(0)[1] in "'\"’”")


# the end of a lower-case title word (not a function word ending the title: "… in Phys. Rev.")
_LOWER_WORD_END_RE = compile_re(r"(?<![\w.])(?<!\.-)[a-z][a-z'’-]+[a-z0-9)](?=\s+[A-Z])")
# capitalised words, acronyms and function words, at least one an abbreviation longer than an
# initial, ending in an abbreviation or a series letter ("JETP Lett.", "Phys. Rev. D")
_JOURNAL_RUN_RE = compile_re(
    r"(?=.*(?<![\w.])[A-Z][a-z]{1,9}\.)"
    r"(?:(?:[A-Z][A-Za-z]*\.?|[A-Z]{2,}|of|and|&|de|der|für)\s+)*"
    r"(?:[A-Z][a-z]{1,9}\.|[A-Z])"
)


_ABBREV_WORD_RE = compile_re(r"[A-Z][a-z]{0,9}\.")
def abbreviated_piece(piece: str, need: int) -> bool:
    """A comma piece of a journal's abbreviated name ('Bull. USSR Acad. Sci.', 'Phys. Ser.'):
    capitalised words only, at least ``need`` of them abbreviations ending in a period, one
    longer than an initial ('J. K. L.' is a run of initials)."""
    words = piece.split()
    if not 1 <= len(words) <= 6 or not all(w[0].isupper() or w in FUNCTION_WORDS for w in words):
        return False
    abbrevs = [
        w for w in words if _ABBREV_WORD_RE.fullmatch(w) and w[:-1].lower() not in NON_TERMINAL
    ]
    return len(abbrevs) >= need and any(len(w) > 2 for w in abbrevs)


# "Plasma Sources Sci. Technol. 20 (2011) 045002 (11pp)", "2007 Sci. Technol. Adv. Mater. 8 624":
# an entry that is a journal reference only (a second work under one number, a list that leaves the
# names out)
_JOURNAL_ONLY_RE = compile_re(
    rf"\s*(?:{YEAR}[a-z]?\s+)?(?P<journal>[^\W\d][^\d]{{2,60}}?)[\s,]*"
    r"\d[\d\s(),.:;–-]*(?:\(\d+\s?pp\)\s*)?\.?\s*"
)


def journal_only_reference(text: str) -> bool:
    """The whole entry is a journal's name and its numbers, with no author and no title."""
    m = _JOURNAL_ONLY_RE.fullmatch(text)
    if not m or re.match(r"[A-Z][a-z]+\s[A-Z]\.|[A-Z]\.", m.group("journal")):
        return False  # "Gustin J. Ap. J. 12", "K. Nakajima, Phys. Rev.": a name first
    journal = m.group("journal").strip(" ,")
    return known_journal(journal) or ("," not in journal and abbreviated_piece(journal, 2))


def abbreviated_journal(piece: str, part: str) -> bool:
    """'Image Vis. Comput.': a short comma piece of capitalised words, abbreviated at the
    period that would cut it (`part` ends 'Vis.') and at its end ('Comput.')."""
    piece = piece.strip()
    words = piece.split()
    return (
        2 <= len(words) <= 6
        and all(w[0].isupper() or w in FUNCTION_WORDS for w in words)
        and sum(w.endswith(".") for w in words) >= 2
        and not re.search(r"[a-z]\s+[A-Z]\.", part)  # "Gustin J. Ap. J.": a name's initial
        and bool(re.search(r"(?<![\w.])[A-Z][a-z]{1,9}\.$", part.strip()))
        and bool(re.search(r"(?<![\w.])[A-Z][a-z]{1,9}\.$", piece))
    )


def journal_like(text: str) -> bool:
    """'Brain Research Reviews', 'Journal of Applied Ecology': capitalised words (and function
    words) only."""
    words = re.findall(r"[^\W\d_][\w'’&-]*", text)
    return (
        1 <= len(words) <= 10
        and all(w[0].isupper() or w.lower() in FUNCTION_WORDS for w in words)
        and words[0][0].isupper()
    )


def sentence_like(text: str) -> bool:
    """Running text: at least two lower-case words that are not function words."""
    lower = [
        w for w in re.findall(r"(?<![\w.])[a-z][a-z'’-]{2,}\b", text) if w not in FUNCTION_WORDS
    ]
    return len(lower) >= 2


def reads_like_title(text: str) -> bool:
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    lower = [w for w in words if w[0].islower() and w.lower() not in FUNCTION_WORDS]
    return len(words) >= 6 and len(lower) >= 2


def title_question_cuts(text: str, cuts: list[int]) -> list[int]:
    """Comma style 'A. Author, Does Money Buy Happiness? Evidence from Lottery Winners, J. Econ.
    Perspect.': a '?' or '!' followed by a capitalised subtitle that runs to the next comma is
    inside the title; drop such cuts (not one before a venue's name: 'Why? Phys. Rev., …')."""
    keep = []
    for c in cuts:
        nxt = text.find(",", c)
        if text[c - 1] in "?!" and nxt > c:
            piece = text[c:nxt].strip()
            if (
                re.match(r"[A-Z]", piece)
                and not names_a_venue(piece)
                and not any(c < d < nxt for d in cuts)
            ):
                continue
        keep.append(c)
    return keep


_VENUE_WORD_RE = compile_re(
    r"^(?:The\s+)?(?:Journal|Annals|Transactions|Reviews?|Letters|Bulletin|Proceedings|Acta|"
    r"Zeitschrift|Revue|Rivista|Physical|Nature|Science)\b"
)

# lower-case words that a period after makes no abbreviation of a journal's word: English function
# words, the French/Latin and German "and" (the English one is among the former), "al" ("et al.")
_NO_ABBREVIATION = alternation((*PERIOD_NO_ABBREVIATION, *LATIN_AND_WORDS[1:], "al"))


def names_a_venue(piece: str) -> bool:
    """'Phys. Rev. B' / 'Journal of X' / a known journal, not the end of a title."""
    if len(piece.split()) > 10:
        return False
    if (
        re.fullmatch(
            rf"(?:(?:[A-Z][\w'’&-]*\.?|(?<=\s)(?!{_NO_ABBREVIATION}\.)[a-z]{{2,9}}\.)\s*:?\s*)+",
            piece,
        )
        and piece.count(".") >= 2
    ):
        return True  # only abbreviations: "Phys. Rev. B", "Nucl. Phys.", "J. geophys. Res."
    return known_journal(piece) or bool(_VENUE_WORD_RE.match(piece) or CONF_RE.search(piece))


# A venue's first words inside one piece of text, after the title ("Title Words Proceedings of the
# 59th Annual Meeting …"): the parser cuts there (head.py, after a lower-case word or a number);
# retrieval also tries the text before a wider set of them as the title (readings.py)
INNER_VENUE_RE = compile_re(
    r"(?<=[a-z\d)]\s)(?:Proceedings of|Proc\. of|Journal of|Transactions on|Annals of|Advances in Neural|"
    r"Annual Reviews? of|Reviews of Modern|Reports on Progress|Bulletin of the|Archives of)\b"
)
VENUE_OPENING_RE = compile_re(
    r"\s(?=(?:Proceedings|Proc\.|Journal|Transactions|Annals|Current Opinion|Advances in|Handbook|"
    r"Handbuch|Lecture Notes)\b)"
)


# A periodical's word anywhere in a name: "Polish Journal of Radiology", "IEEE Transactions on X"
_PERIODICAL_WORD_RE = compile_re(
    r"\b(?:Journal|Transactions|Letters|Proceedings|Annals|Bulletin|Reviews?|Magazine|Quarterly)\b"
)


def names_a_journal(piece: str) -> bool:
    """A periodical's name rather than a publisher's: a known journal or a capitalised name
    with a periodical's word, and no book-trade word ('Harvard Business Review Press')."""
    if BOOK_HINT_RE.search(piece):
        return False
    return names_a_venue(piece) or bool(journal_like(piece) and _PERIODICAL_WORD_RE.search(piece))
