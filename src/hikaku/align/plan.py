"""The plan's records (:mod:`.planner` makes them): its parameters, its groups and the plan."""

from __future__ import annotations

from dataclasses import dataclass, field

from .calibration import Calibration, Habit, load_calibration
from .dp import DPParams
from .neighbours import Neighbours
from .similarity import SimilarityParams

__all__ = ["AlignmentParams", "Plan", "PlannedGroup"]


@dataclass(frozen=True)
class AlignmentParams:
    calibration: Calibration = field(default_factory=load_calibration)
    similarity: SimilarityParams = SimilarityParams()
    allow_merges: bool = True  # splits (1:2, 1:3) and merges (2:1, 3:1)
    max_gap_cells: int = 40_000  # a larger gap is cut first (work, not accuracy)
    large_piece_cells: int = 1024  # pieces of a larger gap, cut at points of its chain (large_gaps.py)

    @property
    def dp(self) -> DPParams:
        c = self.calibration
        return DPParams(tau=c.tau.value, continuity_bonus=c.continuity_bonus.value)


@dataclass
class PlannedGroup:
    """A chunks ``a`` aligned with B chunks ``b`` (positions); ``b == ()`` when the plan
    found no counterpart. ``window`` is the B region where a counterpart is expected:
    positions strictly between ``window[0]`` and ``window[1]``."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    similarity: float
    kind: str  # identical | renumbered (| -moved: out of order) | match | merge | split | same-label | unmatched
    certain: bool
    margin: float
    window: tuple[int, int]
    probability: float = 0.0  # calibrated: that this group is right (identical: 1)
    reason: str = ""  # a reviewer's group: why (the decision's note)
    # settled by the order (:mod:`.order`): the pair model's probability with no rival the order allows
    # (0: not settled so). Not examined, but not ``certain`` on its own: it holds its B chunk against
    # other groups as an uncertain group does, and its chunks stay where the agent searches
    order: float = 0.0
    background: float = 0.0  # the best similarity of the chunks around it (align.neighbours; 0 told apart): to beat

    @property
    def in_order(self) -> bool:
        """Settled by the order: its neighbours' pairs keep it in sequence (:mod:`.order`)."""
        return self.order > 0.0

    @property
    def settled(self) -> bool:
        """Left to no agent: certain, or settled by the order."""
        return self.certain or self.in_order

    @property
    def distinct(self) -> bool:
        """More similar than its background: its wording tells it from the chunks around it."""
        return self.similarity > self.background

    @property
    def anchored(self) -> bool:
        """The same text (perhaps but for its number): settled before any similarity."""
        return self.kind.startswith(("identical", "renumbered"))

    @property
    def by_reviewer(self) -> bool:
        """Fixed by a reviewer's decision (``Constraints.fixed``): never examined by an agent."""
        return self.kind == "reviewer"


@dataclass
class Plan:
    groups: list[PlannedGroup]
    unmatched_b: list[int]
    n_a: int
    n_b: int
    anchors_in_order: int = 0
    habit: Habit | None = None  # the document showed an editor's habit of cutting and joining sentences
    neighbours: Neighbours | None = None  # the chunks around a group: its background (agent's candidates too)
    group_of_a: dict[int, PlannedGroup] = field(default_factory=dict)
    owner_of_b: dict[int, PlannedGroup] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for g in self.groups:
            for i in g.a:
                self.group_of_a[i] = g
            for j in g.b:
                self.owner_of_b[j] = g
