"""Text from citations, sources and models made safe for where a report is opened.

A citation's text, a matched record's title, a file name, a model's rationale: all come from
someone else and end up in a terminal, a spreadsheet or a rendered Markdown page. Each place has
one function here, and every report writes untrusted text through it:

* `terminal_text`: no escape sequence (window title, clear screen, colours, cursor moves,
  hyperlinks), no other C0/C1 control character but newline and tab, no bidi override or
  isolate (text that displays in another order than it reads);
* `csv_cell`: OWASP's rule against formula injection: a cell starting with ``= + - @``, TAB or
  CR gets a leading ``'``, so a spreadsheet shows it as text instead of running it;
* `markdown_text` / `markdown_code`: one line of literal text, with no raw HTML, no link or image,
  no code span or fence, no table pipe, and nothing at its start that makes a heading, a list
  item or a quote.

Ordinary text passes unchanged through `terminal_text` and `csv_cell`.
"""

from __future__ import annotations

import re

from citecheck.regex_cache import compile_re

__all__ = ["csv_cell", "markdown_code", "markdown_text", "terminal_text"]

#: a whole escape sequence: CSI (ESC [ or the 8-bit CSI) with its parameters; OSC, DCS, SOS, PM
#: and APC strings up to their terminator (BEL or ST); any other ESC and the bytes it introduces
_ESCAPE_RE = compile_re(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[ -/]*[0-~]"
)
#: what is left: C0 controls but tab and newline, DEL, C1 controls, bidi overrides and isolates
_CONTROL_RE = compile_re("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_text(text: str) -> str:
    """`text` with every escape sequence and control character removed (newline and tab kept)."""
    if text.isprintable():  # the common case: nothing to remove
        return text
    return _CONTROL_RE.sub("", _ESCAPE_RE.sub("", text))


#: OWASP's list: a spreadsheet reads a cell starting with one of these as a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A CSV text cell a spreadsheet shows as text: ``'`` before a formula's first character."""
    return "'" + text if text.startswith(_FORMULA_START) else text


_SPACE_RE = compile_re(r"\s+")
#: characters that start markup anywhere in a line: raw HTML, links and images, code, table cells
_INLINE_RE = compile_re(r"[\\`\[\]|<>]|&(?=#?\w+;)")
_INLINE = {"\\": "\\\\", "`": "\\`", "[": "\\[", "]": "\\]", "|": "\\|", "<": "&lt;", ">": "&gt;",
           "&": "&amp;"}
#: what makes a line a heading, a list item, a quote, a setext underline, a fence or a footnote
_BLOCK_START_RE = compile_re(r"^(?:[#>+*=~:-]|\d{1,9}(?=[.)]))")


def markdown_text(text: str) -> str:
    """`text` as one line of literal Markdown (CommonMark and GitHub's dialect)."""
    flat = _SPACE_RE.sub(" ", terminal_text(text)).strip()
    escaped = _INLINE_RE.sub(lambda m: _INLINE[m.group()[0]], flat)
    block = _BLOCK_START_RE.match(escaped)
    if block is None:
        return escaped
    end = block.end()
    if block.group()[0].isdigit():  # "1. " or "1) ": escape the dot or the parenthesis
        return f"{escaped[:end]}\\{escaped[end:]}"
    return "\\" + escaped


def markdown_code(text: str) -> str:
    """`text` as one Markdown code span (a fence longer than any run of backticks inside it)."""
    flat = _SPACE_RE.sub(" ", terminal_text(text)).strip()
    fence = "`" * (max((len(run) for run in re.findall(r"`+", flat)), default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"
