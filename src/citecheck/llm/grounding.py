"""A model must not supply what the text does not say: every value it returns is looked for in
the source text (approximately: case, accents, spacing, punctuation, abbreviated words) and
dropped when it is not there."""

from __future__ import annotations

import re
import unicodedata

from rapidfuzz import fuzz

from citecheck.folding import drop_combining
from citecheck.function_words import GROUNDING_STOP_WORDS

#: a value whose best partial match in the text scores this or more is taken as found
PARTIAL_MATCH = 90.0


def fold(text: str) -> str:
    """Lower case, accents and LaTeX braces removed, punctuation as spaces, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text)
    text = drop_combining(text)
    text = re.sub(r"\\[a-zA-Z]+\s*|[{}$]", "", text).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _abbreviated(value: str, text: str) -> bool:
    """'Physical Review Letters' in 'Phys. Rev. Lett.': consecutive text words that start each
    (non-stop) word of the value."""
    words = [w for w in value.split() if w not in GROUNDING_STOP_WORDS]
    tokens = text.split()
    if len(words) < 2:
        return False
    for start in range(len(tokens)):
        i, j = start, 0
        while j < len(words) and i < len(tokens):
            tok = tokens[i]
            if tok in GROUNDING_STOP_WORDS and not words[j].startswith(tok):
                i += 1
                continue
            if not words[j].startswith(tok):
                break
            i, j = i + 1, j + 1
        if j == len(words):
            return True
    return False


def found_in(value: object, text: str) -> bool:
    """Whether `value` is said by `text` (already folded or not)."""
    want = fold(str(value or ""))
    if not want:
        return False
    hay = fold(text)
    compact = want.replace(" ", "")
    if compact.isdigit() or len(compact) <= 4:  # numbers and short values: whole words only
        return re.search(rf"(?<![0-9a-z]){re.escape(want)}(?![0-9a-z])", hay) is not None
    if want in hay:
        return True
    if len(want) >= 12 and fuzz.partial_ratio(want, hay) >= PARTIAL_MATCH:
        return True
    return _abbreviated(want, hay)


def page_found(page: str, text: str) -> bool:
    """Each number of a page range must be in the text ('123-130' from '123–30' is not)."""
    numbers = re.findall(r"[A-Za-z]?\d+", page)
    return bool(numbers) and all(found_in(n, text) for n in numbers)


__all__ = ["PARTIAL_MATCH", "fold", "found_in", "page_found"]
