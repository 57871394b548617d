"""Helpers the tests share: an in-memory Source (no index, no network), small local indexes, real
records and citations of them, readers of a reference's text, and the papers a loopback arXiv serves."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from citecheck.deadline import waiting_on
from citecheck.model import Citation, Label, Record
from citecheck.normalize import canonical_journal, normalize_arxiv, normalize_doi, title_similarity
from citecheck.sources.base import Source, SourceError
from tests.servers.arxiv import Paper

if TYPE_CHECKING:
    import pytest

    from citecheck.index.search import LocalIndex
    from citecheck.model import Verdict
    from citecheck.sources.local import LocalIndexSource
    from tests.servers.arxiv import LoopbackArxiv


class MemorySource(Source):
    """A source over a list of records: lookups by DOI, arXiv id, journal/volume/page, a search
    ranked by title similarity and, where ``text=True``, a search by the whole text. ``asked``
    logs each call's kind in order; ``fail`` makes every call raise; ``delay`` makes every call
    wait that many seconds, marked as waited on (as the HTTP layer marks a request)."""

    supports = frozenset({"doi", "arxiv", "journal", "search"})

    def __init__(self, records: Iterable[Record], name: str = "memory", fail: str | None = None,
                 scopes: tuple[str, ...] = ("all",), *, text: bool = False, delay: float = 0.0) -> None:
        self.records = list(records)
        self.name = name
        #: a closed world by default, as the decision tests assume; () for a partial source
        self.scopes = scopes
        self.fail = fail  # reason to raise SourceError on every call
        self.delay = delay
        if text:
            self.supports = MemorySource.supports | {"text"}
        self.calls = 0
        self.asked: list[str] = []

    async def _check(self, kind: str) -> None:
        self.calls += 1
        self.asked.append(kind)
        if self.delay:
            with waiting_on(self.name):
                await asyncio.sleep(self.delay)
        if self.fail:
            raise SourceError(self.name, self.fail)

    async def lookup_doi(self, doi: str) -> Record | None:
        await self._check("doi")
        return next((r for r in self.records if normalize_doi(r.DOI) == doi), None)

    async def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        await self._check("arxiv")
        return next((r for r in self.records if normalize_arxiv(r.arxiv) == arxiv_id), None)

    async def lookup_journal(self, journal: str, volume: str, page: str, year: int | None = None) -> list[Record]:
        await self._check("journal")
        key = canonical_journal(journal)
        return [
            r for r in self.records
            if r.volume == volume and r.first_page == page
            and key in {canonical_journal(r.container_title), canonical_journal(r.container_title_short)}
        ]

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        await self._check("search")
        scored = sorted(
            self.records, key=lambda r: title_similarity(citation.fields.title, r.title), reverse=True
        )
        return scored[:limit]

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        await self._check("text")
        return self.records[:limit]


def sql_statements(index: object, run: object) -> list[str]:
    """The SQL statements an open `LocalIndex` ran while ``run()`` ran (its connection traced)."""
    seen: list[str] = []
    conn = index._conn()  # type: ignore[attr-defined]
    conn.set_trace_callback(seen.append)
    try:
        run()  # type: ignore[operator]
    finally:
        conn.set_trace_callback(None)
    return seen


#: the index fixture's records (real CSL-JSON; tests/data/README)
#: one BibTeX entry whose work tests/data/index/records.jsonl holds (`records_index`)
BIBTEX_ENTRY = """@article{holst2007,
  author = {Holst, Bastian and Nettelmann, Nadine and Redmer, Ronald},
  title = {Equation of state for dense hydrogen and plasma phase transition},
  journal = {Contrib. Plasma Phys.}, volume = {47}, pages = {368}, year = {2007},
  doi = {10.1002/ctpp.200710049}
}
"""


def modules_after(argv: list[str]) -> tuple[list[str], str]:
    """Every module `citecheck ARGV` (run in a fresh process) left loaded in its main process, and
    what it printed on standard output."""
    code = ("import sys\nfrom citecheck.__main__ import main\n"
            f"sys.argv = ['citecheck', *{argv!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', *sorted(sys.modules), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    loaded = next(line for line in out.stderr.splitlines() if line.startswith("LOADED"))
    return loaded.split()[1:], out.stdout


RECORDS = Path(__file__).resolve().parent / "data" / "index" / "records.jsonl"


def records_index(folder: Path) -> object:
    """A `LocalIndex` of `RECORDS`, built in ``folder`` (each test module opens its own: the index
    remembers queries per open instance)."""
    from citecheck.index.build import build_index
    from citecheck.index.search import LocalIndex

    build_index(folder / "index.sqlite", [RECORDS])
    return LocalIndex(folder / "index.sqlite")


def devset_batch(folder: Path, n: int) -> Path:
    """A JSONL batch (``{"id", "text"|"bibtex"}`` lines) of the first ``n`` items of tests/data/bench's
    devset, written into ``folder``."""
    devset = Path(__file__).resolve().parent / "data" / "bench" / "devset.jsonl"
    batch = folder / "batch.jsonl"
    with batch.open("w", encoding="utf-8") as fh:
        for line in devset.read_text(encoding="utf-8").splitlines()[:n]:
            item = json.loads(line)
            text = {"bibtex": item["bibtex"]} if item.get("bibtex") else {"text": item["text"]}
            fh.write(json.dumps({"id": item["id"], **text}) + "\n")
    return batch


def closed_world_index(folder: Path, records: Iterable[dict[str, object]]) -> Path:
    """A real local index of these CSL records, declared complete (``--covers all``), built in ``folder``."""
    from citecheck.index.build import build_index

    (folder / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    build_index(folder / "ix.db", [folder / "r.jsonl"], covers=["all"])
    return folder / "ix.db"


def read_pdf_record(text: str) -> Record:
    """The rules' reading of a reference as a PDF gives it: the PDF clean-up, then the parser."""
    from citecheck.reading.pdftext import clean_pdf_text
    from citecheck.reading.refparse import parse_reference

    return parse_reference(clean_pdf_text(text)).record


