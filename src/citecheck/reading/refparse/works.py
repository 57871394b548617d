"""Several-works pass: an entry that cites more than one work keeps the first; the rest is a note.

Physics reference lists pack related works into one entry: a second paper in the same journal
("J. Phys. A 31, L11 (1998); 31, 4723 (1998)"), an erratum ("… B 600, 1 (2004) [Erratum-ibid.
B605 (2005) 211]"), a pointer ("… 81, 109 and references therein") or an ADS-style list
("2011, ApJS, 192, 18 - 2011, ApJS, 208, 19"), the original of a translated paper ("Sov. Phys. JETP
40, 123 (1975) [Zh. Eksp. Teor. Fiz. 67, 245 (1974)]") or the translation after the original ("…, Nauka,
Moscow (1965); English transl., Dover (2007)"), a reprint or later edition ("Bloomington 1988 (Rpt.
1992)"), the original's year after the edition read ("Chicago, 1981 [1935]"), the original's imprint beside
the translation's ("(Nauka, Moscow, 1975; Pergamon, Oxford, 1979)": the translation is read, its title
being the one cited). The later works are rarely complete (no authors,
often no journal), so the entry is checked as its first work and the rest is kept verbatim in
``custom.note``: the numbers of the second work never reach the first's volume, page or year.
The cut is made only where what follows is recognisably another work (numbers, an erratum, the
"references therein" formula); anything else stays for the other passes.
"""

from __future__ import annotations

import re

from citecheck.reading import names as N
from citecheck.reading.refparse.state import ParseState
from citecheck.regex_cache import compile_re
from citecheck.years import YEAR

_YEAR = rf"{YEAR}[a-z]?"
# An erratum / addendum / corrigendum in brackets or parentheses: "[Erratum-ibid. B605 (2005)
# 211]", "(Erratum: Phys. Rev. D 93, 039904 (2016))" — one level of nested parentheses.
_BRACKETED_RE = compile_re(
    r"[,;]?\s*[\[(]\s*(?:Erratum|Errata|Addendum|Corrigendum|Err\.|Erratumibid)\b"
    r"(?:[^\[\]()]|\([^()]*\))*[\])]\s*\.?",
    re.I,
)
# The same without brackets, running to the end: ", Erratum ibid. 86, 049903 (2012)", "; Erratum,
# 2006, 96:039901 (E)", or the bare word closing the entry ("… (2012) 014035, Erratum")
_TRAILING_ERRATUM_RE = compile_re(
    r"[,;.]\s*(?:Erratum|Errata|Addendum|Corrigendum)\b(?:[\s:,-]|ibid).*$"
    r"|[,;.]?\s*\b(?:Erratum|Errata|Addendum|Corrigendum)\s*\.?\s*$", re.I
)
# The original of a translation, or another work, in brackets after a complete work: "Sov. Phys.
# JETP 40, 123 (1975) [Zh. Eksp. Teor. Fiz. 67, 245 (1974)]"
_BRACKETED_WORK_RE = compile_re(r"\s*\[\s*([^\[\]]*?(?<![\w.])[A-Z]?\d{1,5}\s*,\s*[A-Z]?\d{1,6}\b[^\[\]]*)\]\s*\.?\s*$")
# The translation cited after the original, running to the end: "… Nauka, Moscow (1965); English transl.,
# Dover, Mineola, N.Y. (2007)", "… (1918). (English translation in Transport Theory …, 1971)",
# "[Engl. transl.: Sov. Phys. JETP 5, 1 (1957)]" — the work cited is the first (its year, its volume)
_TRANSLATION_RE = compile_re(
    r"[,;.]?\s*[(\[]?\s*(?:English|Engl\.)\s*(?:transl(?:ation|\.)?|version)(?![a-z]).*$", re.I
)
# A reprint or a later edition after the work: "Cambridge Mass. 1963 (Rpt. 1982)", "Princeton 1934 (rist.
# New York 1965)", "1960. (2nd ed. by S. Mitchell and G. Nagy, 2000)", "Oxford, 1958. Reprinted Dover, 1990."
_REPRINT_RE = compile_re(
    r"\s*(?:[(\[]\s*(?:rpt|repr|reprint(?:ed)?|rist|ristampa|nachdr(?:uck)?|neudr(?:uck)?|r[ée]impr(?:ession|\.)?|"
    r"\d{1,2}(?:st|nd|rd|th|e|ème)?\s*(?:ed(?:ition)?|aufl(?:age)?)|(?:new|revised|rev)\s+ed(?:ition)?)\b[^()\[\]]*[)\]]"
    r"|[.;,]\s*(?:reprinted|repr\.|rpt\.)\s.*)\s*\.?\s*$",
    re.I,
)
# The original's year after the edition's (Chicago): "Oxford World Classics … 1989 [1972]", "Press, 1981[1935]",
# "Press, 1967 [Copenhagen: G.E.C., 1937]"; or the original edition named: "1990 (édition originale :
# Organizatsiya …, 1925)", "(originally published 1935)", "(first published 1902)" — the edition read is the first
_ORIGINAL_YEAR_RE = compile_re(
    rf"(?<={YEAR})\s*(?:\[\s*(?:[^\[\]]{{0,60}}?[,:]\s*)?" + _YEAR + r"\s*\]"
    r"|\(\s*(?:[ée]dition originale|original(?:ly)?\s+(?:published|publ\.|edition|ed\.)|first\s+published|"
    r"orig\.\s*publ\.?)[^()]*\))",
    re.I,
)
# … when what comes before ends as a work does: its numbers, or a book's year
_ENDS_IN_YEAR = r"(?:\(\s*" + _YEAR + r"\s*\)|(?<![\w.])" + _YEAR + r"\s*\)?)\s*[.,;]?\s*$"  # ("…, 1950)")
# Two imprints in one parenthesis, the original's and the translation's: "Quantum Mechanics (Nauka,
# Moscow, 1989; Pergamon, Oxford, 1977)": the title is in the translation's language, so the work read
# is the translation (the last imprint); the other is a note
_DOUBLE_IMPRINT_RE = compile_re(
    r"\(\s*(?P<first>[A-Z][^();\d]*?,\s*" + _YEAR + r")\s*;\s*(?P<second>[A-Z][^();\d]*?,\s*" + _YEAR + r")\s*\)"
)
_THEREIN_RE = compile_re(
    r"[,;]?\s*\(?\s*(?:and|&)\s+(?:the\s+)?(?:references?|refs?\.?)\s+(?:cited\s+)?therein\s*\)?\s*\.?\s*$",
    re.I,
)
# "…(1998); 31, 4723 (1998)" / "…(1998); Phys. Rev. B 58, 1 (1998)": after a work that ends in
# its numbers, a semicolon and another volume-and-page group
_NEXT_WORK_RE = compile_re(
    r"(?<=[\d)])\s*;\s*(?=(?:[A-Z][\w.]*\.?\s*){0,6}[A-Z]?\d{1,5}\s*[,:]\s*[A-Z]?\d{1,6}\b)"  # (":" SPIRES)
)
# "…(2012); B. Jones and C. Brown, Phys. Rev. D 86, 079901 (2012)": another work with its own
# authors (the name grammar reads them) and its own volume and page
_SEMICOLON_RE = compile_re(r"(?<=[\d)])\s*;\s*")
_VOLUME_PAGE_RE = compile_re(r"(?<![\w.])[A-Z]?\d{1,5}\s*[,:(]\s*[A-Z]?\d{1,6}\b")
# ADS: "2011, ApJS, 192, 18 - 2011, ApJS, 208, 19"
_ADS_NEXT_RE = compile_re(rf"(?<=\d)\s+[-–—]\s+(?={_YEAR},\s*[A-Z])")
# the first work must end in its volume and page (and maybe year): "31, L11 (1998)", "192, 18",
# "B 600, 1 (2004)", "D85 (2012) 014035" — a year alone ("Homoeopathy 1991; 1,2:121") is no complete work
_ENDS_IN_NUMBERS_RE = compile_re(
    r"(?:(?<![\w.])[A-Z]?\d{1,5}\s*[,:]\s*[A-Z]?\d{1,6}(?:\s*[-–]\s*\d+)?\s*(?:\(\s*" + _YEAR + r"\s*\)|,\s*" + _YEAR
    + r")?"  # (", 2007": SPIRES and arXiv's "Phys.Rev.D75:124007,2007")
    r"|(?<![\w.])[A-Z]?\d{1,5}\s*\(\s*" + _YEAR + r"\s*\)\s*[A-Z]?\d{1,6})\s*\.?\s*$"
)


