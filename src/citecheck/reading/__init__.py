"""The reading stage: what a reference's text says, read once.

Every reading of an entry comes from here: the entries extract found, read (`entries.py`:
`read_entries`), the rule parser (`refparse/`), the learned labeller
(`labeller.py`) and their combination (`combine.py`), the PDF text clean-up (`pdftext.py`), the
author-list grammar (`names.py`) and the other readings of a text (a quoted or emphasised span, a
title sentence read into the journal: `refparse/readings.py`). `reconcile.py` is the one module
that sets a reading against a candidate record (the reading to search by, the reading that agrees
with a record best, the text re-read around a record's title); it uses the comparator, so it sits
above verification in the import order and is imported by its own name.

Outside the stage, modules use the names below (and `citecheck.reading.reconcile`'s), never a
module of the stage (tests/test_architecture.py). They load lazily: a BibTeX entry, whose fields
arrive read, never loads the free-text reader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["other_readings", "read_entries", "read_reference"]

if TYPE_CHECKING:
    from citecheck.reading.combine import other_readings, read_reference
    from citecheck.reading.entries import read_entries

#: each public name → the module of the stage that defines it
_HOMES = {"other_readings": "combine", "read_reference": "combine", "read_entries": "entries"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(name)
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
