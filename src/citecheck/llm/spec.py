"""``--llm PROVIDER:MODEL``: which backend, which endpoint, which key.

    openai:gpt-4.1-mini            https://api.openai.com/v1, OPENAI_API_KEY
    anthropic:claude-sonnet-4-6    https://api.anthropic.com/v1, ANTHROPIC_API_KEY
    ollama:qwen2.5:7b              http://127.0.0.1:11434/v1 (no key)
    lmstudio:NAME                  http://127.0.0.1:1234/v1 (no key)
    vllm:NAME, llama-server:NAME,
    openai-compatible:NAME         CITECHECK_LLM_URL (required), CITECHECK_LLM_KEY (optional)
    local:PATH.gguf                llama-cpp-python in-process (pip install 'citecheck[local]')

``CITECHECK_LLM_URL`` overrides the endpoint of every HTTP provider (a proxy, a gateway, a test
server); ``CITECHECK_LLM_KEY`` is used when the provider's own variable is unset. Keys are never
logged, cached or written to a report.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from citecheck.llm.base import Model
from citecheck.llm.http_backend import HOSTED_LIMIT, LOCAL_LIMIT
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import RateLimit

#: provider → (API flavour, default endpoint or None when CITECHECK_LLM_URL is required, key var)
PROVIDERS: dict[str, tuple[str, str | None, str | None]] = {
    "openai": ("openai", "https://api.openai.com/v1", "OPENAI_API_KEY"),
    "anthropic": ("anthropic", "https://api.anthropic.com/v1", "ANTHROPIC_API_KEY"),
    "ollama": ("openai", "http://127.0.0.1:11434/v1", None),
    "lmstudio": ("openai", "http://127.0.0.1:1234/v1", None),
    "vllm": ("openai", None, None),
    "llama-server": ("openai", None, None),
    "openai-compatible": ("openai", None, None),
    "local": ("local", None, None),
}


class ModelSpecError(ValueError):
    """An ``--llm`` value that names no usable model (the message says what is missing)."""


@dataclass(frozen=True)
class ModelSpec:
    provider: str
    model: str
    flavour: str  # openai | anthropic | local
    url: str | None
    key: str | None

    @property
    def name(self) -> str:
        return f"{self.provider}:{self.model}"

    def __repr__(self) -> str:  # never the key
        return f"ModelSpec({self.name!r}, url={self.url!r})"


def parse_spec(value: str, env: Mapping[str, str] | None = None) -> ModelSpec:
    """Split ``PROVIDER:MODEL`` (the model may contain ':'), find the endpoint and the key."""
    env = os.environ if env is None else env
    provider, sep, model = value.strip().partition(":")
    provider = provider.lower()
    if not sep or not model:
        raise ModelSpecError(f"--llm {value!r}: expected PROVIDER:MODEL, e.g. openai:gpt-4.1-mini")
    if provider not in PROVIDERS:
        raise ModelSpecError(f"--llm {value!r}: unknown provider {provider!r} "
                             f"(known: {', '.join(PROVIDERS)})")
    flavour, default_url, key_var = PROVIDERS[provider]
    if flavour == "local":
        return ModelSpec(provider, model, flavour, None, None)
    url = env.get("CITECHECK_LLM_URL") or default_url
    if not url:
        raise ModelSpecError(f"--llm {value!r}: set CITECHECK_LLM_URL to the endpoint "
                             "(e.g. http://127.0.0.1:8000/v1)")
    key = (env.get(key_var) if key_var else None) or env.get("CITECHECK_LLM_KEY") or None
    if provider in ("openai", "anthropic") and not key and not env.get("CITECHECK_LLM_URL"):
        raise ModelSpecError(f"--llm {value!r}: set {key_var} (or CITECHECK_LLM_KEY)")
    return ModelSpec(provider, model, flavour, url, key)


def _limit(spec: ModelSpec) -> RateLimit:
    host = (spec.url or "").split("//", 1)[-1]
    local = host.startswith(("127.", "localhost", "[::1]", "0.0.0.0"))
    return LOCAL_LIMIT if local else HOSTED_LIMIT


def make_model(spec: ModelSpec | str, config: SourceConfig | None = None) -> Model:
    """The backend for a spec (imports a backend's dependencies only when it is chosen)."""
    spec = parse_spec(spec) if isinstance(spec, str) else spec
    config = config or SourceConfig()
    if spec.flavour == "local":
        from citecheck.llm.local import LocalModel

        return LocalModel(spec.name, spec.model)
    if spec.flavour == "anthropic":
        from citecheck.llm.anthropic import AnthropicModel

        return AnthropicModel(spec.name, spec.model, spec.url or "", key=spec.key, config=config,
                              limit=_limit(spec))
    from citecheck.llm.openai_compat import OpenAICompatibleModel

    return OpenAICompatibleModel(spec.name, spec.model, spec.url or "", key=spec.key,
                                 config=config, limit=_limit(spec))
