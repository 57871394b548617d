"""Person names: the one home of the rules every stage applies to authors.

- `ET_AL` — the words that end a truncated author list: "et al.", "et alii", "and others" (or "and co-workers"),
  "u. a." (German), "& al.", "…"; `strip_et_al` removes them and says whether one was there.
- `COLLECTIVE` / `is_collective` — collaborations and organisations signing as authors.
- `PARTICLES` — family-name particles ("van", "de", "zu"), dropped by `name_key`.
- `parse_person` — the one splitter of a single written name into a CSL `Name`, used by the
  reference parser, the BibTeX reader, the index reader and the source adapters.
- `name_key`, `initials`, `initials_agree`, `first_author_key` — comparison keys.
- `names_cover` — whether a piece of text is only the words of given names (the combination asks it of
  what the rules put before a title).
- `title_like_name` (with `NOT_NAME_WORDS`, `NOT_NAME_END`, `VERB_END`) — a "name" whose words read as a
  Title-Case title ("Strangeness Production Using Polarized Neutrons").

The author-list *grammar* (which names a reference's author block holds) is the parser's
(`reading/names.py`); it builds on these.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from citecheck.folding import fold
from citecheck.function_words import NOT_NAME_FUNCTION_WORDS
from citecheck.regex_cache import compile_re, compile_regex
from citecheck.venues import JOURNAL_WORDS
from citecheck.word_lines import SortedLines

if TYPE_CHECKING:
    from citecheck.model import Name, Record



def alternation(words: Iterable[str]) -> str:
    """A non-capturing group matching any of `words` (regex text, taken as written; put a word
    before any word it starts, "III" before "II")."""
    return "(?:" + "|".join(words) + ")"


#: "et al" spelled out with its space, as author-list patterns embed it ("Smith et al")
ET_AL_WORDS = r"et\s+al"
#: "et al." after names, the period optional ("Smith et al., 2019")
ET_AL_SHORT = ET_AL_WORDS + r"\.?"
#: "and" between the last two names: English and French/Latin, then German, Spanish, Russian/Bulgarian,
#: Ukrainian, Danish/Norwegian, Swedish, Dutch, Turkish, Hungarian (not Portuguese/Italian "e": it joins
#: the parts of one family name, "Sebastião e Silva"; not Polish "i" or Czech "a": an initial's or an
#: article's letter)
AND_WORDS = ("and", "et", "und", "y", "и", "і", "og", "och", "en", "ve", "és")
#: the English, French/Latin and German ones: those a lower-case word that is no name part may follow
#: in a list of names, or a period that makes no abbreviation ("et.")
LATIN_AND_WORDS = AND_WORDS[:3]
#: one of `AND_WORDS` ending a name (`regex` syntax): "and"/"et" before a space or comma ("Svoboda K and,
#: Malinow R"); the others only before an initial ("H. Müller und K. Schmidt"), for a German title's
#: capitalised nouns ("Flaches Land und mobiles Subjekt", "Gesellschaft und Klosterherrschaft") are no names
AND_WORD = (r"(?<![^\W\d_])(?:" + alternation(AND_WORDS[:2]) + r"(?=[\s,])|" + alternation(AND_WORDS[2:])
            + r"(?=\s+\p{Lu}\p{Ll}?\.))")
#: what "and" is followed by in an author list that goes on unnamed ("and others", "and co-workers")
AND_OTHERS = ("others", "co-?workers", "collaborators", "colleagues")
#: the end of a truncated author list ("et al.", "et alii", "and others", "u. a.", "& al.", "...", and the
#: "and et al." of BibTeX styles that write "and others" so)
ET_AL = (r"(?:\b(?:and\s+)?et\.?\s*al(?:ii|ia|\.|\b)\.?|\betc\.|\band\s+" + alternation(AND_OTHERS)
         + r"\b|&\s*al\.|(?-i:\bu\.\s*a\b\.?)|\.\.\.|…)")
ET_AL_RE = compile_re(ET_AL, re.I)
# (from the start of a run of spaces only, the spaces before the comma taken once: linear in a long run)
_ET_AL_STRIP = compile_re(r"(?:(?<!\s)|(?!\s))\s*+[,;]?\s*+" + ET_AL + r"\s*", re.I)
#: a name field that is only an et-al marker, once folded to letters ("etal", "others")
_OTHERS = frozenset({"others", "etal", "al", "andothers", "etalii", "etalia", "ua"})

#: author "names" that are collaborations: agreeing on one says little (ATLAS signs thousands)
COLLECTIVE = compile_re(r"collaboration|consortium|\bcollab\b|\bteam\b|\bgroup\b|\bproject\b", re.I)
_COLLAB_WORDS = compile_re(
    r"\b(the|collaborations?|collab|team|group|consortium|for|and|on behalf of|project|experiment)\b"
)
#: words that make a written name an organisation (kept whole, as a CSL literal)
_ORGANISATION = compile_re(
    r"\b(?:collaborations?|consortium|group|team|committee|organi[sz]ation|association|society|"
    r"institute|project)\b", re.I)

#: words that make a written name an institution ("University of …", "… Institute")
_INSTITUTION = compile_re(
    r"\b(?:universit\w*|univ\.|institut\w*|department|dept\.|laborator\w*|hospital|school|"
    r"college|faculty|academy|ministry|centre|agency|museum|foundation|corporation|gmbh)\b", re.I)

#: family-name particles that patterns over running text look for ("J. van der Meer", "P.deForcrand");
#: the other `PARTICLE_WORDS` ("al", "y", "op", "'t") are too common as words to find a name by
TEXT_PARTICLES = ("van", "von", "de", "der", "den", "da", "di", "du", "del", "della", "la", "le", "dos",
                  "ten", "ter")
#: any of `TEXT_PARTICLES`, lower-case (regex text)
TEXT_PARTICLE = alternation(TEXT_PARTICLES)
#: family-name particles, compared lower-case
PARTICLE_WORDS = (
    *TEXT_PARTICLES, "das", "al", "el", "bin", "y", "zu", "vom", "af", "degli", "dei", "delle", "dello", "dal", "dalla", "op",
    "'t", "van't", "d'", "dela", "delos", "vanden", "vander")
PARTICLES = frozenset(PARTICLE_WORDS)
#: Han ideographs, kana and Hangul (inside [...], for the `regex` module): the scripts whose
#: personal names are written family name first, without spaces ("李明", "山田太郎", "김철수")
CJK = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}ー々"
_CJK_NAME_RE = compile_regex(rf"[{CJK}]+(?: [{CJK}]+)?")
#: where the scripts of `CJK` begin (Hangul Jamo, U+1100): no CJK name starts below it
_CJK_START = "\u1100"
#: generational suffixes after a name ("Jr.", "III"), written as references write them; a word
#: before any word it starts ("III" before "II") so that `SUFFIX` matches the longest
SUFFIXES = ("Jr", "Sr", "Jnr", "III", "II", "IV")
#: any of `SUFFIXES` (regex text, no period)
SUFFIX = alternation(SUFFIXES)
#: a suffix with its period where it abbreviates ("Jr.", "Jnr."; "III" takes none: "III." ends a sentence)
SUFFIX_DOTTED = SUFFIX + r"(?:(?<=r)\.)?"
_SUFFIX_WORDS = frozenset(
    [w.lower() for w in SUFFIXES] + [w.lower() + "." for w in SUFFIXES if w.endswith("r")])
_NON_ALNUM_RE = compile_re(r"[^0-9a-z]+")
_NON_WORD_RE = compile_re(r"[\W_]+")


def strip_et_al(text: str) -> tuple[str, bool]:
    """`text` without its et-al markers, and whether it had one ("Smith, J., et alii")."""
    stripped = _ET_AL_STRIP.sub(" ", text)
    return " ".join(stripped.split()).strip(" ,;"), stripped != text


def is_et_al(text: str | None) -> bool:
    """A name field that only says "and others" ("others", "et al.", "u. a.")."""
    return bool(text) and _NON_ALNUM_RE.sub("", fold(text or "")) in _OTHERS


def is_collective(text: str | None) -> bool:
    """A collaboration's or consortium's name ("ATLAS Collaboration")."""
    return bool(text and COLLECTIVE.search(text))


def collab_key(literal: str) -> str:
    """'The ATLAS Collaboration' → 'atlas'."""
    return re.sub(r"[^a-z0-9]+", "", _COLLAB_WORDS.sub(" ", fold(literal)))


def is_organisation(text: str) -> bool:
    """A written name that is an organisation, not a person."""
    return len(text.split()) > 1 and bool(_ORGANISATION.search(text))


def is_affiliation(text: str) -> bool:
    """A written "author" that is an institution — where authors work, not who wrote: "University
    of Gothenburg", "Alan Turing Institute", "Dept. of Physics" (registries send such strings
    among the authors). Collaborations and consortia, which do sign papers, are not."""
    return len(text.split()) > 1 and bool(_INSTITUTION.search(text)) and not is_collective(text)


def parse_person(text: str) -> Name:
    """One written name: 'Family, Given', 'Family, Jr., Given', 'Given Family', 'Given van
    Family', 'Given Family Jr.', Vancouver 'Family AB', a CJK name (family first: '李明',
    '山田 太郎'), or a literal (an organisation)."""
    from citecheck.model import Name

    text = " ".join(text.strip(" ,;").split())
    if not text:
        return Name()
    if is_organisation(text):
        return Name(literal=text)
    if _is_cjk_name(text):
        # CJK: family name first; "山田 太郎" → family 山田, given 太郎; "李明" whole in family
        family, _, given = text.partition(" ")
        return Name(family=family, given=given or None)
    if "," in text:
        family, _, rest = text.partition(",")
        parts = [p.strip() for p in rest.split(",") if p.strip()]
        suffix = None
        if len(parts) >= 2 and parts[0].lower() in _SUFFIX_WORDS:  # "Family, Jr., Given"
            suffix, parts = parts[0], parts[1:]
        elif len(parts) >= 2 and parts[1].lower() in _SUFFIX_WORDS:  # "Family, Given, Jr."
            suffix, parts = parts[1], parts[:1] + parts[2:]
        return Name(family=family.strip() or None, given=", ".join(parts) or None, suffix=suffix)
    words = text.split()
    suffix = None
    if len(words) > 2 and words[-1].lower() in _SUFFIX_WORDS:
        suffix = words.pop()
    if len(words) == 1:
        return Name(family=words[0], suffix=suffix)
    # lower-case particles start the family name: "Johannes van der Waals"
    for i, w in enumerate(words[1:-1], start=1):
        if w[0].islower() and w.lower() in PARTICLES:
            return Name(given=" ".join(words[:i]), family=" ".join(words[i:]), suffix=suffix)
    if len(words) == 2 and re.fullmatch(r"[A-Z]{1,3}", words[-1]):  # Vancouver "Smith JA"
        return Name(family=words[0], given=" ".join(f"{c}." for c in words[-1]), suffix=suffix)
    return Name(family=words[-1], given=" ".join(words[:-1]), suffix=suffix)


def _is_cjk_name(text: str) -> bool:
    """``text`` is a CJK name ("李明", "山田 太郎"). A name that starts below the CJK scripts is
    answered without the pattern, so that Latin, Greek or Cyrillic names never load `regex`."""
    return text[:1] >= _CJK_START and _CJK_NAME_RE.fullmatch(text) is not None


def cjk_whole_name(family: str | None, given: str | None) -> str | None:
    """A CJK name stored in two parts ("李" + "明") as the one token it is written as ("李明");
    None for any other name. Keys and comparisons treat a CJK name whole."""
    if family and given and _is_cjk_name(f"{family} {given}"):
        return family + given
    return None


@lru_cache(maxsize=65536)
def name_key(family: str | None) -> str:
    """Family-name key: folded, particles and punctuation dropped ("van der Waals" → "waals").
    A name in a script that folds away entirely (Cyrillic, CJK, Arabic) keeps its case-folded
    Unicode letters ("Иванов" → "иванов", "李明" → "李明")."""
    if not family:
        return ""
    words = [w for w in _NON_ALNUM_RE.split(fold(family)) if w]
    core = [w for w in words if w not in PARTICLES]
    if not words:
        return "".join(_NON_WORD_RE.split(family.casefold()))
    return "".join(core or words)


def initials(given: str | None) -> str:
    """First letters of the given names, folded: "Jens-Uwe" → "ju", "R. M. L." → "rml"."""
    if not given:
        return ""
    parts = re.split(r"[\s.\-‐]+", fold(given))
    return "".join(p[0] for p in parts if p and p[0].isalpha())


def initials_agree(a: str, b: str) -> bool:
    """Two `initials` strings can be one person's: the first letters agree, or a side gives none."""
    return not a or not b or a[0] == b[0]


