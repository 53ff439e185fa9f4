"""The tools the options name: the five of the specification, built in, and the plugins'
(the entry point group ``hikaku.tools``; ``hikaku.tools`` loads the classes). Names only: the
command line and the options read them without importing any tool."""

from __future__ import annotations

from ..system import PluginNames

__all__ = ["TOOLS", "TOOL_NAMES"]

# the built-ins: the same entries as [project.entry-points."hikaku.tools"] in pyproject.toml
TOOLS = PluginNames("hikaku.tools", {
    "string_search_tool": "hikaku.tools.string_search:StringSearchTool",
    "vector_similarity_tool": "hikaku.tools.vector_similarity:VectorSimilarityTool",
    "get_context_tool_a": "hikaku.tools.context:GetContextToolA",
    "get_context_tool_b": "hikaku.tools.context:GetContextToolB",
    "get_adjacent_chunks_tool": "hikaku.tools.adjacent:GetAdjacentChunksTool",
})
# what a comparison enables by default: the built-ins (a plugin's tool is enabled by naming it)
TOOL_NAMES: tuple[str, ...] = TOOLS.builtin
