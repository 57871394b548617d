"""Which live sources exist, and building them from a `SourceConfig`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from citecheck.sources.base import Source
from citecheck.sources.config import SourceConfig
from citecheck.sources.scopes import SCOPES

log = logging.getLogger(__name__)

ALL_SOURCES: tuple[str, ...] = (
    "arxiv", "crossref", "openalex", "semanticscholar", "inspire", "datacite", "websearch", "doi",
    "openlibrary", "dblp", "acl",
)
#: the DOI registry comes last: it is asked only for DOIs nothing before it resolved
DEFAULT_SOURCES: tuple[str, ...] = ("arxiv", "crossref", "openalex", "semanticscholar", "inspire",
                                    "openlibrary", "doi")
ALIASES = {"s2": "semanticscholar", "semantic-scholar": "semanticscholar", "web": "websearch",
           "searxng": "websearch", "inspirehep": "inspire", "inspire-hep": "inspire",
           "doi.org": "doi", "doi-registry": "doi", "open-library": "openlibrary",
           "acl-anthology": "acl", "aclanthology": "acl", "anthology": "acl"}


def _factory(name: str) -> Callable[[SourceConfig], Source]:
    cls: Callable[[SourceConfig], Source]
    if name == "arxiv":
        from citecheck.sources.arxiv import ArxivSource as cls
    elif name == "crossref":
        from citecheck.sources.crossref import CrossrefSource as cls
    elif name == "openalex":
        from citecheck.sources.openalex import OpenAlexSource as cls
    elif name == "semanticscholar":
        from citecheck.sources.semanticscholar import (
            SemanticScholarSource as cls,
        )
    elif name == "inspire":
        from citecheck.sources.inspire import InspireSource as cls
    elif name == "datacite":
        from citecheck.sources.datacite import DataCiteSource as cls
    elif name == "doi":
        from citecheck.sources.doi import DoiRegistrySource as cls
    elif name == "openlibrary":
        from citecheck.sources.openlibrary import OpenLibrarySource as cls
    elif name == "dblp":
        from citecheck.sources.dblp import DblpSource as cls
    elif name == "acl":
        from citecheck.sources.acl import AclAnthologySource as cls
    else:
        from citecheck.sources.websearch import WebSearchSource as cls
    return cls


def resolve_names(names: Sequence[str] | None) -> list[str]:
    """Canonical source names, in the given order, without duplicates; ValueError if unknown."""
    if names is None:
        return list(DEFAULT_SOURCES)
    out: list[str] = []
    for raw in names:
        name = ALIASES.get(raw.strip().lower(), raw.strip().lower())
        if not name:
            continue
        if name not in ALL_SOURCES:
            raise ValueError(
                f"unknown source {raw!r}; valid sources: {', '.join(ALL_SOURCES)}"
                f" (aliases: {', '.join(sorted(ALIASES))})"
            )
        if name not in out:
            out.append(name)
    return out


def build_sources(
    names: Sequence[str] | None,
    *,
    config: SourceConfig,
    offline: bool,
    use_cache: bool = True,
) -> list[Source]:
    """The live sources to ask after the local index (which the orchestrator adds itself).

    ``names=None`` means the defaults (OpenAlex only when an API key is configured, since it
    refuses keyless requests; a failing default would turn every unknown citation UNVERIFIED).
    Offline: stand-ins that answer from the cache and say "not asked" for everything else.
    """
    chosen = resolve_names(names)
    if offline:
        return _cache_only(chosen, config, use_cache)
    if names is None and config.openalex_api_key is None:
        log.info("OpenAlex skipped: no OPENALEX_API_KEY (it refuses keyless requests)")
        chosen = [n for n in chosen if n != "openalex"]
    sources = [_factory(name)(config) for name in chosen]
    if not use_cache:
        return sources
    from citecheck.sources.cache import CachedSource, ResponseCache, default_cache_path

    path = default_cache_path(config.cache_dir)
    cache = ResponseCache(path, ttl_found_days=config.cache_ttl_found_days,
                          ttl_notfound_days=config.cache_ttl_notfound_days)
    return [CachedSource(source, cache) for source in sources]


def _cache_only(chosen: Sequence[str], config: SourceConfig, use_cache: bool) -> list[Source]:
    """Offline: answers already in the response cache, and nothing from the network."""
    from citecheck.sources.base import OfflineSource
    from citecheck.sources.cache import CachedSource, ResponseCache, default_cache_path

    path = default_cache_path(config.cache_dir)
    supports = {"arxiv": {"arxiv", "search"}, "crossref": {"doi", "journal", "search"},
                "openalex": {"doi", "search"}, "semanticscholar": {"doi", "arxiv", "search"},
                "inspire": {"doi", "arxiv", "journal", "search"}, "datacite": {"doi", "arxiv"},
                "websearch": {"search"}, "doi": {"doi"}, "openlibrary": {"search"},
                "dblp": {"search"}, "acl": {"doi", "search"}}
    # the adapters' scopes, read without importing them (nor their HTTP stack: a fifth of an
    # offline run's start-up)
    offline = [OfflineSource(name, frozenset(supports.get(name, ())), base_url(name, config),
                             SCOPES.get(name, ()))
               for name in chosen]
    if not use_cache or not path.exists():
        # nothing cached yet: every source is "not asked", and the verdicts say so
        return list(offline)  # type: ignore[arg-type]  # OfflineSource answers like a Source without subclassing it
    cache = ResponseCache(path, ttl_found_days=config.cache_ttl_found_days,
                          ttl_notfound_days=config.cache_ttl_notfound_days)
    return [CachedSource(source, cache) for source in offline]  # type: ignore[arg-type]  # (as above)


def base_url(name: str, config: SourceConfig) -> str:
    """The configured base URL of a source, as its adapter forms it (part of cache keys)."""
    if name == "websearch":
        url = (config.searxng_url or "").rstrip("/")
        return url if not url or url.endswith("/search") else url + "/search"
    field = {"semanticscholar": "s2_url"}.get(name, f"{name}_url")
    return str(getattr(config, field, "") or "").rstrip("/")


__all__ = ["ALIASES", "ALL_SOURCES", "DEFAULT_SOURCES", "build_sources", "resolve_names"]
