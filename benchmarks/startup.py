"""Start-up: `citecheck check --offline` on one BibTeX entry and on one free-text line, and importing the CLI.

Usage:
    python benchmarks/startup.py [--runs 10] [--base-src OTHER/src]

Each case runs as a user would (`python -m citecheck …`, the default cache folder and its embedded index,
Python's bytecode cache on), once untimed (caches written), then ``--runs`` times; the table gives the
median wall and CPU seconds (the children's user + system time). With ``--base-src`` another checkout's
sources run in turn with this one's, alternating, so that both see the same load. A one-entry check is
mostly start-up: a BibTeX entry loads no free-text reader (`reading.refparse`, the labeller), a free-text
line does.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIBTEX = """@article{Puchaa2008,
  author = {Pucha{\\l}a, Zbigniew and Rolski, Tomasz},
  title = {{The exact asymptotic of the collision time tail distribution for independent Brownian particles with different drifts}},
  journal = {Probab. Theor. Relat. Field.}, volume = {142}, pages = {595--617}, year = {2008},
  doi = {10.1007/s00440-007-0116-8}
}
"""
TEXT = ("Puchała Z, Rolski T (2008) The exact asymptotic of the collision time tail distribution for "
        "independent Brownian particles with different drifts. Probab Theory Relat Fields 142:595–617\n")


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--base-src", type=Path, help="another checkout's src/ folder, timed in turn")
    args = parser.parse_args()
    check = [sys.executable, "-m", "citecheck", "check", "--offline"]
    cases = {"one BibTeX entry": [*check, "one.bib"], "one free-text line": [*check, "one.txt"],
             "import citecheck.cli": [sys.executable, "-c", "import citecheck.cli"]}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    versions = {"this checkout": env}
    if args.base_src:
        versions["base"] = {**env, "PYTHONPATH": str(args.base_src.resolve())}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "one.bib").write_text(BIBTEX, encoding="utf-8")
        (folder / "one.txt").write_text(TEXT, encoding="utf-8")
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for cmd in cases.values():
            for venv in versions.values():
                timed(cmd, venv, folder)  # untimed: caches written
        for _ in range(args.runs):
            for case, cmd in cases.items():
                for version, venv in versions.items():
                    times.setdefault((case, version), []).append(timed(cmd, venv, folder))
    print("| case | version | runs | median wall s | median CPU s |")
    print("|---|---|---|---|---|")
    for (case, version), runs in times.items():
        print(f"| {case} | {version} | {len(runs)} | {statistics.median(w for w, _ in runs):.3f} "
              f"| {statistics.median(c for _, c in runs):.3f} |")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
