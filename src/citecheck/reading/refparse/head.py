"""Where the venue's name starts in the text before the numbers ('Title. Journal',
'Title, Journal', 'Title. In: Book', a known journal at the end, a lower-case journal)."""

from __future__ import annotations

import re
from itertools import pairwise

from citecheck.reading.refparse.imprint import strip_editors
from citecheck.reading.refparse.journals import (
    CAPITALISED_WORD_RE,
    INNER_VENUE_RE,
    abbreviated_journal,
    abbreviated_piece,
    dotted_words_before,
    journal_like,
    known_journal_suffix,
    names_a_venue,
    reads_like_title,
    sentence_like,
    title_question_cuts,
    unpunctuated_journal_start,
)
from citecheck.reading.refparse.lexicon import (
    CJK,
    CONF_RE,
    COUNTRIES,
    FUNCTION_WORDS,
    TRIM_KEEP_DOT,
    clean_field,
)
from citecheck.reading.refparse.sentences import boundary_kind, sentence_boundaries
from citecheck.reading.refparse.state import Tail
from citecheck.regex_cache import compile_re
from citecheck.venues import JOURNAL_ABBREVIATIONS, names_known_journal


def split_head(
    head: str, tail: Tail, comma_style: bool, labelled: bool, title_known: bool = False,
    numbers: bool = False,
) -> tuple[str | None, Tail]:
    """`head` is 'Title. Journal' (period style) or 'Title, Journal' (comma style); ``numbers``: a
    volume and page followed it that could not be told apart ("Phys. Lett. B 386131 -7")."""
    numbers = numbers or bool(tail.volume or tail.page)
    head = head.strip(TRIM_KEEP_DOT)
    if not head:
        return None, tail
    if title_known:
        tail.container = clean_field(strip_editors(re.sub(r"^(?:In|in)\s*:?\s+", "", head)))
        return None, tail
    in_m = re.search(r"(?:^|[.,]\s+)(?:(?:In|in)\s*:\s+|(?:In|in)\s+(?=[A-Z\d]))", head)
    if in_m and not _ABBREVIATIONS_ONLY_RE.fullmatch(head[: in_m.start() + 1]):  # ("Nucl. Inst. & Meth. in Phys. Res.")
        title = head[: in_m.start()]
        tail.container = clean_field(strip_editors(head[in_m.end() :]))
        return clean_field(title), tail
    if numbers and _ABBREVIATED_HEAD_RE.fullmatch(head) and sum(  # (two abbreviations, not initials)
            a.islower() and b == "." for a, b in pairwise(head)) >= 2:
        tail.container = clean_field(head)  # "…, 1996, Ap. Lett.& Comm, 35, 1": a journal, no title "Ap"
        return None, tail
    known = known_journal_suffix(head)
    if known is None and numbers and not sentence_boundaries(head):
        # "Title JETP Lett. 43 730": no mark between title and journal (a sentence end in the
        # head is the period layout's, "Title. J Immunol")
        known = unpunctuated_journal_start(head, comma_style)
    if known is None and not comma_style and (proc := proceedings_start(head)) is not None:
        # IOP: "Title of the paper Proc. 35th Int. Cosmic Ray Conf. (Busan) p 123", "… Proc. SPIE 7735"
        tail.container = clean_field(head[proc:])
        return clean_field(head[:proc]), tail
    comma = _comma_venue_start(head) if comma_style else None
    # a title's word between the last comma and a known journal after it ("Title, Gauss: Design, evolution
    # and experience J. Phys. Conf. Ser."): the journal is the known one, the comma the title's
    if known is not None and (comma is None or known <= comma
                              or _TITLE_WORD_RE.search(head, comma, known)):
        # "Title, Class. Quant. Grav." — a journal from the abbreviation table ends the head
        tail.container = clean_field(head[known:])
        return clean_field(head[:known]) if known else None, tail
    cuts = sentence_boundaries(head)
    if comma is not None:
        cuts = title_question_cuts(head, cuts)
    elif not cuts and (space := _han_title_space(head)) is not None:
        # "传播学视角下网络直播的传播要素分析 新媒体研究": one space between a Han/kana title and a
        # short journal name (not in Hangul text, which writes spaces between words)
        cuts = [space]
    if not cuts and comma is None:
        roman = _letter_end(head)
        if roman and journal_like(head[roman[2] :]) and len(head[: roman[0]].split()) >= 3:
            # "Properties of Superconducting Materials I. Phase Transitions", "… of vitamin A. Eur J
            # Biochem": a title ending in a one-letter part number or name, taken for an initial by
            # the sentence splitter
            cuts = [roman[1]]
        lower = _lower_venue_cut(head)
        if lower is not None:
            # "TITLE IN CAPITALS. photographies" / "Title. eLife": a lower-case journal name
            tail.container = clean_field(head[lower:])
            return clean_field(head[:lower]), tail
    if comma is not None:
        # Comma style "Authors, Title, Journal Vol, Page": the journal is the last comma piece,
        # whatever abbreviations it holds ("Electrochim. Acta", "Z. Phys. A: At. Nucl.").
        cut = _comma_cut(head, comma, cuts)
        tail.container = clean_field(head[cut:])
        return (clean_field(head[:cut]) if cut else None), tail
    if cuts:
        cut = _title_cut(head, cuts)
        if journal_like(head[cut:]):  # IOP "… plasma Braz. J. Phys.": "Braz." is no sentence's end
            cut = dotted_words_before(head, cut)
        tail.container = clean_field(head[cut:])
        return clean_field(head[:cut]), tail
    return _split_without_cuts(head, tail, comma_style, labelled)


