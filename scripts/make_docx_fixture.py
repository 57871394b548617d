"""Write tests/data/documents/authoryear-word.docx: a minimal but valid Word document.

Body text, a "References" heading (style Heading1), one APA-style paragraph per record of
authoryear-expected.jsonl (real arXiv-browse works, MIT), then an "Appendix" heading that ends
the section. Built with zipfile (WordprocessingML by hand), not by Word: no Word install needed.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

DOCS = Path(__file__).resolve().parents[1] / "tests" / "data" / "documents"

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>"""
RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>"""


def para(text: str, style: str | None = None, italic_span: str | None = None) -> str:
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    if italic_span and italic_span in text:
        before, after = text.split(italic_span, 1)
        runs = (f'<w:r><w:t xml:space="preserve">{escape(before)}</w:t></w:r>'
                f'<w:r><w:rPr><w:i/></w:rPr><w:t>{escape(italic_span)}</w:t></w:r>'
                f'<w:r><w:t xml:space="preserve">{escape(after)}</w:t></w:r>')
    else:
        runs = f'<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r>'
    return f"<w:p>{ppr}{runs}</w:p>"


def apa(rec: dict) -> str:
    names = []
    for a in rec["author"]:
        initials = " ".join(p[0].upper() + "." for p in a.get("given", "").replace("-", " ").split() if p)
        names.append(f"{a['family']}, {initials}")
    authors = names[0] if len(names) == 1 else ", ".join(names[:-1]) + ", & " + names[-1]
    year = rec["issued"]["date-parts"][0][0]
    return (f"{authors} ({year}). {rec['title']}. {rec['container-title']}, {rec['volume']}, "
            f"{rec['page']}. https://doi.org/{rec['DOI']}")


def main() -> None:
    records = [json.loads(line) for line in (DOCS / "authoryear-expected.jsonl").read_text("utf-8").splitlines()]
    body = [para("A Word document with an author-year reference list", "Title"),
            para("Introduction", "Heading1"),
            para("We cite twelve works (Puchała & Rolski, 2008; Bec et al., 2004) in APA style.")]
    body.append(para("References", "Heading1"))
    for rec in records:
        body.append(para(apa(rec), "Bibliography", italic_span=rec["container-title"]))
    body.append(para("Appendix A. Extra material", "Heading1"))
    body.append(para("Smith, J. (2020). Not a reference of the main list. Journal of Nothing, 1, 1."))
    xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
           '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
           f'<w:body>{"".join(body)}</w:body></w:document>')
    out = DOCS / "authoryear-word.docx"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in (("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELS),
                              ("word/document.xml", xml)):
            info = zipfile.ZipInfo(arcname, date_time=(2024, 1, 1, 0, 0, 0))  # reproducible
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    print(out)


if __name__ == "__main__":
    main()
