"""LaTeX made Unicode text: `latex_to_text`, the one LaTeX decoder (the only user of pylatexenc).

Two kinds of text come here. A reference's own source — a BibTeX value, a ``\\bibitem``, a reference
pasted with its markup — is LaTeX through and through: a brace, "$", "~" or "--" is markup. A record's
value or a title being keyed (`titles.title_key`, `verify.authors`, `markup.plain_text`) is plain text
that may hold a LaTeX command ("M{\\"u}ller", "$\\alpha$-decay"): it is decoded only when it has a
backslash, since its braces, "$" or "~" may be its own characters, and the comparator's hot paths
then pay one ``in`` test. Both decode alike once decoding starts: one parser, one set of settings.
"""

from __future__ import annotations

from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text

from citecheck.regex_cache import compile_re

__all__ = ["latex_to_text"]

_LATEX = LatexNodes2Text(math_mode="text", strict_latex_spaces=False)
# what makes pylatexenc do more than drop braces and make dashes of "--"/"---": a macro, math, a
# comment, or another of its specials ("~", "&", "``", "''", "!`", "?`"; "#", "^", "_" to be safe).
# Text with none of them (a BibTeX entry pasted as text: "title = {{Title}}, pages = {1--9}") skips
# the parser (~2 ms an entry; tests/test_latex_to_text.py checks the two agree on random text).
_LATEX_MORE = ("\\", "$", "~", "%", "&", "#", "^", "_", "``", "''", "!`", "?`")

# a tilde between numbers is a range ("pp. 243~251", Japanese lists), not LaTeX's unbreakable space (the
# full-width "～" is one too: reading/refparse/scripts.py)
_TILDE_RANGE_RE = compile_re(r"(?<=\d)\s*~\s*(?=\d)")
# "%" and "&" are literal: a reference or a title is no source file (no comment: "50% of", a URL's
# "%20") and no table ("&" is "and": "A&A", "Smith & Jones")
_LITERAL_SPECIAL_RE = compile_re(r"(?<!\\)([%&])")


def _has_latex(text: str) -> bool:
    """What LaTeX has and plain text seldom: a macro's backslash, a brace, math, an unbreakable space
    (``in`` tests chained: several times faster than ``any`` over a tuple or a character class)."""
    return "\\" in text or "{" in text or "}" in text or "$" in text or "~" in text


def _more_than_braces(text: str) -> bool:
    """Whether pylatexenc would do more with ``text`` than drop braces and make dashes."""
    return any(special in text for special in _LATEX_MORE)


def latex_to_text(text: str, *, only_if_backslash: bool = False) -> str:
    """LaTeX → Unicode ("Schr{\\"o}dinger" → "Schrödinger", "$\\alpha$" → "α"); a literal ``%`` or
    ``&`` is kept, a tilde between numbers is a range, unparsable markup loses its braces only.

    ``only_if_backslash``: the text is plain unless it holds a backslash (a record's value, a title
    being keyed; see the module docstring) — without one it is returned as is, at the cost of one
    ``in`` test. Off (a reference's source): braces, "$", "~" and dashes are markup too.
    """
    if "\\" not in text and (only_if_backslash or not _has_latex(text)):
        return text
    return _decode(text)


@lru_cache(maxsize=16384)
def _decode(text: str) -> str:
    """`latex_to_text` of text that has markup, remembered (a batch cites the same values often)."""
    if "~" in text:
        text = _TILDE_RANGE_RE.sub("-", text)
        if not _has_latex(text):
            return text
    if not _more_than_braces(text):  # (dashes first: "-{-}" is two hyphens, as pylatexenc reads it)
        return text.replace("---", "—").replace("--", "–").replace("{", "").replace("}", "")
    try:
        return str(_LATEX.latex_to_text(_LITERAL_SPECIAL_RE.sub(r"\\\1", text)))
    except Exception:  # pylatexenc raises assorted errors on broken markup; fall back to raw
        return text.replace("{", "").replace("}", "")
