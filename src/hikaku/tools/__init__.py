"""The agent's tools (the five of the specification and the plugins'), each declaring itself,
the ToolResult pattern and the registry."""

from __future__ import annotations

from .adjacent import GetAdjacentChunksTool
from .base import BaseTool, ToolContext, ToolFailure, ToolResult, confidence_factors
from .context import GetContextTool, GetContextToolA, GetContextToolB
from .document_store import DocumentStore, StoreSet
from .registry import TOOL_CLASSES, TOOL_NAMES, ToolRegistry, build_registry
from .spec import ToolSpec, declaration
from .string_search import StringSearchTool
from .vector_similarity import VectorSimilarityTool

__all__ = [
    "BaseTool",
    "DocumentStore",
    "GetAdjacentChunksTool",
    "GetContextTool",
    "GetContextToolA",
    "GetContextToolB",
    "StoreSet",
    "StringSearchTool",
    "TOOL_CLASSES",
    "TOOL_NAMES",
    "ToolContext",
    "ToolFailure",
    "ToolRegistry",
    "ToolResult",
    "ToolSpec",
    "VectorSimilarityTool",
    "build_registry",
    "confidence_factors",
    "declaration",
]