def first_author_key(record: Record) -> str:
    """`name_key` of the first author (a literal name's whole text for an organisation)."""
    for name in record.author:
        if name.literal:
            return name_key(name.literal)
        whole = cjk_whole_name(name.family, name.given)
        if whole:
            return name_key(whole)  # "李" + "明": a CJK name is one token
        if name.family:
            return name_key(name.family)
    return ""


_INITIAL = compile_re(r"^(?:[A-Z]\.[\-‐]?){1,3}$|^[A-Z][a-z]?\.$")  # "F.", "K.-P.", "Ch."
_NAME_WORD = compile_re(rf"^[A-Z][\w'’\-]*\.?$|^(?:{TEXT_PARTICLE}|jr\.?|sr\.?)$")
_NAME_GLUE = {"and", "&", "et", "al", "al.", "others"}


#: words of an address, not of a person's name
_ADDRESS = compile_re(r"\b(?:institut\w*|universit\w*|department|dept|laborator\w*|school|college|"
                      r"cent(?:er|re)|faculty|hospital)\b", re.I)


def is_misread_name(name: Name) -> bool:
    """A 'person' that an author field's odd punctuation made up: a comma inside a part ("Smith,
    given 'John, Doe, Jane'"), two full names read as family and given ("John Smith, Jane Doe"
    without "and"), or an address ("Physik-Institut, Universität Zürich")."""
    if name.literal:
        return False
    family, given = (name.family or "").strip(), (name.given or "").strip()
    if "," in family or "," in given or _ADDRESS.search(f"{family} {given}"):
        return True
    full = [w for w in given.split() if not _INITIAL.match(w) and len(w.rstrip(".")) > 1]
    return len(family.split()) >= 2 and len(full) >= 2 and not name.non_dropping_particle


