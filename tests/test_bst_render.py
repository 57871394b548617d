"""BibTeX-rendered training references labelled by construction (citecheck.bench.bst_render).

The labelling is tested on hand-written ``.bbl`` items (no BibTeX needed); the round trip through
pybtex runs a tiny style written here, and skips where pybtex is not installed.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from citecheck.bench import bst_render
from citecheck.bench.parsing_data import LabelledReference

RECORD = {"type": "article-journal", "title": "Observation of a New Particle",
          "author": [{"family": "Aad", "given": "Georges"}, {"family": "Abajyan", "given": "Tatevik"}]}
FIELDS = {"title": "Observation of a New Particle", "journal": "Phys. Lett. B", "volume": "716",
          "pages": "1--29", "year": "2012", "eprint": "1207.7214", "archiveprefix": "arXiv",
          "primaryclass": "hep-ex"}


def labelled(body: str, family: str = "Aad") -> list[tuple[str, str]]:
    segs, spaced, _ = bst_render.label_item(bst_render.decode_item(body), family)
    assert len(segs) == len(spaced)
    return segs


def test_marks_move_inside_where_the_style_looks():
    assert bst_render.mark("716", "V") == "{QZVB}716{QZVE}"
    # the first letter stays first for change.case$, the final stop last for add.period$
    assert bst_render.mark("Observation", "T") == "O{QZTA}bservation{QZTE}"
    assert bst_render.mark("Phys. Rev. Lett.", "J") == "P{QZJA}hys. Rev. Lett{QZJF}."


def test_bib_entry_marks_fields_but_not_names():
    entry = bst_render.bib_entry(RECORD, "k1", FIELDS, others=True, protect=frozenset({"title"}))
    assert entry is not None
    assert "author = {Aad, Georges and Abajyan, Tatevik and others}" in entry
    assert "title = {{{QZTB}Observation of a New Particle{QZTE}}}" in entry
    assert "archiveprefix = {arXiv}" in entry  # unmarked: never printed as it stands
    assert "primaryclass = {h{QZYA}ep-ex{QZYE}}" in entry
    assert bst_render.bib_entry(RECORD, "k1", {"title": "A \\emph{b}"}) is None  # not plain text


def test_revtex_item_labels_fields_and_author_span():
    body = r"""%
  \BibitemOpen
  \bibfield  {author} {\bibinfo {author} {\bibfnamefont {G.}~\bibnamefont
  {Aad}}, \bibinfo {author} {\bibfnamefont {T.}~\bibnamefont {Abajyan}}, \emph
  {et~al.} (\bibinfo {collaboration} {{QZCB}ATLAS{QZCE}}),\ }\href
  {https://doi.org/{QZIB}10.1016/j.physletb.2012.08.020{QZIE}} {\bibfield
  {journal} {\bibinfo  {journal} {P{QZJA}hys. Lett. B{QZJE}}\ }\textbf
  {\bibinfo {volume} {{QZVB}716{QZVE}}},\ \bibinfo {pages} {{QZPB}1} (\bibinfo
  {year} {{QZDB}2012{QZDE}})},\ \Eprint
  {https://arxiv.org/abs/{QZXB}1207.7214{QZXE}} {arXiv:{QZXB}1207.7214{QZXE}
  [h{QZYA}ep-ex{QZYE}]} \BibitemShut {NoStop}%
"""
    assert labelled(body) == [
        ("author", "G. Aad, T. Abajyan, et al. (ATLAS)"), ("other", ","), ("container", "Phys. Lett. B"),
        ("volume", "716"), ("other", ","), ("pages", "1"), ("other", "("), ("date", "2012"),
        ("other", "),"), ("identifier", "arXiv:1207.7214 [hep-ex]")]


def test_plain_item_keeps_initials_stop_in_the_authors():
    body = r"""
M{\"u}ller H~P and van~der Berg J {QZDB}2019{QZDE} {\em {QZJB}JHEP{QZJE}\/}
  {\bf {QZVB}04{QZVE}} {QZPB}123{QZPE}
"""
    segs = labelled(body, "Müller")
    assert segs[0] == ("author", "Müller H P and van der Berg J")
    assert ("container", "JHEP") in segs and ("pages", "123") in segs


def test_in_before_a_proceedings_volume_is_not_an_author():
    segs = labelled(r"G.~Aad and T.~Abajyan, in \emph{P{QZKA}roc. ICHEP{QZKE}} ({QZDB}2012{QZDE})")
    assert segs[:3] == [("author", "G. Aad and T. Abajyan"), ("other", ", in"), ("container", "Proc. ICHEP")]


def test_refused_when_the_first_author_is_not_first():
    body = r"\newblock \bysame, T{QZTA}itle{QZTE}, {QZDB}2019{QZDE}."
    with pytest.raises(bst_render.LabelError):
        labelled(body, "Aad")


def test_unbalanced_text_mark_is_refused():
    with pytest.raises(bst_render.LabelError):
        bst_render.label_item("Aad G, QZTBSome title, 2019", "Aad")


def test_segments_join_to_the_decoded_text():
    text = "Aad G et al. QZDB2012QZDE QZJBPhys. Lett. BQZJE QZVB716QZVE QZPB1–29QZPE (Preprint QZXB1207.7214QZXE)"
    segs, spaced, values = bst_render.label_item(text, "Aad")
    joined = LabelledReference("x", "x", "rendered", segs, spaced=spaced).text
    assert joined == "Aad G et al. 2012 Phys. Lett. B 716 1–29 (Preprint 1207.7214)"
    assert values == {"D": "2012", "J": "Phys. Lett. B", "V": "716", "P": "1–29", "X": "1207.7214"}
    assert segs[0] == ("author", "Aad G et al.")


TINY_BST = r"""
ENTRY { author title journal volume pages year } {} {}
FUNCTION {article}
{ "\bibitem{" cite$ * "}" * write$ newline$
  author #1 "{vv~}{ll}, {f.}" format.name$
  author num.names$ #1 >
    { " et al." * }
    'skip$
  if$
  ", " * title "t" change.case$ * ", \emph{" * journal * "} \textbf{" * volume * "}, " *
  pages * " (" * year * ")." * write$ newline$
}
FUNCTION {default.type} { article }
READ
FUNCTION {begin.bib} { "\begin{thebibliography}{9}" write$ newline$ }
EXECUTE {begin.bib}
ITERATE {call.type$}
FUNCTION {end.bib} { newline$ "\end{thebibliography}" write$ newline$ }
EXECUTE {end.bib}
"""


@pytest.mark.skipif(importlib.util.find_spec("pybtex") is None, reason="pybtex (the dev extra) is not installed")
def test_round_trip_through_a_style(tmp_path: Path):
    bst = tmp_path / "tiny.bst"
    bst.write_text(TINY_BST, encoding="utf-8")
    bib = tmp_path / "refs.bib"
    fields = {k: v for k, v in FIELDS.items() if k in ("title", "journal", "volume", "pages", "year")}
    entry = bst_render.bib_entry(RECORD, "k1", fields)
    assert entry is not None
    bib.write_text(entry, encoding="utf-8")
    items = bst_render.bbl_items(bst_render.run_bst(bst, bib, ["k1"]))
    segs = labelled(items["k1"])
    assert segs == [("author", "Aad, G. et al."), ("other", ","), ("title", "Observation of a new particle"),
                    ("other", ","), ("container", "Phys. Lett. B"), ("volume", "716"), ("other", ","),
                    ("pages", "1–29"), ("other", "("), ("date", "2012"), ("other", ").")]
