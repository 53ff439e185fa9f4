"""Whole-document alignment: anchors, gap dynamic programme, similarity."""

from __future__ import annotations

from .anchors import longest_increasing_subsequence, unique_pairs
from .dp import DPParams, align_gap
from .planner import AlignmentParams, Plan, PlannedGroup, plan_alignment
from .similarity import SimilarityParams, TextSimilarity, normalize_for_similarity

__all__ = [
    "AlignmentParams",
    "DPParams",
    "Plan",
    "PlannedGroup",
    "SimilarityParams",
    "TextSimilarity",
    "align_gap",
    "longest_increasing_subsequence",
    "normalize_for_similarity",
    "plan_alignment",
    "unique_pairs",
]
