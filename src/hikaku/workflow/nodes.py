"""The nodes of the comparison graph.

initialize → plan_alignment → select_next_chunk ⇄ react_agent → process_comparison_results
→ … → resolve_alignment → format_output

Every node reads the run's :class:`ComparisonRuntime` (complete before the graph starts)
and returns a partial state update.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from functools import partial
from typing import Any

from langgraph.runtime import Runtime

from ..agent import AgentTask, ChunkRecorder, current_recorder
from ..align import DecidedBy, Decision, ResolvedGroup, join_by_meaning, moves_across, resolve, with_moves
from ..document import is_heading_only, is_placeholder
from ..system import objects_kept
from ..tools import StringSearchTool
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

# a one-at-a-time policy's groups take at most about this many graph steps: every step copies
# the state's growing lists (LangGraph's channels), so a fixed batch would make a large
# comparison quadratic in its examined groups (the decisions do not depend on the batch: each
# group sees every decision before it)
AGENT_STEPS = 128

_REASONS = {"identical": "identical text", "renumbered": "the same text but for its number"}
_BY = {"anchor": "identical", "plan": "certain", "reviewer": "reviewer"}  # decided_by -> action
_CERTAIN = "a match the calibration finds certain"
_IN_ORDER = "a match the calibration finds certain in order: its neighbours' pairs rule out its rivals"


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
                confidence=round(g.order if g.in_order else g.probability, 4),
                reason=g.reason or _REASONS.get(g.kind.removesuffix("-moved"), _IN_ORDER if g.in_order else _CERTAIN),
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


def _unfinished(state: ComparisonState, pending: list[str], cursor: int) -> list[str]:
    """Chunks started (before the cursor) but not decided: under way when a run stopped."""
    processed = set(state.get("processed_chunks_a", []))
    return [a_id for a_id in pending[:cursor] if a_id not in processed]


def select_next_chunk(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """A one-at-a-time policy: the next few groups in a row (one checkpoint for several
    cheap decisions). A concurrent policy (its window, see ``workflow.window``): go on
    while chunks wait to start or are under way."""
    rt = runtime.context
    pending = state.get("pending_chunks_a", [])
    cursor = state.get("cursor", 0)
    if rt.window is not None:
        w = rt.window
        rt.report_progress("agent", max(0, cursor - w.running), len(pending))
        under_way = w.running > 0 or (not w.restarted and bool(_unfinished(state, pending, cursor)))
        if cursor < len(pending) or under_way:
            current = pending[cursor] if cursor < len(pending) else pending[cursor - 1]
            return {"current_chunk_a": current, "current_batch": [], "current_step": "select_next_chunk"}
        return {"current_chunk_a": None, "current_batch": [], "current_step": "select_next_chunk"}
    rt.report_progress("agent", cursor, len(pending))
    if cursor < len(pending):
        size = max(rt.offline_batch, -(-len(pending) // AGENT_STEPS))
        batch = pending[cursor:cursor + size]
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
        certain=group.settled,  # (examined with --llm-scope changed/all)
        proposal_probability=group.order if group.in_order else group.probability,
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


def _prepare_run(rt: ComparisonRuntime, tasks: list[AgentTask], state: ComparisonState) -> None:
    """Before the first group: a policy may find the whole run's keywords (then the keyword
    tokenizer goes), B's literal-search index is built, and the policy embeds what its first
    search needs — on a large pair the longest wait of the run, reported as the stage
    ``prepare``. One after another, each in what the one before gave back: the tokenizer's
    dictionary, the index's scratch and the embedding's rows are never all there at once
    (built beside the embedding, in a thread, the index saved no time and raised the peak:
    bench/RESULTS.md, "Figures behind the code"). The embedding is on the run's thread: an interrupt (Ctrl-C, a batch's
    termination) stops it at once."""
    prepare_run = getattr(rt.policy, "prepare_run", None)
    warm_up = getattr(rt.policy, "warm_up", None)
    if prepare_run is None and warm_up is None:
        return
    rt.report_progress("prepare", 0, 1)
    if prepare_run is not None:
        prepare_run(tasks + [_task(rt, a_id) for a_id in state.get("pending_chunks_a", [])[state.get("cursor", 0):]])
        rt.release_tokenizer()
    if StringSearchTool.name in rt.registry:
        rt.stores.b.index_literals()  # (its scratch given back as it ends)
    if warm_up is not None:
        warm_up(tasks[0])
    rt.report_progress("prepare", 1, 1)


def react_agent(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Examine chunks: observe, think, act with the tools, reflect, decide. A one-at-a-time
    policy examines the selected groups in a row, each seeing the decisions before it; a
    concurrent policy keeps its window full and returns what finished (``_window_step``)."""
    rt = runtime.context
    start = time.perf_counter()
    if rt.window is not None:
        update = _window_step(rt, state)
        rt.timed("agent", start)
        return update
    first = state.get("current_chunk_a")
    batch = state.get("current_batch") or ([first] if first else [])
    rt.view.sync(state.get("comparison_results", []))
    outputs: list[Decision] = []
    thoughts: list[str] = []
    tasks = [_task(rt, a_id) for a_id in batch]
    if not rt.run_prepared.is_set() and tasks:  # the run's first batch (or the first after a resume)
        rt.run_prepared.set()
        _prepare_run(rt, tasks, state)
    prepare = getattr(rt.policy, "prepare", None)  # a policy may start the batch's searches ahead
    if prepare is not None:
        prepare(tasks)
    for task in tasks:
        d = _examine(rt, task)
        outputs.append(d.for_state())
        if rt.thoughts:
            thoughts += d.thoughts
        rt.view.record(outputs[-1])
    rt.timed("agent", start)
    return {"agent_outputs": outputs, "agent_thoughts": thoughts, "current_step": "react_agent"}


