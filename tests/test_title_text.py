"""Titles as text: the markup real services send (JATS, HTML, MathML, TeX, double-escaped
entities) becomes the text a reader sees — in every adapter, every dump reader, every report and
``--fix-bib``. The titles below are real (tests/data/replay and ../shared/data/replay)."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.index.arxiv_snapshot import csl_from_arxiv_snapshot
from citecheck.index.dumps.crossref import csl_from_crossref
from citecheck.index.dumps.dblp import csl_from_dblp
from citecheck.index.dumps.openalex import csl_from_openalex
from citecheck.index.dumps.s2 import csl_from_s2
from citecheck.markup import plain_text
from citecheck.model import Label, Verdict
from citecheck.report import FORMATS, get_format
from citecheck.report.fixbib import render_fixed_bibtex
from citecheck.sources import (
    arxiv,
    crossref,
    datacite,
    inspire,
    openalex,
    openlibrary,
    semanticscholar,
)
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig, load_config
from citecheck.sources.crossref import CrossrefSource
from citecheck.sources.openalex import OpenAlexSource
from tests.servers.replay import ReplayServer, read_interactions

REPLAY = Path(__file__).parent / "data" / "replay"
TREEBASE = "<scp>T</scp>reebase: an<scp>R</scp>package for discovery, access and manipulation of online phylogenies"
TREEBASE_TEXT = "Treebase: an R package for discovery, access and manipulation of online phylogenies"


@pytest.mark.parametrize(("marked", "text"), [
    (TREEBASE, TREEBASE_TEXT),
    ("Exploring Large Language Models&amp;#39; Responses to Moral Reasoning Dilemmas",
     "Exploring Large Language Models' Responses to Moral Reasoning Dilemmas"),
    ('Experimental astrophysics with high power lasers and<mml:math xmlns:mml="http://www.w3.org/1998/Math/'
     'MathML" display="inline"><mml:mrow><mml:mi>Z</mml:mi></mml:mrow></mml:math>pinches',
     "Experimental astrophysics with high power lasers and Z pinches"),
    ('<inline-formula><tex-math notation="LaTeX">$\\mu$</tex-math><alternatives><mml:math><mml:mi>\u03bc'
     '</mml:mi></mml:math><inline-graphic xlink:href="detti-ieq1-3236447.gif"/></alternatives>'
     "</inline-formula>Bench: An Open-Source Factory of Benchmark Microservice Applications",
     "\u03bcBench: An Open-Source Factory of Benchmark Microservice Applications"),
    ("<i>Planck</i>2015 results", "Planck 2015 results"),
    ("Alterations in B cell development among C57BL/6<i>\u0394D\u2212iD</i>mice congenic for the lupus "
     "susceptibility loci<i>sle1, sle2</i>or<i>sle3</i>",
     "Alterations in B cell development among C57BL/6 \u0394D\u2212iD mice congenic for the lupus "
     "susceptibility loci sle1, sle2 or sle3"),
    ("Effects of bariatric surgery in severely obese <scp>K</scp>orean patients",
     "Effects of bariatric surgery in severely obese Korean patients"),
    ("On the Best Rank-1 and Rank-(<i>R</i><sub>1</sub> ,<i>R</i><sub>2</sub> ,. . .,<i>R<sub>N</sub></i>) "
     "Approximation of Higher-Order Tensors",
     "On the Best Rank-1 and Rank-(R1 ,R2 ,. . .,RN) Approximation of Higher-Order Tensors"),
    ("GenerRNA: A generative pre-trained language model for\n                  <i>de novo</i>\n"
     "                  RNA design", "GenerRNA: A generative pre-trained language model for de novo RNA design"),
    ("Cyberbotics Ltd. Webots<sup>\u2122</sup>: Professional Mobile Robot Simulation",
     "Cyberbotics Ltd. Webots\u2122: Professional Mobile Robot Simulation"),
    ("Performance of electron reconstruction in proton-proton collisions at \u221a<i>s</i>= 8 TeV",
     "Performance of electron reconstruction in proton-proton collisions at \u221as= 8 TeV"),
])
def test_real_titles_read_as_text(marked: str, text: str) -> None:
    assert plain_text(marked) == text


@pytest.mark.parametrize(("marked", "text"), [
    ("H<sub>2</sub>O splitting", "H2O splitting"),  # an inline tag inside a word adds nothing
    ("p<i>K</i>a values of amino acids", "pKa values of amino acids"),  # nor does a one-letter symbol
    ("&amp;amp;lt;b&amp;amp;gt;Bold&amp;amp;lt;/b&amp;amp;gt; claims", "Bold claims"),  # three rounds
    ("Fish &amp; chips", "Fish & chips"),
    ("p < 0.05 and q > 1 in <i>vivo</i>", "p < 0.05 and q > 1 in vivo"),  # "<" that starts no tag
    ("The $\\alpha$-decay of 50% of nuclei", "The \u03b1-decay of 50% of nuclei"),  # "%" is no comment
    ("Ca$^{2+}$ waves and $SU(N)$ gauge theory", "Ca2+ waves and SU(N) gauge theory"),
    ("$B_s^0\\to\\mu^+\\mu^-$ decays", "Bs0\u2192\u03bc+\u03bc- decays"),
    ("Costs of US$5 and US$6", "Costs of US$5 and US$6"),  # dollars that open no math
    ("<jats:title>Main</jats:title><jats:subtitle>and sub</jats:subtitle>", "Main and sub"),
    ("Mass of the <math><mi>W</mi><annotation encoding='TeX'>W</annotation></math> boson",
     "Mass of the W boson"),
])
def test_markup_rules(marked: str, text: str) -> None:
    assert plain_text(marked) == text


@pytest.mark.parametrize("opening", ["<i>", "<mml:math>", "<tex-math>", "<scp>x"])
def test_tags_never_closed_cost_one_pass(opening: str) -> None:
    start = time.perf_counter()
    plain_text(opening * 30000 + "<mml:math>")  # quadratic, this took 40 s and more
    assert time.perf_counter() - start < 5


# -- one function behind every adapter and dump reader -----------------------------------------


def _atom(title: str) -> ET.Element:
    ns = "http://www.w3.org/2005/Atom"
    entry = ET.Element(f"{{{ns}}}entry")
    ET.SubElement(entry, f"{{{ns}}}id").text = "http://arxiv.org/abs/2101.00001v1"
    ET.SubElement(entry, f"{{{ns}}}title").text = title
    ET.SubElement(entry, f"{{{ns}}}published").text = "2021-01-01T00:00:00Z"
    author = ET.SubElement(entry, f"{{{ns}}}author")
    ET.SubElement(author, f"{{{ns}}}name").text = "Ada Lovelace"
    return entry


def _titles_of_every_reader(title: str) -> dict[str, str | None]:
    dblp = ET.fromstring(f'<article key="journals/x/Y21"><title>{title}</title><year>2021</year></article>')
    arxiv_record = arxiv.to_record(_atom(title))
    return {
        "crossref": crossref.to_record({"title": [title], "DOI": "10.1/x"}).title,
        "openalex": openalex.to_record({"title": title, "id": "https://openalex.org/W1"}).title,
        "semanticscholar": semanticscholar.to_record({"title": title, "paperId": "p"}).title,
        "datacite": datacite.to_record({"id": "10.5281/x", "attributes": {"titles": [{"title": title}]}}).title,
        "inspire": inspire.to_record({"metadata": {"titles": [{"title": title}]}}).title,
        "arxiv": arxiv_record.title if arxiv_record else None,
        "openlibrary": openlibrary.to_record({"title": title, "key": "/works/OL1W"}).title,
        "dump:crossref": csl_from_crossref({"title": [title], "DOI": "10.1/x"}).get("title"),
        "dump:openalex": csl_from_openalex({"title": title, "id": "https://openalex.org/W1"}).get("title"),
        "dump:s2": csl_from_s2({"title": title, "corpusid": 1}).get("title"),
        "dump:dblp": csl_from_dblp(dblp).get("title"),
        "dump:arxiv": csl_from_arxiv_snapshot({
            "id": "2101.00001", "title": title, "authors_parsed": [["Lovelace", "Ada", ""]],
            "categories": "hep-th", "versions": [{"version": "v1", "created": "Fri, 1 Jan 2021 00:00:00 GMT"}],
        }).get("title"),
    }


@pytest.mark.parametrize(("marked", "text"), [
    ("&lt;scp&gt;T&lt;/scp&gt;reebase: an&lt;scp&gt;R&lt;/scp&gt;package", "Treebase: an R package"),
    ("Models&amp;amp;#39; Responses", "Models' Responses"),
    ("The $\\alpha$-decay of nuclei", "The \u03b1-decay of nuclei"),
    ("{B}ose-{E}instein condensation of {\\em rubidium}", "Bose-Einstein condensation of rubidium"),
])
def test_every_adapter_and_dump_reader_reads_titles_as_text(marked: str, text: str) -> None:
    # XML-escaped once, as an Atom feed or a DBLP file carries markup; JSON sources get it raw too
    titles = _titles_of_every_reader(marked)
    assert titles == dict.fromkeys(titles, text)


# -- reports and --fix-bib show the clean title ------------------------------------------------


@pytest.fixture
def server() -> Iterator[ReplayServer]:
    rows = [*read_interactions(REPLAY / "crossref-markup.jsonl"), *read_interactions(REPLAY / "openalex.jsonl")]
    with ReplayServer(rows) as srv:
        yield srv


@pytest.fixture
def config(server: ReplayServer) -> SourceConfig:
    return load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=100)


#: (source, a citation by DOI and authors, the record's title as text, markup that must not show)
MARKED = [
    (CrossrefSource, "author = {Boettiger, Carl and Temple Lang, Duncan}, doi = {10.1111/j.2041-210x.2012.00247.x}",
     TREEBASE_TEXT, ("anRpackage", "scp")),
    (CrossrefSource, "author = {Nabizadeh, Davin}, doi = {10.3102/ip.25.2188107}",
     "Exploring Large Language Models' Responses to Moral Reasoning Dilemmas", ("#39", "&amp;")),
    (OpenAlexSource, "author = {Remington, Bruce A. and Drake, R. Paul and Ryutov, Dmitri D.}, "
                     "doi = {10.1103/revmodphys.78.755}, year = {2006}",
     "Experimental astrophysics with high power lasers and Z pinches", ("mml", "andZ", "Zpinches")),
]


@pytest.mark.parametrize(("source", "fields", "text", "markup"), MARKED)
def test_reports_and_fixed_bibtex_show_the_title_as_text(
        config: SourceConfig, server: ReplayServer, source: type[Source], fields: str, text: str,
        markup: tuple[str, ...]) -> None:
    checker = Checker(use_index=False, sources=[source(config)], offline=True)
    [verdict] = checker.check_text(f"@article{{cited,\n  {fields}\n}}\n", fmt="bibtex")
    assert verdict.match is not None and verdict.match.title == text, verdict.rationale
    assert verdict.label in (Label.EXACT, Label.MINOR), verdict.rationale
    outputs = {"--fix-bib": render_fixed_bibtex([verdict])} | {name: _report(name, verdict) for name in FORMATS}
    for name, out in outputs.items():
        assert not any(m in out for m in markup), (name, out)
    assert text in outputs["--fix-bib"]
    assert text in json.loads(_report("json", verdict))["verdicts"][0]["match"]["title"]
    assert not server.unmatched


def test_a_citation_of_the_marked_up_title_is_exact(config: SourceConfig) -> None:
    bib = ("@article{treebase,\n  author = {Boettiger, Carl and Temple Lang, Duncan},\n"
           f"  title = {{{TREEBASE_TEXT}}},\n  doi = {{10.1111/j.2041-210x.2012.00247.x}},\n"
           "  year = {2012}\n}\n")
    checker = Checker(use_index=False, sources=[CrossrefSource(config)], offline=True)
    [verdict] = checker.check_text(bib, fmt="bibtex")
    assert verdict.label is Label.EXACT, verdict.rationale


def _report(name: str, verdict: Verdict) -> str:
    return get_format(name).render([verdict], 1.0)
