"""hikaku (比較): compare two versions of a document and report what was added,
deleted and modified.

    >>> import hikaku
    >>> result = hikaku.compare("old.md", "new.md")
    >>> print(result.to_markdown())
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("hikaku")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

from ._compare import acompare, compare, run_comparison
from ._config import CompareOptions, resolve_options, user_dir
from ._exceptions import (
    CheckpointError,
    ConfigurationError,
    DocumentNotFoundError,
    DuplicateChunkIdError,
    EmptyDocumentError,
    HikakuError,
    InputError,
    InvalidDocumentError,
    MissingDependencyError,
    UnsupportedFormatError,
)
from ._models import (
    SCHEMA,
    Change,
    ChangeType,
    Chunk,
    ChunkCost,
    ComparisonResult,
    Document,
    DocumentInfo,
    Stats,
)
from .loaders import load_document
from .report import render

__all__ = [
    "SCHEMA",
    "Change",
    "ChangeType",
    "CheckpointError",
    "Chunk",
    "ChunkCost",
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
    "InvalidDocumentError",
    "MissingDependencyError",
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
