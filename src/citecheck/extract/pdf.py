"""PDF input: find the references section and split it into one citation per reference.

Text comes from pypdf's layout mode (or poppler's ``pdftotext -layout`` when pypdf gives
nothing), which keeps horizontal positions. That is what makes the split robust: two-column
pages are cut at the gutter and read column by column, and author-year lists, which have no
labels, are split at their hanging indent. Numbered lists ("[12]", "12.") are split on the
label sequence. Running headers/footers and page numbers are dropped, words hyphenated at line
ends are re-joined, and TeX's spacing accents ("Paczy´nski") are composed again ("Paczyński").
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from dataclasses import dataclass

from citecheck.extract.errors import InputError
from citecheck.extract.unread import Unread, unread
from citecheck.identifiers import DOI_PREFIX
from citecheck.model import Citation, Provenance, Record, set_year
from citecheck.years import YEAR

__all__ = ["is_end_heading", "is_references_heading", "page_texts", "parse_pages", "read_pdf", "split_reference_text", "split_references"]

_HEADING_RE = re.compile(
    r"^\s*(?:[0-9IVX]+\.?\s+)?(?:references(?:\s+and\s+notes)?|bibliography|literature\s+cited|"
    r"works\s+cited|cited\s+literature|literatur(?:verzeichnis)?|références|referencias|"
    r"bibliographie|reference\s+list)\s*:?\s*$",
    re.IGNORECASE,
)
_HEADING_WORDS = frozenset({
    "references", "referencesandnotes", "bibliography", "literaturecited", "workscited",
    "citedliterature", "literatur", "literaturverzeichnis", "références", "referencias",
    "bibliographie", "referencelist", "notesandreferences",
})


def is_references_heading(text: str) -> bool:
    """ "References", "7. REFERENCES", small caps split by the PDF as "R EFERENCES"."""
    if len(text) > 40:
        return False
    if _HEADING_RE.match(text):
        return True
    core = re.sub(r"^\s*(?:[0-9IVX]+\.?|[A-Z]\.)\s+", "", text)
    return re.sub(r"[\s:]", "", core).lower() in _HEADING_WORDS


_END_RE = re.compile(
    r"^\s*(?:appendix|appendices|supplementary|supplemental\s+material|acknowledge?ments?|"
    r"figure\s+captions|tables?\b|index\b|about\s+the\s+authors?|author\s+biograph)",
    re.IGNORECASE,
)
_BRACKET_LABEL_RE = re.compile(r"^\s*\[([^\[\]]{1,40})\]\s*")
_NUM_LABEL_RE = re.compile(r"^\s*(\d{1,4})[.)]?\s+(?=\S)")
_NUM_DOT_LABEL_RE = re.compile(r"^\s*(\d{1,4})[.)]\s+(?=\S)")
# (each run of spaces taken once, by one quantifier: linear in a line of spaces)
_PAGE_NUMBER_RE = re.compile(r"^\s*+(?:page\s++)?[-–]?\s*+\d{1,4}\s*+[-–]?\s*+(?:of\s++\d++)?\s*$", re.I)
_SPACE_RE = re.compile(r"\s+")
_DASH_AUTHORS_RE = re.compile(r"^\s*(?:[–—_-]\s*){1,}[.,]?\s*(?=\(|\d|[A-Z])")
_SPACING_ACCENTS = {
    "´": "\u0301", "`": "\u0300", "¨": "\u0308", "ˆ": "\u0302", "˜": "\u0303", "¯": "\u0304",
    "˘": "\u0306", "˙": "\u0307", "˚": "\u030a", "˝": "\u030b", "ˇ": "\u030c", "¸": "\u0327",
    "˛": "\u0328",
}
_ACCENT_RE = re.compile(r"([´`¨ˆ˜¯˘˙˚˝ˇ])\s?([A-Za-zıȷ])")
_CEDILLA_RE = re.compile(r"([A-Za-z])\s?([¸˛])")
_LIGATURES = str.maketrans({"ﬁ": "fi", "ﬂ": "fl", "ﬀ": "ff", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st",
                            "ﬆ": "st", "\u00ad": ""})
_DOI_SPACES_RE = re.compile(r"\b10\s?\.\s?(\d{4,9})\s?/\s?")
_DOI_GAP_RE = re.compile(rf"(\b{DOI_PREFIX}/\S*?)\s*([-./_])\s+(?=[a-z0-9(])")
_DOI_TAIL_GAP_RE = re.compile(rf"(\b{DOI_PREFIX}/\S*[-./_])\s+(?=[a-z0-9])")
MAX_PAGES = 500


@dataclass
class Line:
    text: str  # text without leading indentation
    indent: int  # leading spaces, counted from the column's own left edge on the page
    page: int  # 1-based
    column: int  # 0 = left/full width, 1 = right
    gap: bool = False  # a blank line came before it (in its column)


# -- page selection ----------------------------------------------------------------------------------


def parse_pages(spec: str | None, count: int) -> list[int]:
    """1-based page numbers from "5-7", "12-", "3", "1,4-5"; all pages when ``spec`` is None."""
    if spec is None or not spec.strip():
        return list(range(1, count + 1))
    pages: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        m = re.fullmatch(r"(\d*)\s*-\s*(\d*)|(\d+)", part)
        if not m or part in ("", "-"):
            raise ValueError(f"bad page range {part!r} (use e.g. 5-7, 12- or 3)")
        if m.group(3):
            lo = hi = int(m.group(3))
        else:
            lo = int(m.group(1)) if m.group(1) else 1
            hi = int(m.group(2)) if m.group(2) else count
        if lo < 1 or hi < lo:
            raise ValueError(f"bad page range {part!r}")
        pages.extend(p for p in range(lo, min(hi, count) + 1) if p not in pages)
    if not pages:
        raise ValueError(f"page range {spec!r} is outside the document's {count} pages")
    return pages


# -- text extraction -----------------------------------------------------------------------------------


def _pypdf_pages(data: bytes, name: str, pages: str | None, layout: bool = True) -> list[str]:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise InputError(name, "PDF is encrypted with a password")
        count = len(reader.pages)
    except InputError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        raise InputError(name, f"cannot read PDF: {exc}") from exc
    try:
        wanted = parse_pages(pages, count)
    except ValueError as exc:
        raise InputError(name, str(exc)) from exc
    if len(wanted) > MAX_PAGES:
        raise InputError(name, f"{len(wanted)} pages; use --pages to pick the references (max {MAX_PAGES})")
    texts: list[str] = []
    for number in wanted:
        try:
            texts.append(reader.pages[number - 1].extract_text(extraction_mode="layout" if layout else "plain") or "")
        except Exception:  # one unreadable page (broken font, bad stream) must not sink the rest
            try:
                texts.append(reader.pages[number - 1].extract_text() or "")
            except Exception:
                texts.append("")
    return texts


def _pdftotext_pages(data: bytes, pages: str | None, count_hint: int | None = None) -> list[str]:
    exe = shutil.which("pdftotext")
    if not exe:
        return []
    cmd = [exe, "-layout", "-enc", "UTF-8"]
    if pages:
        first = re.match(r"\s*(\d+)", pages)
        last = re.search(r"-\s*(\d+)\s*$", pages)
        if first:
            cmd += ["-f", first.group(1)]
        if last:
            cmd += ["-l", last.group(1)]
        elif re.fullmatch(r"\s*\d+\s*", pages) and first:
            cmd += ["-l", first.group(1)]
    try:
        done = subprocess.run([*cmd, "-", "-"], input=data, capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if done.returncode != 0:
        return []
    return done.stdout.decode("utf-8", errors="replace").split("\f")


# -- layout: columns, headers, lines -------------------------------------------------------------------


def _gutter(lines: list[str]) -> int | None:
    """The character column splitting a two-column page, or None for a one-column page."""
    body = [ln for ln in lines if ln.strip()]
    if len(body) < 8:
        return None
    width = max(len(ln) for ln in body)
    if width < 60:
        return None
    scores: dict[int, float] = {}
    for col in range(int(width * 0.3), int(width * 0.7)):
        free = sum(1 for ln in body if len(ln) <= col or ln[col - 1: col + 2].strip() == "")
        left = sum(1 for ln in body if ln[: col - 1].strip())
        right = sum(1 for ln in body if ln[col + 2:].strip())
        if left < 0.3 * len(body) or right < 0.3 * len(body):
            continue
        scores[col] = free / len(body)
    if not scores:
        return None
    top = max(scores.values())
    # Both columns busy and a clean gap in nearly every line: a real gutter, not word spacing.
    if top < 0.75:
        return None
    # Of the near-best columns take the middle of the widest run: the gutter is the wide gap.
    runs: list[list[int]] = []
    for col in sorted(c for c, s in scores.items() if s >= top - 0.03):
        if runs and col == runs[-1][-1] + 1:
            runs[-1].append(col)
        else:
            runs.append([col])
    widest = max(runs, key=len)
    return widest[len(widest) // 2]


def _fits_gutter(raw: list[str], gutter: int) -> bool:
    """Does a short page (too few lines to find its own gutter) have the document's gutter?"""
    body = [ln for ln in raw if ln.strip()]
    free = all(len(ln) <= gutter or not ln[gutter - 1: gutter + 2].strip() for ln in body)
    both = any(ln[: gutter - 1].strip() and ln[gutter + 2:].strip() for ln in body)
    return free and both