def _title_cut(head: str, cuts: list[int]) -> int:
    """Where the title ends in 'Title. Journal': the first real sentence end, unless the text up to
    the last one runs on as a sentence and the last piece reads like a journal's name ("Title:
    neurobiology. Anatomy and connectivity. Brain Research Reviews"), or the journal is a run of
    abbreviated words after the title's comma ("… atmosphere, J. Am. Ceram. Soc.")."""
    run = _COMMA_ABBREV_RUN_RE.search(head)
    if run and run.start(1) < cuts[0] and sum(
            w.strip(".").lower() in JOURNAL_ABBREVIATIONS for w in run.group(1).split()) >= 2:
        return run.start(1)
    ends = sentence_boundaries(head, every=True)  # "…fibrosis. A prevailing …? Am J Physiol"
    if len(ends) > 1 and cuts[0] == ends[0] and journal_like(head[ends[-1] :]) and (
            sentence_like(head[ends[0] : ends[-1]]) or _TITLE_PART_RE.match(head, ends[0])):
        return ends[-1]
    if len(ends) > 1 and cuts[0] == ends[0] and (start := _periodical_after_sentences(head, ends)):
        return start
    return cuts[0]


# a proceedings volume named right after the title's last word, with no mark between (IOP)
_PROC_START_RE = compile_re(
    r"(?<=[^\W_]|\))\s+(?=(?:Proc\.|Proceedings\s+of\b|(?:AIP|IEEE|ACM|SPIE)\s+Conf\.)\s*\S)")


def proceedings_start(head: str) -> int | None:
    """Where "Proc." or "Proceedings of" starts after a title of three words or more with no mark
    before it; None where a sentence end or a comma comes first (the other rules' layouts)."""
    m = _PROC_START_RE.search(head)
    if not m or len(head[: m.start()].split()) < 3 or sentence_boundaries(head[: m.start()]) or "," in head[: m.start()]:
        return None
    return m.end()


