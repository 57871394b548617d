"""Names as the services write them: "Family, Given" and "Given Family", a name in two scripts,
nicknames, affiliations and debris sent as authors, OpenAlex's printed (``raw_author_name``) and
profile (``display_name``) names — and correct author lists EXACT against real answers replayed
from 127.0.0.1 (tests/data/replay/openalex.jsonl, semanticscholar-names.jsonl; origins in the
README there)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.model import Label, Name, Verdict
from citecheck.names import is_affiliation
from citecheck.sources import openalex, semanticscholar
from citecheck.sources._common import author_names, split_name
from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig, load_config
from citecheck.sources.openalex import OpenAlexSource
from citecheck.sources.semanticscholar import SemanticScholarSource
from tests.servers.replay import ReplayServer, read_interactions

REPLAY = Path(__file__).parent / "data" / "replay"


def _people(names: list[Name]) -> list[tuple[str | None, str | None]]:
    return [(n.family, n.given) if not n.literal else (n.literal, None) for n in names]


@pytest.mark.parametrize(("written", "family", "given"), [
    ("Zhu, Ke", "Zhu", "Ke"),  # OpenAlex raw_author_name, family first
    ("Adeodato, João Maurício", "Adeodato", "João Maurício"),
    ("Jianxin Wu", "Wu", "Jianxin"),
    ("J B Gross", "Gross", "J B"),
    ("Kyriacos, Κυριάκος, Athanasiou, Αθανασίου", "Athanasiou", "Kyriacos"),  # S2: two scripts
    ("Po-Yao (Bernie) Huang", "Huang", "Po-Yao"),  # a nickname
    ("Bo Liu (Benjamin Liu)", "Liu", "Bo"),
    ("Mihai G Netea (15649)", "Netea", "Mihai G"),  # a registry's number
    ("’t Hooft, Gerard", "’t Hooft", "Gerard"),  # a particle with an apostrophe starts the name
])
def test_written_names_split_as_written(written: str, family: str, given: str) -> None:
    name = split_name(written)
    assert name is not None and (name.family, name.given) == (family, given)


@pytest.mark.parametrize("debris", [")", ";", "; )", "( Mit", "; Gpt", ",LAGEP, Université de Lyon, Lyon, F-69003"])
def test_debris_sent_as_an_author_is_no_name(debris: str) -> None:
    assert split_name(debris) is None


@pytest.mark.parametrize(("text", "affiliation"), [
    ("University of Gothenburg", True), ("Alan Turing Institute", True), ("R. University", True),
    ("Dutch National Institute for Subatomic Physics", True), ("Université de Lyon", True),
    ("ATLAS Collaboration", False), ("Planck Consortium", False), ("John Center", False),
    ("Jeremy Magland", False),
])
def test_institutions_are_told_from_people_and_collaborations(text: str, affiliation: bool) -> None:
    assert is_affiliation(text) is affiliation


def test_affiliations_among_people_are_dropped_but_a_sole_organisation_is_kept() -> None:
    listed = ["A. Visive", "UK Alan Turing Institute", "C. Nellist", "ATLAS Collaboration", ")"]
    assert _people(author_names(listed)) == [("Visive", "A."), ("Nellist", "C."), ("ATLAS Collaboration", None)]
    assert _people(author_names(["University of Gothenburg"])) == [("University of Gothenburg", None)]


def _works() -> dict[str, dict]:
    rows = read_interactions(REPLAY / "openalex.jsonl")
    works = [json.loads(r["body"])["results"][0] for r in rows]
    return {w["doi"].removeprefix("https://doi.org/"): w for w in works}


def test_openalex_takes_the_printed_name_over_the_profile_name() -> None:
    works = _works()
    # profile "Zhu Ke" is family first; the paper prints "Zhu, Ke"
    assert _people(openalex.to_record(works["10.48550/arxiv.2412.09388"]).author) == [
        ("Zhou", "Junjie"), ("Zhu", "Ke"), ("Wu", "Jianxin")]
    # profile "Joshua B. Gross", "Horst Wilkens"; the paper prints "J B Gross", "H Wilkens"
    assert _people(openalex.to_record(works["10.1038/hdy.2013.26"]).author) == [("Gross", "J B"), ("Wilkens", "H")]
    # affiliation strings sent as authorships (no author id) are dropped
    hamiltonian = openalex.to_record(works["10.3934/nhm.2009.4.249"])
    assert [n.family for n in hamiltonian.author] == ["Santos", "Maschke", "Gorrec"]
    # a dataset whose creator is an organisation keeps it, whole
    assert _people(openalex.to_record(works["10.3535/jf0-6x9-kpw"]).author) == [("University of Gothenburg", None)]


def test_semanticscholar_name_in_two_scripts_and_nickname() -> None:
    rows = [json.loads(r["body"])[0] for r in read_interactions(REPLAY / "semanticscholar-names.jsonl")]
    pnas, deepseek = (semanticscholar.to_record(p) for p in rows)
    assert _people(pnas.author)[-1] == ("Athanasiou", "Kyriacos")
    assert ("Liu", "Bo") in _people(deepseek.author)


# -- correct author lists are EXACT, swapped ones MINOR -----------------------------------------


@pytest.fixture
def server() -> Iterator[ReplayServer]:
    rows = [*read_interactions(REPLAY / "openalex.jsonl"), *read_interactions(REPLAY / "semanticscholar-names.jsonl")]
    with ReplayServer(rows) as srv:
        yield srv


@pytest.fixture
def config(server: ReplayServer) -> SourceConfig:
    return load_config(env={}, **server.base_urls(), max_retries=0, rate_scale=100)


def _check(source: Source, bibtex: str) -> dict[str, Verdict]:
    checker = Checker(use_index=False, sources=[source], offline=True)
    return {v.citation.id: v for v in checker.check_text(bibtex, fmt="bibtex")}


def _entry(key: str, **fields: str) -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
    return f"@article{{{key},\n{body}\n}}\n"


KD = dict(title="All You Need in Knowledge Distillation Is a Tailored Coordinate System", year="2024",
          doi="10.48550/arxiv.2412.09388")
HAMILTONIAN = dict(title="A Hamiltonian perspective to the stabilization of systems of two conservation laws",
                   journal="Networks and Heterogeneous Media", volume="4", pages="249--266", year="2009",
                   doi="10.3934/nhm.2009.4.249")


def test_openalex_correct_author_lists_are_exact(config: SourceConfig, server: ReplayServer) -> None:
    # one work per check: the replay holds each DOI's own answer, not a batch of several
    got = _check(OpenAlexSource(config), _entry("kd", author="Zhou, Junjie and Zhu, Ke and Wu, Jianxin", **KD)
                 + _entry("swapped", author="Zhu, Ke and Zhou, Junjie and Wu, Jianxin", **KD))
    got |= _check(OpenAlexSource(config), _entry(
        "ham", author="Dos Santos, Val{\\'e}rie and Maschke, Bernhard and Le Gorrec, Yann", **HAMILTONIAN))
    got |= _check(OpenAlexSource(config), _entry(
        "albinism", author="Gross, J. B. and Wilkens, H.",
        title="Albinism in phylogenetically and geographically distinct populations of Astyanax cavefish "
              "arises through the same loss-of-function Oca2 allele",
        journal="Heredity", volume="111", pages="122--130", year="2013", doi="10.1038/hdy.2013.26"))
    for key in ("kd", "ham", "albinism"):
        assert got[key].label is Label.EXACT, (key, got[key].rationale)
    assert got["swapped"].label is Label.MINOR, got["swapped"].rationale
    assert any(d.field == "author" for d in got["swapped"].discrepancies)
    assert not server.unmatched


def test_semanticscholar_name_in_two_scripts_is_exact(config: SourceConfig) -> None:
    got = _check(SemanticScholarSource(config), _entry(
        "pnas", author="Makris, Eleftherios A. and Responte, Donald J. and Paschos, Nikolaos K. and "
                       "Hu, Jerry C. and Athanasiou, Kyriacos A.",
        title="Developing functional musculoskeletal tissues through hypoxia and lysyl oxidase-induced "
              "collagen cross-linking",
        journal="Proceedings of the National Academy of Sciences", volume="111", pages="E4832--E4841",
        year="2014", doi="10.1073/pnas.1414271111"))
    assert got["pnas"].label is Label.EXACT, got["pnas"].rationale
