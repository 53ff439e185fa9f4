"""ToolRegistry: builds the enabled tools from configuration and runs them by name."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .._exceptions import ConfigurationError
from ..settings import TOOL_NAMES
from .adjacent import GetAdjacentChunksTool
from .base import BaseTool, ToolResult
from .context import GetContextTool
from .document_store import StoreSet
from .string_search import StringSearchTool
from .vector_similarity import VectorSimilarityTool

__all__ = ["ToolRegistry", "TOOL_NAMES", "build_registry"]

log = logging.getLogger(__name__)


ToolListener = Callable[[str, dict[str, Any], ToolResult], None]


class ToolRegistry:
    """Holds tool instances by name. ``execute`` never raises: an unknown or disabled
    tool gives a failed ``ToolResult``. Calls are counted per registry. Tools share the
    run's indexes, so calls from concurrent chunks are serialised by *lock*."""

    def __init__(self, tools: Iterable[BaseTool] = (), *, listener: ToolListener | None = None,
                 lock: threading.RLock | None = None) -> None:
        self._tools: dict[str, BaseTool] = {}
        self.calls: Counter[str] = Counter()
        self.listener = listener
        self._lock = lock if lock is not None else threading.RLock()
        for t in tools:
            self.register(t)

    def register(self, tool: BaseTool) -> None:
        if tool.name in self._tools:
            raise ValueError(f"a tool named {tool.name!r} is already registered")
        self._tools[tool.name] = tool

    def get(self, name: str) -> BaseTool | None:
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def execute(self, name: str, **kwargs: Any) -> ToolResult:
        tool = self._tools.get(name)
        if tool is None:
            enabled = ", ".join(self._tools) or "none"
            result = ToolResult(
                success=False,
                error=f"unknown or disabled tool {name!r}; enabled tools: {enabled}",
                confidence_factors={"result_count": 0.0},
                tool_name=name,
            )
        else:
            with self._lock:
                result = tool.execute(**kwargs)
        with self._lock:
            self.calls[name] += 1
        if self.listener is not None:
            self.listener(name, kwargs, result)
        return result

    def as_langchain_tools(self) -> list:
        """The enabled tools as LangChain ``StructuredTool`` objects (for an LLM agent).
        Their result is the ToolResult as a dict."""
        from langchain_core.tools import StructuredTool

        def make(tool: BaseTool):
            def run(**kwargs: Any) -> dict[str, Any]:
                return self.execute(tool.name, **kwargs).to_dict()

            return StructuredTool.from_function(
                func=run, name=tool.name, description=tool.description, args_schema=tool.Params
            )

        return [make(t) for t in self._tools.values()]


def build_registry(
    stores: StoreSet,
    enabled_tools: Sequence[str] | None = None,
    *,
    regex_timeout_s: float = 2.0,
    listener: ToolListener | None = None,
    lock: threading.RLock | None = None,
) -> ToolRegistry:
    """Instantiate the tools named in ``enabled_tools`` (default: all five)."""
    names = list(TOOL_NAMES if enabled_tools is None else enabled_tools)
    unknown = [n for n in names if n not in TOOL_NAMES]
    if unknown:
        raise ConfigurationError(f"unknown tool(s) {', '.join(unknown)}; available: {', '.join(TOOL_NAMES)}")
    factories: dict[str, Callable[[], BaseTool]] = {
        "string_search_tool": lambda: StringSearchTool(stores, timeout_s=regex_timeout_s),
        "vector_similarity_tool": lambda: VectorSimilarityTool(stores),
        "get_context_tool_a": lambda: GetContextTool(stores.a, "get_context_tool_a"),
        "get_context_tool_b": lambda: GetContextTool(stores.b, "get_context_tool_b"),
        "get_adjacent_chunks_tool": lambda: GetAdjacentChunksTool(stores),
    }
    registry = ToolRegistry(listener=listener, lock=lock)
    for n in dict.fromkeys(names):
        registry.register(factories[n]())
    log.debug("tools enabled: %s", ", ".join(registry.names))
    return registry
