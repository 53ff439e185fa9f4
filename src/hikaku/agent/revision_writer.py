"""The revision summary (改定の要旨) in the words of the LLM: one call with the facts of the
comparison (``hikaku.changes``), which the caller checks before it is used (an LLM may word
it, never invent it: ``hikaku.changes.ungrounded``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .prompts import render

__all__ = ["Written", "write_revision_summary"]


@dataclass(frozen=True)
class Written:
    text: str
    input_tokens: int = 0
    output_tokens: int = 0


def write_revision_summary(model: Any, facts: str, lang: str) -> Written:
    """The model's summary of *facts* (the digest of the comparison's summary); what the call
    raises is the caller's to handle."""
    from langchain_core.messages import HumanMessage, SystemMessage

    reply = model.invoke([SystemMessage(render("revision_summary", lang)), HumanMessage(facts)])
    usage = getattr(reply, "usage_metadata", None) or {}
    content = reply.content if isinstance(reply.content, str) else " ".join(
        part.get("text", "") if isinstance(part, dict) else str(part) for part in reply.content)
    return Written(" ".join(content.split()), int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)))
