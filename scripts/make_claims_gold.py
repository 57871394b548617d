"""Gold marker → entry links for the LaTeX fixtures and the PDFs compiled from them.

The gold comes from the LaTeX source, not from citecheck's reader: every ``\\cite``-family
command's keys in order (a deliberately plain regex over the source), and each key's position in
the compiled ``.bbl`` (the printed list's order: its number in a numeric style, its place in an
author-year one). For a PDF the entry is named as citecheck's PDF reader names entries
(``file#n``, the n-th printed reference). Checked by hand against the PDFs (see
tests/data/claims/README.md). Usage: python scripts/make_claims_gold.py > tests/data/claims/gold-latex.jsonl
"""

from __future__ import annotations

import json
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "tests" / "data" / "documents"
CITE = re.compile(r"\\(?!nocite)[a-zA-Z]*cite[a-zA-Z]*\*?(?:\[[^\]]*\]){0,2}((?:\{[^}]*\})+)")


def cited(tex: str) -> list[str]:
    tex = re.sub(r"(?<!\\)%.*", "", tex)
    return [k.strip() for m in CITE.finditer(tex) for g in re.findall(r"\{([^}]*)\}", m.group(1))
            for k in g.split(",") if k.strip()]


def bbl_order(bbl: str) -> list[str]:
    keys = re.findall(r"\\entry\{([^}]+)\}", bbl)
    if keys:
        return keys
    return re.findall(r"\\bibitem\s*(?:\[(?:[^\[\]]|\[[^\]]*\])*\])?\s*\{([^}]+)\}", bbl)


def thebibliography_order(tex: str) -> list[str]:
    return re.findall(r"\\bibitem\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}", tex)


def main() -> None:
    for tex_path in sorted(DOCS.glob("*.tex")):
        tex = tex_path.read_text(encoding="utf-8")
        keys = cited(tex)
        bbl_path = tex_path.with_suffix(".bbl")
        order = bbl_order(bbl_path.read_text(encoding="utf-8")) if bbl_path.exists() else thebibliography_order(tex)
        print(json.dumps({"document": f"documents/{tex_path.name}", "links": keys}))
        pdf = tex_path.with_suffix(".pdf")
        if pdf.exists():
            name = f"tests/data/documents/{pdf.name}"
            print(json.dumps({"document": f"documents/{pdf.name}",
                              "links": [f"{name}#{order.index(k) + 1}" for k in keys]}))


if __name__ == "__main__":
    main()
