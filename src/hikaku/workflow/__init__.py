"""The LangGraph workflow of a comparison: the runtime built before it runs, the graph,
its nodes and typed state, and durable (checkpointed) runs."""

from __future__ import annotations

from .checkpoint import (
    check_checkpoint,
    damaged_checkpoint,
    default_checkpoint_path,
    fingerprint,
    is_default_checkpoint,
    new_run_id,
    open_checkpointer,
    serializer,
)
from .graph import NODES, build_graph
from .runtime import ComparisonRuntime, PlanView, ProgressCallback
from .setup import PolicyFactory, PolicyInputs, RuntimeInputs, build_runtime, default_policy
from .state import ComparisonState, DocumentRef

__all__ = [
    "build_graph",
    "build_runtime",
    "check_checkpoint",
    "ComparisonRuntime",
    "ComparisonState",
    "damaged_checkpoint",
    "default_checkpoint_path",
    "default_policy",
    "DocumentRef",
    "fingerprint",
    "is_default_checkpoint",
    "new_run_id",
    "NODES",
    "open_checkpointer",
    "PlanView",
    "PolicyFactory",
    "PolicyInputs",
    "ProgressCallback",
    "RuntimeInputs",
    "serializer",
]
