"""Run the project's benchmarks and render docs/benchmarks.md from their figures.

Each benchmark is a section below: what it measures, the command that makes its figures, and the
caveats. Running one writes its figures (tables of the benchmark's own output) and where they came
from (commit, date, command) to bench-out/NAME.json and to benchmarks/figures/NAME.json, the
figures of record, committed; the page is then rendered from benchmarks/figures/ alone, so it
shows exactly the figures in git.

    .venv/bin/python benchmarks/run_all.py --list
    .venv/bin/python benchmarks/run_all.py --only claims,record_faces     # run two, then render
    .venv/bin/python benchmarks/run_all.py --render-only                  # re-render the page
    make bench                                                            # everything (hours here)

Figures whose "source" says "transcribed" were copied from an earlier version of the page, not
measured by this script; the page says so in their section.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "benchmarks" / "figures"
OUT = ROOT / "bench-out"
DOC = ROOT / "docs" / "benchmarks.md"
sys.path.insert(0, str(ROOT / "benchmarks"))

from run_all_sections import SECTIONS, Section  # noqa: E402

HEADER = """# Benchmarks

The current figures of every benchmark, each with the command that makes it. This page is
rendered by `benchmarks/run_all.py` from the figures of record in `benchmarks/figures/*.json`
(`make bench` runs every benchmark and renders it again; `--only NAME` runs some,
`--render-only` renders what is there); do not edit it by hand —
`tests/test_benchmarks_doc.py` fails when it differs from what the script renders. Earlier
figures and how they moved are in the history: `git log -p docs/benchmarks.md`.

Unless a section says otherwise the machine is the development machine: 2 CPU cores shared with
other jobs, Python 3.11, SQLite 3.40. Speeds on it move by ±30 % with the load, so compare speeds
only within one run (`benchmarks/ab_pairs.py` runs two checkouts back to back). Commands assume
`../shared/data` (the shared corpus, parsing and HALLMARK sets) and, where they name it, the
whole-corpus index `bench-out/full-corpus.db`, built by `benchmarks/run_physics.sh` or
`citecheck index build --covers all bench-out/full-corpus.db ../shared/data/corpus/*.jsonl.gz`.

Before/after tools, no figures of their own: `benchmarks/parse_snapshot.py` (every labelled
string's parse, to `cmp`), `benchmarks/reading_diff.py` (train and validation readings won and
lost), `benchmarks/build_equivalence.py` and `benchmarks/dump_equivalence.py` (two indexes or a
dump and its CSL build hold the same records), `benchmarks/ab_pairs.py` (alternating runs of two
checkouts).
"""


def _git_commit() -> str:
    proc = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "src"], cwd=ROOT,
                           capture_output=True, text=True, check=False).stdout.strip()
    return proc.stdout.strip() + ("+changes" if dirty else "")


def _tables_of(text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Markdown tables a benchmark printed (a line just before one is its caption), and the other lines."""
    tables: list[dict[str, Any]] = []
    other: list[str] = []
    rows: list[list[str]] = []
    caption = ""

    def flush() -> None:
        if rows:
            tables.append({"caption": caption, "columns": rows[0], "rows": rows[1:]} if caption
                          else {"columns": rows[0], "rows": rows[1:]})

    for line in [*text.splitlines(), ""]:
        if line.startswith("|") and line.rstrip().endswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                if not rows and other and other[-1].endswith(":"):
                    caption = other.pop()
                rows.append(cells)
            elif len(rows) > 1:  # a second table right after the first: its header was the last row
                header = rows.pop()
                flush()
                rows, caption = [header], ""
            continue
        flush()
        rows, caption = ([], "") if rows else (rows, caption)
        if line.strip():
            other.append(line.rstrip())
    return tables, other


def _figures_of(section: Section, stdout: str) -> dict[str, Any]:
    if section.parse is not None:
        return section.parse(stdout)
    tables, other = _tables_of(stdout)
    figures: dict[str, Any] = {"tables": tables}
    if other:
        figures["output"] = other[-120:]
    return figures


