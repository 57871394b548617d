"""Model answers in the SQLite response cache, keyed by (model, schema, prompt hash).

Only validated answers are stored (a failed call is asked again next run). The key is a hash of
the model name, the JSON schema and the messages: never the endpoint or the key. Rows are stored
under source "llm:<model>", kind <schema name>, and hold an "answer" (`sources.cache.holds_for`);
one that does not validate against the schema is a miss, counted as damaged.
"""

from __future__ import annotations

import hashlib
import json

from citecheck.llm.base import Message, Model, T, Usage, json_schema
from citecheck.sources.cache import ResponseCache


def prompt_key(model: str, messages: list[Message], schema_json: dict[str, object]) -> str:
    blob = json.dumps({"model": model, "schema": schema_json,
                       "messages": [m.to_dict() for m in messages]},
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CachedModel:
    """Wraps a `Model`; answers already in the cache cost no call."""

    def __init__(self, model: Model, cache: ResponseCache) -> None:
        self.inner = model
        self.cache = cache
        self.name = model.name

    @property
    def usage(self) -> Usage:
        return self.inner.usage

    async def complete(self, messages: list[Message], schema: type[T]) -> T:
        key = prompt_key(self.name, messages, json_schema(schema))
        source = f"llm:{self.name}"
        hit, value = self.cache.get(source, schema.__name__, key)  # an "answer" row: an object
        if hit:
            try:
                answer = schema.model_validate(value)
            except ValueError:  # another schema's fields: a miss, replaced below
                self.cache.corrupt_rows += 1
            else:
                self.inner.usage.cached += 1
                return answer
        answer = await self.inner.complete(messages, schema)
        self.cache.put(source, schema.__name__, key, answer.model_dump(mode="json"))
        return answer

    async def aclose(self) -> None:
        await self.inner.aclose()
