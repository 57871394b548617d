"""Reference strings rendered by BibTeX styles (.bst), every token labelled by construction.

A CSL-JSON record is written as a BibTeX entry whose field values carry ASCII sentinels in braces
("{QZTB}" opens the title, "{QZTE}" closes it): a brace group is left alone by ``change.case$``
and passes through the style's output untouched, and plain capitals survive the LaTeX decoding
(`citecheck.extract.latex.detex`, i.e. `citecheck.latex_text.latex_to_text`) of the ``.bbl``
item. The decoded text is split at the sentinels into labelled segments and the sentinels are
stripped.

Where a sentinel would change what the style prints it moves inwards by one character: the
opening mark of a value that starts with a letter goes after that letter (kind ``A``: the letter
before it belongs to the field), so "t" ``change.case$`` still sees the title's first letter first;
the closing mark of a value that ends in ".", "?" or "!" goes before that mark (kind ``F``: the
character after it belongs), so ``add.period$`` still sees it.

Names cannot be marked: ``format.names`` takes a name list apart. The author list is labelled
structurally: from the start of the entry up to the first other marked field (a collaboration,
marked, counts as the author list), trimmed of separating punctuation; an entry whose span lacks
the first author's family name is refused (:class:`LabelError`). A numeric field whose closing
mark a style cut off (REVTeX prints only the first page of "1--29") runs to the end of its word.

pybtex (MIT) runs the styles (`run_bst`); it is a development dependency, imported only there.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from citecheck.extract.latex import detex, split_bibitems

__all__ = ["CODES", "LabelError", "bbl_items", "bib_entry", "decode_item", "label_item", "mark",
           "run_bst"]

#: sentinel letter of each BibTeX field → the labeller's label
CODES: dict[str, tuple[str, str]] = {
    "T": ("title", "title"), "J": ("journal", "container"), "K": ("booktitle", "container"),
    "S": ("series", "collection"), "V": ("volume", "volume"), "N": ("number", "issue"),
    "P": ("pages", "pages"), "D": ("year", "date"), "U": ("publisher", "publisher"),
    "L": ("address", "location"), "I": ("doi", "identifier"), "X": ("eprint", "identifier"),
    "Y": ("primaryclass", "identifier"), "R": ("url", "url"), "C": ("collaboration", "author"),
    "H": ("school", "publisher"), "G": ("institution", "publisher"), "O": ("note", "note"),
    "W": ("edition", "note"), "Q": ("isbn", "identifier"),
}
_FIELD_CODE = {field: code for code, (field, _) in CODES.items()}
_NUMERIC = frozenset("VNPD")
_MARK_RE = re.compile(r"QZ([A-Z])([ABEF])")
_SPACE_RE = re.compile(r"\s+")
# identifier prefixes printed by the style, part of the identifier as GROBID labels it
_ID_PREFIX_RE = re.compile(r"(?:(?:arXiv|arxiv|ArXiv|doi|DOI)\s*:?|https?://(?:dx\.)?doi\.org/)\s*$")
# a full stop that ends an initial or "et al." belongs to the author list
_KEEP_STOP_RE = re.compile(r"(?:\b[A-Z]|\bal|\b[A-Z][a-z]?\.-?[A-Z])\.$")


_TRAILING_IN_RE = re.compile(r"[\s,.;:]+[Ii]n:?\s*$")


class LabelError(ValueError):
    """The rendered entry cannot be labelled faithfully (unbalanced marks, no author span)."""


def mark(value: str, code: str) -> str:
    """``value`` with the sentinels of ``code`` in it (see the module docstring for the shifts)."""
    opening = (f"{value[0]}{{QZ{code}A}}", value[1:]) if len(value) > 1 and value[0].isascii() \
        and value[0].isalpha() else (f"{{QZ{code}B}}", value)
    body = opening[1]
    if len(body) > 1 and body[-1] in ".?!":
        return f"{opening[0]}{body[:-1]}{{QZ{code}F}}{body[-1]}"
    return f"{opening[0]}{body}{{QZ{code}E}}"


def _mark_unshifted(value: str, code: str) -> str:
    """The sentinels at the value's edges, for a value in protecting braces (no case change)."""
    if len(value) > 1 and value[-1] in ".?!":
        return f"{{QZ{code}B}}{value[:-1]}{{QZ{code}F}}{value[-1]}"
    return f"{{QZ{code}B}}{value}{{QZ{code}E}}"


# -- CSL-JSON → BibTeX ---------------------------------------------------------------------------

