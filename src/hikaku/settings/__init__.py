"""Settings: the options of a comparison and of an index, each one frozen object
resolved once from arguments > environment ``HIKAKU_*`` > ``config.toml`` > defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy
from .tool_names import TOOL_NAMES, TOOLS

if TYPE_CHECKING:
    from .index_settings import VECTOR_STORES, IndexSettings, resolve_index_settings
    from .layers import config_file, env_values, file_values, user_dir, validated
    from .options import CompareOptions, base_url_problem, resolve_options

__all__ = [
    "TOOL_NAMES",
    "TOOLS",
    "CompareOptions",
    "base_url_problem",
    "config_file",
    "IndexSettings",
    "VECTOR_STORES",
    "env_values",
    "file_values",
    "resolve_index_settings",
    "resolve_options",
    "user_dir",
    "validated",
]

# imported on first use (pydantic): the command line names the tools without it (a fast start)
_LAZY = {
    "IndexSettings": ".index_settings",
    "VECTOR_STORES": ".index_settings",
    "resolve_index_settings": ".index_settings",
    "config_file": ".layers",
    "env_values": ".layers",
    "file_values": ".layers",
    "user_dir": ".layers",
    "validated": ".layers",
    "CompareOptions": ".options",
    "base_url_problem": ".options",
    "resolve_options": ".options",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
