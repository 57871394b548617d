"""Coverage: which sources may turn "not found" into "does not exist".

Every source declares the scopes it is authoritative for (``Source.scopes``):

- ``all``: a closed world (an index built with ``--covers all``): absence of anything is evidence;
- ``arxiv``: every arXiv identifier (arXiv itself, DataCite's 10.48550 DOIs);
- ``doi``: every registered DOI of every registration agency (the DOI registry, doi.org);
- ``doi-prefix:<prefix>``: every DOI under one prefix (``doi-prefix:10.5281`` for Zenodo);
- ``journal:<canonical name or ISSN>``: every work of one journal;
- ``type:<work type>``: every work of one type (Open Library for books);
- ``venue:<name>``: every work of a conference or journal series whose cited container names it
  (its words, as whole words, in the container title: ``venue:neurips`` in "Proc. NeurIPS 2021");
- ``scholarly``: the broad bibliographic services *together* (Crossref + Semantic Scholar +
  OpenAlex) for journal articles, proceedings papers and preprints. Each of the three declares
  it, and it holds only when all three answered; any other source declaring it (a complete
  mirror in a local index) holds it alone.

`absence_evidence` is the one rule: nothing was found; may that be MAJOR? It answers with the
covering sources that answered (MAJOR) or None and a reason a person can act on (UNVERIFIED).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from citecheck.model import Citation, SourceStatus
from citecheck.normalize import arxiv_from_doi, canonical_journal, normalize_arxiv, normalize_doi
from citecheck.regex_cache import compile_re
from citecheck.verify.titles import compare_titles

#: the broad bibliographic services whose union the ``scholarly`` scope stands for
SCHOLARLY_SOURCES: tuple[str, ...] = ("crossref", "semanticscholar", "openalex")
WORK_TYPES: tuple[str, ...] = (
    "article", "proceedings", "preprint", "book", "chapter", "thesis", "report", "standard",
    "software", "dataset", "webpage", "manual", "legal",
)
#: the work types the ``scholarly`` union holds (books, theses, standards, web pages it does not)
SCHOLARLY_TYPES = frozenset({"article", "proceedings", "preprint"})
_PLAIN_SCOPES = frozenset({"all", "arxiv", "doi", "scholarly"})
_PREFIXED = ("doi-prefix:", "journal:", "type:", "venue:")

_CSL_TYPES = {
    "article-journal": "article", "article-magazine": "article", "review": "article",
    "paper-conference": "proceedings", "article": "preprint", "manuscript": "preprint",
    "book": "book", "chapter": "chapter", "entry-encyclopedia": "chapter", "thesis": "thesis",
    "report": "report", "standard": "standard", "software": "software", "dataset": "dataset",
    "webpage": "webpage", "post-weblog": "webpage", "post": "webpage", "legislation": "legal",
    "legal_case": "legal", "bill": "legal", "article-newspaper": "legal", "patent": "legal",
}
#: types a parser gives when it does not know (the text's cues then decide)
_GENERIC_CSL = frozenset({"article-journal", "article", "document", "manuscript"})
#: text cues that override the parsed type (first match wins)
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("thesis", compile_re(r"\b(?:Ph\.?\s?D\.?|doctoral|master'?s|M\.?Sc\.?|diploma)\s+(?:thesis|"
                          r"dissertation)\b|\bdissertation\b|\bHabilitation", re.I)),
    ("standard", compile_re(r"\b(?:ISO|IEC|IEEE\s+Std|ANSI|DIN|EN|BS|ASTM|RFC)\s?[-/]?\s?\d{2,5}"
                            r"(?:[-:]\d+)*\b")),
    ("manual", compile_re(r"\b(?:user'?s?|reference|programmer'?s?|technical|owner'?s?)\s+"
                          r"(?:manual|guide)\b|\bdocumentation\b", re.I)),
    ("software", compile_re(r"\[(?:computer )?(?:software|program)\]|\b(?:computer program|"
                            r"source code|R package|python package|software package|version "
                            r"\d+\.\d+)\b|github\.com/|gitlab\.com/", re.I)),
    ("dataset", compile_re(r"\b(?:data ?set|data ?base|data repository)\b|\[data\]", re.I)),
    ("report", compile_re(r"\b(?:technical|tech\.|research|working|white)\s+(?:report|paper)\b|"
                          r"\bTech\.?\s?Rep\b|\bNBER\b|\bCERN-\w+-\d", re.I)),
    ("legal", compile_re(r"\b(?:U\.?S\.?C\.?|Stat\.|Act of \d{4}|v\.\s+[A-Z]\w+,\s+\d+\s+U\.S\.)|"
                         r"\b(?:New York Times|Washington Post|The Guardian|Reuters)\b")),
)
# an access date may hold an abbreviated month ("accessed Oct. 18, 2016). http://…")
_WEB = compile_re(r"\b(?:retrieved|accessed|available|online)\b(?:[^.]|\.(?!\s*(?-i:[A-Z][a-z]))){0,40}"
                  r"\bhttps?://|\[online\]|\bURL\b", re.I)
#: a work cited by its name and URL that is a program: a code host in the URL, or the name says so
_SOFTWARE_WEB = compile_re(r"(?:github\.com|gitlab\.com|bitbucket\.org|sourceforge\.net|pypi\.org|"
                           r"cran\.r-project\.org)\b|/software/|\b(?:software|package|library|code|"
                           r"toolkit|program)\b", re.I)


class ScopeError(ValueError):
    """A coverage scope that is not one of the known forms (the message lists them)."""


def parse_scope(text: str) -> str:
    """The canonical form of one scope; ScopeError if unknown."""
    scope = text.strip()
    low = scope.lower()
    if low in _PLAIN_SCOPES:
        return low
    for prefix in _PREFIXED:
        if low.startswith(prefix) and scope[len(prefix):].strip():
            value = scope[len(prefix):].strip()
            if prefix == "type:" and value.lower() not in WORK_TYPES:
                raise ScopeError(f"unknown work type {value!r} in scope {text!r}; "
                                 f"known: {', '.join(WORK_TYPES)}")
            if prefix == "venue:":
                return prefix + _words(value)
            return prefix + (value.lower() if prefix != "journal:" else value)
    raise ScopeError(
        f"unknown coverage scope {text!r}; use all, arxiv, doi, scholarly, doi-prefix:<prefix>, "
        "journal:<name or ISSN>, venue:<name> or type:<work type>"
    )


def _words(text: str | None) -> str:
    """Lower-case words separated by single spaces (for venue names)."""
    return " ".join(re.findall(r"[^\W_]+", (text or "").lower()))


def _venue_matches(scope_value: str, citation: Citation) -> bool:
    fields = citation.fields
    cited = f" {_words(fields.container_title)} {_words(fields.container_title_short)} "
    return f" {scope_value} " in cited


def parse_scopes(texts: Sequence[str] | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(parse_scope(t) for t in texts or ()))


def work_type(citation: Citation) -> str:
    """What kind of work the citation describes, from its parsed fields and its text."""
    fields = citation.fields
    text = citation.raw or ""
    base = _CSL_TYPES.get(fields.type, "article")
    if fields.container_title and (fields.volume or fields.page) and base in (
            "article", "proceedings", "chapter", "preprint"):
        # a journal or proceedings with volume/pages: the title's words ("a dataset for …",
        # "software for …") say what the paper is about, not what kind of work it is
        return "article" if base == "preprint" else base
    if fields.type not in _GENERIC_CSL:
        return base  # the entry said what it is (@book, @phdthesis, type: webpage)
    for kind, cue in _CUES:
        if cue.search(text) or (fields.title and kind == "standard" and cue.search(fields.title)):
            return kind
    if base in ("article", "preprint") and (normalize_arxiv(fields.arxiv) or arxiv_from_doi(
            normalize_doi(fields.DOI))) and not (fields.container_title and fields.volume):
        return "preprint"
    if fields.ISBN and base in ("article", "preprint"):
        return "book"
    if base in ("article", "preprint", "report") and fields.URL and not fields.container_title \
            and not fields.DOI and _WEB.search(text):
        return "webpage"
    return base


#: the kinds of work whose cited URL is worth a look (articles have identifiers and sources)
URL_KINDS = frozenset({"webpage", "software", "manual", "dataset", "report", "standard", "legal"})


def cited_by_url(citation: Citation) -> bool:
    """Whether the cited URL is a way to check the citation (``--check-urls``): an http(s) URL of a
    kind of work that no bibliographic source holds — however short its name, it is no ERROR."""
    url = citation.fields.URL or ""
    return url.startswith(("http://", "https://")) and work_type(citation) in URL_KINDS


def web_type(name: str, url: str) -> str:
    """The CSL type of a work cited by no more than its name and URL ("LArSoft, (accessed Oct. 18,
    2016). http://larsoft.org."): software where the name or the URL says so, else a web page."""
    return "software" if _SOFTWARE_WEB.search(f"{name} {url}") else "webpage"


