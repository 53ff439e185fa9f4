"""Settings: the options of a comparison and of an index, each one frozen object
resolved once from arguments > environment ``HIKAKU_*`` > ``config.toml`` > defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._lazy import load as _load_lazy
from ._names import TOOL_NAMES

if TYPE_CHECKING:
    from ._index import IndexSettings, resolve_index_settings
    from ._layers import env_values, file_values, user_dir, validated
    from ._options import CompareOptions, base_url_problem, resolve_options

__all__ = [
    "TOOL_NAMES",
    "CompareOptions",
    "base_url_problem",
    "IndexSettings",
    "env_values",
    "file_values",
    "resolve_index_settings",
    "resolve_options",
    "user_dir",
    "validated",
]

# imported on first use (pydantic): the command line names the tools without it (a fast start)
_LAZY = {
    "IndexSettings": "._index",
    "resolve_index_settings": "._index",
    "env_values": "._layers",
    "file_values": "._layers",
    "user_dir": "._layers",
    "validated": "._layers",
    "CompareOptions": "._options",
    "base_url_problem": "._options",
    "resolve_options": "._options",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
