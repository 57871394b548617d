"""Venues: journal-name keys and the shipped abbreviation table.

"Phys. Rev. Lett." and "Physical Review Letters" share one `canonical_journal` key. The table
lives in ``data/journal-abbreviations.json``. Comparing two venue names (siblings, series,
proceedings) is verification's (`verify/venue.py`); this module only names them.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from importlib import resources

from citecheck.folding import fold
from citecheck.function_words import FULL_JOURNAL_FUNCTION_WORDS, JOURNAL_STOP_WORDS
from citecheck.regex_cache import compile_re
from citecheck.years import FIRST_YEAR, LAST_YEAR, year_pattern

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
    ital sov jetp russ chin korean indian austral zh
    class amer meth naturforschg pol opin statist chim belg lect cim num combust euro invent meteor
    dokl instr meas pharm patt discr surv pathol probab elem accad astr electroanal ergod dynam
    astropar astropart riv equip spectrom detect oxid kinet katal khim abstr react neth progr transf
    compos constr topol theoret aust geochim stoch circ pharmac engl macromol chromat miner polym
    invest econom quart engrg psychiatr wochenschr neuroradiol neurochir cosmet rehabil lumin virol
    enzym contin at vis
    acoust electrochem europhys aerodyn transl biotech spectrochim hydrodyn thermophys geomagn
    astronaut nanotechnol optoelectron actuat catal
    izv vestn vyssh uchebn zaved mekh tekh geofiz spektrosk kvant elektron radiofiz yad usp nauk
    mitt internat verein limnol hydrobiol abh wiss sitzungsber naturwiss verh ges anz petrogr preuss ber
    bunsenges contrib
    braz ukr bulg jpn pak scand slov serb croat lith latv armen"""
# (the last lines: truncated words of journal names in the train split's gold of GROBID's and
# AnyStyle's corpora, that are no English word ending a title: "Nucl. Instr. Meth.", "Euro. Phys.";
# then ISO 4 abbreviations of physics journals' words: "Acoust. Phys.", "Europhys. Lett.", and of Russian
# journals' transliterated words: "Izv. Vyssh. Uchebn. Zaved. Fiz.", "Vestn. Mosk. Univ."; German ones:
# "Mitt. Internat. Verein. Limnol.", "Sitzungsber. Preuss. Akad. Wiss.", "Ber. Bunsenges. Phys. Chem."; and
# countries' ISO 4 abbreviations that are no family name: "Braz. J. Phys.", "Ukr. J. Phys.", "Bulg. J. Phys.")
#: the words abbreviated journal names are made of, without their periods (one list for every stage:
#: sentence ends, family names, glued words)
JOURNAL_ABBREVIATIONS = frozenset(_ABBREV_TEXT.split())
#: … and the journal names written as one word, or one letter ("J.", "Z."): never a family name
JOURNAL_WORDS = JOURNAL_ABBREVIATIONS | {"j", "z", "journal", "acta", "nuovo", "cell", "pis", "nature", "science",
                                         "jhep", "apj", "mnras"}


def abbreviated_journal_word(word: str) -> bool:
    """A word of journal names abbreviated with its period ("Phys.", "Braz."), as a reference writes it."""
    return word.endswith(".") and word[:-1].lower() in JOURNAL_ABBREVIATIONS


#: words of journals' full names ("Physical Review Letters", "Journal of Modern Physics")
FULL_JOURNAL_WORDS = frozenset([
    "physical", "physics", "review", "reviews", "letters", "nuclear", "applied", "modern",
    "journal", "chemical", "optical", "optics", "international", "annals", "advances", "reports",
    "progress", "theoretical", "experimental", "mathematical", "computational", "statistical",
    "condensed", "matter", "quantum", "classical", "european", "american", "astrophysical",
    "astronomical", "royal", "scientific", "instruments", "methods", "research", "communications",
    "express", "society", "chemistry", "mechanics", "materials", "physik", "plasma", "atomic",
    "solid", "state", "energy", "high", "low", "photon", "plasmas",
]) | FULL_JOURNAL_FUNCTION_WORDS


