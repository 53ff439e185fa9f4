"""The offline agent policy: a deterministic ReAct loop over the five tools.

For one uncertain group of A chunks it

1. *observes* the chunk, the plan's proposal and its heading path
   (``get_context_tool_a``) and where its neighbours went (``get_adjacent_chunks_tool``
   on A, then the plan's counterparts of those neighbours: the expected region in B);
2. *thinks* of what to search: the chunk's structural label (第5条) or, without one,
   its rarest terms;
3. *acts*: ``string_search_tool`` on B for them, then ``vector_similarity_tool`` (always:
   the calibration's candidate model was fitted on what both found);
4. *reflects*: weighs every candidate — the plan's proposal and what the tools found —
   by its text similarity, whether it lies in the expected region, carries the same label,
   sits under the same headings (``get_context_tool_b``) and after the counterpart of the A
   chunk's predecessor (``get_adjacent_chunks_tool`` on B), and whether another chunk
   claims it: the calibration's candidate model turns that evidence into the probability
   that the candidate is the counterpart (``hikaku.align.calibration``). The most probable
   candidate is linked when that probability exceeds ½ (keep the plan, relink, move, match
   by label); otherwise the chunk is deleted (``hikaku.agent.verdict``).

Everything it decides comes from what the tools returned: a B chunk no tool surfaced
cannot become a counterpart, and disabling a tool changes the outcome. A pair a reviewer
ruled out (``Constraints``) is never a candidate.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..align import Constraints, LogisticModel
from ..document import Document, is_heading_only
from ..index import DocumentIndex
from ..text import shorten
from ..tools import (
    GetAdjacentChunksTool,
    GetContextToolA,
    GetContextToolB,
    StringSearchTool,
    ToolRegistry,
    ToolResult,
    VectorSimilarityTool,
)
from .base import AgentTask, AgentView, Decision
from .examination import (
    Candidate,
    CandidateEvidence,
    Examination,
    ExpectedPlace,
    evidence_of,
    norm_path,
    norm_title,
)
from .keywords import RareTerms
from .messages import Thoughts
from .verdict import verdict

__all__ = ["OfflinePolicy", "PolicyParams", "group_text"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PolicyParams:
    """How widely the policy searches (work, not judgement: the judgement is the
    calibration's). The vector tool's threshold and result count are the specification's."""

    vector_threshold: float = 0.7
    vector_max_results: int = 5
    max_keyword_candidates: int = 5
    max_keyword_df: int = 100  # a keyword in more chunks than this says little about where a chunk went
    verified: int = 3  # candidates whose headings and predecessor are checked, most similar first


def group_text(document: Document, chunk_ids: Sequence[str]) -> str:
    """The text the agent searches with for a group of chunks (also what the run
    prefetches embeddings for)."""
    return "\n".join(document.get(i).content for i in chunk_ids)  # type: ignore[union-attr]


EvidenceObserver = Callable[[AgentTask, list[CandidateEvidence]], None]


class OfflinePolicy:
    name = "offline"
    concurrency: int | None = None

    def __init__(
        self,
        registry: ToolRegistry,
        document_a: Document,
        document_b: Document,
        index_b: DocumentIndex,
        model: LogisticModel,
        params: PolicyParams = PolicyParams(),
        lang: str = "ja",
        observer: EvidenceObserver | None = None,
        constraints: Constraints | None = None,
    ) -> None:
        """*model*: the calibration's candidate model; *observer* is told the evidence of
        every decision (bench/calibrate.py collects it to fit that model); *constraints*: a
        reviewer's decisions (pairs never to propose)."""
        self.registry = registry
        self.doc_a = document_a
        self.doc_b = document_b
        self.index_b = index_b
        self.model = model
        self.p = params
        self.lang = lang
        self.observer = observer
        self.constraints = constraints or Constraints()
        self.rare_terms = RareTerms(index_b, params.max_keyword_df)

    def with_registry(self, registry: ToolRegistry) -> OfflinePolicy:
        """The same policy on another registry (e.g. one whose calls are not counted)."""
        other = OfflinePolicy(registry, self.doc_a, self.doc_b, self.index_b, self.model, self.p, self.lang,
                              self.observer, self.constraints)
        other.rare_terms = self.rare_terms
        return other

    # -- tools -------------------------------------------------------------------------
    def _call(self, t: Thoughts, tool: str, summary_of: Callable[[ToolResult], str] | None = None,
              **args: Any) -> ToolResult:
        result = self.registry.execute(tool, **args)
        shown = ", ".join(f"{k}={shorten(str(v), 40)!r}" if isinstance(v, str) else f"{k}={v}" for k, v in args.items())
        if result.success:
            summary = summary_of(result) if summary_of else _ids_summary(result)
            t.add("act", tool=tool, args=shown, summary=summary)
        elif tool in self.registry:
            t.add("tool_failed", tool=tool, error=result.error)
        return result

    # -- the loop ----------------------------------------------------------------------
    def prepare(self, tasks: Sequence[AgentTask]) -> None:
        """The groups about to be examined, in order: their vector searches start ahead, in
        the background, while the first are examined (the same hits as asked one by one)."""
        if VectorSimilarityTool.name in self.registry:
            self.index_b.prefetch_vector_searches([group_text(self.doc_a, t.a_ids) for t in tasks],
                                                  self.p.vector_max_results, self.p.vector_threshold)

    def prepare_run(self, tasks: Sequence[AgentTask]) -> None:
        """Every group the run will examine, before the first: their rarest terms are found
        now (the keyword tokenizer is then no longer needed)."""
        if StringSearchTool.name in self.registry and len(self.index_b):
            self.rare_terms.find_all(group_text(self.doc_a, t.a_ids) for t in tasks)

    def warm_up(self, first: AgentTask) -> None:
        """Embed what the first group's vector search needs (B's chunks, the run's queries) now;
        a failure (an embedding server down) is the search's to report, as a tool's failure."""
        if VectorSimilarityTool.name in self.registry:
            try:
                self.index_b.warm_up(group_text(self.doc_a, first.a_ids))
            except Exception as e:  # like a tool, never takes the agent down
                log.warning("embedding ahead of the first search failed (%s: %s)", type(e).__name__, e)

    def decide(self, task: AgentTask, view: AgentView) -> Decision:
        return self.examine(task, view).decision

    def examine(self, task: AgentTask, view: AgentView) -> Examination:
        """Observe, think, act and reflect for one group: the decision and its evidence."""
        a_ids = task.a_ids
        first = self.doc_a.get(a_ids[0])
        assert first is not None
        text = group_text(self.doc_a, a_ids)
        t = Thoughts(self.lang, prefix=f"[{a_ids[0]}] ")

        # Observe ---------------------------------------------------------------------
        if task.proposal_b_ids:
            proposal = t.fmt("proposal", b=",".join(task.proposal_b_ids), sim=task.proposal_similarity,
                             kind=task.proposal_kind)
        else:
            proposal = t.fmt("no_proposal", region=self._region(t, *task.window))
        t.add("observe", a=",".join(a_ids), text=shorten(" ".join(text.split()), 60), proposal=proposal)
        a_path: list[str] = []
        r = self._call(t, GetContextToolA.name, lambda r: " > ".join(r.output["heading_path"]) or "-",
                       chunk_id=a_ids[0], include_hierarchy=True, hierarchy_levels=1)
        if r.success:
            a_path = r.output["heading_path"]
        lo, hi, prev_cp = self._expected_region(t, task, view)

        # Think and act: the plan's proposal, then what the tools find ----------------------
        cands: dict[tuple[str, ...], Candidate] = {}
        a_pos = [p for p in (view.position_a(i) for i in a_ids) if p is not None]

        def add(b_ids: tuple[str, ...], source: str, **flags: Any) -> None:
            pos = view.position_b(b_ids[0])
            if pos is None or not all(view.compatible(a_ids, b) for b in b_ids):
                return  # not a chunk of the corresponding section (another rider): never a counterpart
            if self.constraints and not self.constraints.allows(
                    a_pos, [p for p in (view.position_b(j) for j in b_ids) if p is not None]):
                return  # a reviewer ruled it out
            c = cands.setdefault(b_ids, Candidate(b_ids, pos))
            c.sources.add(source)
            for k, v in flags.items():
                setattr(c, k, getattr(c, k) or v)

        if task.proposal_b_ids:
            add(task.proposal_b_ids, "plan", proposal=True)
            cands[task.proposal_b_ids].similarity = task.proposal_similarity
        label = first.structure.structural_label
        if label and StringSearchTool.name in self.registry:
            t.add("think_label", label=label)
            r = self._call(t, StringSearchTool.name, pattern=label, document_id="B")
            if r.success:
                for m in r.output:
                    b_chunk = self.doc_b.get(m["id"])
                    if b_chunk is not None and b_chunk.structure.structural_label == label:
                        add((m["id"],), "label", label_match=True)
        self._keyword_search(t, text, add)
        if VectorSimilarityTool.name in self.registry:
            t.add("think_vector")
            r = self._call(
                t, VectorSimilarityTool.name,
                lambda r: ", ".join(f"{o['id']}:{o['score']:.2f}" for o in r.output) or "0",
                query_text=text, document_id="B", threshold=self.p.vector_threshold,
                max_results=self.p.vector_max_results,
            )
            if r.success:
                for o in r.output:
                    add((o["id"],), "vector")

        # Reflect -------------------------------------------------------------------------
        self._evaluate(cands, task, view, lo, hi)
        available = sorted((c for c in cands.values() if self._available(c, a_ids) and c.distinct),
                           key=lambda c: (-c.similarity, c.pos))
        for c in cands.values():
            if not self._available(c, a_ids):
                t.add("candidate", b=",".join(c.b_ids), sim=c.similarity,
                      flags=t.fmt("taken", b=c.b_id, owner=",".join(c.claim.a_ids) if c.claim else "?"), prob=0.0)
            elif not c.distinct:  # its wording does not tell it from the chunks around it: never the counterpart
                t.add("candidate", b=",".join(c.b_ids), sim=c.similarity,
                      flags=t.fmt("indistinct", background=c.background), prob=0.0)
        for c in available[: self.p.verified]:
            self._verify(t, c, a_path, prev_cp)
        for c in available:
            c.probability = self.model.probability(c.features())
            if c.proposal and task.certain:  # a group the plan settled (examined with --llm-scope changed/all):
                # the pair model, fitted on such groups, weighed it; the candidate model learns
                # only from the groups the plan leaves to the agent
                c.probability = max(c.probability, task.proposal_probability)
        available.sort(key=lambda c: (-c.probability, c.pos))
        for c in available[:5]:
            flags = "".join(
                f", {f}" for f, on in (("plan", c.proposal), ("label", c.label_match), ("in-region", c.in_window),
                                       ("same-headings", c.same_path), ("same-predecessor", c.sequence)) if on
            )
            t.add("candidate", b=",".join(c.b_ids), sim=c.similarity, flags=flags, prob=c.probability)
        evidence = [evidence_of(c) for c in available]
        if self.observer is not None:
            self.observer(task, evidence)
        return Examination(verdict(t, task, available, label), tuple(evidence),
                           ExpectedPlace(tuple(a_path), lo, hi, tuple(prev_cp)))

    def probability_of(self, exam: Examination, task: AgentTask, view: AgentView, b_ids: Sequence[str]) -> float:
        """The candidate model's probability that *b_ids* is the group's counterpart, for
        a counterpart named after the examination (by an LLM): weighed like the
        candidates the tools surfaced (similarity, region, label, title, headings,
        predecessor, claims); 0 for an unknown chunk or one another group holds for certain."""
        ids = tuple(b_ids)
        for e in exam.candidates:
            if e.b_ids == ids:
                return e.probability
        positions = [view.position_b(b) for b in ids]
        if not ids or any(p is None for p in positions):
            return 0.0
        c = Candidate(ids, min(p for p in positions if p is not None))
        c.proposal = ids == task.proposal_b_ids
        first, b_first = self.doc_a.get(task.a_ids[0]), self.doc_b.get(ids[0])
        label = first.structure.structural_label if first is not None else None
        c.label_match = bool(label) and b_first is not None and b_first.structure.structural_label == label
        self._evaluate({ids: c}, task, view, exam.context.lo, exam.context.hi)
        if not self._available(c, task.a_ids):
            return 0.0
        if c.proposal:
            c.similarity = task.proposal_similarity
        elif len(ids) > 1:
            c.similarity = view.group_similarity(task.a_ids, ids)
        if not c.distinct:  # no more similar than the chunks around it (align.neighbours)
            return 0.0
        self._verify(Thoughts(self.lang), c, list(exam.context.a_path), exam.context.prev_cp)
        return self.model.probability(c.features())

    def distinct(self, task: AgentTask, view: AgentView, b_ids: Sequence[str]) -> bool:
        """Whether the B chunks *b_ids* are more similar to the group than its background there
        (``align.neighbours``): else they are never its counterpart, whoever names them."""
        ids = tuple(b_ids)
        if not ids or any(view.position_b(b) is None for b in ids):
            return True  # (an unknown id is the answer check's to refuse)
        if ids == task.proposal_b_ids:
            similarity = task.proposal_similarity
        elif len(ids) > 1:
            similarity = view.group_similarity(task.a_ids, ids)
        else:
            similarity = view.similarities(task.a_ids, list(ids))[0]
        return similarity > view.backgrounds(task.a_ids, [ids])[0]

    def _expected_region(self, t: Thoughts, task: AgentTask, view: AgentView) -> tuple[int, int, tuple[str, ...]]:
        lo, hi = task.window
        prev_ids: list[str] = []
        next_ids: list[str] = []
        r = self._call(t, GetAdjacentChunksTool.name, lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=task.a_ids[0], document_id="A", direction="prev", count=1)
        if r.success:
            prev_ids = [o["id"] for o in r.output]
        r = self._call(t, GetAdjacentChunksTool.name, lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=task.a_ids[-1], document_id="A", direction="next", count=1)
        if r.success:
            next_ids = [o["id"] for o in r.output]
        prev_cp = view.counterpart(prev_ids[0]) if prev_ids else ()
        next_cp = view.counterpart(next_ids[0]) if next_ids else ()
        # a heading alone next to the chunk is no bound, as it bounds none of the plan's gaps: a
        # chapter boundary that shifted puts the chunk's counterpart on the heading's other side
        pp = [] if prev_ids and self._heading_alone(prev_ids[0]) else _positions(view, prev_cp)
        np_ = [] if next_ids and self._heading_alone(next_ids[0]) else _positions(view, next_cp)
        if pp and task.window[0] <= max(pp) < task.window[1]:
            lo = max(pp)
        if np_ and task.window[0] < min(np_) <= task.window[1]:
            hi = min(np_)
        t.add("neighbours", prev=f"{prev_ids[0] if prev_ids else '-'}→{','.join(prev_cp) or '-'}",
              next=f"{next_ids[0] if next_ids else '-'}→{','.join(next_cp) or '-'}", region=self._region(t, lo, hi))
        return lo, hi, prev_cp

    def _heading_alone(self, a_id: str) -> bool:
        chunk = self.doc_a.get(a_id)
        return chunk is not None and is_heading_only(chunk.structure)

    def _region(self, t: Thoughts, lo: int, hi: int) -> str:
        """The B chunks between which a counterpart is expected, in words."""
        chunks = self.doc_b.chunks
        after = chunks[lo].id if 0 <= lo < len(chunks) else None
        before = chunks[hi].id if 0 <= hi < len(chunks) else None
        if after and before:
            return t.fmt("region", after=after, before=before)
        if before:
            return t.fmt("region_start", before=before)
        if after:
            return t.fmt("region_end", after=after)
        return t.fmt("region_all")

    def _keyword_search(self, t: Thoughts, text: str, add: Callable[..., None]) -> None:
        """Search B for the chunk's rarest terms, one literal search each; chunks holding
        at least two of them (or the only one) become candidates."""
        if StringSearchTool.name not in self.registry or not len(self.index_b):
            return
        keywords = self.rare_terms(text)
        if not keywords:
            return
        t.add("think_keywords", keywords="、".join(keywords))
        hits: dict[str, int] = {}
        position: dict[str, int] = {}
        for k in keywords:
            r = self._call(t, StringSearchTool.name, pattern=k, document_id="B")
            if r.success:
                for m in r.output:
                    hits[m["id"]] = hits.get(m["id"], 0) + 1
                    position[m["id"]] = m["position"]
        need = min(2, len(keywords))
        ranked = sorted((-h, position[i], i) for i, h in hits.items() if h >= need)
        for _, _, b_id in ranked[: self.p.max_keyword_candidates]:
            add((b_id,), "keyword")

    def _evaluate(self, cands: dict[tuple[str, ...], Candidate], task: AgentTask, view: AgentView,
                  lo: int, hi: int) -> None:
        title = norm_title(self.doc_a.get(task.a_ids[0]))
        for c in cands.values():
            c.in_window = lo < c.pos < hi
            c.title_match = title is not None and title == norm_title(self.doc_b.get(c.b_id))
            if not c.proposal:
                claims = [view.claim(b) for b in c.b_ids]
                c.claim = next((x for x in claims if x is not None), None)
        todo = [c for c in cands.values() if not c.proposal and self._available(c, task.a_ids)]
        if todo:
            for c, sim in zip(todo, view.similarities(task.a_ids, [c.b_id for c in todo])):
                c.similarity = sim
        rated = [c for c in cands.values() if self._available(c, task.a_ids)]
        if rated:
            for c, rival in zip(rated, view.rival_similarities(task.a_ids, [c.b_id for c in rated])):
                c.rival = rival
            for c, background in zip(rated, view.backgrounds(task.a_ids, [c.b_ids for c in rated])):
                c.background = background

    @staticmethod
    def _available(c: Candidate, a_ids: tuple[str, ...]) -> bool:
        return c.proposal or c.claim is None or not c.claim.certain or c.claim.a_ids == a_ids

    def _verify(self, t: Thoughts, c: Candidate, a_path: list[str], prev_cp: tuple[str, ...]) -> None:
        b_path: list[str] = []
        prev_b = "-"
        r = self._call(t, GetContextToolB.name, lambda r: " > ".join(r.output["heading_path"]) or "-",
                       chunk_id=c.b_id, include_hierarchy=True, hierarchy_levels=1)
        if r.success:
            b_path = r.output["heading_path"]
            c.same_path = bool(a_path) and norm_path(a_path) == norm_path(b_path)
        r = self._call(t, GetAdjacentChunksTool.name, lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=c.b_id, document_id="B", direction="prev", count=1)
        if r.success and r.output:
            prev_b = r.output[0]["id"]
            c.sequence = prev_b in prev_cp
        t.add("verify", b=c.b_id, path=" > ".join(b_path) or "-", prev=prev_b)


def _positions(view: AgentView, b_ids: Sequence[str]) -> list[int]:
    """Positions in B of *b_ids*; empty if any is unknown."""
    found = [view.position_b(b) for b in b_ids]
    pos = [x for x in found if x is not None]
    return pos if len(pos) == len(found) else []


def _ids_summary(result: ToolResult) -> str:
    """``b3, b7`` or ``b3, b7, b9, b10, b12 … (23)``: what a search found."""
    out = result.output if isinstance(result.output, list) else []
    total = int(result.confidence_factors.get("result_count", len(out)))
    ids = [str(o.get("id")) for o in out[:5] if isinstance(o, dict)]
    if not ids:
        return "0"
    return ", ".join(ids) + (f" … ({total})" if total > len(ids) else "")
