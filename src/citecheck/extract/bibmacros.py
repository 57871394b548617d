"""BibTeX's own macro language, which bibtexparser v2 leaves to its users.

* Field values are expanded the way BibTeX does: ``{…}`` and ``"…"`` pieces, numbers, and
  ``@string`` macros (and the predefined month macros), joined by ``#``. bibtexparser's
  `ResolveStringReferencesMiddleware` only handles a value that *is* one macro, so the file is
  parsed with an empty middleware stack and every value goes through `expand` here, the
  ``@string`` definitions included (a macro may use earlier ones).
* ``crossref`` and ``xdata`` inheritance (`inherit`): an entry takes the fields it lacks from the
  entry it cross-references (a parent's ``title`` becomes a proceedings paper's ``booktitle``, as
  in biblatex) and from every ``xdata`` entry it names. Missing parents are reported by the
  caller as warnings, never silently ignored.
"""

from __future__ import annotations

from citecheck.years import MONTH_ABBREVIATIONS
from citecheck.years import MONTHS as MONTH_NAMES

MONTHS = dict(zip(MONTH_ABBREVIATIONS, MONTH_NAMES, strict=True))

#: never inherited: they name or link the entry itself
_OWN = frozenset({"crossref", "xdata", "ids", "key", "entryset", "label", "shorthand"})
#: child entry types whose parent is the container (biblatex's inheritance table, in short)
_CONTAINED = frozenset({"inproceedings", "conference", "incollection", "inbook", "bookinbook",
                        "suppbook", "inreference"})


def _pieces(value: str) -> list[tuple[str, str]] | None:
    """(kind, text) pieces of a raw value joined by ``#``; None if it is not well formed."""
    pieces: list[tuple[str, str]] = []
    i, n = 0, len(value)
    while True:
        while i < n and value[i].isspace():
            i += 1
        if i >= n:
            return pieces if pieces else None
        ch = value[i]
        if ch == "{":
            depth, j = 0, i
            while j < n:
                depth += {"{": 1, "}": -1}.get(value[j], 0)
                if depth == 0:
                    break
                j += 1
            if j >= n:
                return None
            pieces.append(("text", value[i + 1:j]))
            i = j + 1
        elif ch == '"':
            depth, j = 0, i + 1
            while j < n and (value[j] != '"' or depth > 0):
                depth += {"{": 1, "}": -1}.get(value[j], 0)
                j += 1
            if j >= n:
                return None
            pieces.append(("text", value[i + 1:j]))
            i = j + 1
        else:
            j = i
            while j < n and not value[j].isspace() and value[j] != "#":
                j += 1
            pieces.append(("word", value[i:j]))
            i = j
        while i < n and value[i].isspace():
            i += 1
        if i >= n:
            return pieces
        if value[i] != "#":
            return None
        i += 1


def expand(value: str, strings: dict[str, str]) -> str:
    """A raw field value with its delimiters, expanded (see the module docstring). A value that
    is not well-formed BibTeX is returned as written, so nothing is lost."""
    pieces = _pieces(value)
    if pieces is None:
        raw = value.strip()
        if len(raw) >= 2 and (raw[0], raw[-1]) in (("{", "}"), ('"', '"')):
            return raw[1:-1]
        return raw
    out: list[str] = []
    for kind, text in pieces:
        if kind == "text" or text.isdecimal():
            out.append(text)
        else:
            key = text.lower()
            out.append(strings.get(key, MONTHS.get(key, text)))
    return "".join(out)


def inherit(entries: dict[str, tuple[str, dict[str, str]]], key: str,
            problems: list[str]) -> dict[str, str]:
    """The fields of entry `key` with what it inherits through ``crossref`` and ``xdata``.

    `entries` maps lower-cased keys to (entry type, expanded fields); missing parents are
    appended to `problems`.
    """
    etype, fields = entries[key]
    merged = dict(fields)
    low = {k.lower() for k in merged}
    for ref in [r.strip() for r in fields.get("xdata", "").split(",") if r.strip()]:
        parent = entries.get(ref.lower())
        if parent is None:
            problems.append(f"xdata entry {ref!r} not found")
            continue
        for name, val in parent[1].items():
            if name.lower() not in low and name.lower() not in _OWN:
                merged[name], low = val, low | {name.lower()}
    cref = _field(fields, "crossref")
    if cref:
        parent = entries.get(cref.strip().lower())
        if parent is None:
            problems.append(f"crossref entry {cref.strip()!r} not found")
            return merged
        pfields = parent[1]
        if etype.lower() in _CONTAINED and "booktitle" not in low:
            title = _field(pfields, "booktitle") or _field(pfields, "title")
            if title:
                merged["booktitle"], low = title, low | {"booktitle"}
        for name, val in pfields.items():
            lname = name.lower()
            if lname in low or lname in _OWN:
                continue
            if lname in ("title", "subtitle") and etype.lower() in _CONTAINED:
                continue  # the parent's title is the container, not this work's title
            merged[name], low = val, low | {lname}
    return merged


def _field(fields: dict[str, str], name: str) -> str | None:
    return next((v for k, v in fields.items() if k.lower() == name), None)


__all__ = ["MONTHS", "expand", "inherit"]
