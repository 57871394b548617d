"""Alternative readings are produced once, by extract, and carried on the Citation; a verdict judged
with the other reading of a text keeps the first reading's title and authors."""

from __future__ import annotations

import asyncio
from pathlib import Path

from citecheck.entries import read_text
from citecheck.model import Citation, Label, Name, Provenance, Record
from citecheck.reading.reconcile import _with_first_fields
from citecheck.reading.refparse.readings import alternative_readings, attach_readings
from citecheck.retrieve import RetrieveOptions, retrieve
from citecheck.sources.base import Source
from tests.fakes import check_text, index_source

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


# physics validation item phys-0122: a real MNRAS DOI under a fabricated title and authors
PHYS_0122 = ("J. M. Frost, C. L. Bykov, F. Bedding, G. F. Forman, and E. C. Wollack, Element Diffusion "
             "with Mixed Boundary Conditions, Monthly Notices of the Royal Astronomical Society 378, "
             "1007–1018 (2007), doi:10.1111/j.1365-2966.2007.11833.x.")


NA_I_D = {"id": "doi:10.1111/j.1365-2966.2007.11833.x", "type": "article-journal",
          "title": "The Na I D resonance lines in main sequence late-type stars",
          "author": [{"family": "Díaz", "given": "Rodrigo F."}, {"family": "Cincunegui", "given": "Carolina"},
                     {"family": "Mauas", "given": "Pablo J. D."}],
          "container-title": "Monthly Notices of the Royal Astronomical Society", "volume": "378",
          "page": "1007-1018", "issued": {"date-parts": [[2007]]}, "DOI": "10.1111/j.1365-2966.2007.11833.x"}


# -- the other reading corrects fields, never drops the first reading's title or authors -----------
def test_other_reading_keeps_the_first_readings_title_and_authors() -> None:
    first = Record(title="A fabricated title", author=[Name(family="Frost", given="J. M.")], volume="378")
    other = Record(volume="378", page="1007")
    merged = _with_first_fields(other, first)
    assert (merged.title, [a.family for a in merged.author]) == ("A fabricated title", ["Frost"])
    assert merged.page == "1007" and other.title is None  # the other reading itself is left alone
    corrected = Record(title="The corrected title", author=[Name(family="Doe")])
    assert _with_first_fields(corrected, first) is corrected  # what it has, it keeps


def test_real_doi_under_a_fabricated_title_is_major_without_the_reviewer(tmp_path: Path) -> None:
    label, why = check_text(index_source(tmp_path, [NA_I_D]), PHYS_0122, reviewer=False)
    assert label is Label.MAJOR, why
    assert "a different title" in why
    assert "from index (found by doi)" in why  # a flag names the source whose record stands against it
