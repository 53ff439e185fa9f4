"""A tool called again with the same arguments (a loop): answered once with a reminder
instead of running the tool, then the chunk's turn is stopped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from ..prompts import render
from .turn import ToolUseStopped, current_turn, refused, rejected

__all__ = ["RepeatedCallMiddleware"]


class RepeatedCallMiddleware(AgentMiddleware):
    def __init__(self, lang: str, answer_tool: str) -> None:
        super().__init__()
        self.lang = lang
        self.answer_tool = answer_tool

    def wrap_tool_call(self, request: ToolCallRequest,
                       handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]]) -> ToolMessage | Command[Any]:
        turn = current_turn.get()
        call = request.tool_call
        if turn is None or turn.call_count(call["name"], call.get("args") or {}) == 1:
            return handler(request)
        detail = f"{call['name']} called again with the same arguments"
        rejected("loop", detail)
        if not turn.correct("loop"):
            raise ToolUseStopped("loop", f"{detail}, after being told its result was already there")
        return refused(call, render("agent_loop", self.lang, tool=call["name"], answer_tool=self.answer_tool))
