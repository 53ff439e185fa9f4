"""Scripted adversarial models: what a weak or broken LLM does to a comparison. Each is
a script for ``tests.fakes.ScriptedChatModel`` (answers computed from the messages)."""

from __future__ import annotations

import json
import re

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from tests.fakes import answer, chunk_id_of, tool_call


def chunk_text(messages: list[BaseMessage]) -> str:
    found = re.search(r"(?:本文|Text):\n(.*?)\n\n## ", str(messages[0].content), re.S)
    assert found, "no chunk text in the system prompt"
    return found.group(1)


def deletes_everything(messages: list[BaseMessage]) -> AIMessage:
    """Every chunk is deleted, with high confidence, without looking."""
    return answer([], "deleted", "削除された", 0.99)


def picks_the_weakest(messages: list[BaseMessage]) -> AIMessage:
    """Searches by meaning and takes the least similar hit, with high confidence."""
    last = messages[-1]
    if not isinstance(last, ToolMessage):
        return tool_call("vector_similarity_tool", {"query_text": chunk_text(messages), "document_id": "B",
                                                    "threshold": 0.0, "max_results": 5})
    hits = json.loads(str(last.content)).get("output") or []
    if not hits:
        return answer([], "deleted", "", 0.99)
    return answer([hits[-1]["id"]], "modified", "いちばん弱い候補", 0.99)


def passes_a_ids_to_b_tools(messages: list[BaseMessage]) -> AIMessage:
    """Asks get_context_tool_b about the chunk of A (its own id), then about a neighbour
    of A the prompt mentions."""
    cid = chunk_id_of(messages)
    refused = [m for m in messages if isinstance(m, ToolMessage)]
    if not refused:
        return tool_call("get_context_tool_b", {"chunk_id": cid}, "call_0")
    neighbours = [a for a in re.findall(r"^\s+- (\S+) → ", str(messages[0].content), re.M) if a != cid]
    assert neighbours, "no neighbour of A in the prompt"
    return tool_call("get_context_tool_b", {"chunk_id": neighbours[0]}, f"call_{len(refused)}")


def loops(messages: list[BaseMessage]) -> AIMessage:
    """Calls the same search with the same arguments, over and over."""
    n = sum(1 for m in messages if isinstance(m, ToolMessage))
    return tool_call("string_search_tool", {"pattern": "第1条", "document_id": "B"}, f"call_{n}")


def answers_in_plain_text(messages: list[BaseMessage]) -> AIMessage:
    """Writes its answer as text instead of calling the answer tool."""
    return AIMessage(content='{"counterpart_ids": [], "change_type": "deleted"}')


def corrects_itself(messages: list[BaseMessage]) -> AIMessage:
    """Passes the A id to get_context_tool_b once; after the refusal, asks with the
    counterpart the plan proposes (all its chunks: a split is two) and answers with it."""
    cid = chunk_id_of(messages)
    tools = [m for m in messages if isinstance(m, ToolMessage)]
    proposal = re.search(r"(?:全体の位置合わせによる候補|Candidate from the whole-document alignment): (b\d+(?:, b\d+)*)",
                         str(messages[0].content))
    if not tools:
        return tool_call("get_context_tool_b", {"chunk_id": cid}, "call_0")
    if len(tools) == 1:
        if not proposal:  # the plan proposes nothing: a deletion
            return answer([], "deleted", "対応なし", 0.6)
        return tool_call("get_context_tool_b", {"chunk_id": proposal.group(1).split(", ")[0]}, "call_1")
    assert proposal is not None
    return answer(proposal.group(1).split(", "), "modified", "直した", 0.9)


def retried(messages: list[BaseMessage]) -> bool:
    """The policy asked again (a retry prompt follows the task)."""
    return sum(1 for m in messages if isinstance(m, HumanMessage)) > 1


def shifts(messages: list[BaseMessage]) -> AIMessage:
    """Answers, without looking, the chunk of B with the number of the chunk of A (a1 → b1,
    a2 → b2 …) as unchanged: an id shifted by every insertion or split before it."""
    number = re.sub(r"\D", "", chunk_id_of(messages))
    return answer([f"b{number}"], "unchanged", "", 0.99)
