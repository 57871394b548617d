"""Checking a paper by its arXiv id, DOI or URL against a loopback arXiv.

The e-prints are built in the tests from the document fixtures in tests/data/documents (their own
.tex/.bbl/.bib/.pdf, MIT; records from arXiv/arxiv-browse, MIT): a tar.gz with a .bbl, a tar.gz
with only the .bib, one gzipped .tex with thebibliography, and a PDF-only e-print."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import re
import tarfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.model import Record
from citecheck.remote import FetchError
from citecheck.remote.archive import MAX_UNPACKED_BYTES, unpack
from citecheck.remote.download import MAX_DOWNLOAD_BYTES, Download, Fetcher
from citecheck.remote.paper import Paper as RemotePaper
from citecheck.remote.paper import PaperFetcher
from citecheck.remote.targets import Target, parse_target
from citecheck.sources.config import load_config
from tests.fakes import PAPERS, MemorySource, doc, point_at_arxiv, targz
from tests.servers.arxiv import LoopbackArxiv, Paper
from tests.servers.base import LoopbackServer, Response

runner = CliRunner()


def said(result) -> str:  # type: ignore[no-untyped-def]
    """stderr with the console's line wrapping undone."""
    return " ".join(result.stderr.split())


@pytest.fixture(scope="module")
def arxiv() -> Iterator[LoopbackArxiv]:
    with LoopbackArxiv(PAPERS) as server:
        yield server


@pytest.fixture
def env(arxiv: LoopbackArxiv, monkeypatch: pytest.MonkeyPatch) -> LoopbackArxiv:
    return point_at_arxiv(monkeypatch, arxiv, retries=1)


def check_json(*args: str) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    result = runner.invoke(app, ["check", *args, "--offline", "-f", "json", "--fail-on", "never"])
    body = json.loads(result.stdout) if result.stdout.strip().startswith("{") else {}
    return result.exit_code, body, said(result)


def locations(report: dict) -> list[tuple[str, int | None]]:  # type: ignore[type-arg]
    return [(v["citation"]["provenance"]["file"], v["citation"]["provenance"].get("line")) for v in report["verdicts"]]


def test_source_with_bbl_is_read_from_the_bbl_each_reference_at_its_line(env: LoopbackArxiv) -> None:
    code, report, stderr = check_json("arXiv:2401.00001")
    assert code == 0, stderr
    bbl = doc("aps-prl.bbl").decode()
    lines = [n for n, text in enumerate(bbl.splitlines(), 1) if text.startswith("\\bibitem")]
    assert locations(report) == [("arXiv:2401.00001/aps-prl.bbl", n) for n in lines]
    assert len(lines) == 16 and all(v["label"] not in ("ERROR",) for v in report["verdicts"])
    paper = report["papers"][0]
    assert paper["paper"] == "arXiv:2401.00001"
    assert paper["title"] == "A test paper for reference extraction"
    assert paper["authors"] == ["A. N. Author", "B. Writer"]
    assert "LaTeX source" in paper["route"] and "aps-prl.bbl" in paper["route"]
    assert "arXiv:2401.00001: arXiv e-print: LaTeX source; read the compiled .bbl" in stderr


def test_source_with_only_bib_reads_the_cited_entries_at_their_lines(env: LoopbackArxiv) -> None:
    code, report, stderr = check_json("2401.00002v2")
    assert code == 0, stderr
    bib = doc("physics.bib").decode().splitlines()
    starts = {re.match(r"@\w+\{([^,]+),", t).group(1): n  # type: ignore[union-attr]
              for n, t in enumerate(bib, 1) if t.startswith("@")}
    cited = re.findall(r"\\cite\{([^}]+)\}", doc("aps-prl.tex").decode())
    assert [v["citation"]["provenance"]["key"] for v in report["verdicts"]] == cited
    assert locations(report) == [("arXiv:2401.00002v2/physics.bib", starts[k]) for k in cited]
    assert "the .bib files" in report["papers"][0]["route"]
    assert "/tmp" not in json.dumps(report)  # the private folder the .tex was read in is never named


