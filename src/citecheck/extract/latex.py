"""LaTeX inputs: ``.bbl`` files (REVTeX/apsrev, natbib/plain, biblatex) and ``.tex`` projects.

A ``.bbl`` is what BibTeX or biber wrote for one document, so it holds exactly the works the
document cites, in order. Where the style left structure behind it is read directly instead
of re-parsing rendered text: REVTeX's ``\\bibinfo{field}{value}`` and biblatex's
``\\entry … \\field{…} … \\endentry``. Styles that only leave rendered text (plain, natbib,
hand-written ``thebibliography``) are de-TeXed and handed to the reference-string parser.

A ``.tex`` file is read for its own ``thebibliography`` and for the ``.bib`` files it names
(``\\bibliography{a,b}``, ``\\addbibresource{x.bib}``), resolved next to the ``.tex`` file.
When a named ``.bib`` exists it wins over a same-named ``.bbl``: the ``.bib`` has every field
(titles too, which many physics styles drop), and the document's ``\\cite`` commands choose which
entries count. A missing ``.bib`` falls back to ``<stem>.bbl`` beside the ``.tex`` when there is
one; else it becomes an ERROR citation naming the ``.tex`` file and the missing path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from citecheck.extract.errors import NOT_A_REFERENCE, InputError
from citecheck.extract.texfiles import TexProject
from citecheck.extract.unread import Unread, unread
from citecheck.latex_text import latex_to_text
from citecheck.model import Citation, Name, Provenance, Record, set_year
from citecheck.names import SUFFIX
from citecheck.normalize import normalize_arxiv, normalize_doi
from citecheck.years import year_pattern

__all__ = ["bibitem_fields", "cited_keys", "read_bbl", "read_tex", "split_bibitems", "strip_comments"]

_COMMENT_RE = re.compile(r"(?<!\\)%[^\n]*")
_BIBITEM_RE = re.compile(r"\\bibitem(?![A-Za-z])\s*")
_END_BIB_RE = re.compile(r"\\end\s*\{thebibliography\}")
_BEGIN_BIB_RE = re.compile(r"\\begin\s*\{thebibliography\}")
_ENTRY_RE = re.compile(r"\\entry\s*\{")
_ENDENTRY_RE = re.compile(r"\\endentry\b")
_BIBINFO_RE = re.compile(r"\\bibinfo\s*\{\s*([A-Za-z]+)\s*\}\s*")
_HREF_RE = re.compile(r"\\(?:href|url)\s*\{([^{}]*)\}")
_DOIBASE_RE = re.compile(r"\\doibase\s*\{?\s*([^\s{}]+)")
_DOI_CMD_RE = re.compile(r"\\doi\s*\{([^{}]*)\}")
_EPRINT_RE = re.compile(r"\\(?:Eprint|eprint)\s*\{([^{}]*)\}(?:\s*\{([^{}]*)\})?")
_YEAR_RE = re.compile(rf"\(({year_pattern(1500)})[a-z]?\)")
_SPACE_RE = re.compile(r"\s+")
# Macros whose output is not part of the reference: spacing, penalties, REVTeX/natbib plumbing.
_NOISE_RE = re.compile(
    r"\\(?:penalty\s*-?\d+|BibitemOpen|BibitemShut\s*\{[^{}]*\}|bibitemStop|bibitemNoStop|EOS|"
    r"newblock|natexlab|providecommand|relax|unskip|hskip\s*[\d.]+\s*\w+|selectlanguage\s*\{[^{}]*\}|"
    r"bibAnnoteFile\s*\{[^{}]*\}|bibAnnote\s*\{[^{}]*\}\s*\{[^{}]*\}|translation|"
    r"href@noop\s*\{\s*\}|citenamefont|bibfnamefont|bibnamefont|bibrangedash|"
    r"bibinitperiod|bibinitdelim|bibnamedelim[a-z]|bibdatedash|textendash|enquote)(?![A-Za-z])"
)


# -- brace-level helpers -------------------------------------------------------------------------


def _group(text: str, pos: int, open_: str = "{", close: str = "}") -> tuple[str, int] | None:
    """The balanced group starting at ``pos`` (after whitespace): (content, index after it)."""
    n = len(text)
    while pos < n and text[pos] in " \t\r\n":
        pos += 1
    if pos >= n or text[pos] != open_:
        return None
    depth, i = 0, pos
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{" and open_ == "[":
            inner = _group(text, i)
            if inner is None:
                return None
            i = inner[1]
            continue
        if ch == open_:
            depth += 1
        elif ch == close:
            depth -= 1
            if depth == 0:
                return text[pos + 1 : i], i + 1
        i += 1
    return None


def strip_comments(text: str) -> str:
    """Drop TeX comments but keep every newline, so line numbers still point at the source."""
    return _COMMENT_RE.sub("", text)


def _line_of(text: str, pos: int, offset: int = 0) -> int:
    return text.count("\n", 0, pos) + 1 + offset


def detex(text: str) -> str:
    """LaTeX → plain Unicode (accents, ties, font commands); layout macros dropped."""
    text = _NOISE_RE.sub(" ", text)
    text = text.replace("\\&", "&").replace("~", " ").replace("\\ ", " ")
    text = re.sub(r"\\(?:textbf|textit|emph|textrm|textsc|textsf|texttt|mbox|bf|it|em|rm)\b\s*", "", text)
    out = latex_to_text(text)
    return _SPACE_RE.sub(" ", out).strip()


# -- splitting a bibliography into items ---------------------------------------------------------


@dataclass(frozen=True)
class BibItem:
    key: str
    label: str | None  # the optional argument: natbib "Author et al.(2007)", REVTeX "{...}"
    body: str  # LaTeX source after the key, up to the next \bibitem
    raw: str  # the whole \bibitem ... source
    line: int  # 1-based line of "\bibitem"


def split_bibitems(text: str, line_offset: int = 0) -> list[BibItem]:
    """Every ``\\bibitem`` in ``text`` (comments already stripped), in order."""
    starts = [m for m in _BIBITEM_RE.finditer(text)]
    items: list[BibItem] = []
    for i, m in enumerate(starts):
        stop = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        end = _END_BIB_RE.search(text, m.end(), stop)
        if end:
            stop = end.start()
        pos = m.end()
        label = None
        opt = _group(text, pos, "[", "]")
        if opt is not None:
            label, pos = opt
        key_group = _group(text, pos)
        if key_group is not None:
            key, pos = key_group[0].strip(), key_group[1]
        else:  # malformed: no {key}; keep the text so the entry is still reported
            key = ""
        items.append(BibItem(key=key, label=label, body=text[pos:stop], raw=text[m.start():stop].strip(),
                             line=_line_of(text, m.start(), line_offset)))
    return items


# -- REVTeX (apsrev) items: \bibinfo fields ------------------------------------------------------


def _revtex_name(value: str) -> Name:
    fam = re.search(r"\\bibnamefont\s*\{", value)
    given = re.search(r"\\bibfnamefont\s*\{", value)
    family_text = _group(value, fam.end() - 1) if fam else None
    given_text = _group(value, given.end() - 1) if given else None
    if family_text is None:
        return Name(literal=detex(value).strip(" ,") or None)
    family = detex(family_text[0])
    suffix = None
    tail = detex(value[family_text[1]:]).strip(" ,")
    if tail and re.fullmatch(rf"{SUFFIX}\.?", tail):
        suffix = tail
    return Name(family=family or None, given=detex(given_text[0]) if given_text else None, suffix=suffix)


def _bibinfo_fields(body: str) -> list[tuple[str, str]]:
    out = []
    for m in _BIBINFO_RE.finditer(body):
        grp = _group(body, m.end())
        if grp is not None:
            out.append((m.group(1).lower(), grp[0]))
    return out


def _identifiers(body: str, record: Record) -> None:
    """DOI / arXiv / URL from \\href, \\doibase, \\doi, \\Eprint, \\url (REVTeX, natbib)."""
    candidates = [m.group(1) for m in _HREF_RE.finditer(body)]
    candidates += [m.group(1) for m in _DOIBASE_RE.finditer(body)]
    candidates += [m.group(1) for m in _DOI_CMD_RE.finditer(body)]
    for c in candidates:
        doi = normalize_doi(c.replace("\\doibase", "").strip())
        if doi and not record.DOI and ("doi" in c.lower() or c.strip().startswith("10.")):
            record.DOI = doi
        elif not record.URL and c.startswith("http") and "doi.org" not in c:
            record.URL = c.strip()
    for m in _EPRINT_RE.finditer(body):
        arxiv = normalize_arxiv(m.group(1)) or normalize_arxiv(m.group(2) or "")
        if arxiv and "arxiv" not in record.custom:
            record.custom["arxiv"] = arxiv


def _parse_revtex(item: BibItem) -> tuple[Record, list[str]]:
    from citecheck.extract.bibtex import record_from_bibtex_fields

    fields: dict[str, str] = {}
    authors: list[Name] = []
    editors: list[Name] = []
    for field, value in _bibinfo_fields(item.body):
        if field == "author":
            authors.append(_revtex_name(value))
        elif field == "editor":
            editors.append(_revtex_name(value))
        elif field == "collaboration":
            authors.append(Name(literal=detex(value)))
        elif field not in fields:
            fields[field] = value
    etype = "article"
    if "booktitle" in fields:
        etype = "inproceedings" if "publisher" not in fields else "incollection"
    elif "school" in fields:
        etype = "phdthesis"
    elif "institution" in fields:
        etype = "techreport"
    elif "journal" not in fields and "publisher" in fields:
        etype = "book"
    elif "journal" not in fields:
        etype = "misc"
    # "journal" values end with "\ " in apsrev; record_from_bibtex_fields de-TeXes the rest.
    clean = {k: detex(v).strip(" ,") if k != "pages" else v for k, v in fields.items()}
    if "eprint" in clean:
        clean.setdefault("archiveprefix", "arXiv")
    record = record_from_bibtex_fields(etype, clean)
    record.author = [a for a in authors if a.family or a.literal]
    record.editor = [e for e in editors if e.family or e.literal]
    _identifiers(item.body, record)
    warnings = []
    if record.year is None and item.label:
        m = _YEAR_RE.search(detex(item.label)) or _YEAR_RE.search(item.label)
        if m:
            set_year(record, int(m.group(1)))
    if record.type == "document" and not record.container_title and not record.title:
        warnings.append(f"{NOT_A_REFERENCE}: no bibliographic fields")
    return record, warnings


# -- rendered items (plain, natbib, elsarticle, hand-written) -------------------------------------


def _rendered(item: BibItem) -> tuple[Unread, Record]:
    """A rendered item for the reading stage: its de-TeXed ``\\newblock`` parts, and the fields its
    markup gives (a DOI, URL or arXiv id of ``\\doi``, ``\\url``, ``\\eprint``; the year of its label)."""
    blocks = tuple(b for b in (detex(b) for b in re.split(r"\\newblock\b", item.body)) if b)
    found = Record()
    _identifiers(item.body, found)
    if item.label:
        m = _YEAR_RE.search(detex(item.label))
        if m:
            set_year(found, int(m.group(1)))
    return Unread(" ".join(blocks), blocks=blocks), found


def bibitem_fields(item: BibItem) -> tuple[Record, float, list[str]] | None:
    """Fields of one ``\\bibitem`` from its ``\\bibinfo`` markup (REVTeX); None for a rendered item,
    which the reading stage reads."""
    if not _BIBINFO_RE.search(item.body):
        return None
    record, warnings = _parse_revtex(item)
    return record, 1.0 if (record.author or record.title) else 0.5, warnings


# -- biblatex .bbl --------------------------------------------------------------------------------

_BIBLATEX_CMD_RE = re.compile(r"\\(field|name|list|verb|range|strng|true|false|keyw|set)\s*(?=\{)")
_BIBLATEX_VERB_RE = re.compile(r"\\verb\s*\{(\w+)\}\s*\n?\s*\\verb\s?(.*?)\s*\\endverb", re.S)
_KV_RE = re.compile(r"(?<!\w)(\w+)=")  # (from a word's start only: linear in a long word)


def _biblatex_name(group: str) -> Name:
    # Since biblatex 3.x: {{hash opts}{family={X}, familyi={X.}, given={Y}, ...}}
    parts = []
    pos = 0
    while True:
        grp = _group(group, pos)
        if grp is None:
            break
        parts.append(grp[0])
        pos = grp[1]
    body = parts[-1] if parts else group
    kv: dict[str, str] = {}
    for m in _KV_RE.finditer(body):
        val = _group(body, m.end())
        if val is not None:
            kv.setdefault(m.group(1), val[0])
    if "family" in kv or "given" in kv:
        fam = detex(kv.get("family", ""))
        prefix = detex(kv.get("prefix", ""))
        return Name(family=fam or None, given=detex(kv.get("given", "")) or None,
                    suffix=detex(kv.get("suffix", "")) or None,
                    **({"non-dropping-particle": prefix} if prefix else {}))
    # Older positional form: {hash}{family}{f}{given}{g}{prefix}{p}{suffix}{s}
    if len(parts) >= 4:
        fam, given = detex(parts[1]), detex(parts[3])
        return Name(family=fam or None, given=given or None)
    return Name(literal=detex(body) or None)


def _parse_biblatex_entry(entry: str) -> tuple[str, str, Record]:
    from citecheck.extract.bibtex import record_from_bibtex_fields

    key_grp = _group(entry, 0)
    type_grp = _group(entry, key_grp[1]) if key_grp else None
    key = key_grp[0].strip() if key_grp else ""
    etype = type_grp[0].strip().lower() if type_grp else "misc"
    fields: dict[str, str] = {}
    names: dict[str, list[Name]] = {}
    for m in _BIBLATEX_VERB_RE.finditer(entry):
        fields[m.group(1).lower()] = m.group(2).strip()
    body = _BIBLATEX_VERB_RE.sub(" ", entry)
    for m in _BIBLATEX_CMD_RE.finditer(body):
        cmd = m.group(1)
        first = _group(body, m.end())
        if first is None:
            continue
        fname = first[0].strip().lower()
        if cmd == "field":
            val = _group(body, first[1])
            if val is not None:
                fields.setdefault(fname, val[0].replace("\\bibrangedash", "--"))
        elif cmd in ("name", "list"):
            count = _group(body, first[1])
            opts = _group(body, count[1]) if count else None
            items = _group(body, opts[1]) if opts else None
            if items is None:
                continue
            members, pos = [], 0
            while True:
                grp = _group(items[0], pos)
                if grp is None:
                    break
                members.append(grp[0])
                pos = grp[1]
            if cmd == "name":
                names[fname] = [_biblatex_name(g) for g in members]
            else:
                fields.setdefault(fname, " and ".join(members))
    if "date" not in fields and "year" not in fields and "labelyear" in fields:
        fields["year"] = fields["labelyear"]
    if fields.get("year") is None and "date" in fields:
        fields["year"] = fields["date"][:4]
    if "location" in fields:
        fields.setdefault("address", fields.pop("location"))
    record = record_from_bibtex_fields(etype, {k: v for k, v in fields.items() if k not in (
        "sortinit", "sortinithash", "extradatescope", "labeldatesource", "labelnamesource",
        "labeltitlesource", "labelyear", "labelmonth", "labelday", "extradate")})
    if names.get("author"):
        record.author = [n for n in names["author"] if n.family or n.literal]
    if names.get("editor"):
        record.editor = [n for n in names["editor"] if n.family or n.literal]
    if etype in ("online", "misc") and record.custom.get("arxiv") and not record.container_title:
        record.type = "article"
    return key, etype, record


def _read_biblatex(text: str, name: str, fmt: str, line_offset: int = 0) -> list[Citation]:
    out: list[Citation] = []
    for m in _ENTRY_RE.finditer(text):
        end = _ENDENTRY_RE.search(text, m.end())
        nxt = _ENTRY_RE.search(text, m.end())
        stop = end.start() if end and (not nxt or end.start() < nxt.start()) else (
            nxt.start() if nxt else len(text))
        raw = text[m.start(): end.end() if end and end.start() == stop else stop].strip()
        line = _line_of(text, m.start(), line_offset)
        index = len(out)
        try:
            key, _etype, record = _parse_biblatex_entry(text[m.end() - 1: stop])
            record.id = key
            out.append(Citation(
                id=key or f"{name}#{index + 1}", raw=raw, fields=record,
                provenance=Provenance(file=name, line=line, key=key or None, index=index, format=fmt),
                parse_warnings=[] if end and end.start() == stop else ["entry has no \\endentry"],
            ))
        except Exception as exc:  # one broken entry never sinks the file
            out.append(_error_citation(name, raw, line, index, fmt, f"cannot read biblatex entry: {exc}"))
    return out


# -- public readers -------------------------------------------------------------------------------


def _error_citation(name: str, raw: str, line: int | None, index: int, fmt: str, reason: str,
                    key: str | None = None) -> Citation:
    return Citation(
        id=key or f"{name}#{index + 1}", raw=raw,
        provenance=Provenance(file=name, line=line, key=key, index=index, format=fmt),
        parse_confidence=0.0, error=f"{name}:{line}: {reason}" if line else f"{name}: {reason}",
    )


def _citations_from_items(items: list[BibItem], name: str, fmt: str, start: int = 0) -> list[Citation]:
    out: list[Citation] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        index = start + i
        key = item.key
        if not key:
            out.append(_error_citation(name, item.raw, item.line, index, fmt,
                                       "\\bibitem without a {key}"))
            continue
        cid = key
        if key in seen:  # LaTeX warns and keeps both; so do we, under distinct ids
            seen[key] += 1
            cid = f"{key}#{seen[key]}"
        else:
            seen[key] = 1
        out.append(_item_citation(item, name, fmt, index, key, cid))
    return out


def _item_citation(item: BibItem, name: str, fmt: str, index: int, key: str, cid: str) -> Citation:
    """One keyed ``\\bibitem``: its fields where REVTeX's markup gives them, else left unread."""
    failure = f"cannot parse \\bibitem {{{key}}}: "
    try:
        fields = bibitem_fields(item)
        if fields is None:
            how, found = _rendered(item)
    except Exception as exc:  # one broken entry never sinks the file
        return _error_citation(name, item.raw, item.line, index, fmt, f"{failure}{exc}", key=cid)
    if not detex(item.body).strip():
        return _error_citation(name, item.raw, item.line, index, fmt, f"\\bibitem {{{key}}} is empty", key=cid)
    warnings = [f"duplicate \\bibitem key {key!r}"] if cid != key else []
    prov = Provenance(file=name, line=item.line, key=key, index=index, format=fmt)
    if fields is None:
        found.id = key
        where = f"{name}:{item.line}: " if item.line else f"{name}: "
        return unread(cid, item.raw, prov, replace(how, failure=where + failure), found, warnings)
    record, confidence, read_warnings = fields
    record.id = key
    return Citation(id=cid, raw=item.raw, fields=record, provenance=prov, parse_confidence=confidence,
                    parse_warnings=[*read_warnings, *warnings])


