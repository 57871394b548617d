"""The files that package citecheck for use name only commands and options that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from citecheck.cli import app

ROOT = Path(__file__).resolve().parents[1]
yaml = pytest.importorskip("yaml", reason="PyYAML is not installed")


def _options(*command: str) -> set[str]:
    result = CliRunner().invoke(app, [*command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return set(re.findall(r"--[a-z][a-z-]+", result.output))


def test_pre_commit_hooks_run_citecheck_check_on_bib_files() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert {h["id"] for h in hooks} == {"citecheck", "citecheck-offline"}
    known = _options("check")
    for hook in hooks:
        words = hook["entry"].split()
        assert words[:2] == ["citecheck", "check"]
        assert {w for w in words if w.startswith("--")} <= known
        assert re.search(hook["files"], "paper/refs.bib") and not re.search(hook["files"], "x.py")
    result = CliRunner().invoke(app, [*hooks[1]["entry"].split()[1:], str(ROOT / "examples" / "references.bib")])
    assert result.exit_code == 1  # the example holds MAJOR citations: the commit is stopped


def test_dockerfile_and_compose_use_existing_serve_options() -> None:
    serve = _options("serve")
    docker = (ROOT / "Dockerfile").read_text()
    assert "USER citecheck" in docker and "citecheck index build" in docker
    cmd = re.search(r'CMD \[(.*)\]', docker)
    assert cmd is not None
    assert {w.strip('" ') for w in cmd.group(1).split(",") if "--" in w} <= serve
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    command = compose["services"]["citecheck"]["command"]
    assert command[0] == "serve" and {w for w in command if w.startswith("--")} <= serve


def test_actions_example_writes_and_uploads_sarif() -> None:
    flow = yaml.safe_load((ROOT / "examples" / "github-actions" / "citecheck.yml").read_text())
    steps = flow["jobs"]["citations"]["steps"]
    run = next(s["run"] for s in steps if "citecheck check" in s.get("run", ""))
    assert "--format sarif" in run and {w for w in run.split() if w.startswith("--")} <= _options("check")
    upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert upload["with"]["sarif_file"] == "citecheck.sarif" and upload["if"] == "always()"
