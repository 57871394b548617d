"""Turn a reference as written (LaTeX, Markdown, numbered list item) into plain Unicode text."""

from __future__ import annotations

import re
import unicodedata

from citecheck.folding import caseless
from citecheck.function_words import ACRONYM_NAME_JOINERS
from citecheck.latex_text import latex_to_text
from citecheck.names import alternation
from citecheck.regex_cache import compile_re
from citecheck.venues import acronym_of, known_journal, looks_like_venue
from citecheck.years import year_pattern

_MD_BOLD_RE = compile_re(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_MD_EM_RE = compile_re(r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_MD_CODE_RE = compile_re(r"`([^`]+)`")
_LABEL_RE = compile_re(
    r"^\s*(?:[-*•·‣▪–+]\s+|\[\s*[\w.+:-]{1,16}\s*\]\s*|\(\s*\d{1,4}\s*\)\s*|\d{1,4}\s*[.)]\s+(?=\D)|"
    r"\d{1,4}\s+(?=[A-Z][\w'’-]*,))"
)
# A reference pasted with its LaTeX item command: "\bibitem[Doe(2001)]{doe01} J. Doe, ..."
_BIBITEM_RE = compile_re(r"^\s*\\(?:bibitem|item)(?![A-Za-z])\s*(?:\[[^\]]{0,120}\])?\s*(?:\{[^{}]{0,120}\})?\s*")
# Link labels that reference managers and publishers append: "[INSPIRE]", "[Google Scholar]"
_LINK_LABEL_RE = compile_re(
    r"\[\s*(?:INSPIRE|ADS|Google Scholar|CrossRef|PubMed|Medline|Web of Science|ISI|CAS|"
    r"Scopus|PMC free article|Free full text|Full text|Link|PDF)\s*\]",
    re.I,
)
# "A&AS (Paper IV)": which paper of a series this is, a note ("Paper I revisited" in a title stays)
_PAPER_NO_RE = compile_re(r"\(\s*Paper\s?[IVX]{1,5}\s*\)")
_TAG_RE = compile_re(r"</?(?:i|b|em|strong|italic|bold|sup|sub|span|a|u|sc|emph)\b[^>]{0,80}>", re.I)
# Publication status notes are not title or venue words.
_STATUS_RE = compile_re(
    r"[,(]?\s*\b(?:to appear(?: in| on)?|to be publ(?:ished|\.)?(?: in)?|in press|submitted (?:to|for publication)|"
    r"(?:(?:work|paper|manuscript|article)\s+)?in preparation|(?:private|personal) communication|"
    r"accepted for publication|under review|im Druck|sous presse|this (?:issue|volume)|these proceedings|"
    # a lone "submitted", "accepted", "forthcoming" only after a mark: "Title of the accepted paper" keeps it
    r"(?:(?<=[,.;(])|(?<=[,.;(]\s))(?:submitted|accepted|forthcoming)|"
    # "…, Preprint 2015.", "… Title. Preprint", "…, arXiv preprint (2024)": the word alone at the end, or
    # before the year
    rf"(?:arxiv\s*)?(?:e-?)?preprint(?=[\s,]*(?:\(?{year_pattern(1900)}[a-z]?\)?)?[\s.]*$))(?:\b|(?<=\.))\s*\)?(?=[\s.,;(]|$)",
    re.I,
)
#: a word each of `_STATUS_RE`'s alternatives holds (lower-cased, as `caseless` leaves it)
_STATUS_WORDS = ("appear", "publ", "press", "submitted", "preparation", "communication", "accepted", "review",
                 "druck", "this", "these", "forthcoming", "preprint")

LANGUAGES = (
    "Russian|German|French|Japanese|Chinese|Korean|Italian|Spanish|Portuguese|Polish|Czech|"
    "Ukrainian|Hungarian|Dutch|English|Swedish|Norwegian|Danish|Finnish|Turkish|Greek|Bulgarian|Romanian|"
    "Persian|Arabic|Hebrew|Hindi|Serbian|Croatian|Slovak|Slovenian|Lithuanian|Latvian|Estonian|Belarusian|"
    "Georgian|Armenian|Kazakh|Mongolian|Vietnamese|Thai|Indonesian|Malay|Catalan|Icelandic|Afrikaans|Latin|"
    "Urdu|Bengali|Tamil")
# the language of the work, an editor's note and no part of any field: written after the last number or
# parenthesis ("61 129--143 in Japanese", "(Tokyo: Baifukan) (in Japanese)"), or anywhere in brackets
# ("Mechanics of Turbulence [in Russian], Vol. 1", "Results of a survey (in German). Anaesthesist")
_LANGUAGE_NOTE_RE = compile_re(rf"(?<=[\d).])[\s,;.]*[(\[]?\s*in\s+(?:{LANGUAGES})\s*[)\]]?\.?$"
                               rf"|\s*[(\[]\s*in\s+(?:{LANGUAGES})\s*[)\]]", re.I)


def without_language_note(text: str) -> str:
    """``text`` without the language of the work noted in it ("Title (in German)", "Journal [in Russian]")."""
    return _LANGUAGE_NOTE_RE.sub("", text).strip() if "in " in text or "In " in text else text


def _status_gap(m: re.Match[str]) -> str:
    """The comma before a status note stays when a venue follows ("Title, to appear in Phys. Rev. D")."""
    follows = m.string[m.end():].lstrip()[:1]
    return ", " if m.group(0).lstrip().startswith(",") and follows.isalnum() else " "


_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "–", "\u00ad": "", "\u200b": "",
                         "\u200c": "", "\u200d": "", "\u200e": "", "\u200f": "", "\ufeff": ""})


