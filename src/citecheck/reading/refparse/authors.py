"""Authors pass: the author list (or a corporate author) at the front of the reference."""

from __future__ import annotations

import re

from citecheck.model import Name
from citecheck.names import TEXT_PARTICLE
from citecheck.reading import names as N
from citecheck.reading.refparse.journals import journal_only_reference
from citecheck.reading.refparse.lexicon import EDS_RE
from citecheck.reading.refparse.state import ParseState
from citecheck.regex_cache import compile_re
from citecheck.years import YEAR

# A corporate author: "World Health Organization. (2020)." / "AASHTO. Title" / "OpenSEES (2012)."
_ORG_AUTHOR_RE = compile_re(
    rf"^(?P<org>[A-Z][\w.&'’ ,-]{{1,100}}?)\.?\s*(?=\(\s*{YEAR}[a-z]?\s*\))"
    r"|^(?P<org2>[A-Z][A-Z&-]{2,}(?:\s[A-Z][A-Z&-]+){0,3})\.\s"
)


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
_GLUED_LAST_NAME_RE = compile_re(
    r"(?:\s*,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*|^)(?P<given>(?:[A-Z]\.\s?(?:-\s?[A-Z]\.\s?)?){1,3})\s?"
    rf"(?P<family>(?:{TEXT_PARTICLE}\s+)*[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)"
    r"\s+(?=[A-Z0-9\"“])"
)


_TITLE_WORD_RE = compile_re(r"(?<![\w.])[^\W\d_][\w'’-]*(?![\w'’-]*\.)")


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
