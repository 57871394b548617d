"""What each live source can hold (its "scopes"), in one place: the adapters declare it from here, and
the offline stand-ins (`registry`) read it without importing the adapters and their HTTP stack.

A source's "not found" is evidence only for works in its scopes ("arxiv": arXiv e-prints, "scholarly":
the scholarly record at large, "doi": any DOI, "doi-prefix:P", "type:T"); see docs/ARCHITECTURE.md.
"""

from __future__ import annotations

__all__ = ["DATACITE_PREFIXES", "SCOPES"]

#: DOI prefixes registered with DataCite: arXiv's, Zenodo's and other repositories', Schloss
#: Dagstuhl's proceedings (LIPIcs, OASIcs: 10.4230) and TIB's journals (10.2312) (a Crossref "not
#: found" says nothing about these, a DataCite one nothing about the rest)
DATACITE_PREFIXES = ("10.48550", "10.5281", "10.6084", "10.5061", "10.1594", "10.17605", "10.5072",
                     "10.17632", "10.7910", "10.34740", "10.4230", "10.2312")

SCOPES: dict[str, tuple[str, ...]] = {
    "arxiv": ("arxiv",),
    "crossref": ("scholarly",),
    "openalex": ("scholarly",),
    "semanticscholar": ("scholarly",),
    "inspire": (),
    # the registration agency of arXiv's and these repositories' DOIs, and of most datasets and
    # software (its "not found" says nothing about a Crossref DOI)
    "datacite": ("arxiv", *(f"doi-prefix:{p}" for p in DATACITE_PREFIXES), "type:dataset", "type:software"),
    "websearch": (),
    "doi": ("doi",),
    "openlibrary": ("type:book",),
}