class _Scoped(Protocol):
    name: str


def source_scopes(sources: Sequence[object]) -> dict[str, tuple[str, ...]]:
    """name → declared scopes, for every source of a run."""
    return {str(getattr(s, "name", "")): tuple(getattr(s, "scopes", ()) or ()) for s in sources}


def _journal_matches(scope_value: str, citation: Citation) -> bool:
    fields = citation.fields
    issn = str(getattr(fields, "ISSN", "") or "")
    if re.fullmatch(r"\d{4}-?\d{3}[\dXx]", scope_value):
        return scope_value.replace("-", "").upper() in issn.replace("-", "").upper()
    want = canonical_journal(scope_value)
    return bool(want) and want in {canonical_journal(fields.container_title),
                                   canonical_journal(fields.container_title_short)}


def _covers(scope: str, source: str, citation: Citation, kind: str,
            unresolved: set[tuple[str, str, str]], answered: set[str]) -> str | None:
    """Why `scope` of `source` (which answered) makes absence evidence here, or None."""
    doi = normalize_doi(citation.fields.DOI)
    doi = None if doi and arxiv_from_doi(doi) else doi
    arxiv = normalize_arxiv(citation.fields.arxiv) or arxiv_from_doi(normalize_doi(citation.fields.DOI))
    if scope == "all":
        return f"{source} is declared complete (--covers all)"
    if scope == "doi" and doi and ("doi", doi, source) in unresolved:
        return f"{source}: the DOI registry says {doi} is not registered"
    if scope.startswith("doi-prefix:") and doi and doi.startswith(scope[11:].lower()) and (
            "doi", doi, source) in unresolved:
        return f"{source} holds every DOI under {scope[11:]} and has no {doi}"
    if scope == "arxiv" and arxiv and ("arxiv", arxiv, source) in unresolved:
        return f"{source} has no arXiv:{arxiv}"
    if scope.startswith("journal:") and _journal_matches(scope[8:], citation):
        return f"{source} holds every work of {scope[8:]}"
    if scope.startswith("venue:") and kind in SCHOLARLY_TYPES and _venue_matches(scope[6:], citation):
        return f"{source} holds every paper of the venue {scope[6:]!r}"
    if scope.startswith("type:") and kind == scope[5:]:
        return f"{source} covers every {kind}"
    if scope == "scholarly" and kind in SCHOLARLY_TYPES:
        if source not in SCHOLARLY_SOURCES:
            return f"{source} mirrors the scholarly services"
        if all(name in answered for name in SCHOLARLY_SOURCES):
            return (f"{', '.join(SCHOLARLY_SOURCES)} all answered, and together they cover "
                    f"journal articles, proceedings papers and preprints")
    return None


