"""The LangGraph state of a comparison.

It holds ids and small results, never whole documents: the documents, indexes, tools
and the alignment plan live in the run's :class:`~hikaku.workflow.runtime.ComparisonRuntime`
(passed as LangGraph *context*), so that a checkpoint stays small.

The lists that grow at every step (results, processed ids, thoughts) are LangGraph
``DeltaChannel`` s: a checkpoint stores what a step added, with a full snapshot now and
then, instead of the whole list at every step, so a checkpointed run stays linear in
time and space (the SQLite saver would otherwise write the whole state at every step).
The offline policy also examines several groups per step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, TypedDict

from langgraph.channels.delta import DeltaChannel

from ..align import Decision, ResolvedGroup
from ..result import ComparisonResult

__all__ = ["ComparisonState", "DocumentRef"]


def _concat(current: list[Any] | None, writes: Sequence[list[Any]]) -> list[Any]:
    """Append every write, in order (batching-invariant, as DeltaChannel requires)."""
    out = list(current or [])
    for w in writes:
        out.extend(w)
    return out


def _appended() -> DeltaChannel:
    return DeltaChannel(_concat, list, snapshot_frequency=200)


class DocumentRef(TypedDict):
    id: str
    title: str
    chunk_count: int


class ComparisonState(TypedDict, total=False):
    document_a: DocumentRef
    document_b: DocumentRef
    current_chunk_a: str | None  # first A id of the group the agent is examining
    current_batch: list[str]  # the groups examined in this step (several with --concurrency and an LLM)
    comparison_results: Annotated[list[Decision], _appended()]  # settled groups and agent decisions
    processed_chunks_a: Annotated[list[str], _appended()]
    agent_thoughts: Annotated[list[str], _appended()]
    current_step: str
    pending_chunks_a: list[str]  # groups (by first A id) the agent must examine, in document order
    cursor: int  # index into pending_chunks_a of the next group
    agent_outputs: list[Decision]  # the decisions of the last react_agent step
    questions_asked: int  # questions the agent asked the reviewer (review mode)
    fingerprint: str  # of the inputs and options: a run is only resumed on the same ones
    changes: list[ResolvedGroup]  # the resolved alignment
    result: ComparisonResult