_ENDS_IN_YEAR_OR_NUMBERS = compile_re(f"(?:{_ENDS_IN_NUMBERS_RE.pattern})|(?:{_ENDS_IN_YEAR})")


def _next_authored_work(text: str) -> re.Match[str] | None:
    """The semicolon after which another work with its own author list begins."""
    for m in _SEMICOLON_RE.finditer(text):
        after = text[m.end() :]
        scan = N.scan_authors(after)
        if scan.names and scan.end and _VOLUME_PAGE_RE.search(after, scan.end):
            return m
    return None


def _cut(text: str) -> tuple[str, list[str]]:
    notes: list[str] = []
    original = _ORIGINAL_YEAR_RE.search(text)
    if original:
        notes.append(original.group(0).strip(" []()"))
        text = f"{text[: original.start()]}{text[original.end():]}"
    imprints = _DOUBLE_IMPRINT_RE.search(text)
    if imprints:
        notes.append(imprints.group("first"))
        text = f"{text[: imprints.start()]}({imprints.group('second')}){text[imprints.end():]}"
    for b in reversed(list(_BRACKETED_RE.finditer(text))):
        if b.start() > 0:
            notes.insert(0, b.group(0).strip(" ,;"))
            text = (text[: b.start()] + " " + text[b.end() :]).strip()
    for rx in (_THEREIN_RE, _TRAILING_ERRATUM_RE, _BRACKETED_WORK_RE, _TRANSLATION_RE, _REPRINT_RE):
        m = rx.search(text)
        ends = _ENDS_IN_NUMBERS_RE if rx not in (_TRANSLATION_RE, _REPRINT_RE) else _ENDS_IN_YEAR_OR_NUMBERS
        if m and m.start() > 0 and ends.search(text[: m.start()]):
            note = m.group(0).strip(" ,;.")
            notes.insert(0, note[1:-1] if note.startswith("(") and note.endswith(")") else note)
            text = text[: m.start()].rstrip()
    for find in (_NEXT_WORK_RE.search, _ADS_NEXT_RE.search, _next_authored_work):
        m = find(text)
        if m and _ENDS_IN_NUMBERS_RE.search(text[: m.start()]):
            notes.insert(0, text[m.end() :].strip(" ,;."))
            text = text[: m.start()].rstrip()
    return text, notes


def several_works_pass(st: ParseState) -> None:
    """Keep the entry's first work in ``text``/``rest``; the other works go to ``custom.note``."""
    text, notes = _cut(st.text)
    if not notes:
        return
    st.text = st.rest = text
    st.record.custom["note"] = "; ".join(n for n in notes if n)
