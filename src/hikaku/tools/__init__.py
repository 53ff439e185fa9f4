"""The five agent tools, the ToolResult pattern and the registry."""

from __future__ import annotations

from .adjacent import GetAdjacentChunksTool
from .base import BaseTool, ToolFailure, ToolResult, confidence_factors
from .context import GetContextTool
from .document_store import DocumentStore, StoreSet
from .registry import TOOL_NAMES, ToolRegistry, build_registry
from .string_search import StringSearchTool
from .vector_similarity import VectorSimilarityTool

__all__ = [
    "BaseTool",
    "DocumentStore",
    "GetAdjacentChunksTool",
    "GetContextTool",
    "StoreSet",
    "StringSearchTool",
    "TOOL_NAMES",
    "ToolFailure",
    "ToolRegistry",
    "ToolResult",
    "VectorSimilarityTool",
    "build_registry",
    "confidence_factors",
]
