"""How much of one reference the reading stage reads: `MAX_REFERENCE_CHARS`.

Real references stay well under it: the longest of the 12,000 labelled references in the shared data is
909 characters, and the longest of the bbl-physics set (reference lists of 42 physics papers) 2,706,
LOFAR's paper with its 201 authors written out (at 2,000 characters, five of that set's references
lost their title and journal). A longer one is a paragraph, a whole list run together, or a hostile
input such as one "word" of a megabyte. Only its start is read — the clean-up, the parser, the labeller, the
alternative readings and retrieval's whole-text search all see at most this many characters of one
reference — and the citation says so in its parse warnings (`CUT_WARNING`), with a confidence of at
most `CUT_CONFIDENCE`, which sends it to review. Together with patterns that stay linear in their
input (tests/reliability/test_patterns.py) this bounds the time any one reference can cost.
"""

from __future__ import annotations

__all__ = ["CUT_CONFIDENCE", "CUT_WARNING", "MAX_REFERENCE_CHARS", "cut_reference"]

MAX_REFERENCE_CHARS = 4000
CUT_CONFIDENCE = 0.3
CUT_WARNING = f"reference longer than {MAX_REFERENCE_CHARS} characters; only the start was parsed"


def cut_reference(text: str) -> tuple[str, bool]:
    """The part of a reference the reading stage reads, and whether it was cut."""
    if len(text) <= MAX_REFERENCE_CHARS:
        return text, False
    return text[:MAX_REFERENCE_CHARS], True