def read_bbl(text: str, name: str) -> list[Citation]:
    """Citations from a ``.bbl`` (REVTeX, natbib/plain, biblatex) or a bare ``thebibliography``."""
    return _read_bbl(text, name, "bbl")


def _read_bbl(text: str, name: str, fmt: str) -> list[Citation]:
    text = strip_comments(text)
    if _ENTRY_RE.search(text) and ("\\endentry" in text or "\\datalist" in text):
        return _read_biblatex(text, name, fmt)
    if not _BIBITEM_RE.search(text):
        raise InputError(name, "no \\bibitem or biblatex \\entry found")
    return _citations_from_items(split_bibitems(text), name, fmt)


# -- .tex projects ---------------------------------------------------------------------------------

_BIBCMD_RE = re.compile(r"\\(bibliography|addbibresource|addglobalbib|addsectionbib)\s*(?:\[[^\]]*\]\s*)?\{([^{}]*)\}")
_CITE_RE = re.compile(
    r"\\(?:no)?[cC]ite[a-zA-Z]*\*?\s*(?:\[[^\]]*\]\s*){0,2}\{([^{}]*)\}"
    r"|\\[a-zA-Z]*cites\s*((?:(?:\[[^\]]*\]\s*){0,2}\{[^{}]*\}\s*)+)"
)
def cited_keys(text: str) -> tuple[list[str], bool]:
    """Keys in citation order (first use), and whether ``\\nocite{*}`` asks for every entry."""
    keys: list[str] = []
    everything = False
    for m in _CITE_RE.finditer(text):
        groups = [m.group(1)] if m.group(1) is not None else re.findall(r"\{([^{}]*)\}", m.group(2))
        for group in groups:
            for key in group.split(","):
                key = key.strip()
                if key == "*":
                    everything = True
                elif key and key not in keys:
                    keys.append(key)
    return keys, everything


