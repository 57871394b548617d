"""Towns and cities (data/places.txt.gz, scripts/build_places.py: GeoNames' cities of 15,000 inhabitants
or more): "is this piece of a reference a place", for a meeting's place after its name ("Proc. 30th ICRC,
Merida") and a journal's city after its name ("Bulletin du Muséum, Paris")."""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

from citecheck.normalize import fold


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    ref = resources.files("citecheck.data").joinpath("places.txt.gz")
    if not ref.is_file():
        return frozenset()
    with ref.open("rb") as raw:
        return frozenset(gzip.decompress(raw.read()).decode("utf-8").split("\n")) - {""}


def known_place(text: str) -> bool:
    """``text`` (one piece: "Merida", "Sophia Antipolis", "Newport Beach") names a town or city."""
    key = " ".join(fold(text.strip(" .,;:()")).split())
    return len(key) >= 3 and key in _places()
