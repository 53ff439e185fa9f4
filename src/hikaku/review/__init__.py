"""Review mode: a reviewer's decisions on pairs of chunks (the ``hikaku.decisions/v1`` file),
matched to the documents by the hash of their text and applied as constraints before any
agent runs; the review queue of uncertain rows; the agent's questions and the reviewer's
answers; candidates found with the agent's tools. See docs/review.md."""

from __future__ import annotations

from .apply import AppliedDecisions, IgnoreRule, NotApplied, apply_decisions, chunk_hashes
from .candidates import Candidate, CandidateFinder, find_candidates
from .context import ReviewContext
from .decisions import (
    SCHEMA,
    DecisionSet,
    ReviewerDecision,
    Verdict,
    contradicts,
    excerpt,
    load_decisions,
    now_iso,
    text_sha256,
)
from .notes import not_applied_notes
from .questions import Answer, AnswerVerdict, Question
from .queue import Doubt, doubt_of, review_queue

__all__ = [
    "SCHEMA",
    "Answer",
    "AnswerVerdict",
    "AppliedDecisions",
    "Candidate",
    "CandidateFinder",
    "DecisionSet",
    "Doubt",
    "IgnoreRule",
    "NotApplied",
    "Question",
    "ReviewContext",
    "ReviewerDecision",
    "Verdict",
    "apply_decisions",
    "chunk_hashes",
    "contradicts",
    "doubt_of",
    "excerpt",
    "find_candidates",
    "load_decisions",
    "not_applied_notes",
    "now_iso",
    "review_queue",
    "text_sha256",
]