def _pages_to_lines(texts: list[str]) -> list[list[Line]]:
    """Lines of every page, two-column pages read column by column."""
    raws = [[ln.rstrip() for ln in t.replace("\r", "").split("\n")] for t in texts]
    gutters = [_gutter(raw) for raw in raws]
    known = Counter(g for g in gutters if g is not None)
    if known:
        usual = known.most_common(1)[0][0]
        for i, raw in enumerate(raws):
            if gutters[i] is None and len([x for x in raw if x.strip()]) < 8 and _fits_gutter(raw, usual):
                gutters[i] = usual  # e.g. the last few references on the final page
    return [_page_lines(raw, i + 1, gutters[i]) for i, raw in enumerate(raws)]


def _page_lines(raw: list[str], page: int, gutter: int | None) -> list[Line]:
    left: list[Line] = []
    right: list[Line] = []
    gaps = [False, False]
    for ln in raw:
        if not ln.strip():
            gaps = [True, True]
            continue
        spans = gutter is None or (len(ln) > gutter and ln[gutter - 1: gutter + 2].strip())
        if spans:  # one column, or a line spanning the gutter: full width
            left.append(Line(ln.strip(), len(ln) - len(ln.lstrip()), page, 0, gaps[0]))
            gaps = [False, False]
            continue
        a, b = ln[:gutter], ln[gutter:]
        if a.strip():
            left.append(Line(a.strip(), len(a) - len(a.lstrip()), page, 0, gaps[0]))
            gaps[0] = False
        else:
            gaps[0] = True
        if b.strip():
            right.append(Line(b.strip(), len(b) - len(b.lstrip()), page, 1, gaps[1]))
            gaps[1] = False
        else:
            gaps[1] = True
    return left + right


