"""Whole-document alignment: anchors, gap dynamic programme, similarity, the typed
decisions and their resolution into the final groups."""

from __future__ import annotations

from .anchors import longest_increasing_subsequence, unique_pairs
from .decision import RECORD_TYPES, DecidedBy, Decision, Fallback, ResolvedGroup, Usage
from .dp import DPParams, align_gap
from .planner import AlignmentParams, Plan, PlannedGroup, plan_alignment
from .resolve import resolve
from .sections import ScopedSimilarity, SectionMap, align_sections
from .similarity import SimilarityParams, TextSimilarity, normalize_for_similarity

__all__ = [
    "RECORD_TYPES",
    "AlignmentParams",
    "DPParams",
    "DecidedBy",
    "Decision",
    "Fallback",
    "Plan",
    "PlannedGroup",
    "ResolvedGroup",
    "ScopedSimilarity",
    "SectionMap",
    "SimilarityParams",
    "TextSimilarity",
    "Usage",
    "align_gap",
    "align_sections",
    "longest_increasing_subsequence",
    "normalize_for_similarity",
    "plan_alignment",
    "resolve",
    "unique_pairs",
]
