"""The LangGraph workflow of a comparison: the runtime built before it runs, the graph,
its nodes and typed state, and durable (checkpointed) runs."""

from __future__ import annotations

from .graph import NODES, build_graph
from .runtime import ComparisonRuntime, PlanView, ProgressCallback
from .setup import PolicyFactory, PolicyInputs, build_runtime, default_policy
from .state import ComparisonState, DocumentRef

__all__ = [
    "NODES",
    "ComparisonRuntime",
    "ComparisonState",
    "DocumentRef",
    "PlanView",
    "PolicyFactory",
    "PolicyInputs",
    "ProgressCallback",
    "build_graph",
    "build_runtime",
    "default_policy",
]
