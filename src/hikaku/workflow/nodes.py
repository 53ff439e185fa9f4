"""The nodes of the comparison graph.

initialize → plan_alignment → select_next_chunk ⇄ react_agent → process_comparison_results
→ … → resolve_alignment → format_output

Every node reads the run's :class:`ComparisonRuntime` (complete before the graph starts)
and returns a partial state update.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import replace
from typing import Any

from langgraph.runtime import Runtime

from ..agent import AgentTask
from ..agent.recording import ChunkRecorder, current_recorder
from ..align import DecidedBy, Decision, resolve
from .finalize import build_result
from .runtime import ComparisonRuntime
from .state import ComparisonState

__all__ = [
    "initialize",
    "plan_alignment_node",
    "select_next_chunk",
    "route_after_select",
    "react_agent",
    "process_comparison_results",
    "resolve_alignment",
    "format_output",
]

log = logging.getLogger(__name__)

_REASONS = {"identical": "identical text", "renumbered": "the same text but for its number"}
_BY = {"anchor": "identical", "plan": "certain", "reviewer": "reviewer"}  # decided_by -> action


def initialize(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    a, b = rt.document_a, rt.document_b
    return {
        "document_a": {"id": a.id, "title": a.title, "chunk_count": len(a.chunks)},
        "document_b": {"id": b.id, "title": b.title, "chunk_count": len(b.chunks)},
        "current_chunk_a": None,
        "agent_outputs": [],
        "fingerprint": rt.fingerprint,
        "cursor": 0,
        "current_step": "initialize",
        "agent_thoughts": [f"A = {a.id} ({len(a.chunks)} chunks), B = {b.id} ({len(b.chunks)} chunks)"],
    }


def plan_alignment_node(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Record what the whole-document plan settled (identical anchors, certain matches) and
    queue the groups the agent must examine."""
    rt = runtime.context
    start = time.perf_counter()
    plan = rt.plan
    a, b = rt.document_a, rt.document_b
    settled: list[Decision] = []
    pending: list[str] = []
    examined = set(rt.agent_groups)
    for k, g in enumerate(plan.groups):
        a_ids = tuple(a.chunks[i].id for i in g.a)
        if k not in examined:
            by: DecidedBy = "reviewer" if g.by_reviewer else "anchor" if g.anchored else "plan"
            settled.append(Decision(
                a_ids=a_ids,
                b_ids=tuple(b.chunks[j].id for j in g.b),
                decided_by=by,
                action=_BY[by],
                similarity=round(g.similarity, 6) if g.b else None,
                score=0.0,
                confidence=round(g.probability, 4),
                reason=g.reason or _REASONS.get(g.kind.removesuffix("-moved"), "a match the calibration finds certain"),
            ))
        else:
            pending.append(a_ids[0])
    n_ident = sum(1 for g in plan.groups if g.anchored)
    thought = (
        f"plan: {n_ident} identical chunk(s) anchored ({plan.anchors_in_order} in order), "
        f"{len(settled) - n_ident} certain match(es) settled, {len(pending)} group(s) for the agent, "
        f"{len(plan.unmatched_b)} B chunk(s) without counterpart yet"
    )
    rt.timed("plan", start)
    if rt.trace is not None:
        rt.trace.write("plan", thought=thought, settled=len(settled), for_agent=len(pending))
    return {
        "comparison_results": settled,
        "processed_chunks_a": [i for d in settled for i in d.a_ids],
        "pending_chunks_a": pending,
        "cursor": 0,
        "agent_thoughts": [thought],
        "current_step": "plan_alignment",
    }


def _batch_size(rt: ComparisonRuntime) -> int:
    """Groups examined in one step: a concurrent policy (waiting on a model) as many as it
    runs at once; a one-at-a-time policy a few in a row (one checkpoint for several cheap
    decisions)."""
    return rt.policy.concurrency if rt.policy.concurrency is not None else rt.offline_batch


