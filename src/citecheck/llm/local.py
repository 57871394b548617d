"""An embedded model: llama-cpp-python loading a GGUF file (``pip install 'citecheck[local]'``).

The answer is constrained by a grammar built from the JSON schema (llama.cpp's
``response_format={"type": "json_object", "schema": ...}``). Inference is blocking, so it runs in
a worker thread, one call at a time.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from citecheck.llm.base import Message, ModelError, T, Timer, Usage, json_schema, validate

EXTRA_HINT = "the local backend needs llama-cpp-python: pip install 'citecheck[local]'"


class LocalModel:
    """`Model` running a GGUF file in-process."""

    def __init__(self, name: str, path: str | Path, *, n_ctx: int = 4096,
                 threads: int | None = None, max_tokens: int = 768) -> None:
        self.name = name
        self.path = Path(path)
        if not self.path.is_file():
            raise ValueError(f"{self.path}: no such GGUF file")
        self.n_ctx = n_ctx
        self.threads = threads or int(os.environ.get("CITECHECK_LLM_THREADS", "0")) or None
        self.max_tokens = max_tokens
        self.usage = Usage()
        self._llm: Any = None
        self._lock = asyncio.Lock()

    def _load(self) -> Any:
        if self._llm is None:
            try:
                from llama_cpp import Llama
            except ImportError as exc:
                raise ModelError(EXTRA_HINT) from exc
            self._llm = Llama(model_path=str(self.path), n_ctx=self.n_ctx, n_threads=self.threads,
                              verbose=False)
        return self._llm

    def _run(self, messages: list[Message], schema: type[T]) -> dict[str, Any]:
        llm = self._load()
        result: dict[str, Any] = llm.create_chat_completion(
            messages=[m.to_dict() for m in messages], temperature=0.0, max_tokens=self.max_tokens,
            response_format={"type": "json_object", "schema": json_schema(schema)},
        )
        return result

    async def complete(self, messages: list[Message], schema: type[T]) -> T:
        async with self._lock:
            with Timer() as timer:
                try:
                    body = await asyncio.to_thread(self._run, messages, schema)
                except ModelError:
                    raise
                except Exception as exc:  # llama.cpp raises plain ValueError/RuntimeError
                    raise ModelError(f"{self.name}: {type(exc).__name__}: {exc}") from None
        raw = body.get("usage") or {}
        self.usage.add(int(raw.get("prompt_tokens") or 0), int(raw.get("completion_tokens") or 0),
                       timer.seconds)
        try:
            content = body["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise ModelError(f"{self.name}: no choices in the answer") from None
        return validate(schema, content, self.name)

    async def aclose(self) -> None:
        self._llm = None