def absence_evidence(
    citation: Citation,
    statuses: Sequence[SourceStatus],
    unresolved: Sequence[tuple[str, str, str]],
    scopes: Mapping[str, Sequence[str]],
    notes: Mapping[str, str] | None = None,
) -> tuple[list[str] | None, str]:
    """Nothing matched the citation: (covering sources that answered, why) when its absence is
    evidence (MAJOR), else (None, an actionable reason) for UNVERIFIED.

    `unresolved` holds the identifier lookups answered "no such id": (kind, id, source).
    `notes` describes sources for the reason ("the local index, a 19,894-record sample").
    """
    answered = {s.source for s in statuses if s.status == "answered"}
    kind = work_type(citation)
    gone = set(unresolved)
    doi = normalize_doi(citation.fields.DOI)
    registry = [s for s in answered if "doi" in scopes.get(s, ()) and ("doi", doi, s) not in gone]
    if doi and not arxiv_from_doi(doi) and registry:
        # the registry answered and did not deny the DOI: a real work exists under it
        return None, (f"the DOI {doi} is registered ({registry[0]}), so the work exists, but no "
                      "source asked holds its metadata; check it at https://doi.org/" + doi)
    covering: list[str] = []
    reasons: list[str] = []
    for source in [s.source for s in statuses if s.source in answered]:
        for scope in scopes.get(source, ()):
            why = _covers(scope, source, citation, kind, gone, answered)
            if why is not None and source not in covering:
                covering.append(source)
                reasons.append(why)
    if covering:
        return covering, "; ".join(dict.fromkeys(reasons))
    return None, _not_covered_reason(kind, answered, statuses, scopes, notes or {}, cited_by_url(citation))