def test_gzipped_single_tex_is_read_for_its_thebibliography(env: LoopbackArxiv) -> None:
    code, report, stderr = check_json("https://arxiv.org/abs/hep-th/9901001")
    assert code == 0, stderr
    tex = doc("thebibliography-inline.tex").decode().splitlines()
    lines = [n for n, t in enumerate(tex, 1) if t.startswith("\\bibitem")]
    assert locations(report) == [("arXiv:hep-th/9901001/main.tex", n) for n in lines]
    assert "thebibliography" in report["papers"][0]["route"]
    assert {v["label"] for v in report["verdicts"]} == {"EXACT"}


def test_pdf_only_eprint_is_read_with_the_pdf_reader(env: LoopbackArxiv) -> None:
    code, report, stderr = check_json("https://arxiv.org/pdf/2401.00004v1")
    assert code == 0, stderr
    assert len(report["verdicts"]) == 16
    assert {f for f, _ in locations(report)} == {"arXiv:2401.00004v1/e-print.pdf"}
    assert "PDF only" in report["papers"][0]["route"] and "PDF only" in stderr


def test_markdown_and_table_reports_name_the_paper_in_their_header(env: LoopbackArxiv) -> None:
    for fmt in ("markdown", "table", "html"):
        result = runner.invoke(app, ["check", "arXiv:2401.00001", "--offline", "-f", fmt])
        text = " ".join(result.stdout.split())
        header = "arXiv:2401.00001 — A test paper for reference extraction — A. N. Author, B. Writer"
        assert -1 < text.find(header) < text.find("Gutman"), fmt  # before the first citation


def test_identifiers_and_urls_name_remote_papers_and_files_stay_files(tmp_path: Path) -> None:
    assert parse_target("arXiv:2401.01234") == Target("arxiv", "2401.01234")
    assert parse_target("2401.01234v2") == Target("arxiv", "2401.01234v2")
    assert parse_target("hep-th/9901001") == Target("arxiv", "hep-th/9901001")
    for url in ("https://arxiv.org/abs/2401.01234v3", "https://arxiv.org/pdf/2401.01234v3.pdf",
                "http://arxiv.org/html/2401.01234v3"):
        assert parse_target(url) == Target("arxiv", "2401.01234v3")
    assert parse_target("doi:10.1103/PhysRevD.1.1") == Target("doi", "10.1103/physrevd.1.1")
    assert parse_target("https://doi.org/10.1103/PhysRevD.1.1") == Target("doi", "10.1103/physrevd.1.1")
    assert parse_target("https://example.org/paper.pdf") == Target("url", "https://example.org/paper.pdf")
    local = tmp_path / "2401.01234"
    local.write_text("@article{a, title={x}}")
    assert parse_target(str(local)) is None and parse_target("refs.bib") is None


def test_missing_eprint_exits_2_naming_the_paper(env: LoopbackArxiv) -> None:
    result = runner.invoke(app, ["check", "arXiv:2402.99999", "--offline"])
    assert result.exit_code == 2
    assert "arXiv:2402.99999: HTTP 404: not found" in said(result)


# -- refused downloads and archives ----------------------------------------------------------------


class _Zeros(io.RawIOBase):
    def __init__(self, size: int) -> None:
        self.left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        n = min(len(buffer), self.left)
        buffer[:n] = bytes(n)
        self.left -= n
        return n


def tar_bomb(size: int) -> bytes:
    """A tar.gz whose one member unpacks to `size` zero bytes (about 1/1000 of it compressed)."""
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=1) as gz, \
            tarfile.open(fileobj=gz, mode="w|") as tar:
        info = tarfile.TarInfo("figures/huge.eps")
        info.size = size
        tar.addfile(info, io.BufferedReader(_Zeros(size), 1 << 20))
    return buf.getvalue()