#: journals published in lettered series ("Phys. Rev. D", "Nucl. Phys. B", "J. Phys. G"): the letter is
#: part of the journal's name, wherever a reference writes it ("Phys. Rev. D58", "Phys. Rev., D 58")
SERIES_JOURNAL = (
    r"Phys\.\s?Rev\.|Physical\s+Review|Phys\.\s?Lett\.|Physics\s+Letters|Nucl\.\s?Phys\.|"
    r"Nuclear\s+Physics|Z\.\s?Phys\.|Zeitschrift\s+f(?:ü|u|ue)r\s+Physik|Eur(?:o)?\.\s?Phys\.\s?J\.|J\.\s?Phys\.|"
    r"Nucl\.\s?Instrum\.(?:\s?Meth(?:ods|\.)?)?(?:\s?(?:in\s+)?Phys\.\s?Res\.)?|Proc\.\s?R(?:oy)?\.\s?Soc\.(?:\s?Lond\.)?|"
    r"Phil\.\s?Trans\.\s?R\.\s?Soc\.(?:\s?Lond\.)?|Nuovo\s+Cim(?:ento|\.)?|Acta\s+Phys\.\s?Pol(?:on)?\.|Acta\s+Crystallogr\.|"
    r"Int\.\s?J\.\s?Mod\.\s?Phys\.|Mod\.\s?Phys\.\s?Lett\.|Chin\.\s?Phys\.|Appl\.\s?Phys\.|Physica|"
    r"Phys\.\s?Status\s?Solidi|Phys\.\s?Stat\.\s?Sol\.|"
    r"International\s+Journal\s+of\s+Modern\s+Physics|Modern\s+Physics\s+Letters|European\s+Physical\s+Journal"
)

#: IOP/APS journals that number their articles with six digits ("Class. Quantum Grav. 29 245007")
SIX_DIGIT_ARTICLE_JOURNAL = (
    r"Class\.\s?Quantum\s?Grav\.|Phys\.\s?Rev\.\s?(?:[A-EX]|Lett\.)|J\.\s?Phys\.\s?[A-G]|New\s?J\.\s?Phys\.|"
    r"J\.\s?Phys\.:\s?Condens\.\s?Matter|Phys\.\s?Scr\.|Supercond\.\s?Sci\.\s?Technol\.|Nanotechnology|"
    r"Phys\.\s?Med\.\s?Biol\.|Plasma\s?Phys\.\s?Control\.\s?Fusion|Nucl\.\s?Fusion|Rep\.\s?Prog\.\s?Phys\.|"
    r"Meas\.\s?Sci\.\s?Technol\.|Environ\.\s?Res\.\s?Lett\."
)

# "Nucl. Phys. (Proc. Suppl.) B", "Nucl. Instrum. Methods Phys. Res., Sect. A"
_SERIES_ONLY_RE = compile_re(rf"(?:{SERIES_JOURNAL})(?:\s?\(Proc\.\s?Suppl\.\))?(?:,?\s?Sect(?:ion\b|\.))?")
_LETTER_VOLUME_RE = compile_re(r"(?P<letter>[A-HX])\s?(?P<number>\d{1,4})")


# A place that only repeats where the journal is published ("Nature (London)", "Ann. Phys. (N.Y.)"), as
# APS references print it; "(Leipzig)" and "(Paris)" stay: there they tell journals apart
_PLACE_QUALIFIER_RE = compile_re(r"\s*\(\s*(?:London|Lond\.|N\.\s?Y\.|NY|New\s+York)\s*\)\s*$")


def journal_reference(container: str | None, volume: str | None) -> tuple[str | None, str | None]:
    """The journal's name and volume as a reference's reader should give them: without a place that
    names no other journal, and with the series letter on the journal (`series_letter_to_journal`)."""
    if container:
        container = _PLACE_QUALIFIER_RE.sub("", without_in(container)) or container
    if container and volume and _volume_glued(container, volume):
        container = container[: -len(volume)]
    return series_letter_to_journal(container, volume)


def without_in(container: str) -> str:
    """The venue without the "in" before it ("In: Proc. …"), glued by PDF text too ("inAdvanced
    Accelerator Concepts", "InSPIE LASE")."""
    return re.sub(r"^(?:In|in)(?:\s*:?\s+|(?=[A-Z][a-z]{2,}|[A-Z]{2,}\b))", "", container)


