"""Whole-document alignment: anchors, gap dynamic programme, similarity, the typed
decisions and their resolution into the final groups."""

from __future__ import annotations

from .anchors import longest_increasing_subsequence, unique_pairs
from .calibration import Calibration, Constant, Habit, LogisticModel, load_calibration
from .constraints import Constraints, FixedGroup
from .decision import RECORD_TYPES, DecidedBy, Decision, Fallback, ResolvedGroup, Usage
from .dp import OPS, DPParams, align_gap
from .moves import Across, Move, moves_across, weigh, with_moves
from .neighbours import NEIGHBOURS, Neighbours, lead_over
from .planner import AlignmentParams, Plan, PlannedGroup, plan_alignment
from .repair import join_by_meaning
from .resolution import resolve
from .sections import ScopedSimilarity, SectionMap, align_sections
from .similarity import SimilarityParams, TextSimilarity, derivation, normalize_for_similarity, tokens

__all__ = [
    "Across",
    "RECORD_TYPES",
    "AlignmentParams",
    "Calibration",
    "Constant",
    "Constraints",
    "LogisticModel",
    "Move",
    "NEIGHBOURS",
    "Neighbours",
    "OPS",
    "DPParams",
    "DecidedBy",
    "Decision",
    "Fallback",
    "FixedGroup",
    "Habit",
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
    "derivation",
    "join_by_meaning",
    "lead_over",
    "load_calibration",
    "longest_increasing_subsequence",
    "moves_across",
    "normalize_for_similarity",
    "plan_alignment",
    "resolve",
    "tokens",
    "unique_pairs",
    "weigh",
    "with_moves",
]