def test_tar_bomb_is_refused_while_unpacking_in_bounded_memory() -> None:
    bomb = tar_bomb(MAX_UNPACKED_BYTES + (64 << 20))
    assert len(bomb) < 2 << 20
    tracemalloc.start()
    try:
        with pytest.raises(FetchError, match=r"unpacks to more than 256 MiB; refused \(a compression bomb"):
            unpack(bomb, "arXiv:2401.66666")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20, peak  # never more than a few chunks held


def test_tar_bomb_from_the_loopback_arxiv_exits_2(env: LoopbackArxiv) -> None:
    env.papers["2401.66666"] = Paper("2401.66666", "Bomb", ["E. Vil"], tar_bomb(MAX_UNPACKED_BYTES + (1 << 20)))
    result = runner.invoke(app, ["check", "arXiv:2401.66666", "--offline"])
    assert result.exit_code == 2 and "compression bomb" in said(result)


def test_200_mb_eprint_is_abandoned_past_the_cap_in_bounded_memory(env: LoopbackArxiv) -> None:
    def stream() -> Iterator[bytes]:
        chunk = b"\x1f\x8b" + bytes((1 << 20) - 2)
        for _ in range(200):
            yield chunk

    env.papers["2401.77777"] = Paper("2401.77777", "Huge", ["F. At"], stream)
    env.sent = 0
    fetcher = Fetcher(load_config())
    tracemalloc.start()
    try:
        with pytest.raises(FetchError, match=r"arXiv:2401.77777: response passed the 50 MiB limit; abandoned"):
            asyncio.run(fetch_once(fetcher, f"{env.eprint_url}/2401.77777", "arXiv:2401.77777"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MAX_DOWNLOAD_BYTES + (16 << 20), peak
    assert env.sent < 120 << 20  # the server was cut off long before 200 MB


def test_declared_oversized_eprint_is_refused_unread(env: LoopbackArxiv) -> None:
    env.papers["2401.77778"] = Paper("2401.77778", "Huge", ["F. At"], b"x" * 10,
                                     extra_headers={})
    env.extra["/e-print/2401.77778"] = (200, b"", {"content-length": str(200 << 20)})
    result = runner.invoke(app, ["check", "arXiv:2401.77778", "--offline"])
    assert result.exit_code == 2
    assert "response of 200 MiB is over the 50 MiB limit; not read" in said(result)


@pytest.mark.parametrize("member", ["../escape.tex", "/etc/cron.d/evil.bib", "a/../../up.bbl"])
def test_archive_member_leaving_the_archive_refuses_the_eprint(member: str) -> None:
    body = targz({"main.tex": doc("thebibliography-inline.tex"), member: b"x"})
    with pytest.raises(FetchError, match=re.escape(f"archive member {member!r} points outside the archive")):
        unpack(body, "arXiv:2401.88888")


def test_links_in_the_archive_are_ignored_with_a_note() -> None:
    body = targz({"main.tex": doc("thebibliography-inline.tex")}, links={"refs.bib": "/etc/passwd"})
    unpacked = unpack(body, "arXiv:2401.88889")
    assert list(unpacked.files) == ["main.tex"]
    assert unpacked.notes == ["refs.bib: a link in the archive; ignored"]


def test_dotdot_archive_from_the_loopback_arxiv_exits_2(env: LoopbackArxiv) -> None:
    env.papers["2401.88888"] = Paper("2401.88888", "Escape", ["G. Out"],
                                     targz({"../../home/evil.tex": b"\\documentclass{article}"}))
    result = runner.invoke(app, ["check", "arXiv:2401.88888", "--offline"])
    assert result.exit_code == 2
    assert "archive member '../../home/evil.tex' points outside the archive; the e-print is refused" in said(result)


@pytest.mark.parametrize("where", ["http://10.0.0.7/e-print/x", "http://192.168.1.1/", "http://[::1]:9/x",
                                   "http://127.0.0.1:9/x", "file:///etc/passwd"])
def test_redirect_to_a_private_address_is_refused(env: LoopbackArxiv, where: str) -> None:
    env.papers["2401.99999"] = Paper("2401.99999", "Redirected", ["H. Op"], redirect=where)
    result = runner.invoke(app, ["check", "arXiv:2401.99999", "--offline"])
    assert result.exit_code == 2
    assert re.search(r"arXiv:2401.99999: \S+ (is not a public host \(a private, loopback or reserved address\)"
                     r"|is not an http\(s\) URL); not fetched",
                     said(result)), said(result)


async def fetch_once(fetcher: Fetcher, url: str, what: str) -> Download:
    try:
        return await fetcher.get(url, what)
    finally:
        await fetcher.aclose()


def test_loopback_is_refused_where_no_base_url_trusts_it(monkeypatch: pytest.MonkeyPatch,
                                                         arxiv: LoopbackArxiv) -> None:
    for key in arxiv.env():
        monkeypatch.delenv(key, raising=False)
    fetcher = Fetcher(load_config(env={}))
    with pytest.raises(FetchError, match=r"127\.0\.0\.1 is not a public host"):
        asyncio.run(fetch_once(fetcher, f"{arxiv.eprint_url}/2401.00001", "arXiv:2401.00001"))


# -- DOIs and URLs -----------------------------------------------------------------------------------


async def fetch_and_close(fetcher: PaperFetcher, target: Target) -> RemotePaper:
    try:
        return await fetcher.fetch(target)
    finally:
        await fetcher.aclose()


def _openalex(works: dict[str, dict]) -> LoopbackServer:  # type: ignore[type-arg]
    def handle(req):  # type: ignore[no-untyped-def]
        doi = (req.param("filter") or "").removeprefix("doi:")
        return Response(200, json.dumps({"results": [works[doi]] if doi in works else []}))
    return LoopbackServer(handle)


def test_doi_whose_record_names_an_arxiv_id_goes_the_arxiv_way(env: LoopbackArxiv) -> None:
    record = Record(title="A test paper", DOI="10.1103/physrevlett.999.1", custom={"arxiv": "2401.00001"})
    with _openalex({}) as oa:
        fetcher = PaperFetcher(load_config(openalex_url=oa.url), sources=[MemorySource([record])])
        paper = asyncio.run(fetch_and_close(fetcher, Target("doi", "10.1103/physrevlett.999.1")))
    assert paper.label == "arXiv:2401.00001" and "aps-prl.bbl" in paper.route
    assert paper.meta["doi"] == "10.1103/physrevlett.999.1" and len(paper.citations) == 16


def test_doi_with_an_open_access_pdf_in_openalex_reads_that_pdf(env: LoopbackArxiv) -> None:
    env.extra["/oa/paper.pdf"] = (200, doc("natbib-plainnat.pdf"), {"content-type": "application/pdf"})
    work = {"locations": [{"is_oa": False, "pdf_url": env.url + "/closed.pdf"},
                          {"is_oa": True, "pdf_url": env.url + "/oa/paper.pdf"}]}
    with _openalex({"10.5555/open": work}) as oa:
        fetcher = PaperFetcher(load_config(openalex_url=oa.url), sources=[])
        paper = asyncio.run(fetch_and_close(fetcher, Target("doi", "10.5555/open")))
    assert paper.route.startswith("open-access PDF") and len(paper.citations) == 12
    assert env.requests.count("/closed.pdf") == 0


def test_doi_without_an_open_copy_exits_2_saying_so(env: LoopbackArxiv,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with _openalex({}) as oa:
        for name in ("OPENALEX", "S2", "CROSSREF"):
            monkeypatch.setenv(f"CITECHECK_{name}_URL", oa.url)
        monkeypatch.delenv("CITECHECK_MAILTO", raising=False)
        result = runner.invoke(app, ["check", "doi:10.5555/closed", "--offline"])
    assert result.exit_code == 2
    assert "doi:10.5555/closed: no open copy found" in said(result)
    assert "Unpaywall needs CITECHECK_MAILTO" in said(result)


def test_landing_page_url_is_read_through_its_citation_pdf_url(env: LoopbackArxiv) -> None:
    env.extra["/article/42"] = (200, b'<html><head><meta name="citation_pdf_url" content="/article/42.pdf">'
                                     b"</head></html>", {"content-type": "text/html"})
    env.extra["/article/42.pdf"] = (200, doc("natbib-plainnat.pdf"), {"content-type": "application/pdf"})
    code, report, stderr = check_json(env.url + "/article/42")
    assert code == 0, stderr
    assert len(report["verdicts"]) == 12 and "landing page; read its PDF" in report["papers"][0]["route"]


def test_download_waits_out_retry_after_on_the_shared_host_state() -> None:
    from citecheck.remote.download import origin_of

    answers = [Response(429, "slow down", {"retry-after": "1"}), Response(200, doc("aps-prl.pdf"))]
    times: list[float] = []

    def handle(req):  # type: ignore[no-untyped-def]
        times.append(time.monotonic())
        return answers.pop(0)

    with LoopbackServer(handle) as server:
        fetcher = Fetcher(load_config(env={}, backoff_base=0.0), trusted=[origin_of(server.url)])
        got = asyncio.run(fetch_once(fetcher, server.url + "/paper.pdf", "paper"))
    assert got.body.startswith(b"%PDF") and len(times) == 2
    assert times[1] - times[0] >= 0.95  # the second request left only after Retry-After


def test_doi_falls_back_to_unpaywall_with_a_contact_address(env: LoopbackArxiv,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    env.extra["/oa/unpaywalled.pdf"] = (200, doc("natbib-plainnat.pdf"), {"content-type": "application/pdf"})
    asked: list[str | None] = []

    def unpaywall(req):  # type: ignore[no-untyped-def]
        asked.append(req.param("email"))
        if req.path != "/v2/10.5555/green":
            return Response(404, "{}")
        return Response(200, json.dumps({"best_oa_location": {"url_for_pdf": env.url + "/oa/unpaywalled.pdf"},
                                         "oa_locations": []}))

    with _openalex({}) as oa, LoopbackServer(unpaywall) as up:
        monkeypatch.setenv("CITECHECK_UNPAYWALL_URL", up.url + "/v2")
        fetcher = PaperFetcher(load_config(env={}, openalex_url=oa.url, mailto="ops@example.org"), sources=[])
        paper = asyncio.run(fetch_and_close(fetcher, Target("doi", "10.5555/green")))
    assert asked == ["ops@example.org"] and len(paper.citations) == 12
    assert paper.meta["url"].endswith("/oa/unpaywalled.pdf")


def test_bibliography_named_in_an_input_file_is_read_with_its_locations() -> None:
    from citecheck.remote.latexsrc import read_source

    main = (b"\\documentclass{article}\n\\begin{document}\nSee \\cite{Gutman2008} and \\cite{Yuan2007}.\n"
            b"\\input{sections/refs}\n\\end{document}\n")
    files = {"paper.tex": main, "sections/refs.tex": b"\\bibliographystyle{plain}\n\\bibliography{bib/physics}\n",
             "bib/physics.bib": doc("physics.bib")}
    bib = read_source(files, "arXiv:2401.00009")
    assert bib.route == "bib"
    assert [(c.provenance.key, c.provenance.file) for c in bib.citations] == [
        ("Gutman2008", "arXiv:2401.00009/bib/physics.bib"), ("Yuan2007", "arXiv:2401.00009/bib/physics.bib")]


@pytest.mark.parametrize("where", ["http:\\\\evil.example\\x", "http://exa mple.org/\x00"])
def test_malformed_redirect_of_a_remote_paper_is_a_clear_error(env: LoopbackArxiv, where: str) -> None:
    env.papers["2401.99998"] = Paper("2401.99998", "Redirected", ["H. Op"], redirect=where)
    result = runner.invoke(app, ["check", "arXiv:2401.99998", "--offline"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)  # no traceback
    assert "arXiv:2401.99998" in said(result)