def _volume_glued(container: str, volume: str) -> bool:
    """The volume glued by the PDF to the journal's last word: "Proc. Natl Acad. Sci.USA113" 113."""
    if not volume.isdigit() or FIRST_YEAR <= int(volume) <= LAST_YEAR:
        return False  # ("CMK6": a paper's code; "ICRC2015")
    return (len(container) > len(volume) + 1 and container.endswith(volume)
            and container[-len(volume) - 1].isalpha())


def series_letter_to_journal(container: str | None, volume: str | None) -> tuple[str | None, str | None]:
    """The series letter written on the volume goes to the journal: "Phys. Rev., D62" and
    Chinese Physics C's "Phys. Lett., 2005, B629: 20" are "Phys. Rev. D" 62, "Phys. Lett. B" 629."""
    if not container or not volume:
        return container, volume
    m = _LETTER_VOLUME_RE.fullmatch(volume.strip())
    journal = container.strip().rstrip(",").strip()
    if m and _SERIES_ONLY_RE.fullmatch(journal):
        return f"{journal} {m.group('letter')}", m.group("number")
    if m and journal.endswith(f" {m.group('letter')}") and _SERIES_ONLY_RE.fullmatch(journal[:-2].strip()):
        return container, m.group("number")  # the letter written twice: "Phys. Rev. D" D26
    return container, volume


_JOURNAL_PIECE_RE = compile_re(r"[^\d,;(]+")


_LETTERED_RE = compile_re(rf"(?:{SERIES_JOURNAL})\s?[A-HX]:?")


def known_journal_at(text: str, pos: int, full_names: bool = False) -> bool:
    """A journal starts at ``pos`` and runs to the numbers: one of the abbreviation table ("Phys. Rev.
    D72"), or two abbreviated journal words or more and nothing else ("Izv. Vyssh. Uchebn. Zaved. Fiz. 5");
    with ``full_names``, also a full name of the table in its first 60 characters ("Physical Review
    Letters 69") or an abbreviation of one (`abbreviates_known_journal`)."""
    piece = _JOURNAL_PIECE_RE.match(text, pos)
    if piece is None:
        return False
    if journal_key(piece.group(0)) in journal_table() or _LETTERED_RE.fullmatch(piece.group(0).strip()):
        return True  # (or a lettered journal: "J. Phys. C", "Nuovo Cim. B")
    if full_names and len(piece.group(0)) >= 2 and names_known_journal(piece.group(0)[:60]):
        return True  # (or an abbreviation of a full name: "Annals Phys. 363", "Living Rev. Relativity 16")
    words = piece.group(0).split()
    return len(words) >= 2 and all(abbreviated_journal_word(w) for w in words if len(w) > 1)


_THE_RE = compile_re(r"^the\s+")
_KEY_DROP_RE = compile_re(r"[\s.,:\-~–'’()]+")


@lru_cache(maxsize=65536)
def journal_key(name: str | None) -> str:
    """Key as in the abbreviation table: folded, no spaces/dots/commas/colons/hyphens/tildes.
    (Cached: a batch asks it of the same names tens of thousands of times.)"""
    if not name:
        return ""
    text = fold(name.replace("\\&", "&"))
    return _KEY_DROP_RE.sub("", _THE_RE.sub("", text))


@lru_cache(maxsize=1)
def _journal_data() -> dict[str, object]:
    with resources.files("citecheck.data").joinpath("journal-abbreviations.json").open(
        encoding="utf-8"
    ) as fh:
        return dict(json.load(fh))


@lru_cache(maxsize=1)
def journal_table() -> dict[str, str]:
    """Abbreviation key → full journal title, shipped in the package."""
    table = _journal_data()["table"]
    assert isinstance(table, dict), "journal-abbreviations.json: 'table' must be an object"
    return {str(k): str(v) for k, v in table.items()}


@lru_cache(maxsize=1)
def letters_in_parent() -> frozenset[str]:
    """Canonical keys of journals that print their letters in their own volumes (ApJ, MNRAS):
    for these 'X Letters' names the same venue as X; elsewhere it is a sibling journal."""
    section = _journal_data().get("letters_in_parent") or {}
    names = section.get("journals", []) if isinstance(section, dict) else []
    return frozenset(canonical_journal(str(n)) for n in names)


