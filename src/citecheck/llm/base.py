"""The one interface every language-model backend speaks, and what a run spends on it.

A `Model` takes chat messages and a pydantic schema and returns an instance of that schema — or
raises `ModelError`. Backends never return unvalidated text: a malformed, truncated or
out-of-range answer is a failed call, and the caller falls back to the rules' verdict.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)


class ModelError(Exception):
    """A model call that produced no valid answer (network, refusal, malformed or invalid JSON).

    The message never contains an API key or the prompt.
    """


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str

    def to_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass
class Usage:
    """What a run spent on a model: calls, tokens and wall time (shown in the run summary)."""

    calls: int = 0
    cached: int = 0
    failed: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    by_role: dict[str, int] = field(default_factory=dict)

    def add(self, prompt: int, completion: int, seconds: float) -> None:
        self.calls += 1
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        self.seconds += seconds

    def to_json(self) -> dict[str, Any]:
        return {"calls": self.calls, "cached": self.cached, "failed": self.failed,
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "seconds": round(self.seconds, 3), "by_role": dict(self.by_role)}

    def line(self, name: str) -> str:
        tokens = self.prompt_tokens + self.completion_tokens
        return (f"model {name}: {self.calls} call(s), {self.cached} from cache, {self.failed} failed, "
                f"{tokens} tokens ({self.prompt_tokens} prompt), {self.seconds:.1f} s")


@runtime_checkable
class Model(Protocol):
    """A chat model that answers with an instance of `schema`."""

    name: str  # "provider:model", for notes ("judged by openai:gpt-4.1-mini") and cache keys

    @property
    def usage(self) -> Usage: ...

    async def complete(self, messages: list[Message], schema: type[T]) -> T: ...

    async def aclose(self) -> None: ...


#: bounds checked here, after the answer, not sent: a grammar-constrained backend (llama.cpp,
#: llama-server) expands ``maxLength: 600`` into 600 optional characters, and sampling with that
#: grammar ran at 0.4 tokens/s instead of ~30 on the 1.5B model
_CHECKED_LOCALLY = frozenset({"maxLength", "minLength", "maxItems", "minItems", "minimum",
                              "maximum"})


def _strip(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip(v) for k, v in node.items() if k not in _CHECKED_LOCALLY}
    if isinstance(node, list):
        return [_strip(v) for v in node]
    return node


def json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent to a backend: pydantic's, no extra keys allowed, without the
    length/range bounds (`validate` enforces those on the answer)."""
    data: dict[str, Any] = _strip(schema.model_json_schema())
    data.setdefault("additionalProperties", False)
    return data


def validate(schema: type[T], text: str | dict[str, Any] | None, model: str) -> T:
    """Parse and validate a model's answer; anything else is a `ModelError`."""
    if text is None:
        raise ModelError(f"{model}: empty answer")
    try:
        data = json.loads(text) if isinstance(text, str) else text
        return schema.model_validate(data)
    except (ValueError, ValidationError) as exc:
        if isinstance(exc, ValidationError):
            err = exc.errors()[0]
            what = "answer out of schema"
            first = f"{'.'.join(map(str, err['loc'])) or 'answer'}: {err['msg']}"[:160]
        else:
            what, first = "malformed JSON", str(exc).splitlines()[0][:160]
        raise ModelError(f"{model}: {what} for {schema.__name__} ({first})") from None


class Timer:
    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        self.seconds = 0.0
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self.start


__all__ = ["Message", "Model", "ModelError", "Timer", "Usage", "json_schema", "validate"]
