"""The nodes of the comparison graph.

initialize → plan_alignment → select_next_chunk ⇄ react_agent → process_comparison_results
→ … → resolve_alignment → format_output
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from typing import Any

from langgraph.runtime import Runtime

from .._models import ComparisonResult
from .._text import match_key
from ..agent import AgentTask, Decision, OfflinePolicy, PolicyParams, group_text
from ..agent.budget import RunBudget
from ..agent.recording import ChunkRecorder, current_recorder, record_tool_call
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


def _examined_by_agent(rt: ComparisonRuntime, group) -> bool:
    """Uncertain groups always; with an LLM, ``llm_scope`` adds the changed pairs the plan
    settled (``changed``) or every group (``all``)."""
    if not group.certain:
        return True
    scope = rt.options.llm_scope if rt.chat_model is not None else "uncertain"
    return scope == "all" or (scope == "changed" and not group.kind.startswith("identical"))


def prepare(rt: ComparisonRuntime, state: ComparisonState | None = None) -> None:
    """Build the plan, the stores, the tools and the policy of a run, once. Deterministic,
    so that a run resumed from a checkpoint rebuilds exactly what it had (the tokens
    already spent are read back from *state*)."""
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
    rt.agent_groups = [k for k, g in enumerate(plan.groups) if _examined_by_agent(rt, g)]
    # chunks settled without the agent are nobody's candidate: not indexed, never embedded
    examined = set(rt.agent_groups)
    settled_a = {i for k, g in enumerate(plan.groups) if k not in examined for i in g.a}
    settled_b = {j for k, g in enumerate(plan.groups) if k not in examined for j in g.b}
    summarizer = None
    if rt.chat_model is not None and o.llm_summaries:
        from .._config import user_dir
        from ..tools.summaries import LLMSummarizer

        summarizer = LLMSummarizer(rt.chat_model, model_name=rt.model_name or "", lang=o.lang,
                                   cache_path=user_dir() / "cache" / "summaries.sqlite")
    store_a = DocumentStore(a, "A", HybridIndex(rt.embedder, rt.tokenizer),
                            searchable=[c.id for i, c in enumerate(a.chunks) if i not in settled_a], summarizer=summarizer)
    store_b = DocumentStore(b, "B", HybridIndex(rt.embedder, rt.tokenizer),
                            searchable=[c.id for j, c in enumerate(b.chunks) if j not in settled_b], summarizer=summarizer)
    rt.plan, rt.similarity = plan, sim
    rt.stores = StoreSet(store_a, store_b)
    rt.registry = build_registry(rt.stores, o.enabled_tools, regex_timeout_s=o.regex_timeout_s,
                                 listener=record_tool_call, lock=rt.lock)
    spent = sum(int(r.get("usage", {}).get("input_tokens", 0)) + int(r.get("usage", {}).get("output_tokens", 0))
                for r in (state or {}).get("comparison_results", []))
    rt.budget = RunBudget(o.max_tokens_total, used=spent, max_failures=o.llm_max_failures)
    if rt.policy_factory is not None:
        rt.policy = rt.policy_factory(rt)
    else:
        offline = OfflinePolicy(
            rt.registry, a, b, store_b.index,
            PolicyParams(tau=o.similarity_threshold, move_threshold=o.move_threshold,
                         certain_similarity=o.certain_similarity, vector_threshold=o.vector_threshold,
                         vector_max_results=o.vector_max_results),
            lang=o.lang,
        )
        rt.policy = offline
        if rt.chat_model is not None:
            from ..agent.llm import LLMPolicy

            rt.policy = LLMPolicy(rt.chat_model, rt.registry, document_a=a, document_b=b, fallback=offline,
                                  options=o, budget=rt.budget, lock=rt.lock, trace=rt.trace,
                                  model_name=rt.model_name or "")
    rt.view = PlanView(rt)


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
    """Anchor identical chunks, align the gaps, and set up the tools and the agent."""
    rt = runtime.context
    start = time.perf_counter()
    rt.report_progress("plan", 0, 1)
    prepare(rt, state)
    plan = rt.plan
    assert plan is not None and rt.stores is not None and rt.agent_groups is not None
    a, b = rt.document_a, rt.document_b
    settled: list[dict[str, Any]] = []
    pending: list[str] = []
    examined = set(rt.agent_groups)
    for k, g in enumerate(plan.groups):
        a_ids = [a.chunks[i].id for i in g.a]
        if k not in examined:
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
        f"{len(settled) - n_ident} certain match(es) settled, {len(pending)} group(s) for the agent, "
        f"{len(plan.unmatched_b)} B chunk(s) without counterpart yet"
    )
    _timed(rt, "plan", start)
    if rt.trace is not None:
        rt.trace.write("plan", thought=thought, settled=len(settled), for_agent=len(pending))
    rt.report_progress("plan", 1, 1)
    return {
        "comparison_results": settled,
        "processed_chunks_a": [i for r in settled for i in r["a_ids"]],
        "pending_chunks_a": pending,
        "cursor": 0,
        "agent_thoughts": [thought],
        "current_step": "plan_alignment",
    }


def _batch_size(rt: ComparisonRuntime) -> int:
    """Groups examined in one step: with a model, ``concurrency`` at once (they wait on the
    network); offline, a few in a row (one checkpoint for several cheap decisions)."""
    return rt.options.concurrency if getattr(rt.policy, "name", "") == "llm" else rt.offline_batch


def select_next_chunk(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    pending = state.get("pending_chunks_a", [])
    cursor = state.get("cursor", 0)
    rt.report_progress("agent", cursor, len(pending))
    if cursor < len(pending):
        prepare(rt, state)
        batch = pending[cursor:cursor + _batch_size(rt)]
        return {"current_chunk_a": batch[0], "current_batch": batch, "cursor": cursor + len(batch),
                "current_step": "select_next_chunk"}
    return {"current_chunk_a": None, "current_batch": [], "current_step": "select_next_chunk"}


def route_after_select(state: ComparisonState) -> str:
    return "has_more_chunks" if state.get("current_chunk_a") else "no_more_chunks"


def _task(rt: ComparisonRuntime, a_id: str) -> AgentTask:
    assert rt.plan is not None
    group = rt.plan.group_of_a[rt.document_a.position(a_id)]  # type: ignore[index]
    return AgentTask(
        a_ids=tuple(rt.document_a.chunks[i].id for i in group.a),
        proposal_b_ids=tuple(rt.document_b.chunks[j].id for j in group.b),
        proposal_similarity=group.similarity,
        proposal_kind=group.kind,
        window=group.window,
        certain=group.certain,
    )


def _examine(rt: ComparisonRuntime, task: AgentTask) -> Decision:
    """One chunk through the policy, with its own recorder (tool calls, model usage)."""
    assert rt.policy is not None and rt.view is not None
    rec = ChunkRecorder(task.a_ids, rt.trace)
    token = current_recorder.set(rec)
    try:
        rec.event("chunk_start", proposal=list(task.proposal_b_ids), proposal_similarity=round(task.proposal_similarity, 4),
                  proposal_kind=task.proposal_kind, certain=task.certain)
        decision = rt.policy.decide(task, rt.view)
    finally:
        current_recorder.reset(token)
    decision.usage = rec.usage()
    if rt.trace is not None:  # serialised again by react_agent: only when someone reads it here
        rec.event("decision", decision=decision.to_dict(), thoughts=decision.thoughts)
    return decision


def react_agent(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Examine the selected chunk(s): observe, think, act with the tools, reflect, decide.
    Several chunks of a batch run concurrently (each in its own copy of the context)."""
    rt = runtime.context
    start = time.perf_counter()
    prepare(rt, state)
    assert rt.view is not None
    batch = state.get("current_batch") or [state["current_chunk_a"]]
    rt.view.sync(state.get("comparison_results", []))
    tasks = [_task(rt, a_id) for a_id in batch if a_id is not None]
    if len(tasks) > 1 and getattr(rt.policy, "name", "") == "llm":
        with ThreadPoolExecutor(max_workers=len(tasks), thread_name_prefix="hikaku-agent") as pool:
            futures = [pool.submit(copy_context().run, _examine, rt, t) for t in tasks]
            decisions = [f.result() for f in futures]
        outputs = [d.to_dict() for d in decisions]
        thoughts = [t for d in decisions for t in d.thoughts]
    else:  # one after the other, each seeing the decisions before it
        outputs, thoughts = [], []
        for t in tasks:
            d = _examine(rt, t)
            outputs.append(d.to_dict())
            thoughts += d.thoughts
            rt.view.record(outputs[-1])
    _timed(rt, "agent", start)
    return {"agent_outputs": outputs, "agent_thoughts": thoughts, "current_step": "react_agent"}


def process_comparison_results(state: ComparisonState) -> dict[str, Any]:
    outputs = state.get("agent_outputs") or []
    if not outputs:
        return {"current_step": "process_comparison_results"}
    return {
        "comparison_results": list(outputs),
        "processed_chunks_a": [i for out in outputs for i in out["a_ids"]],
        "agent_outputs": [],
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
         "decided_by": g.decided_by, "reason": g.reason, "moved": g.moved, **g.extra}
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