@lru_cache(maxsize=8192)
def canonical_journal(name: str | None) -> str:
    """A key under which abbreviated and full journal names coincide (and an inverted IEEE name,
    "Antennas and Propagation, IEEE Transactions on", with its own)."""
    key = journal_key(uninverted(name) if name and "IEEE" in name else name)
    if not key:
        return ""
    table = journal_table()
    full = table.get(key)
    if full:
        return journal_key(full)
    return key


#: the tail ADS and IEEE's own exports invert an IEEE journal's name to
INVERTED_TAILS = ("IEEE", "IEEE Journal of", "IEEE Transactions on", "IEEE Transactions of")


def uninverted(name: str) -> str:
    """An IEEE journal's name as ADS and IEEE's own exports invert it, put back in order: "Selected
    Topics in Signal Processing, IEEE Journal of" is "IEEE Journal of Selected Topics in Signal
    Processing"; "Antennas and Wireless Propagation Letters, IEEE" is "IEEE Antennas and …"."""
    head, sep, tail = name.rstrip(" ,.").rpartition(", ")
    if sep and head and tail in INVERTED_TAILS:
        return f"{tail} {head}"
    return name


#: journals with one volume a year, an issue a month: Crossref and the publisher give JHEP's May 2007
#: issue as volume 2007, issue 05; INSPIRE and most physicists cite the issue as the volume ("JHEP 05
#: (2007) 086"), SPIRES and arXiv's journal references year and month together ("JHEP 0705:086")
YEAR_VOLUME_JOURNALS = frozenset({"journalofhighenergyphysics", "journalofcosmologyandastroparticlephysics",
                                  "journalofstatisticalmechanicstheoryandexperiment"})
_YEAR_RE = compile_re(year_pattern(1900))
_YEAR_MONTH_RE = compile_re(r"\d\d(?:0[1-9]|1[0-2])")
_MONTH_RE = compile_re(r"0?[1-9]|1[0-2]")


def year_volume(journal: str | None, volume: str | None, year: int | None = None,
                issue: str | None = None) -> tuple[int, int | None] | None:
    """The (year, issue) a volume of a journal in `YEAR_VOLUME_JOURNALS` names ("2007" with issue
    "05", "05" cited in 2007 and "0705" all give (2007, 5)); None for another journal, or a volume that
    names no year."""
    if not volume or canonical_journal(journal) not in YEAR_VOLUME_JOURNALS:
        return None
    v = volume.strip()
    month = int(issue) if issue and issue.strip().isdigit() and 0 < int(issue) <= 12 else None
    if _YEAR_RE.fullmatch(v):
        return int(v), month
    if _YEAR_MONTH_RE.fullmatch(v):
        yy = int(v[:2])
        return (1900 + yy if yy >= 90 else 2000 + yy), int(v[2:])
    if _MONTH_RE.fullmatch(v) and year:
        return year, int(v)
    return None


def year_volume_form(volume: str) -> bool:
    """The volume is written in one of a year-numbered journal's conventions (year, year and month,
    or month: "2007", "0705", "05"), not as an article number ("086", "P06012")."""
    v = volume.strip()
    return bool(_YEAR_RE.fullmatch(v) or _YEAR_MONTH_RE.fullmatch(v) or _MONTH_RE.fullmatch(v))


def same_year_volume(journal: str | None, cited: tuple[str | None, int | None],
                     found: tuple[str | None, int | None, str | None]) -> bool:
    """A cited (volume, year) names the volume a record gives as (volume, year, issue) in another of a
    year-numbered journal's conventions: the same year, and the same issue where both tell one."""
    a = year_volume(journal, cited[0], cited[1])
    b = year_volume(journal, found[0], found[1], found[2])
    return a is not None and b is not None and a[0] == b[0] and (a[1] is None or b[1] is None or a[1] == b[1])


def same_volume(journal: str | None, cited: tuple[str | None, int | None],
                found: tuple[str | None, int | None, str | None]) -> bool:
    """The volume a source's record gives is the cited one: the same, or in another convention."""
    return (cited[0] is not None and cited[0] == found[0]) or same_year_volume(journal, cited, found)


