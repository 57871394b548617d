"""Authors pass: the author list (or a corporate author) at the front of the reference."""

from __future__ import annotations

import re

from citecheck.model import Name
from citecheck.names import TEXT_PARTICLE
from citecheck.reading import names as N
from citecheck.reading.refparse.journals import journal_only_reference
from citecheck.reading.refparse.lexicon import CJK, EDS_RE
from citecheck.reading.refparse.state import ParseState
from citecheck.years import YEAR

# A corporate author: "World Health Organization. (2020)." / "AASHTO. Title" / "OpenSEES (2012)."
_ORG_AUTHOR_RE = re.compile(
    rf"^(?P<org>[A-Z][\w.&'’ ,-]{{1,100}}?)\.?\s*(?=\(\s*{YEAR}[a-z]?\s*\))"
    r"|^(?P<org2>[A-Z][A-Z&-]{2,}(?:\s[A-Z][A-Z&-]+){0,3})\.\s"
)

# Names in Han characters, Hangul or kana before a parenthesised year (KCI, CNKI, CiNii lists):
# "王義文(1989). 乾隆与燕京八景. 北京園林." / "김철수, 이영희 (2010)." (a "・" may join a katakana name: not a separator) — not read by the name grammar
# ("최지수. 윤석민 (2019)", "김지원.김종영 (2013)": a period may separate the names too)
_CJK_AUTHORS_RE = re.compile(
    rf"^(?P<names>{CJK}{{2,6}}(?:(?:\s*[,、，;]\s*|\.\s*){CJK}{{2,6}})*)\s*(?=[(（]\s*{YEAR}[a-z]?\s*[)）])"
    # CNKI / Vancouver: "周兵, 周杰. 灼口汤治疗…" — Chinese names of two to four characters, closed
    # by a period and a space ("변영조.이상한.김재영": names joined by bare periods)
    rf"|^(?P<names2>{CJK}{{2,4}}(?:(?:\s*[,、，]\s*|\.(?={CJK})){CJK}{{2,4}})*)(?=(?:\.\s+|。\s*){CJK})"
)
_CJK_SEP_RE = re.compile(r"\s*[,、，;]\s*|\.\s*")


def authors_pass(st: ParseState) -> None:
    """Consume the author list from the front of the text (or a corporate author), note the
    comma style, and move the names to the editors when '(Ed.)' follows them."""
    s, record = st.text, st.record
    if journal_only_reference(s):
        st.rest, st.journal_only = s, True  # "Plasma Sources Sci. Technol. 20 (2011) 045002"
        return
    authors = N.scan_authors(s)
    record.author = authors.names
    if authors.truncated:
        record.custom["authors_truncated"] = True
    cjk = _CJK_AUTHORS_RE.match(s) if not authors.names and not authors.end else None
    if cjk:
        which = "names" if cjk.group("names") else "names2"
        authors.names = [Name(family=n) for n in _CJK_SEP_RE.split(cjk.group(which))]
        record.author, authors.end = authors.names, cjk.end(which)
    if not authors.names and not authors.end:
        org = _ORG_AUTHOR_RE.match(s)
        group = ("org" if org.group("org") else "org2") if org else None
        if (
            org
            and group
            and not re.search(r"\d", org.group(group))
            and len(org.group(group).split()) <= 12
        ):
            record.author = [Name(literal=org.group(group).strip(" ,."))]
            authors.end = org.end(group)
    if glued := _last_name_before_title(s[authors.end :], authors.names):
        name, used = glued
        record.author = authors.names = [*authors.names, name]
        authors.end += used
    rest = s[authors.end :]
    sep = rest[:3]
    st.named_authors = bool(authors.names)
    st.comma_style = (
        bool(authors.names)
        and sep.lstrip().startswith(",")
        and not re.match(r"\s*,\s*\(?" + YEAR, rest)
    )
    if record.author and EDS_RE.match(rest.strip(" ,")):
        # "Smith, J. (Ed.)." — the names are editors of a book.
        m = EDS_RE.match(rest.strip(" ,"))
        if m:
            rest = rest.strip(" ,")[m.end() :]
            record.editor, record.author = record.author, []
    st.rest = rest


# "I. Antoniadis, E. Gava, K. S. Narain Moduli Corrections to …": the last name (initials first)
# and the title with no comma between them
_GLUED_LAST_NAME_RE = re.compile(
    r"(?:\s*,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*|^)(?P<given>(?:[A-Z]\.\s?(?:-\s?[A-Z]\.\s?)?){1,3})\s?"
    rf"(?P<family>(?:{TEXT_PARTICLE}\s+)*[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)"
    r"\s+(?=[A-Z0-9\"“])"
)


_TITLE_WORD_RE = re.compile(r"(?<![\w.])[^\W\d_][\w'’-]*(?![\w'’-]*\.)")


def _last_name_before_title(rest: str, names: list[Name]) -> tuple[Name, int] | None:
    """The name glued to the title after a list of initials-first names ("…, K. S. Narain Moduli
    Corrections", "J. Dilts and D. Maxwell Yamabe Classification") or alone ("M. Gasperini
    Tensor perturbations"), and how much of ``rest`` it takes; None unless a title of three
    words or more follows it."""
    if not all(n.given and n.given.rstrip().endswith(".") and n.family for n in names):
        return None
    m = _GLUED_LAST_NAME_RE.match(rest)
    if not m or (m.start("given") == 0) != (not names):
        return None  # a separator after names, none before a lone name
    after = rest[m.end() :]
    words = _TITLE_WORD_RE.findall(after.split(",")[0])  # whole words: "Energy Phys. 12" has one
    if len(words) < 3 or N.scan_authors(after).names:
        return None  # the name grammar reads names there: a list it stopped in, not a title
    given = re.sub(r"\.\s*(?=[A-Z])", ". ", m.group("given").strip())
    return Name(family=m.group("family"), given=given), m.end()
