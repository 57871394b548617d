"""JSON Lines entries parsed where they are checked (offline batches: in the worker processes).

`read_jsonl(defer=True)` leaves well-formed lines unparsed; `read_entries` must then give the
very citation `read_jsonl` and the reading stage would have, and a parse that fails must sink only
its own entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.entries import read_entries, read_text
from citecheck.extract.cli import read_inputs
from citecheck.extract.jsonl import read_jsonl
from citecheck.model import Label
from tests.fakes import MemorySource

LINES = [
    {"id": "a", "text": "Einstein, A., Podolsky, B., Rosen, N. (1935). Can quantum-mechanical description "
                        "of physical reality be considered complete? Phys. Rev. 47, 777."},
    {"id": "b", "text": "Smith J A, Jones B C and Brown D 2012 Nature 489 282"},
    {"id": "c", "bibtex": "@article{k, title={A Title Here}, author={Doe, Jane}, year={2001}}"},
    {"id": "d", "bibtex": "@article{k, title={Unclosed"},
    {"id": "e", "csl": {"type": "article-journal", "title": "Structured", "volume": 12}},
    {"id": "f"},
    {"id": "a", "text": "a duplicate id"},
]
TEXT = "\n".join(json.dumps(x) for x in LINES) + "\nnot json\n"


def _dump(citations: list) -> list[dict]:  # type: ignore[type-arg]
    return [c.model_dump() for c in citations]


def test_deferred_lines_parse_to_the_same_citations() -> None:
    eager = read_text(TEXT, "b.jsonl")  # read_text: with the alternative readings attached
    deferred = read_text(TEXT, "b.jsonl", defer=True)
    pending = [c for c in deferred if c.pending is not None]
    assert len(pending) == 6  # a-f ("f" has no usable key: an error when parsed); the duplicate
    # id and "not json" are errors at once
    assert all(c.fields.title is None for c in pending)
    for citation in deferred:
        read_entries([citation])
    assert all(c.pending is None for c in deferred)
    assert _dump(deferred) == _dump(eager)


def test_deferred_reading_keeps_readings_renumbering_and_decoding_notes(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    line = json.dumps({"id": "x", "text": '"Quantum criticality in heavy-fermion metals." Nature 4, 186.'})
    one.write_text(line + "\n", encoding="utf-8")
    two.write_bytes((line + "\n").encode("utf-16"))  # decoded with a note
    eager, _ = read_inputs([one, two])
    deferred, _ = read_inputs([one, two], defer=True)
    assert [c.id for c in deferred] == ["x", "x~1"]
    assert deferred[0].readings is None  # produced with the fields, in `read_entries`
    for citation in deferred:
        read_entries([citation])
    assert _dump(deferred) == _dump(eager)
    assert eager[1].parse_warnings  # the decoding note survived the deferral too


def test_read_text_defers_only_json_lines() -> None:
    assert read_text("Doe, J. 2001. A title of a work. J. Phys. 3, 4.\n", "r.txt", defer=True)[0].pending is None
    assert read_text(json.dumps(LINES[1]) + "\n", "r.jsonl", defer=True)[0].pending is not None


def test_a_parse_that_fails_sinks_only_its_own_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.reading.combine as combine

    real = combine.read_reference

    def fragile(text: str):  # type: ignore[no-untyped-def]
        if "Brown D" in text:
            raise RuntimeError("parser bug")
        return real(text)

    monkeypatch.setattr(combine, "read_reference", fragile)
    citations = read_jsonl(TEXT, "b.jsonl", defer=True)[:2]
    verdicts = Checker(use_index=False, sources=[MemorySource([])], offline=True).check_citations(citations)
    assert verdicts[0].label is not Label.ERROR and verdicts[1].label is Label.ERROR
    assert verdicts[0].citation.fields.title  # parsed in the checker
    assert "parser bug" in (verdicts[1].rationale or "")


def test_repeated_entries_go_to_the_same_chunk() -> None:
    from citecheck.model import Citation
    from citecheck.parallel import _repeats_together

    cits = [Citation(id=str(i), raw=raw) for i, raw in enumerate(["a", "b", "c", "a", "d", "b", "a"])]
    assert [c.id for c in _repeats_together(cits)] == ["0", "3", "6", "1", "5", "2", "4"]
    pending = read_jsonl(TEXT, "b.jsonl", defer=True)
    assert pending[1].raw == LINES[1]["text"]  # an unparsed line is known by its text, not its id
