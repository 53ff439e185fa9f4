"""The result of a comparison: the ``hikaku.comparison/v1`` contract."""

from __future__ import annotations

from .model import (
    CHANGE_TYPES,
    REFERENCE_KINDS,
    REVIEW_REASONS,
    SCHEMA,
    Change,
    ChangeDiff,
    ChangeType,
    ChunkCost,
    ComparisonResult,
    DocumentInfo,
    ReferenceFlag,
    ReferenceKind,
    ReviewCandidate,
    ReviewItem,
    Stats,
)

__all__ = [
    "CHANGE_TYPES",
    "REFERENCE_KINDS",
    "REVIEW_REASONS",
    "SCHEMA",
    "Change",
    "ChangeDiff",
    "ChangeType",
    "ChunkCost",
    "ComparisonResult",
    "DocumentInfo",
    "ReferenceFlag",
    "ReferenceKind",
    "ReviewCandidate",
    "ReviewItem",
    "Stats",
]