_BIB_SPECIAL_RE = re.compile(r"(?<!\\)([&%#_$])")
_TYPES = {"article-journal": "article", "article": "article", "paper-conference": "inproceedings",
          "chapter": "incollection", "book": "book", "thesis": "phdthesis", "report": "techreport"}


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


def bib_value(text: str) -> str | None:
    """A record's plain value as BibTeX source: specials escaped; None where it cannot be written
    faithfully (a backslash, "~", "^", unbalanced braces or text that looks like a sentinel)."""
    text = _SPACE_RE.sub(" ", str(text)).strip()
    if not text or "\\" in text or "~" in text or "^" in text or "QZ" in text or not _balanced(text):
        return None
    return _BIB_SPECIAL_RE.sub(r"\\\1", text)


def bib_name(name: dict[str, Any]) -> str | None:
    """A CSL name as BibTeX writes it: "von Last, Jr, First"; a literal name in braces."""
    if name.get("literal"):
        lit = bib_value(name["literal"])
        return f"{{{lit}}}" if lit else None
    family = " ".join(p for p in (name.get("non-dropping-particle"), name.get("family")) if p)
    family_v = bib_value(family)
    if not family_v or "," in family_v:
        return None
    given = bib_value(name.get("given") or "") if name.get("given") else ""
    suffix = bib_value(name.get("suffix") or "") if name.get("suffix") else ""
    if given is None or suffix is None or "," in (given or "") or "," in (suffix or ""):
        return None
    family_v = f"{{{family_v}}}" if " " in family and not name.get("non-dropping-particle") else family_v
    return ", ".join(p for p in (family_v, suffix, given) if p) or None


def first_family(record: dict[str, Any]) -> str:
    """The first author's family name (or literal name) as plain text."""
    name = (record.get("author") or [{}])[0]
    return str(name.get("literal") or name.get("family") or "")


def bib_entry(record: dict[str, Any], key: str, fields: dict[str, str], entry_type: str | None = None,
              others: bool = False, marked: bool = True, protect: frozenset[str] = frozenset()) -> str | None:
    """The BibTeX entry of ``record`` with the given plain field values (BibTeX field → text), each
    marked when ``marked``; None when a value or the first author cannot be written. ``others``
    ends the author list with "and others" (BibTeX's "et al."); the ``protect`` fields are wrapped
    in a second pair of braces, as INSPIRE writes titles (no case change)."""
    written = [bib_name(n) for n in record.get("author") or [] if isinstance(n, dict)]
    if not written or written[0] is None:
        return None
    names = [n for n in written if n]
    if others:
        names.append("others")
    lines = [f"@{entry_type or _TYPES.get(record.get('type', ''), 'misc')}{{{key},",
             f"  author = {{{' and '.join(names)}}},"]
    for field, text in fields.items():
        value = bib_value(text)
        if value is None:
            return None
        code = _FIELD_CODE.get(field)
        if field in protect:
            value = f"{{{_mark_unshifted(value, code) if marked and code else value}}}"
        elif marked and code:
            value = mark(value, code)
        lines.append(f"  {field} = {{{value}}},")
    return "\n".join(lines) + "\n}\n"


# -- running a style -----------------------------------------------------------------------------


