"""Ids of the wrong document: a tool of document B called with an id of document A (or
the reverse) is answered with a failed ToolResult saying so, once; the next such call
stops the chunk's turn. The final answer is checked the same way
(``hikaku.agent.answer``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from ...document import Document
from ..prompts import render
from .turn import ToolUseStopped, current_turn, refused, rejected

__all__ = ["DocumentIdsMiddleware", "wrong_document"]


def wrong_document(chunk_id: str, side: str, a: Document, b: Document) -> bool:
    """*chunk_id* is not a chunk of document *side* but one of the other document."""
    own, other = (a, b) if side == "A" else (b, a)
    return own.position(chunk_id) is None and other.position(chunk_id) is not None


class DocumentIdsMiddleware(AgentMiddleware):
    """*sides*: the tools that read one document whatever their arguments say, and which
    (what each declares: ``ToolSpec.document``)."""

    def __init__(self, document_a: Document, document_b: Document, lang: str,
                 sides: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.a, self.b = document_a, document_b
        self.lang = lang
        self.sides = dict(sides or {})

    def _side(self, tool: str, args: dict[str, Any]) -> str | None:
        """The document a tool call reads, as far as its arguments say."""
        if tool in self.sides:
            return self.sides[tool]
        doc = args.get("document_id")
        if not isinstance(doc, str):
            return None
        if doc.strip().upper() == "A" or doc == self.a.id:
            return "A"
        if doc.strip().upper() == "B" or doc == self.b.id:
            return "B"
        return None

    def wrap_tool_call(self, request: ToolCallRequest,
                       handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]]) -> ToolMessage | Command[Any]:
        call = request.tool_call
        args = call.get("args") or {}
        side = self._side(call["name"], args)
        chunk_id = args.get("chunk_id")
        if side is None or not isinstance(chunk_id, str) or not wrong_document(chunk_id, side, self.a, self.b):
            return handler(request)
        other = "B" if side == "A" else "A"
        detail = f"{call['name']} was called with {chunk_id!r}, an id of document {other}, for document {side}"
        rejected("wrong_document", detail)
        turn = current_turn.get()
        if turn is None or not turn.correct("wrong_document"):
            raise ToolUseStopped("wrong_document", detail + " (again, after a correction)")
        return refused(call, render("agent_wrong_document", self.lang, tool=call["name"], chunk_id=chunk_id,
                                    side=side, other=other))
