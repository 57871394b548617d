#!/usr/bin/env bash
# Rebuild tests/data/documents: .bib + expected records from ../shared/data/corpus, then compile
# the .tex sources with a real TeX toolchain (pdflatex, bibtex, biber; Debian packages
# texlive-latex-base texlive-latex-recommended texlive-publishers texlive-fonts-recommended
# texlive-bibtex-extra biber). Tests never run this: they read the committed outputs.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
docs="$here/tests/data/documents"
python="${PYTHON:-$here/.venv/bin/python}"
"$python" "$here/scripts/make_document_fixture_bibs.py"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$docs"/*.tex "$docs"/*.bib "$work"/
cd "$work"
export SOURCE_DATE_EPOCH=1700000000 FORCE_SOURCE_DATE=1  # reproducible PDFs
for doc in aps-prl natbib-plainnat ieee-journal; do
  pdflatex -interaction=nonstopmode "$doc.tex" >/dev/null
  bibtex "$doc" >/dev/null
  pdflatex -interaction=nonstopmode "$doc.tex" >/dev/null
  pdflatex -interaction=nonstopmode "$doc.tex" >/dev/null
  cp "$doc.bbl" "$doc.pdf" "$docs"/
done
pdflatex -interaction=nonstopmode biblatex-authoryear.tex >/dev/null
biber --quiet biblatex-authoryear >/dev/null
pdflatex -interaction=nonstopmode biblatex-authoryear.tex >/dev/null
pdflatex -interaction=nonstopmode biblatex-authoryear.tex >/dev/null
cp biblatex-authoryear.bbl biblatex-authoryear.pdf "$docs"/
pdflatex -interaction=nonstopmode thebibliography-inline.tex >/dev/null
pdflatex -interaction=nonstopmode thebibliography-inline.tex >/dev/null
cp thebibliography-inline.pdf "$docs"/
if [ -n "${DOCX-1}" ]; then "$python" "$here/scripts/make_docx_fixture.py"; fi
ls -la "$docs"