def read_tex(text: str, name: str) -> list[Citation]:
    """Citations of a LaTeX document: its ``thebibliography`` and the ``.bib`` files it names."""
    project = TexProject(name, len(text.encode("utf-8")))
    text = strip_comments(text)
    out: list[Citation] = []
    files = project.collect(text, strip_comments)
    # thebibliography environments, in the .tex or a file it \input s; line numbers stay true.
    for fname, ftext in files:
        for m in _BEGIN_BIB_RE.finditer(ftext):
            end = _END_BIB_RE.search(ftext, m.end())
            chunk = ftext[m.end(): end.start() if end else len(ftext)]
            offset = ftext.count("\n", 0, m.end())
            out.extend(_citations_from_items(split_bibitems(chunk, offset), fname, "tex", start=len(out)))
    full = "\n".join(t for _, t in files)
    bib_refs: list[tuple[str, int]] = []
    for m in _BIBCMD_RE.finditer(full):
        for ref in m.group(2).split(","):
            if ref.strip():
                bib_refs.append((ref.strip(), _line_of(full, m.start()) if m.start() < len(text) else 0))
    if bib_refs:
        out.extend(_read_bib_resources(full, bib_refs, project, name, start=len(out)))
    elif not out and not project.refused:
        bbl = Path(name).with_suffix(".bbl")
        if name not in ("<stdin>", "-") and bbl.is_file():
            return _read_bbl(project.read(bbl), str(bbl), "bbl")
        raise InputError(name, "no thebibliography, \\bibliography{...} or \\addbibresource{...} found")
    refused = [_error_citation(name, ref, None, 0, "tex", f"{ref!r} not read: {why}",
                               key=f"{name}#refused:{ref}") for ref, why in project.refused]
    return _renumber([*refused, *out], 0) if refused else out


