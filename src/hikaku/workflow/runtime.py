"""Everything a comparison run needs besides its state: documents, options, the plan,
the tools and the agent policy. Built complete by :func:`~hikaku.workflow.setup.build_runtime`
before the graph runs and passed to it as LangGraph *context*; one per run (no
global state)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..agent import AgentPolicy, Claim
from ..agent.budget import RunBudget
from ..agent.recording import TraceWriter
from ..align import Decision, Plan, TextSimilarity
from ..document import Document
from ..settings import CompareOptions
from ..tools import StoreSet, ToolRegistry
from .window import AgentWindow

__all__ = ["ComparisonRuntime", "ProgressCallback", "PlanView"]

ProgressCallback = Callable[[str, int, int], None]
"""progress(stage, done, total): stage is 'plan', 'agent' or 'report'."""


@dataclass(frozen=True, eq=False)
class ComparisonRuntime:
    document_a: Document
    document_b: Document
    options: CompareOptions
    plan: Plan
    similarity: TextSimilarity
    stores: StoreSet
    registry: ToolRegistry
    policy: AgentPolicy
    view: PlanView
    agent_groups: tuple[int, ...]  # indices of plan groups the agent examines
    budget: RunBudget
    lock: threading.RLock  # tools and views shared by concurrent chunks
    embedding_model: str | None = None
    model_name: str | None = None  # the chat model driving the agent, if any
    fingerprint: str = ""  # of documents and options (see hikaku.workflow.checkpoint)
    run_id: str | None = None
    offline_batch: int = 16  # groups a one-at-a-time policy examines per graph step
    progress: ProgressCallback | None = None
    trace: TraceWriter | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)  # filled as the run goes
    started: float = field(default_factory=time.perf_counter)
    window: AgentWindow | None = None  # a concurrent policy's chunks under way (see workflow.window)

    def close(self) -> None:
        """Release what outlives a graph step (the window's threads); the run is over
        or stopped."""
        if self.window is not None:
            self.window.close()

    def report_progress(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)

    def timed(self, name: str, start: float) -> None:
        self.timings_ms[name] = self.timings_ms.get(name, 0.0) + (time.perf_counter() - start) * 1000

    @property
    def embedded_texts(self) -> int:
        return self.stores.a.index.embedded_texts + self.stores.b.index.embedded_texts


class PlanView:
    """The agent's view of the whole comparison: the plan, updated with the decisions
    already taken in this run (read from the graph state)."""

    def __init__(self, document_a: Document, document_b: Document, plan: Plan, similarity: TextSimilarity) -> None:
        self.plan = plan
        self.a = document_a
        self.b = document_b
        self.similarity = similarity
        self._decided_b: dict[str, tuple[str, ...]] = {}  # a id -> b ids, from decisions
        self._claims: dict[str, Claim] = {}  # b id -> claim by a decision
        self._synced = 0

    def sync(self, decisions: Sequence[Decision]) -> None:
        """Take in the decisions of the state not seen yet (the list only grows)."""
        for d in decisions[self._synced:]:
            self.record(d)
        self._synced = len(decisions)

    def record(self, d: Decision) -> None:
        """Take in one decision (also before it reaches the state, within a step)."""
        if d.settled:
            return
        for a in d.a_ids:
            self._decided_b[a] = d.b_ids
        for b in d.b_ids:
            self._claims[b] = Claim(d.a_ids, d.score, False, d.score)

    def position_a(self, chunk_id: str) -> int | None:
        return self.a.position(chunk_id)

    def position_b(self, chunk_id: str) -> int | None:
        return self.b.position(chunk_id)

    def counterpart(self, a_id: str) -> tuple[str, ...]:
        if a_id in self._decided_b:
            return self._decided_b[a_id]
        pos = self.a.position(a_id)
        g = self.plan.group_of_a.get(pos) if pos is not None else None
        return tuple(self.b.chunks[j].id for j in g.b) if g else ()

    def claim(self, b_id: str) -> Claim | None:
        if b_id in self._claims:
            return self._claims[b_id]
        pos = self.b.position(b_id)
        g = self.plan.owner_of_b.get(pos) if pos is not None else None
        if g is None:
            return None
        return Claim(tuple(self.a.chunks[i].id for i in g.a), g.similarity, g.certain, g.probability)

    def group_similarity(self, a_ids: tuple[str, ...], b_ids: tuple[str, ...]) -> float:
        ia = [self.a.position(i) for i in a_ids]
        ib = [self.b.position(j) for j in b_ids]
        if not ia or not ib or None in ia or None in ib:
            return 0.0
        return float(self.similarity.group_matrix([ia], [ib])[0][0])  # type: ignore[list-item]

    def similarities(self, a_ids: tuple[str, ...], b_ids: list[str]) -> list[float]:
        ia = [self.a.position(i) for i in a_ids]
        ib = [self.b.position(j) for j in b_ids]
        if any(x is None for x in ia) or not ib:
            return [0.0] * len(b_ids)
        known = [j for j in ib if j is not None]
        if len(ia) == 1:
            row = self.similarity.matrix(ia, known)[0]  # type: ignore[arg-type]
        else:
            row = self.similarity.group_matrix([ia], [(j,) for j in known])[0]  # type: ignore[list-item]
        values = iter(row.tolist())
        return [next(values) if j is not None else 0.0 for j in ib]