def looks_like_name_list(text: str) -> bool:
    """'F. B. McLean', 'Juergen Appel, and A. I. Lvovsky': initials and capitalised names only."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip(" .,;:")) if t]
    if not tokens or len(tokens) > 12:
        return False
    inits = sum(bool(_INITIAL.match(t)) for t in tokens)
    names = [t for t in tokens if t.lower() not in _NAME_GLUE and not _INITIAL.match(t)]
    if not names or not all(_NAME_WORD.match(t) for t in names):
        return False
    return inits >= 1  # at least one initial: "F. B. McLean" (a headline-case title has none)


class NameWords(SortedLines):
    """Person-name word → "f" (family) or "g" (given), held as the file's lines ("f<TAB>word": the
    family words, then the given ones, each sorted, so that the whole list sorts) and looked up by
    bisection: hashing its 35,000 words into a dict took longer than reading the file, for the few
    dozen words one reference asks about."""

    def _listed(self, line: str) -> bool:
        return self.line_from(line) == line

    def get(self, word: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return "f" if self._listed(f"f\t{word}") else "g" if self._listed(f"g\t{word}") else default

    def __iter__(self) -> Iterator[str]:
        return (line[2:] for line in self._lines)


@lru_cache(maxsize=1)
def name_words() -> NameWords:
    """Person-name words (data/names.txt.gz, scripts/build_names.py): word → "f" (family) or "g" (given)."""
    ref = resources.files("citecheck.data").joinpath("names.txt.gz")
    if not ref.is_file():
        return NameWords([])
    with ref.open("rb") as raw:
        text = gzip.decompress(raw.read()).decode("utf-8")
    return NameWords(text.rstrip("\n").split("\n"))


#: words that join or end names, not names themselves ("and", "Jr", "3rd")
_JOINING_WORDS = frozenset({"and", "et", "with", "jr", "sr", "rd", "nd", "th"})


def names_cover(text: str, names: list[Name]) -> bool:
    """Every word of ``text`` is a word of one of ``names`` (family, given, literal), the initials of
    a given name written without dots ("GS" of "G. S.") or a joining word: "Gill GS." and "Lind M.,
    Johnson, M. and Sandblad, B." are those names written out."""
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
    named = " ".join(f"{a.family or ''} {a.given or ''} {a.literal or ''}" for a in names)
    known = set(re.findall(r"[^\W\d_]+", named.lower())) | _JOINING_WORDS
    known |= {re.sub(r"[\W\d_]+", "", a.given or "").lower() for a in names}
    return bool(words) and all(w in known for w in words)


