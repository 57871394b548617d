"""The DOI registry source (doi.org handle API) over real HTTP against a loopback registry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck.checker import Checker
from citecheck.index.build import build_index
from citecheck.model import Label
from citecheck.sources.base import SourceError
from citecheck.sources.config import load_config
from citecheck.sources.doi import DoiRegistrySource
from citecheck.sources.registry import DEFAULT_SOURCES, build_sources
from tests.fakes import FABRICATED, OTHER, REAL, cite
from tests.servers.doi_registry import DoiRegistry


@pytest.fixture
def registry() -> Iterator[DoiRegistry]:
    with DoiRegistry([REAL.DOI or "", OTHER.DOI or "", "10.5281/zenodo.12345"]) as srv:
        yield srv  # type: ignore[misc]


def _source(registry: DoiRegistry) -> DoiRegistrySource:
    config = load_config(env={}, doi_url=registry.url, max_retries=0, rate_scale=100)
    return DoiRegistrySource(config)


async def test_registered_and_unregistered(registry: DoiRegistry) -> None:
    src = _source(registry)
    rec = await src.lookup_doi("10.1103/PhysRevB.65.100518")  # DOIs are case-insensitive
    assert rec is not None and rec.custom["registry_only"] and rec.URL
    assert await src.lookup_doi("10.1103/physrevb.65.999999") is None
    registry.down = True
    with pytest.raises(SourceError, match="503"):
        await src.lookup_doi("10.1103/physrevb.65.100518")
    await src.aclose()


def test_it_is_a_default_source_configured_from_the_environment(monkeypatch) -> None:
    assert "doi" in DEFAULT_SOURCES
    monkeypatch.setenv("CITECHECK_DOI_URL", "http://127.0.0.1:9")
    [src] = build_sources(["doi"], config=load_config(), offline=False, use_cache=False)
    assert isinstance(src, DoiRegistrySource) and src.base == "http://127.0.0.1:9"


@pytest.fixture
def index(tmp_path: Path) -> Path:
    """An index holding REAL without its DOI (as many records are) and OTHER with it."""
    data = tmp_path / "r.jsonl"
    data.write_text(REAL.model_copy(update={"DOI": None}).model_dump_json(by_alias=True, exclude_none=True)
                    + "\n" + OTHER.model_dump_json(by_alias=True, exclude_none=True) + "\n")
    build_index(tmp_path / "i.db", [data])
    return tmp_path / "i.db"


def _check(index: Path, registry: DoiRegistry, **fields: object):  # type: ignore[no-untyped-def]
    [v] = Checker(index, sources=[_source(registry)]).check_citations([cite(**fields)])
    return v


def test_real_registered_doi_is_exact(index: Path, registry: DoiRegistry) -> None:
    v = _check(index, registry)
    assert v.label is Label.EXACT, v.rationale
    assert any("doi: DOI 10.1103/physrevb.65.100518 is registered" in e for e in v.evidence)


def test_faithful_citation_with_invented_doi_is_minor(index: Path, registry: DoiRegistry) -> None:
    v = _check(index, registry, DOI="10.1103/physrevb.65.999999")
    assert v.label is Label.MINOR, v.rationale
    assert "does not resolve (doi)" in v.rationale


def test_invented_doi_and_nothing_else_is_major(index: Path, registry: DoiRegistry) -> None:
    v = _check(index, registry, **{**FABRICATED, "DOI": "10.9999/made.up.2024"})
    assert v.label is Label.MAJOR, v.rationale
    assert "the DOI registry says 10.9999/made.up.2024 is not registered" in v.rationale


def test_registered_doi_of_an_unknown_work_is_unverified(index: Path, registry: DoiRegistry) -> None:
    v = _check(index, registry, **{**FABRICATED, "DOI": "10.5281/zenodo.12345"})
    assert v.label is Label.UNVERIFIED and "is registered" in v.rationale


def test_registry_down_is_unverified(index: Path, registry: DoiRegistry) -> None:
    registry.down = True
    v = _check(index, registry, **{**FABRICATED, "DOI": "10.9999/made.up.2024"})
    assert v.label is Label.UNVERIFIED, v.rationale


def test_registry_is_not_asked_for_dois_the_index_resolves(index: Path, registry: DoiRegistry) -> None:
    v = _check(index, registry, **{"DOI": OTHER.DOI, "title": OTHER.title, "author": [
        n.model_dump(exclude_none=True) for n in OTHER.author], "container-title": OTHER.container_title,
        "volume": OTHER.volume, "page": OTHER.page, "issued": {"date-parts": [[1989]]}})
    assert v.label is Label.EXACT, v.rationale
    assert registry.asked == []


def test_cli_index_with_sources_doi(index: Path, registry: DoiRegistry, tmp_path: Path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    monkeypatch.setenv("CITECHECK_DOI_URL", registry.url)
    bib = tmp_path / "r.bib"
    bib.write_text("@article{k, title={25Mg NMR study of the MgB2 superconductor}, author={Mali, M. and "
                   "Roos, J. and Shengelaya, A. and Keller, H. and Conder, K.}, journal={Physical Review B},"
                   " volume={65}, pages={100518}, year={2002}, doi={10.1103/physrevb.65.999999}}\n")
    res = CliRunner().invoke(app, ["check", str(bib), "--index", str(index), "--sources", "doi",
                                   "--no-cache", "--format", "jsonl", "--fail-on", "never"])
    assert res.exit_code == 0, res.output
    assert '"label": "MINOR"' in res.output and "10.1103/physrevb.65.999999" in registry.asked


def test_cached_registry_answers_keep_their_scope_offline(tmp_path: Path) -> None:
    from citecheck.sources.cache import ResponseCache

    ResponseCache(tmp_path / "sources.sqlite").put("doi", "doi", "10.9999/made.up.2024", None)
    config = load_config(env={}, cache_dir=str(tmp_path))
    [src] = build_sources(["doi"], config=config, offline=True)
    assert src.name == "doi" and src.scopes == ("doi",)
