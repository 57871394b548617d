"""Word tests of the name grammar (reading/names.py): is a word of a "name" rather a title's word?

A plain word is one the word list knows and no list of personal names holds ("magnetism", "symmetry";
not "robert", "brown", "fields"): a name made of such words is a title's words read as a name.
"""

from __future__ import annotations

from citecheck.model import Name
from citecheck.reading.vocabulary import is_plain_word

__all__ = ["ends_in_word", "opens_with_plain_word", "plain", "title_word_given", "title_words_pair"]


def plain(word: str) -> bool:
    """A name's word of four letters or more that the word list knows and no list of names does."""
    return len(word) >= 4 and word.isalpha() and is_plain_word(word)


def opens_with_plain_word(words: str) -> bool:
    """The first of ``words`` is a plain word: a given-first 'name' whose given names open with one and
    whose family name is one ("Balanced Superprojective Varieties") is a title's words."""
    return bool(words) and plain(words.split()[0])


def title_words_pair(name: Name) -> bool:
    """A name written out with a plain word in it: "Black Holes", "Gauge Fields" of a Title-Case
    title ("C. Vafa, Black Holes and Mirror Symmetry, …"), not "Juergen Appel"."""
    given = (name.given or "").split()
    family = (name.family or "").split()
    return (bool(given and family) and not any(len(w.rstrip(".")) <= 2 for w in given)
            and any(plain(w) for w in given + family))


def ends_in_word(given: str) -> bool:
    """The given names end with a written-out word ("s.-i. semi-blind"), not an initial."""
    words = given.split()
    return bool(words) and len(words[-1]) > 2 and not words[-1].endswith(".")


def title_word_given(given: str) -> bool:
    """A word after the initials that the word list knows and no list of names does: the title's
    first word ("su, g. magnetism"), not a given name ("smith, j. robert")."""
    words = given.split()
    return len(words) >= 2 and plain(words[-1])