def year_volume_forms(journal: str | None, volume: str, year: int | None = None) -> list[str]:
    """The volume as each convention writes it ("05" in 2007: "05", "2007", "0705"; a
    year-numbered journal's only), the cited form first; a volume naming no month stays as it is."""
    named = year_volume(journal, volume, year)
    if named is None or named[1] is None:
        return [volume]
    y, m = named
    forms = [volume, str(y), f"{m:02d}", f"{y % 100:02d}{m:02d}"]
    return list(dict.fromkeys(forms))


@lru_cache(maxsize=1)
def _full_journal_keys() -> frozenset[str]:
    return frozenset(journal_key(v) for v in journal_table().values())


@lru_cache(maxsize=1)
def journal_name_words() -> frozenset[str]:
    """The words (folded, two letters or more) of the table's full journal names ("relativity",
    "fields", "gravitation"): a capitalised word ending an abbreviated name may be one of them."""
    return frozenset(w for v in journal_table().values() for w in re.findall(r"[a-z]{2,}", fold(v)))


def known_journal(name: str) -> bool:
    """A journal of the abbreviation table, by its abbreviation or its full name."""
    key = journal_key(name)
    return bool(key) and (key in journal_table() or key in _full_journal_keys())


_MEETING_NAME_RE = compile_re(
    r"^(?:in\s*:?\s+)?(?:the\s+)?(?:proc(?:eedings|\.)?\s|"
    r"(?-i:(?:[A-Z][A-Z/&-]+\s+){0,2})(?:international|annual|national|european|ieee|acm|[ivxlc]+|\d+(?:st|nd|rd|th))\s+"
    r"(?:[\w'’/&-]+\s+){0,4}?(?:conference|symposium|workshop|congress|colloquium)\b)",
    re.I,
)


def names_a_meeting_or_journal(text: str) -> bool:
    """The text is a journal's name or a meeting's ("Proc. 6th European Dependable Computing
    Conference (EDCC-6)", "XXII International Conference On Neutrino Physics"), or an abbreviated
    journal's written without its periods ("Int Math Res Notices"): what a title-less reference
    may hold where a title would be, never a work's own title."""
    return known_journal(text) or bool(_MEETING_NAME_RE.match(text.strip())) or dotless_abbreviation(text)


def dotless_abbreviation(text: str) -> bool:
    """'Int Math Res Notices', 'J Phys Conf Ser': capitalised words (and function words), two to six,
    at least two of them (and half the words) truncated words of journal names that are no everyday
    English word ("Int", "Res", "Phys"; not "Can", "Not": "Can We Not Forget" is a title): a journal's
    name abbreviated without periods."""
    words = [w for w in text.strip(" .,").split() if w not in JOURNAL_STOP_WORDS]
    if not 2 <= len(words) <= 6 or not all(w[:1].isupper() for w in words):
        return False
    truncated = [w for w in words if w.isalpha() and w.lower() in JOURNAL_WORDS
                 and w.lower() not in FULL_JOURNAL_WORDS and w.lower() not in _EVERYDAY_WORDS]
    return len(truncated) >= 2 and 2 * len(truncated) >= len(words)


# words of the abbreviation list that are also everyday English ("Can We Not Forget" is a title)
_EVERYDAY_TEXT = """can not am at part class front drill invent meet react detect planet pure mag temp
    surf bull rec gen ind dis vet bot sol met mat mod comm anal lab exp adv eff tech num equip mon meth quart
    chin opin trans spec indian korean euro hum rel dev mem stud ass electron meteor elem progr compos oper
    liq mach rep circ invest vis contin abstr lit art cell nature science ann"""
_EVERYDAY_WORDS = frozenset(_EVERYDAY_TEXT.split())


def acronym_of(acronym: str, name: str) -> bool:
    """``acronym`` is the initials of ``name``'s words, its small function words taken or left out
    ("PIER": "Progress In Electromagnetics Research", "MNRAS": "Monthly Notices of the Royal
    Astronomical Society", "JHEP": "Journal of High Energy Physics")."""
    letters = acronym.upper()
    words = re.findall(r"[^\W\d_][\w'’-]*", name)
    if len(words) < 2 or not 2 <= len(letters) <= 8 or not letters.isalpha():
        return False

    @cache
    def walk(i: int, j: int) -> bool:
        if j == len(words):
            return i == len(letters)
        optional = words[j].lower() in JOURNAL_STOP_WORDS
        if i < len(letters) and words[j][0].upper() == letters[i] and walk(i + 1, j + 1):
            return True
        return optional and walk(i, j + 1)

    return walk(0, 0)


