"""Make src/citecheck/data/embedded-corpus.jsonl.gz and its licence notices.

The embedded default index is built from the permissively licensed corpus files only (MIT /
Apache-2.0): ../shared/data/corpus/*.jsonl.gz except paperscape-1991-1996, which is ODbL
share-alike and must stay in its own file. Records are copied verbatim, in the corpus's dedup
priority order; the gzip header carries no timestamp or name, so the output is byte-for-byte
reproducible and the default index's cache key (a hash of the file) only changes with the data.

    .venv/bin/python scripts/make_embedded_corpus.py [--corpus ../shared/data/corpus]
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "citecheck" / "data"

#: (corpus file, licence file, upstream repository, licence, attribution), in dedup priority
SOURCES = [
    ("arxiv-browse.jsonl.gz", "LICENSE-arxiv-browse.txt", "arXiv/arxiv-browse", "MIT",
     "arXiv metadata © the arXiv authors / Cornell University, as distributed in arxiv-browse "
     "test data"),
    ("bibliotex.jsonl.gz", "LICENSE-bibliotex.txt", "rmlmcfadden/bibliotex", "MIT",
     "bibliotex © Ryan M. L. McFadden"),
    ("hyydiffxs-atlas-cms.jsonl.gz", "LICENSE-HyydiffXS_ITN.txt", "yong7/HyydiffXS_ITN",
     "Apache-2.0", "ATLAS/CMS bibliographies © CERN for the benefit of the ATLAS collaboration"),
    ("refchecker-api-cache.jsonl.gz", "LICENSE-refchecker.txt", "markrussinovich/refchecker",
     "MIT", "refchecker © RefChecker"),
    ("semanticscholar-cassettes.jsonl.gz", "LICENSE-semanticscholar.txt",
     "danielnsilva/semanticscholar", "MIT", "semanticscholar © Daniel Silva"),
    ("habanero-cassettes.jsonl.gz", "LICENSE-habanero.txt", "sckott/habanero", "MIT",
     "habanero © Scott Chamberlain"),
    ("hallmark-valid.jsonl.gz", "LICENSE-hallmark.txt", "rpatrik96/hallmark", "MIT",
     "HALLMARK © Patrik Reizinger"),
]
EXCLUDED = {"paperscape-1991-1996.jsonl.gz": "ODbL-1.0 share-alike"}

HEADER = """# Licences of the embedded corpus

`embedded-corpus.jsonl.gz` (the data behind citecheck's default offline index) concatenates,
verbatim, these files of the citecheck shared corpus (`data/corpus/`), each converted from a
public repository to CSL-JSON. It was made with `scripts/make_embedded_corpus.py`.

| corpus file | records | upstream repository | licence |
|---|---:|---|---|
{rows}

The ODbL share-alike file of that corpus ({excluded}) is **not** included.

Records that came from API responses (Crossref, OpenAlex, Semantic Scholar, DBLP, OpenReview)
reproduce metadata those services publish; they are redistributed under the licence of the
repository in which they were recorded. For reference, Crossref, OpenAlex and DBLP publish their
metadata as CC0; Semantic Scholar data is covered by its API licence agreement (its bulk
datasets are ODC-BY 1.0).

Attribution: {attribution}.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "corpus")
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args()

    buffer = io.BytesIO()
    counts: list[int] = []
    for name, *_ in SOURCES:
        with gzip.open(args.corpus / name, "rb") as fh:
            lines = [line for line in fh.read().splitlines() if line.strip()]
        for line in lines:
            json.loads(line)  # verbatim copy, but never of a broken line
            buffer.write(line + b"\n")
        counts.append(len(lines))
    out = args.out / "embedded-corpus.jsonl.gz"
    with out.open("wb") as raw, gzip.GzipFile(
        filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0
    ) as gz:
        gz.write(buffer.getvalue())

    rows = "\n".join(
        f"| {name} | {n:,} | {repo} | {lic} |"
        for (name, _, repo, lic, _), n in zip(SOURCES, counts, strict=True)
    )
    text = HEADER.format(
        rows=rows,
        excluded=", ".join(f"{k}: {v}" for k, v in EXCLUDED.items()),
        attribution="; ".join(s[4] for s in SOURCES),
    )
    for name, licence_file, repo, lic, _ in SOURCES:
        licence = (args.corpus / licence_file).read_text(encoding="utf-8").strip()
        text += f"\n## {name} — {repo} ({lic})\n\n```text\n{licence}\n```\n"
    (args.out / "LICENSES-embedded-corpus.md").write_text(text, encoding="utf-8")
    print(f"{out}: {sum(counts):,} records, {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
