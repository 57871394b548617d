"""The name forms of the author grammar (reading/names.py): regular expressions for one personal name
in each form a reference list writes it — "A. B. Family", "Family, A. B.", "Family AB", "Given M.
Family", "FAMILY (Given)" — built from shared pieces (letters of any script, particles, initials,
suffixes, what may end a name) — and the name a match of one gives (`name_from`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from citecheck.model import Name
from citecheck.names import AND_WORD, SUFFIX, SUFFIX_DOTTED, TEXT_PARTICLE
from citecheck.regex_cache import compile_regex
from citecheck.years import YEAR

if TYPE_CHECKING:
    # The grammar's patterns need \p{Lu} / \p{Ll} (stdlib re has none; spelled-out classes compile
    # 8x slower); `regex` loads with the first of them used (`compile_regex`).
    import regex

# Unicode letter classes, usable inside [...]: upper- and lower-case letters of any script.
U = r"\p{Lu}"
L = r"\p{Ll}"
# Inside a name word a letter may carry combining marks ("Martı\u0301nez": dotless i + acute),
# which no precomposed letter replaces.
LM = r"\p{Ll}\p{M}"

PARTICLE = (
    r"(?:[dD]ela|[dD]elos|[vV]an(?:\s+[dD]e[nr]?)?|[vV]ander|[vV]on(?:\s+[dD]e[rnm])?|[dD]e(?:\s+[lL]a)?|[dD]e[lr]|[dD]ella|[dD]i|"
    r"[dD]a|[dD]u|[dD]os|[dD]as|[lL]a|[lL]e|[tT]e[nr]|[aA]l|[eE]l|zu|y|[dD]e\s+[lL]os|van't|[dD]'|"
    r"degli|dei|delle|dello|dal|dalla|op|['’]t)"
)
# Capitalised particles start a family name ("M. Luisa Della Morte"); lower-case ones after a
# word continue a compound one ("C. Ciofi degli Atti", "M. du Croo de Jongh").
_PART_CAP = r"(?:Van|Von|De|Del|Della|Di|Da|Du|Dos|Das|La|Le|Ten|Ter)\s+"
# A surname word: capitalised (Müller, O'Brien, Del'Haye, McDonald, LaPorta, OBrien), all caps,
# hyphenated (Akhtar-Zaidi, Dailey-O'Cain, Cowper-Sal-lari).
_CORE = (
    rf"(?:[{U}][{LM}]{{0,2}}['’][{U}][{LM}]+|[{U}][{LM}]+['’][{U}{L}][{LM}]+|[{U}]{{1,2}}[{LM}]+(?:[{U}][{LM}]+)?|"
    rf"[{U}]['’][{LM}]{{2,}}|(?:[{U}]\p{{M}}*){{2,}}(?![{L}.])|(?:[{U}]\p{{M}}*){{3,}}(?=\.\s))"
)
# "Jr", "III" are name suffixes, never a name word; "ben-Avraham", "al-Khwarizmi" are names.
WORD = rf"(?!{SUFFIX}\b)(?:(?:ben|bin|ibn|abu|al|el)-)?{_CORE}(?:-(?:{_CORE}|[{LM}]+)){{0,2}}"
# An initial: "A.", "Ch.", "Yu.", "J.-P.", "Z.-z.", "J-P", "J.P"; a bare capital only after a dotted one.
# "J-P" is no word's start: "Deshpande, A. P. X-Ray Spectroscopic …", "Smith, J. K-Shell …" are titles.
_INIT = rf"(?:[{U}][{L}]?\.(?:\s?-\s?[{U}{L}][{L}]?\.)?|[{U}]\.?-[{U}]\.?(?![{L}])|[{U}]\.[{U}](?![\w.]))"
INITS = rf"{_INIT}(?:\s?(?:{_INIT}|[{U}](?=,|\s[{U}][{L}]|$)))*"
_INITS_INV = rf"{_INIT}(?:\s?(?:{_INIT}|[{U}](?=,|$)))*"  # inverted: "Oliver, R.L. A Cognitive Model" (the "A" is the title's)
_SUFFIX = rf"(?:,?\s+{SUFFIX_DOTTED}(?=[\s,.;]|$))?"
PART_SP = rf"(?:{PARTICLE}\s+|d['’])"
# A family name: particles, a word, and more "particle word" pairs ("du Croo de Jongh").
_FAMILY = rf"(?:(?:{PART_SP})+{WORD}(?:\s{WORD}(?=\s*[,;]))?|{WORD})(?:\s(?:{PART_SP})+{WORD})*"  # ("de Oliveira Santos,")
# What may follow a complete name: a separator, the end of the author block or a year. (`AND_WORD`'s
# "and" comes before a space or a comma; "and" before any other non-letter ends a name too, "D. Scott
# and. M. J. Rees" of a damaged text, as does one glued to a family name before an initial.)
_END = (r"(?=\s*(?:[,;:.(\[\"“]|" + AND_WORD + r"|(?<![^\W\d_])and\b|(?<=[^\W\d_]{4})and(?=\s+[A-Z]\.)|&|"
        r"(?<![^\W\d_])et(?:al|c)?\b|$|\d{4}\b|on\sbehalf\b|for\s(?:the\s)?(?:\S+\s){1,5}?[Cc]ollab))")

# "A. B. Family" / "A. B. de Family" / "J. Christian Gerdes"
F_INIT_FIRST = compile_regex(
    rf"(?P<given>{INITS}(?:\s{WORD}(?=\s(?:{_PART_CAP})*{WORD}{_SUFFIX}{_END}))?)\s*"
    rf"(?P<family>{_FAMILY}){_SUFFIX}{_END}"
)
# "Family, A. B." / "de Family, A." / "Heinrichs, SC." / "Smith, J. Robert and …"; a bare initial at the end of
# the text ("Provost, F. and Fawcett, T": an author span without its closing period)
_GIVEN_WORD = rf"(?:\s{WORD}(?=\.\s|\.?$|AND|\s*;))?"  # a given name written out after the initials
_FAM_INIT = (
    rf"(?P<family>{_FAMILY}(?:\s{WORD})?){_SUFFIX}\s?,\s*"
    rf"(?P<given>(?:{_INITS_INV}{_GIVEN_WORD}|[{U}]{{2,3}}\.(?![\w])|[{U}](?=\s?[,;]|\s\({YEAR}|\s*$))(?:\s?{PARTICLE}(?=[\s,.]))?)(?:{_SUFFIX[3:-2]})?"
)
F_FAM_INIT = compile_regex(_FAM_INIT.replace("AND", r",?\s(?:and|&)\s"))
F_FAM_INIT_LAST = compile_regex(_FAM_INIT.replace("|AND", ""))  # Nature's "… & Tewari, S. Nernst and …"
# … and without the given name written out, for when that word is the title's ("Su, G. Magnetism and
# Thermodynamics of …", "Walker, D. C. Muonium. A light isotope"; see `_plausible`)
F_FAM_INIT_BARE = compile_regex(_FAM_INIT.replace(_GIVEN_WORD, ""))
# "Family, Given M." (MLA/Chicago first author, full given names then initials)
F_FAM_GIVEN = compile_regex(
    rf"(?P<family>(?:{PART_SP})*{WORD}(?:\s{WORD})?),\s+"
    rf"(?P<given>{WORD}(?:[\s-]{WORD}){{0,2}}(?:\s?(?:{_INIT}|[{U}](?=,|\s[{U}][{L}]|\s(?:and|&|et)\b|\s\(|$)))*(?:\s(?:{TEXT_PARTICLE}|van der|van den|de la)(?=[\s,.]))?)"
)
# "Family AB" (Vancouver, no dots) / "FAMILY A." / "Family A.B." / IOP "Gu Y-Q", "Soriano J-AN" ("Jr." is a suffix,
# not initials); a particle inside the family name ("Rosselli del Turco M"), NLM's suffix after the initials
# ("G 3rd") or a suffix before them ("Tedmon Jr. C. S.")
_FAM_CAPS = rf"(?P<family>(?:{PART_SP})*{WORD}(?:[\s-]{WORD}|\s{PARTICLE}\s+{WORD})?)(?:\s(?P<psuffix>Jr|Sr)\.?)?\s+(?P<given>(?!(?:Jr|Sr)\.){INITS}|[{U}](?:\s[{U}]){{1,3}}(?!\w|\.\w)|[{U}]{{1,2}}-[{U}{L}]{{1,2}}(?![\w-])|[{U}]{{1,4}}(?![{L}]))(?:\s(?P<vsuffix>Jr|Sr|2nd|3rd|4th)\b\.?)?"
# A name whose initials end with a period is complete whatever follows: GOST "Петров П. П. Title".
# IOP / Harvard author–year puts the year right after the last name: "Geim A K 2005 Nature".
F_FAM_CAPS = compile_regex(
    _FAM_CAPS + rf"(?:(?=\s*(?:[,;:(]|(?<![^\W\d_])and\b|&|(?<![^\W\d_])et\b|$|{YEAR}[a-z]?\b)|\.(?:\s|$))|(?<=[{U}]\.)(?=\s))"
)
# As the first author only with a list separator after it ("Thomas F. LaPorta" is not "Thomas F.")
F_FAM_CAPS_STRICT = compile_regex(_FAM_CAPS + r"(?=\s*(?:[,;:]|(?<![^\W\d_])and\b|&|(?<![^\W\d_])et\b))")
# The last author after "and", family first, dotted initials, then the year: "and Zuccarini J. G. 1846."
F_FAM_DOTTED_LAST = compile_regex(rf"(?P<family>{_FAMILY})\s+(?P<given>{INITS})(?<=\.)(?=\s*(?:[,;:(]|{YEAR}[a-z]?\b|$))")
# Vancouver without dots, initials first: "AM Trinkoff, JA Lipscomb" / "G Courties, V Seiffart"
_CAPS_FIRST = rf"(?P<given>[{U}]{{1,3}}|[{U}](?:\s[{U}]){{1,2}})\s(?P<family>(?:{PART_SP})*{WORD})"
F_CAPS_FIRST = compile_regex(_CAPS_FIRST + r"(?=\s*(?:[,;:]|(?<![^\W\d_])and\b|&|(?<![^\W\d_])et\b))")
# The last author, after "and", may end the block with a period: "..., and V Achanta. 2023."
F_CAPS_FIRST_LAST = compile_regex(_CAPS_FIRST + r"(?=\s*(?:[,;:(]|$)|\.(?:\s|$))")
# "Given M. Family" / "Ronald L Rivest" (full first name)
_GIVEN_FIRST = (
    rf"(?P<given>(?:[{U}]\.?\s)?{WORD}(?:[\s-](?:{_INIT}|[{U}](?=\s)|{WORD}))*)(?:\s+|(?<=\s[{U}]\.)(?=[{U}]))"
    rf"(?P<family>(?:{PART_SP})*{WORD}){_SUFFIX}"  # ("Ryan M.O'Leary": PDF text lost the space)
)
F_GIVEN_FIRST = compile_regex(_GIVEN_FIRST + _END)
# After an inverted first author a colon ends a title, not a name ("Mahler, Alma, Gustav
# Mahler: Memories and Letters")
F_GIVEN_FIRST_NC = compile_regex(_GIVEN_FIRST + r"(?=\s*(?:[,;.(\[\"“]|" + AND_WORD + r"|(?<![^\W\d_])and\b|&|(?<![^\W\d_])et\b|$|\d{4}\b))")
# "Del Rey, Lester." / "Vargas Llosa, Mario, and ...": a two-word family name, inverted
F_FAM_GIVEN_DOT = compile_regex(
    rf"(?P<family>{WORD}\s{WORD}),\s+(?P<given>{WORD}(?:\s{_INIT})*)"
    r"(?=\.(?:\s|$)|,?\s+(?:and|&)\s)"
)
# French "FERRIERES (Madeleine)", "Codou (Y.)", "ALLEN (J.P.)"
F_FAM_PAREN = compile_regex(
    rf"(?P<family>(?:{PART_SP})*{WORD}(?:\s{WORD})?)\s\((?P<given>[{U}][^()]{{0,30}})\)(?=\s*[,.;])"
)

#: the style each form reads (the list's first name fixes the style of the others)
FORM = {
    F_INIT_FIRST: "init_first", F_FAM_INIT: "fam_init", F_FAM_INIT_LAST: "fam_init", F_FAM_GIVEN: "fam_given",
    F_FAM_INIT_BARE: "fam_init",
    F_FAM_CAPS: "fam_caps", F_FAM_CAPS_STRICT: "fam_caps", F_CAPS_FIRST: "caps_first", F_CAPS_FIRST_LAST: "caps_first",
    F_GIVEN_FIRST: "given_first", F_GIVEN_FIRST_NC: "given_first", F_FAM_GIVEN_DOT: "fam_given",
    F_FAM_PAREN: "fam_paren", F_FAM_DOTTED_LAST: "fam_caps",
}
#: the same by each form's pattern text, for a match (whose ``re`` is the compiled pattern, not the
#: module's object that compiles it on first use: `regex_cache.compile_regex`)
_FORM_OF_TEXT = {pattern.pattern: style for pattern, style in FORM.items()}


_WORD_PERIOD_END = compile_regex(rf"[{L}]{{2,}}\.$")


def name_from(match: regex.Match[str]) -> Name:
    family = match.group("family").strip(" ,")
    given = match.group("given").strip(" ,") or None
    particle = None  # particles stay in `family` ("van der Waals"), as Crossref writes them
    if given and given.endswith(".") and _WORD_PERIOD_END.search(given):
        given = given[:-1]  # "Smith, John." — the period ends the author block
    if given and re.fullmatch(r"[A-Z](?: [A-Z]){1,3}", given):
        given = " ".join(f"{c}." for c in given.split())  # "R P Aloysius" → "R. P."
    elif given and re.fullmatch(r"[A-Z]{2,4}", given):
        given = " ".join(f"{c}." for c in given)  # Vancouver "RA" → "R. A."
    elif given and re.fullmatch(r"[A-Z]", given):
        given = given + "."
    elif given and re.fullmatch(r"[A-Z]{1,2}-[A-Za-z]{1,2}", given):
        # IOP "Y-Q" → "Y.-Q.", "J-AN" → "J.-A. N.", "T-t" → "T.-t."
        first, _, second = given.partition("-")
        given = " ".join(f"{c}." for c in first) + "-" + " ".join(f"{c}." for c in second)
    if given and re.search(rf"\s{PARTICLE}$", given):
        gp = re.match(rf"^(.*?)\s({PARTICLE})$", given)
        if gp:
            given, particle = gp.group(1), gp.group(2)
    if particle:
        family = f"{particle} {family}"
    groups = match.groupdict()
    return Name(family=family, given=given, suffix=groups.get("vsuffix") or groups.get("psuffix") or _suffix_of(match))


_SUFFIX_RE = compile_regex(rf"(?<![\w.])({SUFFIX_DOTTED})(?![\w])")
# Forms whose grammar has a suffix slot; in Vancouver "Smith II" the "II" are initials.
_SUFFIX_FORMS = frozenset(["init_first", "fam_init", "given_first"])


def _suffix_of(match: regex.Match[str]) -> str | None:
    """'Jr.' / 'III' written after the family name (or after the initials: 'Smith, J., Jr.')."""
    if _FORM_OF_TEXT.get(match.re.pattern) not in _SUFFIX_FORMS:
        return None
    text, fam_end, g0, g1 = match.string, match.end("family"), match.start("given"), match.end("given")
    region = text[fam_end:g0] + " " + text[g1:match.end()] if g0 >= fam_end else text[fam_end:match.end()]
    m = _SUFFIX_RE.search(region)
    return m.group(1) if m else None
