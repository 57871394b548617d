"""Retractions: Crossref ``updated-by`` / ``update-to`` and OpenAlex ``is_retracted`` → the
verdict's ``retracted`` flag, in every output format; ``--fail-on retracted``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.index.build import build_index
from citecheck.model import Label, Verdict
from citecheck.retraction import describe, retraction_of
from citecheck.sources import crossref, openalex
from tests.fakes import OTHER, REAL
from tests.servers.base import LoopbackServer, Request, Response
from tests.servers.simulator import to_crossref

#: Crossref's documented shape for an update relation (REST API, "update-to"/"updated-by")
UPDATED_BY = [{"updated": {"date-parts": [[2021, 3, 9]], "timestamp": 1615248000000},
               "DOI": "10.1103/PhysRevB.65.100518.RETRACTION", "type": "retraction",
               "source": "publisher", "label": "Retraction", "record-id": "x"},
              {"updated": {"date-parts": [[2020, 1, 2]]}, "DOI": "10.1103/erratum", "type": "correction",
               "label": "Correction"}]


def test_crossref_updated_by_marks_the_work() -> None:
    rec = crossref.to_record({**to_crossref(REAL), "updated-by": UPDATED_BY})
    flag = retraction_of(rec)
    assert flag == {"kind": "retraction", "notice": "10.1103/physrevb.65.100518.retraction",
                    "date": "2021-03-09", "source": "crossref"}
    assert describe(flag) == ("RETRACTED (retraction notice 10.1103/physrevb.65.100518.retraction, "
                              "2021-03-09, per crossref)")
    # a correction alone does not retract
    assert retraction_of(crossref.to_record({**to_crossref(REAL), "updated-by": UPDATED_BY[1:]})) is None


def test_crossref_update_to_marks_the_notice_not_a_retracted_work() -> None:
    notice = {**to_crossref(OTHER), "update-to": [{**UPDATED_BY[0], "DOI": REAL.DOI}]}
    rec = crossref.to_record(notice)
    assert retraction_of(rec) is None
    assert rec.custom["retraction_notice_for"] == [REAL.DOI]


def test_openalex_is_retracted() -> None:
    work = {"id": "https://openalex.org/W1", "title": "T", "is_retracted": True,
            "authorships": [], "publication_year": 2002}
    assert retraction_of(openalex.to_record(work)) == {"kind": "retraction", "source": "openalex"}
    assert retraction_of(openalex.to_record({**work, "is_retracted": False})) is None


@pytest.fixture
def crossref_server() -> Iterator[LoopbackServer]:
    def answer(req: Request) -> Response:
        doi = req.path.removeprefix("/works/")
        if doi.lower() == (REAL.DOI or "").lower():
            return Response(200, json.dumps({"status": "ok", "message-type": "work", "message": {
                **to_crossref(REAL), "updated-by": UPDATED_BY}}))
        return Response(404, "Resource not found.", {"content-type": "text/plain"})

    with LoopbackServer(answer) as srv:
        yield srv


def test_flag_in_every_output_format_and_fail_on(tmp_path: Path, crossref_server: LoopbackServer,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "r.jsonl"
    data.write_text(OTHER.model_dump_json(by_alias=True, exclude_none=True) + "\n")
    build_index(tmp_path / "i.db", [data])
    bib = tmp_path / "r.bib"
    bib.write_text("@article{mali, title={25Mg NMR study of the MgB2 superconductor}, author={Mali, M."
                   " and Roos, J. and Shengelaya, A. and Keller, H. and Conder, K.}, journal={Physical "
                   "Review B}, volume={65}, pages={100518}, year={2002}, doi={10.1103/PhysRevB.65.100518}}\n")
    monkeypatch.setenv("CITECHECK_CROSSREF_URL", crossref_server.url)
    monkeypatch.setenv("CITECHECK_MAX_RETRIES", "0")
    base = ["check", str(bib), "--index", str(tmp_path / "i.db"), "--sources", "crossref", "--no-cache"]
    runner = CliRunner()
    res = runner.invoke(app, [*base, "-f", "json"])
    assert res.exit_code == 0, res.output  # the label stays EXACT: default gate passes
    [v] = json.loads(res.stdout)["verdicts"]
    assert v["label"] == Label.EXACT.value
    assert v["retracted"]["notice"] == "10.1103/physrevb.65.100518.retraction"
    for fmt in ("jsonl", "csv", "markdown", "table", "html", "sarif"):
        out = tmp_path / f"report.{fmt}"
        res = runner.invoke(app, [*base, "-f", fmt, "-o", str(out)])
        assert res.exit_code == 0, (fmt, res.output)
        text = out.read_text()
        assert "retract" in text.lower() and "10.1103/physrevb.65.100518.retraction" in text, fmt
    res = runner.invoke(app, [*base, "-f", "jsonl", "--fail-on", "retracted"])
    assert res.exit_code == 1


def test_verdict_json_has_the_key_when_not_retracted() -> None:
    from citecheck.model import Citation

    assert Verdict(citation=Citation(id="x", raw="x"), label=Label.EXACT).to_json()["retracted"] is None


def test_crossref_search_selects_the_update_relations() -> None:
    """A search answer carries only the ``select``ed fields, as Crossref's does: the retraction
    relation must be asked for, or a retracted work found by its title looks clean."""
    import asyncio

    from citecheck.model import Citation
    from citecheck.sources.config import SourceConfig
    from citecheck.sources.crossref import CrossrefSource

    selects: list[list[str]] = []

    def answer(req: Request) -> Response:
        fields = (req.param("select") or "").split(",")
        selects.append(fields)
        item = {**to_crossref(REAL), "updated-by": UPDATED_BY, "score": 50.0}
        kept = {k: v for k, v in item.items() if k in fields}
        return Response(200, json.dumps({"status": "ok", "message-type": "work-list",
                                         "message": {"items": [kept], "total-results": 1}}))

    with LoopbackServer(answer) as srv:
        source = CrossrefSource(SourceConfig(crossref_url=srv.url, max_retries=0, rate_scale=100))
        cited = Citation(id="c", raw="Mali et al., 25Mg NMR study of the MgB2 superconductor",
                         fields=REAL.model_copy(update={"DOI": None}))
        [found] = asyncio.run(source.search(cited, limit=1))
    assert selects and "updated-by" in selects[0] and "update-to" in selects[0]
    assert retraction_of(found) == {"kind": "retraction", "notice": "10.1103/physrevb.65.100518.retraction",
                                    "date": "2021-03-09", "source": "crossref"}