def _not_covered_reason(kind: str, answered: set[str], statuses: Sequence[SourceStatus],
                        scopes: Mapping[str, Sequence[str]], notes: Mapping[str, str], url: bool) -> str:
    asked = [s.source for s in statuses if s.source in answered]
    where = "; ".join(notes.get(name, name) for name in asked) or "no source"
    verb = "which does" if len(asked) == 1 else "none of which"
    text = f"not in {where}, {verb} {'not ' if len(asked) == 1 else ''}cover{'s' if len(asked) != 1 else ''} this {_article(kind)}"
    if kind in SCHOLARLY_TYPES:
        missing = [n for n in SCHOLARLY_SOURCES if n not in answered]
        if any("scholarly" in scopes.get(n, ()) for n in asked) and missing:
            text += (f" (for a {kind} absence is evidence only when {', '.join(SCHOLARLY_SOURCES)}"
                     f" all answer; not answered: {', '.join(missing)})")
        return text + "; check online or with a complete index (citecheck index build --covers)"
    # (with --check-urls on, the url source answered: the page is gone or is not the cited work)
    how = "(fetched: it is not the cited work, or it is gone)" if "url" in answered else "(--check-urls)"
    hint = {"book": "Open Library (--sources openlibrary)", "chapter": "Open Library for the book",
            "dataset": "DataCite (--sources datacite)", "software": "DataCite (--sources datacite)",
            "webpage": f"the page itself {how}"}.get(kind, "a source that holds it")
    if url and kind != "webpage":
        hint += f", the cited page {how}"
    return text + f"; no asked source covers {kind} works: check with {hint} or by hand"


def _article(kind: str) -> str:
    return {"article": "journal article", "proceedings": "proceedings paper",
            "legal": "legal or news item"}.get(kind, kind)


def is_positive_evidence(matched_by: str, cited_title: str | None, found_title: str | None) -> bool:
    """Whether a disagreeing record is evidence against the citation by itself: it was reached
    through the cited identifier or journal/volume/page, or it carries the cited title (the
    same title, not merely its first words: "Structure Formation in the Universe" is not
    "Structure Formation in the Universe from Texture Induced Fluctuation"). A record that a
    loose search found (a similar title, an author's surname alone) is only the closest of
    many: its disagreement says no more than "not found" does, so coverage decides."""
    if matched_by in ("doi", "arxiv", "journal"):
        return True
    if not (cited_title and found_title):
        return False
    same = compare_titles(cited_title, found_title)
    return same.match == "same" and not same.subtitle_only


def identifier_absence_proven(kind: str, ident: str, source: str,
                              scopes: Mapping[str, Sequence[str]]) -> bool:
    """Whether `source` answering "no such `kind` id" proves the identifier does not exist."""
    own = scopes.get(source, ())
    # not "all": a complete index holds every work, not every identifier each work ever got
    if kind == "arxiv":
        return "arxiv" in own
    return "doi" in own or any(s.startswith("doi-prefix:") and ident.lower().startswith(s[11:])
                               for s in own)


__all__ = [
    "SCHOLARLY_SOURCES", "URL_KINDS", "WORK_TYPES", "ScopeError", "absence_evidence", "cited_by_url",
    "identifier_absence_proven", "is_positive_evidence", "parse_scope", "parse_scopes", "source_scopes", "web_type",
    "work_type",
]