def run(section: Section) -> dict[str, Any]:
    """Run one benchmark's command from the repository root; its figures, with their provenance."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT),
                                                        os.environ.get("PYTHONPATH")])))
    OUT.mkdir(exist_ok=True)
    started = datetime.datetime.now(datetime.UTC)
    proc = subprocess.run(["bash", "-c", "set -euo pipefail\n" + section.command], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    (OUT / f"{section.name}.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        raise RuntimeError(f"{section.name}: exit {proc.returncode}; see bench-out/{section.name}.log\n"
                           f"{proc.stderr[-1500:]}")
    load = os.getloadavg()[0]
    return {
        "name": section.name,
        "source": f"measured by benchmarks/run_all.py at {_git_commit()}",
        "commit": _git_commit(),
        "date": started.strftime("%Y-%m-%d %H:%M UTC"),
        "command": section.command,
        "machine": f"{os.cpu_count()} cores, load average {load:.1f} at the end",
        **_figures_of(section, proc.stdout),
    }


def save(figures: dict[str, Any]) -> None:
    text = json.dumps(figures, indent=2, ensure_ascii=False) + "\n"
    OUT.mkdir(exist_ok=True)
    for folder in (OUT, FIGURES):
        (folder / f"{figures['name']}.json").write_text(text, encoding="utf-8")


def load(folder: Path = FIGURES) -> dict[str, dict[str, Any]]:
    """The figures of record, by section name; a clear error for a file that is not one."""
    found = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path}: not JSON ({exc})") from exc
        for key in ("name", "source", "command"):
            if key not in data:
                raise SystemExit(f"{path}: no {key!r}")
        found[data["name"]] = data
    return found


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|")


def _table(table: dict[str, Any]) -> list[str]:
    columns = table["columns"]
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |",
             "|" + "|".join("---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in table["rows"]]
    return ([table["caption"], ""] if table.get("caption") else []) + lines + [""]


def _provenance(fig: dict[str, Any]) -> str:
    if fig["source"].startswith("measured by benchmarks/run_all.py"):
        return (f"Measured by `benchmarks/run_all.py --only {fig['name']}` at commit {fig['commit']}, "
                f"{fig['date']} ({fig['machine']}).")
    when = fig.get("measured", "an earlier run")
    return (f"Figures transcribed from the earlier page (not re-run by `run_all.py` yet); measured "
            f"{when}.")


def render_section(section: Section, fig: dict[str, Any] | None) -> list[str]:
    lines = [f"## {section.title}", "", section.what.strip(), "",
             *("    " + c for c in section.command.strip().splitlines()), ""]
    if fig is None:
        lines += ["No figures yet: run `benchmarks/run_all.py --only " + section.name + "`.", ""]
    else:
        if fig["command"].strip() != section.command.strip():
            lines += ["These figures came from:", "",
                      *("    " + c for c in fig["command"].strip().splitlines()), ""]
        lines += [_provenance(fig), ""]
        for table in fig.get("tables", []):
            lines += _table(table)
        if fig.get("output"):
            lines += ["```", *fig["output"], "```", ""]
        lines += [f"- {note}" for note in fig.get("notes", [])]
        if fig.get("notes"):
            lines.append("")
    if section.by_hand:
        lines += [f"Not run by `make bench` ({section.by_hand}): `benchmarks/run_all.py --only {section.name}`.", ""]
    if section.caveats:
        lines += ["Caveats:", ""] + [f"- {c}" for c in section.caveats] + [""]
    return lines


def render(figures: dict[str, dict[str, Any]]) -> str:
    unknown = sorted(set(figures) - {s.name for s in SECTIONS})
    if unknown:
        raise SystemExit(f"benchmarks/figures: no section for {', '.join(unknown)}")
    lines = [HEADER]
    for section in SECTIONS:
        lines += render_section(section, figures.get(section.name))
    return "\n".join(lines).rstrip() + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated section names (see --list)")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    parser.add_argument("--render-only", action="store_true", help="render the page from the figures on disk")
    args = parser.parse_args()
    if args.list:
        for s in SECTIONS:
            print(f"{s.name:22} {s.title}" + (f"  (by hand: {s.by_hand})" if s.by_hand else ""))
        return
    if not args.render_only:
        names = {s.name for s in SECTIONS}
        chosen = args.only.split(",") if args.only else [s.name for s in SECTIONS if not s.by_hand]
        if not args.only:
            for s in SECTIONS:
                if s.by_hand:
                    print(f"left out {s.name} ({s.by_hand}): run it with --only {s.name}")
        for name in chosen:
            if name not in names:
                raise SystemExit(f"--only: no benchmark {name!r} (see --list)")
        failed = []
        for section in SECTIONS:
            if section.name in chosen:
                print(f"running {section.name} …", flush=True)
                try:
                    save(run(section))
                except RuntimeError as exc:  # its figures of record stay as they were
                    print(exc, file=sys.stderr, flush=True)
                    failed.append(section.name)
    DOC.write_text(render(load()), encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    if not args.render_only and failed:
        raise SystemExit(f"failed, figures kept from before: {', '.join(failed)}")


if __name__ == "__main__":
    main()
