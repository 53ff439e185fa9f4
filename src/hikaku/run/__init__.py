"""Running a comparison, the one room every front uses (the command line, the web app, the MCP
server, batch runs, the Python API): a typed :class:`RunRequest` (the two sides, the options,
components, durability, review settings, trace, progress) and ``run(request) -> RunOutcome``
(``runner``), and what each front needs around it: the sides read with the options' encoding and
limits (``sides``; an upload's format told by its content: ``sniff``), the files a run reads and the
one check that no output is one of them (``files``), the report's options and a report file written
whole (``report``), the embedding models a server keeps loaded (``embedders``), which chat model a
run's documents go to (``model_plan``). ``hikaku.compare`` / ``run_comparison`` / ``acompare``
(``comparison``) are wrappers over ``run``.

Names are imported on first use (the workflow, LangGraph: a fast start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .comparison import acompare, compare, comparison_request, run_comparison
    from .embedders import EmbedderCache
    from .files import check_outputs, input_files, request_inputs, settings_files
    from .model_plan import ModelPlan, embedding_notice, plan_model
    from .report import render_options, write_report
    from .request import (
        AskCallback,
        Components,
        DecisionsSource,
        DocumentSource,
        Durability,
        InputFile,
        Review,
        RunOutcome,
        RunRequest,
        Side,
    )
    from .runner import run
    from .sides import inline_formats, load_side, load_sides
    from .sniff import MalformedUpload, UnsupportedUpload, content_formats, detect_format

__all__ = [
    "AskCallback",
    "Components",
    "DecisionsSource",
    "DocumentSource",
    "Durability",
    "EmbedderCache",
    "InputFile",
    "MalformedUpload",
    "ModelPlan",
    "Review",
    "RunOutcome",
    "RunRequest",
    "Side",
    "UnsupportedUpload",
    "acompare",
    "check_outputs",
    "compare",
    "comparison_request",
    "content_formats",
    "detect_format",
    "embedding_notice",
    "inline_formats",
    "input_files",
    "load_side",
    "load_sides",
    "plan_model",
    "render_options",
    "request_inputs",
    "run",
    "run_comparison",
    "settings_files",
    "write_report",
]

_LAZY = {
    **{name: ".comparison" for name in ("acompare", "compare", "comparison_request", "run_comparison")},
    "EmbedderCache": ".embedders",
    **{name: ".files" for name in ("check_outputs", "input_files", "request_inputs", "settings_files")},
    **{name: ".model_plan" for name in ("ModelPlan", "embedding_notice", "plan_model")},
    **{name: ".report" for name in ("render_options", "write_report")},
    **{name: ".request" for name in ("AskCallback", "Components", "DecisionsSource", "DocumentSource", "Durability",
                                      "InputFile", "Review", "RunOutcome", "RunRequest", "Side")},
    "run": ".runner",
    **{name: ".sides" for name in ("inline_formats", "load_side", "load_sides")},
    **{name: ".sniff" for name in ("MalformedUpload", "UnsupportedUpload", "content_formats", "detect_format")},
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
