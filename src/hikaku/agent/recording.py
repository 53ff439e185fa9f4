"""What an agent did for one chunk: tool calls, model calls and their usage, retries,
fallbacks. Counted for ``stats`` and written to the ``--trace`` JSONL file.

A :class:`ChunkRecorder` is made per chunk and made current with
:data:`current_recorder` (a context variable, so that concurrent chunks in threads and
LangGraph's tool executor each report to their own chunk); the tool registry's listener
and the model callback report into it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from contextvars import ContextVar
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import IO, Any

from langchain_core.callbacks import BaseCallbackHandler

from ..align import Usage
from ..llm import describe_error
from ..tools import ToolResult

__all__ = ["TraceWriter", "ChunkRecorder", "current_recorder", "llm_turn", "ModelUsageCallback", "record_tool_call"]

current_recorder: ContextVar[ChunkRecorder | None] = ContextVar("hikaku_current_recorder", default=None)
# True while the LLM agent runs (its tool calls may spend model calls, e.g. on heading summaries);
# the offline policy's tool calls, a fallback's included, never do
llm_turn: ContextVar[bool] = ContextVar("hikaku_llm_turn", default=False)


def _jsonable(value: Any) -> Any:
    """Records (dataclasses) as objects, anything else as its string."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return str(value)


class TraceWriter:
    """Appends one JSON object per line; thread-safe; secrets are masked in every line."""

    def __init__(self, path: str | os.PathLike[str], *, run_id: str, append: bool = False, secrets: list[str] | None = None):
        self.path = Path(path)
        self.run_id = run_id
        self._secrets = [s for s in (secrets or []) if s]
        self._lock = threading.Lock()
        self._file: IO[str] | None = open(self.path, "a" if append else "w", encoding="utf-8")  # noqa: SIM115

    def write(self, event: str, **data: Any) -> None:
        line = json.dumps({"ts": round(time.time(), 3), "run_id": self.run_id, "event": event, **data},
                          ensure_ascii=False, default=_jsonable)
        for s in self._secrets:
            line = line.replace(s, "***")
        with self._lock:
            if self._file is not None:
                self._file.write(line + "\n")
                self._file.flush()

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


class ChunkRecorder:
    def __init__(self, chunk_ids: tuple[str, ...] | list[str], trace: TraceWriter | None = None) -> None:
        self.chunk = list(chunk_ids)
        self.trace = trace
        self.llm_calls = 0
        self.input_tokens = 0
        self.output_tokens = 0
        self.tool_calls = 0
        self.requests = 0
        self.failed = 0
        self.rejected = 0
        self._lock = threading.Lock()

    def event(self, event: str, **data: Any) -> None:
        if self.trace is not None:
            self.trace.write(event, chunk=self.chunk, **data)

    def tool(self, name: str, args: dict[str, Any], result: ToolResult) -> None:
        with self._lock:
            self.tool_calls += 1
        if self.trace is not None:  # serialising a ToolResult costs: only for a trace
            self.event("tool_call", tool=name, args=args, result=result.to_dict(),
                       by="llm" if llm_turn.get() else "offline")

    def model(self, usage: dict[str, Any] | None, tool_calls: list[dict[str, Any]], content: str) -> None:
        inp = int((usage or {}).get("input_tokens", 0) or 0)
        out = int((usage or {}).get("output_tokens", 0) or 0)
        with self._lock:
            self.llm_calls += 1
            self.input_tokens += inp
            self.output_tokens += out
        self.event("model_call", usage={"input_tokens": inp, "output_tokens": out},
                   tool_calls=[{"name": c.get("name"), "args": c.get("args")} for c in tool_calls],
                   content=content[:2000])

    def request(self) -> None:
        """A request is being sent to the model (each attempt of a retried call too)."""
        with self._lock:
            self.requests += 1

    def request_failed(self, error: str) -> None:
        with self._lock:
            self.failed += 1
        self.event("model_error", error=error)

    def reject(self, kind: str, detail: str) -> None:
        """hikaku refused a reply of the model (an answer, a tool call, plain text)."""
        with self._lock:
            self.rejected += 1
        self.event("rejected", kind=kind, detail=detail)

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def usage(self) -> Usage:
        return Usage(llm_calls=self.llm_calls, input_tokens=self.input_tokens, output_tokens=self.output_tokens,
                     tool_calls=self.tool_calls, llm_requests=self.requests, llm_failed=self.failed,
                     llm_rejected=self.rejected)


def record_tool_call(name: str, args: dict[str, Any], result: ToolResult) -> None:
    """The tool registry's listener: report to the chunk being examined, if any."""
    rec = current_recorder.get()
    if rec is not None:
        rec.tool(name, args, result)


class ModelUsageCallback(BaseCallbackHandler):
    """Reports every request to the model, every finished call (usage, requested tool
    calls) and every failed attempt to a recorder."""

    def __init__(self, recorder: ChunkRecorder) -> None:
        self.recorder = recorder

    def on_chat_model_start(self, serialized: Any, messages: Any, **kwargs: Any) -> None:
        self.recorder.request()

    def on_llm_start(self, serialized: Any, prompts: Any, **kwargs: Any) -> None:  # a completion model
        self.recorder.request()

    def on_llm_end(self, response: Any, **kwargs: Any) -> None:
        for generations in response.generations:
            for g in generations:
                msg = getattr(g, "message", None)
                if msg is None:
                    continue
                content = msg.content if isinstance(msg.content, str) else json.dumps(msg.content, ensure_ascii=False)
                self.recorder.model(getattr(msg, "usage_metadata", None), list(getattr(msg, "tool_calls", []) or []),
                                    content)

    def on_llm_error(self, error: BaseException, **kwargs: Any) -> None:
        self.recorder.request_failed(describe_error(error))
