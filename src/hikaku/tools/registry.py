"""ToolRegistry: builds the enabled tools from configuration and runs them by name.

Tool classes are the entry point group ``hikaku.tools`` (``hikaku.system.plugins``): the
five of the specification are built in (``settings.TOOLS`` names them, as pyproject.toml does),
a plugin adds its own (docs/plugins.md). A class is checked when it is loaded: a tool that
does not describe itself (``spec.py``) is an error when the registry is built."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .._exceptions import ConfigurationError
from ..settings import TOOL_NAMES, TOOLS
from ..system import Declared, PluginGroup
from .base import BaseTool, ToolContext, ToolResult
from .document_store import StoreSet
from .spec import ToolSpec, declaration

__all__ = ["TOOL_CLASSES", "ToolRegistry", "TOOL_NAMES", "build_registry"]

log = logging.getLogger(__name__)


def _checked(entry: Declared, obj: object) -> type[BaseTool]:
    if not (isinstance(obj, type) and issubclass(obj, BaseTool)):
        raise TypeError(f"names a {type(obj).__name__}, not a subclass of hikaku.tools.BaseTool")
    spec = declaration(obj)  # ConfigurationError: a tool that does not describe itself
    if spec.name != entry.name:
        raise ValueError(f"declares the tool {spec.name!r} under the name {entry.name!r}")
    return obj


TOOL_CLASSES: PluginGroup[type[BaseTool]] = PluginGroup(TOOLS, _checked)


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
        """Add *tool*; ConfigurationError if it does not describe itself (``spec.py``)."""
        spec = declaration(type(tool))
        if spec.name in self._tools:
            raise ValueError(f"a tool named {spec.name!r} is already registered")
        self._tools[spec.name] = tool

    def get(self, name: str) -> BaseTool | None:
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def declarations(self) -> list[ToolSpec]:
        """What the enabled tools declare of themselves, in order."""
        return [declaration(type(t)) for t in self._tools.values()]

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
    """Make the tools named in ``enabled_tools`` (default: the five built in) for a run over
    *stores*. ConfigurationError for an unknown name or a tool that does not describe
    itself; PluginError for a plugin's tool that cannot be loaded or made."""
    names = list(TOOL_NAMES if enabled_tools is None else enabled_tools)
    unknown = [n for n in names if n not in TOOLS]
    if unknown:
        raise ConfigurationError(f"unknown tool(s) {', '.join(unknown)}; available: {', '.join(TOOLS)}")
    context = ToolContext(stores, regex_timeout_s=regex_timeout_s)
    registry = ToolRegistry(listener=listener, lock=lock)
    for n in dict.fromkeys(names):
        cls = TOOL_CLASSES[n]
        with TOOL_CLASSES.entry(n).blame("making the tool"):
            tool = cls.create(context)
        registry.register(tool)
    log.debug("tools enabled: %s", ", ".join(registry.names))
    return registry
