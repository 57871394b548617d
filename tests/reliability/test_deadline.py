"""A source that answers too slowly costs each citation at most its time budget."""

from __future__ import annotations

import json
import time
from pathlib import Path

from citecheck.checker import Checker, CheckOptions
from citecheck.index.build import build_index
from citecheck.model import Label
from citecheck.sources.config import SourceConfig
from citecheck.sources.crossref import CrossrefSource
from tests.servers.base import LoopbackServer, Request, Response

BIB = "".join(
    f"@article{{k{i}, title={{A Title Long Enough To Be Checked Number {i}}},"
    f" author={{Doe, Jane}}, year={{2001}}, doi={{10.1234/abc{i}}}}}\n" for i in range(6))


def _index(tmp_path: Path) -> Path:
    rec = {"id": "x:1", "type": "article-journal", "title": "Sea shells",
           "author": [{"family": "Shell"}], "issued": {"date-parts": [[1990]]}}
    (tmp_path / "r.jsonl").write_text(json.dumps(rec) + "\n", encoding="utf-8")
    build_index(tmp_path / "idx.sqlite", [tmp_path / "r.jsonl"])
    return tmp_path / "idx.sqlite"


def test_slow_source_hits_the_deadline_not_the_run(tmp_path: Path) -> None:
    def slow(req: Request) -> Response:
        return Response(200, json.dumps({"message": {"items": []}}), delay=4.0)

    with LoopbackServer(slow) as srv:
        config = SourceConfig(crossref_url=srv.url, timeout=30, max_retries=0, rate_scale=100)
        checker = Checker(index=_index(tmp_path), sources=[CrossrefSource(config)],
                          options=CheckOptions(deadline=0.8))
        started = time.monotonic()
        verdicts = checker.check_text(BIB, "bibtex")
        took = time.monotonic() - started
    assert len(verdicts) == 6
    for v in verdicts:
        assert v.label is Label.UNVERIFIED
        assert v.rationale.startswith("deadline: crossref did not answer in time"), v.rationale
    # prefetch budget + one budget per citation (they run concurrently), never 6 × 4 s
    assert took < 3.5, took


def test_fast_source_is_unaffected_by_the_deadline(tmp_path: Path) -> None:
    def fast(req: Request) -> Response:
        return Response(200, json.dumps({"message": {"items": []}}))

    with LoopbackServer(fast) as srv:
        config = SourceConfig(crossref_url=srv.url, timeout=5, max_retries=0, rate_scale=100)
        checker = Checker(index=_index(tmp_path), sources=[CrossrefSource(config)],
                          options=CheckOptions(deadline=5))
        verdicts = checker.check_text(BIB, "bibtex")
    assert not any(v.rationale.startswith("deadline") for v in verdicts)
