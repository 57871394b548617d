"""The eighth session's two kinds, written from real records: a collaboration after the names ("Aad, G., et
al.: ATLAS Collaboration. Phys. Lett. B 716, 1 (2012)", IOP "Aad G et al 2012 ATLAS Collaboration Phys.
Lett. B 716 1") and IOP volume and page run together ("… Title Phys. Lett. B 716123 -9").

Both kinds were first read off the physics test split's errors; this check writes them from the corpus's
real physics records (the records `layout_fields.py` uses, never the labelled strings), so that the rules
are measured on strings they were not made from. Gold per layout: no title where none was written; the
journal; the first author's family; volume and first page — where they run together, none is right too
(which digits are the volume cannot be told: a guessed one is the only wrong answer).

Usage: python benchmarks/collab_runtogether.py [--n 150] [--seed 11] [--show LAYOUT:FIELD]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layout_fields import _given, _letters, _names, _read, corpus_records

FIELDS = ("title", "journal", "volume", "page", "author")
_COLLABS = ["ATLAS", "CMS", "LHCb", "ALICE", "Belle", "BaBar", "IceCube", "PREX", "SLAC-E122", "Planck"]


def _range_end(r: dict[str, Any]) -> str:
    """IOP's abbreviated last page ("131 -7" for 131–137), where the record has a range."""
    if not r["_pp"]:
        return ""
    first, last = r["_pp"].split("\u2013")
    keep = next((i for i in range(len(last)) if first[: i + 1] != last[: i + 1]), len(last) - 1)
    return f" -{last[keep:]}"


def write(layout: str, r: dict[str, Any], g: random.Random) -> tuple[str, dict[str, str]]:
    """The string and its gold (letters only, as `layout_fields` compares)."""
    first = r["author"][0]
    collab = f"{g.choice(_COLLABS)} Collaboration"
    gold = {"title": "", "journal": _letters(r["_j"]), "volume": r["_v"], "page": r["_p"],
            "author": _letters(first["family"])}
    if layout == "etal-colon":
        text = f"{first['family']}, {_given(first)}, et al.: {collab}. {r['_j']} {r['_v']}, {r['_p']} ({r['_y']})"
    elif layout == "iop-etal":
        text = f"{first['family']} {_given(first, dots=False)} et al {r['_y']} {collab} {r['_j']} {r['_v']} {r['_p']}"
    else:  # "iop-runtogether"
        text = f"{_names(r, 'iop', g)} {r['_y']} {r['title']} {r['_j']} {r['_v']}{r['_p']}{_range_end(r)}"
        gold.update(title=_letters(r["title"]))
    return text, gold


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=150)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--show", default=None, help="LAYOUT:FIELD — print the misread strings")
    args = ap.parse_args(argv)
    if (got := corpus_records(args.n, args.seed)) is None:
        return 2
    recs, rng = got
    print("| layout | n | " + " | ".join(FIELDS) + " |")
    print("|---|---:|" + "---:|" * len(FIELDS))
    for layout in ("etal-colon", "iop-etal", "iop-runtogether"):
        right: Counter[str] = Counter()
        for r in recs:
            text, gold = write(layout, r, rng)
            got = _read(text)
            for f in FIELDS:
                # run together, no number is right too, and the only wrong one is a guessed one
                ok = got[f] == gold[f] or (layout == "iop-runtogether" and f in ("volume", "page") and not got[f])
                right[f] += ok
                if not ok and args.show == f"{layout}:{f}":
                    print(f"  {text}\n    gold: {gold[f]!r}\n    read: {got[f]!r}")
        print(f"| {layout} | {len(recs)} | " + " | ".join(f"{right[f] / len(recs):.3f}" for f in FIELDS) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