# a numbered part of the title after its first sentence: "Cluster analysis of tracks. Part I: General properties."
_TITLE_PART_RE = compile_re(r"\s*(?:Part|Paper)\s+(?:[IVX]{1,4}|\d{1,2})\b\s*[.:]")
# the journal after the title's last comma, abbreviated words only: ", J. Am. Ceram. Soc."
_COMMA_ABBREV_RUN_RE = compile_re(r",\s+((?:[A-Z][a-z]{0,9}\.\s*|&\s*){2,6})$")


# the words of a periodical's name ("Wiener Entomologische Zeitung", "Ber. Deutsch. Bot. Ges." is the other test)
_PERIODICAL_NAME_RE = compile_re(
    r"\b(?:Journal|Transactions|Letters|Proceedings|Annals|Annales|Bulletin|Reviews?|Magazine|Quarterly|Zeitung|"
    r"Zeitschrift|Jahrb(?:uch|ücher|ucher)|Mitteilungen|Berichte|Revue|Revista|Rivista|Acta|Archives?|Cahiers|"
    r"Bollettino|Boletín|Boletim|Anais|Anales|Comptes)\b")


#: a head that opens with an abbreviation and holds only capitalised words after it: a journal's name
_ABBREVIATED_HEAD_RE = compile_re(r"[A-Z][a-z]{0,5}\.\s*(?:(?:[A-Z][a-z]{0,9}\.?|&)\s*){1,6}")
_ABBREVIATIONS_ONLY_RE = compile_re(r"(?:(?:[A-Z][a-z]{0,9}\.|&)\s*){2,}")
_ABBREVIATED_WORD_RE = compile_re(r"(?<![\w(])[A-Z][a-z]{0,9}\.(?!\))")


def _periodical_after_sentences(head: str, ends: list[int]) -> int | None:
    """'Title. Subtitle (Coleoptera). Supplementum 1. Beitr. Ent.': the start of the first of the later
    pieces that names a periodical (one the table knows or abbreviates, abbreviated words only, or a
    periodical's word) when the pieces before it name none: they are the title's."""
    for k in range(1, len(ends)):
        last, middle = head[ends[k] :].strip(), head[ends[0] : ends[k]]
        if _PERIODICAL_NAME_RE.search(middle) or len(_ABBREVIATED_WORD_RE.findall(middle)) >= 2 or any(
                names_a_venue(p.strip(" .")) for p in re.split(r"(?<=[.?!])\s+", middle) if p.strip(" .")):
            return None  # (abbreviated words: the periodical's name starts earlier, "Qual. Life Res. Int. J.")
        if journal_like(last) and (names_known_journal(last) or abbreviated_piece(last, 2)
                                   or _PERIODICAL_NAME_RE.search(last)):
            return ends[k]
    return None


_HAN_SPACE_RE = compile_re(r"(?<=[\u3040-\u30ff\u4e00-\u9fffA-Z])\s+(?=[\u3040-\u30ff\u4e00-\u9fff])")


def _han_title_space(head: str) -> int | None:
    """End of the one space between a title of five Han/kana characters or more and a journal name
    of two to eight, in one comma-less piece without Hangul; else None."""
    spaces = list(_HAN_SPACE_RE.finditer(head))
    if len(spaces) != 1 or "," in head or re.search(r"[\uac00-\ud7af]", head):
        return None
    space = spaces[0]
    return space.end() if space.start() >= 5 and 2 <= len(head[space.end() :].strip()) <= 8 else None


