"""The typed records of an alignment, from the first decision to the resolved group.

A :class:`Decision` says what became of one group of A chunks: settled by the plan
(identical text, a certain match) or decided by an agent policy (with the tools, an
LLM or the offline policy). Decisions are what the graph state accumulates and what a
checkpoint stores; :func:`~hikaku.align.resolution.resolve` turns them into
:class:`ResolvedGroup` s, which the change analysis turns into report rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

__all__ = ["Decision", "DecidedBy", "Fallback", "ResolvedGroup", "Usage", "RECORD_TYPES"]

DecidedBy = Literal["anchor", "plan", "agent", "resolver", "reviewer"]


@dataclass(frozen=True, slots=True)
class Usage:
    """What examining one group cost."""

    llm_calls: int = 0  # model calls that returned
    input_tokens: int = 0
    output_tokens: int = 0
    tool_calls: int = 0
    llm_requests: int = 0  # every request sent to the model: returned, failed or retried
    llm_failed: int = 0  # requests that failed (HTTP errors, timeouts, dropped connections)
    llm_rejected: int = 0  # replies hikaku refused (see hikaku.agent.llm)

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens


@dataclass(frozen=True, slots=True)
class Fallback:
    """Why the LLM that was meant to decide a group did not."""

    kind: str  # budget | unavailable | error | invalid | wrong_document | evidence_deleted | evidence_weaker |
    # evidence_indistinct | loop | plain_text
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def _ids(value: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else tuple(value)


Options = tuple[tuple[tuple[str, ...], float], ...]


def _options(value: Options) -> Options:
    if value and not isinstance(value[0][0], tuple):
        return tuple((_ids(b), s) for b, s in value)
    return value if isinstance(value, tuple) else tuple(value)


@dataclass(frozen=True, slots=True)
class Decision:
    a_ids: tuple[str, ...]
    b_ids: tuple[str, ...]  # empty: the A chunks were deleted
    decided_by: DecidedBy
    action: str  # identical | certain | confirm | relink | move | label | delete | llm
    similarity: float | None
    score: float  # how convincing the decision is: competing decisions are honoured best first
    confidence: float
    reason: str
    alternatives: Options = ()  # (b ids, score): where to fall back
    description: str = ""  # what changed, in the words of the LLM
    policy: str = "offline"  # who decided: offline | llm (settled groups: offline)
    fallback: Fallback | None = None
    usage: Usage = field(default_factory=Usage)
    thoughts: tuple[str, ...] = ()  # the agent's reasoning (kept in the state's agent_thoughts, not here)
    # what a reviewer needs to judge the decision (hikaku.review): the candidates the policy
    # weighed, best first, with their calibrated probability; and when an LLM decided, the
    # offline policy's own choice and its probability (None: no second opinion)
    candidates: Options = ()
    offline_choice: tuple[str, ...] | None = None
    offline_probability: float = 0.0

    def __post_init__(self) -> None:
        # a checkpoint gives lists back where tuples went in
        object.__setattr__(self, "a_ids", _ids(self.a_ids))
        object.__setattr__(self, "b_ids", _ids(self.b_ids))
        object.__setattr__(self, "alternatives", _options(self.alternatives))
        object.__setattr__(self, "candidates", _options(self.candidates))
        if self.offline_choice is not None:
            object.__setattr__(self, "offline_choice", _ids(self.offline_choice))
        if not isinstance(self.thoughts, tuple):
            object.__setattr__(self, "thoughts", tuple(self.thoughts))

    @property
    def settled(self) -> bool:
        """Settled without an agent: identical or certain in the plan, or by a reviewer."""
        return self.decided_by != "agent"

    def for_state(self) -> Decision:
        """The record the graph state keeps: scores rounded (so that a resumed run decides
        exactly like an uninterrupted one), thoughts left out (they have their own list)."""
        return replace(
            self,
            score=round(self.score, 6),
            confidence=round(self.confidence, 4),
            alternatives=tuple((b, round(s, 6)) for b, s in self.alternatives),
            candidates=tuple((b, round(s, 4)) for b, s in self.candidates),
            offline_probability=round(self.offline_probability, 4),
            thoughts=(),
        )


@dataclass(slots=True)
class ResolvedGroup:
    """A group of the final alignment (positions in A and B): a pair, a split or merge,
    a deletion (``b`` empty) or an addition (``a`` empty)."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    similarity: float | None
    confidence: float
    decided_by: DecidedBy
    reason: str = ""
    moved: bool = False
    description: str = ""  # the LLM's account of what changed, when its choice stood

    def __post_init__(self) -> None:
        self.a = tuple(self.a)
        self.b = tuple(self.b)

    @property
    def kind(self) -> str:
        if self.a and self.b:
            return "pair"
        return "deleted" if self.a else "added"


# the record types a checkpoint may rebuild (LangGraph's serializer allow-list)
RECORD_TYPES = (Decision, Fallback, Usage, ResolvedGroup)
