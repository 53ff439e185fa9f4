"""Running a comparison: load the two sides, build the run, run the workflow, return the result
(``compare``), and which chat model a run's documents go to (``model_plan``). Every front
(the command line, the web app, the MCP server, batch runs) runs its comparisons here.

Names are imported on first use (the workflow, LangGraph: a fast start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .comparison import AskCallback, DecisionsSource, DocumentSource, acompare, compare, run_comparison
    from .model_plan import ModelPlan, embedding_notice, plan_model

__all__ = [
    "AskCallback",
    "DecisionsSource",
    "DocumentSource",
    "ModelPlan",
    "acompare",
    "compare",
    "embedding_notice",
    "plan_model",
    "run_comparison",
]

_LAZY = {
    **{name: ".comparison" for name in ("AskCallback", "DecisionsSource", "DocumentSource", "acompare", "compare",
                                     "run_comparison")},
    **{name: ".model_plan" for name in ("ModelPlan", "embedding_notice", "plan_model")},
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