def _split_without_cuts(
    head: str, tail: Tail, comma_style: bool, labelled: bool
) -> tuple[str | None, Tail]:
    """No sentence end in the head: 'Title, Journal' at the last comma, or one piece that is
    the title or the journal."""
    if "," in head:
        first, _, after = head.partition(",")
        if (
            names_a_venue(first.strip())
            and sentence_like(after)
            and not names_a_venue(after.rpartition(",")[2].strip())
        ):
            # ADS "Authors, 1999. J. geophys. Res., Paleointensity record from …, 104": the
            # journal before the title
            tail.container = clean_field(first)
            return clean_field(after), tail
        # Comma style: the journal is the last comma-separated piece (physics / IEEE).
        title, _, venue = head.rpartition(",")
        tail.container = clean_field(venue)
        return clean_field(title), tail
    # Only one piece: a journal (title-less physics reference) or, when it reads like a
    # sentence, a title whose venue was not written. In the comma style a lone piece right
    # before "volume, page" is the journal however it is written ("A. Moreau and D. Felbacq,
    # journal of the european optical society : rapid publications 3, 08132 (2008)").
    lone_journal = (
        comma_style
        and not labelled
        and tail.volume
        and tail.page
        and head.count("(") == head.count(")")
    )  # not "(Series name 2,2)"
    inner = INNER_VENUE_RE.search(head)
    if inner and len(head[: inner.start()].split()) >= 4 and not lone_journal:
        # "Title Words Proceedings of the 59th Annual Meeting …": the venue's own first word
        tail.container = clean_field(head[inner.start() :])
        return clean_field(head[: inner.start()]), tail
    words = head.split()
    long_han = len(re.findall(CJK, head)) > 12 and " " not in head.strip()  # longer than a journal's name
    if (reads_like_title(head) or long_han or (len(words) > 10 and not CONF_RE.search(head))) and not lone_journal:
        # running text, or a Title Case title longer than any journal's name with the journal
        # run into it ("The Oxidation Behaviors of … in Vacuum Heat Treatment Vacuum 203 111258")
        return clean_field(head), tail
    tail.container = clean_field(head)
    return None, tail


# A one-letter Roman part number after a lower-case word, then a capitalised piece
# ("and I. D. Novikov" is an initial)
_ROMAN_PART_END_RE = compile_re(r"(?<=[a-z]{3}\s)(?<!\band\s)[IVX](\.)\s+(?=[A-Z][a-z])")
# Any letter after a lower-case word that is no function word ("vitamin A. Am J Physiol", "group B.
# J Biol Chem"; not "edited by A. Smith")
_LETTER_END_RE = compile_re(r"(?<![\w.-])([a-z]{3,})\s([A-Z])(\.)\s+(?=[A-Z])")


def _letter_end(head: str) -> tuple[int, int, int] | None:
    """(the letter's start, its period's end, the next word's start) of a one-letter word ending
    the title: a Roman part number, or any letter after a word that is no function word."""
    roman = _ROMAN_PART_END_RE.search(head)
    if roman:
        return roman.start(), roman.end(1), roman.end()
    for m in _LETTER_END_RE.finditer(head):
        if m.group(1) not in FUNCTION_WORDS and m.group(1) not in ("by", "from", "with", "und", "von"):
            return m.start(2), m.end(3), m.end()
    return None


_LOWER_VENUE_RE = compile_re(r"([.?!])\s+(?=[a-z])")


def _lower_venue_cut(head: str) -> int | None:
    """Start of a journal whose name begins in lower case ('photographies', 'eLife', 'npj
    Digital Medicine') after the title's closing period, which the sentence splitter skips:
    the last piece is a short name, not running text."""
    for m in reversed(list(_LOWER_VENUE_RE.finditer(head))):
        piece = head[m.end() :].strip(" .")
        words = piece.split()
        before = head[: m.start(1)]
        if (
            not words
            or len(words) > 6
            or words[0].lower() in FUNCTION_WORDS
            or re.search(r"[.?!]\s", piece)
            or sentence_like(piece)
            or len(re.findall(r"[^\W\d_]{2,}", before)) < 2
            or boundary_kind(head, m.start(1)) != 1
            or not re.search(r"[^\W\d_]{2}$", before)
        ):
            return None
        return m.end()
    return None


_TITLE_WORD_RE = compile_re(r"(?<![\w.])[a-z][a-z'’-]{2,}(?![\w.])")


