"""Settings for the live sources: contact address, API keys, base URLs, timeouts.

Read from (later wins) defaults → ``[tool.citecheck]`` in ./pyproject.toml → ./citecheck.toml →
environment variables. Secrets are `SecretStr`, so ``repr(config)`` and logs never show them.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

log = logging.getLogger(__name__)

#: environment variable → config field
ENV_VARS: dict[str, str] = {
    "CITECHECK_MAILTO": "mailto",
    "S2_API_KEY": "s2_api_key",
    "SEMANTIC_SCHOLAR_API_KEY": "s2_api_key",
    "OPENALEX_API_KEY": "openalex_api_key",
    "INSPIRE_TOKEN": "inspire_token",
    "CITECHECK_ARXIV_URL": "arxiv_url",
    "CITECHECK_CROSSREF_URL": "crossref_url",
    "CITECHECK_S2_URL": "s2_url",
    "CITECHECK_OPENALEX_URL": "openalex_url",
    "CITECHECK_INSPIRE_URL": "inspire_url",
    "CITECHECK_DATACITE_URL": "datacite_url",
    "CITECHECK_SEARXNG_URL": "searxng_url",
    "CITECHECK_DOI_URL": "doi_url",
    "CITECHECK_OPENLIBRARY_URL": "openlibrary_url",
    "CITECHECK_DBLP_URL": "dblp_url",
    "CITECHECK_ACL_URL": "acl_url",
    "CITECHECK_TIMEOUT": "timeout",
    "CITECHECK_CONNECT_TIMEOUT": "connect_timeout",
    "CITECHECK_MAX_BODY_MB": "max_body_mb",
    "CITECHECK_MAX_RETRIES": "max_retries",
    "CITECHECK_RATE_SCALE": "rate_scale",
    "CITECHECK_CACHE_DIR": "cache_dir",
}


class SourceConfig(BaseModel):
    """Everything the live sources need; safe to print."""

    model_config = ConfigDict(extra="ignore")

    mailto: SecretStr | None = None  # Crossref/OpenAlex polite pool; sent only in User-Agent
    s2_api_key: SecretStr | None = None
    openalex_api_key: SecretStr | None = None
    inspire_token: SecretStr | None = None

    arxiv_url: str = "https://export.arxiv.org/api/query"
    crossref_url: str = "https://api.crossref.org"
    s2_url: str = "https://api.semanticscholar.org/graph/v1"
    openalex_url: str = "https://api.openalex.org"
    inspire_url: str = "https://inspirehep.net/api"
    datacite_url: str = "https://api.datacite.org"
    searxng_url: str | None = None
    doi_url: str = "https://doi.org"  # the DOI registry's handle API lives under /api/handles
    openlibrary_url: str = "https://openlibrary.org"
    dblp_url: str = "https://dblp.org"  # the search API lives under /search/publ/api
    acl_url: str = "https://aclanthology.org"  # each paper's BibTeX at /<anthology id>.bib

    timeout: float = Field(default=20.0, gt=0)  # seconds per request to read/write/wait
    connect_timeout: float = Field(default=10.0, gt=0)  # seconds to open a connection
    #: a response body past this many MiB is abandoned (the source could not answer)
    max_body_mb: float = Field(default=20.0, gt=0)
    max_retries: int = Field(default=4, ge=0, le=10)  # retries after the first attempt
    backoff_base: float = Field(default=1.0, ge=0)  # first backoff step, seconds
    backoff_max: float = Field(default=30.0, ge=0)
    #: multiplies every rate limit and divides every wait (simulator / benchmark only; 1 = real)
    rate_scale: float = Field(default=1.0, gt=0)
    cache_dir: str | None = None
    cache_ttl_found_days: float = 30.0
    cache_ttl_notfound_days: float = 1.0

    def credentials(self) -> list[str]:
        """API keys and tokens: what must never reach another origin (the contact address is
        only a courtesy and may follow an allowed redirect)."""
        return [v.get_secret_value() for v in (self.s2_api_key, self.openalex_api_key,
                                               self.inspire_token)
                if v is not None and v.get_secret_value()]

    def secrets(self) -> list[str]:
        """Secret values, for redaction."""
        out = []
        for value in (self.mailto, self.s2_api_key, self.openalex_api_key, self.inspire_token):
            if value is not None and value.get_secret_value():
                out.append(value.get_secret_value())
        return out


def _file_settings(cwd: Path) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    pyproject = cwd / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
            # someone else's project file: a broken one must not stop a check
            log.warning("%s: ignoring [tool.citecheck]: %s", pyproject, exc)
            data = {}
        table = data.get("tool", {}).get("citecheck", {})
        settings.update(_flatten(table if isinstance(table, Mapping) else {}))
    own = cwd / "citecheck.toml"
    if own.is_file():
        try:
            data = tomllib.loads(own.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{own}: {exc}") from exc
        settings.update(_flatten(data))
    return settings


def _flatten(table: Mapping[str, Any]) -> dict[str, Any]:
    """Accept keys at the top level and inside a ``[sources]`` sub-table."""
    out = {k: v for k, v in table.items() if not isinstance(v, Mapping)}
    sub = table.get("sources")
    if isinstance(sub, Mapping):
        out.update({k.replace("-", "_"): v for k, v in sub.items() if not isinstance(v, Mapping)})
    return {k.replace("-", "_"): v for k, v in out.items()}


def load_config(
    cwd: str | Path | None = None, env: Mapping[str, str] | None = None, **overrides: Any
) -> SourceConfig:
    """Build the configuration from files in `cwd`, the environment and explicit overrides."""
    env = os.environ if env is None else env
    settings = _file_settings(Path(cwd) if cwd else Path.cwd())
    for var, field in ENV_VARS.items():
        if env.get(var):
            settings[field] = env[var]
    settings.update({k: v for k, v in overrides.items() if v is not None})
    known = set(SourceConfig.model_fields)
    try:
        return SourceConfig(**{k: v for k, v in settings.items() if k in known})
    except ValidationError as exc:
        # never echo input values: they may be secrets
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"invalid citecheck source settings: {problems}") from None


__all__ = ["ENV_VARS", "SourceConfig", "load_config"]