def looks_like_venue(text: str) -> bool:
    """'Lect', 'Phys. Rev.', 'Proc. Natl. Acad. Sci.': an abbreviated journal or a piece of one."""
    words = text.strip().split()
    if not words or len(words) > 6:
        return False
    if journal_key(text) in journal_table() or canonical_journal(text) in _full_journal_keys():
        return True
    return all(re.fullmatch(r"[A-Z][a-z]{0,5}\.?|&|of", w) for w in words) and (
        len(words) == 1 or any(w.endswith(".") for w in words))


# -- abbreviation matching, for journals the abbreviation table does not list ----------------

@lru_cache(maxsize=16384)
def _journal_words(name: str) -> tuple[str, ...]:
    words = re.split(r"[^0-9a-z]+", fold(name.replace("\\&", " ")))
    # "a" is kept only as a series letter at the end ("Physica A"), otherwise it is an article
    return tuple(w for i, w in enumerate(words) if w and (w not in JOURNAL_STOP_WORDS or (w == "a" and i == len(words) - 1)))


def _abbreviates(short: str, word: str) -> bool:
    """ "phys" ~ "physics" (prefix), "natl" ~ "national" (same first letter, letters in order)."""
    if short == word or word.startswith(short):
        return True
    if len(short) < 2 or short[0] != word[0] or len(short) >= len(word):
        return False
    it = iter(word)
    return all(ch in it for ch in short)


def journal_matches(cited: str | None, name: str | None) -> bool:
    """Could ``cited`` be an abbreviation of (or the same as) journal ``name``?

    Word by word, in order: each cited word abbreviates one word of the name ("J. Low Temp.
    Phys." ~ "Journal of Low Temperature Physics") or is the initials of a run of words ("USA",
    "JHEP"); at most one long word of the name may go unmatched, never a series letter
    ("Phys. Rev." is not "Physical Review B").
    """
    if not cited or not name:
        return False
    short, full = _journal_words(cited), _journal_words(name)
    if not short or not full:
        return False
    if short == full:
        return True

    def walk(i: int, j: int, skips: int) -> bool:
        if i == len(short):  # the name's last words must be matched: "Nature" is not "Nature Physics"
            return j == len(full)
        if j == len(full):
            return False
        word = short[i]
        if _abbreviates(word, full[j]) and walk(i + 1, j + 1, skips):
            return True
        for k in range(2, min(len(word), len(full) - j) + 1):
            if word == "".join(w[0] for w in full[j : j + k]) and walk(i + 1, j + k, skips):
                return True
        return skips == 0 and len(full[j]) >= 4 and walk(i, j + 1, 1)

    return walk(0, 0, 0)


@lru_cache(maxsize=1)
def _names_by_letter() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for name in set(journal_table().values()):
        words = _journal_words(name)
        if len(words) >= 2:
            out.setdefault(words[0][0], []).append(name)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def names_known_journal(text: str, dotted: bool = False) -> bool:
    """``text`` names a journal of the table: by a name or abbreviation it lists, or as an abbreviation
    of a full name it holds (`abbreviates_known_journal`; with ``dotted``, only one written with a
    period: "Math. Research Lett.", not "Quantum Gravity Theories")."""
    return known_journal(text.strip(" .,")) or ((not dotted or "." in text) and abbreviates_known_journal(text.strip()))


@lru_cache(maxsize=16384)
def abbreviates_known_journal(text: str) -> bool:
    """``text`` is an abbreviation the table does not list of a full name it holds ("Annals Phys."
    of "Annals of Physics", "Commun. Math. Physics", "Living Rev. Relativity", "Classical Quantum
    Gravity"): two words or more, each abbreviating the name's words in order (`journal_matches`)."""
    words = _journal_words(text)
    if len(words) < 2 or not re.match(r"[A-Z]", text.strip()) or max(len(w) for w in words) < 4:
        return False  # initials ("N. J.") abbreviate too much
    return any(journal_matches(text, name) for name in _names_by_letter().get(words[0][0], ()))