def _comma_venue_start(head: str) -> int | None:
    """Start of the journal in a comma-style head 'Title, Journal' (None: no usable comma)."""
    idx = head.rfind(",")
    if idx < 0:
        return None
    start = idx + 1
    if abbreviated_piece(head[start:], 1):
        # "Bull. USSR Acad. Sci., Phys. Ser." / "Izv. Akad. Nauk SSSR, Ser. Fiz.": abbreviated
        # pieces before an abbreviated last piece are one journal name written with commas
        while start > 0 and abbreviated_piece(
            head[(prev := head.rfind(",", 0, start - 1)) + 1 : start - 1], 2
        ):
            start = prev + 1
    piece = head[start:]
    if not re.search(r"[^\W\d_]", piece):
        return None
    listed = _listed_name_start(head, start)
    words = [w for w in _TITLE_WORD_RE.findall(piece) if w not in FUNCTION_WORDS]
    if listed is None and len(words) > 3:
        return None  # the last piece reads like running text, not a journal name
    start = start if listed is None else listed
    return start + (len(head[start:]) - len(head[start:].lstrip()))




def _listed_name_start(head: str, start: int) -> int | None:
    """A journal's name that lists words with commas: "Advances in Atomic, Molecular, and Optical
    Physics", "Proc. R. Soc. A: Mathematical, Physical and Engineering Sciences", "Nuclear Instruments
    … Section A: Accelerators, Spectrometers, Detectors and Associated Equipment" — the last piece
    joins the list with "and"; single capitalised words before it, then the name's head (four
    words at most, or ending in ": Word"). None when the last piece is no such list's end."""
    piece = head[start:].strip()
    if not re.search(r"(?:^|\s)(?:and|&)\s", piece):
        return None
    pos, items = start, 0
    while pos > 0:
        prev = head.rfind(",", 0, pos - 1)
        item = head[prev + 1 : pos - 1].strip()
        if not CAPITALISED_WORD_RE.fullmatch(item):
            break
        pos, items = prev + 1, items + 1
    prev = head.rfind(",", 0, pos - 1) if pos > 0 else -1
    name_head = head[prev + 1 : pos - 1].strip() if pos > 0 else ""
    colon = re.search(r":\s*[A-Z][a-z]+$", name_head)  # "… Section A: Accelerators"
    if not "A" <= name_head[:1] <= "Z" or (len(name_head.split()) > 4 and not colon):  # (no comma in it)
        return None
    if not items and not colon and not re.match(r"(?:and|&)\s", piece):
        return None
    return prev + 1


def _comma_cut(head: str, comma: int, cuts: list[int]) -> int:
    """Where the journal starts in a comma-style head, given the last comma piece and the
    sentence ends: 'Title, Quebec, Canada. Meteoritics' / 'Title (in Russian). Nedra, Leningrad'
    are 'Title. Journal' after all, 'Title, Electrochim. Acta' is not."""
    inside = [c for c in cuts if c > comma]
    if inside:
        part = head[comma : inside[0]].strip()
        word = part.strip(" .")
        one_word = bool(re.fullmatch(r"[A-Z][\w'’-]*", word)) and word not in COUNTRIES
        abbrevs = bool(re.fullmatch(r"(?:[A-Z][\w'’-]*\.\s*:?\s*|[A-Z]\s*:?\s+)+", part))
        if (
            one_word
            or (abbrevs and part.count(".") >= 2)
            or abbreviated_journal(head[comma:], part)
        ):
            # one capitalised word and a period, or only abbreviations ("Z. Phys. A: At."):
            # the journal's abbreviated name, not a title and a journal
            return comma
        return inside[0]
    before = [c for c in cuts if c < comma]
    if before:
        venue = head[before[0] :]
        if len(before) == 1 and len(venue.split()) <= 8:
            return before[0]  # "Title. Journal, Place" / "Title. Journal, Series A"
    return comma
