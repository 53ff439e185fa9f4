"""Settings: the options of a comparison and of an index, each one frozen object
resolved once from arguments > environment ``HIKAKU_*`` > ``config.toml`` > defaults."""

from __future__ import annotations

from ._index import IndexSettings, resolve_index_settings
from ._layers import env_values, file_values, user_dir, validated
from ._options import TOOL_NAMES, CompareOptions, resolve_options

__all__ = [
    "TOOL_NAMES",
    "CompareOptions",
    "IndexSettings",
    "env_values",
    "file_values",
    "resolve_index_settings",
    "resolve_options",
    "user_dir",
    "validated",
]
