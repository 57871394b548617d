"""What each live source can hold (its "scopes"), in one place: the adapters declare it from here, and
the offline stand-ins (`registry`) read it without importing the adapters and their HTTP stack.

A source's "not found" is evidence only for works in its scopes ("arxiv": arXiv e-prints, "scholarly":
the scholarly record at large, "doi": any DOI, "doi-prefix:P", "type:T"); see docs/ARCHITECTURE.md.
"""

from __future__ import annotations

__all__ = ["ACL_DOI_PREFIX", "DATACITE_PREFIXES", "DBLP_VENUES", "SCOPES"]

#: DOI prefixes registered with DataCite: arXiv's, Zenodo's and other repositories', Schloss
#: Dagstuhl's proceedings (LIPIcs, OASIcs: 10.4230) and TIB's journals (10.2312) (a Crossref "not
#: found" says nothing about these, a DataCite one nothing about the rest)
DATACITE_PREFIXES = ("10.48550", "10.5281", "10.6084", "10.5061", "10.1594", "10.17605", "10.5072",
                     "10.17632", "10.7910", "10.34740", "10.4230", "10.2312")

#: computer-science venues DBLP lists completely: acronyms and names as citations write them
#: (matched as whole words in the cited container, `citecheck.coverage`'s ``venue:`` scope)
DBLP_VENUES = (
    "neurips", "nips", "neural information processing systems", "icml",
    "international conference on machine learning", "iclr",
    "international conference on learning representations", "aaai", "ijcai",
    "international joint conference on artificial intelligence", "kdd", "sigkdd",
    "knowledge discovery and data mining", "cvpr", "computer vision and pattern recognition", "iccv",
    "international conference on computer vision", "eccv", "european conference on computer vision",
    "acl", "emnlp", "empirical methods in natural language processing", "naacl", "eacl", "coling",
    "association for computational linguistics", "sigir", "wsdm", "cikm", "icde", "sigmod", "vldb",
    "pods", "stoc", "symposium on theory of computing", "focs", "foundations of computer science",
    "soda", "icalp", "podc", "osdi", "sosp", "nsdi", "sigcomm", "infocom", "isca", "asplos", "hpca",
    "pldi", "popl", "icse", "oopsla", "ndss", "uist", "icra", "iros", "interspeech", "icassp",
    "miccai", "aistats", "uai", "colt", "icdm", "recsys", "lecture notes in computer science",
    "journal of machine learning research", "communications of the acm", "journal of the acm",
    "ieee transactions on pattern analysis and machine intelligence",
)
#: the ACL Anthology's DOIs (10.18653/v1/<anthology id>)
ACL_DOI_PREFIX = "10.18653"

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
    # DBLP lists the papers of its venues completely; the Anthology every DOI it registered
    "dblp": tuple(f"venue:{v}" for v in DBLP_VENUES),
    "acl": (f"doi-prefix:{ACL_DOI_PREFIX}",),
}
