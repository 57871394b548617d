"""LaTeX as a reference writes it, made Unicode text: `latex_to_text`.

A format's decoding, not a reading: extract decodes the values of a BibTeX entry and the text of a
``\\bibitem`` with it, and the reading stage's clean-up decodes a reference pasted with its markup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text

from citecheck.regex_cache import compile_re

__all__ = ["latex_to_text"]

_LATEX = LatexNodes2Text(math_mode="text", strict_latex_spaces=False)
#: what LaTeX has and plain text seldom: a macro's backslash, a brace, math, an unbreakable space
_LATEX_HINTS = ("\\", "{", "}", "$", "~")
# what makes pylatexenc do more than drop braces and make dashes of "--"/"---": a macro, math, a
# comment, or another of its specials ("~", "&", "``", "''", "!`", "?`"; "#", "^", "_" to be safe).
# Text with none of them (a BibTeX entry pasted as text: "title = {{Title}}, pages = {1--9}") skips
# the parser (~2 ms an entry; tests/test_latex_to_text.py checks the two agree on random text).
_LATEX_MORE = ("\\", "$", "~", "%", "&", "#", "^", "_", "``", "''", "!`", "?`")

# a tilde between numbers is a range ("pp. 243~251", Japanese lists), not LaTeX's unbreakable space (the
# full-width "～" is one too: reading/refparse/scripts.py)
_TILDE_RANGE_RE = compile_re(r"(?<=\d)\s*~\s*(?=\d)")


def _more_than_braces(text: str) -> bool:
    """Whether pylatexenc would do more with ``text`` than drop braces and make dashes."""
    return any(special in text for special in _LATEX_MORE)


@lru_cache(maxsize=4096)
def latex_to_text(text: str) -> str:
    """LaTeX → Unicode via pylatexenc; a literal ``%`` or ``&`` is kept (no comment, no column here)."""
    if "~" in text:
        text = _TILDE_RANGE_RE.sub("-", text)
    if not any(hint in text for hint in _LATEX_HINTS):
        return text
    if not _more_than_braces(text):  # (dashes first: "-{-}" is two hyphens, as pylatexenc reads it)
        return text.replace("---", "—").replace("--", "–").replace("{", "").replace("}", "")
    protected = re.sub(r"(?<!\\)([%&])", r"\\\1", text)  # ("&" is "and" in a reference, no table's column)
    try:
        out = _LATEX.latex_to_text(protected)
    except Exception:  # pylatexenc raises assorted errors on broken markup; fall back to raw
        out = text.replace("{", "").replace("}", "")
    return out