def run_bst(bst: Path, bib: Path, keys: Iterable[str]) -> str:
    """The ``.bbl`` text that the style ``bst`` writes for ``keys`` of the ``.bib`` file ``bib``
    (pybtex's BibTeX interpreter; the parsed style is cached per path)."""
    import contextlib
    import io

    from pybtex import errors
    from pybtex.bibtex.interpreter import Interpreter
    from pybtex.database.input.bibtex import Parser

    style = _parsed_bst(bst)
    # BibTeX's warnings ("empty journal") are warnings, not errors; the style's messages are noise
    with errors.capture(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return str(Interpreter(Parser, "utf-8").run(style, list(keys), [str(bib)], min_crossrefs=2))


_BST_CACHE: dict[Path, Any] = {}


def _parsed_bst(path: Path) -> Any:
    if path not in _BST_CACHE:
        from pybtex.bibtex import bst

        _BST_CACHE[path] = bst.parse_file(str(path))
    return _BST_CACHE[path]


# -- .bbl item → marked plain text → labelled segments --------------------------------------------


def bbl_items(bbl: str) -> dict[str, str]:
    """The body of every ``\\bibitem`` of a ``.bbl``, by key."""
    return {item.key: item.body for item in split_bibitems(re.sub(r"(?<!\\)%[^\n]*", "", bbl))}


def _group_end(text: str, start: int) -> int | None:
    """The index after the balanced brace group opening at ``start`` (white space skipped)."""
    while start < len(text) and text[start].isspace():
        start += 1
    if start >= len(text) or text[start] != "{":
        return None
    depth, i = 0, start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        depth += (text[i] == "{") - (text[i] == "}")
        if depth == 0:
            return i + 1
        i += 1
    return None


def _drop_first_argument(text: str, macro: str) -> str:
    """``\\macro{link}{text}`` → ``{text}``: the link is not printed."""
    out, pos = [], 0
    for m in re.finditer(rf"\\{macro}(?![A-Za-z])", text):
        if m.start() < pos:
            continue
        end = _group_end(text, m.end())
        if end is None:
            continue
        out.append(text[pos:m.start()])
        while end < len(text) and text[end].isspace():  # TeX skips the space between arguments
            end += 1
        pos = end
    return "".join(out) + text[pos:]


_PLUMBING_RE = re.compile(
    r"\\(?:bibinfo|bibfield)\s*\{\s*[A-Za-z]+\s*\}\s*|\\BIB[A-Za-z]+|\\(?:protect|relax|/|doibase|"
    r"bibAnnoteFile\s*\{[^{}]*\}|bibAnnote\s*\{[^{}]*\}\s*\{[^{}]*\}|natexlab|eprint(?:\s*\[[^\]]*\])?"
    r"|url|path|doi|href@noop\s*\{\s*\}|citenamefont|bibnamefont|bibfnamefont|bysame)(?![A-Za-z])")


def _mn_doi(text: str) -> str:
    """mnras's ``\\mn@doi [journal] {doi}`` prints the journal (linked); ``\\mn@doi{doi}`` "doi:doi"."""
    out, pos = [], 0
    for m in re.finditer(r"\\mn@doi\s*", text):
        if m.start() < pos:
            continue
        start = m.end()
        shown = "doi:"
        if text[start:start + 1] == "[":
            depth, i = 0, start
            while i < len(text) and not (text[i] == "]" and depth == 0):
                depth += (text[i] == "{") - (text[i] == "}")
                i += 1
            shown, start = text[start + 1:i], i + 1
        end = _group_end(text, start)
        if end is None:
            continue
        out.append(text[pos:m.start()] + (shown if shown != "doi:" else "doi:" + text[start:end]))
        pos = end
    return "".join(out) + text[pos:]


_YEAR_LETTER_RE = re.compile(r"(QZD[EF])[a-z](?![A-Za-z])")
_PRINTED_RE = [
    (re.compile(r"\\natexlab\s*\{[^{}]*\}"), ""),  # the "a" of "2018a": an artefact of one .bib per style
    (re.compile(r"\\mn@eprint\s*\{([^{}]*)\}\s*"), r"\1:"),
    (re.compile(r"\\showeprint\s*\[[^\]]*\]\s*"), "arXiv:"),
    (re.compile(r"\\urldef\s*\\tempurl|\\show(?:DOI|URL)\s*\{\\tempurl\}"), ""),
    (re.compile(r"\\urlprefix(?![A-Za-z])"), "URL "),
]


def decode_item(body: str) -> str:
    """A ``.bbl`` item's LaTeX as plain text, the sentinels kept: links dropped (``\\href``'s and
    REVTeX's ``\\Eprint``'s first argument), the printing macros of REVTeX, mnras and ACM expanded
    as their classes print them, then `detex` (the project's LaTeX decoder)."""
    text = re.sub(r"(?<!\\)%[^\n]*\n?[ \t]*", "", body)  # a comment takes its line end along
    text = _mn_doi(_drop_first_argument(_drop_first_argument(text, "href"), "Eprint"))
    for pattern, repl in _PRINTED_RE:
        text = pattern.sub(repl, text)
    text = _PLUMBING_RE.sub("", text)
    # the "a" of "2018a" that author-year styles print after a year: an artefact of rendering many
    # entries of one author and year in one .bib, not of the reference
    return _YEAR_LETTER_RE.sub(r"\1", detex(text))


def _author_end(text: str, end: int) -> int:
    """The end of the author span ``text[:end]`` without its separating punctuation and the "in"
    that introduces a proceedings volume (REVTeX: "A. Author, in Proc. …")."""
    while (m := _TRAILING_IN_RE.search(text, 0, end)) is not None:
        end = m.start()
    while end > 0:
        ch = text[end - 1]
        separator = ch.isspace() or ch in ",;:(\"“”‘'«"
        if not separator and not (ch == "." and not _KEEP_STOP_RE.search(text[:end])):
            return end
        end -= 1
    return end


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def label_item(marked: str, family: str) -> tuple[list[tuple[str, str]], list[bool], dict[str, str]]:
    """(segments, spaced, values) of a decoded item: the labelled segments, whether space precedes
    each, and the text each sentinel code enclosed (for the fidelity check). Raises
    :class:`LabelError` when the marks do not pair up or the author span lacks ``family``."""
    chars: list[str] = []
    labels: list[str | None] = []
    open_at: dict[str, int] = {}
    values: dict[str, str] = {}
    pos = 0
    text = _SPACE_RE.sub(" ", marked).strip()

    def close(code: str, start: int, end: int) -> None:
        for i in range(start, end):
            labels[i] = CODES[code][1]
        values.setdefault(code, "".join(chars[start:end]).strip())

    for m in _MARK_RE.finditer(text):
        for ch in text[pos:m.start()]:
            chars.append(ch)
            labels.append(None)
        pos = m.end()
        code, kind = m.groups()
        if code not in CODES:
            raise LabelError(f"unknown mark {m.group()}")
        if kind in "AB":
            if code in open_at:
                raise LabelError(f"{CODES[code][0]} opened twice")
            open_at[code] = len(chars) - (kind == "A" and bool(chars))
        else:
            start = open_at.pop(code, None)
            if start is None:
                raise LabelError(f"{CODES[code][0]} closed before it opened")
            if kind == "F":  # the character after the mark belongs to the field
                rest = text[pos:]
                if rest and not _MARK_RE.match(rest):
                    chars.append(rest[0])
                    labels.append(None)
                    pos += 1
            close(code, start, len(chars))
    for ch in text[pos:]:
        chars.append(ch)
        labels.append(None)
    for code, start in open_at.items():  # a closing mark the style cut off
        if code not in _NUMERIC:
            raise LabelError(f"{CODES[code][0]} not closed")
        end = start
        while end < len(chars) and not chars[end].isspace():
            end += 1
        while end > start and chars[end - 1] in ",.;:)]":
            end -= 1
        close(code, start, end)
    plain = "".join(chars)
    _absorb_identifier_text(plain, labels)
    first = next((i for i, lab in enumerate(labels) if lab not in (None, "author")), len(labels))
    end = _author_end(plain, first)
    if not family or _fold(family) not in _fold(plain[:end]):
        raise LabelError("first author not in the author span")
    for i in range(end):
        labels[i] = "author"
    segs, spaced = _segments(plain, labels)
    return segs, spaced, values


def _absorb_identifier_text(plain: str, labels: list[str | None]) -> None:
    """Text printed around identifiers joins them: "arXiv:" or "doi:" before one, the " [" between
    an eprint and its class and the "]" that closes it."""
    i = 0
    while i < len(labels):
        if labels[i] == "identifier" and (i == 0 or labels[i - 1] != "identifier"):
            m = _ID_PREFIX_RE.search(plain[:i])
            if m and all(lab is None for lab in labels[m.start():i]):
                for k in range(m.start(), i):
                    labels[k] = "identifier"
        i += 1
    # unlabelled text between two identifier runs ("1207.7214 [hep-ex")
    runs = _runs(labels)
    for (lab_a, _, a_end), (lab_b, _, _), (lab_c, c_start, _) in zip(runs, runs[1:], runs[2:], strict=False):
        if lab_a == lab_c == "identifier" and lab_b is None and len(plain[a_end:c_start].strip()) <= 2:
            for k in range(a_end, c_start):
                labels[k] = "identifier"
    for lab, start, end in _runs(labels):
        if lab == "identifier" and plain[start:end].count("[") > plain[start:end].count("]") \
                and plain[end:end + 1] == "]":
            labels[end] = "identifier"


def _runs(labels: list[str | None]) -> list[tuple[str | None, int, int]]:
    out: list[tuple[str | None, int, int]] = []
    for i, lab in enumerate(labels):
        if out and out[-1][0] == lab:
            out[-1] = (lab, out[-1][1], i + 1)
        else:
            out.append((lab, i, i + 1))
    return out


def _segments(plain: str, labels: list[str | None]) -> tuple[list[tuple[str, str]], list[bool]]:
    """Runs of one label, white space at their edges moved out into the ``spaced`` flags; a gap of
    unlabelled text between two runs of one label takes that label (", " inside a title's marks
    cannot occur, but ". " between a page range's parts can)."""
    segs: list[tuple[str, str]] = []
    spaced: list[bool] = []
    for lab, start, end in _runs(labels):
        piece = plain[start:end]
        core = piece.strip()
        if not core:
            continue
        lead = piece[: len(piece) - len(piece.lstrip())]
        space = bool(lead) or (start > 0 and plain[start - 1].isspace())
        segs.append((lab or "other", core))
        spaced.append(space and bool(segs[:-1]))
    return segs, spaced
