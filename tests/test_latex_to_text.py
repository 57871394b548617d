"""LaTeX to text, the one decoder: braces-only text takes the fast path and reads as pylatexenc reads it;
text with more than braces still goes to pylatexenc; a record's value (``only_if_backslash``) is
decoded only when it has a backslash, and then as a reference's source is."""

from __future__ import annotations

import random

import pytest

from citecheck.latex_text import _LATEX, _decode, _more_than_braces, latex_to_text


@pytest.mark.parametrize("text", [
    "@article{Xu1995,\n  author = {Xu, D. and Yip, S. K.},\n  title = {{Nonlinear Meissner effect}},\n}",
    "{{CMS Collaboration}}, Phys. Rev. {D} 58 (1998) 096002",
    "a}b{ {é} ü", "{a", "{}", "{a}\n\n\n{b}\t{c}", "pages = {5343--5370}", "a---b----c -{-}- {--}-",
])
def test_braces_only_latex_reads_as_pylatexenc_reads_it(text: str) -> None:
    assert not _more_than_braces(text)
    _decode.cache_clear()
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
        assert _decode.__wrapped__(text) == _LATEX.latex_to_text(text), repr(text)
    assert checked > 10_000


@pytest.mark.parametrize("text,expected", [
    ("Schr{\\\"o}dinger {E}", "Schrödinger E"),  # a macro
    ("{A} ``quoted'' title", "A “quoted” title"),
])
def test_text_with_more_than_braces_still_goes_to_pylatexenc(text: str, expected: str) -> None:
    assert _more_than_braces(text)
    assert _decode.__wrapped__(text) == expected


@pytest.mark.parametrize("text", [
    "no backslash {x}", "price $5 and $6", "pp. 12~15", "50% of {A} & B", "a--b", "",
])
def test_record_value_without_backslash_is_returned_as_is(text: str) -> None:
    assert latex_to_text(text, only_if_backslash=True) is text


@pytest.mark.parametrize("text,expected", [
    ("M{\\\"u}ller", "Müller"),
    ("$\\alpha$-decay", "α-decay"),
    ("The {\\em CMS} detector", "The CMS detector"),
])
def test_record_value_with_backslash_decodes_as_a_reference_does(text: str, expected: str) -> None:
    assert latex_to_text(text, only_if_backslash=True) == expected == latex_to_text(text)


# where the comparator's decoder (plain pylatexenc) and the reference decoder used to disagree
@pytest.mark.parametrize("text,expected", [
    ("A 95% limit on $\\alpha$ decay", "A 95% limit on α decay"),  # "%" no comment: title kept whole
    ("https://example.org/a\\_b%20c", "https://example.org/a_b%20c"),
    ("Sch{\\\"o}n & Smith, A&A", "Schön & Smith, A&A"),  # "&" no table column
    ("K\\\"onig, pp. 12~15", "König, pp. 12-15"),  # a tilde between numbers is a range
    ("K\\\"onig, A.~B.", "König, A.\u00a0B."),  # elsewhere an unbreakable space
])
def test_percent_ampersand_and_tilde_ranges_read_alike_in_both_modes(text: str, expected: str) -> None:
    assert latex_to_text(text, only_if_backslash=True) == expected == latex_to_text(text)


def test_unparsable_markup_never_raises_and_loses_its_braces_only() -> None:
    text = "{\\bibfnamefont {A.}~\\bibnamefont {Bhaskar}},\\ }\\href"
    with pytest.raises(IndexError):  # (the case pins the fallback only while pylatexenc gives up on it)
        _LATEX.latex_to_text(text)
    expected = "\\bibfnamefont A.~\\bibnamefont Bhaskar,\\ \\href"
    assert latex_to_text(text, only_if_backslash=True) == expected == latex_to_text(text)
