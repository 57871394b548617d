"""Start-up: what the command line loads before it checks, and that loading less hides nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import ELSEWHERE_COMMANDS, ELSEWHERE_GROUPS, app
from tests.fakes import BIBTEX_ENTRY, modules_after, records_index

#: the modules of the commands that live beside their subsystems
ELSEWHERE_MODULES = ("citecheck.bench.cli", "citecheck.service.cli", "citecheck.batch.cli", "citecheck.sources.cli")
def _loaded_after(argv: list[str], prefixes: tuple[str, ...]) -> tuple[list[str], str]:
    """The modules starting with one of ``prefixes`` that the command left loaded, and what it printed."""
    modules, printed = modules_after(argv)
    return [m for m in modules if m.startswith(prefixes)], printed


def test_a_check_imports_no_other_command(tmp_path: Path) -> None:
    records_index(tmp_path)
    (tmp_path / "one.bib").write_text(BIBTEX_ENTRY, encoding="utf-8")
    loaded, report = _loaded_after(["check", "--offline", "--index", str(tmp_path / "index.sqlite"),
                                    "--format", "jsonl", str(tmp_path / "one.bib")], ELSEWHERE_MODULES)
    assert '"label": "EXACT"' in report
    assert loaded == []


def test_asking_for_a_command_imports_its_module() -> None:
    loaded, _ = _loaded_after(["cache", "--help"], ELSEWHERE_MODULES)
    assert loaded == ["citecheck.sources.cli"]


def _listed_commands(help_text: str) -> list[str]:
    commands = help_text.split("Commands")[1]
    return re.findall(r"^│ (\w+) ", commands, flags=re.M)


def test_the_help_lists_every_command_commands_before_groups() -> None:
    result = CliRunner().invoke(app, ["--help"], terminal_width=100)
    assert result.exit_code == 0
    assert _listed_commands(result.output) == ["check", *ELSEWHERE_COMMANDS, "index", *ELSEWHERE_GROUPS]


@pytest.mark.parametrize("name", [*ELSEWHERE_COMMANDS, *ELSEWHERE_GROUPS])
def test_every_command_from_elsewhere_answers(name: str) -> None:
    result = CliRunner().invoke(app, [name, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert f"citecheck {name}" in result.output


def test_a_misspelt_command_is_matched_against_every_name() -> None:
    result = CliRunner().invoke(app, ["cach"], terminal_width=100)
    assert result.exit_code == 2
    assert "'cache'" in result.output  # a command built only when asked for


def test_a_check_of_latin_names_loads_no_regex_module(tmp_path: Path) -> None:
    # the `regex` patterns (the author grammar's, CJK names) compile on first use: a BibTeX entry's
    # names are read by the BibTeX rules and compared as text
    records_index(tmp_path)
    (tmp_path / "one.bib").write_text(BIBTEX_ENTRY, encoding="utf-8")
    loaded, report = _loaded_after(["check", "--offline", "--index", str(tmp_path / "index.sqlite"),
                                    "--format", "jsonl", str(tmp_path / "one.bib")], ("regex",))
    assert '"label": "EXACT"' in report
    assert loaded == []
