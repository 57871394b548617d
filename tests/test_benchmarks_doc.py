"""docs/benchmarks.md is what benchmarks/run_all.py renders from the committed figures."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run_all() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_all_bench", ROOT / "benchmarks" / "run_all.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def run_all() -> ModuleType:
    return _run_all()


def test_the_page_is_what_the_script_renders_from_the_committed_figures(run_all: ModuleType) -> None:
    rendered = run_all.render(run_all.load(ROOT / "benchmarks" / "figures"))
    assert rendered == (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"), (
        "docs/benchmarks.md differs from its rendering: run .venv/bin/python benchmarks/run_all.py --render-only")


def test_every_committed_figure_file_has_its_section_and_says_where_it_came_from(run_all: ModuleType) -> None:
    names = {s.name for s in run_all.SECTIONS}
    for path in sorted((ROOT / "benchmarks" / "figures").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["name"] == path.stem and data["name"] in names, path
        measured = data["source"].startswith("measured by benchmarks/run_all.py")
        transcribed = data["source"].startswith("transcribed from the previous docs/benchmarks.md")
        assert measured or transcribed, path
        assert data.get("commit") if measured else data.get("measured"), path


def test_no_section_title_names_a_work_item_a_session_or_a_date() -> None:
    titles = [line for line in (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8").splitlines()
              if line.startswith("#")]
    assert len(titles) > 10
    for title in titles:
        assert not re.search(r"\bissues?\b|\bsessions?\b|\b\d{4}-\d{2}-\d{2}\b|\(\d+[a-z]?\)", title, re.I), title


def test_a_transcribed_section_says_so_and_a_missing_one_says_how_to_make_it(run_all: ModuleType) -> None:
    section = run_all.SECTIONS[0]
    fig = {"name": section.name, "source": "transcribed from the previous docs/benchmarks.md, X",
           "measured": "at commit abc1234", "command": section.command,
           "tables": [{"columns": ["a", "b"], "rows": [[1, "x|y"]]}]}
    text = "\n".join(run_all.render_section(section, fig))
    assert "transcribed" in text and "at commit abc1234" in text and "| 1 | x\\|y |" in text
    assert f"--only {section.name}" in "\n".join(run_all.render_section(section, None))


def test_a_benchmark_printing_markdown_tables_keeps_them_as_tables(run_all: ModuleType) -> None:
    tables, other = run_all._tables_of("| a | b |\n|---|--:|\n| 1 | 2 |\n\nspeed: 3 refs/s\n")
    assert tables == [{"columns": ["a", "b"], "rows": [["1", "2"]]}]
    assert other == ["speed: 3 refs/s"]


def test_two_tables_printed_back_to_back_stay_two_and_keep_their_caption(run_all: ModuleType) -> None:
    printed = "Queries on the index:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| c | d |\n|---|---|\n| 3 | 4 |\n"
    tables, other = run_all._tables_of(printed)
    assert tables == [{"caption": "Queries on the index:", "columns": ["a", "b"], "rows": [["1", "2"]]},
                      {"columns": ["c", "d"], "rows": [["3", "4"]]}]
    assert other == []
