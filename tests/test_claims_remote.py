"""`check arXiv:… --claims`: a remote paper's own text (its LaTeX source, or its PDF) is linked
to its references like a local document's. A loopback arXiv serves e-prints built here from the
project's document fixtures; nothing leaves the machine."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from tests.fakes import point_at_arxiv, targz
from tests.servers.arxiv import LoopbackArxiv, Paper

DOCS = Path(__file__).parent / "data" / "documents"
runner = CliRunner()


PAPERS = [
    Paper("2402.00001", "A source with its .bbl", ["A. N. Author"],
          targz({"ieee-journal.tex": (DOCS / "ieee-journal.tex").read_bytes(),
                  "ieee-journal.bbl": (DOCS / "ieee-journal.bbl").read_bytes()})),
    Paper("2402.00002", "Only a PDF", ["B. Printer"], (DOCS / "ieee-journal.pdf").read_bytes()),
]


@pytest.fixture(scope="module")
def arxiv() -> Iterator[LoopbackArxiv]:
    with LoopbackArxiv(PAPERS) as server:
        yield server


@pytest.fixture
def env(arxiv: LoopbackArxiv, monkeypatch: pytest.MonkeyPatch) -> LoopbackArxiv:
    return point_at_arxiv(monkeypatch, arxiv, retries=1)


def _claims(target: str) -> dict[str, Any]:
    result = runner.invoke(app, ["check", target, "--offline", "--claims", "-f", "json", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_latex_source_markers_link_to_the_papers_references(env: LoopbackArxiv) -> None:
    report = _claims("arXiv:2402.00001")
    tex = (DOCS / "ieee-journal.tex").read_text(encoding="utf-8")
    cites = [k.strip() for g in re.findall(r"\\cite\{([^}]+)\}", tex) for k in g.split(",")]
    claims = [c for v in report["verdicts"] for c in v["claims"]]
    assert len(claims) == len(cites) and report["findings"] == []
    assert {c["file"] for c in claims} == {"arXiv:2402.00001/ieee-journal.tex"}
    lines = tex.splitlines()
    assert all("\\cite" in lines[c["line"] - 1] for c in claims)


def test_pdf_only_paper_is_linked_page_by_page(env: LoopbackArxiv) -> None:
    report = _claims("arXiv:2402.00002")
    claims = [c for v in report["verdicts"] for c in v["claims"]]
    assert len(claims) == 36
    assert {c["page"] for c in claims} <= {1, 2, 3} and all(c["marker"].startswith("[") for c in claims)

