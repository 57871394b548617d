"""Text as the services write it, made plain: the one function every adapter and dump reader
passes titles (and other text fields) through.

`plain_text` turns what registries send into the text a reader sees:

- HTML/XML entities decoded to a fixed point ("&amp;#39;" → "&#39;" → "'");
- MathML (``<mml:math>…</mml:math>``, ``<math>…</math>``) into its characters ("B<sub>s</sub>" and
  ``<mml:msub><mml:mi>B</mml:mi><mml:mi>s</mml:mi></mml:msub>`` both read "Bs");
- TeX math and commands into Unicode through `latex_text.latex_to_text` ("$\\alpha$-decay" → "α-decay"), TeX's
  grouping braces dropped ("{B}ose-{E}instein");
- tags removed without gluing words: inline tags inside a word add nothing ("H<sub>2</sub>O" →
  "H2O", "<scp>T</scp>reebase" → "Treebase"); block tags (``<p>``, ``<br/>``, ``<jats:title>``)
  stand for a space; and a small-caps tag glued to lower-case letters on both sides
  ("an<scp>R</scp>package") stands where the source had spaces, which its export lost (Wiley
  writes acronyms in ``<scp>``), so it reads "an R package";
- whitespace collapsed, Unicode NFC.
"""

from __future__ import annotations

import html
import re
import unicodedata

from citecheck.latex_text import latex_to_text

#: a tag: a name after "<" (so "p < 0.05" and "<725::aid-adma725>" stay text)
_TAG_RE = re.compile(r"</?[A-Za-z][\w.-]*(?::[\w.-]+)?(?:\s[^<>]*)?/?>")
#: tags that separate words (paragraphs, line breaks, JATS blocks, table cells)
_BLOCK_RE = re.compile(
    r"</?(?:[\w-]+:)?(?:p|br|div|li|ul|ol|tr|td|th|title|subtitle|sec|list-item|break|label|"
    r"caption|table|alt-title|trans-title)(?:\s[^<>]*)?/?>", re.I)
#: the TeX twin of a formula that also has MathML (JATS ``<alternatives>``) and its picture
_TWIN_RE = re.compile(r"<((?:[\w-]+:)?tex-math)\b[^>]*>(?:(?!<(?:[\w-]+:)?tex-math\b).)*?</\1\s*>|"
                      r"<(?:[\w-]+:)?inline-graphic\b[^>]*>", re.S)
_MATHML_RE = re.compile(r"<(?:[\w-]+:)?math\b")
#: MathML elements whose text is not shown: annotations (TeX source, content MathML)
_MATH_HIDDEN_RE = re.compile(
    r"<((?:[\w-]+:)?(?:annotation|annotation-xml))\b[^>]*>(?:(?!<(?:[\w-]+:)?annotation).)*?</\1\s*>", re.S)


def _element(names: str) -> re.Pattern[str]:
    """An element of one of `names` and its content, which holds no tag of those names (an inner
    one is matched first; an opening tag never closed costs one scan to the next, not to the end)."""
    tag = rf"(?:[\w-]+:)?(?:{names})"
    return re.compile(rf"<({tag})(?:\s[^<>]*)?>((?:(?!</?{tag}[\s/>]).)*?)</\1\s*>", re.S | re.I)


#: elements a word or symbol is set in: MathML formulas, small caps, italics and bold
_MATH_RE = _element("math")
_SMALL_CAPS_RE = _element("scp|sc")
_EMPHASIS_RE = _element("i|em|b|strong|u|italic|bold")
#: a TeX math span: "$\\alpha$", "$x^2$", "$SU(N)$" — not prices ("US$5 and US$6")
_TEX_MATH_RE = re.compile(r"\$((?=[^$]*[\\^_{}])[^$]+|[^\W\d_][\w()+=,.'-]{0,15})\$")
_SCRIPT_RE = re.compile(r"[\^_{}]")
_BRACES_RE = re.compile(r"(?<!\\)[{}]")
_WS_RE = re.compile(r"\s+")
_MAX_UNESCAPE = 5


def _unescape(text: str) -> str:
    """Entities decoded until nothing changes ("&amp;amp;lt;" is "<" after three rounds)."""
    for _ in range(_MAX_UNESCAPE):
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    return text


def _around(match: re.Match[str]) -> tuple[str, str]:
    """The characters just outside an element ("" at either end of the text)."""
    text = match.string
    return (text[match.start() - 1] if match.start() else "",
            text[match.end()] if match.end() < len(text) else "")


def _between_words(match: re.Match[str], inner: str) -> str:
    """A formula or small-caps word glued to lower-case letters on both sides ("and<mml:math>Z
    </mml:math>pinches", "an<scp>R</scp>package") stood between spaces the export dropped; one
    glued on one side is part of that word ("<scp>T</scp>reebase", "<math>μ</math>Bench")."""
    before, after = _around(match)
    return f" {inner} " if before.islower() and after.islower() else inner


def _math(match: re.Match[str]) -> str:
    return _between_words(match, _TAG_RE.sub("", _MATH_HIDDEN_RE.sub("", match.group(2))))


def _small_caps(match: re.Match[str]) -> str:
    return _between_words(match, match.group(2))


def _emphasis(match: re.Match[str]) -> str:
    """Italic or bold words glued to the text outside ("<i>Planck</i>2015", "loci<i>sle1,
    sle2</i>or") were spaced in the source; a single letter is a symbol inside a word ("p<i>K</i>a")."""
    inner = match.group(2)
    if sum(c.isalnum() for c in _TAG_RE.sub("", inner)) < 2:
        return inner
    before, after = _around(match)
    return (" " if before.isalnum() else "") + inner + (" " if after.isalnum() else "")


def _markup(text: str) -> str:
    if _MATHML_RE.search(text):
        text = _TWIN_RE.sub("", text)
        text = _MATH_RE.sub(_math, text)
    text = _SMALL_CAPS_RE.sub(_small_caps, text)
    text = _EMPHASIS_RE.sub(_emphasis, text)
    text = _BLOCK_RE.sub(" ", text)
    return _TAG_RE.sub("", text)


def _math_span(match: re.Match[str]) -> str:
    inner = match.group(1)
    if "\\" in inner:
        inner = latex_to_text(f"${inner}$", only_if_backslash=True)
    return _SCRIPT_RE.sub("", inner)


def _tex(text: str) -> str:
    """TeX math and commands as Unicode ("$\\alpha$" → "α", "Ca$^{2+}$" → "Ca2+", as
    "Ca<sup>2+</sup>" reads); a bare "%" or "&" stays itself (`latex_to_text` reads no comment and no table)."""
    text = _TEX_MATH_RE.sub(_math_span, text)
    return latex_to_text(text, only_if_backslash=True)


def plain_text(text: str) -> str:
    """`text` without markup, entities decoded, TeX and MathML as characters, whitespace
    collapsed ("" when nothing is left). See the module docstring for the rules."""
    if "&" in text:
        text = _unescape(text)
    if "<" in text:
        text = _markup(text)
        if "&" in text:  # entities that were inside markup: "<i>&amp;amp;</i>"
            text = _unescape(text)
    if "\\" in text or "$" in text:
        text = _tex(text)
    if "{" in text and "}" in text:  # TeX grouping: "{B}ose-{E}instein"
        text = _BRACES_RE.sub("", text)
    text = _WS_RE.sub(" ", text).strip()
    return unicodedata.normalize("NFC", text) if not text.isascii() else text


__all__ = ["plain_text"]
