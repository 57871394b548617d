"""citecheck.titles: one Unicode-aware title key and similarity for retrieval and verification."""

from __future__ import annotations

import pytest

from citecheck.model import Record
from citecheck.retrieve import rank_signals
from citecheck.titles import implausible_title, index_title_key, title_key, title_similarity
from citecheck.verify.titles import compare_titles

NON_LATIN = [
    "Квантовые флуктуации в сверхпроводящих наноструктурах",  # Russian
    "Η θεωρία των κβαντικών πεδίων στη σύγχρονη φυσική",  # Greek
    "高温超导体中的电子配对机制研究",  # Chinese
    "量子コンピュータの基礎理論",  # Japanese
]


@pytest.mark.parametrize("title", NON_LATIN)
def test_identical_non_latin_titles_are_identical_for_retrieval_and_verification(title: str) -> None:
    assert title_key(title)
    assert title_similarity(title, title) == 1.0
    assert title_similarity(title, title + ".") == 1.0
    assert compare_titles(title, title).match == "same"
    assert rank_signals(Record(title=title), Record(title=title)).title_similarity == 1.0


def test_different_non_latin_titles_are_not_similar() -> None:
    a, b = NON_LATIN[0], "Магнитные свойства тонких плёнок железа при низких температурах"
    assert title_similarity(a, b) < 0.6
    assert compare_titles(a, b).match == "different"


def test_title_key_folds_markup_case_and_accents() -> None:
    assert title_key("The $\\alpha$-decay of {U}ranium") == title_key("The α-Decay of Uranium")
    assert title_key("Schrödinger &amp; Dirac") == "schrodinger and dirac"
    assert title_similarity("Über die Quantenmechanik", "Uber die Quantenmechanik") == 1.0


def test_similarity_tolerates_a_dropped_subtitle_only_partly() -> None:
    full = "Vortex pinning in thin films: a study of disorder"
    assert 0.85 < title_similarity("Vortex pinning in thin films", full) < 1.0
    assert title_similarity(None, full) == 0.0


def test_the_index_key_keeps_non_latin_words() -> None:
    assert index_title_key("Квантовые флуктуации") == "квантовые флуктуации"
    assert index_title_key("Vortex Pinning, II") == "vortex pinning ii"


def test_implausible_titles() -> None:
    assert implausible_title("F. B. McLean")
    assert implausible_title("Phys. Rev.")
    assert implausible_title("ab")
    assert not implausible_title("Vortex pinning in thin films")
    assert not implausible_title(NON_LATIN[0])


def test_folding() -> None:
    from citecheck.folding import fold

    assert fold("Schrödinger Straße") == "schrodinger strasse"
    assert fold("α-decay").split() == ["alpha", "-decay"]
