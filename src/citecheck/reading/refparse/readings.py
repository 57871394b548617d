"""Alternative readings: other titles the raw text of a citation offers besides the parsed one.

Rule-based parsing of free text sometimes loses the title: into the journal field ("Title.
Second sentence of the title. Journal"), behind authors it did not recognise ("Peter Kuchment
and Leonid Kunyansky, Mathematics of …"), or around a quoted or emphasised span. Extract
produces these readings once, when it parses the citation, and carries them on
`Citation.readings`; retrieval searches them when the parsed fields found nothing, and the
checker falls back to one when the parsed fields have nothing to look up by. Whoever replaces a
citation's fields (a re-parse) calls `alternative_readings` again.
"""

from __future__ import annotations

from collections.abc import Iterable

from citecheck.model import Citation, Record
from citecheck.reading.refparse.journals import VENUE_OPENING_RE
from citecheck.reading.refparse.lexicon import FUNCTION_WORDS
from citecheck.regex_cache import compile_re
from citecheck.titles import implausible_title, title_key

__all__ = ["alternative_readings", "attach_readings"]

_QUOTED = compile_re(
    r"[“\"«]([^”\"»]{12,400})[”\"»]|\*{1,2}([^*]{12,400})\*{1,2}"
    r"|\\(?:emph|textit|textsl|textbf)\s*\{([^{}]{12,400})\}"
)
_PIECES = compile_re(r"(?<=[.?!”\"])\s+(?=\S)")
#: at most this many readings per citation
MAX_READINGS = 3


def alternative_readings(citation: Citation) -> list[Record]:
    """Other titles the raw text offers when the parsed one found nothing: a quoted or
    emphasised span, or a sentence the parser put into the journal field."""
    cited = citation.fields
    if citation.provenance.format in ("bibtex", "csl", "bbl") or citation.raw.lstrip()[:1] in "@{":
        return []
    seen = {title_key(cited.title or "")}
    out: list[Record] = []
    for text in _candidate_titles(citation.raw, cited):
        text = text.strip(" \t,.;:“”\"'*")
        key = title_key(text)
        if len(key.split()) < 3 or key in seen or implausible_title(text):
            continue
        seen.add(key)
        alt = cited.model_copy(deep=True)
        alt.title = text
        out.append(alt)
    return out[:MAX_READINGS]


def _candidate_titles(raw: str, cited: Record) -> list[str]:
    texts = [m.group(1) or m.group(2) or m.group(3) for m in _QUOTED.finditer(raw)]
    pieces = _PIECES.split(cited.container_title) if cited.container_title else []
    if cited.title and len(pieces) >= 2:
        # "Title. Second sentence of the title. Journal": the parser cut the title at its period
        texts.append(f"{cited.title.rstrip('. ')}. {pieces[0]}")
    texts += pieces
    if cited.title:
        texts += _PIECES.split(cited.title)
    if cited.title and ", " in cited.title:
        # "Title, Digital Access to Scholarship at Harvard (DASH)": a venue without numbers that
        # the parser left on the title; the text before a comma is the title
        texts += [cited.title.split(", ")[0], cited.title.rsplit(", ", 1)[0]]
        # "Peter Kuchment and Leonid Kunyansky, Mathematics of …": authors the parser did not
        # recognise left in front of the title; the text after the last comma is the title
        texts.append(cited.title.rsplit(", ", 1)[1])
    if cited.title:
        texts += _titles_before_a_venue(cited.title)
    return texts


def _titles_before_a_venue(title: str) -> list[str]:
    """'Effective HIV vaccine Current Opinion in HIV and AIDS', 'Mechanism Design via Correlation
    Gap Proceedings of the …': the title before a venue written right after it — before a venue's
    first word, or before the capitalised run that follows the title's last lower-case word."""
    out = []
    m = VENUE_OPENING_RE.search(title)  # a venue's first words inside the title (journals.py)
    if m and len(title[: m.start()].split()) >= 3:
        out.append(title[: m.start()])
    words = title.split()
    for i in range(3, len(words) - 1):
        before, run = words[i - 1], words[i:]
        if (
            before[0].islower()
            and before not in FUNCTION_WORDS
            and run[0][0].isupper()
            and all(w[0].isupper() or w in FUNCTION_WORDS for w in run)
        ):
            out.append(" ".join(words[:i]))
            break
    return out


def attach_readings(citations: Iterable[Citation]) -> list[Citation]:
    """The citations, each with its alternative readings on `Citation.readings` (those that
    already carry readings keep them)."""
    out = list(citations)
    for citation in out:
        if citation.error is None and citation.readings is None and citation.pending is None:
            citation.readings = alternative_readings(citation)
    return out
