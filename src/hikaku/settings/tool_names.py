"""Names the options refer to and the command line lists (no dependencies: read at start-up)."""

from __future__ import annotations

__all__ = ["TOOL_NAMES"]

# the five tools of the specification (hikaku.tools builds them; the options name them)
TOOL_NAMES: tuple[str, ...] = (
    "string_search_tool",
    "vector_similarity_tool",
    "get_context_tool_a",
    "get_context_tool_b",
    "get_adjacent_chunks_tool",
)
