"""The bibliography of a LaTeX source tree, read with citecheck's own readers.

Where it is looked for, in order: the ``.bbl`` the authors compiled (exactly the works the paper
cites, as typeset), then the ``.bib`` files the main ``.tex`` names in ``\\bibliography`` or
``\\addbibresource`` (only the cited entries), then ``thebibliography`` in the ``.tex`` files.
Each citation's location is the file inside the source and the line there, under the paper's
label (``arXiv:2401.01234/main.bbl:12``).

The ``.bbl`` route reads from memory. The ``.tex`` routes need the document's other files (the
``.bib``, ``\\input`` parts), so the kept files are written into a private temporary folder
(mode 0700, removed afterwards) under their archive paths, which `archive.unpack` has already
confined to the archive; the readers then stay inside that folder as they do for any document.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from citecheck.claims.body import Segment, latex_source_segments
from citecheck.extract.decode import decode
from citecheck.extract.errors import InputError
from citecheck.model import Citation

_DOCCLASS = re.compile(r"^[^%\n]*\\document(?:class|style)\b", re.M)
_BEGIN_DOC = re.compile(r"^[^%\n]*\\begin\s*\{document\}", re.M)
_BIBCMD = re.compile(r"^[^%\n]*\\(?:bibliography|addbibresource|addglobalbib)\s*(?:\[[^\]]*\]\s*)?\{",
                     re.M)
_THEBIB = re.compile(r"^[^%\n]*\\begin\s*\{thebibliography\}", re.M)


@dataclass
class Bibliography:
    citations: list[Citation]
    route: str  # "bbl", "bib" or "thebibliography"
    files: list[str] = field(default_factory=list)  # the source files it was read from
    body: list[Segment] = field(default_factory=list)  # the text that cites (check --claims)


def _texts(files: dict[str, bytes]) -> dict[str, str]:
    return {name: decode(data, name).text for name, data in files.items()}


def main_tex(texts: dict[str, str]) -> str | None:
    """The main document: a ``.tex`` with ``\\documentclass`` and ``\\begin{document}`` (the
    largest such; ``main.tex``/``ms.tex`` first)."""
    tex = [n for n in texts if PurePosixPath(n).suffix.lower() in (".tex", ".ltx", ".latex")]
    mains = [n for n in tex if _DOCCLASS.search(texts[n]) and _BEGIN_DOC.search(texts[n])]
    mains = mains or [n for n in tex if _BEGIN_DOC.search(texts[n])]
    if not mains:
        return None
    return sorted(mains, key=lambda n: (PurePosixPath(n).stem not in ("main", "ms", "paper"),
                                        n.count("/"), -len(texts[n]), n))[0]


def _bbl_for(texts: dict[str, str], main: str | None) -> str | None:
    bbls = [n for n in texts if n.lower().endswith(".bbl")
            and ("\\bibitem" in texts[n] or "\\entry" in texts[n])]
    if not bbls:
        return None
    if main is not None:
        want = str(PurePosixPath(main).with_suffix(".bbl"))
        if want in bbls:
            return want
    return max(bbls, key=lambda n: len(texts[n]))


def read_source(files: dict[str, bytes], label: str) -> Bibliography:
    """The bibliography of the source tree `files` (archive path → bytes), located under `label`.
    `InputError` naming the paper when there is none."""
    from citecheck.extract.latex import read_bbl

    texts = _texts(files)
    main = main_tex(texts)
    body = latex_source_segments(texts, main, label) if main is not None else []
    bbl = _bbl_for(texts, main)
    if bbl is not None:
        return Bibliography(read_bbl(texts[bbl], f"{label}/{bbl}"), "bbl", [bbl], body)
    if main is None:
        raise InputError(label, "the source has no .bbl and no main .tex (\\documentclass …"
                                " \\begin{document}); no bibliography found")
    tex = [t for n, t in texts.items() if not n.lower().endswith((".bib", ".bbl"))]
    route = "bib" if any(_BIBCMD.search(t) for t in tex) else "thebibliography"
    if route == "thebibliography" and not any(_THEBIB.search(t) for t in tex):
        raise InputError(f"{label}/{main}", "no .bbl, no \\bibliography{...} and no"
                                           " thebibliography in the source")
    return Bibliography(_read_tex_tree(files, texts[main], main, label), route, [main], body)


def _read_tex_tree(files: dict[str, bytes], text: str, main: str, label: str) -> list[Citation]:
    from citecheck.extract.latex import read_tex

    with tempfile.TemporaryDirectory(prefix="citecheck-eprint-") as tmp:
        root = Path(tmp).resolve()
        for name, data in files.items():
            path = root / name
            if not path.resolve().is_relative_to(root):  # (unpack already refused these)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        citations = read_tex(text, str(root / main))
        _relabel(citations, str(root), label)
    return citations


def _relabel(citations: list[Citation], folder: str, label: str) -> None:
    """Locations and messages name the file inside the paper, never the temporary folder."""
    def fix(text: str) -> str:
        return text.replace(folder, label)

    for cit in citations:
        if cit.provenance.file:
            cit.provenance.file = fix(cit.provenance.file)
        cit.id = fix(cit.id)
        if cit.error:
            cit.error = fix(cit.error)
        cit.parse_warnings = [fix(w) for w in cit.parse_warnings]


__all__ = ["Bibliography", "main_tex", "read_source"]