def _drop_running_lines(pages: list[list[Line]]) -> list[list[Line]]:
    """Remove page numbers and headers/footers repeated at the top or bottom of several pages."""
    def key(line: Line) -> str:
        # Only the page number varies in a running header/footer: drop numbers at the line's
        # edges ("12  J. Phys. A 40 (2007)", "Smith et al. 12", "Page 3 of 9"), nothing else,
        # so that similar-looking reference lines on consecutive pages stay distinct.
        # Odd and even pages put the number on either side ("2  JOURNAL …, 2024" / "JOURNAL …,
        # 2024  3"), so edge numbers are stripped repeatedly, the year included.
        text = re.sub(r"\bpage\s+\d+(?:\s+of\s+\d+)?", "page", line.text.lower()).strip()
        for _ in range(3):
            text = re.sub(r"^\d{1,4}\b\s*|\s*\b\d{1,4}$", "", text)
        return text

    top: Counter[str] = Counter()
    bottom: Counter[str] = Counter()
    for lines in pages:
        top.update({key(x) for x in lines[:2]})
        bottom.update({key(x) for x in lines[-2:]})
    need = 2 if len(pages) <= 4 else 3
    out = []
    for lines in pages:
        kept = []
        for i, line in enumerate(lines):
            at_top, at_bottom = i < 2, i >= len(lines) - 2
            if _PAGE_NUMBER_RE.match(line.text) and (at_top or at_bottom or len(line.text) <= 3):
                continue
            if len(pages) > 1 and not is_references_heading(line.text) and (
                (at_top and top[key(line)] >= need) or (at_bottom and bottom[key(line)] >= need)
            ):
                continue  # a running header or footer
            kept.append(line)
        out.append(kept)
    return out