def abbreviates(acronym: str, name: Name | None) -> bool:
    """'USMC' after 'United States Marine Corps' (read in any order): the organisation's own
    abbreviation, its capitals' initials."""
    if name is None:
        return False
    words = " ".join(filter(None, [name.literal, name.given, name.family])).split()
    initials = sorted(w[0] for w in words if w[0].isupper())
    return len(initials) >= 2 and sorted(acronym.upper().replace(".", "")) == initials


def is_journal_word(word: str) -> bool:
    """A journal's word (lower case) that is no family name: "phys", "astropart" — but not "roy"
    ("Mon. Not. Roy."), which the names lexicon knows as a family name."""
    return word in JOURNAL_WORDS and name_words().get(word) != "f"


# Title-Case title words no personal name is made of ("Strangeness Production Using Polarized
# Neutrons"): capitalised function words and common title nouns, and derivational endings.
NOT_NAME_WORDS = frozenset(
    ["using", "via", "toward", "towards", "between", "through",
     "into", "onto", "beyond", "within", "without", "against", "versus", "upon", "about", "under",
     "is", "are", "new", "study", "studies", "analysis", "introduction", "review", "search",
     "evidence", "observation", "observations", "measurement", "measurements", "effect", "effects",
     "theory", "model", "models", "method", "methods", "approach", "properties", "dynamics",
     "physics", "production", "structure", "structures", "system", "systems", "quantum",
     "nuclear", "magnetic", "thermal", "optical", "data", "results", "application",
     "applications", "problem", "problems"]
) | NOT_NAME_FUNCTION_WORDS
NOT_NAME_END = compile_regex(
    r"(?:\w{3}(?:tion|sion)s?|\w{5}ness|\w{4}ment(?:s|al)?|\w{3}ism|\w{4}ity|\w{2}(?<!v)ics|\w{2}ology|"
    r"\w{2}ography|\w{3}i[sz]ation)$"
)
# Weaker hints, telling only in a long "name": a verb form ("Aligned", "Scattering")
VERB_END = compile_regex(r"\w{4}(?:ing|[^e]ed)(?<!mmed)$")


def title_like_name(name: Name, after_literal: bool = False) -> bool:
    """A given-first or inverted 'name' whose words read as a Title-Case title: one of them is a
    title word or has a noun ending ('Production', 'Strangeness'), or it runs to four full words
    one of which is a verb form ('Nuclear Spin Aligned Holmium'). Right after a collaboration,
    where personal names are rare, three full words and a verb form (or four words) are enough."""
    words = [w for w in f"{name.given or ''} {name.family or ''}".split() if len(w) > 1 and not w.endswith(".")]
    full = [w for w in words if w[0].isupper()]
    # (a hyphenated word is a double-barrelled surname as often as not: "Lees-Marshment")
    if any(w.lower() in NOT_NAME_WORDS or ("-" not in w and NOT_NAME_END.search(w.lower())) for w in full):
        return True
    verb = any(VERB_END.search(w.lower()) for w in full)
    if after_literal:
        return len(full) >= 4 or (len(full) >= 3 and verb)
    return len(full) >= 4 and verb
