"""``citecheck batch arxiv-listing:…`` and files of paper ids against a loopback arXiv: every listed
paper checked once (one partition each), resumable after SIGKILL, papers with MAJOR findings first.
Skipped when Ray (the ``batch`` extra) is missing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.batch.papers import paper_lines
from citecheck.remote.listing import parse_listing
from tests.fakes import closed_world_index, doc, kill_driver_mid_run, point_at_arxiv, targz
from tests.servers.arxiv import LoopbackArxiv, Paper

ray = pytest.importorskip("ray", reason="Ray is the optional 'batch' extra (pip install 'citecheck[batch]')")
ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "tests" / "data" / "documents"

FAKE_BIB = b"""
@article{Invented2021,
  author = {Quill, Zebulon and Marchetti-Vance, Ottoline},
  title = {Holographic tensor recursion of seven-dimensional Josephson lattices},
  journal = {Phys. Rev. Lett.}, volume = {126}, pages = {231601}, year = {2021}
}
"""


def _bbl_paper(ident: str, created: str = "2024-01-05", categories: str = "hep-th") -> Paper:
    return Paper(ident, f"Paper {ident}", ["A. N. Author"],
                 targz({"aps-prl.tex": doc("aps-prl.tex"), "aps-prl.bbl": doc("aps-prl.bbl")}),
                 created=created, categories=categories)


def _fabricating_paper(ident: str) -> Paper:
    tex = doc("aps-prl.tex").replace(b"\\cite{Gutman2008}", b"\\cite{Gutman2008,Invented2021}")
    return Paper(ident, "A paper citing an invented work", ["B. Liar"],
                 targz({"aps-prl.tex": tex, "physics.bib": doc("physics.bib") + FAKE_BIB}),
                 created="2024-01-20")


LISTED = [_bbl_paper("2401.00011"), _fabricating_paper("2401.00012"),
          Paper("2401.00013", "Inline", ["C. Typist"], __import__("gzip").compress(doc("thebibliography-inline.tex")),
                created="2024-01-09"),
          Paper("2401.00014", "Only a PDF", ["D. Printer"], doc("aps-prl.pdf"), created="2024-01-31"),
          _bbl_paper("2401.00015", categories="gr-qc hep-th"), _bbl_paper("2401.00016")]
NOT_LISTED = [_bbl_paper("2312.00017", created="2023-12-30"),  # submitted the month before
              _bbl_paper("2401.00018", categories="gr-qc")]  # another category


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = [json.loads(line) for name in ("physics-expected.jsonl", "authoryear-expected.jsonl")
               for line in (DOCS / name).read_text(encoding="utf-8").splitlines()]
    for r in records:
        r.pop("key", None)
    return closed_world_index(tmp_path_factory.mktemp("closed"), records)


@pytest.fixture
def arxiv(monkeypatch: pytest.MonkeyPatch) -> Iterator[LoopbackArxiv]:
    with LoopbackArxiv([*LISTED[:3], NOT_LISTED[0], *LISTED[3:], NOT_LISTED[1]], page_size=3) as server:
        yield point_at_arxiv(monkeypatch, server)


def _rows(out: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for part in sorted(out.glob("part-*.jsonl"))
            for line in part.read_text(encoding="utf-8").splitlines()]


def _command(out: Path, index: Path) -> list[str]:
    return [sys.executable, "-m", "citecheck", "batch", "arxiv-listing:hep-th/2024-01", "--output", str(out),
            "--offline", "--no-cache", "--index", str(index), "-j", "2", "-q"]


def _env() -> dict[str, str]:
    return {**os.environ, "RAY_USAGE_STATS_ENABLED": "0",
            "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}


def test_listing_names_a_category_and_a_month_or_a_day() -> None:
    month = parse_listing("hep-th/2024-02")
    assert (month.oai_set, str(month.start), str(month.end)) == ("physics:hep-th", "2024-02-01", "2024-02-29")
    day = parse_listing("cs.CL/2024-01-15")
    assert (day.oai_set, str(day.start), str(day.end)) == ("cs", "2024-01-15", "2024-01-15")
    with pytest.raises(ValueError, match="expected CATEGORY/YYYY-MM or CATEGORY/YYYY-MM-DD"):
        parse_listing("hep-th/2024-13")


def test_a_file_of_ids_and_dois_is_a_paper_list_and_a_reference_list_is_not(tmp_path: Path) -> None:
    ids = tmp_path / "papers.txt"
    ids.write_text("# January\narXiv:2401.00011\n\nhep-th/9901001v2\nhttps://arxiv.org/abs/2401.00014\n"
                   "doi:10.1103/PhysRevLett.100.086801\n10.1103/PhysRevB.75.184305\n")
    assert paper_lines(ids) == [(2, "arXiv:2401.00011"), (4, "arXiv:hep-th/9901001v2"),
                                (5, "arXiv:2401.00014"), (6, "doi:10.1103/physrevlett.100.086801"),
                                (7, "doi:10.1103/physrevb.75.184305")]
    refs = tmp_path / "refs.txt"
    refs.write_text("arXiv:2401.00011\n[1] A. Author, Phys. Rev. Lett. 100, 086801 (2008).\n")
    assert paper_lines(refs) is None


def test_listing_batch_checks_every_paper_once_resumes_after_sigkill_and_ranks_by_findings(
        arxiv: LoopbackArxiv, index: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    arxiv.eprint_delay = 0.7  # long enough to kill the driver between papers
    proc = subprocess.Popen(_command(out, index), env=_env(), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manifest = out / "manifest.jsonl"
    done_before = kill_driver_mid_run(proc, manifest, after=2, within=180)
    assert proc.returncode == -signal.SIGKILL and 2 <= done_before < len(LISTED), "not killed mid-run"
    listing_requests = sum(r.startswith("/oai") for r in arxiv.requests)
    arxiv.eprint_delay = 0.0
    rerun = subprocess.run(_command(out, index), env=_env(), capture_output=True, text=True, timeout=300,
                           start_new_session=True)
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    assert "already done" in rerun.stdout
    assert sum(r.startswith("/oai") for r in arxiv.requests) == listing_requests  # the listing is kept

    rows = _rows(out)
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    labels = [f"arXiv:{p.ident}" for p in LISTED]
    papers = Counter(next(p for p in labels if i.startswith((f"{p}#", f"{p}/"))) for i in ids)
    assert set(papers) == set(labels)
    assert papers["arXiv:2401.00011"] == 16 and papers["arXiv:2401.00012"] == 17
    assert all(r["citation"]["provenance"].get("line") for r in rows if "2401.00014" not in r["id"])

    summary = json.loads((out / "summary.json").read_text())
    ranked = summary["papers"]
    # the invented work, and one hand-typed reference the closed-world index does not hold
    assert {p["paper"] for p in ranked[:2]} == {"arXiv:2401.00012", "arXiv:2401.00013"}
    assert summary["papers_with_major"] == 2 and [p["labels"].get("MAJOR", 0) for p in ranked[2:]] == [0] * 4
    assert [p["file"] for p in ranked] == [f"part-{i:05d}.jsonl" for i in (1, 2, 0, 3, 4, 5)]
    assert {p["paper"]: p["citations"] for p in ranked} == dict(papers)
    severity = [tuple(-p["labels"].get(k, 0) for k in ("MAJOR", "ERROR", "MINOR", "UNVERIFIED", "EXACT"))
                for p in ranked]
    assert severity == sorted(severity)
    invented = next(r for r in rows if r["id"] == "arXiv:2401.00012#Invented2021")
    assert invented["label"] == "MAJOR"
    assert invented["citation"]["provenance"]["file"] == "arXiv:2401.00012/physics.bib"
