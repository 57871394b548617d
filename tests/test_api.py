"""The public Python API: `from citecheck import Checker`."""

from __future__ import annotations

import asyncio
from pathlib import Path

from citecheck import Checker, Label

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_check_text_and_file_offline() -> None:
    checker = Checker(offline=True)
    [v] = checker.check_text("P. T. Keyser and S. R. Jefferts, Rev. Sci. Instrum. 60, 2711 (1989).", fmt="text")
    assert v.label is Label.EXACT
    assert v.match is not None and v.match.DOI == "10.1063/1.1140646"
    verdicts = checker.check_file(EXAMPLES / "references.bib")
    assert [x.citation.id for x in verdicts] == ["keys1963", "schober1987", "kunz2023", "hallström2019", "osada2002"]


def test_async_variants_and_streaming() -> None:
    checker = Checker(offline=True)

    async def go() -> tuple[int, int]:
        verdicts = await checker.acheck_file(EXAMPLES / "report.md")
        seen = []
        from citecheck.entries import read_path

        async for v in checker.astream(read_path(EXAMPLES / "references.bib")):
            seen.append(v)
        return len(verdicts), len(seen)

    assert asyncio.run(go()) == (7, 5)
