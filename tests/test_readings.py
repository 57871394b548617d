"""Alternative readings are produced once, by extract, and carried on the Citation."""

from __future__ import annotations

import asyncio

from citecheck.extract import read_text
from citecheck.extract.refparse.readings import alternative_readings, attach_readings
from citecheck.model import Citation, Provenance, Record
from citecheck.retrieve import RetrieveOptions, retrieve
from citecheck.sources.base import Source

RAW = "[10] Peter Kuchment and Leonid Kunyansky, Mathematics of thermoacoustic tomography, 2008."


def test_extract_attaches_the_readings_of_each_text_citation() -> None:
    raw = ("Goudriana, K. The Devotio Moderna and Commemoration. The Case of St Margaret’s Convent in "
           "Gouda. Medieval Low Countries 2015, 2, 109.")
    [cit] = read_text(raw + "\n", "refs.txt")
    assert cit.readings is not None
    assert cit.readings == alternative_readings(cit)
    assert ("The Devotio Moderna and Commemoration. The Case of St Margaret’s Convent in Gouda"
            in [r.title for r in cit.readings])


def test_bibtex_citations_carry_no_readings() -> None:
    [cit] = read_text("@article{k, title={A title of some length here}, author={Doe, J.}, year={2020}}",
                      "refs.bib")
    assert cit.readings == []


def test_attach_keeps_readings_already_produced() -> None:
    mine = [Record(title="Kept as produced")]
    cit = Citation(id="x", raw=RAW, fields=Record(title="Peter Kuchment, Mathematics of x y z"),
                   provenance=Provenance(format="text"), readings=mine)
    [same] = attach_readings([cit])
    assert same.readings == mine


class _Recorder(Source):
    name = "rec"
    supports = frozenset({"search"})

    def __init__(self) -> None:
        self.asked: list[str | None] = []

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        self.asked.append(citation.fields.title)
        return []


def test_retrieval_searches_the_carried_readings_not_a_new_parse() -> None:
    source = _Recorder()
    cit = Citation(id="x", raw=RAW, fields=Record(title="Parsed title of this work"),
                   provenance=Provenance(format="text"),
                   readings=[Record(title="Carried reading of the title")])
    asyncio.run(retrieve(cit, [source], RetrieveOptions()))
    assert source.asked == ["Parsed title of this work", "Carried reading of the title"]
