"""JSON: the ``hikaku.comparison/v1`` result itself (docs/result-schema.md)."""

from __future__ import annotations

from ..result import ComparisonResult
from ._options import RenderOptions

__all__ = ["render", "render_bytes"]


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return result.to_json() + "\n"


def render_bytes(result: ComparisonResult, options: RenderOptions) -> bytes:
    """``render(...).encode("utf-8")``, without the string in between."""
    return result.to_json_bytes() + b"\n"
