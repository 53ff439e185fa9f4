"""JSON: the ``hikaku.comparison/v1`` result itself (docs/result-schema.md)."""

from __future__ import annotations

from ..result import ComparisonResult
from ._options import RenderOptions

__all__ = ["render"]


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return result.to_json() + "\n"