def _window_step(rt: ComparisonRuntime, state: ComparisonState) -> dict[str, Any]:
    """Start chunks until the window is full — first, in a resumed run, those that were
    under way when it stopped —, wait until one finishes, and hand on every finished
    decision (the others go on during the checkpoint and the next steps). The chunks see
    the plan and a reviewer's answers, not one another's decisions (``PlanView``: which of
    them finished before another looked is a matter of timing), so that a result is the
    same with any ``concurrency`` and under any load."""
    w = rt.window
    assert w is not None
    pending = state.get("pending_chunks_a", [])
    cursor = state.get("cursor", 0)
    with rt.lock:
        rt.view.sync(state.get("comparison_results", []))
    if not w.restarted:
        for a_id in _unfinished(state, pending, cursor):
            if not w.is_running(a_id):
                w.start(a_id, partial(_examine, rt, _task(rt, a_id)))
        w.restarted = True
    while w.running < w.size and cursor < len(pending):
        a_id = pending[cursor]
        w.start(a_id, partial(_examine, rt, _task(rt, a_id)))
        cursor += 1
    decisions = [d for _, d in w.wait()]
    outputs = [d.for_state() for d in decisions]
    if rt.review.ask and any(rt.review.doubt(d).uncertain() for d in outputs):
        # the run pauses for a reviewer (and may resume in another process): the chunks under
        # way finish first and are kept with it, rather than examined again after the answer
        while w.running:
            more = [d for _, d in w.wait()]
            decisions += more
            outputs += [d.for_state() for d in more]
    with rt.lock:
        for d in outputs:
            rt.view.record(d)
    return {"agent_outputs": outputs, "agent_thoughts": [t for d in decisions for t in d.thoughts] if rt.thoughts else [],
            "cursor": cursor, "current_step": "react_agent"}


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
    rt.release_search()  # nothing is searched from here on: the memory goes to the resolution and the rows
    start = time.perf_counter()
    with objects_kept():  # the resolved groups: many objects that live on, no garbage in cycles
        groups = resolve(state.get("comparison_results", []), rt.document_a, rt.document_b,
                         rt.review.applied.constraints)
    if rt.plan.habit is not None:  # sentences joined or cut in other words (align/repair.py)
        a, b = rt.document_a.chunks, rt.document_b.chunks
        groups = join_by_meaning(groups, [c.content for c in a], [c.content for c in b],
                                 rt.stores.b.index.embedder.embed, rt.similarity.group,
                                 headings=([is_heading_only(c.structure) for c in a],
                                           [is_heading_only(c.structure) for c in b]))
    groups = _across_sections(rt, groups)
    rt.timed("resolve", start)
    return {"changes": groups, "current_step": "resolve_alignment"}


def _across_sections(rt: ComparisonRuntime, groups: list[ResolvedGroup]) -> list[ResolvedGroup]:
    """The clauses left deleted and added matched across the sections that kept them apart
    (``align.moves``): a clause moved into another rider is a move, not 削除 + 追加. Headings
    alone, placeholders and what a reviewer decided stay as they are."""
    sections = rt.view.sections
    if sections is None or not sections.constrained or rt.calibration is None or rt.plan.neighbours is None:
        return groups
    a, b = rt.document_a.chunks, rt.document_b.chunks

    def lone(g: ResolvedGroup, side: tuple[int, ...], other: tuple[int, ...], chunks: list) -> bool:
        return (len(side) == 1 and not other and g.decided_by != "reviewer"
                and not is_heading_only(chunks[side[0]].structure) and not is_placeholder(chunks[side[0]].content))

    deleted = [g.a[0] for g in groups if lone(g, g.a, g.b, a)]
    added = [g.b[0] for g in groups if lone(g, g.b, g.a, b)]
    if not deleted or not added:
        return groups
    moves = moves_across(rt.similarity, sections, rt.calibration.pair, rt.plan.neighbours, deleted, added,
                         rt.review.applied.constraints)
    return with_moves(groups, moves)


def format_output(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    rt = runtime.context
    rt.report_progress("report", 0, 1)
    rt.release_search()  # done in resolve_alignment already, unless the run resumed after it
    with objects_kept():  # the rows and their lists, among all that the comparison holds
        result = build_result(rt, state)
    rt.report_progress("report", 1, 1)
    return {"result": result, "current_step": "format_output"}
