"""Write the .bib files and expected records for tests/data/documents from ../shared/data/corpus.

Run by scripts/make_document_fixtures.sh; the records are real arXiv-browse works (MIT).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from pylatexenc.latexencode import unicode_to_latex

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpus"
OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "documents"

PHYSICS = [
    "doi:10.1103/physrevlett.100.086801", "doi:10.1103/physrevlett.100.136401",
    "doi:10.1103/physrevb.75.184305", "doi:10.1103/physreva.75.052106",
    "doi:10.1103/physrevc.75.047303", "doi:10.1103/physrevd.75.094017",
    "doi:10.1103/physreve.75.061105", "doi:10.1016/0370-2693(92)90710-l",
    "doi:10.1016/j.nuclphysb.2006.03.002", "doi:10.1086/186493",
    "doi:10.1088/0264-9381/24/10/017", "doi:10.1088/1126-6708/2007/05/034",
    "doi:10.1088/1367-2630/9/8/278", "doi:10.1111/j.1365-2966.2006.11797.x",
    "doi:10.1016/j.cpc.2007.04.001", "doi:10.1016/j.nuclphysa.2007.02.014",
]
AUTHOR_YEAR = [
    "doi:10.1007/s00440-007-0116-8", "doi:10.1007/s11249-004-8088-7",
    "doi:10.1016/j.combustflame.2006.07.004", "doi:10.1080/14786430500333349",
    "doi:10.1086/376983", "doi:10.1088/0965-0393/15/3/008", "doi:10.1214/105051606000000790",
    "doi:10.1214/105051606000000862", "doi:10.1209/0295-5075/78/10010",
    "doi:10.1016/j.physletb.2007.04.069", "doi:10.1063/1.2757285",
    "doi:10.1103/physrevd.75.068302",
]


IEEE_COUNT = 36  # the first works of arxiv-browse (file order) fit for a clean IEEE bibliography


def ieee_pick(rec: dict, taken: set[str]) -> bool:
    return bool(
        rec["id"] not in taken and rec.get("container-title") and rec.get("volume") and rec.get("page")
        and rec.get("title") and rec.get("DOI") and 0 < len(rec.get("author", [])) <= 6
        and not any(c in rec["title"] for c in "_^$\\{}&%#~")
        and all("family" in a and "given" in a for a in rec["author"])
    )


def tex(value: str) -> str:
    return unicode_to_latex(value, non_ascii_only=True, unknown_char_warning=False)


def key_for(rec: dict, used: set[str]) -> str:
    first = rec["author"][0]
    fam = first.get("family") or first.get("literal") or "anon"
    base = "".join(ch for ch in fam if ch.isascii() and ch.isalpha()) + str(rec["issued"]["date-parts"][0][0])
    key, n = base, 1
    while key in used:
        n += 1
        key = f"{base}{chr(ord('a') + n - 1)}"
    used.add(key)
    return key


def bib_entry(rec: dict, key: str, short_journal: bool) -> str:
    names = " and ".join(
        tex(a["literal"]) if "literal" in a else f"{tex(a['family'])}, {tex(a.get('given', ''))}"
        for a in rec["author"]
    )
    journal = (rec.get("container-title-short") if short_journal else None) or rec["container-title"]
    page = rec["page"].replace("-", "--")
    fields = [
        ("author", names), ("title", "{" + tex(rec["title"]) + "}"), ("journal", tex(journal)),
        ("volume", rec["volume"]), ("pages", page), ("year", str(rec["issued"]["date-parts"][0][0])),
        ("doi", rec["DOI"]),
    ]
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
    return f"@article{{{key},\n{body}\n}}\n"


def main() -> int:
    wanted = set(PHYSICS) | set(AUTHOR_YEAR)
    found: dict[str, dict] = {}
    ieee: list[str] = []
    with gzip.open(CORPUS / "arxiv-browse.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["id"] in wanted:
                found[rec["id"]] = rec
            elif len(ieee) < IEEE_COUNT and ieee_pick(rec, wanted):
                ieee.append(rec["id"])
                found[rec["id"]] = rec
    missing = wanted - found.keys()
    if missing:
        print("missing from corpus:", sorted(missing), file=sys.stderr)
        return 1
    used: set[str] = set()
    for stem, ids, short in (("physics", PHYSICS, True), ("authoryear", AUTHOR_YEAR, False),
                             ("ieee", ieee, True)):
        entries, expected = [], []
        for rid in ids:
            rec = found[rid]
            key = key_for(rec, used)
            entries.append(bib_entry(rec, key, short))
            expected.append({"key": key, **rec})
        (OUT / f"{stem}.bib").write_text("\n".join(entries), encoding="utf-8")
        (OUT / f"{stem}-expected.jsonl").write_text(
            "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in expected), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
