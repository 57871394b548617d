"""Claims: the document's in-text citations linked to its entries, and the sentences they support.

`markers` finds the markers of a body text, `sentences` the sentence around each, `body` the
body of a document in any input format, `link` ties markers to entries and names what does not
tie (a marker without an entry, an entry never cited, an author–year marker that fits two).
"""
