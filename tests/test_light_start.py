"""What a check imports: an offline check loads no HTTP client or adapters, a plain check no model
modules, and the offline stand-ins hold the scopes their adapters declare."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.fakes import devset_batch


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
