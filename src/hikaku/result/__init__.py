"""The result of a comparison: the ``hikaku.comparison/v1`` contract."""

from __future__ import annotations

from ._model import (
    CHANGE_TYPES,
    SCHEMA,
    Change,
    ChangeDiff,
    ChangeType,
    ChunkCost,
    ComparisonResult,
    DocumentInfo,
    Stats,
)

__all__ = [
    "CHANGE_TYPES",
    "SCHEMA",
    "Change",
    "ChangeDiff",
    "ChangeType",
    "ChunkCost",
    "ComparisonResult",
    "DocumentInfo",
    "Stats",
]