def strip_markdown(text: str) -> str:
    for _ in range(2):
        text = _MD_BOLD_RE.sub(r"\2", text)
        text = _MD_EM_RE.sub(r"\2", text)
    return _MD_CODE_RE.sub(r"\1", text)


def strip_label(text: str) -> str:
    """Remove a leading list label: "[12]", "12.", "(3)", "- ", "* "; and a note's lead-in before the
    reference it points to (REVTeX lists: "See, e.g., A. B. Author, …", "For a review, see …")."""
    for _ in range(2):
        new = _LABEL_RE.sub("", text, count=1)
        if new == text:
            break
        text = new
    return _LEAD_IN_RE.sub("", text, count=1)


_LEAD_IN_RE = compile_re(
    r"^\s*(?i:(?:for\s+(?:a\s+|an\s+)?(?:recent\s+|comprehensive\s+)?(?:reviews?|overview|details|example)\s*,?\s+)?"
    r"see(?:\s+also)?(?:\s*,?\s*(?-i:[eE]\.\s?g\.))?|cf\.|(?-i:[eE]\.\s?g\.))\s*[,:]?\s+"
    r"(?=[A-Z]\.|[A-Z][\w'’-]+,?\s+[A-Z](?:\.|,|\s))"  # (names follow: not the title "See You Later")
)  # ("e.g." with a small g: "E. G. Bessonov, …" begins with the author's initials)


