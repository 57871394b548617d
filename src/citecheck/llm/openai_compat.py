"""OpenAI-compatible Chat Completions with structured outputs.

One backend for OpenAI, vLLM, llama.cpp's llama-server, Ollama and LM Studio: ``POST
{base}/chat/completions`` with ``response_format: {"type": "json_schema", ...}``.
"""

from __future__ import annotations

from typing import Any

from citecheck.llm.base import Message, ModelError, T, Timer, Usage, validate
from citecheck.llm.http_backend import ModelHttp, count_usage, strict_schema
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import RateLimit


class OpenAICompatibleModel:
    """`Model` over an OpenAI-compatible endpoint (`base_url` ends in ``/v1`` or similar)."""

    def __init__(self, name: str, model: str, base_url: str, *, key: str | None,
                 config: SourceConfig, limit: RateLimit, temperature: float = 0.0,
                 max_tokens: int = 1024) -> None:
        self.name = name
        self.model = model
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.usage = Usage()
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.http = ModelHttp(f"llm:{name}", config, limit, key, headers)

    def request_body(self, messages: list[Message], schema: type[T]) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": [m.to_dict() for m in messages],
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "strict": True,
                                "schema": strict_schema(schema)},
            },
        }

    async def complete(self, messages: list[Message], schema: type[T]) -> T:
        with Timer() as timer:
            body = await self.http.post(self.url, self.request_body(messages, schema), self.name)
        count_usage(self.usage, body, timer.seconds, "prompt_tokens", "completion_tokens")
        try:
            message = body["choices"][0]["message"]
        except (KeyError, IndexError, TypeError):
            raise ModelError(f"{self.name}: no choices in the answer") from None
        if not isinstance(message, dict):
            raise ModelError(f"{self.name}: no message in the answer")
        if message.get("refusal"):
            raise ModelError(f"{self.name}: the model refused")
        content = message.get("content")
        return validate(schema, content if isinstance(content, str) else None, self.name)

    async def aclose(self) -> None:
        await self.http.aclose()
