"""Anthropic Messages API; the structured answer is the input of a forced tool call."""

from __future__ import annotations

from typing import Any

from citecheck.llm.base import Message, ModelError, T, Timer, Usage, json_schema, validate
from citecheck.llm.http_backend import ModelHttp, count_usage
from citecheck.sources.config import SourceConfig
from citecheck.sources.http import RateLimit

API_VERSION = "2023-06-01"
TOOL = "answer"


class AnthropicModel:
    """`Model` over ``POST {base}/messages`` with ``tool_choice`` forcing one tool."""

    def __init__(self, name: str, model: str, base_url: str, *, key: str | None,
                 config: SourceConfig, limit: RateLimit, max_tokens: int = 1024) -> None:
        self.name = name
        self.model = model
        self.url = base_url.rstrip("/") + "/messages"
        self.max_tokens = max_tokens
        self.usage = Usage()
        headers = {"anthropic-version": API_VERSION}
        if key:
            headers["x-api-key"] = key
        self.http = ModelHttp(f"llm:{name}", config, limit, key, headers)

    def request_body(self, messages: list[Message], schema: type[T]) -> dict[str, Any]:
        system = "\n\n".join(m.content for m in messages if m.role == "system")
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "temperature": 0.0,
            "messages": [m.to_dict() for m in messages if m.role != "system"],
            "tools": [{"name": TOOL, "description": f"Report the {schema.__name__}.",
                       "input_schema": json_schema(schema)}],
            "tool_choice": {"type": "tool", "name": TOOL},
        }
        if system:
            body["system"] = system
        return body

    async def complete(self, messages: list[Message], schema: type[T]) -> T:
        with Timer() as timer:
            body = await self.http.post(self.url, self.request_body(messages, schema), self.name)
        count_usage(self.usage, body, timer.seconds, "input_tokens", "output_tokens")
        content = body.get("content") if isinstance(body, dict) else None
        blocks = [b for b in content or [] if isinstance(b, dict) and b.get("type") == "tool_use"]
        if not blocks:
            raise ModelError(f"{self.name}: no tool call in the answer")
        data = blocks[0].get("input")
        return validate(schema, data if isinstance(data, dict) else None, self.name)

    async def aclose(self) -> None:
        await self.http.aclose()
