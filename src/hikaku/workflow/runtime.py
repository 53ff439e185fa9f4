"""Everything a comparison run needs besides its state: documents, options, the plan,
the tools and the agent policy. Built complete by :func:`~hikaku.workflow.setup.build_runtime`
before the graph runs and passed to it as LangGraph *context*; one per run (no
global state)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agent import AgentPolicy, Claim, RunBudget, TraceWriter
from ..align import Calibration, Decision, Plan, SectionMap, TextSimilarity
from ..changes import Numbers
from ..document import Document
from ..review import ReviewContext
from ..settings import CompareOptions
from ..system import give_back
from ..tools import StoreSet, ToolRegistry
from .rival_search import RivalSearch
from .window import AgentWindow

__all__ = ["ComparisonRuntime", "ProgressCallback", "PlanView"]

_RIVALS = 4  # rivals scored in full per B chunk (the asking group has at most three chunks)
_RIVAL_BLOCK = 32  # B chunks whose rivals are scored in one product (at most 4 x 32 x 32 pairs)

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
    chat_model: Any = None  # … itself (the revision summary's words, options.llm_revision_summary)
    fingerprint: str = ""  # of documents and options (see hikaku.workflow.checkpoint)
    run_id: str | None = None
    offline_batch: int = 16  # groups a one-at-a-time policy examines per graph step
    progress: ProgressCallback | None = None
    trace: TraceWriter | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)  # filled as the run goes
    started: float = field(default_factory=time.perf_counter)
    window: AgentWindow | None = None  # a concurrent policy's chunks under way (see workflow.window)
    review: ReviewContext = field(default_factory=ReviewContext)  # a reviewer's decisions; whether to ask
    owns_embedder: bool = False  # made for this run (not the caller's): its weights go when the search is over
    owns_tokenizer: bool = False  # likewise the keyword tokenizer (Sudachi's dictionary: ~150 MB once used)
    run_prepared: threading.Event = field(default_factory=threading.Event)  # the policy saw the run's groups (prepare_run)
    numbers: Numbers | None = None  # the chunks' own clause numbers, read once for the plan and the rows
    # the agent's thoughts kept in the state's agent_thoughts (False: a caller that reads only the result;
    # the trace has them either way): about ten lines a group examined (bench/RESULTS.md, Figures behind the code)
    thoughts: bool = True
    calibration: Calibration | None = None  # its pair model weighs the moves across sections (align.moves)

    def close(self) -> None:
        """Release what outlives a graph step (the window's threads); the run is over
        or stopped."""
        if self.window is not None:
            self.window.close()
        self.stores.a.index.stop_prefetching()
        self.stores.b.index.stop_prefetching()

    def release_search(self) -> None:
        """The alignment is resolved: let go of what only finding counterparts needed (the
        similarity's features, the stores' search texts and literal index, the embedding
        model's weights and the keyword tokenizer's dictionary when the run made them)
        before the rows are built on top of it (the peak it saves: bench/RESULTS.md, "Figures behind the code"). Each is made again if asked for, and a later search finds the same."""
        self.similarity.release()
        self.stores.a.release()
        self.stores.b.release()
        release = getattr(self.stores.b.index.embedder, "release", None)
        if self.owns_embedder and release is not None:  # not a caller's, which serves other runs
            release()
        self.release_tokenizer()

    def release_tokenizer(self) -> None:
        """Let go of the keyword tokenizer's dictionary when the run made the tokenizer (a
        caller's serves other runs); a later tokenisation loads it again."""
        release = getattr(self.stores.b.index.tokenizer, "release", None)
        if self.owns_tokenizer and release is not None:
            release()
        give_back()

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
    already taken in this run (read from the graph state).

    *agent_decisions* False (a concurrent policy's view, ``workflow.setup``): only a
    reviewer's answers update it, never the agent's own decisions. Chunks examined at once
    would otherwise see one another's decisions or not as their threads happen to run (a
    chunk reads the view while it examines; another may finish meanwhile), and which
    chunks run at once depends on the window's size: a result would depend on the
    machine's load and on ``concurrency``. Seeing only the plan, every chunk of a
    concurrent policy examines the same things with any concurrency (1 included) and
    under any load; competition for a B chunk is settled afterwards (``align.resolve``)."""

    def __init__(self, document_a: Document, document_b: Document, plan: Plan, similarity: TextSimilarity,
                 sections: SectionMap | None = None, *, agent_decisions: bool = True) -> None:
        self.plan = plan
        self.agent_decisions = agent_decisions
        self.sections = sections
        self.a = document_a
        self.b = document_b
        self.similarity = similarity
        self._decided_b: dict[str, tuple[str, ...]] = {}  # a id -> b ids, from decisions
        self._claims: dict[str, Claim] = {}  # b id -> claim by a decision
        self._synced = 0
        # the A chunks the plan did not settle nearest to B chunks by cosine
        self._rivals: RivalSearch | None = None
        self._rival_cache: dict[int, list[tuple[int, float]]] = {}

    def sync(self, decisions: Sequence[Decision]) -> None:
        """Take in the decisions of the state not seen yet (the list only grows)."""
        for d in decisions[self._synced:]:
            self.record(d)
        self._synced = len(decisions)

    def record(self, d: Decision) -> None:
        """Take in one decision (also before it reaches the state, within a step); a
        reviewer's answer during the run is a certain claim. The agent's decisions only
        with *agent_decisions* (see the class)."""
        if d.decided_by != "reviewer" and (d.settled or not self.agent_decisions):
            return
        if d.decided_by == "reviewer":  # the answer replaces what the agent had claimed
            self._claims = {b: c for b, c in self._claims.items() if c.a_ids != d.a_ids}
        for a in d.a_ids:
            self._decided_b[a] = d.b_ids
        for b in d.b_ids:
            self._claims[b] = Claim(d.a_ids, d.score, d.decided_by == "reviewer", d.score)

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

    def compatible(self, a_ids: tuple[str, ...], b_id: str) -> bool:
        """May the A group pair with this B chunk? Not across sections that do not
        correspond (another rider): :mod:`hikaku.align.sections`."""
        j = self.b.position(b_id)
        if self.sections is None or j is None:
            return True
        return all(i is not None and self.sections.compatible(i, j) for i in map(self.a.position, a_ids))

    def group_similarity(self, a_ids: tuple[str, ...], b_ids: tuple[str, ...]) -> float:
        ia = [self.a.position(i) for i in a_ids]
        ib = [self.b.position(j) for j in b_ids]
        if not ia or not ib or None in ia or None in ib:
            return 0.0
        return float(self.similarity.group_matrix([ia], [ib])[0][0])  # type: ignore[list-item]

    def rival_similarities(self, a_ids: tuple[str, ...], b_ids: list[str]) -> list[float]:
        """For each B chunk, its best similarity with an A chunk in question other than the
        group's own (0.0 without a rival): the competition the candidate's *lead* is over."""
        own = {self.a.position(i) for i in a_ids}
        js = [self.b.position(b_id) for b_id in b_ids]
        self._find_rivals([j for j in js if j is not None])
        return [next((s for i, s in self._rival_cache[j] if i not in own), 0.0) if j is not None else 0.0
                for j in js]

    def backgrounds(self, a_ids: tuple[str, ...], b_groups: list[tuple[str, ...]]) -> list[float]:
        """For each group of B chunks, the A group's background there: the best similarity of
        the chunks around the A group with the B chunks and of the A group with the chunks
        around them (``align.Neighbours``; 0.0 without a plan that measures it)."""
        ia = [self.a.position(i) for i in a_ids]
        jbs = [[self.b.position(b) for b in g] for g in b_groups]
        known = [tuple(sorted(j for j in js if j is not None)) if js and None not in js else None for js in jbs]
        if self.plan.neighbours is None or not ia or None in ia:
            return [0.0] * len(b_groups)
        group = tuple(sorted(i for i in ia if i is not None))
        found = iter(self.plan.neighbours.background([(group, gb) for gb in known if gb is not None]))
        return [next(found) if gb is not None else 0.0 for gb in known]

    def _find_rivals(self, js: list[int]) -> None:
        """The A chunks in question (not settled by the plan, of a corresponding section)
        most similar to each B chunk of *js*, best first: a few found by the cheap cosine
        (:meth:`TextSimilarity.cosine_leaders`; among at most ``rival_search.POOL`` of them, near
        the B chunk's place: :mod:`.rival_search`), scored in full (enough to skip the asking
        group's own chunks)."""
        todo = [j for j in dict.fromkeys(js) if j not in self._rival_cache]
        if not todo:
            return
        if self._rivals is None:
            question = [i for i in range(len(self.a.chunks))
                        if (g := self.plan.group_of_a.get(i)) is None or not g.certain]
            self._rivals = RivalSearch(self.plan, self.similarity, self.sections, question)
        if not len(self._rivals.question):
            self._rival_cache.update((j, []) for j in todo)
            return
        picks = self._rivals.find(todo, _RIVALS)
        # scored in one product per block of B chunks (each score is its pair's alone, to the last
        # bit: every chunk here has its features already — the A chunks in question since the
        # cosines, the B chunks since theirs —, so none widens the vocabulary in between); blocks,
        # so that a caller asking for many B chunks does not pay for every rival of every other
        for k in range(0, len(todo), _RIVAL_BLOCK):
            block, block_picks = todo[k: k + _RIVAL_BLOCK], picks[k: k + _RIVAL_BLOCK]
            rows = sorted({i for picked in block_picks for i in picked})
            full = self.similarity.matrix(rows, block)
            at = {i: r for r, i in enumerate(rows)}
            for c, (j, picked) in enumerate(zip(block, block_picks)):
                scores = [float(full[at[i], c]) for i in picked]
                self._rival_cache[j] = sorted(zip(picked, scores), key=lambda x: -x[1])

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

