"""A reply in plain text instead of a tool call: the agent would end without an answer.
The model is told once to answer with the answer tool; a second plain reply stops the
chunk's turn. (A model that writes its tool call as JSON text is not second-guessed:
serving such a model is the server's business, see docs.)"""

from __future__ import annotations

from typing import Any

from langchain.agents.middleware import AgentMiddleware, AgentState, hook_config
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from ..prompts import render
from .turn import ToolUseStopped, current_turn, rejected

__all__ = ["PlainTextMiddleware"]


class PlainTextMiddleware(AgentMiddleware):
    def __init__(self, lang: str, answer_tool: str) -> None:
        super().__init__()
        self.lang = lang
        self.answer_tool = answer_tool

    @hook_config(can_jump_to=["model"])
    def after_model(self, state: AgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        messages = state["messages"]
        last = messages[-1] if messages else None
        if not isinstance(last, AIMessage) or last.tool_calls or last.invalid_tool_calls:
            return None
        text = last.content if isinstance(last.content, str) else str(last.content)
        detail = f"a plain-text reply instead of {self.answer_tool}: {' '.join(text.split())[:120]!r}"
        rejected("plain_text", detail)
        turn = current_turn.get()
        if turn is None or not turn.correct("plain_text"):
            raise ToolUseStopped("plain_text", detail)
        return {"messages": [HumanMessage(render("agent_plain_text", self.lang, answer_tool=self.answer_tool))],
                "jump_to": "model"}
