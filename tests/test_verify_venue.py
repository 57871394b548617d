"""Venue comparison: abbreviations, acronyms, sibling sections, conference series."""

from __future__ import annotations

import pytest

from citecheck.verify.venue import compare_venues, is_preprint_venue, series_key

SAME = [
    ("Phys. Rev. Lett.", "Physical Review Letters"),
    ("PRL", "Physical Review Letters"),
    ("ApJ Letters", "The Astrophysical Journal Letters"), ("ApJL", "The Astrophysical Journal Letters"),
    ("Phys. Lett.", "Physics Letters"),
    ("ApJ", "The Astrophysical Journal"),
    ("A&A", "Astronomy & Astrophysics"),
    ("J. High Energy Phys.", "Journal of High Energy Physics"),
    ("Int. J. Approx. Reason.", "International Journal of Approximate Reasoning"),
    ("Proc. Natl. Acad. Sci. USA",
     "Proceedings of the National Academy of Sciences of the United States of America"),
    ("Am. J. Med. Genet. B", "American Journal of Medical Genetics Part B: Neuropsychiatric Genetics"),
    ("JAMA", "Journal of the American Medical Association"),
    ("TPAMI", "IEEE Transactions on Pattern Analysis and Machine Intelligence"),
    ("J. Phys. A: Math. Gen.", "Journal of Physics A: Mathematical and General"),
    ("NeurIPS", "Advances in Neural Information Processing Systems"),
    ("NIPS", "Neural Information Processing Systems"),
    ("ICML", "Proceedings of the 37th International Conference on Machine Learning"),
    ("Proceedings of ICLR", "International Conference on Learning Representations"),
    ("CVPR", "2021 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)"),
    ("AAAI", "Proceedings of the AAAI Conference on Artificial Intelligence"),
    ("Findings of EMNLP", "Findings of the Association for Computational Linguistics: EMNLP 2021"),
]
SIBLING = [("Phys. Rev. B", "Physical Review D"), ("Nucl. Phys. B", "Nuclear Physics A"),
           ("Physica A", "Physica B")]
# "X Letters" is another journal than X, except where the letters print in X's own volumes
LETTERS_SIBLING = [("Phys. Rev.", "Physical Review Letters"), ("Physical Review", "Phys. Rev. Lett."),
                   ("Physical Review Letters", "Physical Review"), ("Phys. Rev.", "Physical Review A"),
                   ("Phys. Lett. A", "Physics Letters B"), ("Chem. Phys.", "Chemical Physics Letters"),
                   ("JETP Lett.", "JETP")]
LETTERS_SAME = [("Astrophys. J. Lett.", "The Astrophysical Journal"), ("ApJL", "ApJ"),
                ("MNRAS Letters", "Monthly Notices of the Royal Astronomical Society"),
                ("Phys. Rev. Lett.", "PRL"), ("Nano Lett.", "Nano Letters")]
DIFFERENT = [("Journal of Fluid Mechanics", "Physical Review Letters"), ("ICML", "NeurIPS"),
             ("Science", "Nature"), ("Phys. Rev.", "Physics Reports"), ("ICLR", "CVPR")]


@pytest.mark.parametrize(("cited", "found"), SAME)
def test_same_venue(cited: str, found: str) -> None:
    assert compare_venues(cited, found) == "same"
    assert compare_venues(found, cited) == "same"


@pytest.mark.parametrize(("cited", "found"), SIBLING)
def test_sibling_journal(cited: str, found: str) -> None:
    assert compare_venues(cited, found) == "sibling"


@pytest.mark.parametrize(("cited", "found"), DIFFERENT)
def test_different_venue(cited: str, found: str) -> None:
    assert compare_venues(cited, found) == "different"


def test_series_and_preprints() -> None:
    assert series_key("Proceedings of the 40th International Conference on Machine Learning") == "icml"
    assert series_key("Advances in Neural Information Processing Systems 33") == "neurips"
    for name in ("arXiv preprint arXiv:2101.00001", "CoRR", "bioRxiv", "arXiv e-prints"):
        assert is_preprint_venue(name), name
    assert not is_preprint_venue("Physical Review Letters")


@pytest.mark.parametrize(("cited", "found"), LETTERS_SIBLING)
def test_letters_journal_is_a_sibling_of_the_main_journal(cited: str, found: str) -> None:
    assert compare_venues(cited, found) == "sibling"
    assert compare_venues(found, cited) == "sibling"


@pytest.mark.parametrize(("cited", "found"), LETTERS_SAME)
def test_letters_printed_in_the_journal_are_the_same_venue(cited: str, found: str) -> None:
    assert compare_venues(cited, found) == "same"
