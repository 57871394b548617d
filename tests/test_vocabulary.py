"""The shipped word list as the PDF clean-up reads it: sorted, so that a word is found by bisection,
and answering each word as a dict of its lines would."""

from __future__ import annotations

import gzip
from importlib import resources

from citecheck.reading.vocabulary import WordCounts, _vocabulary, best_split, is_known_word


def _lines() -> dict[str, str]:
    text = gzip.decompress(resources.files("citecheck.data").joinpath("vocabulary.txt.gz").read_bytes()).decode()
    return dict(line.split("\t") for line in text.splitlines())


def test_the_shipped_word_list_is_sorted_by_word() -> None:
    words = list(_vocabulary())
    assert words == sorted(words) and len(words) == len(set(words)) > 50_000


def test_every_word_and_its_neighbours_are_answered_as_the_file_says() -> None:
    lines, vocab = _lines(), _vocabulary()
    for word in list(lines)[::97]:
        assert vocab.get(word) == lines[word] and word in vocab
        for near in (word + "q", word[:-1] + "~", word.upper()):
            assert vocab.get(near) == lines.get(near) and (near in vocab) == (near in lines)


def test_a_table_of_a_few_words() -> None:
    vocab = WordCounts(["ab", "quantum", "theory"], ["3", "120", "400"])
    assert [vocab.get(w) for w in ("", "a", "ab", "quantum", "quantu", "zz")] == [None, None, "3", "120", None, None]
    assert vocab["theory"] == "400" and len(vocab) == 3 and 7 not in vocab
    assert best_split("quantumtheory", vocab) == ("quantum", "theory")
    assert is_known_word("Quantum") and not is_known_word("quantumtheory")
