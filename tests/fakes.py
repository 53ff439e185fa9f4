"""Test doubles: scripted chat models (a LangChain chat model whose answers are computed
by a Python function from the messages so far, like pydantic-ai's ``FunctionModel``) and
an embedder that counts what it embeds."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

Script = Callable[[list[BaseMessage]], AIMessage]


class ScriptedChatModel(BaseChatModel):
    """Each call returns ``script(messages)`` with a usage of 100 input / 10 output
    tokens; the messages of every call are kept in ``calls``."""

    script: Any
    calls: list = []
    bound_tools: list = []
    usage: tuple[int, int] = (100, 10)
    model_name: str = "scripted"
    lock: Any = None

    def model_post_init(self, context: Any) -> None:
        self.calls = []
        self.lock = threading.Lock()

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools, **kwargs):  # the agent binds its tools; the script decides
        self.bound_tools = [getattr(t, "name", None) or t.get("name") if isinstance(t, dict) else getattr(t, "name", str(t))
                            for t in tools]
        return self

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        with self.lock:
            self.calls.append(list(messages))
        msg = self.script(list(messages))
        msg.usage_metadata = {"input_tokens": self.usage[0], "output_tokens": self.usage[1],
                              "total_tokens": sum(self.usage)}
        return ChatResult(generations=[ChatGeneration(message=msg)])


def chunk_id_of(messages: list[BaseMessage]) -> str:
    for m in messages:
        if isinstance(m, HumanMessage):
            found = re.search(r"chunk_id: (\S+)", str(m.content))
            if found:
                return found.group(1)
    raise AssertionError("no chunk id in the task message")


def tool_call(name: str, args: dict[str, Any], call_id: str = "call_1") -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}])


def answer(counterpart_ids: list[str], change_type: str, description: str = "", confidence: float = 0.9) -> AIMessage:
    return tool_call("ComparisonAnswer", {"counterpart_ids": counterpart_ids, "change_type": change_type,
                                          "description": description, "confidence": confidence}, "call_answer")


def search_then_answer(text_of: Callable[[str], str], threshold: float = 0.5) -> Script:
    """A script that really uses a tool: it asks vector_similarity_tool for the chunk's
    text and answers with the best hit (modified), or 'deleted' when nothing is close."""

    def script(messages: list[BaseMessage]) -> AIMessage:
        last = messages[-1]
        if not isinstance(last, ToolMessage):
            return tool_call("vector_similarity_tool", {"query_text": text_of(chunk_id_of(messages)),
                                                        "document_id": "B", "threshold": threshold})
        try:
            hits = json.loads(last.content).get("output") or []
        except ValueError:  # the agent refused the call (e.g. a disabled tool): no hits
            hits = []
        if not hits:
            return answer([], "deleted", "削除された", 0.8)
        return answer([hits[0]["id"]], "modified", f"{hits[0]['id']} に変更", 0.85)

    return script


class CountingEmbedder:
    """Embeds with *inner* (hashed n-grams by default) and counts calls and texts; its
    name is *inner*'s unless given."""

    def __init__(self, inner: Any = None, name: str | None = None) -> None:
        from hikaku.embeddings import HashingEmbedder

        self.inner = inner if inner is not None else HashingEmbedder()
        self.name = name or self.inner.name
        self.calls = 0
        self.texts = 0

    def embed(self, texts):
        self.calls += 1
        self.texts += len(texts)
        return self.inner.embed(texts)
