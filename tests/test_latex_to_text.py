"""LaTeX to text: braces-only text takes the fast path and reads as pylatexenc reads it; text with more
than braces still goes to pylatexenc."""

from __future__ import annotations

import random

import pytest

from citecheck.latex_text import _LATEX, _more_than_braces, latex_to_text


@pytest.mark.parametrize("text", [
    "@article{Xu1995,\n  author = {Xu, D. and Yip, S. K.},\n  title = {{Nonlinear Meissner effect}},\n}",
    "{{CMS Collaboration}}, Phys. Rev. {D} 58 (1998) 096002",
    "a}b{ {é} ü", "{a", "{}", "{a}\n\n\n{b}\t{c}", "pages = {5343--5370}", "a---b----c -{-}- {--}-",
])
def test_braces_only_latex_reads_as_pylatexenc_reads_it(text: str) -> None:
    assert not _more_than_braces(text)
    latex_to_text.cache_clear()
    assert latex_to_text(text) == _LATEX.latex_to_text(text)


def test_braces_only_fast_path_agrees_with_pylatexenc_on_random_text() -> None:
    rng = random.Random(20261206)
    alphabet = list("ab A{}{}{} \n\t,.---'`!?@=\"()[]:;/é1\r*+<>|–—")
    checked = 0
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        if _more_than_braces(text) or not ("{" in text or "}" in text):
            continue
        checked += 1
        assert latex_to_text.__wrapped__(text) == _LATEX.latex_to_text(text), repr(text)
    assert checked > 10_000


@pytest.mark.parametrize("text,expected", [
    ("Schr{\\\"o}dinger {E}", "Schrödinger E"),  # a macro
    ("{A} ``quoted'' title", "A “quoted” title"),
])
def test_text_with_more_than_braces_still_goes_to_pylatexenc(text: str, expected: str) -> None:
    assert _more_than_braces(text)
    assert latex_to_text.__wrapped__(text) == expected