def author_strings(rec: Record) -> list[str]:
    """A record's authors as "Family, Given" (or the family or literal name alone)."""
    return [a.literal or (f"{a.family}, {a.given}" if a.given else a.family or "") for a in rec.author]


def index_source(folder: Path, records: Iterable[dict[str, object]]) -> LocalIndexSource:
    """A `LocalIndexSource` over a real index of these CSL records, built in ``folder``, declared complete."""
    from citecheck.index.build import build_index
    from citecheck.sources.local import LocalIndexSource

    src = folder / "r.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    build_index(folder / "i.db", [src])
    return LocalIndexSource(folder / "i.db", scopes=("all",))


def check_text(source: Source, text: str, **options: bool) -> tuple[Label, str]:
    """The label and rationale of one free-text reference checked offline against ``source`` alone."""
    from citecheck.checker import Checker, CheckOptions
    from citecheck.entries import read_text

    [citation] = read_text(json.dumps({"id": "c", "text": text}, ensure_ascii=False) + "\n", "c.jsonl")
    checker = Checker(use_index=False, sources=[source], offline=True, options=CheckOptions(**options))
    [verdict] = checker.check_citations([citation])
    return verdict.label, verdict.rationale or ""


#: a real work (Phys. Rev. B) and another real work, for the orchestrator's decisions
REAL = Record.from_csl({
    "id": "doi:10.1103/physrevb.65.100518", "type": "article-journal",
    "title": "25Mg NMR study of the MgB2 superconductor",
    "author": [{"family": "Mali", "given": "M."}, {"family": "Roos", "given": "J."},
               {"family": "Shengelaya", "given": "A."}, {"family": "Keller", "given": "H."},
               {"family": "Conder", "given": "K."}],
    "issued": {"date-parts": [[2002]]}, "container-title": "Physical Review B",
    "container-title-short": "Phys. Rev. B", "volume": "65", "page": "100518",
    "DOI": "10.1103/physrevb.65.100518",
})


OTHER = Record.from_csl({
    "id": "doi:10.1063/1.1140646", "type": "article-journal",
    "title": "Magnetic susceptibility of some materials used for apparatus construction (at 295 K)",
    "author": [{"family": "Keyser", "given": "Paul T."}, {"family": "Jefferts", "given": "Steven R."}],
    "issued": {"date-parts": [[1989]]}, "container-title": "Review of Scientific Instruments",
    "container-title-short": "Rev. Sci. Instrum.", "volume": "60", "page": "2711-2714",
    "DOI": "10.1063/1.1140646",
})


def cite(cid: str = "c1", **fields: object) -> Citation:
    """A citation of `REAL` with ``fields`` changed (None drops a field)."""
    data = REAL.to_csl()
    data.pop("id")
    data.update(fields)
    rec = Record.from_csl({k: v for k, v in data.items() if v is not None})
    return Citation(id=cid, raw=str(fields), fields=rec)


#: the fields of a made-up work, to pass to `cite`
FABRICATED = {"DOI": None, "title": "Quantum coherence of vortex lattices in thin films probed by muons",
              "author": [{"family": "Marchetti", "given": "L."}], "volume": "12", "page": "345"}


def verdict_of(index: LocalIndex, text: str) -> Verdict:
    """One reference string read as the readers read it and checked offline against ``index``."""
    from citecheck.checker import Checker, CheckOptions
    from citecheck.model import Provenance
    from citecheck.reading.combine import read_reference
    from citecheck.sources.local import LocalIndexSource

    reading = read_reference(text)
    cit = Citation(id="c", raw=text, fields=reading.record, provenance=Provenance(format="text"),
                   parse_confidence=reading.confidence)
    checker = Checker(use_index=False, sources=[LocalIndexSource(index)], offline=True,
                      options=CheckOptions())
    [verdict] = checker.check_citations([cit])
    return verdict


#: real documents (tests/data/documents) the loopback arXiv serves as papers' sources
DOCS = Path(__file__).resolve().parent / "data" / "documents"


