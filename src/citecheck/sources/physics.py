"""Is a citation a physics work? Decides INSPIRE's (and partly arXiv's) coverage."""

from __future__ import annotations

import re

from citecheck.identifiers import normalize_doi, record_arxiv
from citecheck.model import Record
from citecheck.venues import canonical_journal

PHYSICS_ARCHIVES = {
    "hep-th", "hep-ph", "hep-ex", "hep-lat", "gr-qc", "astro-ph", "nucl-th", "nucl-ex",
    "quant-ph", "cond-mat", "physics", "math-ph", "nlin", "chao-dyn", "solv-int", "patt-sol",
    "adap-org", "acc-phys", "ao-sci", "atom-ph", "bayes-an", "chem-ph", "plasm-ph", "supr-con",
    "mtrl-th",
}
#: DOI prefixes of physics publishers/journals (APS, IOP, SISSA/JHEP, EPJ, AIP, Elsevier NPB/PLB)
PHYSICS_DOI = re.compile(
    r"^10\.(1103|1088|1140|1063|1143|1093/ptep|1007/jhep|1016/j\.(physletb|nuclphysb|"
    r"nuclphysa|physrep|astropartphys|nima)|1016/0550-3213|1016/0370-2693|1016/0370-1573|"
    r"1051/0004-6361|3847|1146/annurev-nucl|22323/)",
    re.I,
)
_JOURNAL_RE = re.compile(
    r"phys|nucl|jhep|high energy|astrophys|astron|cosmol|gravit|quantum|relativ|"
    r"annals of physics|ann\.? phys|prog\.? theor|fortsch|\bjcap\b|\bmnras\b|\bepj\b|"
    r"lett\. ?b|nuovo cim|rev\.? mod\.? phys",
    re.I,
)


def is_physics(fields: Record) -> bool:
    """True when categories, the arXiv id, the DOI prefix or the journal say physics."""
    cats = [str(c) for c in fields.custom.get("categories") or []]
    if any(c.split(".")[0] in PHYSICS_ARCHIVES for c in cats):
        return True
    arxiv = record_arxiv(fields)
    if arxiv and "/" in arxiv and arxiv.split("/")[0].split(".")[0] in PHYSICS_ARCHIVES:
        return True
    doi = normalize_doi(fields.DOI)
    if doi and PHYSICS_DOI.match(doi):
        return True
    for name in (fields.container_title, fields.container_title_short):
        if name and (_JOURNAL_RE.search(name) or _JOURNAL_RE.search(canonical_journal(name))):
            return True
    return False


__all__ = ["PHYSICS_ARCHIVES", "is_physics"]
