"""English function words (articles, prepositions, "and"): the one list of them, and each set a
rule skips, keeps or joins on, built from it here.

The lowest of the shared modules (it imports nothing), so that every module can build on it:
`names.py` and `venues.py` too, which `titles.py` imports. A module that needs such words for a
purpose of its own gets a named set (or, for a pattern that tries its words in an order, a tuple)
from here; `tests/test_lexicon.py` fails when a list of them is written out elsewhere. The articles
and prepositions of other languages ("de", "la", "der", "und") that a set mixes in live here too.
"""

from __future__ import annotations

#: English function words (articles, prepositions, "and"): the one list of them; the readers' sets
#: (`reading.refparse.lexicon.FUNCTION_WORDS`, the name grammar's title words, a collaboration's name)
#: are built from it
FUNCTION_WORDS = frozenset(("a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "the", "to", "with"))
#: words that say nothing about which work a title names: the function words, common verbs and
#: pronouns, and the articles and prepositions of French, German and Spanish titles (the index's title
#: search leaves them out of a query, verification's title comparison out of its rare words)
STOP_WORDS = FUNCTION_WORDS | {
    "are", "as", "be", "has", "have", "into", "is", "it", "its", "or", "that", "their", "this", "was", "were",
    "which", "via", "de", "la", "le", "les", "des", "der", "die", "das", "und", "el", "en", "du",
}
#: the prepositions among the function words
PREPOSITIONS = FUNCTION_WORDS - {"a", "an", "and", "the"}

# -- sets for one purpose each -------------------------------------------------------------------
#: the function words that join the words of a journal's, a meeting's or an institution's name
#: ("Journal of the ...", "Society for ...", "Research in ...")
NAME_JOINERS = frozenset(("and", "for", "in", "of", "on", "the"))
#: the French and German articles and prepositions that join such a name's words ("Annales de la ...")
FOREIGN_NAME_JOINERS = frozenset(("de", "der", "des", "du", "la", "le", "und"))
#: the words a journal's name may hold beside the ones an abbreviation or acronym of it keeps
#: (`venues`: matching abbreviations, acronyms, names abbreviated without periods; "a" is a series
#: letter at a name's end there: "Physica A")
JOURNAL_STOP_WORDS = NAME_JOINERS | FOREIGN_NAME_JOINERS | {"a", "an"}
#: the words that two venues are compared without (`verify.venue`)
VENUE_STOP_WORDS = NAME_JOINERS | FOREIGN_NAME_JOINERS | {"an", "at", "et", "fur", "&"}
#: the words a model's value may abbreviate away and still be found in the source text (`llm.grounding`)
GROUNDING_STOP_WORDS = NAME_JOINERS | FOREIGN_NAME_JOINERS | {"a", "an", "di", "et", "fur", "&"}
#: the function words among the words of journals' full names (`venues.FULL_JOURNAL_WORDS`)
FULL_JOURNAL_FUNCTION_WORDS = NAME_JOINERS - {"on"}
#: the short words a capitalised word may be split into where PDF text glued them (`reading.vocabulary`:
#: "Theoryof" is two words, "Bowlan" no "Bowl an")
CAPITAL_SHORT_WORDS = NAME_JOINERS | {"to", "with"}
#: the function words among the Title-Case title words no personal name is made of (`names.NOT_NAME_WORDS`)
NOT_NAME_FUNCTION_WORDS = frozenset(("for", "from", "of", "the", "with"))
#: the words a headline-case title keeps in lower case (`bench.render.title_case`)
HEADLINE_SMALL_WORDS = FUNCTION_WORDS | {"or", "via", "as", "vs", "into", "near"}
#: the words that join a title's topics, where the benchmark's fabricated titles splice two titles
#: (`bench.corrupt`)
TITLE_CONNECTORS = (PREPOSITIONS - {"to"}) | {
    "via", "using", "near", "beyond", "under", "through", "within", "into", "between",
}

# -- in the order a pattern tries them (regex text: `names.alternation`) --------------------------
#: the words that join the capitalised words of a name written before its acronym ("Progress in
#: Electromagnetics Research, PIER 58"; `reading.cleanup`)
ACRONYM_NAME_JOINERS = ("of", "in", "the", "and", "on", "for", "de", "la")
#: the words that join the capitalised words of an organisation's name ("U.S. Department of the
#: Interior"; `reading.names`)
ORGANISATION_JOINERS = ("of", "for", "on", "and", "the", "&")
#: the words that join a title's words and no list of names ("and" does: "Brown and Young";
#: `reading.combine`)
TITLE_JOINERS = ("of", "in", "on", "for", "the", "with", "to", "from", "by", "at", "an", "a", "via")
#: a footnote's function words, which a sentence of running text has three or more of
#: (`reading.refparse.finish`)
PROSE_FUNCTION_WORDS = ("the", "of", "to", "a", "an", "in", "that", "this", "for", "as", "by", "with", "on",
                        "when", "than", "which")
#: the words PDF text extraction glues to the next word ("ofthe", "inthe", "forthe"): the pair's first
#: word, then its second (`reading.pdftext`)
GLUED_FIRST_WORDS = ("of", "the", "and", "in", "for", "with")
GLUED_SECOND_WORDS = ("the", "of", "and", "a", "an", "in")
#: the ones it glues to the word before ("measurementsof")
GLUED_LAST_WORDS = GLUED_FIRST_WORDS[:3]
#: English words that a period after does not make an abbreviation ("and.", "of."; `reading.refparse.journals`)
PERIOD_NO_ABBREVIATION = ("and", "of", "the", "in")