# -- the references section and its entries ------------------------------------------------------------


def _section(lines: list[Line]) -> list[Line]:
    """Lines after the last references heading, up to an appendix-like heading."""
    start = None
    for i, line in enumerate(lines):
        if is_references_heading(line.text):
            start = i + 1
    if start is None:
        start = _numbered_start(lines)
        if start is None:
            return []
    out: list[Line] = []
    for line in lines[start:]:
        if out and is_end_heading(line.text):
            break
        out.append(line)
    return out


def is_end_heading(text: str) -> bool:
    """"Appendix A", "Supplementary Material": a short capitalised line, not a wrapped title."""
    return bool(_END_RE.match(text)) and text[:1].isupper() and len(text.split()) <= 6 and (
        not re.search(r"[,;]\s*$|\(\d{4}\)", text))


def _numbered_start(lines: list[Line]) -> int | None:
    """No heading (PRL-style papers): the start of a run "[1] … [2] … [3]" near the end."""
    for i in range(len(lines) - 1, -1, -1):
        m = _BRACKET_LABEL_RE.match(lines[i].text)
        if m and m.group(1).strip() == "1":
            following = [_BRACKET_LABEL_RE.match(x.text) for x in lines[i + 1:]]
            labels = [f.group(1).strip() for f in following if f]
            if "2" in labels and "3" in labels:
                return i
    return None


def _is_alpha_label(label: str) -> bool:
    label = label.strip()
    if re.fullmatch(r"\d{1,4}", label):
        return True
    # "[Knu84]", "[Smith et al.(2007)]"; not "[gr-qc]", "[hep-th]", "[online]", "[in Russian]"
    return (bool(re.match(r"[A-Z]", label)) and not re.fullmatch(r"[A-Za-z\-.]+", label.lower())) or bool(
        re.search(r"[A-Z].*\d|\d.*[A-Z]", label))


def _split_numbered(lines: list[Line], bracket: bool) -> list[tuple[str | None, list[Line]]]:
    entries: list[tuple[str | None, list[Line]]] = []
    expected: int | None = None
    for line in lines:
        label = None
        m = _BRACKET_LABEL_RE.match(line.text) if bracket else _NUM_DOT_LABEL_RE.match(line.text)
        if m:
            value = m.group(1).strip()
            if value.isdecimal():
                n = int(value)
                if expected is None or expected <= n <= expected + 2:
                    label, expected = value, n + 1
            elif bracket and _is_alpha_label(value):
                label = value
        if label is not None:
            entries.append((label, [Line(line.text[m.end():], line.indent, line.page, line.column)]
                            if m else [line]))
        elif entries:
            entries[-1][1].append(line)
    return entries


