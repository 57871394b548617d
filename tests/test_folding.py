"""citecheck.folding: combining marks dropped exactly as unicodedata classifies them."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("text", ["Martı\u0301nez", "Ångström", "ελληνικά", "ёлка", "日本語", "e\u0301\u0300", "plain"])
def test_combining_marks_are_dropped_as_unicodedata_says(text: str) -> None:
    import unicodedata

    from citecheck.folding import drop_combining

    decomposed = unicodedata.normalize("NFKD", text)
    assert drop_combining(decomposed) == "".join(c for c in decomposed if not unicodedata.combining(c))
