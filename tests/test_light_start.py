"""What a check imports: an offline check loads no HTTP client or adapters, a plain check no model
modules, a BibTeX check not the free-text reader, and the offline stand-ins hold the scopes their
adapters declare."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes import BIBTEX_ENTRY, devset_batch, modules_after, records_index

#: the free-text reader: the rule parser, the learned labeller, their combination, the PDF text clean-up
FREE_TEXT_READER = ("citecheck.reading.refparse", "citecheck.reading.labeller", "citecheck.reading.combine",
                    "citecheck.reading.pdftext")
TEXT_ENTRY = ("B. Holst, N. Nettelmann and R. Redmer, Equation of state for dense hydrogen and plasma phase "
              "transition, Contrib. Plasma Phys. 47, 368 (2007).\n")


def _python(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_an_offline_check_never_loads_the_http_client() -> None:
    # the CLI's offline path: the parser, the checker and the cache-only sources
    out = _python(
        "import sys\n"
        "import citecheck.cli, citecheck.checker, citecheck.llm.setup\n"
        "from citecheck.sources.config import load_config\n"
        "from citecheck.sources.registry import build_sources\n"
        "build_sources(None, config=load_config(), offline=True, use_cache=False)\n"
        "print('httpx' in sys.modules)\n"
    )
    assert out == "False"


def test_a_plain_check_does_not_import_the_model_modules(tmp_path: Path) -> None:
    batch = devset_batch(tmp_path, 3)
    code = ("import sys\nfrom citecheck.cli import main\nsys.argv = ['citecheck', 'check', '--offline', "
            f"'--no-cache', '--format', 'jsonl', '--fail-on', 'never', {str(batch)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LLM', sorted(m for m in sys.modules if m.startswith('citecheck.llm')), file=sys.stderr)\n"
            "print('HTTP', sorted(m for m in sys.modules if m in ('citecheck.sources.http', 'tenacity',"
            " 'httpx', 'citecheck.sources.crossref', 'citecheck.sources.arxiv')), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.count("\n") == 3
    assert "LLM []" in out.stderr and "HTTP []" in out.stderr  # offline: no adapter, no HTTP stack


def test_offline_stand_ins_hold_the_scopes_their_adapters_declare() -> None:
    from citecheck.sources.config import SourceConfig
    from citecheck.sources.registry import ALL_SOURCES, _factory, build_sources

    stand_ins = build_sources(list(ALL_SOURCES), config=SourceConfig(), offline=True, use_cache=False)
    assert [s.name for s in stand_ins] == list(ALL_SOURCES)
    for source in stand_ins:
        assert source.scopes == tuple(getattr(_factory(source.name), "scopes", ())), source.name
    assert "type:book" in dict((s.name, s.scopes) for s in stand_ins)["openlibrary"]


def _reader_modules_after_checking(entry: Path, index: Path, jobs: int) -> tuple[list[str], str]:
    """The free-text reader's modules an offline check (the command, in a fresh process) left loaded
    in its main process, and its report."""
    modules, report = modules_after(["check", "--offline", "--index", str(index), "-j", str(jobs),
                                     "--format", "jsonl", "--fail-on", "never", str(entry)])
    return [m for m in modules if m in FREE_TEXT_READER], report


@pytest.mark.parametrize(("name", "entries", "jobs", "reader_loaded"), [
    ("one.bib", [BIBTEX_ENTRY], 1, False),
    ("one.txt", [TEXT_ENTRY], 1, True),
    ("two.bib", [BIBTEX_ENTRY, BIBTEX_ENTRY.replace("holst2007", "holst2007b")], 2, False),  # workers forked
])
def test_only_a_free_text_entry_loads_the_free_text_reader(tmp_path: Path, name: str, entries: list[str],
                                                           jobs: int, reader_loaded: bool) -> None:
    records_index(tmp_path)
    (tmp_path / name).write_text("\n".join(entries), encoding="utf-8")
    loaded, report = _reader_modules_after_checking(tmp_path / name, tmp_path / "index.sqlite", jobs)
    assert [json.loads(line)["label"] for line in report.splitlines()] == ["EXACT"] * len(entries)
    assert loaded == (sorted(FREE_TEXT_READER) if reader_loaded else [])


def test_a_check_printing_nothing_on_stderr_does_not_import_rich(tmp_path: Path) -> None:
    # rich is the table's and the progress bar's; a JSON Lines check of a few entries needs neither
    batch = devset_batch(tmp_path, 3)
    code = ("import sys\nfrom citecheck.cli import main\nsys.argv = ['citecheck', 'check', '--offline', "
            f"'--no-cache', '--format', 'jsonl', '--fail-on', 'never', {str(batch)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('RICH', 'rich' in sys.modules, file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.count("\n") == 3
    assert "RICH False" in out.stderr
