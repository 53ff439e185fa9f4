"""hikaku (比較): compare two versions of a document and report what was added,
deleted and modified.

    >>> import hikaku
    >>> result = hikaku.compare("old.md", "new.md")
    >>> print(hikaku.render(result, "md"))

The public API is re-exported here; it is imported on first use, so that ``import
hikaku`` (and ``hikaku --version``) stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._exceptions import (
    CheckpointError,
    ConfigurationError,
    DocumentNotFoundError,
    DuplicateChunkIdError,
    EmptyDocumentError,
    HikakuError,
    InputError,
    InvalidArgumentError,
    InvalidDocumentError,
    MissingDependencyError,
    PluginError,
    UnsupportedFormatError,
)
from ._version import __version__
from .system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .document import Chunk, ChunkStructure, Document
    from .loaders import load_document
    from .renderers import RenderOptions, render
    from .result import (
        SCHEMA,
        Change,
        ChangeType,
        ChunkCost,
        ComparisonResult,
        DocumentInfo,
        ReviewItem,
        Stats,
    )
    from .review import Answer, DecisionSet, Question, ReviewerDecision
    from .run import acompare, compare, run_comparison
    from .settings import CompareOptions, resolve_options, user_dir

_LAZY = {
    "acompare": ".run",
    "compare": ".run",
    "run_comparison": ".run",
    "Chunk": ".document",
    "ChunkStructure": ".document",
    "Document": ".document",
    "load_document": ".loaders",
    "RenderOptions": ".renderers",
    "render": ".renderers",
    "SCHEMA": ".result",
    "Change": ".result",
    "ChangeType": ".result",
    "ChunkCost": ".result",
    "ComparisonResult": ".result",
    "DocumentInfo": ".result",
    "Stats": ".result",
    "ReviewItem": ".result",
    "Answer": ".review",
    "DecisionSet": ".review",
    "Question": ".review",
    "ReviewerDecision": ".review",
    "CompareOptions": ".settings",
    "resolve_options": ".settings",
    "user_dir": ".settings",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "SCHEMA",
    "Answer",
    "DecisionSet",
    "Question",
    "ReviewItem",
    "ReviewerDecision",
    "Change",
    "ChangeType",
    "CheckpointError",
    "Chunk",
    "ChunkCost",
    "ChunkStructure",
    "CompareOptions",
    "ComparisonResult",
    "ConfigurationError",
    "Document",
    "DocumentInfo",
    "DocumentNotFoundError",
    "DuplicateChunkIdError",
    "EmptyDocumentError",
    "HikakuError",
    "InputError",
    "InvalidArgumentError",
    "InvalidDocumentError",
    "MissingDependencyError",
    "PluginError",
    "RenderOptions",
    "Stats",
    "UnsupportedFormatError",
    "__version__",
    "acompare",
    "compare",
    "load_document",
    "render",
    "resolve_options",
    "run_comparison",
    "user_dir",
]
