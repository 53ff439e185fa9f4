"""Everything a comparison run needs besides its state: documents, models, the plan,
the tools and the agent policy. Passed to the graph as LangGraph *context*; one per
run (no global state)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .._config import CompareOptions
from .._models import Document
from ..agent import AgentPolicy, Claim
from ..agent.budget import RunBudget
from ..agent.recording import TraceWriter
from ..align import Plan, TextSimilarity
from ..embeddings import Embedder
from ..tokenizers import Tokenizer
from ..tools import StoreSet, ToolRegistry

__all__ = ["ComparisonRuntime", "ProgressCallback", "PlanView"]

ProgressCallback = Callable[[str, int, int], None]
"""progress(stage, done, total): stage is 'plan', 'agent' or 'report'."""

PolicyFactory = Callable[["ComparisonRuntime"], AgentPolicy]


@dataclass
class ComparisonRuntime:
    document_a: Document
    document_b: Document
    options: CompareOptions
    embedder: Embedder
    tokenizer: Tokenizer
    policy_factory: PolicyFactory | None = None
    progress: ProgressCallback | None = None
    chat_model: Any = None  # a LangChain chat model: the LLM drives the agent
    model_name: str | None = None
    fingerprint: str = ""  # of documents and options (see hikaku._checkpoint)
    run_id: str | None = None
    offline_batch: int = 16  # groups the offline policy examines per graph step
    trace: TraceWriter | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)  # tools and views shared by concurrent chunks
    # built by the plan_alignment node
    plan: Plan | None = None
    similarity: TextSimilarity | None = None
    stores: StoreSet | None = None
    registry: ToolRegistry | None = None
    policy: AgentPolicy | None = None
    view: PlanView | None = None
    agent_groups: list[int] | None = None  # indices of plan groups the agent examines
    budget: RunBudget | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    def report_progress(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)


class PlanView:
    """The agent's view of the whole comparison: the plan, updated with the decisions
    already taken in this run (read from the graph state)."""

    def __init__(self, rt: ComparisonRuntime) -> None:
        assert rt.plan is not None and rt.similarity is not None
        self.rt = rt
        self.plan = rt.plan
        self.a = rt.document_a
        self.b = rt.document_b
        self._decided_b: dict[str, tuple[str, ...]] = {}  # a id -> b ids, from decisions
        self._claims: dict[str, Claim] = {}  # b id -> claim by a decision
        self._synced = 0

    def sync(self, results: list[dict[str, Any]]) -> None:
        """Take in the decisions of the state not seen yet (the list only grows)."""
        for r in results[self._synced:]:
            self.record(r)
        self._synced = len(results)

    def record(self, r: dict[str, Any]) -> None:
        """Take in one decision (also before it reaches the state, within a step)."""
        if r.get("decided_by") != "agent":
            return
        for a in r["a_ids"]:
            self._decided_b[a] = tuple(r["b_ids"])
        for b in r["b_ids"]:
            self._claims[b] = Claim(tuple(r["a_ids"]), float(r.get("score", 0.0)), False)

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
        return Claim(tuple(self.a.chunks[i].id for i in g.a), g.similarity, g.certain)

    def group_similarity(self, a_ids: tuple[str, ...], b_ids: tuple[str, ...]) -> float:
        sim = self.rt.similarity
        assert sim is not None
        ia = tuple(self.a.position(i) for i in a_ids)
        ib = tuple(self.b.position(j) for j in b_ids)
        if not ia or not ib or None in ia or None in ib:
            return 0.0
        return float(sim.group_matrix([ia], [ib])[0][0])  # type: ignore[list-item]

    def similarities(self, a_ids: tuple[str, ...], b_ids: list[str]) -> list[float]:
        sim = self.rt.similarity
        assert sim is not None
        ia = [self.a.position(i) for i in a_ids]
        ib = [self.b.position(j) for j in b_ids]
        if any(x is None for x in ia) or not ib:
            return [0.0] * len(b_ids)
        known = [j for j in ib if j is not None]
        if len(ia) == 1:
            row = sim.matrix(ia, known)[0]  # type: ignore[arg-type]
        else:
            row = sim.group_matrix([ia], [(j,) for j in known])[0]  # type: ignore[arg-type]
        values = iter(row.tolist())
        return [next(values) if j is not None else 0.0 for j in ib]
