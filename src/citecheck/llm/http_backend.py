"""What the HTTP backends share: the http layer (limits, retries, Retry-After) with the key
redacted, and the strict JSON-schema form structured-output APIs accept."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from citecheck.llm.base import ModelError, Usage, json_schema
from citecheck.sources.base import SourceError
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import HttpClient, RateLimit, redact

#: a hosted API takes many requests at once; a local server on a laptop does not
HOSTED_LIMIT = RateLimit(rate=8, per=1.0, concurrency=8)
LOCAL_LIMIT = RateLimit(rate=20, per=1.0, concurrency=2)
#: a model on a CPU takes seconds per answer: wait longer than a bibliographic API
MIN_TIMEOUT = 120.0


class ModelHttp(HttpClient):
    """An `HttpClient` that also redacts the model's API key from every message."""

    def __init__(self, name: str, config: SourceConfig, limit: RateLimit, key: str | None,
                 headers: Mapping[str, str]) -> None:
        config = config.model_copy(update={"timeout": max(config.timeout, MIN_TIMEOUT)})
        super().__init__(name, config, {"default": limit}, headers=headers)
        self._key = key

    def redact(self, text: str) -> str:
        return redact(super().redact(text), [self._key] if self._key else [])

    async def post(self, url: str, body: dict[str, Any], model: str) -> Any:
        try:
            return await self.request("POST", url, json_body=body, not_found=())
        except SourceError as exc:
            raise ModelError(f"{model}: {self.redact(str(exc))}") from None


def strict_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The schema in the form OpenAI's strict mode requires: every object closed, every property
    required (optional ones are nullable), no defaults or titles."""
    data = copy.deepcopy(json_schema(schema))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            node.pop("default", None)
            node.pop("title", None)
            if node.get("type") == "object" and "properties" in node:
                node["additionalProperties"] = False
                node["required"] = list(node["properties"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return data


def count_usage(usage: Usage, body: Any, seconds: float, prompt_key: str, completion_key: str) -> None:
    raw = body.get("usage") if isinstance(body, dict) else None
    raw = raw if isinstance(raw, dict) else {}

    def num(key: str) -> int:
        value = raw.get(key)
        return int(value) if isinstance(value, int | float) else 0

    usage.add(num(prompt_key), num(completion_key), seconds)
