"""The offline agent policy: a deterministic ReAct loop over the five tools.

For one uncertain group of A chunks it

1. *observes* the chunk, the plan's proposal and its heading path
   (``get_context_tool_a``) and where its neighbours went (``get_adjacent_chunks_tool``
   on A, then the plan's counterparts of those neighbours: the expected region in B);
2. *thinks* of what to search: the chunk's structural label (第5条) or, without one,
   its rarest terms;
3. *acts*: ``string_search_tool`` on B for them and, when that leaves no convincing
   candidate, ``vector_similarity_tool``;
4. *reflects*: scores every candidate by text similarity, checks the best alternative's
   headings (``get_context_tool_b``) and predecessor (``get_adjacent_chunks_tool`` on B)
   against the A chunk's, and decides: keep the plan, relink, move, match by label, or
   delete.

Everything it decides comes from what the tools returned: a B chunk no tool surfaced
cannot become a counterpart, and disabling a tool changes the outcome.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .._text import shorten
from ..document import Document
from ..index import DocumentIndex
from ..tools import ToolRegistry, ToolResult
from .base import AgentTask, AgentView, Claim, Decision
from .keywords import extract_keywords
from .messages import Thoughts

__all__ = ["OfflinePolicy", "PolicyParams", "group_text"]


@dataclass(frozen=True)
class PolicyParams:
    tau: float = 0.5  # below this, two chunks are not the same chunk
    move_threshold: float = 0.7  # a counterpart outside the expected region must be this similar
    switch_margin: float = 0.15  # an alternative must beat the plan by this much
    certain_similarity: float = 0.8  # with a proposal this good, vector search is skipped
    label_floor: float = 0.6  # score of a same-label chunk in the expected place
    context_bonus: float = 0.05  # same headings / same predecessor
    vector_threshold: float = 0.7
    vector_max_results: int = 5
    max_keyword_candidates: int = 5
    max_keyword_df: int = 100  # a keyword in more chunks than this says little about where a chunk went


@dataclass
class _Candidate:
    b_id: str
    pos: int
    sources: set[str] = field(default_factory=set)
    similarity: float = 0.0
    in_window: bool = False
    label_match: bool = False
    same_path: bool = False
    sequence: bool = False
    claim: Claim | None = None
    bonus: float = 0.05  # per piece of context evidence (PolicyParams.context_bonus)

    @property
    def score(self) -> float:
        """Similarity plus a bonus for each piece of context that agrees."""
        return min(1.0, self.similarity + self.bonus * (self.same_path + self.sequence))


def group_text(document: Document, chunk_ids: Sequence[str]) -> str:
    """The text the agent searches with for a group of chunks (also what the run
    prefetches embeddings for)."""
    return "\n".join(document.get(i).content for i in chunk_ids)  # type: ignore[union-attr]


def _norm_path(path: list[str]) -> list[str]:
    return [unicodedata.normalize("NFKC", p).replace(" ", "") for p in path]


class OfflinePolicy:
    name = "offline"
    concurrency: int | None = None

    def __init__(
        self,
        registry: ToolRegistry,
        document_a: Document,
        document_b: Document,
        index_b: DocumentIndex,
        params: PolicyParams = PolicyParams(),
        lang: str = "ja",
    ) -> None:
        self.registry = registry
        self.doc_a = document_a
        self.doc_b = document_b
        self.index_b = index_b
        self.p = params
        self.lang = lang

    # -- tools -------------------------------------------------------------------------
    def _call(self, t: Thoughts, tool: str, summary_of=None, **args: Any) -> ToolResult:
        result = self.registry.execute(tool, **args)
        shown = ", ".join(f"{k}={shorten(str(v), 40)!r}" if isinstance(v, str) else f"{k}={v}" for k, v in args.items())
        if result.success:
            summary = summary_of(result) if summary_of else _ids_summary(result)
            t.add("act", tool=tool, args=shown, summary=summary)
        elif tool in self.registry:
            t.add("tool_failed", tool=tool, error=result.error)
        return result

    # -- the loop ----------------------------------------------------------------------
    def decide(self, task: AgentTask, view: AgentView) -> Decision:
        p = self.p
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
        r = self._call(t, "get_context_tool_a", lambda r: " > ".join(r.output["heading_path"]) or "-",
                       chunk_id=a_ids[0], include_hierarchy=True, hierarchy_levels=1)
        if r.success:
            a_path = r.output["heading_path"]
        lo, hi, prev_cp, next_cp = self._expected_region(t, task, view)
        support = self._proposal_support(task, view, prev_cp, next_cp)

        # Think and act: string search ------------------------------------------------------
        cands: dict[str, _Candidate] = {}

        def add(b_id: str, source: str, **flags: Any) -> None:
            pos = view.position_b(b_id)
            if pos is None or b_id in task.proposal_b_ids or not view.compatible(a_ids, b_id):
                return  # not a chunk of the corresponding section (another rider): never a counterpart
            c = cands.setdefault(b_id, _Candidate(b_id, pos, bonus=p.context_bonus))
            c.sources.add(source)
            for k, v in flags.items():
                setattr(c, k, getattr(c, k) or v)

        label = first.structure.structural_label
        if label and "string_search_tool" in self.registry:
            t.add("think_label", label=label)
            r = self._call(t, "string_search_tool", pattern=label, document_id="B")
            if r.success:
                for m in r.output:
                    b_chunk = self.doc_b.get(m["id"])
                    if b_chunk is not None and b_chunk.structure.structural_label == label:
                        add(m["id"], "label", label_match=True)
            self._evaluate(cands, a_ids, view, lo, hi)
        if self._best_available(cands, a_ids) < p.move_threshold:
            self._keyword_search(t, text, add)
        self._evaluate(cands, a_ids, view, lo, hi)
        best_known = self._best_available(cands, a_ids)
        held = task.proposal_similarity if task.proposal_b_ids else 0.0
        if max(best_known, held) < p.certain_similarity:
            if "vector_similarity_tool" in self.registry:
                t.add("think_vector")
                r = self._call(
                    t, "vector_similarity_tool",
                    lambda r: ", ".join(f"{o['id']}:{o['score']:.2f}" for o in r.output) or "0",
                    query_text=text, document_id="B", threshold=p.vector_threshold, max_results=p.vector_max_results,
                )
                if r.success:
                    for o in r.output:
                        add(o["id"], "vector")
                self._evaluate(cands, a_ids, view, lo, hi)

        # Reflect -------------------------------------------------------------------------
        available = sorted(
            (c for c in cands.values() if self._available(c, a_ids)), key=lambda c: (-c.similarity, c.pos)
        )
        for c in cands.values():
            if not self._available(c, a_ids):
                t.add("candidate", b=c.b_id, sim=c.similarity,
                      flags=t.fmt("taken", b=c.b_id, owner=",".join(c.claim.a_ids) if c.claim else "?"))
        if available and (available[0].similarity >= p.tau or available[0].label_match):
            self._verify(t, available[0], a_path, prev_cp)
        for c in available[:5]:
            flags = "".join(
                f", {f}" for f, on in (("label", c.label_match), ("in-region", c.in_window),
                                       ("same-headings", c.same_path), ("same-predecessor", c.sequence)) if on
            )
            t.add("candidate", b=c.b_id, sim=c.similarity, flags=flags)
        available.sort(key=lambda c: (-c.score, c.pos))
        return self._decide(t, task, view, available, label, support)

    def _proposal_support(self, task: AgentTask, view: AgentView, prev_cp: tuple[str, ...],
                          next_cp: tuple[str, ...]) -> float:
        """Bonus of the plan's proposal when it directly follows the counterpart of the
        previous A chunk and/or directly precedes that of the next one."""
        if not task.proposal_b_ids:
            return 0.0
        found = [view.position_b(b) for b in task.proposal_b_ids]
        pos = [x for x in found if x is not None]
        if len(pos) != len(found):
            return 0.0
        first, last = min(pos), max(pos)
        bonus = 0.0
        if any(view.position_b(b) == first - 1 for b in prev_cp):
            bonus += self.p.context_bonus
        if any(view.position_b(b) == last + 1 for b in next_cp):
            bonus += self.p.context_bonus
        return bonus

    def _expected_region(
        self, t: Thoughts, task: AgentTask, view: AgentView
    ) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
        lo, hi = task.window
        prev_ids: list[str] = []
        next_ids: list[str] = []
        r = self._call(t, "get_adjacent_chunks_tool", lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=task.a_ids[0], document_id="A", direction="prev", count=1)
        if r.success:
            prev_ids = [o["id"] for o in r.output]
        r = self._call(t, "get_adjacent_chunks_tool", lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=task.a_ids[-1], document_id="A", direction="next", count=1)
        if r.success:
            next_ids = [o["id"] for o in r.output]
        prev_cp = view.counterpart(prev_ids[0]) if prev_ids else ()
        next_cp = view.counterpart(next_ids[0]) if next_ids else ()
        pp = _positions(view, prev_cp)
        np_ = _positions(view, next_cp)
        if pp and task.window[0] <= max(pp) < task.window[1]:
            lo = max(pp)
        if np_ and task.window[0] < min(np_) <= task.window[1]:
            hi = min(np_)
        t.add("neighbours", prev=f"{prev_ids[0] if prev_ids else '-'}→{','.join(prev_cp) or '-'}",
              next=f"{next_ids[0] if next_ids else '-'}→{','.join(next_cp) or '-'}", region=self._region(t, lo, hi))
        return lo, hi, prev_cp, next_cp

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

    def _keyword_search(self, t: Thoughts, text: str, add) -> None:
        """Search B for the chunk's rarest terms, one literal search each; chunks holding
        at least two of them (or the only one) become candidates."""
        if "string_search_tool" not in self.registry or not len(self.index_b):
            return
        n = len(self.index_b)
        keywords = extract_keywords(text, self.index_b.tokenize, self.index_b.document_frequency, n,
                                    max_df=min(self.p.max_keyword_df, max(1, n // 2)))
        if not keywords:
            return
        t.add("think_keywords", keywords="、".join(keywords))
        hits: dict[str, int] = {}
        position: dict[str, int] = {}
        for k in keywords:
            r = self._call(t, "string_search_tool", pattern=k, document_id="B")
            if r.success:
                for m in r.output:
                    hits[m["id"]] = hits.get(m["id"], 0) + 1
                    position[m["id"]] = m["position"]
        need = min(2, len(keywords))
        ranked = sorted((-h, position[i], i) for i, h in hits.items() if h >= need)
        for _, _, b_id in ranked[: self.p.max_keyword_candidates]:
            add(b_id, "keyword")

    def _evaluate(self, cands: dict[str, _Candidate], a_ids: tuple[str, ...], view: AgentView, lo: int, hi: int):
        fresh = [c for c in cands.values() if "evaluated" not in c.sources]
        for c in fresh:
            c.sources.add("evaluated")
            c.in_window = lo < c.pos < hi
            c.claim = view.claim(c.b_id)
        todo = [c for c in fresh if self._available(c, a_ids)]
        if todo:
            for c, sim in zip(todo, view.similarities(a_ids, [c.b_id for c in todo])):
                c.similarity = sim

    def _best_available(self, cands: dict[str, _Candidate], a_ids: tuple[str, ...]) -> float:
        return max((c.similarity for c in cands.values() if self._available(c, a_ids)), default=0.0)

    @staticmethod
    def _available(c: _Candidate, a_ids: tuple[str, ...]) -> bool:
        return c.claim is None or not c.claim.certain or c.claim.a_ids == a_ids

    def _verify(self, t: Thoughts, c: _Candidate, a_path: list[str], prev_cp: tuple[str, ...]) -> None:
        b_path: list[str] = []
        prev_b = "-"
        r = self._call(t, "get_context_tool_b", lambda r: " > ".join(r.output["heading_path"]) or "-",
                       chunk_id=c.b_id, include_hierarchy=True, hierarchy_levels=1)
        if r.success:
            b_path = r.output["heading_path"]
            c.same_path = bool(a_path) and _norm_path(a_path) == _norm_path(b_path)
        r = self._call(t, "get_adjacent_chunks_tool", lambda r: ",".join(o["id"] for o in r.output) or "-",
                       chunk_id=c.b_id, document_id="B", direction="prev", count=1)
        if r.success and r.output:
            prev_b = r.output[0]["id"]
            c.sequence = prev_b in prev_cp
        t.add("verify", b=c.b_id, path=" > ".join(b_path) or "-", prev=prev_b)

    def _decide(self, t: Thoughts, task: AgentTask, view: AgentView, available: list[_Candidate],
                label: str | None, support: float) -> Decision:
        p = self.p
        a_ids = list(task.a_ids)
        best = available[0] if available else None
        if task.proposal_b_ids:
            old = task.proposal_similarity
            held = min(1.0, old + support)  # the plan's pair, with its own context bonus
            if best is not None and best.similarity >= p.move_threshold and best.score >= held + p.switch_margin:
                t.add("relink", b=best.b_id, score=best.score, old=old)
                return _decision(a_ids, [best.b_id], "relink", best.similarity, best.score,
                                _confidence(best.score, old, p.tau), "a clearly closer chunk elsewhere",
                                [(list(task.proposal_b_ids), old)], t.lines)
            rival = best.score if best is not None else 0.0
            t.add("confirm", b=",".join(task.proposal_b_ids), sim=old)
            alts = [([c.b_id], c.score) for c in available[:3] if c.score >= p.tau]
            return _decision(a_ids, list(task.proposal_b_ids), "confirm", old, old, _confidence(old, rival, p.tau),
                            "plan confirmed by the tools", alts, t.lines)
        # no proposal: look for a counterpart the plan could not see
        if best is not None and best.similarity >= p.move_threshold:
            if best.claim is None or best.claim.similarity + p.switch_margin <= best.score:
                t.add("move", b=best.b_id, sim=best.similarity)
                rival = available[1].score if len(available) > 1 else 0.0
                alts = [([c.b_id], c.score) for c in available[1:3] if c.score >= p.move_threshold]
                return _decision(a_ids, [best.b_id], "move", best.similarity, best.score,
                                _confidence(best.score, rival, p.tau), "similar chunk outside the expected region",
                                alts, t.lines)
        for c in available:
            if c.label_match and c.in_window and c.claim is None:
                score = max(c.score, p.label_floor)
                t.add("label", b=c.b_id, label=label)
                return _decision(a_ids, [c.b_id], "label", c.similarity, score, _confidence(score, 0.0, p.tau),
                                "same label in the expected place", [], t.lines)
        top = best.score if best is not None else task.proposal_similarity
        t.add("delete", best=top)
        return _decision(a_ids, [], "delete", None, top, min(0.99, max(0.05, 0.5 + (p.tau - top))),
                        "no counterpart in B", [], t.lines)


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


def _confidence(score: float, rival: float, tau: float) -> float:
    """High when the chosen pair is well above the threshold and above its best rival."""
    return round(min(0.99, max(0.05, 0.5 + (score - tau) + 0.5 * (score - rival))), 4)


def _decision(a_ids: list[str], b_ids: list[str], action: str, similarity: float | None, score: float,
              confidence: float, reason: str, alternatives: list[tuple[list[str], float]],
              thoughts: list[str]) -> Decision:
    return Decision(tuple(a_ids), tuple(b_ids), "agent", action, similarity, score, confidence, reason,
                    alternatives=tuple((tuple(b), s) for b, s in alternatives), thoughts=tuple(thoughts))
