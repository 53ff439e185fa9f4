"""What the offline policy knows about the candidates of one group: the records its
examination produces (also what bench/calibrate.py fits the candidate model on and what
the LLM's answer is checked against, ``hikaku.agent.evidence``)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from ..align import lead_over
from ..document import Chunk
from .base import Claim, Decision

__all__ = ["CandidateEvidence", "Candidate", "Examination", "ExpectedPlace", "evidence_of", "norm_path", "norm_title"]


@dataclass(frozen=True)
class CandidateEvidence:
    """What the policy knew about one candidate when it decided (also what
    bench/calibrate.py fits the candidate model on, and what the LLM's answer is
    checked against: ``hikaku.agent.evidence``)."""

    b_ids: tuple[str, ...]
    features: dict[str, float]
    probability: float
    claimed_by: tuple[str, ...] = ()  # another group of A that holds the candidate (not settled)
    claim_probability: float = 0.0  # how probable that group's claim is


@dataclass(frozen=True)
class ExpectedPlace:
    """Where the policy expected the counterpart (to weigh a candidate named later)."""

    a_path: tuple[str, ...]
    lo: int
    hi: int
    prev_cp: tuple[str, ...]


@dataclass(frozen=True)
class Examination:
    """The policy's examination of one group: its decision and the evidence behind it
    (the available candidates, most probable first)."""

    decision: Decision
    candidates: tuple[CandidateEvidence, ...]
    context: ExpectedPlace


@dataclass
class Candidate:
    """One candidate counterpart as the examination weighs it (filled in step by step)."""

    b_ids: tuple[str, ...]
    pos: int
    sources: set[str] = field(default_factory=set)
    similarity: float = 0.0
    rival: float = 0.0  # the B chunk's best similarity with another A chunk still in question
    background: float = 0.0  # the best similarity of the chunks around the group and the candidate (align.Neighbours)
    proposal: bool = False
    in_window: bool = False
    label_match: bool = False
    title_match: bool = False
    same_path: bool = False
    sequence: bool = False
    claim: Claim | None = None
    probability: float = 0.0

    @property
    def b_id(self) -> str:
        return self.b_ids[0]

    @property
    def distinct(self) -> bool:
        """More similar than its background: its wording tells it from the chunks around it
        (else it is never the counterpart, whatever its place: ``align.neighbours``)."""
        return self.similarity > self.background

    def features(self) -> dict[str, float]:
        """The candidate model's features (``hikaku.align.calibration.CANDIDATE_FEATURES``)."""
        return {"similarity": self.similarity, "lead": lead_over(self.similarity, max(self.rival, self.background)),
                "proposal": float(self.proposal), "in_region": float(self.in_window),
                "label": float(self.label_match), "title": float(self.title_match),
                "same_path": float(self.same_path), "sequence": float(self.sequence),
                "claimed": float(self.claim is not None and not self.proposal)}


def evidence_of(c: Candidate) -> CandidateEvidence:
    """The record of a weighed candidate (another group's claim named only when it is not the plan's own)."""
    other = c.claim is not None and not c.proposal
    return CandidateEvidence(c.b_ids, c.features(), c.probability,
                             claimed_by=c.claim.a_ids if other and c.claim else (),
                             claim_probability=c.claim.probability if other and c.claim else 0.0)


def norm_title(chunk: Chunk | None) -> str | None:
    """A chunk's title as compared (NFKC, no spaces); None without one."""
    title = chunk.structure.title if chunk is not None else None
    return unicodedata.normalize("NFKC", title).replace(" ", "") if title else None


def norm_path(path: list[str]) -> list[str]:
    """A heading path as compared (NFKC, no spaces)."""
    return [unicodedata.normalize("NFKC", p).replace(" ", "") for p in path]