def _split_hanging(lines: list[Line]) -> list[tuple[str | None, list[Line]]]:
    """Author-year lists: a line at the column's left edge starts a reference."""
    base: dict[tuple[int, int], int] = {}
    for line in lines:
        k = (line.page, line.column)
        base[k] = min(base.get(k, 10**6), line.indent)
    # Per column side, the left edge is the smallest indent seen on any page.
    side = {c: min(v for (p, cc), v in base.items() if cc == c) for (_, c) in base}
    indented = sum(1 for ln in lines if ln.indent >= side[ln.column] + 2)
    entries: list[tuple[str | None, list[Line]]] = []
    if indented >= max(1, len(lines) // 5):
        for line in lines:
            if line.indent <= side[line.column] + 1 or not entries:
                entries.append((None, [line]))
            else:
                entries[-1][1].append(line)
        return entries
    # Flat list (no hanging indent). Blank lines separate entries when some, not all, lines
    # have one; else a line that starts like "Family, I." after a finished line starts one.
    gapped = sum(1 for ln in lines[1:] if ln.gap)
    if 0 < gapped < (len(lines) - 1) * 0.8:
        for line in lines:
            if not entries or line.gap:
                entries.append((None, [line]))
            else:
                entries[-1][1].append(line)
        return entries
    start_re = re.compile(r"^(?:[A-Z][\w'’\-]+(?:\s+[a-z]{1,3}\s+[A-Z][\w'’\-]+)?,\s+(?:[A-Z]\.|[A-Z][a-z]+)|"
                          r"[A-Z]\.(?:\s?[A-Z]\.)*\s+[A-Z][\w'’\-]+,)")
    for line in lines:
        prev = entries[-1][1][-1].text if entries else ""
        if not entries or (start_re.match(line.text) and re.search(r"[.)\d]\s*$", prev)):
            entries.append((None, [line]))
        else:
            entries[-1][1].append(line)
    return entries


def split_references(lines: list[Line]) -> list[tuple[str | None, list[Line]]]:
    """Split the section's lines into (label, lines) per reference."""
    if not lines:
        return []
    bracket = sum(1 for ln in lines if (m := _BRACKET_LABEL_RE.match(ln.text)) and _is_alpha_label(m.group(1)))
    numbered = sum(1 for ln in lines if _NUM_DOT_LABEL_RE.match(ln.text))
    if bracket >= 2 and bracket >= numbered / 2:
        return _split_numbered(lines, bracket=True)
    if numbered >= 2:
        firsts = [int(m.group(1)) for ln in lines if (m := _NUM_DOT_LABEL_RE.match(ln.text))]
        if firsts and firsts[0] <= 2 and sorted(firsts[:5]) == firsts[:5]:
            return _split_numbered(lines, bracket=False)
    return _split_hanging(lines)


def _fix_accents(text: str) -> str:
    text = _ACCENT_RE.sub(lambda m: m.group(2).replace("ı", "i").replace("ȷ", "j")
                          + _SPACING_ACCENTS[m.group(1)], text)
    text = _CEDILLA_RE.sub(lambda m: m.group(1) + _SPACING_ACCENTS[m.group(2)], text)
    return unicodedata.normalize("NFC", text)


def join_lines(lines: list[str]) -> str:
    """Join a reference's lines: re-join hyphenated words and identifiers broken at line ends."""
    out = ""
    for raw in lines:
        line = _SPACE_RE.sub(" ", raw.translate(_LIGATURES)).strip()
        if not line:
            continue
        if not out:
            out = line
        elif re.search(r"[a-zà-ÿ]-$", out) and re.match(r"[a-zà-ÿ]", line):
            out = out[:-1] + line  # "Mur-" + "phy" → "Murphy"
        elif re.search(r"\w-$", out) and re.match(r"[A-Z0-9]", line):
            out = out + line  # "q-" + "Deformed", "s11249-" + "004": the hyphen is real
        elif re.search(r"(?:[/_]|\b10\.|\d-|[a-z]{2,}\.)$", out) and re.search(rf"(?:doi|{DOI_PREFIX}/\S*)$", out.split()[-1] + (out.split()[-2] if len(out.split()) > 1 else ""), re.I) and re.match(r"[\w.]", line):
            out = out + line  # a DOI broken at "/" or "." continues without a space
        elif re.search(rf"(?:https?://\S*|\b{DOI_PREFIX}/\S*)[/.\-_]$", out) and re.match(r"[\w.]", line):
            out = out + line
        else:
            out = out + " " + line
    out = _DOI_SPACES_RE.sub(r"10.\1/", out)
    for _ in range(8):  # "10.1007/s11249 -004-8088-7": spaces the layout put inside a DOI
        new = _DOI_TAIL_GAP_RE.sub(r"\1", _DOI_GAP_RE.sub(r"\1\2", out))
        if new == out:
            break
        out = new
    return _fix_accents(out).strip()


def split_reference_text(text: str) -> list[str]:
    """Reference strings found in layout text (pages separated by form feeds ``\\f``)."""
    pages = _pages_to_lines(text.split("\f"))
    lines = [ln for page in _drop_running_lines(pages) for ln in page]
    return [s for _, group in split_references(_section(lines)) if (s := join_lines([x.text for x in group]))]


# -- the reader ----------------------------------------------------------------------------------------


def page_texts(data: bytes, name: str, pages: str | None = None, backend: str = "auto",
               layout: bool = True) -> list[str]:
    """The text of each page (of ``pages``, or all), as the backend lays it out (``layout``:
    columns side by side, as the reference splitter wants; otherwise in reading order).

    ``backend``: "pypdf", "pdftotext" (poppler, when installed) or "auto" (pypdf, then
    pdftotext when pypdf finds no text). No text layer is an `InputError`.
    """
    if not data.startswith(b"%PDF") and b"%PDF" not in data[:1024]:
        raise InputError(name, "not a PDF file (no %PDF header)")
    texts: list[str] = []
    if backend in ("auto", "pypdf"):
        texts = _pypdf_pages(data, name, pages, layout)
    if backend == "pdftotext" or (backend == "auto" and not "".join(texts).strip()):
        texts = _pdftotext_pages(data, pages) or texts
    if len("".join(texts).split()) < 5:
        raise InputError(name, "PDF has no text layer (scanned?); run OCR first")
    return texts


def read_pdf(data: bytes, name: str, pages: str | None = None, backend: str = "auto") -> list[Citation]:
    """Citations from a PDF's references section, left unread; ``pages`` limits the search ("5-7", "12-").

    ``backend``: "pypdf", "pdftotext" (poppler, when installed) or "auto" (pypdf, then
    pdftotext when pypdf finds no text).
    """
    texts = page_texts(data, name, pages, backend)
    page_lines = _drop_running_lines(_pages_to_lines(texts))
    all_lines = [ln for page in page_lines for ln in page]
    section = _section(all_lines)
    if not section and pages is not None:
        section = all_lines  # the user pointed at the reference pages: take them whole
    if not section:
        raise InputError(name, "no references section found (looked for a 'References' or "
                               "'Bibliography' heading and a numbered list); try --pages")
    out: list[Citation] = []
    for label, group in split_references(section):
        text = join_lines([x.text for x in group])
        if not text:
            continue
        index = len(out)
        cid = f"{name}#{index + 1}"
        prov = Provenance(file=name, page=group[0].page, key=label, index=index, format="pdf")
        out.append(unread(cid, text, prov, _how(text, f"{name}: page {group[0].page}: cannot parse reference: "),
                          found=_found(cid, text)))
    return out


def _how(text: str, failure: str) -> Unread:
    """What to read of a reference: after a bibliography dash ("——— (2007)"), the rest, with the
    authors of the entry before."""
    dashed = _DASH_AUTHORS_RE.match(text)
    return Unread(text[dashed.end():] if dashed else text, same_authors=bool(dashed), failure=failure)


def _found(cid: str, text: str) -> Record:
    """The fields a reference's layout gives: the year right after a bibliography dash."""
    found = Record(id=cid)
    dashed = _DASH_AUTHORS_RE.match(text)
    year = re.match(rf"\s*\(?({YEAR})[a-z]?\)?", text[dashed.end():]) if dashed else None
    if year:
        set_year(found, int(year.group(1)))
    return found
