"""The nodes of the comparison graph.

initialize → plan_alignment → select_next_chunk ⇄ react_agent → process_comparison_results
→ … → resolve_alignment → format_output
"""

from __future__ import annotations

import logging
import time
from typing import Any

from langgraph.runtime import Runtime

from .._models import ComparisonResult
from .._text import match_key
from ..agent import AgentTask, OfflinePolicy, PolicyParams, group_text
from ..align import AlignmentParams, DPParams, plan_alignment
from ..index import HybridIndex
from ..tools import DocumentStore, StoreSet, build_registry
from .finalize import build_result
from .resolve import resolve
from .runtime import ComparisonRuntime, PlanView
from .state import ComparisonState

__all__ = [
    "prepare",
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


def _timed(rt: ComparisonRuntime, name: str, start: float) -> None:
    rt.timings_ms[name] = rt.timings_ms.get(name, 0.0) + (time.perf_counter() - start) * 1000


def prepare(rt: ComparisonRuntime) -> None:
    """Build the plan, the stores, the tools and the policy of a run, once. Deterministic,
    so that a run resumed from a checkpoint rebuilds exactly what it had."""
    if rt.plan is not None:
        return
    o = rt.options
    a, b = rt.document_a, rt.document_b
    keys_a = [match_key(c.content) for c in a.chunks]
    keys_b = [match_key(c.content) for c in b.chunks]
    params = AlignmentParams(
        dp=DPParams(tau=o.similarity_threshold, allow_merges=o.allow_merges),
        certain_similarity=o.certain_similarity,
        certain_margin=o.certain_margin,
    )
    plan, sim = plan_alignment(keys_a, keys_b, keys_a, keys_b, params, normalized=True)
    # chunks already settled with certainty are nobody's candidate: not indexed, never embedded
    settled_a = {i for g in plan.groups if g.certain for i in g.a}
    settled_b = {j for g in plan.groups if g.certain for j in g.b}
    store_a = DocumentStore(a, "A", HybridIndex(rt.embedder, rt.tokenizer),
                            searchable=[c.id for i, c in enumerate(a.chunks) if i not in settled_a])
    store_b = DocumentStore(b, "B", HybridIndex(rt.embedder, rt.tokenizer),
                            searchable=[c.id for j, c in enumerate(b.chunks) if j not in settled_b])
    rt.plan, rt.similarity = plan, sim
    rt.stores = StoreSet(store_a, store_b)
    rt.registry = build_registry(rt.stores, o.enabled_tools, regex_timeout_s=o.regex_timeout_s)
    if rt.policy_factory is not None:
        rt.policy = rt.policy_factory(rt)
    else:
        rt.policy = OfflinePolicy(
            rt.registry, a, b, store_b.index,
            PolicyParams(tau=o.similarity_threshold, move_threshold=o.move_threshold,
                         certain_similarity=o.certain_similarity, vector_threshold=o.vector_threshold,
                         vector_max_results=o.vector_max_results),
            lang=o.lang,
        )
    rt.view = PlanView(rt)


def initialize(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    a, b = rt.document_a, rt.document_b
    return {
        "document_a": {"id": a.id, "title": a.title, "chunk_count": len(a.chunks)},
        "document_b": {"id": b.id, "title": b.title, "chunk_count": len(b.chunks)},
        "current_chunk_a": None,
        "agent_output": None,
        "cursor": 0,
        "current_step": "initialize",
        "agent_thoughts": [f"A = {a.id} ({len(a.chunks)} chunks), B = {b.id} ({len(b.chunks)} chunks)"],
    }


def plan_alignment_node(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Anchor identical chunks, align the gaps, and set up the tools and the agent."""
    rt = runtime.context
    start = time.perf_counter()
    rt.report_progress("plan", 0, 1)
    prepare(rt)
    plan = rt.plan
    assert plan is not None and rt.stores is not None
    a, b = rt.document_a, rt.document_b
    settled: list[dict[str, Any]] = []
    pending: list[str] = []
    for g in plan.groups:
        a_ids = [a.chunks[i].id for i in g.a]
        if g.certain:
            settled.append({
                "a_ids": a_ids,
                "b_ids": [b.chunks[j].id for j in g.b],
                "similarity": round(g.similarity, 6),
                "confidence": 1.0 if g.kind.startswith("identical") else round(min(0.99, 0.5 + g.margin + (g.similarity - 0.5)), 4),
                "decided_by": "anchor" if g.kind.startswith("identical") else "plan",
                "reason": "identical text" if g.kind.startswith("identical") else "unrivalled near-duplicate in place",
            })
        else:
            pending.append(a_ids[0])
    # the agent will look for the uncertain chunks' counterparts: embed them together
    rt.stores.b.index.prefetch_queries(
        [group_text(a, [a.chunks[i].id for i in g.a]) for g in plan.groups if not g.certain]
    )
    n_ident = sum(1 for g in plan.groups if g.kind.startswith("identical"))
    thought = (
        f"plan: {n_ident} identical chunk(s) anchored ({plan.anchors_in_order} in order), "
        f"{len(settled) - n_ident} certain match(es), {len(pending)} group(s) for the agent, "
        f"{len(plan.unmatched_b)} B chunk(s) without counterpart yet"
    )
    _timed(rt, "plan", start)
    rt.report_progress("plan", 1, 1)
    return {
        "comparison_results": settled,
        "processed_chunks_a": [i for r in settled for i in r["a_ids"]],
        "pending_chunks_a": pending,
        "cursor": 0,
        "agent_thoughts": [thought],
        "current_step": "plan_alignment",
    }


def select_next_chunk(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    pending = state.get("pending_chunks_a", [])
    cursor = state.get("cursor", 0)
    runtime.context.report_progress("agent", cursor, len(pending))
    if cursor < len(pending):
        return {"current_chunk_a": pending[cursor], "cursor": cursor + 1, "current_step": "select_next_chunk"}
    return {"current_chunk_a": None, "current_step": "select_next_chunk"}


def route_after_select(state: ComparisonState) -> str:
    return "has_more_chunks" if state.get("current_chunk_a") else "no_more_chunks"


def react_agent(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    start = time.perf_counter()
    prepare(rt)
    assert rt.plan is not None and rt.view is not None and rt.policy is not None
    a_id = state["current_chunk_a"]
    assert a_id is not None
    group = rt.plan.group_of_a[rt.document_a.position(a_id)]  # type: ignore[index]
    rt.view.sync(state.get("comparison_results", []))
    task = AgentTask(
        a_ids=tuple(rt.document_a.chunks[i].id for i in group.a),
        proposal_b_ids=tuple(rt.document_b.chunks[j].id for j in group.b),
        proposal_similarity=group.similarity,
        proposal_kind=group.kind,
        window=group.window,
    )
    decision = rt.policy.decide(task, rt.view)
    _timed(rt, "agent", start)
    return {"agent_output": decision.to_dict(), "agent_thoughts": decision.thoughts, "current_step": "react_agent"}


def process_comparison_results(state: ComparisonState) -> dict[str, Any]:
    out = state.get("agent_output")
    if not out:
        return {"current_step": "process_comparison_results"}
    return {
        "comparison_results": [out],
        "processed_chunks_a": list(out["a_ids"]),
        "agent_output": None,
        "current_step": "process_comparison_results",
    }


def resolve_alignment(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Settle competition for B chunks, moves, and turn unmatched B chunks into additions."""
    rt = runtime.context
    start = time.perf_counter()
    groups = resolve(state.get("comparison_results", []), rt.document_a, rt.document_b,
                     tau=rt.options.similarity_threshold)
    changes = [
        {"a": list(g.a), "b": list(g.b), "similarity": g.similarity, "confidence": g.confidence,
         "decided_by": g.decided_by, "reason": g.reason, "moved": g.moved}
        for g in groups
    ]
    _timed(rt, "resolve", start)
    return {"changes": changes, "current_step": "resolve_alignment"}


def format_output(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    rt.report_progress("report", 0, 1)
    result: ComparisonResult = build_result(rt, state)
    rt.report_progress("report", 1, 1)
    return {"result": result.to_dict(), "current_step": "format_output"}
