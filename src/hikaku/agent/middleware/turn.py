"""What the model was corrected for while examining one chunk.

A :class:`Turn` is made per chunk by the LLM policy and made current through a context
variable (like the chunk's recorder), so that the middleware of concurrent chunks — and
LangGraph's tool executor, which copies the context — each see their own chunk's."""

from __future__ import annotations

import json
import threading
from collections import Counter
from contextvars import ContextVar
from typing import Any

from langchain_core.messages import ToolCall, ToolMessage

from ...tools import ToolResult
from ..recording import current_recorder

__all__ = ["Turn", "ToolUseStopped", "current_turn", "refused", "rejected"]


class ToolUseStopped(Exception):
    """The model repeated a mistake it had been corrected for: the chunk's LLM turn ends."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class Turn:
    """Corrections given for one chunk (each kind once), and the tool calls of the
    current attempt (an attempt that starts afresh may repeat an earlier one's calls)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._corrected: set[str] = set()
        self._calls: Counter[str] = Counter()

    def new_attempt(self) -> None:
        with self._lock:
            self._calls.clear()

    def call_count(self, name: str, args: Any) -> int:
        """Count a tool call; how often it was made in this attempt, this one included."""
        key = name + "\x00" + json.dumps(args, sort_keys=True, ensure_ascii=False, default=str)
        with self._lock:
            self._calls[key] += 1
            return self._calls[key]

    def correct(self, kind: str) -> bool:
        """True the first time a mistake of this kind is corrected; False once it was."""
        with self._lock:
            if kind in self._corrected:
                return False
            self._corrected.add(kind)
            return True


current_turn: ContextVar[Turn | None] = ContextVar("hikaku_current_turn", default=None)


def rejected(kind: str, detail: str) -> None:
    """Count a refused reply on the chunk's recorder."""
    rec = current_recorder.get()
    if rec is not None:
        rec.reject(kind, detail)


def refused(call: ToolCall, message: str) -> ToolMessage:
    """The failed ToolResult a refused tool call is answered with (the same shape as a
    tool's own failure, so that the model reads it like any other)."""
    name = call["name"]
    result = ToolResult(success=False, error=message, confidence_factors={"result_count": 0.0}, tool_name=name)
    return ToolMessage(content=json.dumps(result.to_dict(), ensure_ascii=False), tool_call_id=call.get("id") or "",
                       name=name, status="error")
