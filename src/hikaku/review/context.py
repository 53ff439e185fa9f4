"""What a run knows of its reviewer."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..align import Decision
from .apply import AppliedDecisions
from .queue import Doubt, doubt_of

__all__ = ["ReviewContext"]


@dataclass(frozen=True)
class ReviewContext:
    """The decisions applied (and those that did not apply), whether a front answers the
    agent's questions, and the calibration's ``certain`` (a decision whose doubt exceeds
    1 − certain is one the agent cannot take on its own)."""

    applied: AppliedDecisions = field(default_factory=AppliedDecisions)
    ask: bool = False
    certain: float = 0.9

    def doubt(self, d: Decision) -> Doubt:
        return doubt_of(d, d.b_ids, d.confidence, self.certain)