def select_next_chunk(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    pending = state.get("pending_chunks_a", [])
    cursor = state.get("cursor", 0)
    rt.report_progress("agent", cursor, len(pending))
    if cursor < len(pending):
        batch = pending[cursor:cursor + _batch_size(rt)]
        return {"current_chunk_a": batch[0], "current_batch": batch, "cursor": cursor + len(batch),
                "current_step": "select_next_chunk"}
    return {"current_chunk_a": None, "current_batch": [], "current_step": "select_next_chunk"}


def route_after_select(state: ComparisonState) -> str:
    return "has_more_chunks" if state.get("current_chunk_a") else "no_more_chunks"


def _task(rt: ComparisonRuntime, a_id: str) -> AgentTask:
    pos = rt.document_a.position(a_id)
    assert pos is not None, a_id
    group = rt.plan.group_of_a[pos]
    return AgentTask(
        a_ids=tuple(rt.document_a.chunks[i].id for i in group.a),
        proposal_b_ids=tuple(rt.document_b.chunks[j].id for j in group.b),
        proposal_similarity=group.similarity,
        proposal_kind=group.kind,
        window=group.window,
        certain=group.certain,
        proposal_probability=group.probability,
    )


def _examine(rt: ComparisonRuntime, task: AgentTask) -> Decision:
    """One chunk through the policy, with its own recorder (tool calls, model usage)."""
    rec = ChunkRecorder(task.a_ids, rt.trace)
    token = current_recorder.set(rec)
    try:
        rec.event("chunk_start", proposal=list(task.proposal_b_ids), proposal_similarity=round(task.proposal_similarity, 4),
                  proposal_kind=task.proposal_kind, certain=task.certain)
        decision = rt.policy.decide(task, rt.view)
    finally:
        current_recorder.reset(token)
    decision = replace(decision, usage=rec.usage())
    if rt.trace is not None:
        rec.event("decision", decision=decision.for_state(), thoughts=list(decision.thoughts))
    return decision


def react_agent(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Examine the selected chunk(s): observe, think, act with the tools, reflect, decide.
    A concurrent policy examines the chunks of a batch at once (each in its own copy of
    the context); otherwise each sees the decisions before it."""
    rt = runtime.context
    start = time.perf_counter()
    first = state.get("current_chunk_a")
    batch = state.get("current_batch") or ([first] if first else [])
    rt.view.sync(state.get("comparison_results", []))
    tasks = [_task(rt, a_id) for a_id in batch]
    thoughts: list[str] = []
    outputs: list[Decision] = []
    if len(tasks) > 1 and rt.policy.concurrency is not None:
        with ThreadPoolExecutor(max_workers=len(tasks), thread_name_prefix="hikaku-agent") as pool:
            futures = [pool.submit(copy_context().run, _examine, rt, t) for t in tasks]
            decisions = [f.result() for f in futures]
        outputs = [d.for_state() for d in decisions]
        thoughts = [t for d in decisions for t in d.thoughts]
    else:
        for t in tasks:
            d = _examine(rt, t)
            outputs.append(d.for_state())
            thoughts += d.thoughts
            rt.view.record(outputs[-1])
    rt.timed("agent", start)
    return {"agent_outputs": outputs, "agent_thoughts": thoughts, "current_step": "react_agent"}


def process_comparison_results(state: ComparisonState) -> dict[str, Any]:
    outputs = state.get("agent_outputs") or []
    if not outputs:
        return {"current_step": "process_comparison_results"}
    return {
        "comparison_results": list(outputs),
        "processed_chunks_a": [i for d in outputs for i in d.a_ids],
        "agent_outputs": [],
        "current_step": "process_comparison_results",
    }


def resolve_alignment(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Settle competition for B chunks, moves, and turn unmatched B chunks into additions."""
    rt = runtime.context
    start = time.perf_counter()
    groups = resolve(state.get("comparison_results", []), rt.document_a, rt.document_b,
                     rt.review.applied.constraints)
    rt.timed("resolve", start)
    return {"changes": groups, "current_step": "resolve_alignment"}


def format_output(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    rt.report_progress("report", 0, 1)
    result = build_result(rt, state)
    rt.report_progress("report", 1, 1)
    return {"result": result, "current_step": "format_output"}
