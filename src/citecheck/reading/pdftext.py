"""Clean-up pass for reference strings as PDF text extraction leaves them.

Runs before the parser (the raw text stays on the `Citation` for the report). It repairs what
extraction does to a reference, and leaves clean text as it is:

- spacing around punctuation and inside parentheses: "Phys .Rev .Lett .104 ,251301" → "Phys. Rev. Lett.
  104, 251301"; "JHEP 03 ( 2009)112 ,doi :10.1088/…" → "JHEP 03 (2009) 112, doi:10.1088/…";
- identifiers: "arXiv :1609.02466", "hep - lat/0401002", "https : //…", a URL glued onto a DOI
  ("…RevModPhys.81.109.URLhttps://…");
- line-break hyphenation: "Commu-nications" → "Communications" only when the joined word is known (the
  shipped word list, data/vocabulary.txt.gz, built by scripts/build_vocabulary.py); "heavy-fermion" keeps it;
- glued words, split only when a dictionary split exists and the glued form is not a word: "Quantumcriticality"
  → "Quantum criticality", "Jour-nalof" → "Journal of"; a word glued to a number ("Letters61", "JHEP11");
- an initial glued to its surname ("KlessenR .S .,2012" → "Klessen R.S., 2012"), a title's last word glued to
  the journal ("detectorsNucl .Instrum", "NbTiNJ. Appl. Phys.") or to any capitalised word after it where both
  are known words ("chainsJournal of", "musclesPhysiological reports");
- text decoded with the wrong code page ("SchÃ¤ffer" → "Schäffer", by ftfy);
- ligatures and look-alike characters (full-width forms, Cyrillic/Greek letters inside Latin words);
- series letters glued to volumes after journals with lettered series: "Phys. Rev. D58" → "Phys. Rev. D 58",
  "Phys. Lett. B429", "Z. Phys. C72", "Physical ReviewE 56"; and after the volume: "Il Nuovo Cimento 36 A
  (1976)" → "Il Nuovo Cimento A 36 (1976)".
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from citecheck.folding import caseless
from citecheck.function_words import GLUED_FIRST_WORDS, GLUED_LAST_WORDS, GLUED_SECOND_WORDS
from citecheck.identifiers import ARXIV_NEW, ARXIV_OLD_NUMBER, ARXIV_VERSION, DOI_PREFIX
from citecheck.names import TEXT_PARTICLE, alternation, name_words
from citecheck.reading.vocabulary import BOUND_PREFIXES, is_known_word, split_glued
from citecheck.regex_cache import compile_re
from citecheck.venues import (
    FULL_JOURNAL_WORDS,
    JOURNAL_WORDS,
    SERIES_JOURNAL,
    SIX_DIGIT_ARTICLE_JOURNAL,
    known_journal,
    known_journal_at,
)
from citecheck.years import MONTHS, YEAR, year_pattern

# what UTF-8 read as Latin-1 or cp1252 leaves: "Ã¤", "Ã©", "Â°", "â€™"
_MOJIBAKE_HINT = compile_re(r"[ÃÂ][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u2122]|â€")

__all__ = ["PDF_LIKE", "artefact_count", "clean_pdf_text", "is_known_word", "is_pdf_like", "split_glued"]

_LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st",
                            "ﬆ": "st", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2002": " ",
                            "\u2003": " ", "‐": "-", "‑": "-", "\u00ad": "",
                            "，": ",", "；": ";", "：": ":", "（": "(", "）": ")", "．": "."})
# (a minus sign "−" is kept: it is no line-break hyphen to join across, "B+ → K+ℓ+ℓ− decays", "W+W− production";
# the reader's clean-up makes it "-" after the joins)
# TeX's accents as pdftotext leaves them: a spacing accent before its letter ("Schr¨odinger", "Derezi´nski",
# "Ko˘caj", "Smol ˇci ´c", "J ´er´emy") or a combining one after a space ("Schro ̈dinger"); composed into one
# letter (NFC)
_SPACING_ACCENTS = {"´": "\u0301", "¨": "\u0308", "ˆ": "\u0302", "˜": "\u0303", "ˇ": "\u030c", "˚": "\u030a",
                    "¸": "\u0327", "˘": "\u0306", "˙": "\u0307", "˝": "\u030b", "`": "\u0300"}
_SPACING_ACCENT_RE = compile_re(
    # inside a word: "Schr¨odinger", "Fronti`eres", after a space the extraction put there ("Smol ˇci ´c")
    r"(?<=[^\W\d_])(?:([´¨ˆ˜ˇ˚¸˘˙˝])([a-zıȷAEIOUY])| ([´¨ˆ˜ˇ˚¸˘˙˝])([a-zıȷ])|(`)([aeiou]))"
    r"|(?<![\w`])([´¨ˆ])([AEIOUaeiou])(?=[a-z])"  # opening a word: "¨Uber", "´Etudes"
)
_ACCENT_CHARS = frozenset("´¨ˆ˜ˇ˚¸˘˙˝`" + "".join(map(chr, range(0x300, 0x370))))
# a combining accent after a space: on the vowel beside it ("gegenwa ̈rtige", "Guill ́en")
_LOOSE_COMBINING_RE = compile_re(r"([A-Za-z]) ([\u0300-\u036f])([A-Za-z])")
# a comma some fonts draw as the low quotation mark: "Lamarque J.F. ‚ T. C. Bond‚ V. Eyring"
_LOW_QUOTE_COMMA_RE = compile_re(r"\s?‚(?=\s)")
# what a UTF-8 quotation mark or dash read through a wrong code page leaves in arXiv PDFs ("donâĂŹt")
_TEX_MOJIBAKE = {"âĂŹ": "’", "âĂŸ": "‘", "âĂIJ": "“", "âĂĲ": "“", "âĂİ": "”", "âĂŞ": "–", "âĂŤ": "—"}
# a ligature ("fi", "ff", "fl", "ffi", "ffl") the extraction dropped, leaving a space: "classi cation", "e ective"
_LOST_LIGATURE_RE = compile_re(r"\b([A-Za-z]{1,12}) (?=([a-z]{2,14})\b)")
# a space the extraction put after an accented letter, before a name's last letter and its initials:
# "Maccì o A. V., Penzo C."
_ACCENT_SPACE_RE = compile_re(r"(?<=[a-z])([àèìòùáéíóúâêîôûäëïöü]) (?=[a-z](?:,|\s+[A-Z]\.))")
_LIGATURE_LETTERS = ("fi", "ff", "fl", "ffi", "ffl")


def _accent(m: re.Match[str]) -> str:
    mark, letter = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5, 7) if m.group(i))
    if letter in "ıȷ":
        letter = {"ı": "i", "ȷ": "j"}[letter]
    return unicodedata.normalize("NFC", letter + _SPACING_ACCENTS[mark])


def _loose_combining(m: re.Match[str]) -> str:
    before, mark, after = m.groups()
    if before.lower() in "aeiouy" or after.lower() not in "aeiouy":
        return unicodedata.normalize("NFC", before + mark) + after
    return before + unicodedata.normalize("NFC", after + mark)


def _lost_ligature(m: re.Match[str]) -> str:
    a, b = m.group(1), m.group(2)
    if is_known_word(a.lower()) and is_known_word(b):
        return m.group(0)  # two words ("in uence" is not: "uence" is none)
    for lig in _LIGATURE_LETTERS:
        if is_known_word((a + lig + b).lower()):
            return a + lig  # the second part stays in the text
    return m.group(0)


def _pdf_characters(text: str) -> str:
    """Accents, TeX mojibake, dropped ligatures (each only where it leaves a known word or letter)
    and commas drawn as "‚"."""
    if "âĂ" in text:  # (no spelling holds another's start: replaced one after the other)
        for debris, mark in _TEX_MOJIBAKE.items():
            text = text.replace(debris, mark)
    if not _ACCENT_CHARS.isdisjoint(text):  # (rare: the two accent passes only where one is)
        text = _LOOSE_COMBINING_RE.sub(_loose_combining, text)
        text = _SPACING_ACCENT_RE.sub(_accent, text)
    text = _LOST_LIGATURE_RE.sub(_lost_ligature, text)
    text = _ACCENT_SPACE_RE.sub(r"\1", text)
    if "?C" in text:  # an en dash (GBK A8 43) decoded as "?C": "645?C649"
        text = _GBK_DASH_RE.sub("–", text)
    return _LOW_QUOTE_COMMA_RE.sub(",", text) if "‚" in text else text


_GBK_DASH_RE = compile_re(r"(?<=\d)\?C(?=\d)")

# Cyrillic and Greek capitals/letters that look like Latin ones; replaced only inside a word that is
# otherwise Latin ("Рhys" with a Cyrillic Р).
_LOOKALIKE = str.maketrans({"А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O",
                            "Р": "P", "С": "C", "Т": "T", "Х": "X", "а": "a", "е": "e", "о": "o",
                            "р": "p", "с": "c", "х": "x", "у": "y", "і": "i", "Α": "A", "Β": "B",
                            "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
                            "Ο": "O", "Ρ": "P", "Τ": "T", "Χ": "X", "ο": "o"})
_MIXED_WORD_RE = compile_re(r"\b(?=\w*[A-Za-z])(?=\w*[\u0370-\u03ff\u0400-\u04ff])\w+\b")


_GREEK_OR_CYRILLIC = frozenset(map(chr, range(0x370, 0x500)))


def _greek_or_cyrillic(text: str) -> bool:
    """A Greek or Cyrillic letter in the text (what the above needs; most text is ASCII)."""
    return not text.isascii() and not _GREEK_OR_CYRILLIC.isdisjoint(text)


# -- identifiers ---------------------------------------------------------------------------------
#: identifiers broken by spacing, each pattern with the text it cannot match without (looked for in
#: the text as it stands at that step, lower-cased for a case-blind pattern): most references hold
#: none of these spellings, and eleven scans cost a tenth of the clean-up
def _spacing(pattern: str, repl: str, needles: tuple[str, ...], flags: int = 0
             ) -> tuple[re.Pattern[str], str, tuple[str, ...], bool]:
    """An `_ID_SPACING` entry: the pattern, its replacement, its needles, and whether it is case-blind
    (known here: asking the pattern would compile it, and an enum's `&` per string costs)."""
    return compile_re(pattern, flags), repl, needles, bool(flags & re.I)


_ID_SPACING: list[tuple[re.Pattern[str], str, tuple[str, ...], bool]] = [
    _spacing(r"\b(doi|DOI|arXiv|arxiv|ArXiv|ISBN|ISSN|URL|url)\s+:\s*", r"\1:", (":",)),
    _spacing(r"(?<![a-z])(https?)\s*:\s*/\s*/\s*", r"\1://", ("http", ":")),
    _spacing(r"\b((?:hep|gr|astro|cond|nucl|math|quant|physics|nlin)(?:\s*-\s*[a-z]{2,5})?)\s*/\s*(\d{7})\b",
             r"\1/\2", ("/",)),
    _spacing(r"\b(hep|gr|astro|cond|nucl)\s*-\s*(th|ph|ex|lat|qc|mat|th|ex)\b", r"\1-\2", ("-",)),
    _spacing(rf"\b(arXiv:)\s+(?={ARXIV_NEW}|[a-z-]+{ARXIV_OLD_NUMBER})", r"\1", ("arXiv:",)),
    # "arXiv .org:astro -ph/0710.3063", "arXiv preprint :1708 . 02952": the id's own prefix
    _spacing(r"\barXiv\s*\.\s*org\s*:\s*|\barXiv\s+preprint\s*:\s*", "arXiv:", ("arxiv", ":"), re.I),
    _spacing(r"\b(arXiv:\s?\d{4})\s*\.\s*(\d{4,5}(?:v\d+)?)\b", r"\1.\2", ("arXiv:",)),  # "arXiv:1002 . 4459", "…1401. 4024v2"
    _spacing(r"\b(10)\s*\.\s*(\d{4,9})\s*/\s*(?=\S)", r"\1.\2/", ("10", "/")),
    # "http: // arxiv.org /abs/1403. 4822": the arXiv URL's path broken like the id
    _spacing(r"\b(arxiv\.org)\s*/\s*(abs|pdf)\s*/\s*(\d{4})\s*\.\s*(\d{4,5}(?:v\d+)?)\b", r"\1/\2/\3.\4",
             ("arxiv.org",), re.I),
    # a URL glued onto a DOI or a word: "...RevModPhys.81.109.URLhttps://", "doi:10.x/y.http://"
    _spacing(r"\.?\s*URL\s*(?=https?://)", " URL ", ("URL", "://")),
    _spacing(r"(?<=[\w)])\.?(?=https?://)", " ", ("://",)),
]
_PROTECT_RE = compile_re(
    rf"(?:https?://|www\.)\S+|\b{DOI_PREFIX}/[^\s\"<>]+|\barXiv:\s?[\w./-]+|"
    rf"\b[a-z-]{{2,12}}(?:\.[A-Z]{{2}})?{ARXIV_OLD_NUMBER}\b|\b{ARXIV_NEW}(?:{ARXIV_VERSION})?\b|\b[\w.+-]+@[\w-]+\.[\w.-]+"
    # an ADS bibcode: "1999Natur.402..276S", "2005PhRvL..95e1101X"
    rf"|\b{YEAR}[A-Za-z&][A-Za-z&.]{{4}}[\d.]{{4}}[A-Za-z.][\d.]{{4}}[A-Z]\b"
    # an arXiv category after the id: "[hep-ph]", "[cond-mat.mes-hall]", "[physics.acc-ph]", "[cs.CL]"
    r"|\[\s*[a-z]{2,8}(?:-[a-z]{2,5}(?:\.[A-Za-z-]{2,10})?|\.[A-Za-z]{2,5}(?:-[a-z]{2,5})?)\s*\]"
)
_TRAILING_PUNCT = ".,;:)]"

# -- punctuation spacing --------------------------------------------------------------------------
# an initial's period doubled by the list's, the space slid before both: "vander Kruit P ..,1994"
_INITIAL_DOUBLE_DOT_RE = compile_re(r"(?<=\b[A-Z])\s\.\.(?=\s?[,;])")
_SPACE_BEFORE_RE = compile_re(r"(?<=[^\s,;:])\s+(,|\.(?!\.)|\)|\])")
# a range's hyphen with the space slid before it: "273 -275( 2016)1121", "1914 -1916"
# … or a report number's: "DESY -94-049"
_RANGE_SPACE_RE = compile_re(r"(?:(?<=\d)|(?<=\b[A-Z]{3})|(?<=\b[A-Z]{4})) [-–](?=\d)")
_LABEL_COMMA_RE = compile_re(r"(?<![^\W\d_])([Vv]ol|[Nn]o)\s?,\s*(?=\d)")
_MOVED_COMMA_RE = compile_re(r"(?<=[^\s,;:])\s+,(?=[^\s,])")
_SPACE_BEFORE_COLON_RE = compile_re(r"(?<=[^\s,;:])\s+([;:])")  # French spacing unless PDF-like
# Vancouver's last initials glued to the title: "Toews DP.Effects of", "Muto A.tRNA-like", "Liaw D.PTEN,"
_INITIALS_TITLE_RE = compile_re(
    r"(?:(?<=\s[A-Z])|(?<=\s[A-Z]{2})|(?<=\s[A-Z]{3}))\.(?=[A-Z][a-z]{2,}|[A-Z]{3,}\b|[a-z]+[A-Z])")
_SPACE_AFTER_OPEN_RE = compile_re(r"([(\[])\s+")
# a place's country in parentheses glued on both sides: "Merida( Mexico)2007" (after the space inside
# is gone)
_GLUED_PAREN_PLACE_RE = compile_re(rf"(?<=[a-z]{{2}})\(([A-Z][a-z]{{2,20}})\)({year_pattern(1900)}\b)?")
# A mark glued to what follows gets its space: one scan, each context an alternative (the space put
# after one mark is in no other mark's context, so their order makes no difference). Each alternative
# takes one of the marks: the lookahead first turns every other position away before the lookbehinds
_GLUED_MARK_RE = compile_re(
    r"(?=[,;:.?])(?:"
    # "Smith,J.", ",251301", ",Phys." ("Cu,Zn", "1,2-dichloro", "1,234" keep theirs)
    r"[,;](?=[A-Z](?:[a-z]{2}|\.)|[a-z]{3}|[\"“(\[]|(?<!\d[,;])\d|\d{4}|PoS|ApJ|JHEP|JCAP)"
    r"|(?<=[^\W\d_]{2}):(?=[A-Z][a-z]|[A-Z]\s|[a-z]{3,})"  # "DBTBS:A database", "nodulation:evolving"
    r"|(?<=[^\W\d_]{2})(?<!\bPh)\.(?=[A-Z][a-z]|[A-Z]\b|[A-Z]\d|\d)"
    # "… temporal imaging.IEEE journal …" (not an arXiv category: "cs.LG", "math.AG")
    r"|(?<=[^\W\d_]{3})(?<!\bmath)(?<!\bstat)(?<!\beess)(?<!\becon)\.(?=[A-Z]{2,5}\b)"
    r"|(?<=[^\W\d_]{2})\?(?=[A-Z][a-z])"  # "… detector?Phys. Rev. Lett.": a title's question mark
    r"|(?<=\bJ)\.(?=\d)"  # "Astrophys .J .270 ,365": a journal's one-letter last word glued to the volume
    # "… quantum supergroup Uq (gl(m/n)).J .Math .Phys .33": a title closed by a parenthesis, glued to the journal
    r"|(?<=\))\.(?=[A-Z][a-z]{0,9}\.|[A-Z]\s?\.)"
    r"|(?<=\b[A-Z])\.(?=[A-Z][a-z]|(?:and|und|et)\s)"  # "J.Smith", "L.and Massart"
    # "… mediated by galectin-1.Nature 1995", "no 7, 18.ACM, New York": a number ends the sentence before a word
    r"|(?<=\d)\.(?=[A-Z][a-z]{2,}|[A-Z]{3,}\b))"
)
_CLOSE_GLUE_RE = compile_re(rf"(\({YEAR}[a-z]?\))(?=[^\W_]|\ue000)")
_OPEN_YEAR_RE = compile_re(rf"(?<=[^\W_])\((?=\s*{YEAR}[a-z]?\s*\))")
_MONTH_YEAR_RE = compile_re(
    rf"\b({alternation([m[:3] for m in MONTHS] + ['Sept'] + [m for m in MONTHS if len(m) > 3])})\.?({YEAR})\b")
_WORD_NUMBER_RE = compile_re(r"\b([A-Za-z][a-z]{3,}|[A-Z]{5,}|JHEP|JCAP|MNRAS|ApJ[LS]?|PASP|JINST|PoS|EPL|AJ)(\d{1,6})\b")
# "Journalof Computational Physics", "Proceedingsof the …"
# a word glued to the name after it, where that name opens with a word of these: a journal's ("… face
# recognitionJournal of Cognitive Neuroscience", "… self-explanation effectJournal of the Learning Sciences")
# or a collaboration's ("PlanckCollaboration")
_GLUED_NAME_START_RE = compile_re(  # (every alternative is before one of the capitals)
    r"(?=[JPTABRC])(?:(?<=[a-z]{3})(?=(?:Journal|Proceedings|Transactions|Annals|Bulletin|Advances|Reviews?)\s?(?:of|on|in)\s(?:the\s)?[A-Z])"
    r"|(?<=[a-z])(?=Collaborations?\b))")
_JOURNAL_OF_RE = compile_re(r"\b(Journal|Proceedings|Annals|Bulletin|Transactions|Review|Advances)(of|on|in)\b")
#: every match of the two patterns above holds one of these (a cheap test before running them)
_NAME_START_WORDS = ("Journal", "Proceedings", "Transactions", "Annals", "Bulletin", "Advances", "Review",
                     "Collaboration")
# a number glued to the journal after it ("PYTHIA 8.1Comput. Phys. Commun.", "0.2Phys. Rev. Lett."), or a symbol
# or short formula end ("mc = ∞Phys. Lett. B", "νPhys. Rev.", "mQPhys. Rev.", "qJ. Phys. A": two abbreviated words)
_DIGIT_JOURNAL_RE = compile_re(  # (both alternatives are before a capital)
    r"(?=[A-Z])(?:(?<=\d)(?=[A-Z][a-z]{1,9}\.\s?[A-Z])"
    r"|(?:(?<=[^\w\s.,;:()\[\]/'\"“”‘’&-])|(?<=(?<![^\W\d_])[^\W\d_])|(?<=(?<![^\W\d_])[^\W\d_]{2}))"
    r"(?=[A-Z][a-z]{0,9}\.\s?[A-Z][a-z]{0,9}\.))")
# … or a journal written out: "bacteriophage T4Nature (1970) 227", "galectin-1Nature 1995", "spins 1 2Physica 36"
_DIGIT_WORD_RE = compile_re(r"(?<=\d)(?=[A-Z][a-z]{2,}\b|[A-Z]{3,6}\s)")  # (or an acronym's: "(A)dS4JHEP 2007")
# Any word glued to a journal the table knows ("TeVPhys. Lett. B 746", "plasmaJHEP 10", "AdS/CFTPhys.
# Rev. Lett."): the right part must start a known journal (`venues.known_journal_at`)
_GLUED_START_RE = compile_re(r"(?<![^\W\d_])(?<![\ue000-\ue0ff])([^\W\d_]{3,}?)([A-Z](?:[a-z]{1,12}|[A-Z]{2,5}|&[A-Z]{1,2})|[A-Z](?=\.))(?=[\s.,]|\d)")
# Words of a journal's full name glued ("PhysicalReview B85", "ofModernPhysics", "InternationalJournal"):
# never one word, so split in clean text too
_CAMEL_TOKEN_RE = compile_re(r"\b[A-Za-z][a-z]+(?:[A-Z][a-z]+)+\b")


def _journal_camel(m: re.Match[str]) -> str:
    token = m.group(0)  # (ASCII letters, each capital opening a part: "PhysicalReview", "ofModern")
    starts = [0] + [i for i, c in enumerate(token) if c.isupper() and i > 0]
    parts = [token[a:b] for a, b in zip(starts, [*starts[1:], len(token)], strict=True)]
    if len(parts) >= 2 and all(p.lower() in FULL_JOURNAL_WORDS for p in parts):
        return " ".join(parts)
    return m.group(0)


#: "et al." glued to the name before it, its period slid: "M. Ambrosioet . al. Astropart. Phys."
_GLUED_ET_AL_RE = compile_re(r"\b([A-Z][a-z]{2,})et\s?\.\s?al\b\.?")
#: "andM .Spannowsky", "&Steyvers": the word before the last author glued to it
_GLUED_AND_RE = compile_re(r"(?<![^\W\d_])(and|&)(?=[A-Z](?:\s*[.,]|[a-z]|\s[A-Z][a-z]))")
# An initial glued to the surname before it: "KlessenR .S .,2012", "PallaF .,1997", IOP "RabelingD S
# and" (a word of four letters or more, then one capital and an initial's period, another
# initial, "and" or a comma)
_GLUED_INITIAL_RE = compile_re(r"\b([A-Z][a-zà-öø-ÿ]{3,})([A-Z])(?=\s?\.|\s[A-Z](?:\s|\.|,)|\s(?:and|et)\s|\s?,)")
# the IOP form alone ("RabelingD S and Schimmel A"), mended in any text
# and the PDF form whose period slid behind a space ("InutsukaS . ,TurnerN . J. ,"), in any text
_GLUED_IOP_INITIAL_RE = compile_re(
    r"(?<=, )([A-Z][a-zà-öø-ÿ]{3,})([A-Z])(?=\s[A-Z](?:\s|,)|\s(?:and|et)\s)"
    r"|\b([A-Z][a-zà-öø-ÿ]{3,})([A-Z])(?=\s\.\s?(?:,|[A-Z]\s?\.))")
# "PoSLATTICE 2008", "PoSLattice 2014": Proceedings of Science glued to the conference's tag
_GLUED_POS_RE = compile_re(r"\bPoS(?=[A-Z])")
# … and the title's last word glued before it: "Matrix Product StatesPoS LATTICE2014"
_POS_AFTER_WORD_RE = compile_re(r"(?<=[a-z]{2})(?=PoS\s?(?:[A-Z]{2,}|\d))")
# "P.deForcrand", "J.van der Meer": an initial glued to a particle and the family name; "A. G. deBruyn",
# "vanHaasteren, R.": a particle glued to the family name
_GLUED_PARTICLE_RE = compile_re(
    rf"\b([A-Z])\.({TEXT_PARTICLE})(?=[A-Z][a-z]|\s[a-z]+\s[A-Z][a-z])|(?<![\w'’.-])(?!di)({TEXT_PARTICLE})(?=[A-Z][a-z]{{2}})")  # (not "diHiggs")
# a list number left before the first author goes: "11 E. W. Becker", "10T .Seki", "17.Møller ,J .S.:",
# "5.W .Glöckle"; one glued to any other capital gets its space (group "glued")
_LIST_NUMBER_RE = compile_re(
    r"^\d{1,3}(?:(?:\.\s*|\s+|(?=[A-Z]\s?\.))(?=[A-Z]\s?\.|[A-Z][^\W\d_]+\s?,\s?[A-Z]\s?\.)|(?P<glued>\.)(?=[A-Z][ .]))")
# "and" glued to the name before it: "Gonzalez-Garciaand M. Maltoni", "Fukuyamaand A. J. Silenko"
_NAME_AND_RE = compile_re(r"\b([A-Z][^\W\d_]{2,})and(?=\s+[A-Z]\s?\.)")
# "Class .Quantum Grav .29245007" is volume 29, article 245007: a journal that numbers its articles with
# six digits, and a number of seven digits or more, which is never one field there
# (not when a page range follows: "Phys. Rev. B 5115197 -202" of 1995 is volume 51, pages 15197–15202,
# from before the six-digit numbering; venue.py keeps such a run as a note)
_ARTICLE_GLUE_RE = compile_re(rf"\b({SIX_DIGIT_ARTICLE_JOURNAL})\s?(\d{{1,3}})(\d{{6}})\b(?!\s?[-–]\s?\d)")
# "Acoust. Phys. 52 N5 (2006) 495", "Nuovo Cim. 10 N 3, 1": Russian/Italian "N" for the issue
_N_ISSUE_RE = compile_re(r"\b(\d{1,4})\s+N\s?(\d{1,3})\b(?=\s*[(,;])")
# a number glued to the word after it: an ordinal ("2ndEdition"), or in IOP "Yamamoto H 2013Interferometer
# design …" the year glued to the title (bibcodes are protected)
_NUMBER_WORD_RE = compile_re(rf"\b(?:\d+(?:st|nd|rd|th)(?=[A-Z][a-z])|{YEAR}[a-z]?(?=[A-Z][a-z]{{2,}}|[A-Z]{{3,}}\s))")
# an ordinal's letters spaced out: "2 n d edition"
_SPACED_ORDINAL_RE = compile_re(r"\b(\d{1,3}) ?(s t|n d|r d|t h)\b")
# a German dash after a sentence's period: "… phytoplankton-Methodik.- Mitt. Internat."
_DOT_DASH_RE = compile_re(r"(?<=[a-z]\.)[-–](?=\s[A-Z])")
_QUOTE_PAIR_RE = compile_re(r"\s*([\"“”])\s*([^\"“”]{3,400}?)\s*([\"“”])\s*(?=(\S?))")
# An article-in-press header copied as a reference: "Progress in Neurobiology xxx (2011) xxx–xxx" — the
# publisher's placeholders for the volume and pages are no numbers (nor a title)
_PLACEHOLDER_RE = compile_re(
    rf"(?<![\w:/-])(?:xxx|XXX)(?=\s*\({year_pattern(1900)}\))|(?<=\))\s*(?:xxx|XXX)\s*[–-]\s*(?:xxx|XXX)(?![\w-])"
)
# signs that a string went through PDF text extraction (French spacing before ; : ! ? is not one).
# The last alternative (a word glued to "of", "the", "and") is tried only where a run of lower-case
# letters starts, or just after a match that ended one letter into a run (the third to fifth
# alternatives end so): tried at every letter of a run it was quadratic in the run's length. Where
# it is skipped it could not match: it had failed one letter earlier, on the same run's end.
_ARTEFACT_RE = compile_re(r"(?<=\w) [,.](?=\S)|\( | \)|[a-z]{2}[.,][A-Z][a-z]|\w -[a-z]|[a-z]- [a-z]|"
                          rf"\b{alternation(GLUED_FIRST_WORDS)}{alternation(GLUED_SECOND_WORDS)}\b"
                          rf"|(?:(?<![a-z])|(?<=[A-Z -][a-z]))[a-z]{{4,}}{alternation(GLUED_LAST_WORDS)}\b")

# -- series letters --------------------------------------------------------------------------------
# the letter before the volume ("Phys. Rev. D58"), or after it: "Il Nuovo Cimento 36 A (1976) 317",
# "Nuovo Cim. 36A, 317" — written "journal letter volume"
_SERIES_RE = compile_re(
    rf"\b({SERIES_JOURNAL})\s*(?:([A-HX])\s*(\d{{1,4}})\b|(\d{{1,4}})\s?([A-D])(?=\s*[(,;]))")
_SERIES_GLUED_RE = compile_re(r"\b(Review|Letters)([A-EX])(?=\s*\d)")
# a dash inside a journal's name: "Sov. Phys. — JETP 36", "Sov. Phys.-Usp." (joined when the name is known)
_JOURNAL_DASH_RE = compile_re(r"\b((?:[A-Z][a-z]{0,9}\.\s?){1,3})\s*[—–-]\s*([A-Z][A-Za-z]{1,8}\.?(?:\s[A-Z][a-z]{1,8}\.?)?)(?=[\s,\d])")


def _journal_without_dash(m: re.Match[str]) -> str:
    joined = f"{m.group(1).strip()} {m.group(2)}"
    return joined if known_journal(joined) else m.group(0)


# -- hyphens and glued words ------------------------------------------------------------------------
_SPACED_HYPHEN_RE = compile_re(r"\b([^\W\d_]+)(\s+-\s*|-\s+)([^\W\d_]+)")
_HYPHEN_RE = compile_re(r"\b([^\W\d_]{2,})-([^\W\d_]{2,})(?![^\W\d_])")
_TOKEN_RE = compile_re(r"(?<![\w\ue000-\ue0ff])[^\W\d_]{6,}(?![\w\ue000-\ue0ff])")
_CAMEL_RE = compile_re(r"\b([A-Z][a-z]{3,})([A-Z][a-z]{2,})\b")
# a lower-case word glued to the capitalised word after it, a lost space at a line end ("Toda
# chainsJournal of …", "in trunk musclesPhysiological reports", "(with discussion)Statistical Science")
_LOWER_CAMEL_RE = compile_re(r"((?<![\w\ue000-\ue0ff])[a-z]{3,}|\))([A-Z][a-z]{2,})(?![\w\ue000-\ue0ff])")
_LOWER_UPPER_RE = compile_re(r"[a-z)][A-Z]")  # where either can apply
# … or to a Vancouver journal's "J", acronym or "Am J" before its next word ("childrenJ Pediatr", "bondFEBS
# Lett", "dogsAm J Physiol")
_LOWER_ACRONYM_RE = compile_re(
    r"(?<![\w\ue000-\ue0ff])([a-z]{4,})(J|[A-Z]{3,6}|[A-Z][a-z]{0,3}(?=\sJ\s))(?=\s[A-Z](?:[a-z]|\s))"  # "dogsAm J Physiol"
)
_NAME_AFTER_RE = compile_re(r",?\s*[A-Z]{1,3}(?:\.|\s|,|;|$)")  # (Vancouver: "Boldrick JC,")
_INITIAL_BEFORE_RE = compile_re(r"\b[A-Z]\.\s?$")
_NOT_A_PIECE = frozenset(["and", "or", "to", "und", "et", "bis", "and/or"])  # "Hazard- and Risk-…"
def _fix_word(m: re.Match[str]) -> str:
    word = m.group(0)
    if word[1:].lower() != word[1:]:
        return word  # inner capitals: an acronym or a name, not a glued word
    if word[:1].isupper():
        after, before = m.string[m.end():m.end() + 5], m.string[max(0, m.start() - 3):m.start()]
        if _NAME_AFTER_RE.match(after) or _INITIAL_BEFORE_RE.search(before) or word.lower() in name_words():
            return word  # "Hartmann, J." / "J. Hartmann" / "Hartmann J A" / "Francesco": a name
    if _journal_word(word):
        return word  # "Instrum." is an abbreviation, not "In strum"
    parts = split_glued(word)
    return " ".join(parts) if parts else word


def _glued_journal_start(m: re.Match[str]) -> str:
    left, right = m.group(1), m.group(2)
    if left[-1].isupper() and len(right) == 1 and not known_journal(left[-2:] + right) \
            and known_journal_at(m.string, m.start(2)) and " " in m.string[m.start(2):m.start(2) + 4]:
        return f"{left} {right}"  # an acronym before a journal's initial: "NbTiNJ. Appl. Phys.", "DNAJ. Phys. Chem."
    if left[-1].isupper() and (len(right) == 1 or (right.isupper() and not known_journal(right))):
        return m.group(0)  # "ApJ.": no telling where one ends; "LHCJINST" is known
    if known_journal_at(m.string, m.start(2), full_names=True) or (
            right.lower() in JOURNAL_WORDS and len(right) > 2 and m.string[m.end():m.end() + 1] == "."):
        return f"{left} {right}"
    if left[:1].isupper() and known_journal_at(f"{left} {m.string[m.start(2):]}", 0, full_names=True):
        return f"{left} {right}"  # the two words of one journal's name: "LivingRev. Relativity"
    return m.group(0)


def _journal_word(word: str) -> bool:
    """A word of journal names, abbreviated ("Instrum") or written out ("Physics")."""
    return word.lower() in JOURNAL_WORDS or word.lower() in FULL_JOURNAL_WORDS


def _word_number(m: re.Match[str]) -> str:
    """"Optica1"-like glue split where the word is a word or a journal's ("LETTERS98", "ApJ812"); a
    conference's acronym keeps its year ("LINAC2014", "ICRC2017"), a program its version ("GEANT4")."""
    word, number = m.group(1), m.group(2)
    if len(word) >= 5 and word.isupper() and re.fullmatch(year_pattern(1900), number):
        return m.group(0)
    if word.isupper() and len(number) == 1 and not (_journal_word(word) or known_journal(word)):
        return m.group(0)
    if (is_known_word(word) or word.isupper() or word[:3] in ("ApJ", "PoS")
            or word.lower() in JOURNAL_WORDS or known_journal(word)):  # (a one-word journal: "Optica1")
        return f"{word} {number}"
    return m.group(0)


def _join_hyphen(a: str, b: str, spaced: bool) -> str:
    joined = a + b
    word = joined[:-1] if joined[-1].isupper() and joined[-2:-1].islower() else joined  # "Re-viewD42": series D
    if word.lower() in JOURNAL_WORDS | FULL_JOURNAL_WORDS and len(a) >= 2 and b[:1].islower() \
            and (word == joined or word.lower() in FULL_JOURNAL_WORDS):
        return joined  # a journal's word broken at the line end: "Eu-rophys. Lett.", "Phys-ical Review"
    both = is_known_word(a) and is_known_word(b)
    if is_known_word(joined) and not (not spaced and both and len(a) >= 3 and len(b) >= 3):
        return joined
    parts = split_glued(joined)
    if (
        parts
        and len(a) >= 3
        and len(parts[0]) > len(a)
        and b[:1].islower()
        # "non - abelian" keeps its hyphen, "super -conductors" is one known word
        and (a.lower() not in BOUND_PREFIXES or is_known_word(parts[0]))
    ):
        return " ".join(parts)  # the line break fell inside the first word: "Jour-nalof"
    return f"{a}-{b}"


def _broken_name(m: re.Match[str], a: str, b: str) -> bool:
    """A family name broken at a line end, after an initial or a given name ("S. Hein-emeyer", "Matias
    Zald-arriaga", "Andrei Mesi -nger"): a name's second part after a hyphen is capitalised ("Ewall-Wice")."""
    if not (a[:1].isupper() and a[1:].islower() and b.islower()) or a.lower() in BOUND_PREFIXES \
            or (is_known_word(a) and is_known_word(b)) or (is_known_word(b) and split_glued(a.lower())):
        return False  # "Self-consistent", "Non-linear", "A. Twoandthree-point": a compound, not a name
    parts = split_glued(a + b)
    if parts and _journal_word(parts[0]):
        return False  # "X. Jour-nalof Chemical Physics": a journal's name after an initial
    before = m.string[max(0, m.start() - 24):m.start()]
    if _INITIAL_BEFORE_RE.search(before):
        return True
    head, _, given = before.rstrip().rpartition(" ")  # a list's ", Given Fam-ily" (neither piece a word)
    head = head.rstrip()
    return (given.istitle() and given.isalpha() and (not head or head[-1] in ",;&" or head.endswith(" and"))
            and given.lower() in name_words() and not (is_known_word(a) or is_known_word(b)))


def _spaced_hyphen(m: re.Match[str]) -> str:
    a, sep, b = m.group(1), m.group(2), m.group(3)
    if b in _NOT_A_PIECE:
        return m.group(0)
    if not b[:1].islower():
        return f"{a}-{b}"
    if _broken_name(m, a, b):
        return a + b
    out = _join_hyphen(a, b, True)
    if out == f"{a}-{b}" and sep == "- " and not (is_known_word(a) and is_known_word(b)):
        return a + b  # "Mur- phy": a word broken at the line end (as clean_reference mends it)
    return out


def _hyphen(m: re.Match[str]) -> str:
    a, b = m.group(1), m.group(2)
    if not b[:1].islower() or is_known_word(f"{a}-{b}"):
        return m.group(0)
    return a + b if _broken_name(m, a, b) else _join_hyphen(a, b, False)


def _hyphens(text: str) -> str:
    text = _SPACED_HYPHEN_RE.sub(_spaced_hyphen, text)
    return _HYPHEN_RE.sub(_hyphen, text)


def _camel(m: re.Match[str]) -> str:
    a, b = m.group(1), m.group(2)
    if is_known_word(a) and (is_known_word(b) or len(b) <= 4) and not is_known_word(a + b):
        return f"{a} {b}"
    return m.group(0)


def _glued_and(m: re.Match[str]) -> str:
    """"Garcia" + "and" is a family name and "and" ("Garciaand"); so is a name no word list holds after an
    initial ("P. Parthasarathyand R. Sudhesh", "O. P. Le Maîtreand O. M. Knio"); "Bul" + "and", "Holl" +
    "and" are not."""
    stem = m.group(1)
    whole = (stem + "and").lower()
    before = m.string[max(0, m.start() - 4): m.start()].rstrip()
    after_initial = (before.endswith(".") and before[-2:-1].isupper()) or before.endswith((" Le", " La", " De"))
    known = name_words().get(stem.lower()) == "f" or (after_initial and not is_known_word(stem.lower()))
    glued = known and not is_known_word(whole) and not name_words().get(whole)
    return f"{stem} and" if glued else m.group(0)


def _lower_camel(m: re.Match[str]) -> str:
    """Split "chainsJournal" where the left part is a known word (or ")"), the right part a known word
    or a journal's, and the two together are no known word."""
    a, b = m.group(1), m.group(2)
    low = b.lower()
    journal = _journal_word(b) or known_journal_at(m.string, m.start(2), True)
    if (a == ")" or is_known_word(a)) and (journal or is_known_word(low)) and not is_known_word(a + low):
        return f"{a} {b}"
    if len(a) >= 4 and not is_known_word(a + low) and known_journal_at(m.string, m.start(2), True):
        return f"{a} {b}"  # a whole known journal after any word: "roguewavesNature 450"
    return m.group(0)


def _quotes(text: str) -> str:
    """One pair of quotes: no space inside, one outside ("B.Hafizi ,\" Title ,\"Phys" → '…, "Title," Phys')."""
    if sum(text.count(q) for q in "\"“”") != 2:
        return text

    def fix(m: re.Match[str]) -> str:
        after = "" if not m.group(4) or m.group(4) in ",.;:)]" else " "
        return f" {m.group(1)}{m.group(2)}{m.group(3)}{after}"

    return _QUOTE_PAIR_RE.sub(fix, text, count=1)


def _stray_marks(text: str) -> str:
    """Commas and periods the extraction left where none belong: doubled ("Prakash,, Sarkar"), or
    after the "and" before the last author ("Chen and,, J. Miralda-Escudé", "and . N. Aghanim")."""
    while ",," in text or ", ," in text:
        text = text.replace(", ,", ",").replace(",,", ",")
    at = text.find(" and")
    while at >= 0:
        end = j = at + 4
        while j < len(text) and text[j] in " ,.":
            j += 1
        if j < len(text) and text[j].isupper() and ("," in text[end:j] or "." in text[end:j]):
            text = f"{text[:end]} {text[j:]}"
        at = text.find(" and", end)
    return text


def _punctuation(text: str, pdf_like: bool) -> str:
    # (a pattern with a literal part runs only where that part is: most strings need few of them)
    paren = "(" in text
    if paren or "[" in text:
        text = _SPACE_AFTER_OPEN_RE.sub(r"\1", text)
    if paren:
        text = _GLUED_PAREN_PLACE_RE.sub(lambda m: f" ({m.group(1)})" + (f" {m.group(2)}" if m.group(2) else ""),
                                         text)
    text = _MOVED_COMMA_RE.sub(", ", text)  # "71 ,971": the space slid before the comma
    text = _stray_marks(text)
    if "ol," in text or "o," in text:
        text = _LABEL_COMMA_RE.sub(r"\1. ", text)  # "vol,33, no,10": a comma for the label's period
    if " -" in text or " –" in text:
        text = _RANGE_SPACE_RE.sub(lambda m: m.group(0)[1], text)
    if pdf_like:
        text = _SPACE_BEFORE_COLON_RE.sub(r"\1", text)
    if ".." in text:
        text = _INITIAL_DOUBLE_DOT_RE.sub(".", text)
    text = _SPACE_BEFORE_RE.sub(r"\1", text)
    text = _GLUED_MARK_RE.sub(r"\g<0> ", text)
    text = _INITIALS_TITLE_RE.sub(". ", text)  # (after the others: their spaces make its initials)
    if "(" in text:
        text = _CLOSE_GLUE_RE.sub(r"\1 ", text)
        text = _OPEN_YEAR_RE.sub(" (", text)
    return text


@lru_cache(maxsize=4096)
def artefact_count(text: str) -> int:
    """How many PDF-extraction artefacts the raw string shows (spaces before commas, glued words...).
    Remembered: the reader, the labeller and the combination each ask it of the same string."""
    return len(_ARTEFACT_RE.findall(text))


#: from this many artefacts on a string is PDF text: its glued words are split, its spacing mended
PDF_LIKE = 3


def is_pdf_like(text: str) -> bool:
    """Whether the string shows enough artefacts to be read as PDF-extracted text."""
    return artefact_count(text) >= PDF_LIKE


def _protected(text: str) -> tuple[str, list[str]]:
    """URLs, DOIs, arXiv ids, e-mails and bibcodes replaced by placeholders the repairs leave alone
    (`_restored` puts them back); a string of 200 or more of them is no reference: left as it is."""
    found = list(_PROTECT_RE.finditer(text))  # (one scan: the replacement is built from these)
    if not found or len(found) >= 200:
        return text, []
    protected: list[str] = []
    parts, at = [], 0
    for m in found:
        s = m.group(0)
        tail = len(s) - len(s.rstrip(_TRAILING_PUNCT))
        core, rest = (s[:-tail], s[-tail:]) if tail else (s, "")
        protected.append(core)
        parts += [text[at:m.start()], f"\ue000{chr(0xe100 + len(protected) - 1)}{rest}"]
        at = m.end()
    return "".join(parts) + text[at:], protected


def _glued_names_and_journals(text: str, pdf_like: bool) -> str:
    """Words the extraction glued: "andM", "Ambrosioet . al.", "PlanckCollaboration", "Journalof",
    "PoSLATTICE", "P.deForcrand", "KlessenR .S"."""
    text = _GLUED_AND_RE.sub(r"\1 ", text)
    text = _GLUED_ET_AL_RE.sub(r"\1 et al.", text)  # "M. Ambrosioet . al."
    text = _NAME_AND_RE.sub(_glued_and, text)
    text = _CAMEL_TOKEN_RE.sub(_journal_camel, text)
    if any(word in text for word in _NAME_START_WORDS):
        text = _JOURNAL_OF_RE.sub(r"\1 \2", _GLUED_NAME_START_RE.sub(" ", text))
    if "PoS" in text:
        text = _GLUED_POS_RE.sub("PoS ", _POS_AFTER_WORD_RE.sub(" ", text))
    text = _GLUED_PARTICLE_RE.sub(lambda m: f"{m.group(1)}. {m.group(2)} " if m.group(1) else f"{m.group(3)} ", text)
    if pdf_like:
        text = _GLUED_INITIAL_RE.sub(r"\1 \2", text)
    else:
        text = _GLUED_IOP_INITIAL_RE.sub(lambda m: f"{m.group(1) or m.group(3)} {m.group(2) or m.group(4)}", text)
    return text


@lru_cache(maxsize=4096)
def clean_pdf_text(text: str, pdf_like: bool | None = None) -> str:
    """The reference with PDF-extraction artefacts repaired (see the module docstring).

    Glued words are split only in text that shows several artefacts (``pdf_like``; a part of a
    reference can be told so by its caller), so that clean text keeps its compounds. Cached: the
    parser, the labeller and the raw-text search each clean the same reference."""
    if _MOJIBAKE_HINT.search(text):
        import ftfy  # only text that looks mis-decoded needs it (40 ms of start-up otherwise)

        text = ftfy.fix_encoding(text)  # "SchÃ¤ffer AA" → "Schäffer AA": UTF-8 read as Latin-1/cp1252
    if not text.isascii():  # (the table maps no ASCII character)
        text = text.translate(_LIGATURES)
    text = _pdf_characters(text)
    if pdf_like is None:
        pdf_like = is_pdf_like(text)
    if _greek_or_cyrillic(text):
        text = _MIXED_WORD_RE.sub(lambda m: m.group(0).translate(_LOOKALIKE), text)
    for pattern, repl, needles, caseblind in _ID_SPACING:
        seen = caseless(text) if caseblind else text
        if all(needle in seen for needle in needles):
            text = pattern.sub(repl, text)
    text, protected = _protected(text)
    text = _glued_names_and_journals(text, pdf_like)
    text = _punctuation(text, pdf_like)
    split = _GLUED_START_RE.sub(_glued_journal_start, text)
    if split != text:  # a split may show the next: "ExperimentLivingRev." → "ExperimentLiving Rev."
        split = _GLUED_START_RE.sub(_glued_journal_start, split)
    text = split
    text = _DIGIT_JOURNAL_RE.sub(lambda m: " " if known_journal_at(m.string, m.start()) else "", text)
    text = _DIGIT_WORD_RE.sub(lambda m: " " if known_journal_at(m.string, m.start(), True) else "", text)
    text = _quotes(text)
    text = _MONTH_YEAR_RE.sub(r"\1 \2", text)
    if any(spaced in text for spaced in ("s t", "n d", "r d", "t h")):
        text = _SPACED_ORDINAL_RE.sub(lambda m: m.group(1) + m.group(2).replace(" ", ""), text)
    if ".-" in text or ".–" in text:
        text = _DOT_DASH_RE.sub("", text)
    text = _NUMBER_WORD_RE.sub(r"\g<0> ", text)  # (after the spaced ordinals: "2 n d" makes no glue)
    text = _N_ISSUE_RE.sub(r"\1(\2)", text)
    text = _ARTICLE_GLUE_RE.sub(r"\1 \2 \3", text)
    if pdf_like:
        text = _CAMEL_RE.sub(_camel, text)
    text = _hyphens(text)  # before the camel splits: "Cam-bridgeUniversity" is "Cambridge University"
    if _LOWER_UPPER_RE.search(text):
        text = _LOWER_CAMEL_RE.sub(_lower_camel, text)
        text = _LOWER_ACRONYM_RE.sub(lambda m: f"{m.group(1)} {m.group(2)}" if is_known_word(m.group(1)) else m.group(0),
                                     text)
    if pdf_like:  # a clean string keeps its compounds ("locomotor")
        text = _TOKEN_RE.sub(_fix_word, text)
    text = _WORD_NUMBER_RE.sub(_word_number, text)
    text = _LIST_NUMBER_RE.sub(lambda m: m.group(0) + " " if m.group("glued") else "", text)
    if "Review" in text or "Letters" in text:
        text = _SERIES_GLUED_RE.sub(r"\1 \2", text)
    text = _SERIES_RE.sub(lambda m: f"{m.group(1)} {m.group(2) or m.group(5)} {m.group(3) or m.group(4)}", text)
    text = _JOURNAL_DASH_RE.sub(_journal_without_dash, text)
    if "xxx" in text or "XXX" in text:  # (the placeholders' letters)
        text = _PLACEHOLDER_RE.sub("", text)
    return _restored(text, protected)


def _restored(text: str, protected: list[str]) -> str:
    """Single spaces, and the protected identifiers and URLs put back."""
    text = re.sub(r"\s{2,}", " ", text).strip()
    for i, s in enumerate(protected):
        text = text.replace(f"\ue000{chr(0xe100 + i)}", s)
    return text
