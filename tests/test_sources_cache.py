"""The response cache, the cached-source wrapper, and the source registry."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from citecheck.model import Citation, Record
from citecheck.sources.base import OfflineSource, Source, SourceError
from citecheck.sources.cache import CachedSource, ResponseCache, cache_clear, cache_info
from citecheck.sources.config import SourceConfig
from citecheck.sources.registry import ALL_SOURCES, DEFAULT_SOURCES, build_sources


class Counting(Source):
    name = "counting"
    supports = frozenset({"doi", "arxiv", "journal", "search"})

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.fail = False
        self.known = {"10.1/a": Record(title="A", DOI="10.1/a")}

    def _call(self, what: str) -> None:
        self.calls.append(what)
        if self.fail:
            raise SourceError(self.name, "down")

    async def lookup_doi_many(self, dois):  # type: ignore[override]
        dois = list(dois)
        self._call("doi_many:" + ",".join(dois))
        return {d: self.known.get(d) for d in dois}

    async def search(self, citation: Citation, limit: int = 10) -> list[Record]:
        self._call("search")
        return [Record(title=citation.fields.title)]

    async def lookup_journal(self, journal, volume, page, year=None):  # type: ignore[override]
        self._call("journal")
        return []

    async def search_text(self, text: str, limit: int = 10) -> list[Record]:
        self._call("text")
        return [Record(title=text[:20])]


@pytest.fixture
def cache(tmp_path: Path) -> ResponseCache:
    return ResponseCache(tmp_path / "c.sqlite")


async def test_found_and_not_found_are_cached_errors_are_not(cache: ResponseCache) -> None:
    inner = Counting()
    src = CachedSource(inner, cache)
    assert (await src.lookup_doi("10.1/a")) is not None
    assert (await src.lookup_doi("10.1/missing")) is None
    got = await src.lookup_doi_many(["10.1/a", "10.1/missing", "10.1/new"])
    assert got["10.1/a"] is not None and got["10.1/a"].title == "A"
    assert inner.calls == ["doi_many:10.1/a", "doi_many:10.1/missing", "doi_many:10.1/new"]
    inner.fail = True
    with pytest.raises(SourceError):
        await src.search(Citation(id="x", raw="", fields=Record(title="T")))
    inner.fail = False
    assert [r.title for r in await src.search(Citation(id="x", raw="", fields=Record(title="T")))] == ["T"]
    assert [r.title for r in await src.search(Citation(id="x", raw="", fields=Record(title="T")))] == ["T"]
    assert inner.calls.count("search") == 2  # the failure was not cached; the answer was
    await src.lookup_journal("Phys. Rev. Lett.", "81", "4412")
    await src.lookup_journal("Physical Review Letters", "81", "4412")
    assert inner.calls.count("journal") == 1  # same canonical journal key
    info = cache.info()
    assert info["entries"] == 5 and info["found"] == 2 and info["by_source"] == {"counting": 5}


async def test_not_found_expires_sooner(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite", ttl_found_days=30, ttl_notfound_days=0)
    src = CachedSource(Counting(), cache)
    await src.lookup_doi("10.1/missing")
    time.sleep(0.01)
    await src.lookup_doi("10.1/missing")
    await src.lookup_doi("10.1/a")
    await src.lookup_doi("10.1/a")
    assert src.inner.calls == ["doi_many:10.1/missing"] * 2 + ["doi_many:10.1/a"]  # type: ignore[attr-defined]


def test_cache_info_and_clear(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite"
    assert cache_info(path)["entries"] == 0
    cache = ResponseCache(path)
    cache.put("crossref", "doi", "10.1/a", {"title": "A"})
    cache.put("arxiv", "arxiv", "1234.5678", None)
    cache.close()
    assert cache_info(path)["entries"] == 2
    assert cache_clear(path, source="arxiv") == 1
    assert cache_clear(path) == 1
    assert cache_info(path)["entries"] == 0


def test_cache_dir_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path / "here"))
    assert ResponseCache().path == tmp_path / "here" / "sources.sqlite"


def test_registry() -> None:
    cfg = SourceConfig()
    # offline and nothing cached (or no cache): every source is there to say "not asked"
    offline = build_sources(None, config=cfg, offline=True, use_cache=False)
    assert [s.name for s in offline] == list(DEFAULT_SOURCES)
    assert all(isinstance(s, OfflineSource) for s in offline)
    names = [s.name for s in build_sources(None, config=cfg, offline=False, use_cache=False)]
    assert names == [n for n in DEFAULT_SOURCES if n != "openalex"]  # no OpenAlex key
    cfg_key = SourceConfig(openalex_api_key="k")
    names = [s.name for s in build_sources(None, config=cfg_key, offline=False)]
    assert names == list(DEFAULT_SOURCES)
    built = build_sources(["S2", "crossref", "s2"], config=cfg, offline=False)
    assert [s.name for s in built] == ["semanticscholar", "crossref"]
    assert all(isinstance(s, CachedSource) for s in built)
    with pytest.raises(ValueError, match="valid sources: " + ", ".join(ALL_SOURCES)):
        build_sources(["crossref", "googlescholar"], config=cfg, offline=False)
    with pytest.raises(ValueError, match="SearXNG"):
        build_sources(["websearch"], config=cfg, offline=False)
    web = build_sources(["web"], config=SourceConfig(searxng_url="http://127.0.0.1:9"), offline=False)
    assert web[0].name == "websearch"


def test_search_keys_of_different_non_latin_titles_differ() -> None:
    from citecheck.model import Citation, Record
    from citecheck.sources.cache import search_key

    def key(title: str) -> str:
        return search_key(Citation(id="c", raw=title, fields=Record(title=title)), 10)

    assert key("Квантовые флуктуации в наноструктурах") != key("Магнитные свойства тонких плёнок")
    assert key("高温超导体中的电子配对机制研究") != key("量子计算的基础理论")


async def test_whole_text_searches_are_cached(cache: ResponseCache) -> None:
    inner = Counting()
    src = CachedSource(inner, cache)
    first = await src.search_text("Phys. Rev. Lett. 104, 251301 (2010)")
    again = await src.search_text("phys. rev.  lett. 104, 251301 (2010)")  # case and spacing
    assert [r.title for r in again] == [r.title for r in first]
    assert inner.calls == ["text"]


def test_rows_say_what_they_hold_and_bare_rows_are_read_by_the_same_shape(tmp_path: Path) -> None:
    import json
    import sqlite3

    path = tmp_path / "c.sqlite"
    cache = ResponseCache(path)
    cache.put("crossref", "doi", "10.1/a", {"title": "A"})
    cache.put("crossref", "search", "k", [{"title": "A"}])
    cache.put("llm:m", "JudgeAnswer", "h", {"score": 9})
    stored = {kind: json.loads(v) for kind, v in cache.db.execute("SELECT kind, value FROM responses")}
    assert stored == {"doi": {"holds": "record", "value": {"title": "A"}},
                      "search": {"holds": "records", "value": [{"title": "A"}]},
                      "JudgeAnswer": {"holds": "answer", "value": {"score": 9}}}
    cache.db.execute("UPDATE responses SET value = json_extract(value, '$.value') WHERE kind = 'doi'")
    assert cache.get("crossref", "doi", "10.1/a") == (True, {"title": "A"})  # a row from before envelopes
    cache.close()
    db = sqlite3.connect(path)
    db.execute("""UPDATE responses SET value = '{"holds": "record", "value": null}' WHERE kind = 'search'""")
    db.commit()
    db.close()
    assert cache_info(path)["corrupt"] == "1 damaged rows (read as misses and replaced)"


def test_the_response_cache_lives_in_the_configured_directory_or_the_cache_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from citecheck.sources.cache import default_cache_path

    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path / "env"))
    assert default_cache_path() == tmp_path / "env" / "sources.sqlite"
    assert default_cache_path(str(tmp_path / "set")) == tmp_path / "set" / "sources.sqlite"
