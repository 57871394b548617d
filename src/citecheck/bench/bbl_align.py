"""Labelled references from BibTeX's own output: a paper's ``.bbl`` aligned with the ``.bib`` it was made from.

A ``.bbl`` is what a bibliography style wrote for one paper: the reference list as the paper prints it
(JHEP, utphys, apsrev4-x, aasjournal, mnras, unsrt …). Its ``.bib`` holds each entry's fields. Both
together give a labelled reference without anyone labelling it: the ``\\bibitem``'s LaTeX is decoded to
the plain text the PDF shows (`bibitem_text`, with the project's decoder), the fields are decoded the
same way, and each field is found in the text (`align`): the authors (from the first author's given
names, or the collaboration, to the end of the last name shown or the "et al." / "and others" that
ends the list), the title, the journal (or book title: the container), the volume and the first page
after it, the year, the DOI and the arXiv identifier. Gold values are the text found, so they are
what the reader should return. An entry whose alignment is incomplete (a field the style prints that
is not found; see `paper_rows`) or ambiguous (two places for the year, fields that overlap) is
dropped and counted by reason.

Pure functions; ``scripts/build_bbl_set.py`` reads the fetched sources and writes the rows
(``bench-out/bbl-physics.jsonl.gz``, and a copy damaged as PDF extraction damages text);
`load_bbl_set` reads them back as :class:`~citecheck.bench.parsing_data.LabelledReference`.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import bibtexparser

from citecheck.bench.parsing_data import LabelledReference
from citecheck.folding import fold
from citecheck.identifiers import ARXIV_NEW, ARXIV_OLD_NUMBER, ARXIV_VERSION
from citecheck.latex_text import latex_to_text
from citecheck.names import ET_AL
from citecheck.years import MONTHS

__all__ = ["CORPUS", "JOURNAL_MACROS", "Alignment", "BblEntry", "align", "bib_entries", "bibitem_text",
           "decode_field", "load_bbl_set", "paper_rows", "row_of", "segments_of", "split_bbl"]

CORPUS = "bbl-physics"

#: the journal macros of AASTeX and REVTeX (``\\apj``, ``\\prd``; also bare BibTeX macro names in a
#: .bib: ``journal = apj``) → what the paper prints
JOURNAL_MACROS: dict[str, str] = {
    "aj": "AJ", "actaa": "Acta Astron.", "araa": "ARA&A", "apj": "ApJ", "apjl": "ApJL", "apjs": "ApJS",
    "ao": "Appl. Opt.", "apss": "Ap&SS", "aap": "A&A", "aapr": "A&A Rv", "aaps": "A&AS", "azh": "AZh",
    "baas": "BAAS", "caa": "Chinese Astron. Astrophys.", "cjaa": "Chinese J. Astron. Astrophys.",
    "icarus": "Icarus", "jcap": "J. Cosmology Astropart. Phys.", "jrasc": "JRASC", "memras": "MmRAS",
    "mnras": "MNRAS", "na": "New A", "nar": "New A Rev.", "pra": "Phys. Rev. A", "prb": "Phys. Rev. B",
    "prc": "Phys. Rev. C", "prd": "Phys. Rev. D", "pre": "Phys. Rev. E", "prl": "Phys. Rev. Lett.",
    "pasa": "PASA", "pasp": "PASP", "pasj": "PASJ", "qjras": "QJRAS", "skytel": "S&T",
    "solphys": "Sol. Phys.", "sovast": "Soviet Ast.", "ssr": "Space Sci. Rev.", "zap": "ZAp",
    "nat": "Nature", "iaucirc": "IAU Circ.", "aplett": "Astrophys. Lett.",
    "apspr": "Astrophys. Space Phys. Res.", "bain": "Bull. Astron. Inst. Netherlands",
    "fcp": "Fund. Cosmic Phys.", "gca": "Geochim. Cosmochim. Acta", "grl": "Geophys. Res. Lett.",
    "jcp": "J. Chem. Phys.", "jgr": "J. Geophys. Res.", "jqsrt": "J. Quant. Spec. Radiat. Transf.",
    "memsai": "Mem. Soc. Astron. Italiana", "nphysa": "Nucl. Phys. A", "physrep": "Phys. Rep.",
    "physscr": "Phys. Scr", "planss": "Planet. Space Sci.", "procspie": "Proc. SPIE", "psj": "PSJ",
    "rmxaa": "Rev. Mexicana Astron. Astrofis.",
}

# --- the .bbl: entries, and their LaTeX made the text a PDF shows ------------------------------------

_BIBITEM_RE = re.compile(r"\\bibitem\b")
_END_RE = re.compile(r"\\end\s*\{(?:mcite)?thebibliography\}")
_LINE_COMMENT_RE = re.compile(r"(?<!\\)%[^\n]*\n[ \t]*")
_SPACE_RE = re.compile(r"\s+")
_DROP_RE = re.compile(r"\\penalty\s*-?\d+|\\hskip\s*[-\d.]+\s*\w+(?:\s*(?:plus|minus)\s*[-\d.]+\s*\w+)*\s*\\relax|"
                      r"\\protect\b|\\discretionary\s*\{\}\s*\{\}\s*\{\}|\\relax\b")
_PROTECT_L, _PROTECT_R = "\u27e6", "\u27e7"  # ⟦n⟧: a URL or DOI kept from the decoder
_PROTECTED_RE = re.compile(f"{_PROTECT_L}(\\d+){_PROTECT_R}")


@dataclass
class BblEntry:
    key: str
    label: str  # the optional argument of \bibitem (natbib's author-year label), "" if none
    source: str  # the LaTeX after \bibitem[…]{key}


def _group(src: str, i: int, open_: str = "{", close: str = "}") -> tuple[str, int] | None:
    """The balanced group starting at ``src[i]`` (after spaces), as (its inside, the index after it);
    a bracket group counts brackets outside braces only (``[{a]b}]`` is one group)."""
    while i < len(src) and src[i] in " \t\n":
        i += 1
    if i >= len(src) or src[i] != open_:
        return None
    braces = 1 if open_ == "{" else 0
    brackets = 0 if open_ == "{" else 1
    j = i + 1
    while j < len(src):
        c = src[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            braces += 1
        elif c == "}":
            braces -= 1
            if open_ == "{" and braces == 0:
                return src[i + 1:j], j + 1
        elif open_ != "{" and braces == 0 and c in (open_, close):
            brackets += 1 if c == open_ else -1
            if brackets == 0:
                return src[i + 1:j], j + 1
        j += 1
    return None


def split_bbl(bbl: str) -> list[BblEntry]:
    """The ``\\bibitem`` entries of a .bbl, in order: ``\\bibitem{key}`` or ``\\bibitem[label]{key}``
    (the label may hold braces and brackets: natbib's ``[{{Abel} et~al.}(1999)]``)."""
    starts = [m.start() for m in _BIBITEM_RE.finditer(bbl)]
    end = _END_RE.search(bbl, starts[-1]) if starts else None
    bounds = [*starts[1:], end.start() if end else len(bbl)]
    out = []
    for start, stop in zip(starts, bounds, strict=True):
        i = start + len("\\bibitem")
        label = ""
        opt = _group(bbl, i, "[", "]")
        if opt is not None:
            label, i = opt
        key = _group(bbl, i)
        if key is None:
            continue
        out.append(BblEntry(key[0].strip(), label, bbl[key[1]:stop]))
    return out


def _arg(src: str, i: int) -> tuple[str, int] | None:
    """A macro argument: a braced group, or a single token (``\\bibinfo {year} 2001`` never happens,
    but ``\\doi 10.1/x`` does not either: a bare token is taken as one character)."""
    g = _group(src, i)
    if g is not None:
        return g
    while i < len(src) and src[i] in " \t\n":
        i += 1
    return (src[i], i + 1) if i < len(src) else None


# name → (optional argument?, number of arguments, replacement given (optional, args, protect))
_Rewrite = Callable[[str | None, list[str], Callable[[str], str]], str]
_MACROS: dict[str, tuple[bool, int, _Rewrite]] = {
    "bibinfo": (False, 2, lambda o, a, p: "{" + a[1] + "}"),
    "bibfield": (False, 2, lambda o, a, p: "{" + a[1] + "}"),
    "bibnamefont": (False, 1, lambda o, a, p: "{" + a[0] + "}"),
    "bibfnamefont": (False, 1, lambda o, a, p: "{" + a[0] + "}"),
    "citenamefont": (False, 1, lambda o, a, p: "{" + a[0] + "}"),
    "natexlab": (False, 1, lambda o, a, p: "{" + a[0] + "}"),
    "singleletter": (False, 1, lambda o, a, p: "{" + a[0] + "}"),
    "noopsort": (False, 1, lambda o, a, p: ""),
    "href": (False, 2, lambda o, a, p: "{" + a[1] + "}"),
    "href@noop": (False, 2, lambda o, a, p: "{" + a[1] + "}"),
    "Eprint": (False, 2, lambda o, a, p: "{" + a[1] + "}"),
    "eprint": (True, 1, lambda o, a, p: p(a[0])),
    "url": (False, 1, lambda o, a, p: p(a[0])),
    "doi": (False, 1, lambda o, a, p: "doi: " + p(a[0])),
    "mn@doi": (True, 1, lambda o, a, p: "{" + o + "}" if o else "doi:" + p(a[0])),
    "mn@eprint": (False, 2, lambda o, a, p: a[0] + ":" + p(a[1])),
    "BibitemShut": (False, 1, lambda o, a, p: "." if a[0].strip() == "Stop" else ""),
    "BibitemOpen": (False, 0, lambda o, a, p: ""),
    "bibAnnoteFile": (False, 1, lambda o, a, p: ""),
    "bibAnnote": (False, 2, lambda o, a, p: ""),
    "selectlanguage": (False, 1, lambda o, a, p: ""),
    "enquote": (False, 1, lambda o, a, p: "\u201c" + a[0] + "\u201d"),
    "newblock": (False, 0, lambda o, a, p: " "),
    "urlprefix": (False, 0, lambda o, a, p: "URL "),
    "doibase": (False, 0, lambda o, a, p: ""),
    "bysame": (False, 0, lambda o, a, p: "\u2014\u2014\u2014"),
    # LHCb.bst (mciteplus): the title under a switch the LHCb template turns on; the list's punctuation
    "ifthenelse": (False, 3, lambda o, a, p: "{" + a[1] + "}"),
    "mciteBstWouldAddEndPuncttrue": (False, 0, lambda o, a, p: ""),
    "mciteSetBstMidEndSepPunct": (False, 3, lambda o, a, p: ""),
    "EndOfBibitem": (False, 0, lambda o, a, p: ""),
}


def _journal_rewrite(value: str) -> _Rewrite:
    return lambda o, a, p: value.replace("&", "\\&")


_MACROS.update({name: (False, 0, _journal_rewrite(value)) for name, value in JOURNAL_MACROS.items()})
_MACRO_RE = re.compile(r"\\([A-Za-z@]+)")


def _rewrite(src: str, protect: Callable[[str], str]) -> str:
    """The bibliography macros pylatexenc does not know, replaced by what they print."""
    out: list[str] = []
    i = 0
    while (m := _MACRO_RE.search(src, i)) is not None:
        name = m.group(1)
        if name not in _MACROS:
            out.append(src[i:m.end()])
            i = m.end()
            continue
        optional, n, rewrite = _MACROS[name]
        j = m.end()
        opt = None
        if optional and (g := _group(src, j, "[", "]")) is not None:
            opt, j = g
        args = []
        for _ in range(n):
            a = _arg(src, j)
            if a is None:
                break
            args.append(a[0])
            j = a[1]
        if len(args) < n:  # a macro without its arguments: dropped
            out.append(src[i:m.start()])
            i = m.end()
            continue
        out.append(src[i:m.start()])
        # the replacement may hold more macros (\bibinfo {title} {\enquote {…}}): rewritten in turn
        out.append(_rewrite(rewrite(opt, args, protect), protect))
        if n == 0 and j < len(src) and src[j] == " " and rewrite(opt, args, protect) == "":
            j += 1
        i = j
    out.append(src[i:])
    return "".join(out)


def _decode(latex: str) -> str:
    protected: list[str] = []

    def protect(value: str) -> str:
        protected.append(_SPACE_RE.sub("", value).replace("\\_", "_").replace("\\%", "%").replace("\\#", "#")
                         .replace("\\&", "&").replace("{", "").replace("}", "").replace("\\~{}", "~"))
        return f"{_PROTECT_L}{len(protected) - 1}{_PROTECT_R}"

    src = _DROP_RE.sub("", _LINE_COMMENT_RE.sub("", latex))
    text = latex_to_text(_rewrite(src, protect))
    text = _PROTECTED_RE.sub(lambda m: protected[int(m.group(1))], text)
    return _SPACE_RE.sub(" ", text.replace("\u00a0", " ")).strip()


def bibitem_text(source: str) -> str:
    """One ``\\bibitem``'s LaTeX as the text its PDF shows: markup dropped, accents and math decoded,
    a link's visible text kept (a DOI or arXiv link in ``\\href`` shows only its text), a
    ``\\doi{…}`` as "doi: …", a journal macro (``\\apj``) as the journal's abbreviation; spaces
    collapsed."""
    return _decode(source)


# --- the .bib ---------------------------------------------------------------------------------------

def decode_field(value: str) -> str:
    """A .bib value as plain text (a bare macro name, ``journal = apj``, as its journal)."""
    value = value.strip()
    if value in JOURNAL_MACROS:  # a macro name is lower-case: "JCAP" is the journal's own name
        return JOURNAL_MACROS[value]
    return _decode(value)


def bib_entries(*bibs: str) -> dict[str, dict[str, str]]:
    """Each entry of the .bib texts by key (the first of two with one key), its fields lower-cased
    by name and left raw (LaTeX), with ``ENTRYTYPE``."""
    out: dict[str, dict[str, str]] = {}
    for bib in bibs:
        library = bibtexparser.parse_string(bib)
        for entry in library.entries:
            if entry.key in out:
                continue
            fields = {k.lower(): str(f.value) for k, f in entry.fields_dict.items()}
            fields["ENTRYTYPE"] = entry.entry_type.lower()
            out[entry.key] = fields
    return out


def _split_names(value: str) -> list[str]:
    """The names of a BibTeX name list (split at " and " outside braces)."""
    value = _SPACE_RE.sub(" ", value)
    names, depth, start, i = [], 0, 0, 0
    while i < len(value):
        c = value[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0 and value[i:i + 5].lower() == " and ":
            names.append(value[start:i])
            start = i + 5
            i += 5
            continue
        i += 1
    names.append(value[start:])
    return [n.strip() for n in names if n.strip()]


def _family(name: str) -> str:
    """The family name of one BibTeX name ("Last, First", "First Last", "{Dark Energy Survey
    Collaboration}"), decoded."""
    if name.startswith("{") and name.endswith("}") and _group(name, 0) == (name[1:-1], len(name)):
        return decode_field(name[1:-1])
    if "," in name:
        return decode_field(name.split(",")[0])
    words, depth, cur = [], 0, ""
    for c in name:
        depth += c == "{"
        depth -= c == "}"
        if c.isspace() and depth == 0:
            if cur:
                words.append(cur)
            cur = ""
        else:
            cur += c
    if cur:
        words.append(cur)
    # "Ludwig van Beethoven": the family starts at the first lower-case particle, else the last word
    for k, w in enumerate(words[1:], 1):
        if w[:1].islower() and k < len(words) - 1:
            return decode_field(" ".join(words[k:]))
    return decode_field(words[-1]) if words else ""


# --- finding a value in the text ----------------------------------------------------------------------

class _Folded:
    """A text folded to lower-case ASCII letters and digits, with each kept character's index in the
    text: values are found whatever their case, accents, spacing and punctuation."""

    def __init__(self, text: str) -> None:
        chars: list[str] = []
        index: list[int] = []
        for i, c in enumerate(text):
            for f in fold(c):
                if f.isalnum():
                    chars.append(f)
                    index.append(i)
        self.text = text
        self.chars = "".join(chars)
        self.index = index

    def find(self, value: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
        """Every span of the text that holds ``value`` (folded) from ``start`` to ``end``, whole
        words only (no letter or digit just outside it), widened over the value's own leading and
        trailing punctuation where the text has it ("Phys. Rev. Lett." keeps its last dot)."""
        needle = "".join(f for c in value for f in fold(c) if f.isalnum())
        if not needle:
            return []
        end = len(self.text) if end is None else end
        out = []
        k = self.chars.find(needle)
        while k >= 0:
            s, e = self.index[k], self.index[k + len(needle) - 1] + 1
            if s >= start and e <= end and not (s > 0 and self.text[s - 1].isalnum()) and not (
                    e < len(self.text) and self.text[e].isalnum()):
                out.append(_widen(self.text, value, s, e))
            k = self.chars.find(needle, k + 1)
        return out


def _widen(text: str, value: str, s: int, e: int) -> tuple[int, int]:
    tail = len(value) - len(value.rstrip(".?!)]\u201d'\""))
    for c in value[len(value) - tail:]:
        if e < len(text) and text[e] == c:
            e += 1
        else:
            break
    head = len(value) - len(value.lstrip("([\u201c'\""))
    for c in reversed(value[:head]):
        if s > 0 and text[s - 1] == c:
            s -= 1
        else:
            break
    return s, e


def _token_spans(text: str, token: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Spans of ``token`` as a whole token (no letter or digit beside it)."""
    if not token:
        return []
    pattern = re.compile(r"(?<![A-Za-z0-9])" + re.escape(token) + r"(?![A-Za-z0-9])", re.I)
    return [(m.start(), m.end()) for m in pattern.finditer(text, start, len(text) if end is None else end)]


_ET_AL_RE = re.compile(r"(?:[\s,]*+(?:" + ET_AL + r"|[\[(]?(?:[Tt]he\s+)?[A-Z][\w-]*+(?:\s+[A-Z][\w-]*+){0,3}"
                       r"\s+[Cc]ollaboration[\])]?))+")
_TRAILING_INITIALS_RE = re.compile(r",?\s*+(?:[A-Z][a-z]?\.(?:\s*+-?\s*+[A-Z][a-z]?\.)*)(?:,?\s*+(?:Jr|Sr)\.?)?")
_GIVEN_PREFIX_RE = re.compile(r"^[\w.\-'\u2019\s]{0,40}$")
_YEAR_IN_PARENS_RE = re.compile(r"\(\s*\d{4}[a-z]?\s*\)")
_MONTH_BEFORE_RE = re.compile(r"(?<![A-Za-z])(?:" + "|".join(m[:3] for m in MONTHS) + r")[a-z]*\.?\s+$")
_ARXIV_IN_JOURNAL_RE = re.compile(
    rf"arXiv:\s*((?:{ARXIV_NEW}|[a-z-]+(?:\.[A-Z]{{2}})?{ARXIV_OLD_NUMBER})(?:{ARXIV_VERSION})?)", re.I)
_PAGE_RE = re.compile(r"^[A-Za-z]?\d+[A-Za-z]?$")
_PAGE_RANGE_RE = re.compile(r"\s*+(?:--?|\u2013|\u2014)\s*+[A-Za-z]?\d+")


@dataclass
class Alignment:
    text: str
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)  # gold field → span in text
    missing: list[str] = field(default_factory=list)  # fields the .bib has that the text does not show
    problem: str = ""  # why the entry cannot be used ("" when it can)

    def gold(self) -> dict[str, str]:
        """The gold values (GROBID's keys, as `citecheck.bench.parsing_data.grobid_eval_rows` writes
        them): the text of each span; the page is the first page; the arXiv id without its prefix."""
        out = {k: self.text[s:e] for k, (s, e) in self.spans.items()}
        if "page" in out:
            out["page"] = re.split(r"\s*(?:--?|\u2013|\u2014)\s*", out["page"])[0]
        if "year" in out:  # the year of "Jul 2012" or "2016a"
            out["year"] = re.findall(r"\d{4}", out["year"])[-1]
        if "arxiv" in out:
            out["arxiv"] = re.sub(r"(?i)^arxiv:\s*", "", out["arxiv"])
        return out


_IN_BOOK = frozenset({"inproceedings", "incollection", "inbook", "conference"})
_LABELS = {"authors": "author", "title": "title", "container-title": "container", "volume": "volume",
           "page": "pages", "year": "date", "doi": "identifier", "arxiv": "identifier"}


def _authors(text: str, folded: _Folded, fields: dict[str, str]) -> tuple[int, int] | str | None:
    """The author span, or a reason it is not found."""
    names = _split_names(fields.get("author", ""))
    families = [_family(n) for n in names]
    collab = decode_field(fields["collaboration"]) if fields.get("collaboration") else ""
    start = end = -1
    if collab and (hits := folded.find(collab, 0, 60)):
        start, end = hits[0]
        if m := re.match(r"\s+[Cc]ollaboration\b", text[end:]):
            end += m.end()
    if families:
        first = folded.find(families[0], max(end, 0), max(end, 0) + 120)
        if first:
            if start < 0:
                start = first[0][0]
                prefix = text[:start]
                if _GIVEN_PREFIX_RE.match(prefix):  # the first author's given names before the family
                    start = 0
            end = first[0][1]
            shown = 1
            for fam in families[1:]:
                nxt = folded.find(fam, end, end + 120)
                if not nxt:
                    break
                end = nxt[0][1]
                shown += 1
            m = _TRAILING_INITIALS_RE.match(text, end)
            if m and m.group(0).strip(", "):
                end = m.end()
            m = _ET_AL_RE.match(text, end)
            if m and m.group(0).strip(" ,"):
                end = m.end()
            elif shown < len(families):
                return "authors incomplete"
        elif start < 0:
            return "authors shown as a dash" if re.match(r"\s*(?:---|\u2014|\u2013)", text) else "first author not found"
    if start < 0:
        return None
    return start, end


def align(text: str, fields: dict[str, str]) -> Alignment:
    """Each field of a .bib entry (raw, from `bib_entries`) found in the decoded text of its
    ``\\bibitem``: the spans of what is shown, the fields not shown, and the problem, if any."""
    al = Alignment(text)
    folded = _Folded(text)
    if fields.get("author") or fields.get("collaboration"):
        span = _authors(text, folded, fields)
        if isinstance(span, str):
            al.problem = span
            return al
        if span is None:
            al.missing.append("authors")
        else:
            al.spans["authors"] = span
    after = al.spans["authors"][1] if "authors" in al.spans else 0
    if fields.get("title"):
        hits = folded.find(decode_field(fields["title"]), after)
        if hits:
            al.spans["title"] = hits[0]
            after = hits[0][1]
        else:
            al.missing.append("title")
    container = fields.get("journal")
    if not container and fields.get("ENTRYTYPE") in _IN_BOOK and fields.get("booktitle") != fields.get("title"):
        container = fields.get("booktitle")
    eprint = fields.get("eprint")
    if container and (m := _ARXIV_IN_JOURNAL_RE.search(decode_field(container))):
        # Google Scholar's "arXiv preprint arXiv:2209.07187": the container is what precedes the id
        eprint = eprint or m.group(1)
        container = decode_field(container)[:m.start()].strip(" ,")
    if container:
        hits = folded.find(decode_field(container), after)
        if hits:
            al.spans["container-title"] = hits[0]
            after = hits[0][1]
        else:
            al.missing.append("container-title")
    if fields.get("volume"):
        hits = _token_spans(text, decode_field(fields["volume"]), after)
        if hits:
            al.spans["volume"] = hits[0]
            after = hits[0][1]
        else:
            al.missing.append("volume")
    first, *rest = re.split(r"\s*(?:--?|\u2013|\u2014|,)\s*", decode_field(fields.get("pages", "")))
    if _PAGE_RE.match(first):  # not ADS's "arXiv:1610.02743" or an "e-print" page
        hits = _token_spans(text, first, after)
        if hits:
            # the first page, not an issue number equal to it ("323(1):1–12"): the one its range
            # follows, else the first not in parentheses
            ranged = [h for h in hits if rest and (m := _PAGE_RANGE_RE.match(text, h[1]))
                      and m.group(0).strip(" -\u2013\u2014") == rest[-1]]
            bare = [h for h in hits if text[h[0] - 1:h[0]] != "("]
            s, e = (ranged or bare or hits)[0]
            m = _PAGE_RANGE_RE.match(text, e)
            al.spans["page"] = (s, m.end() if m else e)
        else:
            al.missing.append("page")
    for name, value in (("doi", fields.get("doi")), ("arxiv", eprint)):
        if value:
            value = re.sub(r"(?i)^(?:https?://(?:dx\.)?doi\.org/|doi:\s*|arxiv:\s*)", "", decode_field(value))
            hits = [(m.start(), m.end()) for m in re.finditer(re.escape(value), text, re.I)]
            if hits:
                s, e = hits[0]
                if name == "arxiv" and text[max(0, s - 6):s].lower() == "arxiv:":
                    s -= 6
                al.spans[name] = (s, e)
            else:
                al.missing.append(name)
    if fields.get("year"):
        year = decode_field(fields["year"])
        taken = list(al.spans.values())
        hits = [(m.start(), m.end()) for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(year)}(?=[a-z]?(?![A-Za-z0-9]))", text)]
        hits = [h for h in hits if not any(s < h[1] and h[0] < e for s, e in taken)]
        hits = [h for h in hits if not re.match(r"[a-z]?\s*\)?\s*[./]\d", text[h[1]:h[1] + 3])]  # no "2012.0053"
        if len(hits) > 1:
            in_parens = [h for h in hits if any(p.start() <= h[0] and h[1] <= p.end()
                                                for p in _YEAR_IN_PARENS_RE.finditer(text))]
            hits = in_parens if len(in_parens) == 1 else hits
        if len(hits) > 1:
            al.problem = "year ambiguous"
            return al
        if hits:
            s, e = hits[0]
            m = re.match(r"[a-z](?![A-Za-z])", text[e:])  # natbib's "2016a"
            month = _MONTH_BEFORE_RE.search(text, 0, s)  # "Jul 2012": the date is the month and year
            al.spans["year"] = (month.start() if month else s, e + (1 if m else 0))
        else:
            al.missing.append("year")
    ordered = sorted(al.spans.values())
    if any(a[1] > b[0] for a, b in pairwise(ordered)):
        al.problem = "fields overlap"
    return al


def segments_of(text: str, spans: dict[str, tuple[int, int]]) -> tuple[list[tuple[str, str]], list[bool]]:
    """The labelled segments of a text (the labeller's labels; what no span covers is "other") and
    whether a space comes before each: ``LabelledReference(segments, spaced).text`` is ``text``."""
    pieces: list[tuple[str, int, int]] = []
    pos = 0
    for name, (s, e) in sorted(spans.items(), key=lambda kv: kv[1]):
        if s > pos:
            pieces.append(("other", pos, s))
        pieces.append((_LABELS[name], s, e))
        pos = e
    if pos < len(text):
        pieces.append(("other", pos, len(text)))
    segs: list[tuple[str, str]] = []
    spaced: list[bool] = []
    pending = False
    for label, s, e in pieces:
        chunk = text[s:e]
        if not chunk.strip():
            pending = pending or bool(chunk)
            continue
        lead = len(chunk) - len(chunk.lstrip())
        spaced.append(bool(segs) and (pending or lead > 0))
        segs.append((label, chunk.strip()))
        pending = len(chunk) > len(chunk.rstrip())
    return segs, spaced


def row_of(document: str, key: str, style: str, al: Alignment) -> dict[str, Any]:
    """One aligned entry as a row of the set (the JSONL shape `load_bbl_set` reads)."""
    segs, spaced = segments_of(al.text, al.spans)
    return {"id": f"{CORPUS}:{document}#{key}", "document": document, "style": style,
            "segments": [list(s) for s in segs], "spaced": spaced, "gold": al.gold()}


#: fields whose absence from the text makes an entry incomplete, unless the paper's style does not
#: print them (fewer than half of the paper's entries that have the field show it)
CHECKED_FIELDS = ("title", "container-title", "volume", "page", "year")


def paper_rows(bbl: str, bibs: list[str], document: str, style: str = "") -> tuple[list[dict[str, Any]], Counter[str]]:
    """The rows of one paper (its .bbl and the .bib files it was made from) and the entries dropped,
    by reason. An entry is dropped when its key is in no .bib, when its alignment has a problem
    (first author not found, authors incomplete, year ambiguous, fields overlap), or when a field
    the paper's style prints (`CHECKED_FIELDS`) is not found in it."""
    entries = bib_entries(*bibs)
    dropped: Counter[str] = Counter()
    aligned: list[tuple[str, Alignment]] = []
    for item in split_bbl(bbl):
        fields = entries.get(item.key)
        if fields is None:
            dropped["key not in the .bib"] += 1
            continue
        text = bibitem_text(item.source)
        if not text:
            dropped["empty entry"] += 1
            continue
        al = align(text, fields)
        if al.problem:
            dropped[al.problem] += 1
            continue
        aligned.append((item.key, al))
    # a style prints a field for some kinds of entry only (JHEP: no year for an arXiv-only
    # preprint): judged per kind, an entry with a journal and one without
    def kind(al: Alignment, f: str) -> tuple[str, bool]:
        return f, "container-title" in al.spans or "container-title" in al.missing

    shown = Counter(kind(al, f) for _, al in aligned for f in al.spans)
    absent = Counter(kind(al, f) for _, al in aligned for f in al.missing)
    rows = []
    for key, al in aligned:
        lost = [f for f in al.missing if f in CHECKED_FIELDS and shown[kind(al, f)] >= absent[kind(al, f)]]
        if lost:
            dropped[f"{lost[0]} not found"] += 1
            continue
        rows.append(row_of(document, key, style, al))
    return rows, dropped


def load_bbl_set(path: Path) -> Iterator[LabelledReference]:
    """The rows of ``scripts/build_bbl_set.py`` (gzip JSONL): a validation set, never trained on;
    each reference's document is its paper, so a bootstrap resamples papers."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            gold = dict(row["gold"]) | {"field": row.get("field", ""), "style": row.get("style", "")}
            yield LabelledReference(row["id"], row["document"], CORPUS,
                                    [(label, text) for label, text in row["segments"]], gold,
                                    spaced=list(row["spaced"]), fixed_split="validation")
