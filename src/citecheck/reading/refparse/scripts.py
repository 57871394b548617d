"""Writing systems in a reference: full-width punctuation, and which letters start a sentence.

References written in Chinese, Japanese or Korean use full-width punctuation ("，" "．" "：" "（）",
the ideographic full stop "。" and comma "、", the corner brackets 「」『』) and often no space
after it ("李明,王芳.基于…[J].计算机学报,2018,41(3):456-470."). `normalize_punctuation` turns
these into the ASCII punctuation (and spacing) every later pass reads, so that a layout rule
is written once for every script.

`SENTENCE_START` is the character class of what may open a new sentence after ". ": a digit, a
capital of any cased script (Latin, Greek, Cyrillic, Armenian, …) or a letter of a script
without case (Han, kana, Hangul, Arabic, Hebrew, Thai, Devanagari, …). `has_uncased` tells
whether a text holds such letters.
"""

from __future__ import annotations

import re

from citecheck.names import CJK
from citecheck.regex_cache import compile_regex

#: letters of scripts without case ("Lo": Han, kana, Hangul, Arabic, Hebrew, Thai, …)
UNCASED = r"\p{Lo}"
#: a character that may start a sentence (after a quotation mark or bracket), for stdlib `re`:
#: a digit, a Latin capital (A-Z, À-Þ), a Greek, Cyrillic or Armenian capital, or a letter of an
#: uncased script (Hebrew, Arabic, Indic, Thai, Hangul, kana, Han)
SENTENCE_START = (
    "[0-9A-Z\u00c0-\u00de\u0386-\u03ab\u0400-\u042f\u0531-\u0556\u05d0-\u05ea\u0620-\u06ff"
    "\u0900-\u0dff\u0e00-\u0eff\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff]"
)

#: a Han, kana or Hangul character, for stdlib `re` (where \\p{Han} is not known)
CJK_CHAR = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"

_FULLWIDTH = {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}
_FULLWIDTH.update({"\u3000": " ", "。": ".", "「": "“", "」": "”", "『": "“", "』": "”",
                   "【": "[", "】": "]", "〔": "(", "〕": ")", "〈": "‹", "〉": "›", "～": "-", "〜": "-",
                   "－": "-", "―": "—",
                   "،": ",", "؛": ";", "؟": "?"})
_TABLE = str.maketrans(_FULLWIDTH)
#: full-width (or ideographic) punctuation that ends an element: a space follows it
_SPACED_AFTER = frozenset("，．：；。！？）،؛؟")
_SPACED_BEFORE = frozenset("（")
#: ASCII punctuation glued to a CJK character ("学报,2018", "[J].计算机"); not a period between two
#: CJK characters ("グローバル.バリュー", "최경원.임연옥": a middle dot, names joined by periods)
_GLUED_RE = compile_regex(
    rf"(?<=[{CJK}])([,;:])(?=[^\s\d.,;:)\]])|(?<=[{CJK}])(\.)(?=[^\s\d.,;:)\]{CJK}])"
    rf"|(?<=[\])])([,.;:])(?=[{CJK}])|(?<=[{CJK}])([,;:])(?=\d)"
)
_UNCASED_RE = compile_regex(UNCASED)


def normalize_punctuation(text: str) -> str:
    """Full-width and ideographic punctuation as ASCII, with a space after each element mark
    ("，" → ", ", "．" → ". ", "（2017）" → " (2017) "); ASCII marks glued to CJK text get their
    space too. Text in Latin script only is returned unchanged."""
    if text.isascii():
        return text
    if any(ch in _FULLWIDTH for ch in text):
        out = []
        for ch in text:
            mapped = ch.translate(_TABLE)
            if ch in _SPACED_AFTER:
                mapped += " "
            elif ch in _SPACED_BEFORE:
                mapped = " " + mapped
            out.append(mapped)
        text = "".join(out)
        # no space between two closing marks or before one: "2017) ." → "2017)."
        text = re.sub(r"\s+([.,;:)\]])", r"\1", text)
        text = re.sub(r"([(\[])\s+", r"\1", text)
        text = re.sub(r"(?<=\d) \(", "(", text)  # "41（3）" → "41(3)", as a volume and issue
    text = _GLUED_RE.sub(lambda m: next(g for g in m.groups() if g) + " ", text)
    return text.strip()


def has_uncased(text: str) -> bool:
    """Whether the text holds letters of a script without case (Han, kana, Hangul, Arabic, …)."""
    return bool(_UNCASED_RE.search(text))


__all__ = ["CJK", "CJK_CHAR", "SENTENCE_START", "UNCASED", "has_uncased", "normalize_punctuation"]
