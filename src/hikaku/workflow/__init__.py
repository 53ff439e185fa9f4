"""The LangGraph workflow of a comparison."""

from __future__ import annotations

from .graph import NODES, build_graph
from .runtime import ComparisonRuntime, PlanView, ProgressCallback
from .state import ComparisonState, DocumentRef

__all__ = ["NODES", "ComparisonRuntime", "ComparisonState", "DocumentRef", "PlanView", "ProgressCallback", "build_graph"]
