"""A loopback model endpoint in the documented wire formats of OpenAI Chat Completions
(``POST /v1/chat/completions`` with ``response_format: json_schema``) and Anthropic Messages
(``POST /v1/messages`` with a forced tool call).

`answers` maps a schema name (JudgeAnswer, ReviewAnswer, ParseAnswer, WebAnswer) to a function of
the request's data payload (the JSON object in the user message) returning the answer object, or
a string sent verbatim as the content (to test malformed answers). Every request is recorded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tests.servers.base import LoopbackServer, Request, Response

Answer = Callable[[dict[str, Any]], dict[str, Any] | str]


def always_ten(_: dict[str, Any]) -> dict[str, Any]:
    """The worst judge: every citation is perfect (JudgeAnswer)."""
    return {"score": 10, "confidence": 1.0, "discrepancies": [], "rationale": "Looks perfect."}


def always_same_work(payload: dict[str, Any]) -> dict[str, Any]:
    """The worst reviewer (ReviewAnswer)."""
    return {**always_ten(payload), "same_work": True}


class FakeModelServer(LoopbackServer):
    def __init__(self, answers: dict[str, Answer], status: int = 200) -> None:
        self.answers = answers
        self.status = status
        self.requests: list[dict[str, Any]] = []
        super().__init__(self._handle)

    @property
    def base_url(self) -> str:
        return self.url + "/v1"

    def by_schema(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["schema"] == name]

    def _handle(self, req: Request) -> Response:
        body = json.loads(req.body or b"{}")
        if req.path.endswith("/chat/completions"):
            schema = body["response_format"]["json_schema"]["name"]
            user = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
        elif req.path.endswith("/messages"):
            schema = body["tools"][0]["input_schema"].get("title")
            user = body["messages"][-1]["content"]
        else:
            return Response(404, json.dumps({"error": {"message": "no such route"}}))
        self.requests.append({"path": req.path, "body": body, "headers": req.headers,
                              "schema": schema})
        if self.status != 200:
            return Response(self.status, json.dumps({"error": {"message": "nope"}}))
        answer = self.answers.get(schema)
        if answer is None:
            return Response(400, json.dumps({"error": {"message": f"no answer for {schema}"}}))
        result = answer(json.loads(user))
        if req.path.endswith("/messages"):
            return Response(200, json.dumps({
                "id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                "content": [{"type": "tool_use", "id": "toolu_1", "name": body["tools"][0]["name"],
                             "input": result}],
                "stop_reason": "tool_use", "usage": {"input_tokens": 120, "output_tokens": 30}}))
        content = result if isinstance(result, str) else json.dumps(result)
        return Response(200, json.dumps({
            "id": "chatcmpl-1", "object": "chat.completion", "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}}))


_WORD = re.compile(r"[a-z][a-z0-9\-]{3,}")
_STOP = {"that", "this", "with", "from", "have", "were", "which", "their", "these", "those", "been",
         "into", "than", "then", "also", "such", "they", "there", "where", "when", "what", "show",
         "shows", "shown", "work", "works", "paper", "study", "studies", "report", "reported",
         "using", "used", "based", "between", "about", "after", "before", "other", "more", "most"}


def _content(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower())} - _STOP


def lexical_support(payload: dict[str, Any]) -> dict[str, Any]:
    """A stand-in support judge for wiring tests and benchmarks (SupportAnswer): the abstract
    sentence sharing most content words with the claim, quoted verbatim; SUPPORTED when it
    shares at least three (and a third of the claim's words), UNRELATED when it shares none,
    else CANNOT_TELL. Never CONTRADICTED: it cannot read negation."""
    claim = _content(payload["sentence"])
    abstract = payload["work"]["abstract"] or ""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", abstract) if s.strip()]
    best, overlap = "", 0
    for sentence in sentences:
        shared = len(claim & _content(sentence))
        if shared > overlap:
            best, overlap = sentence, shared
    if overlap >= 3 and overlap >= len(claim) / 3:
        return {"label": "SUPPORTED", "quote": best, "rationale": f"{overlap} content words shared"}
    if len(claim & _content(abstract)) == 0:
        return {"label": "UNRELATED", "quote": sentences[0] if sentences else None,
                "rationale": "no content word in common"}
    return {"label": "CANNOT_TELL", "quote": None, "rationale": "the abstract does not address it"}