def clean_reference(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    text = _BIBITEM_RE.sub("", text, count=1)
    text = strip_label(text)
    text = strip_markdown(text)
    text = latex_to_text(text)
    text = unicodedata.normalize("NFC", text.replace("\u00a0", " ")).translate(_DASHES)
    text = text.replace("ﬁ", "fi").replace("ﬂ", "fl").replace("ﬀ", "ff")
    text = text.replace("``", "“").replace("''", "”")  # LaTeX quotes: ``Title,'' Journal
    text = _PAPER_NO_RE.sub(" ", text)
    low = caseless(text)
    if any(word in low for word in _STATUS_WORDS):  # (most references hold none)
        text = _STATUS_RE.sub(_status_gap, text)
    text = _TAG_RE.sub("", text)
    text = _LINK_LABEL_RE.sub(" ", text)
    text = " ".join(text.split())
    text = _LANGUAGE_NOTE_RE.sub("", text.rstrip(" *†‡§¶#"))
    # Words split at a line-end hyphen in PDFs: "Mur- phy" → "Murphy", "Martin- Facklam" keeps it.
    text = _BROKEN_WORD_RE.sub(_mend, text).replace("−", "-")  # (a minus sign is no line-end hyphen: "W+W− production")
    text = _DOUBLE_DOT_RE.sub(r"\1.", text)  # Vancouver "Gill GS.. Extracellular": one period too many
    text = _NAME_THEN_ACRONYM_RE.sub(_drop_acronym, text)
    if _ACRONYM_VOLUME_RE.search(text):  # (the cheap part first: an acronym and a number)
        text = _NAME_AND_ACRONYM_RE.sub(_drop_spelled_acronym, text)
    if ".)" in text or "(J." in text or "(Zh." in text:
        text = _ORIGINAL_NAME_RE.sub(_drop_original_name, text)
    return text.strip(" \t")


# IOP writes a journal's name and then its acronym glued to the volume: "J. Cosmol. Astropart. Phys.
# JCAP08(2015)001", "J. High Energy Phys. JHEP03(2009)112"; the acronym (the name's initials) goes
_NAME_THEN_ACRONYM_RE = compile_re(
    rf"(?<![\w.])(?P<name>(?:[A-Z][a-z]*\.?\s+){{2,6}})(?P<acr>[A-Z]{{3,6}})\s?(?P<vol>\d{{1,3}})\s*\(\s*(?P<year>{year_pattern(1900)})\s*\)\s*"
)


def _drop_acronym(m: re.Match[str]) -> str:
    initials = "".join(w[0] for w in m.group("name").split())
    if initials != m.group("acr"):
        return m.group(0)
    return f"{m.group('name')}{m.group('vol')} ({m.group('year')}) "


# … or writes the name out and then its acronym before the volume: "Progress in Electromagnetics
# Research, PIER 58, 271-283", "Physical Review Letters, PRL 19, 1264", "Journal of High Energy Physics
# (JHEP) 05 (2007) 086"; the acronym goes when the end of the name spells it (`venues.acronym_of`),
# else the name is read as the title and the acronym as the journal
_ACRONYM_VOLUME_RE = compile_re(r",\s*[A-Z]{2,6}[\s,]*\d|\(\s*[A-Z]{2,6}\s*\)\s*\d")
_NAME_AND_ACRONYM_RE = compile_re(
    rf"(?<![\w.])(?P<name>[A-Z][a-z]*\.?(?:\s+(?:{alternation(ACRONYM_NAME_JOINERS)}\s+)*[A-Z][a-z]*\.?){{1,8}})"
    r"(?:\s*,\s*|\s*(?P<open>\()\s*)(?P<acr>[A-Z]{2,6})(?(open)\s*\)\s*|[\s,]*)"  # ("(CSCW), 12" is its name)
    rf"(?=(?!{year_pattern(1800)}\b)\d{{1,4}}(?:\s*[(,:;]|\s+\d))"  # (a volume, not a year: "… (NOAO) 2006,")
)


def _drop_spelled_acronym(m: re.Match[str]) -> str:
    name, acr = m.group("name"), m.group("acr")
    starts = [0] + [w.end() for w in re.finditer(r"\s+", name)]
    for start in reversed(starts[:-1]):  # the shortest end of the name that spells it
        if acronym_of(acr, name[start:]):
            return f"{name} "
    return m.group(0)


# A translation journal with its original's name in parentheses before the volume: "Sov. J. Nucl. Phys.
# (Yad. Fiz.) 41, 1063", "JETP Lett. (Pis'ma Zh. Eksp. Teor. Fiz.) 30, 682", "Physics of Atomic Nuclei (J.
# Yadernaya fizika), Vol. 71": the volume and page are the translation's, so the original's name goes
_ORIGINAL_NAME_RE = compile_re(
    r"(?<=[\w.])\s*\((?P<inner>[A-Z][^()\d]{2,60})\)(?=[\s,]*(?:(?:Vol|vol|V|v)\.?\s*)?\d)"
)
_DOTTED_WORD_RE = compile_re(r"[A-Z][a-z'’]{1,9}\.")  # (an abbreviated word, not an initial)


def _drop_original_name(m: re.Match[str]) -> str:
    inner = m.group("inner").strip()
    words = inner.split()
    if "," in inner or _SERIES_PART_RE.search(inner):  # editors' names; "(Proc. Suppl.)" is another journal
        return m.group(0)
    journal_like = known_journal(inner) or (len(words) >= 2 and (
        sum(bool(_DOTTED_WORD_RE.fullmatch(w)) for w in words) >= 2 or words[0] in ("J.", "Zh.")))
    if not journal_like:
        return m.group(0)
    before = m.string[max(0, m.start() - 80):m.start()].split()
    for k in range(min(6, len(before)), 0, -1):  # the text before it ends in a journal's name
        name = " ".join(before[-k:])
        if known_journal(name) or (k >= 2 and looks_like_venue(name)):
            return ""
    return m.group(0)


_SERIES_PART_RE = compile_re(r"\b(?:Proc|Suppl|Ser|Sect|Part|Pt|Lett)\.")


# (not "Agranovich, V. M.. J. Lumin.": there the period after the initials ends the names)
_DOUBLE_DOT_RE = compile_re(r"(?<![.\w])(?<!\.\s)([A-Z]{1,3})\.\.(?=\s)")


_BROKEN_WORD_RE = compile_re(r"(?<=\w)- (?!(?:and|or|und|et|to|und|bis)\b)(?=\w)")


def _mend(m: re.Match[str]) -> str:
    nxt = m.string[m.end()] if m.end() < len(m.string) else ""
    return "" if nxt.islower() else "-"
