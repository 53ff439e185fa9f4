"""The comparison as a LangGraph StateGraph."""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from .ask_reviewer import ask_reviewer, route_after_agent
from .nodes import (
    format_output,
    initialize,
    plan_alignment_node,
    process_comparison_results,
    react_agent,
    resolve_alignment,
    route_after_select,
    select_next_chunk,
)
from .runtime import ComparisonRuntime
from .state import ComparisonState

__all__ = ["build_graph", "NODES"]

NODES = (
    "initialize",
    "plan_alignment",
    "select_next_chunk",
    "react_agent",
    "ask_reviewer",
    "process_comparison_results",
    "resolve_alignment",
    "format_output",
)


def build_graph(checkpointer=None, *, interrupt_after: list[str] | None = None):
    """Compile the graph. Edges follow the seeds' design, with two nodes added: the
    whole-document plan before the agent loop, and the resolution of competition,
    moves and additions after it; in review mode the agent asks the reviewer about the
    chunks it cannot decide (``ask_reviewer``, a LangGraph interrupt: needs a checkpointer). With a *checkpointer* the run can be stopped (e.g.
    *interrupt_after* a node) and resumed in another process."""
    g = StateGraph(ComparisonState, context_schema=ComparisonRuntime)
    g.add_node("initialize", initialize)
    g.add_node("plan_alignment", plan_alignment_node)
    g.add_node("select_next_chunk", select_next_chunk)
    g.add_node("react_agent", react_agent)
    g.add_node("ask_reviewer", ask_reviewer)
    g.add_node("process_comparison_results", process_comparison_results)
    g.add_node("resolve_alignment", resolve_alignment)
    g.add_node("format_output", format_output)
    g.add_edge(START, "initialize")
    g.add_edge("initialize", "plan_alignment")
    g.add_edge("plan_alignment", "select_next_chunk")
    g.add_conditional_edges(
        "select_next_chunk",
        route_after_select,
        {"has_more_chunks": "react_agent", "no_more_chunks": "resolve_alignment"},
    )
    g.add_conditional_edges("react_agent", route_after_agent,
                            {"ask_reviewer": "ask_reviewer", "process_comparison_results": "process_comparison_results"})
    g.add_edge("ask_reviewer", "process_comparison_results")
    g.add_edge("process_comparison_results", "select_next_chunk")
    g.add_edge("resolve_alignment", "format_output")
    g.add_edge("format_output", END)
    return g.compile(checkpointer=checkpointer, interrupt_after=interrupt_after)
