"""Author lists: a small grammar of personal names that consumes the author block of a reference.

Forms recognised (the first name fixes the style; later names may use the companion form):
``A. B. Family`` (physics, IEEE), ``Family, A. B.`` (APA, astronomy), ``Family, Given`` (MLA and
Chicago first author), ``Given M. Family`` (CS), ``Family AB`` (Vancouver), ``FAMILY A.``,
collaborations ("ATLAS Collaboration"), and the terminators "et al." / "and others"; names in
Han, kana or Hangul ("李明, 王芳", "山田太郎, 鈴木一郎:") in names_scripts.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, TypeAlias

from citecheck.function_words import FUNCTION_WORDS, ORGANISATION_JOINERS
from citecheck.model import Name
from citecheck.names import (
    AND_OTHERS,
    AND_WORD,
    AND_WORDS,
    ET_AL,
    LATIN_AND_WORDS,
    NOT_NAME_END,
    NOT_NAME_WORDS,
    PARTICLES,
    VERB_END,
    abbreviates,
    alternation,
    is_journal_word,
    name_words,
    title_like_name,
)
from citecheck.reading.collaborations import (
    COLLAB,
    collab_names,
    joint_collaboration,
    signs_as_collaboration,
)
from citecheck.reading.name_forms import (
    F_CAPS_FIRST,
    F_CAPS_FIRST_LAST,
    F_FAM_CAPS,
    F_FAM_CAPS_STRICT,
    F_FAM_DOTTED_LAST,
    F_FAM_GIVEN,
    F_FAM_GIVEN_DOT,
    F_FAM_INIT,
    F_FAM_INIT_BARE,
    F_FAM_INIT_LAST,
    F_FAM_PAREN,
    F_GIVEN_FIRST,
    F_GIVEN_FIRST_NC,
    F_INIT_FIRST,
    FORM,
    INITS,
    PART_SP,
    PARTICLE,
    WORD,
    U,
    name_from,
)
from citecheck.reading.names_scripts import scan_cjk_authors, scan_pinyin_authors, scan_rtl_authors
from citecheck.reading.plain_words import (
    ends_in_word,
    opens_with_plain_word,
    plain,
    title_word_given,
    title_words_pair,
)
from citecheck.regex_cache import compile_re, compile_regex
from citecheck.venues import known_journal, known_journal_at
from citecheck.years import YEAR

if TYPE_CHECKING:
    # The grammar's patterns need \p{Lu} / \p{Ll} (stdlib re has none; spelled-out classes compile
    # 8x slower); small ad-hoc patterns stay with stdlib re, whose cache is cheaper per call. The
    # `regex` module loads with the first of them used (`compile_regex`): a BibTeX entry's names need none.
    import regex

#: a match from either regex engine (the name patterns use `regex` and `re`)
AnyMatch: TypeAlias = "re.Match[str] | regex.Match[str]"

# Organisations as authors: "World Health Organization", "U.S. Department of the Interior".
_ORG_WORDS = (
    r"(?:Organi[sz]ation|Association|Society|Institute|Agency|Department|Council|Commission|"
    r"Committee|Foundation|Bureau|Office|Ministry|Cent(?:er|re)|Board|Services?|Corps|Survey|Federation|"
    r"Academy|Network|Program(?:me)?|Administration|Authority|Corporation|Laboratory|Panel)"
)
_ORG = compile_regex(
    rf"(?:[Tt]he\s+)?(?:(?:(?:[{U}]\.){{1,3}}|[{U}][\w&'’-]*)\s+(?:{alternation(ORGANISATION_JOINERS)}\s+)*){{0,6}}"
    rf"{_ORG_WORDS}(?:,?\s+(?:{alternation(ORGANISATION_JOINERS)}\s+)*[{U}][\w&'’-]*){{0,6}}(?:\s*\([A-Z]{{2,10}}\))?"
    r"(?=\s*(?:[.,;(]|$))"
)
_SEP = compile_regex(rf"\s*(?:[,;]+\s*(?:{AND_WORD}|&)\s+|,+|;|\s+{AND_WORD},?\s+|\s*&\s*)\s*")
_LAST_SEP = compile_regex(rf"(?<!\w){alternation(AND_WORDS)}(?!\w)|&")
_SPACE_SEP = compile_regex(r"\s+")
# A family name alone before the year: "Bouwman, 1993." / "Katz, 1999."
_FAMILY_YEAR = compile_regex(rf"(?P<family>(?:{PART_SP})*{WORD}(?:[\s-]{WORD})?)\s*,?\s*(?=\(?{YEAR}[a-z]?\)?[.,:;\s])")
# A bare family name (or two) opening the list, without initials: "Abachi et al., Title",
# "Bethe and Salpeter, Title", "Bethe & Salpeter (1957)"
_BARE_FAMILY = rf"(?:{PART_SP})*{WORD}(?:-{WORD})?"
_BARE_ETAL = compile_regex(rf"(?P<family>{_BARE_FAMILY})(?=\s*,?\s*{ET_AL})")
_BARE_PAIR = compile_regex(
    rf"(?P<f1>{_BARE_FAMILY})\s+(?:and|&)\s+(?P<f2>{_BARE_FAMILY})(?=\s*(?:,|\(?{YEAR}[a-z]?\b))"
)
_ETAL = compile_regex(r"\s*+[,;]?\s*+" + ET_AL)  # (spaces taken once: linear in a run of them)
_JOURNAL_OPENING = compile_regex(r"([^\d,;(]{3,80}),\s*(?:Vol(?:ume|\.)?|vol\.|Band|Bd\.)\s*\d")
_DITTO = compile_regex(r"^\s*(?:-{2,}|—+|_{2,}|―+|–{2,})\s*[.,]?\s*")
# After "and"/"&" the last author may be written in the companion form ("Smith, J., and Mark Doe").
_AFTER_AND = (F_FAM_INIT, F_INIT_FIRST, F_GIVEN_FIRST, F_FAM_GIVEN, F_CAPS_FIRST, F_CAPS_FIRST_LAST, F_FAM_DOTTED_LAST)

_STYLES = {
    "init_first": (F_INIT_FIRST,),
    "fam_init": (F_FAM_INIT, F_FAM_INIT_BARE, F_FAM_GIVEN, F_INIT_FIRST),
    "caps_first": (F_CAPS_FIRST, F_INIT_FIRST),
    # MLA/Chicago invert only the first author: "Beck, Ulrich, Anthony Giddens, and Scott Lash"
    "fam_given": (F_GIVEN_FIRST_NC, F_INIT_FIRST, F_FAM_GIVEN, F_FAM_INIT),
    "fam_paren": (F_FAM_PAREN,),
    "fam_caps": (F_FAM_CAPS,),
    "given_first": (F_GIVEN_FIRST_NC, F_INIT_FIRST),
}
# The first author decides the style; order matters (most specific first).
_FIRST_TRY = (
    ("fam_init", F_FAM_INIT),
    ("fam_init", F_FAM_INIT_BARE),
    ("init_first", F_INIT_FIRST),
    ("fam_caps", F_FAM_CAPS_STRICT),
    ("caps_first", F_CAPS_FIRST),
    ("fam_given", F_FAM_GIVEN_DOT),
    ("fam_paren", F_FAM_PAREN),
    ("given_first", F_GIVEN_FIRST),
    ("fam_given", F_FAM_GIVEN),
    ("fam_caps", F_FAM_CAPS),
)
# Family names (Chinese, Korean) that are also title words: "Tao An", "Yi He", "Jin On"
_SHORT_FAMILIES = frozenset(["an", "he", "on", "to", "so", "do", "ma", "in"])
_TITLE_STOP = FUNCTION_WORDS | {"toward", "towards", "how", "why", "what", "when", "is", "are", "new", "study",
                                "analysis", "introduction", "review"}


@dataclass
class AuthorScan:
    names: list[Name] = field(default_factory=list)
    truncated: bool = False
    end: int = 0  # index in the text just after the author block


# After an initials-first "name", the rest of an abbreviated journal ("J. Appl. Phys." looks like "J. Appl")
_AFTER_NAME_ABBREV = compile_regex(r"\.\s*(?:[A-Z][a-z]{0,9}\.|[A-Z]?\d(?!\d{3}\b)|[A-Z]\s+\d)")
# "and" then a lower-case word joins a title's words, not two names: "Obata K. Excitatory and trophic
# action of GABA" is Vancouver's "Obata K." and a title, not the given-first "Obata K. Excitatory"
# ("… and co-workers" closes a list of names)
_LOWER_NEXT = compile_regex(rf"\s+(?!{alternation((*LATIN_AND_WORDS, PARTICLE))}\b)\p{{Ll}}")  # (a particle may follow a name)
_AND_LOWER = compile_regex(rf",?\s+(?:and|&)\s+(?!(?:{alternation(AND_OTHERS)}|al)\b)\p{{Ll}}")


def _journal_family(m: AnyMatch, text: str) -> bool:  # "K. Mannheim Astropart. Phys."
    fam = (m.groupdict().get("family") or "").lower()
    end = m.end("family") if fam else 0
    if fam and re.search(r"(?<![\w.])[^\W\d_]{3,}(?![\w.])", m.group("given") or "") and known_journal_at(text, m.start("family")):
        return True  # "M. Salamon Space Sci. Rev.": a known journal's first word after a whole given word
    return is_journal_word(fam) and text[end : end + 1] == "."


def _plausible(name: Name, style: str, text: str = "", end: int = 0, after_literal: bool = False,
               in_list: bool = False) -> bool:
    fam = (name.family or "").lower()
    if (style == "init_first" and is_journal_word(fam)) or fam in ("thesis", "dissertation"):
        return False  # "K. Bahcall Phys." ; "Ph.D. Thesis" is no "P. D. Thesis"
    if style == "init_first" and _AFTER_NAME_ABBREV.match(text, end) and name_words().get(fam) != "f":
        return False  # (a known family name may be: "D. M. Golden. Annu. Rev.")
    given = (name.given or "").lower()
    if style == "fam_init" and title_word_given(given):
        return False
    title_like = fam in _TITLE_STOP or given.split(" ")[0] in _TITLE_STOP
    if title_like and in_list and style == "given_first" and fam in _SHORT_FAMILIES and _COMMA_NEXT.match(text, end):
        title_like = False  # "…, Haiguang Xu, Tao An, Junhua Gu": a family name in a list, no title's "an"
    if style == "caps_first" and fam in _TITLE_STOP:  # "and A Study." is no "A. Study"
        return False
    if style in ("given_first", "fam_given") and title_like_name(name, after_literal):
        return False
    if style == "given_first" and opens_with_plain_word(given) and opens_with_plain_word(fam):
        return False
    if style == "fam_given" and (_camel_pair(name.given or "") or _camel_pair(name.family or "")):
        return False  # "Adrian Liu, MaxTegmark": a given-first list with a glued name, no "Liu, Adrian"
    if style == "fam_given" and len(fam.split()) >= 2 and all(plain(w) for w in fam.split()):
        return False  # "… Gauge Fields and Complex Geometry, Springer-Verlag": no "Geometry, Springer"
    if style == "fam_given" and len(given.split()) >= 2 and all(plain(w) for w in given.split()):
        return False  # "Tanenbaum, Computer Networks, 2nd Ed.": a title after the family name
    if style == "fam_given" and opens_with_plain_word(given) and _LOWER_NEXT.match(text, end):
        return False  # "Gol'tsman, Time delay of resistive-state formation": the title's first word
    if _AND_LOWER.match(text, end) and (style == "given_first" or (style == "fam_init" and ends_in_word(given))):
        return False  # (… and "Amari, S.-I. Semi-blind and state-space approaches": a full word after the initials)
    return not (style in ("given_first", "fam_given") and title_like)


def _candidates(style: str, last: bool) -> tuple[tuple[str, regex.Pattern[str]], ...]:
    regs = list(_STYLES[style])
    if last:
        regs += [r for r in _AFTER_AND if all(r is not x for x in regs)]
        regs = [F_FAM_INIT_LAST if r is F_FAM_INIT else r for r in regs]
    return tuple((FORM[r], r) for r in regs)


_CANDIDATES = {(style, last): _candidates(style, last) for style in _STYLES for last in (False, True)}

_AND_NEXT = compile_re(r",?\s+(?:and|&)\s+")
_YEAR_NEXT = compile_re(rf"\s*[,.]?\s*(?:\(\s*{YEAR}[a-z]?\s*\)|[\"“](?=[A-Z]))")  # (or a quoted title)
_COMMA_NEXT = compile_re(r",\s+")

_CHICAGO_FORMS = (F_GIVEN_FIRST_NC, F_INIT_FIRST)
# Given-name-first lists mixing the forms: "W. J. Kossler, Nathan Abraham, C. E. Stronach and
# Allan J. Greer", "Pratiksha Pratap, Sunil Kumar, R P Aloysius, and Venugopal Achanta"
_MIXED_FORMS = (F_GIVEN_FIRST_NC, F_INIT_FIRST, F_CAPS_FIRST)


def _chicago_next(text: str, pos: int, forms: tuple[regex.Pattern[str], ...] = _CHICAGO_FORMS
                  ) -> tuple[str, regex.Match[str], Name] | None:
    """'Marzlin, K.-P., Juergen Appel, and Barry C. Sanders': after an inverted first author the
    others may be written given name first. Taken only when a chain of such names reaches the
    final 'and' (so that 'Smith, J., Quantum Dots. Journal' keeps its title)."""
    first = None
    at = pos
    for i in range(60):  # (a chain of names, bounded)
        m = next((m for f in forms if (m := f.match(text, at))), None)
        if not m or not _plausible(name := name_from(m), "given_first") or title_words_pair(name):
            return None
        first = first or m
        after = _AND_NEXT.match(text, m.end())
        if ((after and (named := _name_after_and(text, after.end(), forms)) is not False
             and (named or forms is _CHICAGO_FORMS))
                or (i >= 1 and _YEAR_NEXT.match(text, m.end()))):  # (or two names or more, then the year)
            name = name_from(first)
            return ("given_first", first, name)
        sep = _COMMA_NEXT.match(text, m.end())
        if not sep:
            return None
        at = sep.end()
    return None


def _name_after_and(text: str, pos: int, forms: tuple[regex.Pattern[str], ...]) -> bool | None:
    """After the chain's "and": a name (True), a title's words read as one (False: "Wilson Lines and
    Gauge Invariance"), or nothing of the forms (None)."""
    m = next((m for f in (*forms, F_CAPS_FIRST_LAST) if (m := f.match(text, pos))), None)
    return None if m is None else not title_words_pair(name_from(m))


# Chicago with the first author's given name written out after initials: "Fuentes, M. C. Lopez,
# P. Demoulin, and J. A. Klimchuk" (family Fuentes, given "M. C. Lopez"). Two words after the
# initials are rather a given-first name after a one-word author ("Sudha, A. V. Gopala Rao, ...").
_INVERTED_INIT_WORD = compile_regex(
    rf"(?P<family>(?:{PART_SP})*{WORD}(?:\s{WORD})?),\s+(?P<given>{INITS}\s{WORD})(?=,\s)"
)
_LAST_FORMS = (F_INIT_FIRST, F_GIVEN_FIRST_NC, F_CAPS_FIRST_LAST)


def _chicago_inverted_first(text: str) -> AuthorScan | None:
    """'Family, I. Given, A. B. Other, and C. Last': the first author inverted, given name and
    all, the others given name first up to a final 'and' before a given-first last author. Only
    then (an APA list 'Sasayama, D. Hattori, K. Teraishi, T.' inverts every name)."""
    first = _INVERTED_INIT_WORD.match(text)
    if not first:
        return None
    names = [Name(family=first.group("family"), given=first.group("given"))]
    at = first.end()
    for _ in range(30):
        sep = _AND_NEXT.match(text, at)
        if sep and len(names) > 1:
            m = next((m for f in _LAST_FORMS if (m := f.match(text, sep.end()))), None)
            if not m or not _plausible(name := name_from(m), "given_first"):
                return None
            names.append(name)
            return AuthorScan(names=names, end=m.end())
        sep = _COMMA_NEXT.match(text, at)
        if not sep:
            return None
        m = next((m for f in _MIXED_FORMS if (m := f.match(text, sep.end()))), None)
        if not m or not _plausible(name := name_from(m), "given_first"):
            return None
        names.append(name)
        at = m.end()
    return None


_SENTENCE_CASE_NEXT = compile_regex(r",\s+(?P<piece>[^,.;:]+)")
_LOWER_WORD = compile_regex(r"(?<![\w.])[a-z][a-z'’-]{2,}\b")


def _given_first_and_list(text: str) -> AuthorScan | None:
    """'Peter Kuchment and Leonid Kunyansky, Mathematics of thermoacoustic tomography': full
    given-first names up to a final 'and', whose family names may end like title nouns
    ('Kuchment'). Taken only when every name has a given and a family name of name-like words
    (no title words, no verb form, a noun ending only in one family name) and a sentence-case
    title follows the list (a Title-Case title 'Risk Assessment and Crisis Management, Springer'
    is followed by a venue)."""
    names: list[Name] = []
    at = 0
    last = False
    nouns = 0  # family names with a noun ending: one ('Kuchment') may be a name, two are a title
    for _ in range(12):
        m = F_GIVEN_FIRST_NC.match(text, at)
        if not m:
            return None
        name = name_from(m)
        given = (name.given or "").split()
        family = (name.family or "").split()
        words = given + family
        if (not given or not family or name.suffix or any(not w[0].isupper() or w.endswith(".") for w in words)
                or any(w.lower() in NOT_NAME_WORDS or w.lower() in _TITLE_STOP for w in words)
                or any(VERB_END.search(w.lower()) for w in words)
                or any("-" not in w and NOT_NAME_END.search(w.lower()) for w in given)):
            return None
        nouns += any("-" not in w and NOT_NAME_END.search(w.lower()) for w in family)
        if nouns > 1:
            return None
        names.append(name)
        at = m.end()
        if len(names) > 1 and last:
            nxt = _SENTENCE_CASE_NEXT.match(text, at)
            if not nxt:
                return None
            lower = [w for w in _LOWER_WORD.findall(nxt.group("piece")) if w not in _TITLE_STOP]
            if len(lower) < 2:
                return None
            return AuthorScan(names=names, end=at)
        sep = _AND_NEXT.match(text, at)
        last = bool(sep)
        sep = sep or _COMMA_NEXT.match(text, at)
        if not sep:
            return None
        at = sep.end()
    return None


def _bare_families(text: str) -> AuthorScan | None:
    """A bare family name (or two) opening the list: "Abachi et al., Title", "Bethe and Salpeter"."""
    if COLLAB.match(text) or _ORG.match(text):
        return None
    bare = _BARE_ETAL.match(text)
    pair = None if bare else _BARE_PAIR.match(text)
    found = bare or pair
    if found is None:
        return None
    fams = [found.group("family")] if bare else [found.group("f1"), found.group("f2")]
    if any(title_like_name(Name(family=f)) or f.lower() in _TITLE_STOP for f in fams):
        return None
    scan = AuthorScan(names=[Name(family=f) for f in fams], end=found.end())
    et = _ETAL.match(text, scan.end)
    if et:
        scan.truncated = True
        scan.end = et.end()
    return scan


def _before_journal(pattern: regex.Pattern[str], text: str, pos: int) -> regex.Match[str] | None:
    """The name ``pattern`` reads at ``pos``, ended before a journal's name run into it ("F. Stecker
    Phys. Rev.", not "J. Fluid" of "J. Fluid Mech."; "M. Salamon Space Sci. Rev." is cut twice, the
    initials-first form read in what is left). None where a journal starts at ``pos``: the caller
    asks that once for all its patterns (`known_journal_at`: "CMS Collaboration, New J. Phys. 15",
    "J. Low Temp. Phys.")."""
    m: regex.Match[str] | None = pattern.match(text, pos)
    for _ in range(2):
        if not (m and _journal_family(m, text)):
            break
        cut = m.start("family")
        if not known_journal_at(text, cut):
            return None
        m = pattern.match(text[:cut].rstrip(), pos) or F_INIT_FIRST.match(text[:cut].rstrip(), pos)
    return _journal_initial_cut(pattern, text, pos, m)


_INNER_INITIAL_RE = compile_regex(r"(?<=\S\s?)(?<![^\s.])[A-Z][a-z]?\.")


def _journal_initial_cut(pattern: regex.Pattern[str], text: str, pos: int,
                         m: regex.Match[str] | None) -> regex.Match[str] | None:
    """An inverted name whose last "initials" are a journal's first words: ACS "Doe, A. J. Am. Chem.
    Soc. 2010" is "Doe, A." and "J. Am. Chem. Soc.", where "Doe, A. J. Phys. Rev." keeps its "J."."""
    if not m or m.start("given") < m.end("family"):
        return m
    for inner in _INNER_INITIAL_RE.finditer(m.group("given")):
        at = m.start("given") + inner.start()
        if known_journal_at(text, at):
            return pattern.match(text[:at].rstrip(), pos) or m
    return m


def _next_name(text: str, pos: int, style: str | None, last: bool, names: list[Name],
               first: tuple[tuple[str, regex.Pattern[str]], ...] | None = None
               ) -> tuple[str | None, AnyMatch, Name] | None:
    """The name at `pos` in the list's style (the first name fixes it): (style, match, name)."""
    got = None
    if style in ("fam_init", "fam_caps") and not last and len(names) == 1:
        # Chicago: only the first author is inverted ("Mali, M., Juergen Roos, A.
        # Shengelaya, and K. Conder"); the rest, given name first, run to the "and"; after "Lamarque J.F."
        # initials first ("T. C. Bond, V. Eyring (2010)": not "Jones CD", a Vancouver name)
        got = _chicago_next(text, pos) if style == "fam_init" else _chicago_next(text, pos, (F_INIT_FIRST,))
        if got:
            return "fam_given", got[1], got[2]
    candidates = () if known_journal_at(text, pos) else (first or _FIRST_TRY) if style is None else _CANDIDATES[style, last]
    for sty, pattern in candidates:  # (no name where a journal starts: `_before_journal`)
        m = _before_journal(pattern, text, pos)
        if m:
            name = name_from(m)
            after_literal = bool(names) and all(n.literal for n in names)
            if _plausible(name, sty, text, m.end(), after_literal, bool(names)):
                return style or sty, m, name
    if not last and style in ("init_first", "given_first", "caps_first"):
        got = _chicago_next(text, pos, _MIXED_FORMS)
        if got:  # keep the style: the chain only vouches for this name
            return style, got[1], got[2]
    return None


def _and_again(text: str, pos: int, style: str | None, names: list[Name]) -> bool:
    """BibTeX's "and" between every two names: "Pyoeraelae, K. and Laakso, M. and Uusitupa, M." (an
    inverted name of the list's form follows)."""
    sep = _AND_NEXT.match(text, pos)  # (a bare "and": not ", and", not "&")
    return bool(sep and sep.group(0).strip() == "and" and style in ("fam_init", "fam_caps")
                and _next_name(text, sep.end(), style, True, names))


def scan_authors(text: str) -> AuthorScan:
    """Consume the author block at the start of ``text``.

    Remembered by text (the rules' reader and the labeller often hand it the same block, and a batch
    cites the same works): each call gets its own scan and names, which the caller may change."""
    scan = _scan_authors(text)
    return AuthorScan(names=[n.model_copy() for n in scan.names], truncated=scan.truncated, end=scan.end)


@lru_cache(maxsize=4096)
def _scan_authors(text: str) -> AuthorScan:
    scan = AuthorScan()
    ditto = _DITTO.match(text)
    if ditto:  # "---. 2000b" (same authors as above): no names, but skip the dashes and the co-authors
        more = scan_authors(text[ditto.end():]).end if F_INIT_FIRST.match(text, ditto.end()) else 0
        return AuthorScan(end=ditto.end() + more)  # ("--, B. H. Bossak, and X.-F. Niu, 2001": a partial list)
    solo = _FAMILY_YEAR.match(text)
    if solo:
        scan.names.append(Name(family=solo.group("family")))
        scan.end = solo.end("family")
        return scan
    cjk = scan_cjk_authors(text) or scan_pinyin_authors(text)
    if cjk is not None:  # "李明, 王芳.", "山田太郎, 鈴木一郎:", "LI Wei, ZHANG San." (names_scripts.py)
        return AuthorScan(names=cjk[0], truncated=cjk[1], end=cjk[2])
    rtl = scan_rtl_authors(text)
    if rtl is not None:  # "حسين، طه (1926)." (names_scripts.py)
        return AuthorScan(names=rtl[0], end=rtl[1])
    joint = joint_collaboration(text)
    if joint is not None:  # "Virgo, LIGO Scientific collaboration, B.P. Abbott et al.": the names follow
        names, end = joint
        rest = scan_authors(text[end:].lstrip(" ,;:"))
        skipped = len(text[end:]) - len(text[end:].lstrip(" ,;:"))
        return AuthorScan(names=[*names, *rest.names], truncated=rest.truncated,
                          end=end + skipped + rest.end if rest.names else end)
    opening = _JOURNAL_OPENING.match(text)
    if opening and known_journal(opening.group(1)):
        return scan  # "FEBS Letters, Vol. 372, p. 83 (1995)": a journal, no "Letters, F. E. B. S."
    bare = _bare_families(text)
    if bare is not None:
        return bare
    chicago = _chicago_inverted_first(text)
    if chicago:
        return chicago
    scan = _scan_names(text)
    if _two_word_family_cut_short(text, scan):
        given_first = _scan_names(text, _GIVEN_FIRST_TRY)
        if len(given_first.names) > len(scan.names) and given_first.end > scan.end:
            return given_first
    return scan


#: the first name written given name first, for `_two_word_family_cut_short`
_GIVEN_FIRST_TRY = (("given_first", F_GIVEN_FIRST), ("init_first", F_INIT_FIRST))


def _two_word_family_cut_short(text: str, scan: AuthorScan) -> bool:
    """"Raghunath Ghara, T. Roy Choudhury, and Kanan K. Datta" read as "Ghara, Raghunath, T." (a family
    name of two words, then initials) with a word left over: the list is given name first."""
    first = scan.names[0] if scan.names else None
    if first is None or not first.family or " " not in first.family or first.non_dropping_particle:
        return False
    rest = text[scan.end:]
    return rest[:1] == " " and rest[1:2].isupper()


def _scan_names(text: str, first: tuple[tuple[str, regex.Pattern[str]], ...] | None = None) -> AuthorScan:
    """The names from the start of ``text`` in the style its first name sets (``first``: the forms that
    name is tried in)."""
    scan = AuthorScan()
    pos = 0
    style: str | None = None
    last = False  # the separator before this name was "and"/"&": it is the last author
    spaced = False  # two inverted names followed each other with only a space between them
    while pos < len(text):
        m: AnyMatch | None = COLLAB.match(text, pos)
        m = m if m and signs_as_collaboration(m) else None
        org = None if m else _ORG.match(text, pos)
        if m and m.end() - pos < 80:
            scan.names.extend(collab_names(m))
            pos = m.end()
        elif org and org.end() - pos < 120:
            scan.names.append(Name(literal=org.group(0).strip()))
            pos = org.end()
        else:
            got = _next_name(text, pos, style, last, scan.names, first)
            glued = (_glued_given_family(text, pos, last)
                     if got is None and (style in ("given_first", "init_first") or style is None) else None)
            if glued is not None and style is None and not _name_follows(text, glued[1]):
                glued = None  # ("JavaScript, The Good Parts": a glued first word, then no name)
            if glued is not None:  # (the first name glued: the list is written given name first)
                style = style or "given_first"
                scan.names.append(glued[0])
                pos = glued[1]
            elif got is None:
                break
            else:
                style, m, name = got
                scan.names.append(name)
                pos = m.end()
        scan.end = pos
        et = _ETAL.match(text, pos)
        if et:
            scan.truncated = True
            scan.end = pos = et.end()
            break
        if last and not _and_again(text, pos, style, scan.names):
            break
        sep = _SEP.match(text, pos)
        if not sep or sep.end() == pos:
            # "Sasayama, D. Hattori, K. Teraishi, T." — names separated by spaces only
            sp = _SPACE_SEP.match(text, pos)
            if style == "fam_init" and sp and F_FAM_INIT.match(text, sp.end()):
                pos = sp.end()
                spaced = True
                continue
            break
        last = bool(_LAST_SEP.search(sep.group(0)))
        if _ETAL.match(text, pos):
            continue
        pos = sep.end()
    if not scan.names and not scan.end:
        return _given_first_and_list(text) or scan
    if spaced:
        scan = _bare_then_given_first(text, scan) or scan
    return _group_after(text, scan)


def _glued_given_family(text: str, pos: int, last: bool) -> tuple[Name, int] | None:
    """A given and a family name PDF text glued in a list written given name first ("…, MaxTegmark, and
    LloydKnox."): one word of two capitalised parts, then a comma or "and" (the last name: a full stop).
    (Name, where it ends) or None."""
    word = text[pos:pos + 40].split(",", 1)[0].split(" ", 1)[0].rstrip(".")
    end = pos + len(word)
    after = text[end:end + 5]
    if not (after[:1] == "," or after == " and " or (last and after[:1] == ".")):
        return None
    pair = _camel_pair(word)
    return (Name(given=pair[0], family=pair[1]), end) if pair else None


def _name_follows(text: str, end: int) -> bool:
    """After a list's first name: a comma or "and", then a name written given name first (or glued too)."""
    sep = _SEP.match(text, end)
    if sep is None or sep.end() == end:
        return False
    last = bool(_LAST_SEP.search(sep.group(0)))
    return (_next_name(text, sep.end(), "given_first", last, [Name(family="x")]) is not None
            or _glued_given_family(text, sep.end(), last) is not None)


def _camel_pair(word: str) -> tuple[str, str] | None:
    """"MaxTegmark" → ("Max", "Tegmark"): two capitalised parts glued; not "McDonald", "DeWitt",
    "LeBlanc" (one family name with a capital inside)."""
    caps = [i for i, c in enumerate(word) if c.isupper()]
    if not word.isalpha() or len(caps) != 2 or caps[0] != 0 or caps[1] < 2 or len(word) - caps[1] < 2:
        return None
    given, family = word[:caps[1]], word[caps[1]:]
    if not given[1:].islower() or not family[1:].islower() or given.lower() in _GLUED_PREFIXES or given.lower() in PARTICLES:
        return None
    return given, family


# (and a name particle: "DeWitt", "LeBlanc", "VanDyke")
_GLUED_PREFIXES = frozenset(("mc", "mac", "o", "st"))


# The family name an inverted reading leaves over: "… R.K. Gupta, Phys. Rev. C" read as "Sharma, R.K." + "Gupta"
_LEFT_OVER = compile_regex(rf"\s+{WORD}(?=\s*,\s)")
_BARE_FIRST = compile_regex(rf"(?P<family>{_BARE_FAMILY}),\s+")


def _bare_then_given_first(text: str, scan: AuthorScan) -> AuthorScan | None:
    """'Niyti, G. Sawhney, M.K. Sharma, R.K. Gupta, Phys. Rev. C': a bare family name, then names given
    name first (not 'Niyti, G.' … 'Sharma, R.K.' and 'Gupta' left over as the title): only when the
    inverted reading leaves such a name over and the given-first one ends just after it."""
    left = _LEFT_OVER.match(text, scan.end)
    first = _BARE_FIRST.match(text)
    if scan.truncated or not left or not first or plain(left.group(0).strip()):
        return None  # ("… Teraishi, T. Superconductivity, a review": the title's first word)
    names = [Name(family=first.group("family"))]
    at = first.end()
    for _ in range(len(scan.names) + 1):
        m = F_INIT_FIRST.match(text, at)
        if not m or not _plausible(name := name_from(m), "init_first"):
            return None
        names.append(name)
        if m.end() == left.end():
            return AuthorScan(names=names, end=m.end())
        sep = _COMMA_NEXT.match(text, m.end())
        if not sep:
            return None
        at = sep.end()
    return None


# After the names, the group they wrote for, or the names under a collaboration:
# "C. Patrignani et al. (Particle Data Group)", "Aharonian F.A., et al. (HESS collaboration)",
# "T. Yoshie (PACS)", "CMS Collab. (S. Chatrchyan et al.)", "C. Amsler et al., Particle Data Group,"
_GROUP_PAREN = compile_regex(rf"\s*,?\s*[(\[](?P<group>[^()\[\]]{{2,80}})[)\]](?=\s*[,.;:]|\s*$|\s+[{U}]|\s+{YEAR}\b)")
_GROUP_COMMA = compile_regex(r"\s*,\s*(?P<group>[^(),]{2,60})(?=,)")
# "…, and on behalf of the JEDI collaboration", "A. Smith for the ATLAS Collaboration": no author of the record
_GROUP_BEHALF = compile_regex(r"\s*,?\s*(?:and\s*)?(?:on\s+behalf\s*of|for)\s+(?:the\s+)?(?P<group>(?:[^\s,.;:()]+\s+){1,5}?[Cc]ollab(?:orations?\b|\.))")
_ETAL_IN = compile_regex(ET_AL, re.I)  # (re.I: the same flag bit in both engines)
_ACRONYM = compile_regex(rf"[{U}][{U}\d.&+-]{{1,11}}")


def _group_after(text: str, scan: AuthorScan) -> AuthorScan:
    for pattern in (_GROUP_PAREN, _GROUP_COMMA, _GROUP_BEHALF):
        m = pattern.match(text, scan.end)
        if not m:
            continue
        group = m.group("group").strip()
        collab = COLLAB.fullmatch(group)
        if pattern is _GROUP_BEHALF:
            pass  # the record lists the speaker, not the collaboration
        elif collab:
            scan.names.extend(collab_names(collab))
        elif pattern is _GROUP_PAREN and _ACRONYM.fullmatch(group) and not group.isdigit():
            if not abbreviates(group, scan.names[-1] if scan.names else None):
                scan.names.append(Name(literal=group))  # "(PACS)": the group; "(USMC)": an alias
        elif pattern is _GROUP_PAREN and scan.names and scan.names[-1].literal and _ETAL_IN.search(group):
            if not (inner := scan_authors(group)).names:
                continue
            scan.names.extend(inner.names)  # "CMS Collab. (S. Chatrchyan et al.)"
            scan.truncated = True
        else:
            continue
        scan.end = m.end()
        return scan
    return scan


__all__ = ["AuthorScan", "scan_authors"]
