"""The llm/ package over real HTTP against loopback endpoints in the documented wire formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citecheck.llm import ModelError, ModelSpecError, make_model, parse_spec
from citecheck.llm.base import Message
from citecheck.llm.cached import CachedModel
from citecheck.llm.grounding import found_in
from citecheck.llm.local import EXTRA_HINT, LocalModel
from citecheck.llm.roles import grounded_record
from citecheck.llm.schemas import JudgeAnswer, ParseAnswer
from citecheck.sources.cache import ResponseCache
from citecheck.sources.config import SourceConfig
from tests.servers.base import LoopbackServer, Request, Response
from tests.servers.llm import FakeModelServer, always_ten

FAST = SourceConfig(backoff_base=0.01, backoff_max=0.05, max_retries=2)
MSGS = [Message("system", "Judge."), Message("user", json.dumps({"citation": "x"}))]


def test_spec_parsing() -> None:
    env = {"OPENAI_API_KEY": "sk-secret", "ANTHROPIC_API_KEY": "ak-secret"}
    spec = parse_spec("openai:gpt-4.1-mini", env)
    assert (spec.flavour, spec.url, spec.key) == ("openai", "https://api.openai.com/v1", "sk-secret")
    assert "sk-secret" not in repr(spec)
    assert parse_spec("anthropic:claude-sonnet-4-6", env).flavour == "anthropic"
    ollama = parse_spec("ollama:qwen2.5:7b", {})
    assert ollama.model == "qwen2.5:7b" and ollama.url == "http://127.0.0.1:11434/v1"
    local = parse_spec("local:/models/x.gguf", {})
    assert local.flavour == "local" and local.model == "/models/x.gguf"
    compat = parse_spec("openai-compatible:test", {"CITECHECK_LLM_URL": "http://h/v1",
                                                   "CITECHECK_LLM_KEY": "k"})
    assert (compat.url, compat.key) == ("http://h/v1", "k")
    with pytest.raises(ModelSpecError, match="CITECHECK_LLM_URL"):
        parse_spec("openai-compatible:test", {})
    with pytest.raises(ModelSpecError, match="OPENAI_API_KEY"):
        parse_spec("openai:gpt-4.1-mini", {})
    with pytest.raises(ModelSpecError, match="unknown provider"):
        parse_spec("gpt4", {}) if False else parse_spec("bard:x", {})
    with pytest.raises(ModelSpecError, match="PROVIDER:MODEL"):
        parse_spec("openai", {})


async def test_openai_compatible_request_and_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"JudgeAnswer": always_ten}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        monkeypatch.setenv("CITECHECK_LLM_KEY", "sk-test-secret")
        model = make_model("openai-compatible:test", FAST)
        answer = await model.complete(MSGS, JudgeAnswer)
        await model.aclose()
    assert isinstance(answer, JudgeAnswer) and answer.score == 10
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["authorization"] == "Bearer sk-test-secret"
    fmt = req["body"]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "JudgeAnswer"
    assert fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["schema"]["additionalProperties"] is False
    assert req["body"]["model"] == "test" and req["body"]["temperature"] == 0
    assert model.usage.calls == 1 and model.usage.prompt_tokens == 120


async def test_anthropic_tool_call(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"JudgeAnswer": always_ten}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "ak-test-secret")
        model = make_model("anthropic:claude-sonnet-4-6", FAST)
        answer = await model.complete(MSGS, JudgeAnswer)
        await model.aclose()
    assert answer.score == 10
    req = server.requests[0]
    assert req["path"] == "/v1/messages"
    assert req["headers"]["x-api-key"] == "ak-test-secret"
    assert req["headers"]["anthropic-version"] == "2023-06-01"
    body = req["body"]
    assert body["system"] == "Judge." and all(m["role"] != "system" for m in body["messages"])
    assert body["tool_choice"] == {"type": "tool", "name": body["tools"][0]["name"]}
    assert model.usage.prompt_tokens == 120 and model.usage.completion_tokens == 30


@pytest.mark.parametrize("content", [
    '{"score": 10, "confidence": 1',  # truncated
    '{"score": 11, "confidence": 1, "discrepancies": [], "rationale": ""}',  # out of range
    '{"score": 10, "confidence": 1, "discrepancies": [], "rationale": "", "x": 1}',  # extra key
    "Sure! The score is 10.",  # prose
])
async def test_invalid_answers_are_failed_calls(content: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"JudgeAnswer": lambda _: content}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        model = make_model("openai-compatible:test", FAST)
        with pytest.raises(ModelError, match="openai-compatible:test"):
            await model.complete(MSGS, JudgeAnswer)
        await model.aclose()


async def test_key_never_in_errors_and_retry_after_is_honoured(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def handler(req: Request) -> Response:
        seen.append(req.path)
        if len(seen) == 1:
            return Response(429, "{}", headers={"retry-after": "0.2"})
        return Response(401, json.dumps({"error": "bad key sk-very-secret"}))

    with LoopbackServer(handler) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.url + "/v1?key=sk-very-secret")
        monkeypatch.setenv("CITECHECK_LLM_KEY", "sk-very-secret")
        model = make_model("openai-compatible:test", FAST)
        with pytest.raises(ModelError) as info:
            await model.complete(MSGS, JudgeAnswer)
        await model.aclose()
    assert len(seen) == 2  # the 429 was retried after Retry-After, the 401 was not
    assert "sk-very-secret" not in str(info.value)


async def test_answers_are_cached_without_the_key(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite")
    with FakeModelServer({"JudgeAnswer": always_ten}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        monkeypatch.setenv("CITECHECK_LLM_KEY", "sk-cache-secret")
        model = CachedModel(make_model("openai-compatible:test", FAST), cache)
        first = await model.complete(MSGS, JudgeAnswer)
        second = await model.complete(MSGS, JudgeAnswer)
        other = await model.complete([MSGS[0], Message("user", "{}")], JudgeAnswer)
        await model.aclose()
    assert first == second == other and len(server.requests) == 2
    assert model.usage.cached == 1 and model.usage.calls == 2
    cache.close()
    blob = (tmp_path / "c.sqlite").read_bytes()
    assert b"sk-cache-secret" not in blob and server.base_url.encode() not in blob


def test_grounding_drops_what_the_text_does_not_say() -> None:
    text = "I. Halvorsen, C. Okafor, Quantum entanglement in cavities, Phys. Rev. Lett. 122, 110501 (2019)"
    answer = ParseAnswer.model_validate({
        "title": "Quantum entanglement in cavities",
        "author": [{"family": "Halvorsen", "given": "Ingrid"}, {"family": "Nakamura"}],
        "issued": 2019, "container-title": "Physical Review Letters", "volume": "122",
        "page": "110501-110509", "DOI": "10.1103/PhysRevLett.122.110501", "publisher": "APS"})
    record, dropped = grounded_record(answer, text)
    assert record.title and record.container_title == "Physical Review Letters"
    assert [a.family for a in record.author] == ["Halvorsen"]
    assert record.year == 2019 and record.volume == "122"
    assert record.page is None and record.DOI is None and record.publisher is None
    assert set(dropped) == {"author", "page", "DOI", "publisher"}
    assert found_in("Zeitschrift für Physik", "Z. Phys. 12 (1923)")
    assert not found_in("1923", "Z. Phys. 12 (19234)")


async def test_local_backend_names_its_extra(tmp_path: Path) -> None:
    pytest.importorskip("citecheck.llm.local")
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        gguf = tmp_path / "m.gguf"
        gguf.write_bytes(b"GGUF")
        with pytest.raises(ModelError, match=r"citecheck\[local\]"):
            await LocalModel("local:m", gguf).complete(MSGS, JudgeAnswer)
        assert "llama-cpp-python" in EXTRA_HINT
    else:
        pytest.skip("llama-cpp-python is installed: the missing-extra message cannot be shown")
    with pytest.raises(ValueError, match="no such GGUF"):
        LocalModel("local:x", tmp_path / "missing.gguf")
