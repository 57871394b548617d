"""The shipped word lists as they are read (the PDF clean-up's vocabulary, the person-name words):
sorted, so that a word is found by bisection, and answering each word as a dict of the lines would."""

from __future__ import annotations

import gzip
from importlib import resources

from citecheck.names import NameWords, name_words
from citecheck.reading.vocabulary import WordCounts, _vocabulary, best_split, is_known_word


def _lines(name: str = "vocabulary.txt.gz") -> list[tuple[str, str]]:
    text = gzip.decompress(resources.files("citecheck.data").joinpath(name).read_bytes()).decode()
    return [(a, b) for a, _, b in (line.partition("\t") for line in text.splitlines())]


def test_the_shipped_word_list_is_sorted_by_word() -> None:
    words = list(_vocabulary())
    assert words == sorted(words) and len(words) == len(set(words)) > 50_000
    assert all("\t" not in w and min(w) > "\t" for w in words)  # so that its lines sort as its words


def test_every_word_and_its_neighbours_are_answered_as_the_file_says() -> None:
    lines, vocab = dict(_lines()), _vocabulary()
    for word in list(lines)[::97]:
        assert vocab.get(word) == lines[word] and word in vocab
        for near in (word + "q", word[:-1] + "~", word.upper()):
            assert vocab.get(near) == lines.get(near) and (near in vocab) == (near in lines)


def test_a_table_of_a_few_words() -> None:
    vocab = WordCounts(["ab\t3", "quantum\t120", "theory\t400"])
    assert [vocab.get(w) for w in ("", "a", "ab", "quantum", "quantu", "zz")] == [None, None, "3", "120", None, None]
    assert vocab["theory"] == "400" and len(vocab) == 3 and 7 not in vocab
    assert best_split("quantumtheory", vocab) == ("quantum", "theory")
    assert is_known_word("Quantum") and not is_known_word("quantumtheory")


def test_every_name_word_and_its_neighbours_are_answered_as_the_file_says() -> None:
    listed = [f"{kind}\t{word}" for kind, word in _lines("names.txt.gz")]
    assert listed == sorted(listed)  # family words, then given ones, each block sorted
    lines = {word: kind for kind, word in _lines("names.txt.gz")}
    table = name_words()
    assert len(table) == len(lines) > 20_000 and list(table) == [w for _, w in _lines("names.txt.gz")]
    for word in list(lines)[::53]:
        for near in (word, word + "q", word[:-1], word.upper()):
            assert table.get(near) == lines.get(near) and (near in table) == (near in lines)


def test_a_table_of_a_few_name_words() -> None:
    table = NameWords(["f\tbrown", "f\tsmith", "g\tanna", "g\tjohn"])
    assert [table.get(w) for w in ("smith", "john", "anna", "brow", "", "f")] == ["f", "g", "g", None, None, None]
    assert table["brown"] == "f" and "zed" not in table and len(table) == 4
