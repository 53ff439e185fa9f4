"""The LangGraph state of a comparison.

It holds ids and small results, never whole documents: the documents, indexes, tools
and the alignment plan live in the run's :class:`~hikaku.workflow.runtime.ComparisonRuntime`
(passed as LangGraph *context*), so that a checkpoint stays small.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

__all__ = ["ComparisonState", "DocumentRef"]


class DocumentRef(TypedDict):
    id: str
    title: str
    chunk_count: int


class ComparisonState(TypedDict, total=False):
    document_a: DocumentRef
    document_b: DocumentRef
    current_chunk_a: str | None  # first A id of the group the agent is examining
    comparison_results: Annotated[list[dict[str, Any]], operator.add]  # settled groups and agent decisions
    processed_chunks_a: Annotated[list[str], operator.add]
    agent_thoughts: Annotated[list[str], operator.add]
    current_step: str
    pending_chunks_a: list[str]  # groups (by first A id) the agent must examine, in document order
    cursor: int  # index into pending_chunks_a of the next group
    agent_output: dict[str, Any] | None
    changes: list[dict[str, Any]]  # the resolved changes
    result: dict[str, Any]  # the ComparisonResult as JSON-able dict
