"""What an agent policy receives and returns.

A policy examines one group of A chunks the plan could not settle on its own and,
using the tools, decides its counterpart in B. It sees the whole document through the
:class:`AgentView` (who claims what, where the neighbours went), and its decision is
arbitrated against the other decisions by the resolver.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..align import Decision

__all__ = ["AgentTask", "AgentView", "Decision", "AgentPolicy", "Claim"]


@dataclass(frozen=True)
class AgentTask:
    a_ids: tuple[str, ...]
    proposal_b_ids: tuple[str, ...]  # the plan's counterpart (empty: none found)
    proposal_similarity: float
    proposal_kind: str  # match | merge | split | unmatched
    window: tuple[int, int]  # B positions between which a counterpart is expected (exclusive)
    certain: bool = False  # the plan settled it (examined only with --llm-scope changed/all)
    proposal_probability: float = 0.0  # calibrated: that the plan's proposal is right


@dataclass(frozen=True)
class Claim:
    """Who holds a B chunk in the plan."""

    a_ids: tuple[str, ...]
    similarity: float
    certain: bool
    probability: float = 0.0  # that the claim is right: the plan's calibrated pair probability, a decision's score


class AgentView(Protocol):
    """Read access to the comparison for a policy (positions are 0-based indices)."""

    def position_a(self, chunk_id: str) -> int | None: ...

    def position_b(self, chunk_id: str) -> int | None: ...

    def counterpart(self, a_id: str) -> tuple[str, ...]:
        """B ids the plan (or an earlier decision) gives this A chunk."""
        ...

    def claim(self, b_id: str) -> Claim | None: ...

    def compatible(self, a_ids: tuple[str, ...], b_id: str) -> bool:
        """May the A group pair with this B chunk at all (its section corresponds)?"""
        ...

    def similarities(self, a_ids: tuple[str, ...], b_ids: list[str]) -> list[float]:
        """Similarity of the A group with each single B chunk (one batch)."""
        ...

    def group_similarity(self, a_ids: tuple[str, ...], b_ids: tuple[str, ...]) -> float:
        """Similarity of the A group with the B group taken as one text."""
        ...

    def rival_similarities(self, a_ids: tuple[str, ...], b_ids: list[str]) -> list[float]:
        """For each B chunk, its highest similarity with an A chunk other than the group's
        that is still in question (one the plan did not settle): the competition for it."""
        ...

    def backgrounds(self, a_ids: tuple[str, ...], b_groups: list[tuple[str, ...]]) -> list[float]:
        """For each group of B chunks, the A group's background there (``align.Neighbours``):
        what a counterpart must be more similar than."""
        ...


class AgentPolicy(Protocol):
    """Decides the counterpart of one group. ``concurrency`` is how many groups it
    examines at the same time, each in a thread of its own (a policy that waits on a
    model); ``None`` for a policy whose decisions each see the ones before (offline)."""

    name: str
    concurrency: int | None

    def decide(self, task: AgentTask, view: AgentView) -> Decision: ...