def _read_bib_resources(tex: str, refs: list[tuple[str, int]], project: TexProject, name: str,
                        start: int) -> list[Citation]:
    from citecheck.extract.bibtex import read_bibtex

    entries: dict[str, Citation] = {}
    order: list[Citation] = []
    problems: list[Citation] = []
    read_files: list[str] = []
    missing: list[tuple[Path, int]] = []
    for ref, line in refs:
        path = project.resolve(ref, ".bib")
        if path is None:
            continue  # outside the document's folder: reported by read_tex
        if not path.is_file():
            missing.append((path, line))
            continue
        try:
            cites = read_bibtex(project.read(path), str(path))
        except InputError as exc:
            problems.append(_error_citation(name, f"\\bibliography{{{ref}}}", line or None,
                                            0, "tex", f"cannot read {path}: {exc.reason}"))
            continue
        read_files.append(str(path))
        for c in cites:
            order.append(c)
            if c.provenance.key and c.provenance.key not in entries:
                entries[c.provenance.key] = c
    bbl = Path(name).with_suffix(".bbl")
    if missing and bbl.is_file() and not read_files:
        # The .bib is gone but the compiled .bbl is here: it holds exactly the cited works.
        cites = _read_bbl(project.read(bbl), str(bbl), "bbl")
        for c in cites:
            c.parse_warnings.append(f"{missing[0][0]} not found; read the compiled {bbl.name}")
        return _renumber(cites, start)
    for path, line in missing:
        problems.append(_error_citation(
            name, f"\\bibliography{{{path.stem}}}", line or None, 0, "tex",
            f"bibliography file {path} not found (named in {name})", key=f"{name}#missing:{path.name}"))
    keys, everything = cited_keys(tex)
    if everything or not keys:
        chosen = list(order)  # \nocite{*}, or no \cite at all: the whole file is the bibliography
    else:
        chosen = []
        for key in keys:
            if key in entries:
                chosen.append(entries[key])
            elif read_files and not missing:
                problems.append(_error_citation(
                    name, f"\\cite{{{key}}}", None, 0, "tex",
                    f"cited key {key!r} is not in {', '.join(read_files)}", key=key))
        # Entries the file could not parse have no key to cite; keep them visible.
        chosen += [c for c in order if c.error and not c.provenance.key]
    return _renumber([*problems, *chosen], start)


def _renumber(cites: list[Citation], start: int) -> list[Citation]:
    for i, c in enumerate(cites):
        c.provenance.index = start + i
    return cites