def targz(files: dict[str, bytes], links: dict[str, str] | None = None) -> bytes:
    """A .tar.gz of these files (and symbolic links ``name -> target``), as arXiv ships sources."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            tar.addfile(info)
    return buf.getvalue()


def doc(name: str) -> bytes:
    """The bytes of one of `DOCS`."""
    return (DOCS / name).read_bytes()


#: papers for `tests.servers.arxiv.LoopbackArxiv`: LaTeX with .bbl, with .bib, hand-typed, PDF only
PAPERS = [
    Paper("2401.00001", "A test paper for reference extraction", ["A. N. Author", "B. Writer"],
          targz({"aps-prl.tex": doc("aps-prl.tex"), "aps-prl.bbl": doc("aps-prl.bbl"),
                 "figures/plot.png": b"\x89PNG" + bytes(4000)})),
    Paper("2401.00002", "The same paper, shipped with its .bib", ["A. N. Author"],
          targz({"aps-prl.tex": doc("aps-prl.tex"), "physics.bib": doc("physics.bib")})),
    Paper("hep-th/9901001", "Hand-typed references", ["C. Typist"],
          gzip.compress(doc("thebibliography-inline.tex"))),
    Paper("2401.00004", "Only a PDF", ["D. Printer"], doc("aps-prl.pdf")),
]


_TITLE_WORDS = ("quantum", "lattice", "spin", "glass", "neutron", "photon", "entropy", "boson", "fermion",
          "vortex", "plasma", "crystal", "magnon", "phonon", "soliton")


#: family names as reference lists print them (a reader tells them from title words)
_FAMILIES = ("Okafor", "Halvorsen", "Marchetti", "Brandt", "Nakamura", "Kowalski", "Fernandes", "Lindqvist",
             "Dubois", "Petrov", "Oyelaran", "Sørensen", "Castillo", "Whitfield", "Banerjee", "Moreau", "Tanaka")


def many_works(n: int) -> list[dict[str, object]]:
    """``n`` distinct journal articles, each with a title, an author, a year and a page."""
    return [{"id": f"x:{i}", "type": "article-journal",
             "title": f"{' '.join(_TITLE_WORDS[(i + k * 3) % len(_TITLE_WORDS)] for k in range(4))} study {i}",
             "author": [{"family": _FAMILIES[i % len(_FAMILIES)], "given": "A."}],
             "issued": {"date-parts": [[1990 + i % 30]]},
             "container-title": "Journal of Things", "volume": str(i), "page": str(100 + i)}
            for i in range(n)]


def damage_middle_page(index: Path, table: str) -> int:
    """Overwrite the middle leaf page of ``table``'s b-tree with garbage (the file's header, its
    length and the pages the start-up check reads are left whole); the page's number."""
    db = sqlite3.connect(index)
    size = db.execute("PRAGMA page_size").fetchone()[0]
    pages = [n for (n,) in db.execute(
        "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", (table,))]
    db.close()
    page = pages[len(pages) // 2]
    with index.open("r+b") as fh:
        fh.seek((page - 1) * size + 8)  # past the page's own header: its cells are what breaks
        fh.write(bytes(range(256)) * ((size - 8) // 256) + b"\xff" * ((size - 8) % 256))
    return page


def works_batch(folder: Path, works: list[dict[str, object]]) -> Path:
    """A JSONL batch citing each of ``works`` (`many_works`) as free text by author, title and year,
    written into ``folder``: every work is looked up by its title (the full-text index is searched)."""
    lines = [json.dumps({"id": w["id"], "text": f"{w['author'][0]['family']}, A. "  # type: ignore[index]
                         f"({w['issued']['date-parts'][0][0]}). {w['title']}."}) for w in works]  # type: ignore[index]
    path = folder / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def point_at_arxiv(monkeypatch: pytest.MonkeyPatch, server: LoopbackArxiv,
                   retries: int | None = None) -> LoopbackArxiv:
    """Send this test's arXiv requests (e-prints, API, listing) to ``server``, without the real
    service's pacing; ``retries``: CITECHECK_MAX_RETRIES (unchanged when None)."""
    for key, value in server.env().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("CITECHECK_RATE_SCALE", "100")
    if retries is not None:
        monkeypatch.setenv("CITECHECK_MAX_RETRIES", str(retries))
    return server


def kill_driver_mid_run(proc: subprocess.Popen[bytes], manifest: Path, after: int, within: float) -> int:
    """SIGKILL a `citecheck batch` driver (only it, as a crash would) once ``manifest`` lists
    ``after`` finished partitions or ``within`` seconds pass, then the process group its local
    cluster was left in; the number of partitions the manifest lists by then."""
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if manifest.exists() and len(manifest.read_text().splitlines()) >= after:
                os.kill(proc.pid, signal.SIGKILL)  # the driver only, mid-run
                break
            time.sleep(0.05)
        proc.wait(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the local cluster the killed driver left
    return len(manifest.read_text().splitlines())
